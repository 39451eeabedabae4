package pgdb

import (
	"context"
	"errors"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// How long a pool waits for a server (ADR 0013). Each is the default a
// URL's own connect_timeout or pool_ping_timeout replaces.
const (
	// ConnectTimeout bounds one connection attempt to one host of the URL
	// (TCP, startup, authentication, and with target_session_attrs the
	// read-write check). A hung server (a paused or frozen machine accepts
	// TCP connections and never answers) costs each new connection this
	// long before pgx tries the URL's next host.
	ConnectTimeout = 2 * time.Second
	// PingTimeout bounds the ping pgxpool sends a connection that sat idle
	// a second or more before handing it out: one to a hung server is
	// dropped after this long, and the next tried, instead of holding the
	// request until its own deadline.
	PingTimeout = time.Second
	// CloseGrace is how long a connection that broke under a call (its
	// caller's deadline passed, say) may take to close: pgx sends its
	// server a cancel request and waits for the server to hang up, up to
	// 15 s, and the pool's slot stays taken meanwhile. A hung server never
	// hangs up, so every slot would be taken for 15 s and the pool could
	// not reach the new primary; after CloseGrace both sockets are closed.
	CloseGrace = time.Second
)

// dropDeadConns makes the pool drop, without a restart, the connections
// that can no longer write (ADR 0013): pgx checks target_session_attrs only
// when a connection opens, so a pool left on a primary that was demoted,
// or on a server that died, would otherwise keep handing out connections
// that fail every write. And once a new connection reaches another server
// (the primary moved), the connections to the old one are dropped too.
//
// A connection that answers SQLSTATE 25006 (read_only_sql_transaction: its
// server is a standby now), 57P01–57P03 (the server is shutting down, or
// recovering from a crash), or that was lost mid-call (not cancelled by
// its caller's context) is closed when released; and since every
// connection opened before it is on the same server, those go too, each
// dropped when next released or taken from the pool, not handed to
// another request. New connections open with the URL's rules (a
// multi-host URL's target_session_attrs=read-write finds the new primary).
func dropDeadConns(cfg *pgxpool.Config) {
	h := &connHealth{}
	cfg.ConnConfig.Tracer = h
	boundClose(cfg)
	after := cfg.AfterConnect
	cfg.AfterConnect = func(ctx context.Context, c *pgx.Conn) error {
		c.PgConn().CustomData()[genKey] = h.connected(c.PgConn().Conn().RemoteAddr().String())
		if after != nil {
			return after(ctx, c)
		}
		return nil
	}
	cfg.PrepareConn = func(_ context.Context, c *pgx.Conn) (bool, error) { return h.usable(c), nil }
	cfg.AfterRelease = h.usable
}

// CustomData keys of a pool's connections.
const (
	genKey  = "pgdb.generation" // int64: the pool's generation when it opened
	deadKey = "pgdb.dead"       // bool: it met a dead or read-only server
)

// connHealth is one pool's record of its connections' servers: a
// connection of an older generation than the pool's was opened before a
// connection of its generation met a dead or read-only server.
type connHealth struct {
	gen atomic.Int64
	mu  sync.Mutex
	// server is the address the newest connection reached.
	server string
}

// connected records that a new connection reached server and returns the
// generation it belongs to. A connection that reaches another server than
// the one before it (a multi-host URL's next host: the primary moved) ends
// the generation: the connections to the old server are not used again,
// even one that sat idle through a hang and would answer once the old
// primary resumed, before it learns it lost its lock and is demoted.
func (h *connHealth) connected(server string) int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.server != "" && h.server != server {
		h.gen.Add(1)
	}
	h.server = server
	return h.gen.Load()
}

func (h *connHealth) usable(c *pgx.Conn) bool {
	d := c.PgConn().CustomData()
	g, _ := d[genKey].(int64)
	dead, _ := d[deadKey].(bool)
	return !dead && g == h.gen.Load()
}

// saw records the outcome of one call on c.
func (h *connHealth) saw(c *pgx.Conn, err error) {
	if err == nil || c == nil || !serverGone(c, err) {
		return
	}
	d := c.PgConn().CustomData()
	d[deadKey] = true
	g, _ := d[genKey].(int64)
	h.gen.CompareAndSwap(g, g+1) // once per generation, however many fail
}

// serverGone reports whether err on c says c's server can no longer take
// its writes: read-only now, shutting down, or gone.
func serverGone(c *pgx.Conn, err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "25006", // read_only_sql_transaction
			"57P01", // admin_shutdown
			"57P02", // crash_shutdown
			"57P03": // cannot_connect_now
			return true
		}
		return false
	}
	// The connection broke under the call. One its caller's context
	// cancelled (a slow query past its deadline) says nothing of the
	// server.
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) {
		return false
	}
	return c.IsClosed()
}

func (h *connHealth) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	return ctx
}
func (h *connHealth) TraceQueryEnd(_ context.Context, c *pgx.Conn, d pgx.TraceQueryEndData) {
	h.saw(c, d.Err)
}
func (h *connHealth) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}
func (h *connHealth) TraceBatchQuery(_ context.Context, c *pgx.Conn, d pgx.TraceBatchQueryData) {
	h.saw(c, d.Err)
}
func (h *connHealth) TraceBatchEnd(_ context.Context, c *pgx.Conn, d pgx.TraceBatchEndData) {
	h.saw(c, d.Err)
}
func (h *connHealth) TraceCopyFromStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceCopyFromStartData) context.Context {
	return ctx
}
func (h *connHealth) TraceCopyFromEnd(_ context.Context, c *pgx.Conn, d pgx.TraceCopyFromEndData) {
	h.saw(c, d.Err)
}
func (h *connHealth) TracePrepareStart(ctx context.Context, _ *pgx.Conn, _ pgx.TracePrepareStartData) context.Context {
	return ctx
}
func (h *connHealth) TracePrepareEnd(_ context.Context, c *pgx.Conn, d pgx.TracePrepareEndData) {
	h.saw(c, d.Err)
}

// boundClose bounds how long the pool waits for a broken connection to
// close (CloseGrace). Every socket the pool's connections dial goes
// through a dialer that keeps the ones not (or not yet) a connection's
// own: the cancel requests pgx sends when a call's context ends. When the
// pool destroys a connection that pgx is still closing after CloseGrace,
// its socket and the cancel requests to its server are closed.
func boundClose(cfg *pgxpool.Config) {
	d := &dialer{dial: cfg.ConnConfig.DialFunc, side: map[*sideConn]string{}}
	cfg.ConnConfig.DialFunc = d.Dial
	after := cfg.ConnConfig.AfterNetConnect
	cfg.ConnConfig.AfterNetConnect = func(ctx context.Context, c *pgconn.Config, conn net.Conn) (net.Conn, error) {
		d.own(conn)
		if after != nil {
			return after(ctx, c, conn)
		}
		return conn, nil
	}
	before := cfg.BeforeClose
	cfg.BeforeClose = func(c *pgx.Conn) {
		if before != nil {
			before(c)
		}
		if !c.IsClosed() {
			return // a sound connection the pool retires: pgx closes it in order
		}
		select {
		case <-c.PgConn().CleanupDone():
			return
		case <-time.After(CloseGrace):
		}
		nc := c.PgConn().Conn()
		_ = nc.Close()
		d.closeSide(nc.RemoteAddr().String())
	}
}

// dialer dials the pool's sockets and keeps the side ones: cancel
// requests (and, for the few milliseconds of their start, connections)
// by server address, with how to close each.
type dialer struct {
	dial pgconn.DialFunc
	mu   sync.Mutex
	side map[*sideConn]string
}

// sideConn is a socket being dialed (close cancels the dial) or open.
type sideConn struct {
	net.Conn
	d      *dialer
	cancel context.CancelFunc
}

func (d *dialer) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	ctx, cancel := context.WithCancel(ctx)
	s := &sideConn{d: d, cancel: cancel}
	d.mu.Lock()
	d.side[s] = addr
	d.mu.Unlock()
	c, err := d.dial(ctx, network, addr)
	if err != nil {
		d.forget(s)
		cancel()
		return nil, err
	}
	d.mu.Lock()
	s.Conn = c
	d.mu.Unlock()
	return s, nil
}

// own takes a connection's own socket (c, or what TLS wraps) off the side
// sockets.
func (d *dialer) own(c net.Conn) {
	for {
		if s, ok := c.(*sideConn); ok {
			d.forget(s)
			return
		}
		u, ok := c.(interface{ NetConn() net.Conn })
		if !ok {
			return
		}
		c = u.NetConn()
	}
}

func (d *dialer) forget(s *sideConn) {
	d.mu.Lock()
	delete(d.side, s)
	d.mu.Unlock()
}

// closeSide closes every side socket to addr, and cancels their dials.
func (d *dialer) closeSide(addr string) {
	d.mu.Lock()
	var cancels []context.CancelFunc
	var conns []net.Conn
	for s, a := range d.side {
		if a == addr {
			cancels = append(cancels, s.cancel)
			if s.Conn != nil {
				conns = append(conns, s.Conn)
			}
		}
	}
	d.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
	for _, c := range conns {
		_ = c.Close()
	}
}

func (s *sideConn) Close() error {
	s.d.forget(s)
	s.cancel()
	return s.Conn.Close()
}

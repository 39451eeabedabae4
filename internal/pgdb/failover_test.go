package pgdb_test

import (
	"context"
	"errors"
	"net"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
)

// openFull opens a pool of n connections, all open, on a database of the
// test's own with a table t to write to.
func openFull(t *testing.T, n int32) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	url, drop, err := pgtest.CreateDatabase(ctx)
	require.NoError(t, err)
	t.Cleanup(drop)
	pool, err := pgdb.OpenSized(ctx, quiet, url, 10*time.Second, n, n)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	_, err = pool.Exec(ctx, "CREATE TABLE t (n int)")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return pool.Stat().IdleConns() == n }, 10*time.Second, 10*time.Millisecond)
	return pool
}

// holdAll takes every connection of the pool at once, runs sql on each and
// returns their backends' pids.
func holdAll(t *testing.T, pool *pgxpool.Pool, sql string) map[uint32]bool {
	t.Helper()
	ctx := context.Background()
	var conns []*pgxpool.Conn
	pids := map[uint32]bool{}
	for range pool.Config().MaxConns {
		c, err := pool.Acquire(ctx)
		require.NoError(t, err)
		if sql != "" {
			_, err = c.Exec(ctx, sql)
			require.NoError(t, err)
		}
		pids[c.Conn().PgConn().PID()] = true
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Release()
	}
	return pids
}

// writes makes n writes one after the other and returns the errors.
func writes(pool *pgxpool.Pool, n int) []error {
	var errs []error
	for i := range n {
		if _, err := pool.Exec(context.Background(), "INSERT INTO t VALUES ($1)", i); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func sqlState(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// A pool whose every connection is on a server that turned read-only (a
// demoted primary, here each session made read-only) fails the one write
// that finds out, then drops all of them and writes on new connections:
// no restart, and no other request fails.
func TestPoolDropsConnectionsThatTurnedReadOnly(t *testing.T) {
	t.Parallel()
	pool := openFull(t, 4)
	old := holdAll(t, pool, "SET default_transaction_read_only = on")

	errs := writes(pool, 20)
	require.Len(t, errs, 1, "only the write that met the read-only server fails: %v", errs)
	require.Equal(t, "25006", sqlState(errs[0]))
	for pid := range holdAll(t, pool, "") {
		require.False(t, old[pid], "a connection of the read-only server is still in the pool")
	}
}

// Connections whose server went away (each backend terminated, as a
// restart or a crash does) are dropped as one: the first call that meets
// one fails, the rest are not handed out.
func TestPoolDropsConnectionsWhoseServerWentAway(t *testing.T) {
	t.Parallel()
	pool := openFull(t, 4)
	old := holdAll(t, pool, "")
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pool.Config().ConnConfig.ConnString())
	require.NoError(t, err)
	defer admin.Close(ctx)
	for pid := range old {
		_, err := admin.Exec(ctx, "SELECT pg_terminate_backend($1)", int(pid))
		require.NoError(t, err)
	}
	// Inside a second of their last use, so pgxpool does not ping them
	// first: each would be handed out as it is.
	errs := writes(pool, 20)
	require.LessOrEqual(t, len(errs), 1, "%v", errs)
	for pid := range holdAll(t, pool, "") {
		require.False(t, old[pid], "a connection of the terminated backends is still in the pool")
	}
}

// A call its own context cancelled says nothing of the server: the pool's
// other connections stay.
func TestPoolKeepsConnectionsWhenACallIsCancelled(t *testing.T) {
	t.Parallel()
	pool := openFull(t, 3)
	old := holdAll(t, pool, "")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := pool.Exec(ctx, "SELECT pg_sleep(5)")
	require.Error(t, err)
	require.Empty(t, writes(pool, 5))
	kept := 0
	for pid := range holdAll(t, pool, "") {
		if old[pid] {
			kept++
		}
	}
	require.Equal(t, 2, kept, "the other two connections were dropped")
}

// The pool's defaults give way to the URL's own settings.
func TestURLTimeoutsWin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, quiet, dbURL, 10*time.Second)
	require.NoError(t, err)
	require.Equal(t, pgdb.ConnectTimeout, pool.Config().ConnConfig.ConnectTimeout)
	require.Equal(t, pgdb.PingTimeout, pool.Config().PingTimeout)
	pool.Close()
	pool, err = pgdb.Open(ctx, quiet, dbURL+"&connect_timeout=7&pool_ping_timeout=3s", 10*time.Second)
	require.NoError(t, err)
	require.Equal(t, 7*time.Second, pool.Config().ConnConfig.ConnectTimeout)
	require.Equal(t, 3*time.Second, pool.Config().PingTimeout)
	pool.Close()
}

// freezer is a TCP proxy to a server that can freeze as a hung machine
// does: it still accepts connections, and neither forwards nor answers
// anything, on them or on those it had.
type freezer struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	thawed chan struct{} // nil while forwarding; closed by thaw
	refuse bool          // close new connections at once
}

func newFreezer(t *testing.T, target string) *freezer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	f := &freezer{ln: ln, target: target}
	t.Cleanup(func() { f.thaw(); ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go f.serve(c)
		}
	}()
	return f
}

// gate waits while the proxy is frozen.
func (f *freezer) gate() {
	f.mu.Lock()
	ch := f.thawed
	f.mu.Unlock()
	if ch != nil {
		<-ch
	}
}

func (f *freezer) freeze() {
	f.mu.Lock()
	if f.thawed == nil {
		f.thawed = make(chan struct{})
	}
	f.mu.Unlock()
}

func (f *freezer) thaw() {
	f.mu.Lock()
	if f.thawed != nil {
		close(f.thawed)
		f.thawed = nil
	}
	f.mu.Unlock()
}

func (f *freezer) serve(c net.Conn) {
	defer c.Close()
	f.mu.Lock()
	refuse := f.refuse
	f.mu.Unlock()
	if refuse {
		return
	}
	f.gate()
	up, err := net.Dial("tcp", f.target)
	if err != nil {
		return
	}
	defer up.Close()
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			f.gate()
			if n > 0 {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}
	done := make(chan struct{}, 2)
	go func() { pipe(up, c); done <- struct{}{} }()
	go func() { pipe(c, up); done <- struct{}{} }()
	<-done
}

// A pool whose server hangs (a frozen machine: connections accepted,
// nothing answered) reaches the URL's next host within a few seconds: each
// call on a hung connection ends at its caller's deadline, and the
// connection's slot is free again after CloseGrace, not the 15 s pgx gives
// its cancel request to be answered.
func TestPoolLeavesAHungServer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbu, drop, err := pgtest.CreateDatabase(ctx)
	require.NoError(t, err)
	t.Cleanup(drop)
	u, err := url.Parse(dbu)
	require.NoError(t, err)
	f := newFreezer(t, u.Host)
	// The proxy first, the server itself second: one server, two hosts.
	u.Host = f.ln.Addr().String() + "," + u.Host
	q := u.Query()
	q.Set("target_session_attrs", "read-write")
	q.Set("connect_timeout", "1")
	u.RawQuery = q.Encode()
	pool, err := pgdb.OpenSized(ctx, quiet, u.String(), 10*time.Second, 4, 4)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	_, err = pool.Exec(ctx, "CREATE TABLE t (n int)")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return pool.Stat().IdleConns() == 4 }, 10*time.Second, 10*time.Millisecond)

	f.freeze()
	frozen := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var back time.Duration
	for range 4 {
		wg.Go(func() {
			for time.Since(frozen) < 20*time.Second {
				cctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
				_, err := pool.Exec(cctx, "INSERT INTO t VALUES (1)")
				cancel()
				if err == nil {
					mu.Lock()
					if back == 0 {
						back = time.Since(frozen)
					}
					mu.Unlock()
					return
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
	wg.Wait()
	t.Logf("writing again %s after the server hung", back.Round(100*time.Millisecond))
	require.NotZero(t, back, "no write in 20 s")
	require.Less(t, back, 6*time.Second)
}

// Once a new connection reaches another host of the URL (the primary
// moved), the pool no longer hands out its connections to the old one,
// though they still answer: after a hang, the old primary answers for a
// moment before it learns it lost its lock, and a write it takes then is
// rewound away.
func TestPoolLeavesTheOldServerOnceANewConnectionReachesAnother(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbu, drop, err := pgtest.CreateDatabase(ctx)
	require.NoError(t, err)
	t.Cleanup(drop)
	u, err := url.Parse(dbu)
	require.NoError(t, err)
	server := u.Host
	f := newFreezer(t, server)
	u.Host = f.ln.Addr().String() + "," + server
	q := u.Query()
	q.Set("target_session_attrs", "read-write")
	u.RawQuery = q.Encode()
	pool, err := pgdb.OpenSized(ctx, quiet, u.String(), 10*time.Second, 4, 1)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	remote := func(c *pgxpool.Conn) string { return c.Conn().PgConn().Conn().RemoteAddr().String() }

	// Two connections through the first host, idle.
	c1, err := pool.Acquire(ctx)
	require.NoError(t, err)
	c2, err := pool.Acquire(ctx)
	require.NoError(t, err)
	require.Equal(t, f.ln.Addr().String(), remote(c1))
	require.Equal(t, f.ln.Addr().String(), remote(c2))
	c1.Release()
	c2.Release()
	require.Eventually(t, func() bool { return pool.Stat().IdleConns() >= 2 }, 5*time.Second, 10*time.Millisecond)

	// The first host takes no new connection: the next one reaches the
	// second.
	f.mu.Lock()
	f.refuse = true
	f.mu.Unlock()
	// Taken until the pool opens a new one: the idle ones come first.
	var reached []string
	var held []*pgxpool.Conn
	for len(held) < 4 && !slices.Contains(reached, server) {
		c, err := pool.Acquire(ctx)
		if err != nil {
			break
		}
		held = append(held, c)
		reached = append(reached, remote(c))
	}
	for _, c := range held {
		c.Release()
	}
	require.Contains(t, reached, server, "no new connection reached the second host")
	require.Contains(t, reached, f.ln.Addr().String(), "no idle connection to the first host was left")
	for range 5 {
		c, err := pool.Acquire(ctx)
		require.NoError(t, err)
		got := remote(c)
		c.Release()
		require.Equal(t, server, got, "a connection to the old server was handed out")
	}
}

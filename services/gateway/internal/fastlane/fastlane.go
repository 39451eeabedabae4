// Package fastlane answers the gateway's hottest requests — a GET or HEAD
// of a public page, an article or a cached public read whose answer is
// already kept, compressed and prepared in memory — without net/http, and
// hands every other connection to net/http untouched (ADR 0006).
//
// Go's HTTP server spends about 25 µs of one core on each such request
// (parsing every header into a map, a Request and a response object, two
// writes per answer over 4 KB); nginx spends 13 µs. The lane reads the
// request head into a reused buffer, accepts only the plainest requests —
// HTTP/1.1, GET or HEAD, a clean path, no body, no cookie, every header
// well formed — and writes the prepared head, the Date field and the body
// in one writev, or, for a body of 8 KB or more, sends the whole answer
// from a sealed in-memory file with one sendfile (encoded.Answer). The
// bytes are net/http's own (encoded.Set.Prepare makes them with net/http's
// header writer, and a test compares the two paths byte for byte), so a
// client cannot tell which one answered.
//
// The first request on a connection the lane cannot answer, with whatever
// the client has sent after it, goes to net/http with the connection
// (Handoff), which serves it from then on: sign-in, the API, uploads, the
// live lead stream and every error keep net/http's full behaviour.
package fastlane

import (
	"bytes"
	"context"
	"errors"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// Source returns the prepared answer to a GET or HEAD of path (with the
// raw query, without '?'), or nil when net/http must answer.
type Source func(path, query string) *encoded.Set

// Recorder counts and logs each request the lane answers (the gateway's
// metrics and its per-request log line).
type Recorder func(method, path string, status int, bytes int64, start, end time.Time)

// Options configure a Lane; the timeouts mirror the http.Server the lane
// hands connections to.
type Options struct {
	Source Source
	Record Recorder
	// ReadHeaderTimeout bounds reading one request head, IdleTimeout the
	// wait for the next request, WriteTimeout writing one answer.
	ReadHeaderTimeout, IdleTimeout, WriteTimeout time.Duration
}

// bufSize is the most of a request head the lane reads; a longer head
// (big cookies, many headers) goes to net/http, which allows more.
const bufSize = 8 << 10

// Lane serves a listener.
type Lane struct {
	o       Options
	handoff *handoff
	closing atomic.Bool
	mu      sync.Mutex
	ln      net.Listener
	conns   map[*conn]struct{}
	wg      sync.WaitGroup
}

// New returns a lane; serve it with Serve and give Handoff to an
// http.Server.
func New(o Options) *Lane {
	return &Lane{o: o, handoff: newHandoff(), conns: map[*conn]struct{}{}}
}

// Handoff is the listener net/http serves: it yields the connections the
// lane hands over.
func (l *Lane) Handoff() net.Listener { return l.handoff }

// Serve accepts connections on ln until Close.
func (l *Lane) Serve(ln net.Listener) error {
	l.mu.Lock()
	l.ln = ln
	l.mu.Unlock()
	if l.closing.Load() {
		_ = ln.Close()
		return net.ErrClosed
	}
	l.handoff.setAddr(ln.Addr())
	var delay time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			if l.closing.Load() {
				return net.ErrClosed
			}
			if t, ok := err.(interface{ Temporary() bool }); ok && t.Temporary() {
				// Out of file descriptors and the like: wait as net/http does.
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		cn := &conn{Conn: c, lane: l}
		l.mu.Lock()
		if l.closing.Load() {
			l.mu.Unlock()
			_ = c.Close()
			continue
		}
		l.conns[cn] = struct{}{}
		l.wg.Add(1)
		l.mu.Unlock()
		go cn.serve()
	}
}

// Close stops accepting and ends the lane's idle connections; one in the
// middle of a request ends after its answer. Connections already handed
// to net/http are its to drain (http.Server.Shutdown), and nothing more
// is handed over.
func (l *Lane) Close() {
	l.mu.Lock()
	l.closing.Store(true)
	ln := l.ln
	conns := make([]*conn, 0, len(l.conns))
	for c := range l.conns {
		conns = append(conns, c)
	}
	l.mu.Unlock()
	if ln != nil {
		_ = ln.Close()
	}
	for _, c := range conns {
		if c.idle.Load() {
			_ = c.SetReadDeadline(time.Unix(1, 0)) // wakes the read; the loop sees closing
		}
	}
}

// Wait returns when every connection the lane still serves has ended, or
// with ctx's error.
func (l *Lane) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { l.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		l.mu.Lock()
		for c := range l.conns {
			_ = c.Close()
		}
		l.mu.Unlock()
		return ctx.Err()
	}
}

// noSendfile is set once sendfile has failed as unsupported (a kernel or
// sandbox without it for these files): answers are then copied.
var noSendfile atomic.Bool

// errNoSendfile: sendfile is unsupported here and nothing was sent.
var errNoSendfile = errors.New("fastlane: sendfile is not supported")

var bufs = sync.Pool{New: func() any { b := make([]byte, bufSize); return &b }}

// conn is one connection while the lane serves it.
type conn struct {
	net.Conn
	lane *Lane
	// idle is set while the connection waits for a new request.
	idle atomic.Bool
	// writeBy is when the current write deadline passes; idleBy, when the
	// current read deadline does if it is an idle one (zero if not).
	writeBy, idleBy time.Time
	// raw is the connection's descriptor for sendFile (nil: copy answers).
	raw syscall.RawConn
}

// rearm is how close to passing a deadline must be before the lane moves
// it: setting one is a timer update, and one per request was a visible
// share of an answer. So a connection's idle and write deadlines are
// between rearm short of their timeouts and their timeouts.
func rearm(timeout time.Duration) time.Duration { return min(time.Second, timeout/10) }

func (c *conn) serve() {
	l := c.lane
	handed := false
	defer func() {
		l.mu.Lock()
		delete(l.conns, c)
		l.mu.Unlock()
		if !handed {
			_ = c.Close()
		}
		l.wg.Done()
	}()
	bp := bufs.Get().(*[]byte)
	defer bufs.Put(bp)
	buf := *bp
	r, w := 0, 0
	c.raw = rawConn(c.Conn)
	var answered time.Time // when the last answer was written
	// A new connection's first head is timed from the accept, as net/http
	// times it: a client that sends nothing is closed at the header
	// timeout, not held for the idle timeout. Later heads are timed from
	// their first byte, after an idle wait for it.
	headStart := time.Now()
	var out [3][]byte
	headBy := func() time.Time {
		if headStart.IsZero() { // a pipelined head, already read whole
			headStart = time.Now()
		}
		return headStart.Add(l.o.ReadHeaderTimeout)
	}
	for {
		end, plain := findHead(buf[r:w])
		if !plain {
			// A line ended by a bare LF, which net/http also reads.
			handed = c.handOver(buf[r:w], headBy())
			return
		}
		if end < 0 {
			if r > 0 {
				w = copy(buf, buf[r:w])
				r = 0
			}
			if w == len(buf) {
				handed = c.handOver(buf[:w], headBy())
				return
			}
			if w == 0 && headStart.IsZero() {
				c.idle.Store(true)
				if l.closing.Load() {
					return
				}
				// The idle timeout runs from the last answer; a deadline
				// set by an earlier one stands unless it is about to pass.
				if c.idleBy.Before(answered.Add(l.o.IdleTimeout - rearm(l.o.IdleTimeout))) {
					c.idleBy = answered.Add(l.o.IdleTimeout)
					_ = c.SetReadDeadline(c.idleBy)
				}
			} else {
				c.idleBy = time.Time{}
				if headStart.IsZero() {
					headStart = time.Now()
				}
				c.idle.Store(w == 0) // a first head not begun yet: Close may end it
				if w == 0 && l.closing.Load() {
					return
				}
				_ = c.SetReadDeadline(headBy())
			}
			if w == 0 {
				// Between requests: let the other connections run first.
				// A busy lane's client has usually sent its next request
				// by then, so one read gets it; read now, it would find
				// nothing, park, wake and read again (strace under wrk:
				// 1.43 reads per request without this, 1.00 with it).
				runtime.Gosched()
			}
			n, err := c.Read(buf[w:])
			c.idle.Store(false)
			if n == 0 && err != nil {
				return
			}
			w += n
			continue
		}
		head := buf[r : r+end]
		req, ok := parse(head)
		if !ok {
			handed = c.handOver(buf[r:w], headBy())
			return
		}
		start := time.Now()
		set := l.o.Source(req.path, req.query)
		if set == nil || !set.Prepared() {
			handed = c.handOver(buf[r:w], headBy())
			return
		}
		v := set.For(req.acceptEncoding)
		heads := v.Heads()
		status, sent := 200, int64(len(v.Body))
		out[0] = heads.OK
		if encoded.ETagMatch(req.ifNoneMatch, v.ETag) {
			status, sent, out[0] = 304, 0, heads.NotModified
		}
		out[1] = dateLine(start)
		bs := net.Buffers(out[:2])
		if status == 200 && !req.head {
			bs = net.Buffers(out[:3])
			out[2] = v.Body
		} else {
			sent = 0
		}
		if start.After(c.writeBy.Add(-l.o.WriteTimeout + rearm(l.o.WriteTimeout))) {
			c.writeBy = start.Add(l.o.WriteTimeout)
			_ = c.SetWriteDeadline(c.writeBy)
		}
		err := errNoSendfile // until sendFile has sent it
		if len(bs) == 3 && c.raw != nil && !noSendfile.Load() {
			// A body of encoded.FileMin or more: the whole answer from a
			// sealed file, in one sendfile.
			if a := v.Answer(start.Unix(), out[1]); a != nil {
				err = sendFile(c.raw, a.FD(), a.Size())
				a.Release()
			}
		}
		if err == errNoSendfile {
			_, err = bs.WriteTo(c.Conn)
		}
		out = [3][]byte{}
		answered = time.Now()
		if l.o.Record != nil {
			l.o.Record(req.method(), req.path, status, sent, start, answered)
		}
		if err != nil {
			return
		}
		r += end
		headStart = time.Time{}
		if r == w {
			r, w = 0, 0
		}
		if l.closing.Load() {
			return
		}
	}
}

// handOver gives the connection, with the bytes read and not yet answered,
// to net/http. It reports whether net/http took it. headBy is when the
// head being read must be complete: net/http starts its own header timer
// when it begins to read, so a head dripped to the lane and handed over
// would otherwise get the timeout twice.
func (c *conn) handOver(pending []byte, headBy time.Time) bool {
	_ = c.SetReadDeadline(headBy)
	hc := &handedConn{Conn: c.Conn, pending: bytes.Clone(pending), headBy: headBy}
	return c.lane.handoff.give(hc)
}

// dates is the Date field of the current second, as net/http writes it,
// with the blank line that ends a head.
var dates atomic.Pointer[date]

type date struct {
	sec  int64
	line []byte
}

func dateLine(now time.Time) []byte {
	sec := now.Unix()
	if d := dates.Load(); d != nil && d.sec == sec {
		return d.line
	}
	b := make([]byte, 0, 40)
	b = append(b, "Date: "...)
	b = now.UTC().AppendFormat(b, "Mon, 02 Jan 2006 15:04:05 GMT")
	b = append(b, "\r\n\r\n"...)
	dates.Store(&date{sec: sec, line: b})
	return b
}

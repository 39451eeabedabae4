package fastlane

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// handoff is the listener net/http serves: Accept yields the connections
// the lane gives up, until Close (http.Server.Shutdown calls it).
type handoff struct {
	ch   chan net.Conn
	done chan struct{}
	once sync.Once
	addr atomic.Pointer[net.Addr]
}

func newHandoff() *handoff {
	return &handoff{ch: make(chan net.Conn), done: make(chan struct{})}
}

func (h *handoff) setAddr(a net.Addr) { h.addr.Store(&a) }

func (h *handoff) Accept() (net.Conn, error) {
	select {
	case c := <-h.ch:
		return c, nil
	case <-h.done:
		return nil, net.ErrClosed
	}
}

func (h *handoff) Close() error {
	h.once.Do(func() { close(h.done) })
	return nil
}

func (h *handoff) Addr() net.Addr {
	if a := h.addr.Load(); a != nil {
		return *a
	}
	return &net.TCPAddr{}
}

// give hands c to net/http; false once the listener is closed.
func (h *handoff) give(c net.Conn) bool {
	select {
	case h.ch <- c:
		return true
	case <-h.done:
		return false
	}
}

// handedConn is a connection net/http serves after the lane: its first
// reads return what the lane had read and not answered, and until the
// head the lane began has been read whole, no read deadline net/http sets
// is later than the one the lane gave that head.
type handedConn struct {
	net.Conn
	pending []byte
	// headBy bounds read deadlines while the first head is read; zero
	// once its blank line has gone by.
	headBy time.Time
	// tail is the last bytes read, to find a blank line split between
	// reads (CRLF CRLF, or LF LF as net/http also accepts).
	tail [2]byte
}

func (c *handedConn) Read(p []byte) (n int, err error) {
	if len(c.pending) > 0 {
		n = copy(p, c.pending)
		c.pending = c.pending[n:]
	} else {
		n, err = c.Conn.Read(p)
	}
	if !c.headBy.IsZero() && n > 0 {
		c.watchHead(p[:n])
	}
	return n, err
}

// watchHead ends the head's deadline once b carries the blank line that
// ends it.
func (c *handedConn) watchHead(b []byte) {
	prev2, prev := c.tail[0], c.tail[1]
	for _, ch := range b {
		if ch == '\n' && (prev == '\n' || prev == '\r' && prev2 == '\n') {
			c.headBy = time.Time{}
			return
		}
		prev2, prev = prev, ch
	}
	c.tail = [2]byte{prev2, prev}
}

// SetReadDeadline keeps the head's deadline while the head is read.
func (c *handedConn) SetReadDeadline(t time.Time) error {
	if !c.headBy.IsZero() && (t.IsZero() || t.After(c.headBy)) {
		t = c.headBy
	}
	return c.Conn.SetReadDeadline(t)
}

// SetDeadline is SetReadDeadline's rule for reads, and t for writes.
func (c *handedConn) SetDeadline(t time.Time) error {
	if err := c.Conn.SetWriteDeadline(t); err != nil {
		return err
	}
	return c.SetReadDeadline(t)
}

// CloseWrite keeps the TCP half-close net/http uses to end a connection
// gracefully after an error answer.
func (c *handedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom keeps sendfile for answers copied from a file.
func (c *handedConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}

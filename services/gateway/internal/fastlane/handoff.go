package fastlane

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
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
// reads return what the lane had read and not answered.
type handedConn struct {
	net.Conn
	pending []byte
}

func (c *handedConn) Read(p []byte) (int, error) {
	if len(c.pending) > 0 {
		n := copy(p, c.pending)
		c.pending = c.pending[n:]
		return n, nil
	}
	return c.Conn.Read(p)
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

package fastlane

import (
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// serveLane serves a lane with o on a loopback listener (wrapped by wrap
// when it is not nil), handing connections to net/http with h and the
// lane's header and idle timeouts, and returns its address.
func serveLane(t *testing.T, o Options, h http.Handler, wrap func(net.Listener) net.Listener) string {
	t.Helper()
	l := New(o)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	if wrap != nil {
		ln = wrap(ln)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: o.ReadHeaderTimeout, IdleTimeout: o.IdleTimeout}
	go func() { _ = l.Serve(ln) }()
	go func() { _ = srv.Serve(l.Handoff()) }()
	t.Cleanup(func() { l.Close(); _ = srv.Close() })
	return ln.Addr().String()
}

// laneOnly serves a lane whose source keeps nothing, so every request is
// handed to net/http, with the gateway's timeouts scaled down.
func laneOnly(t *testing.T, headerTimeout, idleTimeout time.Duration) string {
	t.Helper()
	return serveLane(t, Options{Source: func(string, string) *encoded.Set { return nil },
		ReadHeaderTimeout: headerTimeout, IdleTimeout: idleTimeout, WriteTimeout: time.Minute},
		http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") }), nil)
}

// closedAfter dials addr, sends each part after its delay, and returns
// how long after the dial the server closed the connection.
func closedAfter(t *testing.T, addr string, parts []string, every time.Duration) time.Duration {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	start := time.Now()
	go func() {
		for _, p := range parts {
			time.Sleep(every)
			if _, err := io.WriteString(c, p); err != nil {
				return
			}
		}
	}()
	require.NoError(t, c.SetReadDeadline(start.Add(30*time.Second)))
	_, err = io.ReadAll(c)
	require.NoError(t, err, "the server must close the connection")
	return time.Since(start)
}

// TestASilentConnectionIsClosedAtTheHeaderTimeout: issue 25 held 200
// connections that sent nothing for the idle timeout (120 s) where
// net/http closes them at the header timeout (10 s). The idle timeout
// here is ten times the header timeout; the connection must go well
// before it.
func TestASilentConnectionIsClosedAtTheHeaderTimeout(t *testing.T) {
	t.Parallel()
	addr := laneOnly(t, time.Second, 10*time.Second)
	took := closedAfter(t, addr, nil, 0)
	require.Less(t, took, 5*time.Second, "closed after %s", took)
	require.GreaterOrEqual(t, took, 900*time.Millisecond)
}

// TestADrippedHeadKeepsItsDeadlineWhenHandedOver: a head dripped to the
// lane and handed to net/http (here by a bare LF) was given the header
// timeout a second time (closed at 18.9 s for a 10 s timeout). Handed
// over at 80% of its time, it must now end at its own deadline, not 80%
// later.
func TestADrippedHeadKeepsItsDeadlineWhenHandedOver(t *testing.T) {
	t.Parallel()
	addr := laneOnly(t, 2*time.Second, time.Minute)
	parts := []string{"GET / HTTP/1.1\r\n", "Host: x\r\n"}
	for range 7 {
		parts = append(parts, "X-A: b\r\n") // eight parts at 200 ms: 1.6 s in
	}
	parts = append(parts, "X-Bare: lf\n") // handed over here
	for range 40 {
		parts = append(parts, "X-C: d\r\n")
	}
	took := closedAfter(t, addr, parts, 200*time.Millisecond)
	require.Less(t, took, 3*time.Second, "closed after %s (a second header timeout would end it near 3.8 s)", took)
}

// recordingConn is a connection that keeps the read deadlines set on it.
type recordingConn struct {
	net.Conn
	deadlines []time.Time
}

func (c *recordingConn) SetReadDeadline(t time.Time) error {
	c.deadlines = append(c.deadlines, t)
	return nil
}
func (c *recordingConn) Read(p []byte) (int, error) { return 0, io.EOF }

// TestHandedConnBoundsDeadlinesUntilTheHeadEnds: net/http's own header
// deadline (later) is cut to the head's, until the blank line that ends
// the head has been read; then net/http's deadlines stand.
func TestHandedConnBoundsDeadlinesUntilTheHeadEnds(t *testing.T) {
	t.Parallel()
	by := time.Now().Add(time.Second)
	later := by.Add(time.Hour)
	for _, ending := range []string{"\r\n\r\n", "\n\n", "\r\n\n"} {
		rc := &recordingConn{}
		hc := &handedConn{Conn: rc, pending: []byte("GET / HTTP/1.1\r\nHost: x" + ending + "GET /next"), headBy: by}
		require.NoError(t, hc.SetReadDeadline(later))
		require.NoError(t, hc.SetReadDeadline(time.Time{}))
		buf := make([]byte, 5)
		for hc.Read(buf); !hc.headBy.IsZero(); hc.Read(buf) {
		}
		require.NoError(t, hc.SetReadDeadline(later))
		require.Equal(t, []time.Time{by, by, later}, rc.deadlines, "%q", ending)
	}
}

package scratch

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// backend is a stand-in gateway that says who answered. It can hang
// (every request, /readyz included, waits until it is released), or drop
// requests (each but /readyz is read and its connection closed with no
// answer, as a gateway that crashes mid-request).
type backend struct {
	name string
	mu   sync.Mutex
	hung chan struct{}
	drop bool
	srv  *httptest.Server
}

func newBackend(t *testing.T, name string) *backend {
	b := &backend{name: name}
	b.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		hung, drop := b.hung, b.drop
		b.mu.Unlock()
		if hung != nil {
			<-hung
		}
		if drop && r.URL.Path != "/readyz" {
			_, _ = io.Copy(io.Discard, r.Body)
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		_, _ = io.WriteString(w, b.name+" "+r.Header.Get("X-Forwarded-For"))
	}))
	t.Cleanup(func() { b.release(); b.srv.Close() })
	return b
}

func (b *backend) addr() string { return strings.TrimPrefix(b.srv.URL, "http://") }

func (b *backend) hang() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.hung = make(chan struct{})
}

func (b *backend) setDrop(on bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.drop = on
}

func (b *backend) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.hung != nil {
		close(b.hung)
		b.hung = nil
	}
}

// send is one request through c: its status (0: no answer) and body.
func send(t *testing.T, c *http.Client, method, url string, hdr map[string]string) (int, string) {
	t.Helper()
	code, body, err := Send(c, method, url, "{}", hdr)
	if err != nil && code == 0 {
		return 0, err.Error()
	}
	require.NoError(t, err)
	return code, body
}

// answeredBy is who answered a request that must succeed.
func answeredBy(t *testing.T, c *http.Client, method, url string, hdr map[string]string) string {
	t.Helper()
	code, body := send(t, c, method, url, hdr)
	require.Equal(t, http.StatusOK, code, body)
	return strings.Fields(body)[0]
}

// The balancer make faults puts in front of the gateways spreads the
// requests of one kept-alive connection, keeps the client's
// X-Forwarded-For, takes a hung backend out, and resends to the other only
// what is safe to send twice.
func TestHTTPLBSpreadsRequestsAndRoutesAroundAHungBackend(t *testing.T) {
	t.Parallel()
	if _, err := HAProxyBinary(); err != nil {
		t.Fatal(err) // scripts/ensure-deps.sh installs it
	}
	one, two := newBackend(t, "one"), newBackend(t, "two")
	dir := t.TempDir()
	lb, err := StartHTTPLB(dir, dir, one.addr(), two.addr())
	require.NoError(t, err)
	t.Cleanup(lb.Close)
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxConnsPerHost: 1}}
	keyed := map[string]string{"Idempotency-Key": "k1"}

	got := map[string]int{}
	for range 10 {
		code, body := send(t, c, "GET", lb.Base()+"/", map[string]string{"X-Forwarded-For": "192.0.2.7"})
		require.Equal(t, http.StatusOK, code)
		name, xff, _ := strings.Cut(body, " ")
		require.Equal(t, "192.0.2.7", xff)
		got[name]++
	}
	require.Equal(t, map[string]int{"one": 5, "two": 5}, got, "round robin per request over one connection")

	// A gateway that drops requests: what may be sent twice is sent to the
	// other; anything else fails, once.
	two.setDrop(true)
	failed := 0
	for range 4 {
		require.Equal(t, "one", answeredBy(t, c, "GET", lb.Base()+"/", nil))
		require.Equal(t, "one", answeredBy(t, c, "POST", lb.Base()+"/api/contact", keyed))
		if code, _ := send(t, c, "POST", lb.Base()+"/api/upload-image", nil); code != http.StatusOK {
			failed++
		}
	}
	require.Positive(t, failed, "a POST without an Idempotency-Key that met the dropping gateway is not resent")
	two.setDrop(false)

	// A hung gateway: a request caught on it is resent after the answer
	// timeout, and the health check takes it out.
	two.hang()
	start := time.Now()
	for range 2 {
		require.Equal(t, "one", answeredBy(t, c, "POST", lb.Base()+"/api/contact", keyed))
	}
	require.GreaterOrEqual(t, time.Since(start), HTTPLBAnswerTimeout, "one of two requests met the hung gateway")
	require.NoError(t, WaitFor("the hung backend to be taken out", 5*time.Second, func() bool {
		st, err := lb.Stats()
		return err == nil && strings.HasPrefix(st["gw2"].Status, "DOWN")
	}))
	st, err := lb.Stats()
	require.NoError(t, err)
	require.Positive(t, st["gw1"].Redispatches+st["gw2"].Redispatches, "%+v", st)
}

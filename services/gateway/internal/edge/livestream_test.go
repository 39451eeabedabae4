package edge

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/leadfeed"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// replica starts one more gateway on e's sessions database, as production
// runs several behind a load balancer: its own sign-in handler and edge,
// its services unreachable, a live lead feed, set's options. Browsers'
// cookies reach every replica (cookies are per host, not per port).
func (e *authEnv) replica(t *testing.T, set func(*Options)) string {
	t.Helper()
	key := "0123456789abcdef0123456789abcdef"
	sessions, err := signin.New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)),
		signin.Config{StaffDomain: staffDomain, CookieKey: []byte(key)}, e.accounts)
	require.NoError(t, err)
	signer, err := identity.NewSigner(key)
	require.NoError(t, err)
	down, err := grpc.NewClient("127.0.0.1:1", grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { down.Close() })
	srv, _ := newEdgeWith(t, down, func(o *Options) {
		o.Sessions, o.Signer = sessions, signer
		o.LeadFeed, o.EventsHeartbeat = leadfeed.NewBroker(4), 50*time.Millisecond
		if set != nil {
			set(o)
		}
	})
	return srv.URL
}

// openLiveLeads opens the live lead stream at base as c and reads its
// first line.
func openLiveLeads(t *testing.T, c *http.Client, base string) *sseReader {
	t.Helper()
	resp, err := c.Get(base + "/api/contact-submissions/events")
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	require.Equal(t, http.StatusOK, resp.StatusCode)
	s := &sseReader{t: t, r: bufio.NewReader(resp.Body)}
	require.Equal(t, []string{"retry: 2000"}, s.next())
	return s
}

// requireEnds waits for s's stream to end cleanly within limit and says
// how long it took.
func requireEnds(t *testing.T, s *sseReader, limit time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	ended := make(chan error, 1)
	go func() {
		_, err := io.Copy(io.Discard, s.r)
		ended <- err
	}()
	select {
	case err := <-ended:
		require.NoError(t, err, "the stream ends cleanly")
		return time.Since(start)
	case <-time.After(limit):
		t.Fatalf("the stream outlived its session by %s", limit)
		return 0
	}
}

// TestLiveLeadStreamEndsAtOnceWhenItsSessionSignsOut: the attack of
// 2026-11-27 watched the live lead feed for 60 s after signing out (the
// stream asked again only every minute). Signing out, or signing in anew
// in the same browser, now ends that session's streams on the gateway at
// once, with an hour between checks; another browser of the same account
// keeps its own.
func TestLiveLeadStreamEndsAtOnceWhenItsSessionSignsOut(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.addOps(t)
	gw := e.replica(t, func(o *Options) { o.EventsSessionCheck = time.Hour })
	laptop, phone := e.browser(t), e.browser(t)
	for _, c := range []*http.Client{laptop, phone} {
		resp, _ := postJSON(t, c, gw+"/api/login", opsLogin)
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
	laptopTab1, laptopTab2 := openLiveLeads(t, laptop, gw), openLiveLeads(t, laptop, gw)
	phoneTab := openLiveLeads(t, phone, gw)

	resp, _ := postJSON(t, laptop, gw+"/api/logout", ``)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	took := requireEnds(t, laptopTab1, 2*time.Second)
	requireEnds(t, laptopTab2, 2*time.Second)
	t.Logf("the signed-out session's streams ended %s after the sign-out's answer", took)
	require.Equal(t, []string{": ping"}, phoneTab.next(), "the phone's session goes on")

	// Signing in again in the phone's browser ends its previous session.
	resp, _ = postJSON(t, phone, gw+"/api/login", opsLogin)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	requireEnds(t, phoneTab, 2*time.Second)
	// A wrong password changes no session: a new stream stays.
	phoneTab = openLiveLeads(t, phone, gw)
	resp, _ = postJSON(t, phone, gw+"/api/login", `{"username":"ops@`+staffDomain+`","password":"not the password"}`)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Equal(t, []string{": ping"}, phoneTab.next())
}

// TestLiveLeadStreamEndsWithinSecondsOnAnotherReplica: a session signed out
// on one gateway ends a stream another gateway holds at that gateway's
// next check, DefaultEventsSessionCheck (5 s; it was a minute).
func TestLiveLeadStreamEndsWithinSecondsOnAnotherReplica(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.addOps(t)
	a, b := e.replica(t, nil), e.replica(t, nil)
	c := e.browser(t)
	resp, _ := postJSON(t, c, a+"/api/login", opsLogin)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	stream := openLiveLeads(t, c, b)
	resp, _ = postJSON(t, c, a+"/api/logout", ``)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	took := requireEnds(t, stream, DefaultEventsSessionCheck+3*time.Second)
	t.Logf("the other replica's stream ended %s after the sign-out", took)
	resp, err := c.Get(b + "/api/contact-submissions/events")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

// TestStaffCallsAreRateLimitedPerAccountAcrossReplicas: staff routes had
// no limit (the attack of 2026-11-27). Every call of an account, from any
// of its browsers to any replica, now takes from one bucket shared in
// Postgres, exports from a smaller one of their own; past it the answer
// is 429 with Retry-After and words for people. Routes that are not
// staff routes are not counted.
func TestStaffCallsAreRateLimitedPerAccountAcrossReplicas(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.addOps(t)
	store := accountspg.New(e.pool)
	limited := func(o *Options) {
		o.StaffLimits = &StaffLimits{API: RateLimit{Every: time.Minute, Burst: 4}, Export: RateLimit{Every: time.Minute, Burst: 1}}
		o.SharedLimit = func(ctx context.Context, key string, l RateLimit) (bool, time.Duration, error) {
			return store.TakeToken(ctx, key, l.Burst, l.Every)
		}
	}
	replicas := []string{e.replica(t, limited), e.replica(t, limited)}
	laptop, phone := e.browser(t), e.browser(t)
	browsers := []*http.Client{laptop, phone}
	for _, c := range browsers {
		resp, _ := postJSON(t, c, replicas[0]+"/api/login", opsLogin)
		require.Equal(t, http.StatusOK, resp.StatusCode)
	}
	get := func(i int, path string) *http.Response {
		t.Helper()
		resp, err := browsers[i%2].Get(replicas[(i/2)%2] + path)
		require.NoError(t, err)
		resp.Body.Close()
		return resp
	}

	require.NotEqual(t, http.StatusTooManyRequests, get(0, "/api/contact-submissions/export.csv").StatusCode)
	require.Equal(t, http.StatusTooManyRequests, get(3, "/api/contact-submissions/export.csv").StatusCode)
	for i := range 4 {
		require.NotEqual(t, http.StatusTooManyRequests, get(i, "/api/contact-submissions?filter=all").StatusCode, "call %d", i)
	}
	for i, path := range []string{"/api/contact-submissions", "/api/admin/blog-posts", "/api/contact-submissions/events"} {
		resp, out := getJSON(t, browsers[i%2], replicas[i%2]+path)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, path)
		require.NotEmpty(t, resp.Header.Get("Retry-After"))
		require.Regexp(t, `^Too many requests from your account\. Please wait \d+ seconds and try again\.$`, out["message"])
	}
	// Routes that are not staff routes do not count.
	for i := range 6 {
		require.Equal(t, http.StatusOK, get(i, "/api/user").StatusCode)
	}
}

func getJSON(t *testing.T, c *http.Client, u string) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	require.NoError(t, err)
	resp, err := c.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return resp, out
}

package edge

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/oidctest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/leadfeed"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

const staffDomain = "valleytrenchless.example"

type authEnv struct {
	webDir   string
	srv      *httptest.Server
	provider *oidctest.Provider
	accounts *accounts.Service
	pool     *pgxpool.Pool // the sessions' database
}

// newAuthEnv runs the real edge with Postgres sessions and a real OIDC
// provider. Its upstream services are not running: the staff calls here
// only need to get past (or be stopped by) the edge.
func newAuthEnv(t *testing.T, limits map[string]RateLimit, registrationOpen bool) *authEnv {
	return newAuthEnvWithFiles(t, limits, registrationOpen, nil)
}

// newAuthEnvWithFiles also puts files (name → body) in the web build
// before the gateway starts: it reads the build's file list once.
func newAuthEnvWithFiles(t *testing.T, limits map[string]RateLimit, registrationOpen bool, files map[string]string) *authEnv {
	t.Helper()
	return newAuthEnvWith(t, limits, registrationOpen, files, nil)
}

// newAuthEnvWith also lets set change sign-in's configuration.
func newAuthEnvWith(t *testing.T, limits map[string]RateLimit, registrationOpen bool, files map[string]string, set func(*signin.Config)) *authEnv {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.NewPool(t, accountspg.Migrate)
	svc := accounts.NewService(accountspg.New(pool), time.Hour, 24*time.Hour)
	p := oidctest.Start(t)
	e := &authEnv{provider: p, accounts: svc, pool: pool}

	// The gateway's own address must be known for the redirect URL.
	e.srv = httptest.NewUnstartedServer(nil)
	base := "http://" + e.srv.Listener.Addr().String()
	cfg := signin.Config{
		StaffDomain: staffDomain, Issuer: p.Issuer, ClientID: p.ClientID, ClientSecret: p.ClientSecret,
		RedirectURL: base + "/auth/google/callback", RegistrationOpen: registrationOpen,
		CookieKey: []byte("0123456789abcdef0123456789abcdef"), PublicOrigin: base, Throttle: accountspg.New(pool).TakeToken, ThrottlePeek: accountspg.New(pool).PeekToken,
	}
	if set != nil {
		set(&cfg)
	}
	sessions, err := signin.New(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), cfg, svc)
	require.NoError(t, err)
	down, err := grpc.NewClient("127.0.0.1:1", grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { down.Close() })
	signer, _ := identity.NewSigner("0123456789abcdef0123456789abcdef")
	web := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(web, "index.html"), []byte("<!doctype html><html><head><title>Site</title></head><body></body></html>"), 0o644))
	for name, body := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(web, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(web, name), []byte(body), 0o644))
	}
	h, err := New(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{
		Upstreams: Upstreams{Content: down, Contact: down, Media: down}, Signer: signer, Sessions: sessions,
		PublicOrigin: base, WebDir: web, Limits: limits, UpstreamTimeout: time.Second,
		CSP:      CSPOptions{VideoHost: "https://www.youtube-nocookie.com", MapTiles: osmTiles(t)},
		LeadFeed: leadfeed.NewBroker(4), EventsHeartbeat: 50 * time.Millisecond, EventsSessionCheck: 50 * time.Millisecond,
	})
	require.NoError(t, err)
	e.webDir = web
	e.srv.Config.Handler = h
	e.srv.Start()
	t.Cleanup(e.srv.Close)
	return e
}

// browser is a client with cookies that stops at the site's own sign-in
// landing pages.
func (e *authEnv) browser(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &http.Client{Jar: jar, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if req.URL.Host == e.srv.Listener.Addr().String() && (req.URL.Path == "/admin" || strings.HasPrefix(req.URL.Path, "/admin/") || req.URL.Path == "/auth") {
			return http.ErrUseLastResponse
		}
		return nil
	}}
}

// signInWithGoogle runs the whole OIDC round trip and returns where it
// landed.
func (e *authEnv) signInWithGoogle(t *testing.T, c *http.Client) string {
	t.Helper()
	return e.signInWithGoogleTo(t, c, "")
}

// signInWithGoogleTo is signInWithGoogle started from the sign-in page
// with the staff page to come back to (/auth/google?next=…).
func (e *authEnv) signInWithGoogleTo(t *testing.T, c *http.Client, next string) string {
	t.Helper()
	u := e.srv.URL + "/auth/google"
	if next != "" {
		u += "?next=" + url.QueryEscape(next)
	}
	resp, err := c.Get(u)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	return resp.Header.Get("Location")
}

// opsLogin is the local staff account addOps creates, as /api/login takes it.
const opsLogin = `{"username":"ops@` + staffDomain + `","password":"correct horse battery"}`

// addOps creates the local staff account of opsLogin.
func (e *authEnv) addOps(t *testing.T) {
	t.Helper()
	_, err := e.accounts.CreateLocalUser(context.Background(), "ops@"+staffDomain, "correct horse battery", "owner", accounts.SourceOperator)
	require.NoError(t, err)
}

func (e *authEnv) currentUser(t *testing.T, c *http.Client) (int, map[string]any) {
	t.Helper()
	resp, err := c.Get(e.srv.URL + "/api/user")
	require.NoError(t, err)
	defer resp.Body.Close()
	var u map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&u)
	return resp.StatusCode, u
}

func TestGoogleSignInAdmitsOnlyVerifiedCompanyAccounts(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	staff := oidctest.User{Subject: "1", Email: "Ana@ValleyTrenchless.example", EmailVerified: true, HD: staffDomain}

	c := e.browser(t)
	e.provider.SignInAs(staff)
	require.Equal(t, "/admin", e.signInWithGoogle(t, c))
	code, u := e.currentUser(t, c)
	require.Equal(t, 200, code)
	require.Equal(t, "ana@valleytrenchless.example", u["username"])
	require.Equal(t, true, u["isStaff"])

	cases := map[string]struct {
		user   oidctest.User
		tamper func(map[string]any)
	}{
		"unverified e-mail": {oidctest.User{Subject: "2", Email: "bo@" + staffDomain, EmailVerified: false, HD: staffDomain}, nil},
		"other domain":      {oidctest.User{Subject: "3", Email: "bo@gmail.example", EmailVerified: true, HD: "gmail.example"}, nil},
		"missing hd":        {oidctest.User{Subject: "4", Email: "bo@" + staffDomain, EmailVerified: true}, nil},
		"hd of another org": {oidctest.User{Subject: "5", Email: "bo@" + staffDomain, EmailVerified: true, HD: "evil.example"}, nil},
		"bad nonce":         {staff, func(c map[string]any) { c["nonce"] = "replayed" }},
		"bad audience":      {staff, func(c map[string]any) { c["aud"] = "some-other-client" }},
		"bad issuer":        {staff, func(c map[string]any) { c["iss"] = "https://accounts.evil.example" }},
		"expired token":     {staff, func(c map[string]any) { c["exp"] = time.Now().Add(-time.Hour).Unix() }},
	}
	for name, tc := range cases {
		c := e.browser(t)
		e.provider.SignInAs(tc.user)
		if tc.tamper != nil {
			e.provider.TamperNextToken(tc.tamper)
		}
		require.Equal(t, "/auth?error=access_denied", e.signInWithGoogle(t, c), name)
		code, _ := e.currentUser(t, c)
		require.Equal(t, 401, code, "%s: no session", name)
	}
}

// Issue 28: signing in from a staff page other than the first tab comes
// back to it; an address off the site or outside /admin lands on /admin.
func TestGoogleSignInReturnsToTheStaffPageItStartedFrom(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	staff := oidctest.User{Subject: "1", Email: "ana@" + staffDomain, EmailVerified: true, HD: staffDomain}
	for next, want := range map[string]string{
		"/admin/leads":                 "/admin/leads",
		"/admin/leads?filter=unread":   "/admin/leads?filter=unread",
		"/admin/posts/new":             "/admin/posts/new",
		"//evil.example/admin":         "/admin",
		"/admin//evil.example":         "/admin",
		"/\\evil.example":              "/admin",
		"https://evil.example/admin/x": "/admin",
		"/blog/x":                      "/admin",
		"/admin/../api/export":         "/admin",
		"/administrator":               "/admin",
	} {
		e.provider.SignInAs(staff)
		require.Equal(t, want, e.signInWithGoogleTo(t, e.browser(t), next), "next=%q", next)
	}
}

func TestGoogleCallbackRefusesForgedState(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.provider.SignInAs(oidctest.User{Subject: "1", Email: "ana@" + staffDomain, EmailVerified: true, HD: staffDomain})
	c := e.browser(t)
	// Start the flow but stop at the provider's redirect back.
	c.CheckRedirect = func(req *http.Request, _ []*http.Request) error {
		if strings.HasSuffix(req.URL.Path, "/auth/google/callback") {
			return http.ErrUseLastResponse
		}
		return nil
	}
	resp, err := c.Get(e.srv.URL + "/auth/google")
	require.NoError(t, err)
	resp.Body.Close()
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	q := back.Query()
	q.Set("state", "forged-state")
	back.RawQuery = q.Encode()

	c2 := e.browser(t)
	c2.Jar = c.Jar
	resp, err = c2.Get(back.String())
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "/auth?error=access_denied", resp.Header.Get("Location"))

	// And a callback without the flow cookie (another browser) is refused.
	resp, err = e.browser(t).Get(e.srv.URL + "/auth/google/callback?code=x&state=y")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, "/auth?error=access_denied", resp.Header.Get("Location"))
}

func postJSON(t *testing.T, c *http.Client, u, body string, hdr ...string) (*http.Response, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp, out
}

func sessionCookie(c *http.Client, base string) string {
	u, _ := url.Parse(base)
	for _, ck := range c.Jar.Cookies(u) {
		if ck.Name == "trenchless_session" {
			return ck.Value
		}
	}
	return ""
}

func TestLocalLoginSessionsRotateAndLogoutKillsThem(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.addOps(t)
	c := e.browser(t)

	resp, out := postJSON(t, c, e.srv.URL+"/api/login", `{"username":"ops@`+staffDomain+`","password":"wrong password!"}`)
	require.Equal(t, 401, resp.StatusCode)
	require.Equal(t, "Incorrect e-mail or password.", out["message"])
	resp, _ = postJSON(t, c, e.srv.URL+"/api/login", `{"username":"nobody@`+staffDomain+`","password":"wrong password!"}`)
	require.Equal(t, 401, resp.StatusCode, "unknown users get the same answer")

	resp, out = postJSON(t, c, e.srv.URL+"/api/login", strings.Replace(opsLogin, "ops@", "OPS@", 1))
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, true, out["isStaff"])
	setCookie := resp.Header.Get("Set-Cookie")
	require.Contains(t, setCookie, "HttpOnly")
	require.Contains(t, setCookie, "SameSite=Lax")
	first := sessionCookie(c, e.srv.URL)
	require.NotEmpty(t, first)

	// Signing in again gives a new id, and the old one is dead.
	resp, _ = postJSON(t, c, e.srv.URL+"/api/login", opsLogin)
	require.Equal(t, 200, resp.StatusCode)
	second := sessionCookie(c, e.srv.URL)
	require.NotEqual(t, first, second)
	_, err := e.accounts.Lookup(context.Background(), first)
	require.ErrorIs(t, err, accounts.ErrNoSession)

	// Logout deletes the session on the server: replaying the cookie fails.
	// The browser is told to drop what the staff area left in it.
	resp, _ = postJSON(t, c, e.srv.URL+"/api/logout", ``)
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, `"cache", "storage"`, resp.Header.Get("Clear-Site-Data"))
	_, err = e.accounts.Lookup(context.Background(), second)
	require.ErrorIs(t, err, accounts.ErrNoSession)
	require.Equal(t, 401, e.statusWithSession(t, "/api/user", second))
}

// statusWithSession is the status of a GET of path that replays session
// cookie id.
func (e *authEnv) statusWithSession(t *testing.T, path, id string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.srv.URL+path, nil)
	require.NoError(t, err)
	req.AddCookie(&http.Cookie{Name: "trenchless_session", Value: id})
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

func TestLiveLeadStreamEndsWhenItsSessionDoes(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.addOps(t)
	c := e.browser(t)
	resp, _ := postJSON(t, c, e.srv.URL+"/api/login", opsLogin)
	require.Equal(t, 200, resp.StatusCode)
	id := sessionCookie(c, e.srv.URL)
	before, err := e.accounts.Lookup(context.Background(), id)
	require.NoError(t, err)

	stream, err := c.Get(e.srv.URL + "/api/contact-submissions/events")
	require.NoError(t, err)
	defer stream.Body.Close()
	require.Equal(t, 200, stream.StatusCode)
	s := &sseReader{t: t, r: bufio.NewReader(stream.Body)}
	require.Equal(t, []string{"retry: 2000"}, s.next())
	// Several checks pass while the session holds; checking is not
	// activity.
	for range 6 {
		require.Equal(t, []string{": ping"}, s.next())
	}
	after, err := e.accounts.Current(context.Background(), id)
	require.NoError(t, err)
	require.True(t, before.LastSeen.Equal(after.LastSeen), "the stream's checks do not touch the session")

	// Signing out elsewhere ends the open stream, and the browser's
	// reconnect is refused.
	resp, _ = postJSON(t, c, e.srv.URL+"/api/logout", ``)
	require.Equal(t, 200, resp.StatusCode)
	requireEnds(t, s, 10*time.Second)
	require.Equal(t, 401, e.statusWithSession(t, "/api/contact-submissions/events", id))
}

func TestRegistrationIsClosedByDefaultAndNeverStaff(t *testing.T) {
	t.Parallel()
	closed := newAuthEnv(t, nil, false)
	resp, out := postJSON(t, closed.browser(t), closed.srv.URL+"/api/register", `{"username":"x@`+staffDomain+`","password":"long enough password"}`)
	require.Equal(t, 403, resp.StatusCode)
	require.Equal(t, "Registration is disabled", out["message"])

	open := newAuthEnv(t, nil, true)
	c := open.browser(t)
	resp, out = postJSON(t, c, open.srv.URL+"/api/register", `{"username":"boss@`+staffDomain+`","password":"long enough password"}`)
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, false, out["isStaff"], "a company-domain address is not enough")
	r, err := c.Get(open.srv.URL + "/api/admin/blog-posts")
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, 403, r.StatusCode)
}

func TestLoginIsRateLimitedPerIP(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, map[string]RateLimit{"/api/login": {Every: time.Hour, Burst: 3}}, false)
	c := e.browser(t)
	for i := 0; i < 3; i++ {
		resp, _ := postJSON(t, c, e.srv.URL+"/api/login", `{"username":"a@b.example","password":"nope nope nope"}`)
		require.Equal(t, 401, resp.StatusCode)
	}
	resp, out := postJSON(t, c, e.srv.URL+"/api/login", `{"username":"a@b.example","password":"nope nope nope"}`)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.NotEmpty(t, resp.Header.Get("Retry-After"))
	require.Contains(t, out["message"], "Too many attempts")
}

func TestForeignOriginIsRefused(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	c := e.browser(t)
	resp, out := postJSON(t, c, e.srv.URL+"/api/login", `{"username":"a@b.example","password":"x"}`, "Origin", "https://evil.example")
	require.Equal(t, 403, resp.StatusCode)
	require.Equal(t, "This request must come from the site itself.", out["message"])
	resp, _ = postJSON(t, c, e.srv.URL+"/api/contact", `{}`, "Sec-Fetch-Site", "cross-site")
	require.Equal(t, 403, resp.StatusCode)
	// The site's own origin passes the check (and reaches login).
	resp, _ = postJSON(t, c, e.srv.URL+"/api/login", `{"username":"a@b.example","password":"nope nope nope"}`, "Origin", e.srv.URL)
	require.Equal(t, 401, resp.StatusCode)
}

func TestEdgeRefusesOversizeJSON(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	resp, _ := postJSON(t, e.browser(t), e.srv.URL+"/api/contact", `{"description":"`+strings.Repeat("x", MaxJSONBody)+`"}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
}

// A post may hold 200,000 characters: its create, update and preview bodies
// get a larger cap than other JSON, and that cap still holds.
func TestEdgeLetsStaffSendLongPosts(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	_, err := e.accounts.CreateLocalUser(context.Background(), "writer@"+staffDomain, "correct horse battery", "owner", accounts.SourceOperator)
	require.NoError(t, err)
	staff := e.browser(t)
	resp, _ := postJSON(t, staff, e.srv.URL+"/api/login", `{"username":"writer@`+staffDomain+`","password":"correct horse battery"}`)
	require.Equal(t, 200, resp.StatusCode)
	long := `{"content":"` + strings.Repeat("é", 200_000) + `","imageUrl":""}`
	require.Greater(t, len(long), MaxJSONBody)
	resp, _ = postJSON(t, staff, e.srv.URL+"/api/admin/blog-posts/preview", long)
	// Forwarded (the services are down here, hence not 200), not refused.
	require.NotEqual(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	resp, _ = postJSON(t, staff, e.srv.URL+"/api/admin/blog-posts", `{"content":"`+strings.Repeat("x", MaxPostJSONBody)+`"}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	resp, _ = postJSON(t, staff, e.srv.URL+"/api/admin/editable-content", `{"content":"`+strings.Repeat("x", MaxJSONBody)+`"}`)
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
}

func TestStaffRoutesAtTheEdge(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, true)
	e.addOps(t)
	anon := e.browser(t)
	visitor := e.browser(t)
	resp, _ := postJSON(t, visitor, e.srv.URL+"/api/register", `{"username":"joe@example.com","password":"long enough password"}`)
	require.Equal(t, 200, resp.StatusCode)
	staff := e.browser(t)
	resp, _ = postJSON(t, staff, e.srv.URL+"/api/login", opsLogin)
	require.Equal(t, 200, resp.StatusCode)

	routes := []struct{ method, path string }{
		{"GET", "/api/admin/blog-posts"}, {"POST", "/api/admin/blog-posts"}, {"PUT", "/api/admin/blog-posts/00000000-0000-4000-8000-000000000000"},
		{"DELETE", "/api/admin/blog-posts/00000000-0000-4000-8000-000000000000"}, {"POST", "/api/admin/editable-content"},
		{"PUT", "/api/admin/editable-content/hero.title"}, {"GET", "/api/admin/media"}, {"POST", "/api/upload-image"},
		{"GET", "/api/contact-submissions"}, {"PATCH", "/api/contact-submissions/00000000-0000-4000-8000-000000000000"},
		{"GET", "/api/contact-submissions/export.csv"},
	}
	for _, rt := range routes {
		for _, who := range []struct {
			name string
			c    *http.Client
			want func(int) bool
		}{
			{"anonymous", anon, func(c int) bool { return c == 401 }},
			{"non-staff", visitor, func(c int) bool { return c == 403 }},
			// Staff get past the edge; the services are down here, so
			// anything but 401/403 shows the request was forwarded.
			{"staff", staff, func(c int) bool { return c != 401 && c != 403 }},
		} {
			req, _ := http.NewRequest(rt.method, e.srv.URL+rt.path, strings.NewReader(`{}`))
			req.Header.Set("Content-Type", "application/json")
			resp, err := who.c.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			require.True(t, who.want(resp.StatusCode), "%s %s as %s: %d", rt.method, rt.path, who.name, resp.StatusCode)
		}
	}
}

// While the sessions' database cannot answer (failing over), staff are not
// sent to sign in: their requests answer 503 with Retry-After and keep the
// cookie; a request without a session is still 401.
func TestStaffRoutesAnswerUnavailableWhenSessionsCannotBeRead(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	e.addOps(t)
	staff, anon := e.browser(t), e.browser(t)
	resp, _ := postJSON(t, staff, e.srv.URL+"/api/login", opsLogin)
	require.Equal(t, 200, resp.StatusCode)
	e.pool.Close()
	for _, path := range []string{"/api/admin/media", "/api/contact-submissions", "/api/contact-submissions/export.csv", "/api/user"} {
		resp, err := staff.Get(e.srv.URL + path)
		require.NoError(t, err)
		var out map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
		resp.Body.Close()
		require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "%s: %v", path, out)
		require.Equal(t, "5", resp.Header.Get("Retry-After"), path)
		require.Equal(t, "unavailable", out["code"], path)
		require.Empty(t, resp.Header.Values("Set-Cookie"), "%s: the session cookie is kept", path)
		resp, err = anon.Get(e.srv.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "%s without a session", path)
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	paths := []string{"/", "/scottsdale", "/no-such-page", "/robots.txt", "/healthz", "/api/user", "/api/blog-posts",
		"/api/nope", "/media/x.jpg", "/auth", "/auth/google/callback"}
	for _, p := range paths {
		resp, err := e.browser(t).Get(e.srv.URL + p)
		require.NoError(t, err)
		resp.Body.Close()
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		require.Contains(t, csp, "script-src 'self'", p)
		require.NotContains(t, csp, "unsafe-inline'; script", p)
		require.NotContains(t, strings.Split(strings.Split(csp, "script-src")[1], ";")[0], "unsafe", p)
		require.Contains(t, csp, "frame-ancestors 'none'", p)
		require.Contains(t, csp, "base-uri 'none'", p)
		require.Contains(t, csp, "frame-src https://www.youtube-nocookie.com", p)
		require.Contains(t, csp, "img-src 'self' data: blob: https://tile.openstreetmap.org;", p)
		require.Contains(t, h.Get("Strict-Transport-Security"), "max-age=", p)
		require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"), p)
		require.Equal(t, "strict-origin-when-cross-origin", h.Get("Referrer-Policy"), p)
		require.Contains(t, h.Get("Permissions-Policy"), "camera=()", p)
	}
}

func TestUnknownPathsAre404AndRobotsDisallowsPrivateAreas(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	resp, err := http.Get(e.srv.URL + "/no-such-page")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 404, resp.StatusCode)
	resp, err = http.Get(e.srv.URL + "/services/cipp-lining")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	resp, err = http.Get(e.srv.URL + "/robots.txt")
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"Disallow: /admin", "Disallow: /auth", "Disallow: /api/", "Sitemap: " + e.srv.URL + "/sitemap.xml"} {
		require.Contains(t, string(b), want)
	}
}

// TestPrerenderedBuildServesOnlyThePagesItHas: with prerendering (404.html
// present) a public route without its own HTML is a 404, not a not-found
// screen with status 200, and the sitemap leaves it out.
func TestPrerenderedBuildServesOnlyThePagesItHas(t *testing.T) {
	t.Parallel()
	e := newAuthEnvWithFiles(t, nil, false, map[string]string{
		"404.html":             "<!doctype html><title>Not found</title>",
		"app.html":             "<!doctype html><title>Shell</title>",
		"contact/index.html":   "<!doctype html><title>Contact</title>",
		"mesa/index.html":      "<!doctype html><title>Mesa</title>",
		"resources/index.html": "<!doctype html><title>Resources</title>",
		"blog/index.html":      "<!doctype html><title>Resources</title>",
	})

	get := func(p string) (int, string) {
		resp, err := http.Get(e.srv.URL + p)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for p, want := range map[string]string{"/": "Site", "/contact": "Contact", "/mesa": "Mesa", "/auth": "Shell",
		"/admin": "Shell", "/admin/posts": "Shell", "/admin/leads/0b6f1f9e-3d2a-4c57-9a44-1f1e9d6c2b10": "Shell"} {
		code, body := get(p)
		require.Equal(t, 200, code, p)
		require.Contains(t, body, want, p)
	}
	// Not an admin address: the not-found page, not the shell.
	code, _ := get("/administrator")
	require.Equal(t, 404, code)
	for _, p := range []string{"/privacy", "/risk-map", "/services/cipp-lining", "/tempe"} {
		code, body := get(p)
		require.Equal(t, 404, code, p)
		require.Contains(t, body, "Not found", p)
	}
	_, sm := get("/sitemap.xml")
	require.Contains(t, sm, "<loc>"+e.srv.URL+"/mesa</loc>")
	require.Contains(t, sm, "<loc>"+e.srv.URL+"/contact</loc>")
	require.Contains(t, sm, "<loc>"+e.srv.URL+"/</loc>")
	require.Contains(t, sm, "<loc>"+e.srv.URL+"/resources</loc>")
	require.NotContains(t, sm, "/blog<", "/blog is /resources under another address")
	require.NotContains(t, sm, "/risk-map")
	require.NotContains(t, sm, "/tempe")
}

func TestSiteServesPrecompressedFilesAndImmutableAssets(t *testing.T) {
	t.Parallel()
	e := newAuthEnvWithFiles(t, nil, false, map[string]string{
		"assets/app-1a2b3c.js":    "console.log(1)",
		"assets/app-1a2b3c.js.br": "BROTLI",
		"assets/app-1a2b3c.js.gz": "GZIP",
		"tempe/index.html":        "<html><head><title>Tempe</title></head></html>",
	})

	get := func(path, enc string) (*http.Response, string) {
		req, _ := http.NewRequest(http.MethodGet, e.srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", enc)
		tr := &http.Transport{DisableCompression: true}
		resp, err := (&http.Client{Transport: tr}).Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := get("/assets/app-1a2b3c.js", "gzip, deflate, br")
	require.Equal(t, "BROTLI", body)
	require.Equal(t, "br", resp.Header.Get("Content-Encoding"))
	require.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"))
	require.Contains(t, resp.Header.Get("Content-Type"), "javascript")
	require.Contains(t, resp.Header.Values("Vary"), "Accept-Encoding")
	resp, body = get("/assets/app-1a2b3c.js", "gzip")
	require.Equal(t, "GZIP", body)
	require.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	resp, body = get("/assets/app-1a2b3c.js", "")
	require.Equal(t, "console.log(1)", body)
	require.Empty(t, resp.Header.Get("Content-Encoding"))

	// A prerendered route's own HTML, with 200.
	resp, body = get("/tempe", "")
	require.Equal(t, 200, resp.StatusCode)
	require.Contains(t, body, "<title>Tempe</title>")
}

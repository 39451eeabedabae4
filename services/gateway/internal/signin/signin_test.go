package signin_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/oidctest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// serve mounts the sign-in routes as the edge does, on real sessions.
func serve(t *testing.T, cfg signin.Config) string {
	t.Helper()
	pool := pgtest.NewPool(t, accountspg.Migrate)
	return serveOn(t, cfg, accounts.NewService(accountspg.New(pool), time.Hour, 24*time.Hour), slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// serveOn is serve with the caller's accounts and log.
func serveOn(t *testing.T, cfg signin.Config, svc *accounts.Service, log *slog.Logger) string {
	t.Helper()
	cfg.CookieKey = []byte("0123456789abcdef0123456789abcdef")
	h, err := signin.New(context.Background(), log, cfg, svc)
	require.NoError(t, err)
	mux := http.NewServeMux()
	h.Register(mux, func(_ string, h http.Handler) http.Handler { return h })
	srv := httptest.NewServer(h.Middleware(mux))
	t.Cleanup(srv.Close)
	return srv.URL
}

func providers(t *testing.T, base string) (*http.Response, map[string]any) {
	t.Helper()
	resp, err := http.Get(base + "/api/auth/providers")
	require.NoError(t, err)
	defer resp.Body.Close()
	var out map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return resp, out
}

var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func TestWithoutOIDCGoogleSignInSaysUnavailable(t *testing.T) {
	t.Parallel()
	base := serve(t, signin.Config{StaffDomain: "valleytrenchless.example"})

	resp, out := providers(t, base)
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	require.Equal(t, map[string]any{"google": false, "staffDomain": "valleytrenchless.example", "passwordReset": false}, out)

	// /auth/google lands on the sign-in page with a reason it can show.
	resp, err := noRedirects.Get(base + "/auth/google")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	require.Equal(t, "/auth?error=google_unavailable", resp.Header.Get("Location"))
}

func TestWithOIDCProvidersSaysGoogle(t *testing.T) {
	t.Parallel()
	p := oidctest.Start(t)
	base := serve(t, signin.Config{StaffDomain: "valleytrenchless.example", Issuer: p.Issuer, ClientID: p.ClientID,
		ClientSecret: p.ClientSecret, RedirectURL: "http://127.0.0.1:1/auth/google/callback"})

	_, out := providers(t, base)
	require.Equal(t, map[string]any{"google": true, "staffDomain": "valleytrenchless.example", "passwordReset": false}, out)

	// And /auth/google goes to the provider, not to the sign-in page.
	resp, err := noRedirects.Get(base + "/auth/google")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	require.Contains(t, resp.Header.Get("Location"), p.Issuer+"/authorize?")
}

package signin_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// FuzzSessionCookie sends arbitrary Cookie headers through the session
// middleware and GET /api/user on real sessions in Postgres, with one real
// staff session open. Nothing may panic or answer 5xx; a request is signed
// in only when its session cookie is exactly that session's id; and the
// only cookie ever set is the session cookie's deletion.
func FuzzSessionCookie(f *testing.F) {
	pool := pgtest.NewPool(f, accountspg.Migrate)
	svc := accounts.NewService(accountspg.New(pool), time.Hour, 24*time.Hour)
	ctx := context.Background()
	u, err := svc.CreateLocalUser(ctx, "ana@valleytrenchless.example", "correct horse battery staple", "owner", "operator")
	if err != nil {
		f.Fatal(err)
	}
	valid, _, err := svc.StartSession(ctx, u, accounts.SessionOrigin{Method: accounts.MethodPassword})
	if err != nil {
		f.Fatal(err)
	}
	h, err := signin.New(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)),
		signin.Config{StaffDomain: "valleytrenchless.example", CookieKey: []byte("0123456789abcdef0123456789abcdef")}, svc)
	if err != nil {
		f.Fatal(err)
	}
	mux := http.NewServeMux()
	h.Register(mux, func(_ string, h http.Handler) http.Handler { return h })
	handler := h.Middleware(mux)
	name := h.SessionCookie()

	for _, seed := range []string{
		name + "=" + valid,
		name + "=" + valid + "x",
		name + "=" + strings.ToUpper(valid),
		name + "=" + strings.Repeat("A", 101),
		name + "=; " + name + "=" + valid,
		`trenchless_oidc_flow=eyJzIjoieCJ9.c2ln; ` + name + `="quoted"`,
		name + "=%00%ff",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, cookie string) {
		req := httptest.NewRequest(http.MethodGet, "/api/user", nil)
		req.Header.Set("Cookie", cookie)
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("cookie %q: %d %s", cookie, rec.Code, rec.Body)
		}
		sent, _ := req.Cookie(name)
		if rec.Code == http.StatusOK && (sent == nil || sent.Value != valid) {
			t.Fatalf("cookie %q signed in as %s", cookie, rec.Body)
		}
		if rec.Code != http.StatusOK && sent != nil && sent.Value == valid {
			t.Fatalf("the real session in %q was refused: %d", cookie, rec.Code)
		}
		for _, c := range rec.Result().Cookies() {
			if c.Name != name || c.Value != "" || c.MaxAge >= 0 {
				t.Fatalf("cookie %q made the server set %v", cookie, c)
			}
		}
	})
}

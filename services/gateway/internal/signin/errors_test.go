package signin_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// TestErrorsAreTheEdgesErrors: every error of the sign-in routes is written
// by the edge's error writer (the same bytes httperr writes for the same
// gRPC status), with the status and message the sign-in page has always
// shown; an internal failure (Postgres gone) is logged with its detail and
// answered with a generic message.
func TestErrorsAreTheEdgesErrors(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t, accountspg.Migrate)
	svc := accounts.NewService(accountspg.New(pool), time.Hour, 24*time.Hour)
	_, err := svc.CreateLocalUser(context.Background(), "ana@valleytrenchless.example", "correct horse battery", "owner", accounts.SourceOperator)
	require.NoError(t, err)
	logs := &logtest.Buffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	open := serveOn(t, signin.Config{StaffDomain: "valleytrenchless.example", RegistrationOpen: true}, svc, log)
	closed := serveOn(t, signin.Config{StaffDomain: "valleytrenchless.example"}, svc, log)
	const internalMsg = "Something went wrong on our side. Please try again."

	type call struct {
		name, base, method, path, body string
		want                           error
		status                         int
	}
	check := func(t *testing.T, c call) {
		req, err := http.NewRequest(c.method, c.base+c.path, strings.NewReader(c.body))
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		got, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, c.status, resp.StatusCode, "%s", got)
		want := httptest.NewRecorder()
		httperr.Writer{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Internal: internalMsg}.Write(context.Background(), want, c.want)
		require.Equal(t, want.Body.String(), string(got))
		require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
		require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	}
	for _, c := range []call{
		{"login without a password", open, "POST", "/api/login", `{"username":"ana@valleytrenchless.example"}`,
			status.Error(codes.InvalidArgument, "Enter your e-mail and password."), 400},
		{"login with a wrong password", open, "POST", "/api/login", `{"username":"ana@valleytrenchless.example","password":"wrong password!"}`,
			status.Error(codes.Unauthenticated, "Incorrect e-mail or password."), 401},
		{"current user when signed out", open, "GET", "/api/user", ``, status.Error(codes.Unauthenticated, "Not signed in."), 401},
		{"registration closed", closed, "POST", "/api/register", `{"username":"joe@example.com","password":"long enough password"}`,
			status.Error(codes.PermissionDenied, "Registration is disabled"), 403},
		{"registration without a password", open, "POST", "/api/register", `{"username":"joe@example.com"}`,
			status.Error(codes.InvalidArgument, "Enter an e-mail and a password."), 400},
		{"registration with a short password", open, "POST", "/api/register", `{"username":"joe@example.com","password":"short"}`,
			grpcserver.FieldViolation("password", "password.min_len", fmt.Sprintf("Password must be at least %d characters.", accounts.MinPasswordLen)), 400},
		{"registration with a common password", open, "POST", "/api/register", `{"username":"joe@example.com","password":"Password123!"}`,
			grpcserver.FieldViolation("password", "password.guessable", "This password is too easy to guess: it is a common password or close to one, or made of your e-mail or the company's name. "+
				"Try a few unrelated words, or let your password manager make one."), 400},
		{"registration with a bad address", open, "POST", "/api/register", `{"username":"joe","password":"long enough password"}`,
			status.Error(codes.InvalidArgument, "Enter a valid e-mail address."), 400},
		// A NUL, which Postgres refuses in text, names no account and
		// makes no address (it made both a 500).
		{"login with a NUL in the e-mail", open, "POST", "/api/login", `{"username":"ana@valleytrenchless.example\u0000","password":"correct horse battery"}`,
			status.Error(codes.Unauthenticated, "Incorrect e-mail or password."), 401},
		{"login with a NUL in the password", open, "POST", "/api/login", `{"username":"ana@valleytrenchless.example","password":"correct horse\u0000battery"}`,
			status.Error(codes.Unauthenticated, "Incorrect e-mail or password."), 401},
		{"registration with a NUL in the address", open, "POST", "/api/register", `{"username":"joe\u0000@example.com","password":"long enough password"}`,
			status.Error(codes.InvalidArgument, "Enter a valid e-mail address."), 400},
		{"registration of a known address", open, "POST", "/api/register", `{"username":"Ana@valleytrenchless.example","password":"long enough password"}`,
			status.Error(codes.AlreadyExists, "An account with this e-mail already exists. Sign in instead."), 409},
	} {
		t.Run(c.name, func(t *testing.T) { check(t, c) })
	}

	// With Postgres gone, login and registration fail inside: the client
	// gets the generic message, the log the detail.
	pool.Close()
	check(t, call{"login", open, "POST", "/api/login", `{"username":"ana@valleytrenchless.example","password":"correct horse battery"}`,
		status.Error(codes.Internal, "any detail"), 500})
	check(t, call{"register", open, "POST", "/api/register", `{"username":"bo@example.com","password":"long enough password"}`,
		status.Error(codes.Internal, "any detail"), 500})
	require.Contains(t, logs.String(), `msg="request failed" code=Internal err="login: `)
	require.Contains(t, logs.String(), `msg="request failed" code=Internal err="register: `)
	require.Contains(t, logs.String(), "closed pool")
}

// While the sessions cannot be looked up (the database failing over), a
// signed-in request is neither signed out nor told to sign in: GET
// /api/user answers 503 with Retry-After, the cookie stays, and a request
// without a cookie is still 401.
func TestSessionLookupFailureIsUnavailableNotSignedOut(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t, accountspg.Migrate)
	svc := accounts.NewService(accountspg.New(pool), time.Hour, 24*time.Hour)
	_, err := svc.CreateLocalUser(context.Background(), "ana@valleytrenchless.example", "correct horse battery", "owner", accounts.SourceOperator)
	require.NoError(t, err)
	base := serveOn(t, signin.Config{StaffDomain: "valleytrenchless.example"}, svc, slog.New(slog.NewTextHandler(io.Discard, nil)))

	resp, err := http.Post(base+"/api/login", "application/json",
		strings.NewReader(`{"username":"ana@valleytrenchless.example","password":"correct horse battery"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	cookies := resp.Cookies()
	require.NotEmpty(t, cookies)
	user := func(withCookie bool) (*http.Response, string) {
		req, err := http.NewRequest("GET", base+"/api/user", nil)
		require.NoError(t, err)
		if withCookie {
			for _, c := range cookies {
				req.AddCookie(c)
			}
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	resp, _ = user(true)
	require.Equal(t, 200, resp.StatusCode)

	pool.Close()
	resp, body := user(true)
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, body)
	require.Equal(t, "5", resp.Header.Get("Retry-After"))
	require.Contains(t, body, httperr.MsgUnavailable)
	require.Empty(t, resp.Cookies(), "the session cookie is kept")
	resp, _ = user(false)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

package main

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// TestQueuedUserSignsInThroughTheCodeFlow runs the command and plays the
// relying party: discovery, authorize with PKCE, token exchange with the
// flag-given client, and reads the ID token's claims.
func TestQueuedUserSignsInThroughTheCodeFlow(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	var logs logtest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, slog.New(slog.NewJSONHandler(&logs, nil)), []string{"-addr", addr, "-client-secret", "very-secret-value"})
	}()
	issuer := "http://" + addr
	require.Eventually(t, func() bool {
		resp, err := http.Get(issuer + "/.well-known/openid-configuration")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	}, 10*time.Second, 20*time.Millisecond)

	resp, err := http.Post(issuer+"/next-user", "application/json",
		strings.NewReader(`{"email": "ana@valleytrenchless.example", "emailVerified": true, "hd": "valleytrenchless.example"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNoContent, resp.StatusCode)
	resp, err = http.Post(issuer+"/next-user", "application/json", strings.NewReader(`{"mail": "typo"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusBadRequest, resp.StatusCode)

	verifier := "a-code-verifier-long-enough-for-pkce-0123456789"
	sum := sha256.Sum256([]byte(verifier))
	redirect := "http://127.0.0.1:1/auth/google/callback"
	q := url.Values{"response_type": {"code"}, "client_id": {"trenchless-web"}, "redirect_uri": {redirect}, "state": {"st"},
		"nonce": {"n1"}, "code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"}}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err = noFollow.Get(issuer + "/authorize?" + q.Encode())
	require.NoError(t, err)
	resp.Body.Close()
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	require.Equal(t, "st", back.Query().Get("state"))

	form := url.Values{"grant_type": {"authorization_code"}, "code": {back.Query().Get("code")}, "redirect_uri": {redirect},
		"code_verifier": {verifier}, "client_id": {"trenchless-web"}, "client_secret": {"very-secret-value"}}
	resp, err = http.PostForm(issuer+"/token", form)
	require.NoError(t, err)
	var tok struct {
		IDToken string `json:"id_token"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&tok))
	resp.Body.Close()
	parts := strings.Split(tok.IDToken, ".")
	require.Len(t, parts, 3)
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	require.NoError(t, err)
	var claims map[string]any
	require.NoError(t, json.Unmarshal(payload, &claims))
	require.Equal(t, issuer, claims["iss"])
	require.Equal(t, "ana@valleytrenchless.example", claims["email"])
	require.Equal(t, true, claims["email_verified"])
	require.Equal(t, "valleytrenchless.example", claims["hd"])
	require.Equal(t, "n1", claims["nonce"])

	cancel()
	require.NoError(t, <-done)
	require.Contains(t, logs.String(), "oidcdev listening")
	require.NotContains(t, logs.String(), "very-secret-value", "the client secret is never printed")
}

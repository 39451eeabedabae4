// Package oidctest is a real OpenID Connect provider for tests and local
// development: discovery, JWKS, an authorization endpoint that signs in a
// queued user at once, and a token endpoint that checks the client, the
// code and PKCE and returns an RS256-signed ID token. Each field of the next
// token can be tampered with to test a relying party's refusals. Start runs
// one for a test; New and Handler let scripts/oidcdev serve one on its own.
package oidctest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// User is who signs in next.
type User struct {
	Subject       string
	Email         string
	EmailVerified bool
	// HD is Google's hosted-domain claim; empty leaves it out.
	HD string
}

// Test client credentials: Start's defaults (New's too).
const (
	DefaultClientID     = "trenchless-web"
	DefaultClientSecret = "s3cret-client"
)

// Provider is an OIDC provider. Issuer, ClientID and ClientSecret are read
// by every request: set them before serving, never while.
type Provider struct {
	// Issuer is the provider's URL, as relying parties reach it.
	Issuer       string
	ClientID     string
	ClientSecret string

	key *rsa.PrivateKey

	mu   sync.Mutex
	next User
	// Tamper edits the claims of the next ID token (then is cleared).
	tamper func(claims map[string]any)
	codes  map[string]grant
}

type grant struct {
	user      User
	nonce     string
	challenge string
	redirect  string
	clientID  string
}

// New returns a provider with a fresh signing key and the default client,
// not yet serving: set Issuer to the URL Handler will be served at.
func New() (*Provider, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	return &Provider{ClientID: DefaultClientID, ClientSecret: DefaultClientSecret, key: key, codes: map[string]grant{}}, nil
}

// Handler serves the provider's endpoints: discovery, JWKS, authorize and
// token.
func (p *Provider) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /keys", p.jwks)
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /token", p.token)
	return mux
}

// Start runs a provider on a loopback port until the test ends.
func Start(t testing.TB) *Provider {
	t.Helper()
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.Handler())
	p.Issuer = srv.URL
	t.Cleanup(srv.Close)
	return p
}

// SignInAs queues the user the next authorization signs in.
func (p *Provider) SignInAs(u User) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.next = u
}

// TamperNextToken changes the next ID token's claims.
func (p *Provider) TamperNextToken(f func(claims map[string]any)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tamper = f
}

func (p *Provider) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, 200, map[string]any{
		"issuer":                                p.Issuer,
		"authorization_endpoint":                p.Issuer + "/authorize",
		"token_endpoint":                        p.Issuer + "/token",
		"jwks_uri":                              p.Issuer + "/keys",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, 200, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &p.key.PublicKey, KeyID: "k1", Algorithm: "RS256", Use: "sig"}}})
}

func randomString() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("response_type") != "code" || q.Get("client_id") != p.ClientID || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		http.Error(w, "invalid authorization request", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	code := randomString()
	p.codes[code] = grant{user: p.next, nonce: q.Get("nonce"), challenge: q.Get("code_challenge"), redirect: q.Get("redirect_uri"), clientID: q.Get("client_id")}
	p.mu.Unlock()
	u, err := url.Parse(q.Get("redirect_uri"))
	if err != nil {
		http.Error(w, "bad redirect_uri", http.StatusBadRequest)
		return
	}
	v := u.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	u.RawQuery = v.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	p.mu.Lock()
	g, found := p.codes[r.PostForm.Get("code")]
	delete(p.codes, r.PostForm.Get("code"))
	tamper := p.tamper
	p.tamper = nil
	p.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	switch {
	case id != p.ClientID || secret != p.ClientSecret:
		writeJSON(w, 401, map[string]string{"error": "invalid_client"})
		return
	case !found || g.redirect != r.PostForm.Get("redirect_uri"):
		writeJSON(w, 400, map[string]string{"error": "invalid_grant"})
		return
	case base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge:
		writeJSON(w, 400, map[string]string{"error": "invalid_grant", "error_description": "PKCE verification failed"})
		return
	}
	now := time.Now()
	claims := map[string]any{
		"iss": p.Issuer, "sub": g.user.Subject, "aud": g.clientID, "iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(),
		"nonce": g.nonce, "email": g.user.Email, "email_verified": g.user.EmailVerified,
	}
	if g.user.HD != "" {
		claims["hd"] = g.user.HD
	}
	if tamper != nil {
		tamper(claims)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: p.key, KeyID: "k1"}}, nil)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	payload, _ := json.Marshal(claims)
	jws, err := signer.Sign(payload)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	idToken, _ := jws.CompactSerialize()
	writeJSON(w, 200, map[string]any{"access_token": randomString(), "token_type": "Bearer", "expires_in": 300, "id_token": idToken})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

package signin

// The company-domain OIDC flow (/auth/google): the provider's discovery,
// the signed flow cookie that carries state, nonce and PKCE verifier
// through the round trip, and the callback that checks them and the
// staff domain before it starts a session.

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// discover reads the OIDC provider's configuration (its endpoints and
// keys) from cfg.Issuer.
func (h *Handler) discover(ctx context.Context) error {
	cfg := h.cfg
	p, err := oidc.NewProvider(ctx, cfg.Issuer)
	if err != nil {
		return fmt.Errorf("signin: discover %s: %w", cfg.Issuer, err)
	}
	h.provider = p
	h.oauth = &oauth2.Config{ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, RedirectURL: cfg.RedirectURL,
		Endpoint: p.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
	h.verifier = p.Verifier(&oidc.Config{ClientID: cfg.ClientID})
	return nil
}

func (h *Handler) flowCookie() string {
	if h.cfg.SecureCookies {
		return "__Host-oidc-flow"
	}
	return "trenchless_oidc_flow"
}

// flow is the state kept in the browser during the OIDC round trip,
// signed so it cannot be forged, and short-lived.
type flow struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Expires  int64  `json:"e"`
	// Next is the staff page to land on after signing in (AdminPath).
	Next string `json:"x,omitempty"`
}

// AdminPath is next when it names a staff page (/admin, /admin/…, with a
// query), else /admin: the address a sign-in lands on comes from the
// browser, so it must never lead off the site (//host, /\host) or out of
// the staff area. It is read as the browser will read the redirect: a
// browser takes %2e for a dot, so /admin/%2e%2e/blog is /blog. The path is
// therefore decoded and its dot segments resolved before it is checked, and
// what is returned is that resolved path encoded again.
func AdminPath(next string) string {
	if len(next) > 512 || strings.Contains(next, "//") || refusedInPath(next) {
		return adminURL
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" ||
		strings.Contains(u.Path, "//") || refusedInPath(u.Path) {
		return adminURL
	}
	p := path.Clean(u.Path)
	if p != adminURL && !strings.HasPrefix(p, adminURL+"/") {
		return adminURL
	}
	out := (&url.URL{Path: p}).EscapedPath()
	if u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	return out
}

// refusedInPath reports a backslash (a browser's slash) or a control
// character (which a browser drops) in s.
func refusedInPath(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r == '\\' || unicode.IsControl(r) })
}

func (h *Handler) sign(b []byte) string {
	m := hmac.New(sha256.New, h.cfg.CookieKey)
	m.Write(b)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func (h *Handler) encodeFlow(f flow) string {
	b, _ := json.Marshal(f)
	return base64.RawURLEncoding.EncodeToString(b) + "." + h.sign(b)
}

func (h *Handler) decodeFlow(v string) (flow, bool) {
	body, sig, ok := strings.Cut(v, ".")
	if !ok {
		return flow{}, false
	}
	b, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || !hmac.Equal([]byte(sig), []byte(h.sign(b))) {
		return flow{}, false
	}
	var f flow
	if json.Unmarshal(b, &f) != nil || h.now().Unix() > f.Expires {
		return flow{}, false
	}
	return f, true
}

func random() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Where failures and successes land.
const (
	deniedURL = "/auth?error=access_denied"
	// unavailableURL is where /auth/google sends staff when no OIDC
	// provider is configured: the sign-in page explains it and offers the
	// local login, rather than a bare error page.
	unavailableURL = "/auth?error=google_unavailable"
	// notInvitedURL: a company-domain Google account no owner has added.
	notInvitedURL = "/auth?error=not_invited"
	// disabledURL: an account an owner has disabled.
	disabledURL = "/auth?error=account_disabled"
	adminURL    = "/admin"
)

func (h *Handler) deny(w http.ResponseWriter, r *http.Request, reason string, args ...any) {
	h.denyTo(w, r, deniedURL, reason, args...)
}

func (h *Handler) denyTo(w http.ResponseWriter, r *http.Request, to, reason string, args ...any) {
	h.log.WarnContext(r.Context(), "staff sign-in refused: "+reason, args...)
	h.setCookie(w, h.flowCookie(), "", time.Time{})
	http.Redirect(w, r, to, http.StatusFound)
}

func (h *Handler) startOIDC(w http.ResponseWriter, r *http.Request) {
	if h.provider == nil {
		h.log.WarnContext(r.Context(), "Google sign-in requested but no OIDC provider is configured")
		http.Redirect(w, r, unavailableURL, http.StatusFound)
		return
	}
	f := flow{State: random(), Nonce: random(), Verifier: oauth2.GenerateVerifier(), Expires: h.now().Add(10 * time.Minute).Unix(),
		Next: AdminPath(r.URL.Query().Get("next"))}
	h.setCookie(w, h.flowCookie(), h.encodeFlow(f), time.Unix(f.Expires, 0))
	url := h.oauth.AuthCodeURL(f.State, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier),
		oauth2.SetAuthURLParam("hd", h.cfg.StaffDomain), oauth2.SetAuthURLParam("prompt", "select_account"))
	http.Redirect(w, r, url, http.StatusFound)
}

func (h *Handler) finishOIDC(w http.ResponseWriter, r *http.Request) {
	if h.provider == nil {
		h.deny(w, r, "no OIDC provider is configured")
		return
	}
	c, err := r.Cookie(h.flowCookie())
	if err != nil {
		h.deny(w, r, "no sign-in in progress")
		return
	}
	f, ok := h.decodeFlow(c.Value)
	if !ok {
		h.deny(w, r, "sign-in cookie invalid or expired")
		return
	}
	q := r.URL.Query()
	if e := q.Get("error"); e != "" {
		h.deny(w, r, "provider returned an error", "error", e)
		return
	}
	if q.Get("state") == "" || !hmac.Equal([]byte(q.Get("state")), []byte(f.State)) {
		h.deny(w, r, "state mismatch")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
	defer cancel()
	tok, err := h.oauth.Exchange(ctx, q.Get("code"), oauth2.VerifierOption(f.Verifier))
	if err != nil {
		h.deny(w, r, "code exchange failed", "err", err)
		return
	}
	raw, _ := tok.Extra("id_token").(string)
	idt, err := h.verifier.Verify(ctx, raw)
	if err != nil {
		h.deny(w, r, "ID token not valid", "err", err)
		return
	}
	if !hmac.Equal([]byte(idt.Nonce), []byte(f.Nonce)) {
		h.deny(w, r, "nonce mismatch")
		return
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		HD            string `json:"hd"`
	}
	if err := idt.Claims(&claims); err != nil {
		h.deny(w, r, "claims unreadable", "err", err)
		return
	}
	email := accounts.NormalizeEmail(claims.Email)
	domain := strings.ToLower(h.cfg.StaffDomain)
	switch {
	case !claims.EmailVerified:
		h.deny(w, r, "e-mail not verified", "email", email)
		return
	case accounts.DomainOf(email) != domain:
		h.deny(w, r, "e-mail outside the staff domain", "email", email)
		return
	case strings.ToLower(claims.HD) != domain:
		h.deny(w, r, "hosted-domain claim missing or different", "email", email, "hd", claims.HD)
		return
	}
	u, err := h.accounts.SignInOIDC(r.Context(), email, idt.Subject, h.cfg.AutoRole)
	switch {
	case errors.Is(err, accounts.ErrNotInvited):
		h.audit(r, "", email, "sign-in.failed", http.StatusForbidden)
		h.denyTo(w, r, notInvitedURL, "not on the staff", "email", email)
		return
	case errors.Is(err, accounts.ErrDisabled):
		h.audit(r, "", email, "sign-in.failed", http.StatusForbidden)
		h.denyTo(w, r, disabledURL, "account disabled", "email", email)
		return
	case err == nil:
		err = h.signIn(w, r, u, accounts.MethodGoogle)
	}
	if err != nil {
		h.log.ErrorContext(r.Context(), "staff sign-in failed", "err", err)
		h.deny(w, r, "could not start the session")
		return
	}
	h.setCookie(w, h.flowCookie(), "", time.Time{})
	h.log.InfoContext(r.Context(), "staff signed in", "email", email)
	h.audit(r, u.ID, u.Username, "sign-in", http.StatusOK)
	http.Redirect(w, r, AdminPath(f.Next), http.StatusFound)
}

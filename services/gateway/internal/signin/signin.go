// Package signin is the gateway's sign-in surface: the company-domain OIDC
// flow (/auth/google), local-account login, logout, the current user, which
// ways of signing in are configured, and (when opened by configuration)
// registration, all on server-side sessions carried by one cookie.
package signin

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
)

// Config configures sign-in.
type Config struct {
	// StaffDomain is the company's e-mail domain (e.g. valleytrenchless.example).
	StaffDomain string
	// OIDC provider; an empty Issuer disables /auth/google.
	Issuer, ClientID, ClientSecret, RedirectURL string
	// SecureCookies sets Secure and the __Host- prefix (every deployment on
	// https); off only for plain-http local development.
	SecureCookies bool
	// RegistrationOpen allows POST /api/register (never grants staff).
	RegistrationOpen bool
	// CookieKey signs the short-lived OIDC flow cookie.
	CookieKey []byte
}

// Handler serves the sign-in routes and resolves sessions.
type Handler struct {
	cfg      Config
	log      *slog.Logger
	errs     httperr.Writer
	accounts *accounts.Service
	provider *oidc.Provider
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
	now      func() time.Time
}

// New returns a Handler. With an Issuer it discovers the provider (so the
// gateway waits for it at start, as it needs it to sign staff in).
func New(ctx context.Context, log *slog.Logger, cfg Config, svc *accounts.Service) (*Handler, error) {
	h := &Handler{cfg: cfg, log: log, errs: httperr.Writer{Log: log, Internal: msgInternal}, accounts: svc, now: time.Now}
	if len(cfg.CookieKey) < 32 {
		return nil, errors.New("signin: cookie key must be at least 32 bytes")
	}
	if cfg.Issuer != "" {
		p, err := oidc.NewProvider(ctx, cfg.Issuer)
		if err != nil {
			return nil, fmt.Errorf("signin: discover %s: %w", cfg.Issuer, err)
		}
		h.provider = p
		h.oauth = &oauth2.Config{ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, RedirectURL: cfg.RedirectURL,
			Endpoint: p.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"}}
		h.verifier = p.Verifier(&oidc.Config{ClientID: cfg.ClientID})
	}
	return h, nil
}

// SessionCookie is the session cookie's name.
func (h *Handler) SessionCookie() string {
	if h.cfg.SecureCookies {
		return "__Host-session"
	}
	return "trenchless_session"
}

func (h *Handler) flowCookie() string {
	if h.cfg.SecureCookies {
		return "__Host-oidc-flow"
	}
	return "trenchless_oidc_flow"
}

func (h *Handler) setCookie(w http.ResponseWriter, name, value string, expires time.Time) {
	c := &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, Secure: h.cfg.SecureCookies, SameSite: http.SameSiteLaxMode}
	if value == "" {
		c.MaxAge = -1
	} else if !expires.IsZero() {
		c.Expires = expires
	}
	http.SetCookie(w, c)
}

type ctxKey struct{}

// unknownKey marks a request whose session cookie could not be looked up
// (the database failing over, say): whether it is signed in is not known.
type unknownKey struct{}

// SessionUnknown reports whether the request carried a session cookie that
// could not be looked up. Staff routes answer it 503, not 401: a failover
// must not send staff to the sign-in page (or make them sign in again).
func SessionUnknown(ctx context.Context) bool {
	unknown, _ := ctx.Value(unknownKey{}).(bool)
	return unknown
}

// FromContext returns the request's session, if signed in.
func FromContext(ctx context.Context) (accounts.Session, bool) {
	s, ok := ctx.Value(ctxKey{}).(accounts.Session)
	return s, ok
}

// session resolves the request's session cookie with find (Lookup, or
// Current when the request is not activity). sent is whether a cookie came;
// err is accounts.ErrNoSession when it names no live session, or a failure
// to find out.
func (h *Handler) session(r *http.Request, find func(context.Context, string) (accounts.Session, error)) (sess accounts.Session, sent bool, err error) {
	c, err := r.Cookie(h.SessionCookie())
	if err != nil || c.Value == "" {
		return accounts.Session{}, false, nil
	}
	sess, err = find(r.Context(), c.Value)
	return sess, true, err
}

// StillSignedIn reports whether the request's session cookie still names a
// live session, and its user, without counting as activity (a long-lived
// stream asks it now and then). err is a failure to find out.
func (h *Handler) StillSignedIn(r *http.Request) (accounts.User, bool, error) {
	sess, sent, err := h.session(r, h.accounts.Current)
	switch {
	case errors.Is(err, accounts.ErrNoSession):
		return accounts.User{}, false, nil
	case err != nil:
		return accounts.User{}, false, err
	}
	return sess.User, sent, nil
}

// Middleware resolves the session cookie into the request context. A
// cookie that no longer names a session is cleared.
func (h *Handler) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sess, sent, err := h.session(r, h.accounts.Lookup)
		switch {
		case !sent:
		case err == nil:
			r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, sess))
		case errors.Is(err, accounts.ErrNoSession):
			h.setCookie(w, h.SessionCookie(), "", time.Time{})
		default:
			h.log.ErrorContext(r.Context(), "session lookup failed", "err", err)
			r = r.WithContext(context.WithValue(r.Context(), unknownKey{}, true))
		}
		next.ServeHTTP(w, r)
	})
}

// Register mounts the routes on mux; wrap may add limits per route.
func (h *Handler) Register(mux *http.ServeMux, wrap func(path string, h http.Handler) http.Handler) {
	for _, r := range []struct {
		method, path string
		h            http.HandlerFunc
	}{
		{"GET", "/auth/google", h.startOIDC},
		{"GET", "/auth/google/callback", h.finishOIDC},
		{"POST", "/api/login", h.login},
		{"POST", "/api/logout", h.logout},
		{"GET", "/api/user", h.user},
		{"GET", "/api/auth/providers", h.providers},
		{"POST", "/api/register", h.register},
	} {
		mux.Handle(r.method+" "+r.path, wrap(r.path, r.h))
	}
}

// toProto is the signed-in user as the web app sees it: the User message
// of proto/trenchless/gateway/v1/signin.proto, whose generated TypeScript
// type the web app reads.
func toProto(u accounts.User) *gatewayv1.User {
	return &gatewayv1.User{Id: u.ID, Username: u.Username, IsStaff: u.IsStaff}
}

// jsonOut marshals like the grpc-gateway mux: camelCase names, every field.
var jsonOut = protojson.MarshalOptions{EmitUnpopulated: true}

func (h *Handler) writeProto(w http.ResponseWriter, r *http.Request, m proto.Message) {
	b, err := jsonOut.Marshal(m)
	if err != nil { // cannot happen for these flat messages
		h.errs.Write(r.Context(), w, status.Errorf(codes.Internal, "marshal %T: %v", m, err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

// What sign-in answers, in the words the sign-in page shows (gRPC codes, as
// everywhere at the edge, give the HTTP status). An internal error is
// logged with its detail (the status's text) and answered with
// msgInternal.
const msgInternal = "Something went wrong on our side. Please try again."

var (
	errNoCredentials      = status.Error(codes.InvalidArgument, "Enter your e-mail and password.")
	errBadCredentials     = status.Error(codes.Unauthenticated, "Incorrect e-mail or password.")
	errNotSignedIn        = status.Error(codes.Unauthenticated, "Not signed in.")
	errSessionUnknown     = status.Error(codes.Unavailable, "session lookup failed")
	errRegistrationClosed = status.Error(codes.PermissionDenied, "Registration is disabled")
	errNoRegistration     = status.Error(codes.InvalidArgument, "Enter an e-mail and a password.")
	errAccountExists      = status.Error(codes.AlreadyExists, "An account with this e-mail already exists. Sign in instead.")
	errPasswordTooShort   = status.Errorf(codes.InvalidArgument, "Password must be at least %d characters.", accounts.MinPasswordLen)
	errNotAnEmailAddress  = status.Error(codes.InvalidArgument, "Enter a valid e-mail address.")
)

// internal is an unexpected failure: its detail goes to the log only.
func internal(what string, err error) error {
	return status.Errorf(codes.Internal, "%s: %v", what, err)
}

// signIn starts a fresh session (a new id every time) and sets the cookie.
func (h *Handler) signIn(w http.ResponseWriter, r *http.Request, u accounts.User) error {
	// Drop the session this browser had, if any: no session fixation.
	if c, err := r.Cookie(h.SessionCookie()); err == nil {
		_ = h.accounts.EndSession(r.Context(), c.Value)
	}
	id, expires, err := h.accounts.StartSession(r.Context(), u)
	if err != nil {
		return err
	}
	h.setCookie(w, h.SessionCookie(), id, expires)
	return nil
}

// readCredentials reads a LoginRequest (at most 4 KiB; unknown fields are
// ignored) and reports whether both fields are filled.
func readCredentials(r *http.Request) (*gatewayv1.LoginRequest, bool) {
	c := &gatewayv1.LoginRequest{}
	b, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, 4<<10))
	if err != nil || (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, c) != nil {
		return c, false
	}
	c.Username = strings.TrimSpace(c.Username)
	return c, c.Username != "" && c.Password != ""
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	c, ok := readCredentials(r)
	if !ok {
		h.errs.Write(r.Context(), w, errNoCredentials)
		return
	}
	u, err := h.accounts.Authenticate(r.Context(), c.Username, c.Password)
	if errors.Is(err, accounts.ErrInvalidCredentials) {
		h.log.InfoContext(r.Context(), "login refused", "username", accounts.NormalizeEmail(c.Username))
		h.errs.Write(r.Context(), w, errBadCredentials)
		return
	}
	if err == nil {
		err = h.signIn(w, r, u)
	}
	if err != nil {
		h.errs.Write(r.Context(), w, internal("login", err))
		return
	}
	h.writeProto(w, r, toProto(u))
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(h.SessionCookie()); err == nil {
		if err := h.accounts.EndSession(r.Context(), c.Value); err != nil {
			h.errs.Write(r.Context(), w, internal("logout", err))
			return
		}
	}
	h.setCookie(w, h.SessionCookie(), "", time.Time{})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	// What the staff area left in this browser goes with the session.
	w.Header().Set("Clear-Site-Data", `"cache", "storage"`)
	_ = json.NewEncoder(w).Encode(map[string]bool{"ok": true})
}

func (h *Handler) user(w http.ResponseWriter, r *http.Request) {
	s, ok := FromContext(r.Context())
	switch {
	case !ok && SessionUnknown(r.Context()):
		w.Header().Set("Retry-After", "5")
		h.errs.Write(r.Context(), w, errSessionUnknown)
		return
	case !ok:
		h.errs.Write(r.Context(), w, errNotSignedIn)
		return
	}
	h.writeProto(w, r, toProto(s.User))
}

// providers tells the sign-in page which ways in exist, so it can say so
// when Google sign-in is not configured instead of sending staff to a dead
// end.
func (h *Handler) providers(w http.ResponseWriter, r *http.Request) {
	h.writeProto(w, r, &gatewayv1.AuthProviders{Google: h.provider != nil, StaffDomain: h.cfg.StaffDomain})
}

func (h *Handler) register(w http.ResponseWriter, r *http.Request) {
	if !h.cfg.RegistrationOpen {
		h.errs.Write(r.Context(), w, errRegistrationClosed)
		return
	}
	c, ok := readCredentials(r)
	if !ok {
		h.errs.Write(r.Context(), w, errNoRegistration)
		return
	}
	// Self-registration never grants staff rights, whatever the domain.
	u, err := h.accounts.CreateLocalUser(r.Context(), c.Username, c.Password, false, accounts.SourceRegistered)
	switch {
	case errors.Is(err, accounts.ErrExists):
		err = errAccountExists
	case err != nil && strings.Contains(err.Error(), "password must be"):
		err = errPasswordTooShort
	case err != nil && strings.Contains(err.Error(), "not an e-mail"):
		err = errNotAnEmailAddress
	case err != nil:
		err = internal("register", err)
	default:
		if err = h.signIn(w, r, u); err != nil {
			err = internal("register sign-in", err)
		}
	}
	if err != nil {
		h.errs.Write(r.Context(), w, err)
		return
	}
	h.writeProto(w, r, toProto(u))
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
// the staff area.
func AdminPath(next string) string {
	if next != adminURL && !strings.HasPrefix(next, adminURL+"/") && !strings.HasPrefix(next, adminURL+"?") {
		return adminURL
	}
	if strings.ContainsAny(next, "\\\r\n\t") || strings.Contains(next, "//") || strings.Contains(next, "/../") ||
		strings.HasSuffix(next, "/..") || len(next) > 512 {
		return adminURL
	}
	return next
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
	adminURL       = "/admin"
)

func (h *Handler) deny(w http.ResponseWriter, r *http.Request, reason string, args ...any) {
	h.log.WarnContext(r.Context(), "staff sign-in refused: "+reason, args...)
	h.setCookie(w, h.flowCookie(), "", time.Time{})
	http.Redirect(w, r, deniedURL, http.StatusFound)
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
	u, err := h.accounts.SignInOIDC(r.Context(), email)
	if err == nil {
		err = h.signIn(w, r, u)
	}
	if err != nil {
		h.log.ErrorContext(r.Context(), "staff sign-in failed", "err", err)
		h.deny(w, r, "could not start the session")
		return
	}
	h.setCookie(w, h.flowCookie(), "", time.Time{})
	h.log.InfoContext(r.Context(), "staff signed in", "email", email)
	http.Redirect(w, r, AdminPath(f.Next), http.StatusFound)
}

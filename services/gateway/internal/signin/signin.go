// Package signin is the gateway's sign-in surface: the company-domain OIDC
// flow (/auth/google), local-account login, logout, the current user, which
// ways of signing in are configured, and (when opened by configuration)
// registration, all on server-side sessions carried by one cookie.
package signin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"

	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
)

// Config configures sign-in.
type Config struct {
	// StaffDomain is the company's e-mail domain (e.g. valleytrenchless.example).
	StaffDomain string
	// PublicOrigin is the site's address, the base of one-time links.
	PublicOrigin string
	// OIDC provider; an empty Issuer disables /auth/google.
	Issuer, ClientID, ClientSecret, RedirectURL string
	// SecureCookies sets Secure and the __Host- prefix (every deployment on
	// https); off only for plain-http local development.
	SecureCookies bool
	// RegistrationOpen allows POST /api/register (never grants staff).
	RegistrationOpen bool
	// CookieKey signs the short-lived OIDC flow cookie.
	CookieKey []byte
	// AutoRole, when set, is the role a company-domain Google account gets
	// at its first sign-in without an owner's invitation; empty (the
	// default) refuses it until an owner adds the person on the Staff tab.
	AutoRole string
	// Throttle takes a token from a bucket shared by every gateway replica
	// (accountspg.TakeToken) for each failed attempt, and ThrottlePeek
	// (accountspg.PeekToken) asks before an attempt whether one is left:
	// failures are counted, a colleague's many good sign-ins are not. Nil
	// turns the per-account sign-in throttle off.
	Throttle     func(ctx context.Context, key string, burst int, every time.Duration) (bool, time.Duration, error)
	ThrottlePeek func(ctx context.Context, key string, burst int, every time.Duration) (bool, time.Duration, error)
	// Ended, when set, is told of an account whose sessions an owner's
	// change (disabling, a new role) or a password change ended or
	// narrowed, so this gateway's open streams of it end at once
	// (sessionend.Registry.EndUser); other replicas' re-check within
	// seconds.
	Ended func(userID string)
	// Audit, when set, records sign-in events (audit.Recorder.SignIn):
	// userID is empty when no account is known.
	Audit func(r *http.Request, userID, actor, kind string, status int)
	// Mail, when set, sends a forgotten password's reset link (the
	// gateway's mail server, mail.SMTP.Send); nil turns POST
	// /api/password-reset off, and the sign-in page says to ask an owner.
	Mail func(ctx context.Context, m mail.Message) error
	// CompanyName names the site in the mail.
	CompanyName string
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
	// passwordGate, when set, may refuse a correct password (GatePasswordSignIn).
	passwordGate func(http.ResponseWriter, *http.Request, accounts.User) error
	// resetSends holds a place for each reset mail on its way.
	resetSends chan struct{}
}

// New returns a Handler. With an Issuer it discovers the provider (so the
// gateway waits for it at start, as it needs it to sign staff in).
func New(ctx context.Context, log *slog.Logger, cfg Config, svc *accounts.Service) (*Handler, error) {
	h := &Handler{cfg: cfg, log: log, errs: httperr.Writer{Log: log, Internal: msgInternal}, accounts: svc, now: time.Now,
		resetSends: make(chan struct{}, maxResetSends)}
	if len(cfg.CookieKey) < 32 {
		return nil, errors.New("signin: cookie key must be at least 32 bytes")
	}
	if cfg.Issuer != "" {
		if err := h.discover(ctx); err != nil {
			return nil, err
		}
	}
	return h, nil
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
		{"GET", "/api/admin/staff", h.Owner(h.listStaff)},
		{"POST", "/api/admin/staff", h.Owner(h.inviteStaff)},
		{"PATCH", "/api/admin/staff/{id}", h.Owner(h.updateStaff)},
		{"POST", "/api/admin/staff/{id}/invite-link", h.Owner(h.newInviteLink)},
		{"POST", "/api/account/password", h.changePassword},
		{"GET", "/api/account/sessions", h.Staff(h.listSessions)},
		{"DELETE", "/api/account/sessions/{id}", h.Staff(h.endSession)},
		{"POST", "/api/account/sessions/end-others", h.Staff(h.endOtherSessions)},
		{"POST", "/api/account/confirm", h.Staff(h.confirm)},
		{"GET", "/api/staff/assignees", h.assignees},
		{"GET", "/api/set-password", h.passwordLink},
		{"POST", "/api/set-password", h.setPassword},
		{"POST", "/api/password-reset", h.requestReset},
	} {
		mux.Handle(r.method+" "+r.path, wrap(r.path, r.h))
	}
}

// toProto is the signed-in user as the web app sees it: the User message
// of proto/trenchless/gateway/v1/signin.proto, whose generated TypeScript
// type the web app reads.
func toProto(u accounts.User) *gatewayv1.User {
	return &gatewayv1.User{Id: u.ID, Username: u.Username, IsStaff: u.IsStaff, Role: u.Role, SignIn: u.SignIn}
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
	errNotAnEmailAddress  = status.Error(codes.InvalidArgument, "Enter a valid e-mail address.")
	errDisabled           = status.Error(codes.PermissionDenied, "This account is disabled. Ask an owner of the site if you need it back.")
)

// msgPasswordGuessable refuses a new password a guesser would try early.
const msgPasswordGuessable = "This password is too easy to guess: it is a common password or close to one, or made of your e-mail or the company's name. " +
	"Try a few unrelated words, or let your password manager make one."

// newPasswordRefused words a refused new password (accounts.ErrShortPassword
// or ErrGuessablePassword) as the request's field's problem, so a form
// shows it under the field.
func newPasswordRefused(field string, err error) error {
	if errors.Is(err, accounts.ErrGuessablePassword) {
		return grpcserver.FieldViolation(field, "password.guessable", msgPasswordGuessable)
	}
	return grpcserver.FieldViolation(field, "password.min_len", msgPasswordTooShort)
}

// msgPasswordTooShort refuses a new password under accounts.MinPasswordLen.
var msgPasswordTooShort = fmt.Sprintf("Password must be at least %d characters.", accounts.MinPasswordLen)

const msgThrottled = "Too many sign-in attempts for this account. Wait a few minutes, then try again."

// The per-account sign-in throttle: ten failed attempts, then one a minute.
const (
	loginBurst  = 10
	loginRefill = time.Minute
)

// bucketName names an account's sign-in bucket by the SHA-256 of the
// e-mail as typed (normalised): whatever a client sends (4 KiB, a NUL the
// database cannot store), the key is 32 hex digits.
func bucketName(username string) string {
	sum := sha256.Sum256([]byte(accounts.NormalizeEmail(username)))
	return hex.EncodeToString(sum[:16])
}

// throttled says how long an attempt on key must wait (ten failures have
// emptied its bucket), or 0 when it may go ahead.
func (h *Handler) throttled(ctx context.Context, key string) (time.Duration, error) {
	if h.cfg.Throttle == nil || h.cfg.ThrottlePeek == nil {
		return 0, nil
	}
	ok, wait, err := h.cfg.ThrottlePeek(ctx, key, loginBurst, loginRefill)
	if err != nil || ok {
		return 0, err
	}
	return max(wait, time.Second), nil
}

// failed counts a failed attempt on key. Not being able to count it is
// logged: the attempt has been refused anyway.
func (h *Handler) failed(ctx context.Context, key string) {
	if h.cfg.Throttle == nil {
		return
	}
	if _, _, err := h.cfg.Throttle(ctx, key, loginBurst, loginRefill); err != nil {
		h.log.WarnContext(ctx, "sign-in throttle: a failure not counted", "err", err)
	}
}

// audit records a sign-in event when the audit log is configured.
func (h *Handler) audit(r *http.Request, userID, actor, kind string, status int) {
	if h.cfg.Audit != nil {
		h.cfg.Audit(r, userID, actor, kind, status)
	}
}

// internal is an unexpected failure: its detail goes to the log only.
func internal(what string, err error) error {
	return status.Errorf(codes.Internal, "%s: %v", what, err)
}

// signIn starts a fresh session (a new id every time) and sets the cookie;
// method (accounts.Method*) and the browser are kept for the account's
// list of sessions.
func (h *Handler) signIn(w http.ResponseWriter, r *http.Request, u accounts.User, method string) error {
	// Drop the session this browser had, if any: no session fixation.
	if c, err := r.Cookie(h.SessionCookie()); err == nil {
		_ = h.accounts.EndSession(r.Context(), c.Value)
	}
	id, expires, err := h.accounts.StartSession(r.Context(), u, accounts.SessionOrigin{Method: method, UserAgent: r.UserAgent()})
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
	// The account's bucket is taken whether or not the account exists:
	// the same answer, after the same work, for every e-mail.
	bucket := "login|" + bucketName(c.Username)
	if wait, err := h.throttled(r.Context(), bucket); err != nil || wait > 0 {
		if err != nil {
			h.errs.Write(r.Context(), w, internal("login throttle", err))
			return
		}
		h.log.WarnContext(r.Context(), "login throttled", "username", accounts.NormalizeEmail(c.Username))
		h.audit(r, "", accounts.NormalizeEmail(c.Username), "sign-in.failed", http.StatusTooManyRequests)
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
		httperr.WriteBody(w, http.StatusTooManyRequests, httperr.Body{Message: msgThrottled, Code: "resource_exhausted",
			Details: []httperr.FieldViolation{}})
		return
	}
	u, err := h.accounts.Authenticate(r.Context(), c.Username, c.Password)
	if errors.Is(err, accounts.ErrInvalidCredentials) {
		h.log.InfoContext(r.Context(), "login refused", "username", accounts.NormalizeEmail(c.Username))
		h.failed(r.Context(), bucket)
		h.audit(r, "", accounts.NormalizeEmail(c.Username), "sign-in.failed", http.StatusUnauthorized)
		h.errs.Write(r.Context(), w, errBadCredentials)
		return
	}
	if errors.Is(err, accounts.ErrDisabled) {
		h.log.InfoContext(r.Context(), "login refused: account disabled", "username", accounts.NormalizeEmail(c.Username))
		h.audit(r, "", accounts.NormalizeEmail(c.Username), "sign-in.failed", http.StatusForbidden)
		h.errs.Write(r.Context(), w, errDisabled)
		return
	}
	if err == nil && h.passwordGate != nil {
		if refused := h.passwordGate(w, r, u); refused != nil {
			h.audit(r, u.ID, u.Username, "sign-in.failed", http.StatusForbidden)
			h.errs.Write(r.Context(), w, refused)
			return
		}
	}
	if err == nil {
		err = h.signIn(w, r, u, accounts.MethodPassword)
	}
	if err != nil {
		h.errs.Write(r.Context(), w, internal("login", err))
		return
	}
	h.audit(r, u.ID, u.Username, "sign-in", http.StatusOK)
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
	h.writeProto(w, r, &gatewayv1.AuthProviders{Google: h.provider != nil, StaffDomain: h.cfg.StaffDomain,
		PasswordReset: h.cfg.Mail != nil})
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
	u, err := h.accounts.CreateLocalUser(r.Context(), c.Username, c.Password, "", accounts.SourceRegistered)
	switch {
	case errors.Is(err, accounts.ErrExists):
		err = errAccountExists
	case errors.Is(err, accounts.ErrShortPassword), errors.Is(err, accounts.ErrGuessablePassword):
		err = newPasswordRefused("password", err)
	case err != nil && strings.Contains(err.Error(), "not an e-mail"):
		err = errNotAnEmailAddress
	case err != nil:
		err = internal("register", err)
	default:
		if err = h.signIn(w, r, u, accounts.MethodRegistration); err != nil {
			err = internal("register sign-in", err)
		}
	}
	if err != nil {
		h.errs.Write(r.Context(), w, err)
		return
	}
	h.writeProto(w, r, toProto(u))
}

package signin

// The session middleware and what it tells the handlers: a request's
// session cookie resolved into its context, once per request.

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// SessionCookie is the session cookie's name.
func (h *Handler) SessionCookie() string {
	if h.cfg.SecureCookies {
		return "__Host-session"
	}
	return "trenchless_session"
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

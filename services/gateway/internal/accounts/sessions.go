package accounts

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
	"unicode/utf8"
)

// How a session began (SessionOrigin.Method).
const (
	MethodPassword     = "password"
	MethodGoogle       = "google"
	MethodPasskey      = "passkey"
	MethodLink         = "link" // a set-password link
	MethodRegistration = "registration"
)

// SessionOrigin is how a session began, for its owner's list of sessions.
type SessionOrigin struct {
	// Method is one of the Method* constants.
	Method string
	// UserAgent is the sign-in request's User-Agent (kept to
	// MaxUserAgentBytes).
	UserAgent string
}

// MaxUserAgentBytes is as much of a User-Agent as a session keeps.
const MaxUserAgentBytes = 512

// MaxListedSessions bounds an account's list of sessions: a person has a
// handful; the bound keeps the answer small whatever a script did.
const MaxListedSessions = 100

// StoredSession is a session as the store lists it.
type StoredSession struct {
	IDHash    []byte
	CreatedAt time.Time
	LastSeen  time.Time
	ExpiresAt time.Time
	Method    string
	UserAgent string
}

// SessionInfo is one live session of an account, as its owner sees it.
type SessionInfo struct {
	// Handle names the session in EndSessionOf. It is neither the
	// session's id (the cookie) nor the hash the store keeps.
	Handle    string
	CreatedAt time.Time
	LastSeen  time.Time
	ExpiresAt time.Time
	Method    string
	UserAgent string
	// Current is the session the request came with.
	Current bool
}

// sessionHandle is the public name of the session stored under idHash.
func sessionHandle(idHash []byte) string {
	sum := sha256.Sum256(append([]byte("session-handle:"), idHash...))
	return hex.EncodeToString(sum[:16])
}

// clean is o with its User-Agent cut to MaxUserAgentBytes (on a
// character's boundary) and without control characters.
func (o SessionOrigin) clean() SessionOrigin {
	ua := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, strings.ToValidUTF8(o.UserAgent, ""))
	for len(ua) > MaxUserAgentBytes {
		_, size := utf8.DecodeLastRuneInString(ua)
		ua = ua[:len(ua)-size]
	}
	o.UserAgent = ua
	return o
}

// Sessions lists u's live sessions (not expired, not idle), the most
// recently active first, marking the one whose id is currentID.
func (s *Service) Sessions(ctx context.Context, u User, currentID string) ([]SessionInfo, error) {
	stored, err := s.store.ListUserSessions(ctx, u.ID, s.now(), s.idle, MaxListedSessions)
	if err != nil {
		return nil, err
	}
	current := hashID(currentID)
	out := make([]SessionInfo, 0, len(stored))
	for _, st := range stored {
		out = append(out, SessionInfo{
			Handle: sessionHandle(st.IDHash), CreatedAt: st.CreatedAt, LastSeen: st.LastSeen, ExpiresAt: st.ExpiresAt,
			Method: st.Method, UserAgent: st.UserAgent, Current: currentID != "" && bytes.Equal(st.IDHash, current),
		})
	}
	return out, nil
}

// EndSessionOf ends u's session named handle (SessionInfo.Handle), or says
// ErrNotFound when u has no live session of that name: another account's
// sessions cannot be named.
func (s *Service) EndSessionOf(ctx context.Context, u User, handle string) error {
	if len(handle) != 32 {
		return ErrNotFound
	}
	stored, err := s.store.ListUserSessions(ctx, u.ID, s.now(), s.idle, MaxListedSessions)
	if err != nil {
		return err
	}
	for _, st := range stored {
		if sessionHandle(st.IDHash) == handle {
			return s.store.DeleteUserSession(ctx, u.ID, st.IDHash)
		}
	}
	return ErrNotFound
}

// EndOtherSessions ends every session of u but currentID's and says how
// many it ended.
func (s *Service) EndOtherSessions(ctx context.Context, u User, currentID string) (int64, error) {
	return s.store.DeleteOtherSessions(ctx, u.ID, hashID(currentID))
}

// Confirm records that the person of session id proved it was them by
// typing u's password again: for RecentSignIn the session may change how
// the account signs in. An account without a password is ErrNotLocal (it
// confirms by signing in again); a wrong password ErrInvalidCredentials.
func (s *Service) Confirm(ctx context.Context, u User, id, password string) error {
	if u.SignIn != SignInPassword || u.PasswordHash == "" {
		return ErrNotLocal
	}
	if !CheckPassword(u.PasswordHash, password) {
		return ErrInvalidCredentials
	}
	return s.store.ConfirmSession(ctx, hashID(id), s.now())
}

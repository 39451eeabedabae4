// Package accounts is the gateway's sign-in domain: users (local accounts
// with argon2id passwords, and company-domain OIDC identities) and
// server-side sessions with idle and absolute expiry.
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"
)

// Errors.
var (
	ErrNotFound           = errors.New("not found")
	ErrExists             = errors.New("an account with this e-mail already exists")
	ErrInvalidCredentials = errors.New("incorrect e-mail or password")
	ErrNoSession          = errors.New("no valid session")
	// ErrLastOwner refuses to demote or disable the last active owner.
	ErrLastOwner = errors.New("the last owner cannot be demoted or disabled")
	// ErrNotInvited refuses a company-domain Google account no owner has
	// added to the staff.
	ErrNotInvited = errors.New("not on the staff")
	// ErrDisabled refuses a disabled account.
	ErrDisabled = errors.New("account disabled")
	// ErrThrottled refuses a sign-in to an account tried too often.
	ErrThrottled = errors.New("too many sign-in attempts")
)

// Sources of an account.
const (
	SourceOperator   = "operator"   // created by `gateway users create`
	SourceOIDC       = "oidc"       // a verified company-domain identity
	SourceRegistered = "registered" // self-registered; never staff
	SourceInvited    = "invited"    // added by an owner on the Staff tab
)

// Ways a staff member signs in.
const (
	SignInPassword = "password"
	SignInGoogle   = "google"
)

// User is an account.
type User struct {
	ID           string
	Username     string // e-mail, lower-case
	PasswordHash string
	IsStaff      bool
	Source       string
	CreatedAt    time.Time
	// Role is "owner", "editor" or "sales" for staff, empty otherwise
	// (identity.Role*).
	Role string
	// SignIn is SignInPassword or SignInGoogle.
	SignIn string
	// InvitedAt is set from an owner's invitation until the first sign-in.
	InvitedAt    *time.Time
	DisabledAt   *time.Time
	LastSignInAt *time.Time
	// OIDCSubject is the identity provider's "sub", once linked.
	OIDCSubject string
	// Passkeys is how many passkeys the account has (filled by ListStaff).
	Passkeys int
}

// Status is how the Staff tab shows an account: "disabled", "invited" or
// "active".
func (u User) Status() string {
	switch {
	case u.DisabledAt != nil:
		return "disabled"
	case u.InvitedAt != nil:
		return "invited"
	}
	return "active"
}

// StaffChange is an owner's change to a staff account: nil fields stay.
type StaffChange struct {
	Role     *string
	Disabled *bool
}

// Session is a signed-in browser.
type Session struct {
	User      User
	CreatedAt time.Time
	LastSeen  time.Time
	ExpiresAt time.Time
	// ConfirmedAt is when the person last proved it was them in this
	// session: its sign-in, or a later Confirm.
	ConfirmedAt time.Time
}

// RecentSignIn is how long after a sign-in (or a Confirm) a session may
// change how the account signs in (add or remove a passkey): a browser
// left signed in, or a stolen cookie, cannot give someone else a way in
// of their own (ASVS 7.5.1).
const RecentSignIn = 10 * time.Minute

// Recent reports whether the session's person proved it was them within
// RecentSignIn of now.
func (s Session) Recent(now time.Time) bool {
	return now.Sub(s.ConfirmedAt) < RecentSignIn
}

// Store persists users and sessions. Sessions are stored by the SHA-256 of
// their id, so a leaked table does not leak usable cookies.
type Store interface {
	CreateUser(ctx context.Context, u User) (User, error)
	UserByUsername(ctx context.Context, username string) (User, error)
	UserByID(ctx context.Context, id string) (User, error)
	// OIDCSignIn finds the staff account of a verified company-domain
	// identity: by subject once linked, else by e-mail (linking the
	// subject). An unknown identity becomes an owner when there is no
	// staff yet, an account of autoRole when that is set, and is refused
	// with ErrNotInvited otherwise. A disabled account: ErrDisabled.
	OIDCSignIn(ctx context.Context, username, subject, autoRole string, now time.Time) (User, error)
	// RecordSignIn notes a successful sign-in (and ends an invitation).
	RecordSignIn(ctx context.Context, userID string, now time.Time) error
	// ListStaff returns staff accounts, owners first, then by e-mail, with
	// their passkey counts.
	ListStaff(ctx context.Context, limit int) ([]User, error)
	// UpdateStaff applies an owner's change; disabling ends the account's
	// sessions in the same transaction. ErrLastOwner protects the last
	// active owner.
	UpdateStaff(ctx context.Context, id string, c StaffChange, now time.Time) (User, error)
	// SetPasswordLink stores a one-time link's token hash for a local
	// account, replacing its earlier one; reset marks a link the person
	// asked for by e-mail (RequestReset) rather than one an owner made.
	SetPasswordLink(ctx context.Context, userID string, tokenHash []byte, expires time.Time, reset bool) error
	// PasswordLinkUser returns a live link: its enabled account, expiry
	// and kind.
	PasswordLinkUser(ctx context.Context, tokenHash []byte, now time.Time) (LinkInfo, error)
	// UsePasswordLink spends a live link: the password is set, the
	// invitation ended and every session of the account ended.
	UsePasswordLink(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (User, error)
	// SetPasswordKeep replaces userID's password and ends every session of
	// the account but keep (the one that changed it).
	SetPasswordKeep(ctx context.Context, userID, hash string, keep []byte) error
	// SetPassword replaces the password and ends every session of the
	// account.
	SetPassword(ctx context.Context, username, hash string) error
	CreateSession(ctx context.Context, idHash []byte, userID string, now, expires time.Time, origin SessionOrigin) error
	// ListUserSessions lists up to limit of userID's sessions live at now
	// (before their expiry, active within idle), most recently active
	// first.
	ListUserSessions(ctx context.Context, userID string, now time.Time, idle time.Duration, limit int) ([]StoredSession, error)
	// DeleteUserSession ends userID's session idHash (none of another
	// account's).
	DeleteUserSession(ctx context.Context, userID string, idHash []byte) error
	// ConfirmSession notes that the session's person proved it was them.
	ConfirmSession(ctx context.Context, idHash []byte, now time.Time) error
	// DeleteOtherSessions ends userID's sessions but keep and says how
	// many.
	DeleteOtherSessions(ctx context.Context, userID string, keep []byte) (int64, error)
	// SessionByHash returns the session and its user.
	SessionByHash(ctx context.Context, idHash []byte) (Session, error)
	TouchSession(ctx context.Context, idHash []byte, now time.Time) error
	DeleteSession(ctx context.Context, idHash []byte) error
	// DeleteUserSessions ends every session of username, or of every
	// account when username is empty, and says how many.
	DeleteUserSessions(ctx context.Context, username string) (int64, error)
	DeleteExpiredSessions(ctx context.Context, now time.Time, idle time.Duration) (int64, error)
}

// Service implements sign-in.
type Service struct {
	store    Store
	idle     time.Duration
	absolute time.Duration
	now      func() time.Time
	dummy    string
	// words are SetPasswordWords': new passwords are not to be made of them.
	words []string
}

// NewService returns a Service with the given session lifetimes.
func NewService(store Store, idle, absolute time.Duration) *Service {
	s := &Service{store: store, idle: idle, absolute: absolute, now: time.Now}
	s.dummy, _ = HashPassword("timing-equaliser")
	return s
}

// NormalizeEmail lower-cases and trims an e-mail.
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// DomainOf returns the part after the last @.
func DomainOf(email string) string {
	i := strings.LastIndexByte(email, '@')
	if i < 0 {
		return ""
	}
	return email[i+1:]
}

// Argon2id parameters (OWASP's recommended minimum: 19 MiB, 2 passes).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
)

// HashPassword returns an argon2id PHC string.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// CheckPassword verifies pw against a PHC string in constant time.
func CheckPassword(hash, pw string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[4])
	want, err2 := enc.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// MinPasswordLen is the shortest password accepted.
const MinPasswordLen = 12

// CreateLocalUser creates an account with a password: staff with role
// (identity.Role*), or a visitor when role is empty.
func (s *Service) CreateLocalUser(ctx context.Context, email, password, role, source string) (User, error) {
	email = NormalizeEmail(email)
	// A NUL cannot be stored (Postgres refuses it in text): no address
	// holds one.
	if !strings.Contains(email, "@") || DomainOf(email) == "" || strings.ContainsRune(email, 0) {
		return User{}, fmt.Errorf("%q is not an e-mail address", email)
	}
	if err := s.CheckNewPassword(password, email); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return User{}, err
	}
	return s.store.CreateUser(ctx, User{Username: email, PasswordHash: hash, IsStaff: role != "", Role: role, Source: source, SignIn: SignInPassword})
}

// Authenticate checks a local account's password. Unknown users cost the
// same time as known ones, so the answer does not reveal which e-mails
// have accounts.
func (s *Service) Authenticate(ctx context.Context, email, password string) (User, error) {
	var u User
	err := ErrNotFound // a NUL, which Postgres cannot compare, names no account
	if !strings.ContainsRune(email, 0) {
		u, err = s.store.UserByUsername(ctx, NormalizeEmail(email))
	}
	if errors.Is(err, ErrNotFound) || (err == nil && u.PasswordHash == "") {
		CheckPassword(s.dummy, password)
		return User{}, ErrInvalidCredentials
	}
	if err != nil {
		return User{}, err
	}
	if !CheckPassword(u.PasswordHash, password) {
		return User{}, ErrInvalidCredentials
	}
	// Only the right password learns that the account is disabled.
	if u.DisabledAt != nil {
		return User{}, ErrDisabled
	}
	return u, nil
}

// SignInOIDC finds the staff account of a verified company-domain identity
// (see Store.OIDCSignIn).
func (s *Service) SignInOIDC(ctx context.Context, email, subject, autoRole string) (User, error) {
	return s.store.OIDCSignIn(ctx, NormalizeEmail(email), subject, autoRole, s.now())
}

func hashID(id string) []byte {
	sum := sha256.Sum256([]byte(id))
	return sum[:]
}

// StartSession creates a session for u and returns its opaque id (the
// cookie value). Every sign-in gets a new id.
func (s *Service) StartSession(ctx context.Context, u User, origin SessionOrigin) (string, time.Time, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", time.Time{}, err
	}
	id := base64.RawURLEncoding.EncodeToString(b)
	now := s.now()
	expires := now.Add(s.absolute)
	if err := s.store.CreateSession(ctx, hashID(id), u.ID, now, expires, origin.clean()); err != nil {
		return "", time.Time{}, err
	}
	if err := s.store.RecordSignIn(ctx, u.ID, now); err != nil {
		return "", time.Time{}, err
	}
	return id, expires, nil
}

// touchEvery limits last-seen writes to one a minute per session.
const touchEvery = time.Minute

// Lookup returns the session for an id, or ErrNoSession when it is
// unknown, idle too long or past its absolute expiry. It counts as the
// session's activity.
func (s *Service) Lookup(ctx context.Context, id string) (Session, error) {
	return s.lookup(ctx, id, true)
}

// Current is Lookup without counting as activity: a long-lived stream
// checks with it that its session still holds, and an inbox left open
// does not keep an idle session alive.
func (s *Service) Current(ctx context.Context, id string) (Session, error) {
	return s.lookup(ctx, id, false)
}

func (s *Service) lookup(ctx context.Context, id string, touch bool) (Session, error) {
	if id == "" || len(id) > 100 {
		return Session{}, ErrNoSession
	}
	h := hashID(id)
	sess, err := s.store.SessionByHash(ctx, h)
	if errors.Is(err, ErrNotFound) {
		return Session{}, ErrNoSession
	}
	if err != nil {
		return Session{}, err
	}
	now := s.now()
	if !now.Before(sess.ExpiresAt) || now.Sub(sess.LastSeen) >= s.idle {
		_ = s.store.DeleteSession(ctx, h)
		return Session{}, ErrNoSession
	}
	if touch && now.Sub(sess.LastSeen) >= touchEvery {
		if err := s.store.TouchSession(ctx, h, now); err != nil {
			return Session{}, err
		}
	}
	return sess, nil
}

// EndSession deletes the session server-side.
func (s *Service) EndSession(ctx context.Context, id string) error {
	if id == "" {
		return nil
	}
	return s.store.DeleteSession(ctx, hashID(id))
}

// SignOut ends every session of the account email, or of every account
// when email is empty (an operator's `gateway users sign-out`), and says
// how many it ended.
func (s *Service) SignOut(ctx context.Context, email string) (int64, error) {
	if email == "" {
		return s.store.DeleteUserSessions(ctx, "")
	}
	return s.store.DeleteUserSessions(ctx, NormalizeEmail(email))
}

// SweepSessions removes expired sessions.
func (s *Service) SweepSessions(ctx context.Context) (int64, error) {
	return s.store.DeleteExpiredSessions(ctx, s.now(), s.idle)
}

// SetPassword replaces a local account's password and signs the account
// out everywhere: a password is changed because the old one may be known,
// and a session opened with it must not outlive it.
func (s *Service) SetPassword(ctx context.Context, email, password string) error {
	if err := s.CheckNewPassword(password, email); err != nil {
		return err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.store.SetPassword(ctx, NormalizeEmail(email), hash)
}

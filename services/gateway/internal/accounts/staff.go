package accounts

// Staff management: what an owner does on the Staff tab, the one-time
// links that set an invited person's password, and changing one's own.

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/identity"
)

// Errors of staff management.
var (
	ErrInvalidRole   = errors.New("unknown role")
	ErrInvalidSignIn = errors.New("unknown way of signing in")
	ErrNotAnEmail    = errors.New("not an e-mail address")
	ErrOffDomain     = errors.New("a Google account must be on the company domain")
	ErrShortPassword = fmt.Errorf("password must be at least %d characters", MinPasswordLen)
	ErrNoLink        = errors.New("this link is not valid")
	ErrNotLocal      = errors.New("the account signs in with Google")
)

// LinkTTL is how long a set-password link an owner makes works.
const LinkTTL = 72 * time.Hour

// ResetTTL is how long a link a person asked for by e-mail works: an hour
// to open a mail that arrives in seconds.
const ResetTTL = time.Hour

// MaxStaff is the most accounts the Staff tab lists (a company's staff is
// a short list; the bound keeps the answer small whatever happens).
const MaxStaff = 500

// Link is a one-time set-password link's secret and expiry.
type Link struct {
	Token   string
	Expires time.Time
}

// ValidEmail is a plausible e-mail address: a local part, @, a domain, no
// NUL, at most 254 bytes.
func ValidEmail(email string) bool {
	return strings.Contains(email, "@") && DomainOf(email) != "" && !strings.ContainsRune(email, 0) && len(email) <= 254
}

// ListStaff returns the staff, owners first.
func (s *Service) ListStaff(ctx context.Context) ([]User, error) {
	return s.store.ListStaff(ctx, MaxStaff)
}

// UserByUsername returns the account of an e-mail address.
func (s *Service) UserByUsername(ctx context.Context, email string) (User, error) {
	email = NormalizeEmail(email)
	if !ValidEmail(email) {
		return User{}, ErrNotFound
	}
	return s.store.UserByUsername(ctx, email)
}

// UserByID returns an account.
func (s *Service) UserByID(ctx context.Context, id string) (User, error) {
	return s.store.UserByID(ctx, id)
}

// Invite adds a person to the staff with role. A Google account must be on
// staffDomain and signs in with Google; a password account gets a
// one-time link that sets its password.
func (s *Service) Invite(ctx context.Context, email, role, signIn, staffDomain string) (User, Link, error) {
	email = NormalizeEmail(email)
	switch {
	case !ValidEmail(email):
		return User{}, Link{}, ErrNotAnEmail
	case !identity.ValidRole(role):
		return User{}, Link{}, ErrInvalidRole
	case signIn != SignInGoogle && signIn != SignInPassword:
		return User{}, Link{}, ErrInvalidSignIn
	case signIn == SignInGoogle && DomainOf(email) != strings.ToLower(staffDomain):
		return User{}, Link{}, ErrOffDomain
	}
	now := s.now()
	u, err := s.store.CreateUser(ctx, User{Username: email, IsStaff: true, Role: role, Source: SourceInvited, SignIn: signIn, InvitedAt: &now})
	if err != nil || signIn == SignInGoogle {
		return u, Link{}, err
	}
	link, err := s.NewPasswordLink(ctx, u)
	return u, link, err
}

// CreateGoogleUser adds a company-domain Google account to the staff (an
// operator's `gateway users create --google`): it signs in with Google
// and has no password.
func (s *Service) CreateGoogleUser(ctx context.Context, email, role, staffDomain string) (User, error) {
	email = NormalizeEmail(email)
	switch {
	case !ValidEmail(email):
		return User{}, ErrNotAnEmail
	case !identity.ValidRole(role):
		return User{}, ErrInvalidRole
	case staffDomain != "" && DomainOf(email) != strings.ToLower(staffDomain):
		return User{}, ErrOffDomain
	}
	return s.store.CreateUser(ctx, User{Username: email, IsStaff: true, Role: role, Source: SourceOperator, SignIn: SignInGoogle})
}

// NewPasswordLink makes a fresh one-time link for a password account,
// replacing the one it had.
func (s *Service) NewPasswordLink(ctx context.Context, u User) (Link, error) {
	return s.newLink(ctx, u, LinkTTL, false)
}

// ResetLink makes the one-time link a person asked for by e-mail
// (POST /api/password-reset): it works for ResetTTL and replaces the
// account's earlier link, an owner's too (the newest link is the one
// that works). Setting a password through it signs no one in.
func (s *Service) ResetLink(ctx context.Context, u User) (Link, error) {
	return s.newLink(ctx, u, ResetTTL, true)
}

func (s *Service) newLink(ctx context.Context, u User, ttl time.Duration, reset bool) (Link, error) {
	if u.SignIn != SignInPassword {
		return Link{}, ErrNotLocal
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return Link{}, err
	}
	l := Link{Token: base64.RawURLEncoding.EncodeToString(b), Expires: s.now().Add(ttl)}
	return l, s.store.SetPasswordLink(ctx, u.ID, hashID(l.Token), l.Expires, reset)
}

// LinkInfo is a live one-time link: whose password it sets, until when,
// and whether the person asked for it by e-mail (a reset) rather than an
// owner making it.
type LinkInfo struct {
	User    User
	Expires time.Time
	Reset   bool
}

// PasswordLink returns a live link's account, expiry and kind.
func (s *Service) PasswordLink(ctx context.Context, token string) (LinkInfo, error) {
	if token == "" || len(token) > 100 {
		return LinkInfo{}, ErrNoLink
	}
	return s.store.PasswordLinkUser(ctx, hashID(token), s.now())
}

// UsePasswordLink sets the password through a live link and spends it;
// the answer holds the account as it is now, and the link's kind.
func (s *Service) UsePasswordLink(ctx context.Context, token, password string) (LinkInfo, error) {
	l, err := s.PasswordLink(ctx, token)
	if err != nil {
		return LinkInfo{}, err
	}
	if err := s.CheckNewPassword(password, l.User.Username); err != nil {
		return LinkInfo{}, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return LinkInfo{}, err
	}
	l.User, err = s.store.UsePasswordLink(ctx, hashID(token), hash, s.now())
	return l, err
}

// UpdateStaff applies an owner's change to an account.
func (s *Service) UpdateStaff(ctx context.Context, id string, c StaffChange) (User, error) {
	if c.Role != nil && !identity.ValidRole(*c.Role) {
		return User{}, ErrInvalidRole
	}
	return s.store.UpdateStaff(ctx, id, c, s.now())
}

// ChangePassword replaces the signed-in person's password after checking
// the current one, and ends every other session of the account (the one
// in use, sessionID, stays).
func (s *Service) ChangePassword(ctx context.Context, u User, sessionID, current, next string) error {
	if u.SignIn != SignInPassword || u.PasswordHash == "" {
		return ErrNotLocal
	}
	if !CheckPassword(u.PasswordHash, current) {
		return ErrInvalidCredentials
	}
	if err := s.CheckNewPassword(next, u.Username); err != nil {
		return err
	}
	hash, err := HashPassword(next)
	if err != nil {
		return err
	}
	return s.store.SetPasswordKeep(ctx, u.ID, hash, hashID(sessionID))
}

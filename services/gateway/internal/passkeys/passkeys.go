// Package passkeys is staff sign-in with passkeys (WebAuthn, go-webauthn):
// registering one or more from the account page, signing in with a passkey
// alone (discoverable credentials, no e-mail typed), and the owner's
// sign-in policy that requires a passkey or Google for every staff account.
package passkeys

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// Errors of the domain; the handlers answer each in words for people.
var (
	ErrNotFound    = errors.New("passkey not found")
	ErrExists      = errors.New("this passkey is already registered")
	ErrLastPasskey = errors.New("the last passkey of an account the policy covers")
	ErrBadName     = errors.New("a passkey's name is 1 to 60 characters")
	// ErrCeremony is a ceremony that cannot finish: unknown, expired,
	// taken, or for another account.
	ErrCeremony = errors.New("no such passkey ceremony")
	// ErrVerification is an answer from the authenticator that does not
	// verify (signature, challenge, origin, site, flags).
	ErrVerification = errors.New("the passkey's answer does not verify")
	// ErrUnknownPasskey is a passkey this site no longer knows (removed
	// from the account, still on the device).
	ErrUnknownPasskey = errors.New("unknown passkey")
	ErrDisabled       = errors.New("account disabled")
	// ErrCloned is a passkey whose signature counter went backwards: two
	// copies of its private key may be in use.
	ErrCloned = errors.New("passkey counter went backwards")
	// ErrNotRequired is an enrolment asked for when the policy is off or
	// the account already has a passkey.
	ErrNotRequired = errors.New("no passkey enrolment is needed")
	// ErrUnavailable: the site's origin is an IP address, for which no
	// browser makes passkeys.
	ErrUnavailable = errors.New("passkeys are not available at this origin")
)

// MaxNameLen is the longest passkey name, in characters.
const MaxNameLen = 60

// Passkey is one registered credential.
type Passkey struct {
	ID        []byte
	UserID    string
	Name      string
	PublicKey []byte // COSE
	SignCount uint32
	// Transports is how the browser reaches the authenticator (internal,
	// hybrid, usb, nfc, ble).
	Transports []string
	AAGUID     uuid.UUID
	// Flags is the authenticator data's flags as last seen (UP, UV, BE, BS).
	Flags             byte
	AttestationType   string
	AttestationFormat string
	Attachment        string
	CreatedAt         time.Time
	LastUsedAt        *time.Time
}

// Synced reports whether the passkey is backed up (a platform's synced
// passkey), as its last use said.
func (p Passkey) Synced() bool {
	return webauthn.CredentialFlagsFromMsgpByte(p.Flags).BackupState
}

func (p Passkey) credential() webauthn.Credential {
	transports := make([]protocol.AuthenticatorTransport, len(p.Transports))
	for i, t := range p.Transports {
		transports[i] = protocol.AuthenticatorTransport(t)
	}
	aaguid := p.AAGUID
	return webauthn.Credential{
		ID: p.ID, PublicKey: p.PublicKey, AttestationType: p.AttestationType, AttestationFormat: p.AttestationFormat,
		Transport: transports, Flags: webauthn.CredentialFlagsFromMsgpByte(p.Flags),
		Authenticator: webauthn.Authenticator{AAGUID: aaguid[:], SignCount: p.SignCount, Attachment: protocol.AuthenticatorAttachment(p.Attachment)},
	}
}

// Policy is the owner's sign-in policy.
type Policy struct {
	// RequirePasskey: staff sign in with a passkey or Google, never with a
	// password alone.
	RequirePasskey bool
	UpdatedBy      string
	UpdatedAt      time.Time
	// WithoutPasskey is how many active staff accounts have a password and
	// no passkey: with the policy on, each is asked to add one at its next
	// sign-in.
	WithoutPasskey int
}

// Config configures passkeys.
type Config struct {
	// Origin is the site's origin as browsers see it (scheme://host[:port]);
	// its host is the passkeys' site (the WebAuthn relying party id), so
	// passkeys registered here work on this host and no other. A browser
	// refuses an IP address as a passkey's site.
	Origin string
	// SiteName is the name the browser shows when it asks for a passkey.
	SiteName string
	// Timeout is how long a ceremony may take; zero means DefaultTimeout.
	Timeout time.Duration
}

// DefaultTimeout is the time a person has to answer the browser's prompt.
const DefaultTimeout = 5 * time.Minute

// Users finds accounts (accountspg.Store).
type Users interface {
	UserByID(ctx context.Context, id string) (accounts.User, error)
}

// Service runs the ceremonies and keeps passkeys and the policy.
type Service struct {
	log     *slog.Logger
	wa      *webauthn.WebAuthn
	store   *Store
	users   Users
	timeout time.Duration
	now     func() time.Time
}

// New returns a Service. At an origin whose host is an IP address (a
// development server's http://127.0.0.1:8080), which no browser makes
// passkeys for, ceremonies answer ErrUnavailable and the policy cannot be
// turned on; the rest works.
func New(log *slog.Logger, cfg Config, store *Store, users Users) (*Service, error) {
	u, err := url.Parse(cfg.Origin)
	if err != nil || u.Scheme == "" || u.Hostname() == "" {
		return nil, fmt.Errorf("passkeys: origin %q is not scheme://host[:port]", cfg.Origin)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	s := &Service{log: log, store: store, users: users, timeout: cfg.Timeout, now: time.Now}
	if net.ParseIP(u.Hostname()) != nil {
		log.Warn("passkeys are off: browsers make none for an IP address; open the site by a name (GATEWAY_PASSKEY_ORIGIN)", "origin", cfg.Origin)
		return s, nil
	}
	timeouts := webauthn.TimeoutConfig{Enforce: true, Timeout: cfg.Timeout, TimeoutUVD: cfg.Timeout}
	s.wa, err = webauthn.New(&webauthn.Config{
		RPID:          u.Hostname(),
		RPDisplayName: cfg.SiteName,
		RPOrigins:     []string{u.Scheme + "://" + u.Host},
		// Which authenticator model it is does not matter here: no
		// attestation is asked for, and "none" is accepted.
		AttestationPreference: protocol.PreferNoAttestation,
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			// A passkey signs in without an e-mail typed first, so the
			// authenticator must keep it (a discoverable credential).
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationPreferred,
		},
		Timeouts: webauthn.TimeoutsConfig{Login: timeouts, Registration: timeouts},
	})
	if err != nil {
		return nil, fmt.Errorf("passkeys: origin %q: %w", cfg.Origin, err)
	}
	return s, nil
}

// account is an account as go-webauthn sees it.
type account struct {
	handle   []byte
	username string
	creds    []webauthn.Credential
}

func (a account) WebAuthnID() []byte                         { return a.handle }
func (a account) WebAuthnName() string                       { return a.username }
func (a account) WebAuthnDisplayName() string                { return a.username }
func (a account) WebAuthnCredentials() []webauthn.Credential { return a.creds }

func (s *Service) account(ctx context.Context, userID, username string) (account, error) {
	handle, err := userHandle(userID)
	if err != nil {
		return account{}, err
	}
	ps, err := s.store.List(ctx, userID)
	if err != nil {
		return account{}, err
	}
	a := account{handle: handle, username: username}
	for _, p := range ps {
		a.creds = append(a.creds, p.credential())
	}
	return a, nil
}

// CleanName trims a passkey's name and checks its length.
func CleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > MaxNameLen || !utf8.ValidString(name) || strings.ContainsRune(name, 0) {
		return "", ErrBadName
	}
	return name, nil
}

// Begun is a begun ceremony: the options for the browser
// (navigator.credentials.create or .get, as JSON) and the id the browser
// returns with its answer (a cookie).
type Begun struct {
	Options any
	ID      string
	Expires time.Time
}

func (s *Service) save(ctx context.Context, kind, userID, name string, session *webauthn.SessionData, options any, lifetime time.Duration) (Begun, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return Begun{}, err
	}
	state, err := json.Marshal(session)
	if err != nil {
		return Begun{}, err
	}
	now := s.now()
	c := Ceremony{Kind: kind, UserID: userID, Name: name, Session: state, ExpiresAt: now.Add(lifetime)}
	id := base64.RawURLEncoding.EncodeToString(b)
	if err := s.store.SaveCeremony(ctx, hashID(id), c, now); err != nil {
		return Begun{}, err
	}
	return Begun{Options: options, ID: id, Expires: c.ExpiresAt}, nil
}

// take removes the ceremony id names, of kind, and decodes its session.
func (s *Service) take(ctx context.Context, id, kind string) (Ceremony, webauthn.SessionData, error) {
	var session webauthn.SessionData
	if s.wa == nil {
		return Ceremony{}, session, ErrUnavailable
	}
	if id == "" || len(id) > 100 {
		return Ceremony{}, session, ErrCeremony
	}
	c, err := s.store.TakeCeremony(ctx, hashID(id), kind, s.now())
	if errors.Is(err, ErrNotFound) {
		return Ceremony{}, session, ErrCeremony
	}
	if err != nil {
		return Ceremony{}, session, err
	}
	if err := json.Unmarshal(c.Session, &session); err != nil {
		return Ceremony{}, session, fmt.Errorf("passkey ceremony state: %w", err)
	}
	return c, session, nil
}

func hashID(id string) []byte {
	sum := sha256.Sum256([]byte(id))
	return sum[:]
}

// BeginRegistration starts adding a passkey named name to u's account.
// The browser is told the account's passkeys, so an authenticator that
// already holds one for it says so instead of making a second.
func (s *Service) BeginRegistration(ctx context.Context, u accounts.User, name string) (Begun, error) {
	return s.beginRegistration(ctx, kindRegister, u, name, s.timeout)
}

func (s *Service) beginRegistration(ctx context.Context, kind string, u accounts.User, name string, lifetime time.Duration) (Begun, error) {
	if s.wa == nil {
		return Begun{}, ErrUnavailable
	}
	name, err := CleanName(name)
	if err != nil {
		return Begun{}, err
	}
	a, err := s.account(ctx, u.ID, u.Username)
	if err != nil {
		return Begun{}, err
	}
	creation, session, err := s.wa.BeginRegistration(a, webauthn.WithExclusions(webauthn.Credentials(a.creds).CredentialDescriptors()))
	if err != nil {
		return Begun{}, fmt.Errorf("begin passkey registration: %w", err)
	}
	return s.save(ctx, kind, u.ID, name, session, creation.Response, lifetime)
}

// FinishRegistration verifies the browser's answer (body: the
// PublicKeyCredential as JSON) to the ceremony id names, begun for u, and
// stores the new passkey.
func (s *Service) FinishRegistration(ctx context.Context, u accounts.User, id string, body []byte) (Passkey, error) {
	c, session, err := s.take(ctx, id, kindRegister)
	if err != nil {
		return Passkey{}, err
	}
	if c.UserID != u.ID {
		return Passkey{}, ErrCeremony
	}
	return s.finishRegistration(ctx, c, u.Username, session, body)
}

func (s *Service) finishRegistration(ctx context.Context, c Ceremony, username string, session webauthn.SessionData, body []byte) (Passkey, error) {
	parsed, err := protocol.ParseCredentialCreationResponseBytes(body)
	if err != nil {
		return Passkey{}, s.unverified("registration", err)
	}
	a, err := s.account(ctx, c.UserID, username)
	if err != nil {
		return Passkey{}, err
	}
	cred, err := s.wa.CreateCredential(a, session, parsed)
	if err != nil {
		return Passkey{}, s.unverified("registration", err)
	}
	transports := make([]string, len(cred.Transport))
	for i, t := range cred.Transport {
		transports[i] = string(t)
	}
	var aaguid uuid.UUID
	copy(aaguid[:], cred.Authenticator.AAGUID)
	return s.store.Add(ctx, Passkey{
		ID: cred.ID, UserID: c.UserID, Name: c.Name, PublicKey: cred.PublicKey, SignCount: cred.Authenticator.SignCount,
		Transports: transports, AAGUID: aaguid, Flags: cred.Flags.MsgpByte(), AttestationType: cred.AttestationType,
		AttestationFormat: cred.AttestationFormat, Attachment: string(cred.Authenticator.Attachment), CreatedAt: s.now(),
	})
}

// unverified logs why go-webauthn refused an answer (its developer
// information) and reports ErrVerification.
func (s *Service) unverified(ceremony string, err error) error {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		s.log.Info("passkey answer refused", "ceremony", ceremony, "type", pe.Type, "details", pe.Details, "info", pe.DevInfo)
	} else {
		s.log.Info("passkey answer refused", "ceremony", ceremony, "err", err)
	}
	return fmt.Errorf("%w: %v", ErrVerification, err)
}

// BeginSignIn starts a sign-in with whichever passkey of this site the
// person picks (no account named: the browser offers the passkeys it
// holds for the site).
func (s *Service) BeginSignIn(ctx context.Context) (Begun, error) {
	if s.wa == nil {
		return Begun{}, ErrUnavailable
	}
	assertion, session, err := s.wa.BeginDiscoverableLogin()
	if err != nil {
		return Begun{}, fmt.Errorf("begin passkey sign-in: %w", err)
	}
	return s.save(ctx, kindSignIn, "", "", session, assertion.Response, s.timeout)
}

// FinishSignIn verifies the browser's answer (body: the
// PublicKeyCredential as JSON) to the sign-in ceremony id names and
// returns the account it signs in. A disabled account, an unknown passkey
// and one that looks copied are refused, after the signature is checked.
func (s *Service) FinishSignIn(ctx context.Context, id string, body []byte) (accounts.User, error) {
	_, session, err := s.take(ctx, id, kindSignIn)
	if err != nil {
		return accounts.User{}, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(body)
	if err != nil {
		return accounts.User{}, s.unverified("sign-in", err)
	}
	var userID string
	var lookup error
	_, cred, err := s.wa.ValidatePasskeyLogin(func(rawID, handle []byte) (webauthn.User, error) {
		userID, lookup = s.store.UserOf(ctx, rawID)
		if lookup != nil {
			return nil, lookup
		}
		a, err := s.account(ctx, userID, "")
		if err != nil {
			lookup = err
			return nil, err
		}
		if !bytes.Equal(handle, a.handle) {
			return nil, errors.New("the user handle is not the passkey's account")
		}
		return a, nil
	}, session, parsed)
	switch {
	case errors.Is(lookup, ErrNotFound):
		return accounts.User{}, ErrUnknownPasskey
	case lookup != nil:
		return accounts.User{}, lookup
	case err != nil:
		return accounts.User{}, s.unverified("sign-in", err)
	}
	u, err := s.users.UserByID(ctx, userID)
	switch {
	case err != nil:
		return accounts.User{}, err
	case u.DisabledAt != nil:
		return accounts.User{}, ErrDisabled
	case cred.Authenticator.CloneWarning:
		s.log.Warn("passkey counter went backwards: refused", "username", u.Username)
		return accounts.User{}, ErrCloned
	}
	if err := s.store.Used(ctx, cred.ID, cred.Authenticator.SignCount, cred.Flags.MsgpByte(), s.now()); err != nil {
		return accounts.User{}, err
	}
	return u, nil
}

// List returns u's passkeys.
func (s *Service) List(ctx context.Context, u accounts.User) ([]Passkey, error) {
	return s.store.List(ctx, u.ID)
}

// Rename names one of u's passkeys.
func (s *Service) Rename(ctx context.Context, u accounts.User, id []byte, name string) (Passkey, error) {
	name, err := CleanName(name)
	if err != nil {
		return Passkey{}, err
	}
	return s.store.Rename(ctx, u.ID, id, name)
}

// Delete removes one of u's passkeys. While the policy requires passkeys,
// an account that signs in with a password keeps its last one
// (ErrLastPasskey): without it, its password would be a way in again (to
// add a first passkey).
func (s *Service) Delete(ctx context.Context, u accounts.User, id []byte) error {
	p, err := s.store.Policy(ctx)
	if err != nil {
		return err
	}
	return s.store.Delete(ctx, u.ID, id, p.RequirePasskey && u.SignIn != accounts.SignInGoogle)
}

// Policy returns the sign-in policy.
func (s *Service) Policy(ctx context.Context) (Policy, error) { return s.store.Policy(ctx) }

// SetPolicy turns the passkey requirement on or off as by. It cannot be
// turned on where there are no passkeys (ErrUnavailable).
func (s *Service) SetPolicy(ctx context.Context, require bool, by accounts.User) (Policy, error) {
	if require && s.wa == nil {
		return Policy{}, ErrUnavailable
	}
	if err := s.store.SetPolicy(ctx, require, by.Username, s.now()); err != nil {
		return Policy{}, err
	}
	return s.store.Policy(ctx)
}

// PasswordDecision is what the policy says of a password sign-in.
type PasswordDecision int

// What the policy allows a correct password to do.
const (
	// PasswordSignsIn: the policy is off, or does not cover the account.
	PasswordSignsIn PasswordDecision = iota
	// PasswordUsePasskey: the account has a passkey and must use it.
	PasswordUsePasskey
	// PasswordEnrolOnly: the account has no passkey; the password may add
	// its first one (and that signs in), nothing else.
	PasswordEnrolOnly
)

// PasswordPolicy says what a correct password of u may do. The policy
// covers staff; self-registered accounts have no rights to protect.
func (s *Service) PasswordPolicy(ctx context.Context, u accounts.User) (PasswordDecision, error) {
	if !u.IsStaff {
		return PasswordSignsIn, nil
	}
	p, err := s.store.Policy(ctx)
	if err != nil || !p.RequirePasskey {
		return PasswordSignsIn, err
	}
	ps, err := s.store.List(ctx, u.ID)
	if err != nil {
		return PasswordSignsIn, err
	}
	if len(ps) > 0 {
		return PasswordUsePasskey, nil
	}
	return PasswordEnrolOnly, nil
}

// EnrolmentTime is how long a password the policy refused may take to
// add the account's first passkey.
const EnrolmentTime = 10 * time.Minute

// AllowEnrolment records that u's correct password was refused by the
// policy for want of a passkey: the id returned (a cookie) lets that
// browser add the account's first passkey within EnrolmentTime, once.
func (s *Service) AllowEnrolment(ctx context.Context, u accounts.User) (Begun, error) {
	return s.save(ctx, kindEnrol, u.ID, "", &webauthn.SessionData{}, nil, EnrolmentTime)
}

// BeginEnrolment starts adding the first passkey, named name, of the
// account whose password AllowEnrolment let through (ticket is its id, or
// that of a ceremony begun from it and not finished).
// It is refused (ErrNotRequired) if the account has a passkey by now or
// the policy was turned off: then the password or the passkey signs in.
func (s *Service) BeginEnrolment(ctx context.Context, ticket, name string) (Begun, error) {
	if _, err := CleanName(name); err != nil {
		return Begun{}, err
	}
	// The ticket, or the ceremony an earlier begin made of it (the person
	// closed the browser's prompt and tries again): either way no later
	// than the ticket's own end.
	c, _, err := s.take(ctx, ticket, kindEnrol)
	if err != nil {
		return Begun{}, err
	}
	u, err := s.users.UserByID(ctx, c.UserID)
	if err != nil {
		return Begun{}, err
	}
	d, err := s.PasswordPolicy(ctx, u)
	if err != nil {
		return Begun{}, err
	}
	if d != PasswordEnrolOnly {
		return Begun{}, ErrNotRequired
	}
	return s.beginRegistration(ctx, kindEnrol, u, name, min(s.timeout, c.ExpiresAt.Sub(s.now())))
}

// FinishEnrolment verifies and stores the first passkey of an enrolment
// and returns the account, which the passkey has just signed in.
func (s *Service) FinishEnrolment(ctx context.Context, id string, body []byte) (accounts.User, Passkey, error) {
	c, session, err := s.take(ctx, id, kindEnrol)
	if err != nil {
		return accounts.User{}, Passkey{}, err
	}
	if session.Challenge == "" { // the ticket, not a ceremony
		return accounts.User{}, Passkey{}, ErrCeremony
	}
	// The account as it is now: an owner may have disabled it meanwhile.
	u, err := s.users.UserByID(ctx, c.UserID)
	if err != nil {
		return accounts.User{}, Passkey{}, err
	}
	if u.DisabledAt != nil {
		return accounts.User{}, Passkey{}, ErrDisabled
	}
	p, err := s.finishRegistration(ctx, c, u.Username, session, body)
	return u, p, err
}

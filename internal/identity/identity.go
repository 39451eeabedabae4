// Package identity carries the caller from the gateway to the services: the
// gateway mints a short-lived HMAC-SHA256 token for the signed-in person into
// gRPC metadata, every service verifies it, and a missing, forged or expired
// token grants nothing. A service port reached directly is anonymous. A
// service calling another on its own behalf (not for a person) mints a token
// the same way, naming itself as Caller.Service.
package identity

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// MetadataKey is the gRPC metadata key that carries the token.
const MetadataKey = "x-caller-identity"

// DefaultTTL is how long a minted token is accepted: long enough for one
// upstream call, short enough that a leaked token is soon useless.
const DefaultTTL = 60 * time.Second

// minKeyLen guards against trivially guessable signing keys.
const minKeyLen = 32

// Caller is the person behind a request.
type Caller struct {
	// Email is the signed-in user's e-mail (the username).
	Email string `json:"sub"`
	// Staff is true only for verified company-domain or operator-created
	// staff accounts.
	Staff bool `json:"staff"`
	// Service names an internal service calling on its own behalf (for
	// example "content"); empty for people. Such a caller has no e-mail and
	// is never staff.
	Service string `json:"svc,omitempty"`
	// Role is a staff member's role (RoleOwner, RoleEditor, RoleSales);
	// empty for a caller who is not staff. A staff token without one was
	// minted by a gateway older than roles, when every staff account could
	// do everything: it counts as an owner's until that gateway is gone.
	Role string `json:"role,omitempty"`
}

// Errors returned by Verify.
var (
	ErrMalformed = errors.New("identity: malformed token")
	ErrSignature = errors.New("identity: bad signature")
	ErrExpired   = errors.New("identity: token expired")
)

// Signer mints and verifies identity tokens with a shared key.
type Signer struct {
	key []byte
	ttl time.Duration
	now func() time.Time
}

// NewSigner returns a Signer for key, which must be at least 32 bytes.
func NewSigner(key string) (*Signer, error) {
	if len(key) < minKeyLen {
		return nil, fmt.Errorf("identity: signing key must be at least %d characters", minKeyLen)
	}
	return &Signer{key: []byte(key), ttl: DefaultTTL, now: time.Now}, nil
}

type claims struct {
	Caller
	IssuedAt  int64 `json:"iat"`
	ExpiresAt int64 `json:"exp"`
}

var enc = base64.RawURLEncoding

// Mint returns a token for c valid for the signer's TTL.
func (s *Signer) Mint(c Caller) string {
	now := s.now()
	payload, _ := json.Marshal(claims{Caller: c, IssuedAt: now.Unix(), ExpiresAt: now.Add(s.ttl).Unix()})
	body := enc.EncodeToString(payload)
	return body + "." + enc.EncodeToString(s.sign(body))
}

func (s *Signer) sign(body string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(body))
	return m.Sum(nil)
}

// Verify checks a token's signature and expiry and returns its caller.
func (s *Signer) Verify(token string) (Caller, error) {
	body, sig, ok := strings.Cut(token, ".")
	if !ok || body == "" || sig == "" {
		return Caller{}, ErrMalformed
	}
	got, err := enc.DecodeString(sig)
	if err != nil {
		return Caller{}, ErrMalformed
	}
	if !hmac.Equal(got, s.sign(body)) {
		return Caller{}, ErrSignature
	}
	payload, err := enc.DecodeString(body)
	if err != nil {
		return Caller{}, ErrMalformed
	}
	var c claims
	if err := json.Unmarshal(payload, &c); err != nil || (c.Email == "") == (c.Service == "") || (c.Service != "" && c.Staff) ||
		(c.Role != "" && (!c.Staff || !ValidRole(c.Role))) {
		return Caller{}, ErrMalformed
	}
	if s.now().Unix() >= c.ExpiresAt {
		return Caller{}, ErrExpired
	}
	return c.Caller, nil
}

type ctxKey struct{}

// WithCaller returns ctx carrying c.
func WithCaller(ctx context.Context, c Caller) context.Context {
	return context.WithValue(ctx, ctxKey{}, c)
}

// FromContext returns the verified caller, if the request had one.
func FromContext(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(ctxKey{}).(Caller)
	return c, ok
}

// RequireStaff returns the caller when it is staff, and otherwise the gRPC
// error to return: Unauthenticated without a caller, PermissionDenied for a
// signed-in non-staff caller.
func RequireStaff(ctx context.Context) (Caller, error) {
	c, ok := FromContext(ctx)
	if !ok {
		return Caller{}, status.Error(codes.Unauthenticated, MsgSignIn)
	}
	if !c.Staff {
		return Caller{}, status.Error(codes.PermissionDenied, MsgStaff)
	}
	return c, nil
}

// RequireService returns the caller when it is an internal service, and
// otherwise the gRPC error to return: Unauthenticated without a caller,
// PermissionDenied for a person (staff included). It guards the calls that
// exist only between services and have no HTTP route.
func RequireService(ctx context.Context) (Caller, error) {
	c, ok := FromContext(ctx)
	if !ok {
		return Caller{}, status.Error(codes.Unauthenticated, "This call needs a caller token.")
	}
	if c.Service == "" {
		return Caller{}, status.Error(codes.PermissionDenied, MsgServices)
	}
	return c, nil
}

// OutgoingContext returns ctx with c's token attached for an upstream call.
func (s *Signer) OutgoingContext(ctx context.Context, c Caller) context.Context {
	return metadata.AppendToOutgoingContext(ctx, MetadataKey, s.Mint(c))
}

// authenticate verifies the token in ctx's metadata, if any, and applies the
// method's access rule (access.go) to the caller.
func (s *Signer) authenticate(ctx context.Context, fullMethod string) (context.Context, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	if vals := md.Get(MetadataKey); len(vals) > 0 {
		// The gateway sets one token. More than one means someone added
		// their own, and which one a service would read is not theirs to
		// choose: refuse them all.
		if len(vals) > 1 {
			return nil, status.Error(codes.Unauthenticated, "Your session could not be verified. Please sign in again.")
		}
		c, err := s.Verify(vals[0])
		if err != nil {
			return nil, status.Error(codes.Unauthenticated, "Your session could not be verified. Please sign in again.")
		}
		ctx = WithCaller(ctx, c)
	}
	if err := checkMethod(ctx, fullMethod); err != nil {
		return nil, err
	}
	return ctx, nil
}

// UnaryServerInterceptor verifies the caller of each unary call.
func (s *Signer) UnaryServerInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, err := s.authenticate(ctx, info.FullMethod)
		if err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

// StreamServerInterceptor verifies the caller of each streaming call.
func (s *Signer) StreamServerInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		ctx, err := s.authenticate(ss.Context(), info.FullMethod)
		if err != nil {
			return err
		}
		return handler(srv, &ctxStream{ServerStream: ss, ctx: ctx})
	}
}

type ctxStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *ctxStream) Context() context.Context { return s.ctx }

// DevelopmentKey is the signing key local development uses by default. It is
// refused outside development, so a deployment must set its own secret.
const DevelopmentKey = "development-only-identity-key-do-not-deploy"

// NewSignerForEnv is NewSigner that also refuses DevelopmentKey unless env is
// "development".
func NewSignerForEnv(env, key string) (*Signer, error) {
	if key == DevelopmentKey && env != "development" {
		return nil, fmt.Errorf("identity: the development signing key cannot be used in %q; set a secret key", env)
	}
	return NewSigner(key)
}

// OutgoingContextWithToken attaches a raw token (tests use it to present
// forged or expired tokens).
func OutgoingContextWithToken(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, MetadataKey, token)
}

package identity

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

const testKey = "0123456789abcdef0123456789abcdef"

func TestMintVerifyRoundTrip(t *testing.T) {
	t.Parallel()
	s, err := NewSigner(testKey)
	require.NoError(t, err)
	c, err := s.Verify(s.Mint(Caller{Email: "ana@valleytrenchless.example", Staff: true}))
	require.NoError(t, err)
	require.Equal(t, Caller{Email: "ana@valleytrenchless.example", Staff: true}, c)
}

func TestVerifyRejectsForgedTamperedAndExpired(t *testing.T) {
	t.Parallel()
	s, _ := NewSigner(testKey)
	other, _ := NewSigner("ffffffffffffffffffffffffffffffff")
	tok := s.Mint(Caller{Email: "visitor@example.com"})

	_, err := other.Verify(tok)
	require.ErrorIs(t, err, ErrSignature, "a token signed with another key")

	// Flip the staff claim by re-encoding the body with the old signature.
	forged := enc.EncodeToString([]byte(`{"sub":"visitor@example.com","staff":true,"iat":0,"exp":99999999999}`)) + tok[strings.Index(tok, "."):]
	_, err = s.Verify(forged)
	require.ErrorIs(t, err, ErrSignature)

	for _, bad := range []string{"", "abc", "abc.", ".abc", "!!.!!"} {
		_, err = s.Verify(bad)
		require.Error(t, err, bad)
	}

	s.now = func() time.Time { return time.Now().Add(DefaultTTL + time.Second) }
	_, err = s.Verify(tok)
	require.ErrorIs(t, err, ErrExpired)
}

func TestNewSignerRefusesShortKeys(t *testing.T) {
	t.Parallel()
	_, err := NewSigner("short")
	require.Error(t, err)
}

func TestInterceptorAppliesEachMethodsAccessRule(t *testing.T) {
	t.Parallel()
	s, _ := NewSigner(testKey)
	intercept := s.UnaryServerInterceptor()
	var seen Caller
	handler := func(ctx context.Context, _ any) (any, error) {
		seen, _ = FromContext(ctx)
		return "ok", nil
	}
	call := func(method string, token string) error {
		ctx := context.Background()
		if token != "" {
			ctx = metadata.NewIncomingContext(ctx, metadata.Pairs(MetadataKey, token))
		}
		seen = Caller{}
		_, err := intercept(ctx, nil, &grpc.UnaryServerInfo{FullMethod: method}, handler)
		return err
	}
	const public, write = "/trenchless.content.v1.ContentService/ListPublishedPosts", "/trenchless.content.v1.ContentAdminService/UpdatePost"
	staff := s.Mint(Caller{Email: "ana@valleytrenchless.example", Staff: true, Role: RoleEditor})
	visitor := s.Mint(Caller{Email: "joe@example.com"})

	require.NoError(t, call(public, ""), "public call, anonymous")
	require.NoError(t, call(public, visitor))
	require.Equal(t, "joe@example.com", seen.Email)

	require.Equal(t, codes.Unauthenticated, status.Code(call(write, "")))
	require.Equal(t, codes.PermissionDenied, status.Code(call(write, visitor)))
	require.Equal(t, codes.Unauthenticated, status.Code(call(write, "garbage.token")))
	require.NoError(t, call(write, staff))
	require.True(t, seen.Staff)
	// A forged token is refused even on a public method.
	require.Equal(t, codes.Unauthenticated, status.Code(call(public, "garbage.token")))
	// Methods of other packages (gRPC health) carry no rule and are theirs;
	// a method of ours without one, or unknown, is refused.
	require.NoError(t, call("/grpc.health.v1.Health/Check", ""))
	require.Equal(t, codes.PermissionDenied, status.Code(call("/trenchless.content.v1.ContentAdminService/NoSuchMethod", staff)))

	// Two tokens, even two valid ones, are refused: the gateway sets one,
	// so a second is someone else's and neither is read.
	for _, tokens := range [][]string{{staff, visitor}, {visitor, staff}, {staff, staff}} {
		ctx := metadata.NewIncomingContext(context.Background(), metadata.MD{MetadataKey: tokens})
		_, err := intercept(ctx, nil, &grpc.UnaryServerInfo{FullMethod: public}, handler)
		require.Equal(t, codes.Unauthenticated, status.Code(err))
	}
}

func TestServiceCallers(t *testing.T) {
	t.Parallel()
	s, _ := NewSigner(testKey)
	c, err := s.Verify(s.Mint(Caller{Service: "content"}))
	require.NoError(t, err)
	require.Equal(t, Caller{Service: "content"}, c)

	// A caller is a person or a service, and a service is never staff.
	for _, bad := range []Caller{{}, {Email: "ana@valleytrenchless.example", Service: "content"}, {Service: "content", Staff: true}} {
		_, err := s.Verify(s.Mint(bad))
		require.ErrorIs(t, err, ErrMalformed, "%+v", bad)
	}

	incoming := func(c Caller) context.Context { return WithCaller(context.Background(), c) }
	_, err = RequireService(context.Background())
	require.Equal(t, codes.Unauthenticated, status.Code(err))
	_, err = RequireService(incoming(Caller{Email: "ana@valleytrenchless.example", Staff: true}))
	require.Equal(t, codes.PermissionDenied, status.Code(err), "staff are people, not services")
	got, err := RequireService(incoming(Caller{Service: "content"}))
	require.NoError(t, err)
	require.Equal(t, "content", got.Service)
	_, err = RequireStaff(incoming(Caller{Service: "content"}))
	require.Equal(t, codes.PermissionDenied, status.Code(err), "a service is not staff")
}

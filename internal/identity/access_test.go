package identity

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
)

// Every method of every service of ours states who may call it: a new rpc
// without a rule would be refused to everyone, and this says which.
func TestEveryMethodHasAnAccessRule(t *testing.T) {
	t.Parallel()
	_ = []any{contactv1.File_trenchless_contact_v1_contact_proto, contentv1.File_trenchless_content_v1_content_proto, mediav1.File_trenchless_media_v1_media_proto}
	methods := 0
	protoregistry.GlobalFiles.RangeFiles(func(f protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(f.Package()), "trenchless.") {
			return true
		}
		for i := 0; i < f.Services().Len(); i++ {
			svc := f.Services().Get(i)
			for j := 0; j < svc.Methods().Len(); j++ {
				m := svc.Methods().Get(j)
				access, ours := MethodAccess("/" + string(svc.FullName()) + "/" + string(m.Name()))
				require.True(t, ours)
				require.NotEqual(t, authv1.Access_ACCESS_UNSPECIFIED, access, "%s has no (trenchless.auth.v1.access) option", m.FullName())
				methods++
			}
		}
		return true
	})
	require.GreaterOrEqual(t, methods, 40, "the services' methods were found")
}

// The role matrix: who may do what, for each rule.
func TestRoleMatrix(t *testing.T) {
	t.Parallel()
	type who struct {
		name string
		c    Caller
		ok   bool
	}
	people := []who{
		{"anonymous", Caller{}, false},
		{"visitor", Caller{Email: "joe@example.com"}, true},
		{"owner", Caller{Email: "o@x.example", Staff: true, Role: RoleOwner}, true},
		{"editor", Caller{Email: "e@x.example", Staff: true, Role: RoleEditor}, true},
		{"sales", Caller{Email: "s@x.example", Staff: true, Role: RoleSales}, true},
		{"staff from a gateway older than roles", Caller{Email: "l@x.example", Staff: true}, true},
		{"service", Caller{Service: "content"}, true},
	}
	// codes.OK, or the refusal's code, per person in the order above.
	U, P, K := codes.Unauthenticated, codes.PermissionDenied, codes.OK
	want := map[authv1.Access][]codes.Code{
		authv1.Access_ACCESS_PUBLIC:  {K, K, K, K, K, K, K},
		authv1.Access_ACCESS_STAFF:   {U, P, K, K, K, K, P},
		authv1.Access_ACCESS_CONTENT: {U, P, K, K, P, K, P},
		authv1.Access_ACCESS_LEADS:   {U, P, K, P, K, K, P},
		authv1.Access_ACCESS_OWNER:   {U, P, K, P, P, K, P},
		authv1.Access_ACCESS_SERVICE: {U, P, P, P, P, P, K},
	}
	for access, codes := range want {
		for i, p := range people {
			require.Equal(t, codes[i], status.Code(Allows(access, p.c, p.ok)), "%s for %s", access, p.name)
		}
	}
	err := Allows(authv1.Access_ACCESS_LEADS, people[3].c, true)
	require.Equal(t, MsgRole, status.Convert(err).Message())
}

func TestRolesTravelInTheToken(t *testing.T) {
	t.Parallel()
	s, _ := NewSigner(testKey)
	for _, r := range Roles {
		c, err := s.Verify(s.Mint(Caller{Email: "a@x.example", Staff: true, Role: r}))
		require.NoError(t, err)
		require.Equal(t, r, c.Role)
	}
	// A role belongs to staff, and only a known one.
	for _, bad := range []Caller{{Email: "joe@example.com", Role: RoleOwner}, {Email: "a@x.example", Staff: true, Role: "admin"}, {Service: "content", Role: RoleOwner}} {
		_, err := s.Verify(s.Mint(bad))
		require.ErrorIs(t, err, ErrMalformed, "%+v", bad)
	}
}

// The edge's check: a call a role may not make never leaves the gateway.
func TestAccessConnChecksBeforeTheCallLeaves(t *testing.T) {
	t.Parallel()
	sent := 0
	conn := AccessConn{countingConn{&sent}}
	update := "/" + contentv1.ContentAdminService_ServiceDesc.ServiceName + "/UpdatePost"
	list := "/" + contactv1.LeadInboxService_ServiceDesc.ServiceName + "/ListLeads"

	editor := WithCaller(context.Background(), Caller{Email: "e@x.example", Staff: true, Role: RoleEditor})
	require.NoError(t, conn.Invoke(editor, update, nil, nil))
	require.Equal(t, codes.PermissionDenied, status.Code(conn.Invoke(editor, list, nil, nil)))
	_, err := conn.NewStream(editor, &grpc.StreamDesc{}, list)
	require.Equal(t, codes.PermissionDenied, status.Code(err))
	require.Equal(t, codes.Unauthenticated, status.Code(conn.Invoke(context.Background(), update, nil, nil)))
	require.Equal(t, 1, sent, "only the allowed call was sent")
}

type countingConn struct{ n *int }

func (c countingConn) Invoke(context.Context, string, any, any, ...grpc.CallOption) error {
	*c.n++
	return nil
}

func (c countingConn) NewStream(context.Context, *grpc.StreamDesc, string, ...grpc.CallOption) (grpc.ClientStream, error) {
	*c.n++
	return nil, nil
}

package identity

// Roles and the access rule of every method. Each rpc in proto/ states who
// may call it (option (trenchless.auth.v1.access)); the gateway checks that
// rule before it forwards a call and each service checks it again when the
// call arrives, so the role matrix is written once, beside the methods.

import (
	"context"
	"strings"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
)

// Staff roles.
const (
	// RoleOwner does everything: staff, integrations, the audit log, and
	// what the other roles do.
	RoleOwner = "owner"
	// RoleEditor writes posts and site text and manages images.
	RoleEditor = "editor"
	// RoleSales works the leads and reads the rest.
	RoleSales = "sales"
)

// Roles lists the roles, most powerful first.
var Roles = []string{RoleOwner, RoleEditor, RoleSales}

// ValidRole reports whether r names a role.
func ValidRole(r string) bool { return r == RoleOwner || r == RoleEditor || r == RoleSales }

// EffectiveRole is the role a staff caller acts with: a staff token
// without a role (from a gateway older than roles) acts as an owner, as
// every staff account did then.
func (c Caller) EffectiveRole() string {
	if c.Staff && c.Role == "" {
		return RoleOwner
	}
	return c.Role
}

// What a refusal says (the gateway answers PermissionDenied with 403).
const (
	MsgSignIn   = "Please sign in."
	MsgStaff    = "This area is for staff only."
	MsgRole     = "Your role doesn't allow this. Ask an owner of the site if you need it."
	MsgServices = "This call is for the site's services only."
)

// Allows reports why c (ok: whether there is a caller at all) may not do
// what access names, or nil when it may.
func Allows(access authv1.Access, c Caller, ok bool) error {
	switch access {
	case authv1.Access_ACCESS_PUBLIC:
		return nil
	case authv1.Access_ACCESS_SERVICE:
		if !ok {
			return status.Error(codes.Unauthenticated, "This call needs a caller token.")
		}
		if c.Service == "" {
			return status.Error(codes.PermissionDenied, MsgServices)
		}
		return nil
	}
	if !ok {
		return status.Error(codes.Unauthenticated, MsgSignIn)
	}
	if !c.Staff {
		return status.Error(codes.PermissionDenied, MsgStaff)
	}
	role := c.EffectiveRole()
	allowed := false
	switch access {
	case authv1.Access_ACCESS_STAFF:
		allowed = true
	case authv1.Access_ACCESS_CONTENT:
		allowed = role == RoleOwner || role == RoleEditor
	case authv1.Access_ACCESS_LEADS:
		allowed = role == RoleOwner || role == RoleSales
	case authv1.Access_ACCESS_OWNER:
		allowed = role == RoleOwner
	}
	if !allowed {
		return status.Error(codes.PermissionDenied, MsgRole)
	}
	return nil
}

// Require is Allows for the caller in ctx.
func Require(ctx context.Context, access authv1.Access) (Caller, error) {
	c, ok := FromContext(ctx)
	return c, Allows(access, c, ok)
}

// ourPackage is the proto package prefix of the site's own services: a
// method of theirs without an access rule is refused, never open by
// default. Methods of other packages (gRPC health, reflection) have none
// and are left to their own rules.
const ourPackage = "trenchless."

var accessCache sync.Map // full method -> accessRule

type accessRule struct {
	access authv1.Access
	ours   bool
}

// MethodAccess returns the access rule of a gRPC full method name
// ("/trenchless.content.v1.ContentAdminService/UpdatePost") and whether the
// method is one of the site's own.
func MethodAccess(fullMethod string) (authv1.Access, bool) {
	if r, ok := accessCache.Load(fullMethod); ok {
		rule := r.(accessRule)
		return rule.access, rule.ours
	}
	name := strings.Replace(strings.TrimPrefix(fullMethod, "/"), "/", ".", 1)
	rule := accessRule{ours: strings.HasPrefix(name, ourPackage)}
	if d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name)); err == nil {
		if md, ok := d.(protoreflect.MethodDescriptor); ok {
			rule.access = proto.GetExtension(md.Options(), authv1.E_Access).(authv1.Access)
		}
	}
	accessCache.Store(fullMethod, rule)
	return rule.access, rule.ours
}

// checkMethod applies fullMethod's rule to the caller in ctx.
func checkMethod(ctx context.Context, fullMethod string) error {
	access, ours := MethodAccess(fullMethod)
	if !ours {
		return nil
	}
	if access == authv1.Access_ACCESS_UNSPECIFIED {
		return status.Errorf(codes.PermissionDenied, "%s has no access rule", fullMethod)
	}
	_, err := Require(ctx, access)
	return err
}

// AccessConn is a client connection that applies each method's rule to the
// caller in the call's context (WithCaller) before the call leaves: the
// gateway's check at the edge, ahead of the service's own.
type AccessConn struct{ grpc.ClientConnInterface }

// Invoke checks the rule, then makes the call.
func (a AccessConn) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	if err := checkMethod(ctx, method); err != nil {
		return err
	}
	return a.ClientConnInterface.Invoke(ctx, method, args, reply, opts...)
}

// NewStream checks the rule, then opens the stream.
func (a AccessConn) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	if err := checkMethod(ctx, method); err != nil {
		return nil, err
	}
	return a.ClientConnInterface.NewStream(ctx, desc, method, opts...)
}

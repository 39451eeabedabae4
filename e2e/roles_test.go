package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/dynamicpb"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/identity"
)

// route is one HTTP route of the API and the gRPC method behind it.
type route struct {
	method, path string
	rpc          string // full gRPC method name
	access       authv1.Access
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// apiRoutes reads every route of the API from the generated OpenAPI file,
// so a route added later is in the matrix without a change here, plus the
// edge's own routes that are not grpc-gateway's.
func apiRoutes(t *testing.T) []route {
	t.Helper()
	b, err := os.ReadFile("../gen/openapi/api.swagger.json")
	require.NoError(t, err)
	var doc struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
		} `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	services := map[string]string{}
	for _, d := range []protoreflect.FileDescriptor{contactv1.File_trenchless_contact_v1_contact_proto,
		contactv1.File_trenchless_contact_v1_webhooks_proto, contentv1.File_trenchless_content_v1_content_proto,
		mediav1.File_trenchless_media_v1_media_proto} {
		for i := 0; i < d.Services().Len(); i++ {
			services[string(d.Services().Get(i).Name())] = string(d.Services().Get(i).FullName())
		}
	}
	var routes []route
	for path, ops := range doc.Paths {
		for method, op := range ops {
			svc, name, ok := strings.Cut(op.OperationID, "_")
			require.True(t, ok, op.OperationID)
			full := "/" + services[svc] + "/" + name
			access, _ := identity.MethodAccess(full)
			require.NotEqual(t, authv1.Access_ACCESS_UNSPECIFIED, access, full)
			// A well-formed id that names nothing: allowed calls end in
			// 404 or 400, never in a change.
			p := pathParam.ReplaceAllString(path, "00000000-0000-4000-8000-000000000000")
			routes = append(routes, route{strings.ToUpper(method), p, full, access})
		}
	}
	routes = append(routes,
		route{"POST", "/api/upload-image", "upload", authv1.Access_ACCESS_CONTENT},
		route{"GET", "/api/contact-submissions/events", "live leads", authv1.Access_ACCESS_LEADS},
		route{"GET", "/api/admin/staff", "staff list", authv1.Access_ACCESS_OWNER},
		route{"POST", "/api/admin/staff", "staff invite", authv1.Access_ACCESS_OWNER},
		route{"PATCH", "/api/admin/staff/00000000-0000-4000-8000-000000000000", "staff change", authv1.Access_ACCESS_OWNER},
	)
	sort.Slice(routes, func(i, j int) bool { return routes[i].path+routes[i].method < routes[j].path+routes[j].method })
	require.GreaterOrEqual(t, len(routes), 40)
	return routes
}

// status of one request, reading no more than the start of the answer
// (the live lead feed never ends by itself).
func (c *client) status(method, path string) int {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	body := io.Reader(nil)
	if method != "GET" && method != "DELETE" {
		body = strings.NewReader("{}")
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	require.NoError(c.t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", c.base)
	resp, err := c.http.Do(req)
	require.NoError(c.t, err)
	resp.Body.Close()
	return resp.StatusCode
}

// Every staff route, for every role, through the edge; then every method
// of every service directly, with the token the gateway would mint.
func TestRoleMatrixAtTheEdgeAndAtEachService(t *testing.T) {
	t.Parallel()
	st := startStack(t)
	const pw = "correct horse battery staple"
	people := map[string]*client{}
	for _, role := range identity.Roles {
		email := role + "@valleytrenchless.example"
		createStaffWithRole(t, st, email, pw, role)
		c := newClient(t, st.base)
		code, user := c.json("POST", "/api/login", map[string]string{"username": email, "password": pw})
		require.Equal(t, 200, code, "%v", user)
		require.Equal(t, role, user["role"])
		people[role] = c
	}
	// A disabled editor: its session ends with the change.
	createStaffWithRole(t, st, "gone@valleytrenchless.example", pw, "editor")
	gone := newClient(t, st.base)
	code, _ := gone.json("POST", "/api/login", map[string]string{"username": "gone@valleytrenchless.example", "password": pw})
	require.Equal(t, 200, code)
	code, list := people["owner"].json("GET", "/api/admin/staff", nil)
	require.Equal(t, 200, code)
	goneID := ""
	for _, m := range list["staff"].([]any) {
		if m := m.(map[string]any); m["username"] == "gone@valleytrenchless.example" {
			goneID = m["id"].(string)
		}
	}
	code, changed := people["owner"].json("PATCH", "/api/admin/staff/"+goneID, map[string]any{"disabled": true})
	require.Equal(t, 200, code, "%v", changed)
	require.Equal(t, "disabled", changed["status"])
	code, out := gone.json("POST", "/api/login", map[string]string{"username": "gone@valleytrenchless.example", "password": pw})
	require.Equal(t, 403, code, "a disabled account cannot sign in: %v", out)

	for _, r := range apiRoutes(t) {
		if r.access == authv1.Access_ACCESS_PUBLIC {
			continue
		}
		for _, role := range identity.Roles {
			got := people[role].status(r.method, r.path)
			if identity.Allows(r.access, identity.Caller{Email: "x@y", Staff: true, Role: role}, true) == nil {
				require.NotContains(t, []int{401, 403}, got, "%s may %s %s (%s)", role, r.method, r.path, r.rpc)
			} else {
				require.Equal(t, 403, got, "%s may not %s %s (%s)", role, r.method, r.path, r.rpc)
			}
		}
		require.Equal(t, 401, gone.status(r.method, r.path), "a disabled account: %s %s", r.method, r.path)
	}

	// A lead is assigned only to someone who works the leads (issue 39's
	// attack: any e-mail could be made a lead's assignee).
	code, who := people["sales"].json("GET", "/api/staff/assignees", nil)
	require.Equal(t, 200, code, "%v", who)
	var names []string
	for _, a := range who["assignees"].([]any) {
		names = append(names, a.(map[string]any)["username"].(string))
	}
	require.Equal(t, []string{"owner@valleytrenchless.example", "sales@valleytrenchless.example"}, names)
	code, _ = people["editor"].json("GET", "/api/staff/assignees", nil)
	require.Equal(t, 403, code)
	home, _ := spec7Payloads(t)
	code, lead := newClient(t, st.base).json("POST", "/api/contact", home)
	require.Equal(t, 200, code, "%v", lead)
	leadPath := "/api/contact-submissions/" + lead["id"].(string)
	for _, bad := range []string{"stranger@example.com", "editor@valleytrenchless.example", "gone@valleytrenchless.example"} {
		code, out := people["sales"].json("PATCH", leadPath, map[string]any{"assignee": bad})
		require.Equal(t, 400, code, "%s: %v", bad, out)
		require.Equal(t, "Assign the lead to a member of staff who works the leads.", out["message"])
		code, out = people["sales"].json("POST", "/api/contact-submissions/bulk", map[string]any{"ids": []string{lead["id"].(string)}, "assignee": bad})
		require.Equal(t, 400, code, "bulk %s: %v", bad, out)
		require.Equal(t, "Assign the lead to a member of staff who works the leads.", out["message"])
	}
	code, out = people["sales"].json("PATCH", leadPath, map[string]any{"assignee": "Owner@valleytrenchless.example"})
	require.Equal(t, 200, code, "%v", out)
	code, out = people["sales"].json("PATCH", leadPath, map[string]any{"assignee": ""})
	require.Equal(t, 200, code, "unassigning: %v", out)

	// Around the gateway: the services apply the same rules to a caller
	// token minted with the deployment's key.
	signer, err := identity.NewSigner(identity.DevelopmentKey)
	require.NoError(t, err)
	callers := map[string]identity.Caller{"visitor": {Email: "joe@example.com"}, "service": {Service: "content"}}
	for _, role := range identity.Roles {
		callers[role] = identity.Caller{Email: role + "@valleytrenchless.example", Staff: true, Role: role}
	}
	checked := 0
	for name, d := range map[string]protoreflect.FileDescriptor{"contact": contactv1.File_trenchless_contact_v1_contact_proto,
		"contact ": contactv1.File_trenchless_contact_v1_webhooks_proto, "content": contentv1.File_trenchless_content_v1_content_proto,
		"media": mediav1.File_trenchless_media_v1_media_proto} {
		conn, err := grpc.NewClient(st.grpcAddrs[strings.TrimSpace(name)], grpc.WithTransportCredentials(insecure.NewCredentials()))
		require.NoError(t, err)
		defer conn.Close()
		for i := 0; i < d.Services().Len(); i++ {
			svc := d.Services().Get(i)
			for j := 0; j < svc.Methods().Len(); j++ {
				m := svc.Methods().Get(j)
				full := fmt.Sprintf("/%s/%s", svc.FullName(), m.Name())
				access, _ := identity.MethodAccess(full)
				for who, c := range callers {
					ctx, cancel := context.WithTimeout(signer.OutgoingContext(context.Background(), c), 10*time.Second)
					code := status.Code(callEmpty(ctx, conn, full, m))
					cancel()
					if identity.Allows(access, c, true) == nil {
						require.NotContains(t, []codes.Code{codes.PermissionDenied, codes.Unauthenticated}, code, "%s may call %s", who, full)
					} else {
						require.Equal(t, codes.PermissionDenied, code, "%s may not call %s", who, full)
					}
					checked++
				}
			}
		}
	}
	require.GreaterOrEqual(t, checked, 40*len(callers))
}

// callEmpty calls a method with an empty request (for a streaming one, it
// opens the stream, sends an empty message and reads the first answer) and
// returns the call's error.
func callEmpty(ctx context.Context, conn *grpc.ClientConn, full string, m protoreflect.MethodDescriptor) error {
	in := dynamicpb.NewMessage(m.Input())
	out := dynamicpb.NewMessage(m.Output())
	if !m.IsStreamingClient() && !m.IsStreamingServer() {
		return conn.Invoke(ctx, full, in, out)
	}
	stream, err := conn.NewStream(ctx, &grpc.StreamDesc{ClientStreams: m.IsStreamingClient(), ServerStreams: m.IsStreamingServer()}, full)
	if err != nil {
		return err
	}
	if err := stream.SendMsg(in); err != nil && err != io.EOF {
		return err
	}
	_ = stream.CloseSend()
	return stream.RecvMsg(out)
}

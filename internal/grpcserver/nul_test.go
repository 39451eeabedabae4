package grpcserver

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/identity"
)

// reached counts the calls that got past the interceptors.
type reached struct {
	contentv1.UnimplementedContentAdminServiceServer
	contactv1.UnimplementedContactServiceServer
	contactv1.UnimplementedLeadInboxServiceServer
	calls chan string
}

func (r *reached) ListPosts(context.Context, *contentv1.ListPostsRequest) (*contentv1.ListPostsResponse, error) {
	r.calls <- "ListPosts"
	return &contentv1.ListPostsResponse{}, nil
}

func (r *reached) CreatePost(context.Context, *contentv1.CreatePostRequest) (*contentv1.CreatePostResponse, error) {
	r.calls <- "CreatePost"
	return &contentv1.CreatePostResponse{}, nil
}

func (r *reached) SubmitInspectionRequest(_ context.Context, req *contactv1.SubmitInspectionRequestRequest) (*contactv1.SubmitInspectionRequestResponse, error) {
	r.calls <- "Submit " + req.GetFirstName() + "|" + strings.Join(req.GetIssues(), ",") + "|" + req.GetAttribution().GetUtmSource()
	return &contactv1.SubmitInspectionRequestResponse{}, nil
}

func (r *reached) ExportLeads(_ *contactv1.ExportLeadsRequest, stream grpc.ServerStreamingServer[httpbody.HttpBody]) error {
	r.calls <- "ExportLeads"
	return stream.Send(&httpbody.HttpBody{ContentType: "text/csv", Data: []byte("id\n")})
}

// serveReached serves reached with the shared chain; the contact
// submission is cleaned in BeforeValidate by dropping NULs, as the contact
// service does.
func serveReached(t *testing.T) (*grpc.ClientConn, *reached, context.Context) {
	t.Helper()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	clean := func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if r, ok := req.(*contactv1.SubmitInspectionRequestRequest); ok {
			MapStrings(r, func(s string) string { return strings.ReplaceAll(s, "\x00", "") })
		}
		return handler(ctx, req)
	}
	srv, err := New(slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Signer: signer, BeforeValidate: []grpc.UnaryServerInterceptor{clean}})
	require.NoError(t, err)
	r := &reached{calls: make(chan string, 10)}
	contentv1.RegisterContentAdminServiceServer(srv.GRPC(), r)
	contactv1.RegisterContactServiceServer(srv.GRPC(), r)
	contactv1.RegisterLeadInboxServiceServer(srv.GRPC(), r)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(); cancel(); <-done })
	staff := signer.OutgoingContext(context.Background(), identity.Caller{Email: "ana@valleytrenchless.example", Staff: true})
	return conn, r, staff
}

// nulField is the field a NUL refusal names (the innermost element of its
// path, as the edge shows it) and its message.
func nulField(t *testing.T, err error) (path, message string) {
	t.Helper()
	st := status.Convert(err)
	require.Equal(t, codes.InvalidArgument, st.Code(), "%v", err)
	for _, d := range st.Details() {
		if vs, ok := d.(*validate.Violations); ok && len(vs.GetViolations()) == 1 {
			v := vs.GetViolations()[0]
			require.Equal(t, RuleNUL, v.GetRuleId())
			var names []string
			for _, e := range v.GetField().GetElements() {
				names = append(names, e.GetFieldName())
			}
			require.Equal(t, st.Message(), v.GetMessage())
			return strings.Join(names, "."), v.GetMessage()
		}
	}
	t.Fatalf("no violation in %v", err)
	return "", ""
}

// TestTextWithANULIsRefusedByName: Postgres refuses NUL in text (SQLSTATE
// 22021), which made a staff search, filter, export or save with one a
// 500. Every service now refuses it before the handler runs, naming the
// field in words a person can act on; nothing reaches the handler.
func TestTextWithANULIsRefusedByName(t *testing.T) {
	t.Parallel()
	conn, r, staff := serveReached(t)
	admin := contentv1.NewContentAdminServiceClient(conn)

	_, err := admin.ListPosts(staff, &contentv1.ListPostsRequest{Query: "roots\x00"})
	path, msg := nulField(t, err)
	require.Equal(t, "query", path)
	require.Equal(t, "Query contains an invisible character (NUL, U+0000) that cannot be saved or searched for. Remove it and try again.", msg)

	_, err = admin.CreatePost(staff, &contentv1.CreatePostRequest{Post: &contentv1.PostFields{Title: "Roots", Excerpt: "x", Content: "a\x00b", Slug: "roots"}})
	path, msg = nulField(t, err)
	require.Equal(t, "post.content", path)
	require.True(t, strings.HasPrefix(msg, "Content contains an invisible character"), msg)

	// A streamed call's request is checked as it is read.
	inbox := contactv1.NewLeadInboxServiceClient(conn)
	stream, err := inbox.ExportLeads(staff, &contactv1.ExportLeadsRequest{City: "mesa\x00"})
	require.NoError(t, err)
	_, err = stream.Recv()
	path, _ = nulField(t, err)
	require.Equal(t, "city", path)

	require.Empty(t, r.calls, "no refused call reached its handler")

	// Without one, calls go through.
	_, err = admin.ListPosts(staff, &contentv1.ListPostsRequest{Query: "roots"})
	require.NoError(t, err)
	stream, err = inbox.ExportLeads(staff, &contactv1.ExportLeadsRequest{City: "mesa"})
	require.NoError(t, err)
	_, err = stream.Recv()
	require.NoError(t, err)
	require.Equal(t, "ListPosts", <-r.calls)
	require.Equal(t, "ExportLeads", <-r.calls)
}

// TestBeforeValidateCleansWhatWouldBeRefused: a service's BeforeValidate
// runs before the refusal, so the contact service's cleaning of a lead
// (nested attribution and repeated issues included) lets it through.
func TestBeforeValidateCleansWhatWouldBeRefused(t *testing.T) {
	t.Parallel()
	conn, r, _ := serveReached(t)
	_, err := contactv1.NewContactServiceClient(conn).SubmitInspectionRequest(context.Background(), &contactv1.SubmitInspectionRequestRequest{
		FirstName: "Ma\x00ria", LastName: "Lopez", Email: "maria@example.com", Phone: "6025550142",
		Issues: []string{"roots\x00", "clogs"}, Attribution: &contactv1.Attribution{UtmSource: "\x00"},
	})
	require.NoError(t, err)
	require.Equal(t, "Submit Maria|roots,clogs|", <-r.calls)
}

func TestMapStringsReachesEveryString(t *testing.T) {
	t.Parallel()
	m := &contactv1.ListLeadActivityResponse{Activity: []*contactv1.LeadActivity{{Body: "a"}, {Kind: "b", Actor: "c"}}}
	MapStrings(m, strings.ToUpper)
	require.True(t, proto.Equal(&contactv1.ListLeadActivityResponse{Activity: []*contactv1.LeadActivity{{Body: "A"}, {Kind: "B", Actor: "C"}}}, m))
	require.Nil(t, findNUL(m.ProtoReflect(), nil))
	m.Activity[1].Actor = "\x00"
	require.Equal(t, []string{"activity", "actor"}, findNUL(m.ProtoReflect(), nil))
}

package edge

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
)

// seenMetadata is a contact and content service that keeps the metadata
// of each call.
type seenMetadata struct {
	contactv1.UnimplementedContactServiceServer
	pageContent
	mu   sync.Mutex
	last metadata.MD
}

// serveSeenMetadata serves a seenMetadata as the contact and content
// services.
func serveSeenMetadata(t *testing.T) (*seenMetadata, *grpc.ClientConn) {
	up := &seenMetadata{}
	conn := grpctest.Serve(t, func(s *grpc.Server) {
		contactv1.RegisterContactServiceServer(s, up)
		contentv1.RegisterContentServiceServer(s, up)
	})
	return up, conn
}

func (s *seenMetadata) keep(ctx context.Context) {
	md, _ := metadata.FromIncomingContext(ctx)
	s.mu.Lock()
	s.last = md.Copy()
	s.mu.Unlock()
}

func (s *seenMetadata) SubmitInspectionRequest(ctx context.Context, _ *contactv1.SubmitInspectionRequestRequest) (*contactv1.SubmitInspectionRequestResponse, error) {
	s.keep(ctx)
	return &contactv1.SubmitInspectionRequestResponse{Id: "x"}, nil
}

func (s *seenMetadata) ListEditableContent(ctx context.Context, req *contentv1.ListEditableContentRequest) (*contentv1.ListEditableContentResponse, error) {
	s.keep(ctx)
	return s.pageContent.ListEditableContent(ctx, req)
}

// newAnonymousEdge serves the edge over conn to anonymous callers, and
// returns its server and origin (the one state-changing requests name).
func newAnonymousEdge(t *testing.T, conn *grpc.ClientConn, signer *identity.Signer) (*httptest.Server, string) {
	return newEdgeAs(t, conn, signer, identity.Caller{})
}

// newEdgeAs is newAnonymousEdge with every request made by caller (the
// zero Caller is anonymous).
func newEdgeAs(t *testing.T, conn *grpc.ClientConn, signer *identity.Signer, caller identity.Caller) (*httptest.Server, string) {
	return newEdgeWith(t, conn, func(o *Options) {
		o.Signer = signer
		o.Identity = func(*http.Request) (identity.Caller, bool) { return caller, caller != identity.Caller{} }
	})
}

// newEdgeWith serves the edge over conn with no rate limits and what set
// changes in its options, and returns its server and origin (the one
// state-changing requests name).
func newEdgeWith(t *testing.T, conn *grpc.ClientConn, set func(*Options)) (*httptest.Server, string) {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	origin := "http://" + srv.Listener.Addr().String()
	o := Options{
		Upstreams: Upstreams{Content: conn, Contact: conn, Media: conn}, PublicOrigin: origin,
		UpstreamTimeout: 2 * time.Second, Limits: map[string]RateLimit{}, // no rate limits
	}
	set(&o)
	e, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), o)
	require.NoError(t, err)
	srv.Config.Handler = e
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, origin
}

// TestClientsCannotSpeakInMetadata: issue 25 stored the hash of
// 6.6.6.6 for a lead sent with Grpc-Metadata-X-Client-Ip: 6.6.6.6, and a
// client could put a caller token of its own first. The services now see
// only what the edge sets and the two headers they read.
func TestClientsCannotSpeakInMetadata(t *testing.T) {
	t.Parallel()
	up, conn := serveSeenMetadata(t)
	signer, _ := identity.NewSigner("0123456789abcdef0123456789abcdef")
	srv, origin := newAnonymousEdge(t, conn, signer)

	forged := signer.Mint(identity.Caller{Email: "boss@valleytrenchless.example", Staff: true})
	for _, call := range []struct{ method, path, body string }{
		{"POST", "/api/contact", `{}`},
		{"GET", "/api/editable-content", ""},
	} {
		req, _ := http.NewRequest(call.method, srv.URL+call.path, strings.NewReader(call.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		req.Header.Set("Idempotency-Key", "k-1")
		req.Header.Set("User-Agent", "Mozilla/5.0 Test")
		req.Header.Set("Grpc-Metadata-X-Client-Ip", "6.6.6.6")
		req.Header.Set("Grpc-Metadata-X-Caller-Identity", forged)
		req.Header.Set("Grpc-Metadata-Anything", "chosen by the client")
		req.Header.Set("Authorization", "Bearer chosen-by-the-client")
		req.Header.Set("Grpc-Timeout", "1n")
		req.Header.Set("X-Custom", "chosen by the client")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, 200, resp.StatusCode, "%s %s: %s", call.method, call.path, body)

		up.mu.Lock()
		md := up.last
		up.mu.Unlock()
		require.Equal(t, []string{"127.0.0.1"}, md.Get("x-client-ip"), call.path)
		require.Empty(t, md.Get(identity.MetadataKey), "an anonymous caller carries no token, forged or not")
		require.Equal(t, []string{"Mozilla/5.0 Test"}, md.Get("grpcgateway-user-agent"))
		var keys []string
		for k := range md {
			switch {
			case k == ":authority", k == "content-type", k == "user-agent", k == "traceparent",
				k == "x-forwarded-for", k == "x-forwarded-host", k == "grpc-accept-encoding":
				// gRPC's own, and what grpc-gateway sets from the socket and Host
			default:
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		require.Equal(t, []string{"grpcgateway-user-agent", "idempotency-key", "x-client-ip"}, keys, "%s: %v", call.path, md)
	}
}

// adminPosts is a content admin service with no posts.
type adminPosts struct {
	contentv1.UnimplementedContentAdminServiceServer
}

func (adminPosts) ListPosts(context.Context, *contentv1.ListPostsRequest) (*contentv1.ListPostsResponse, error) {
	return &contentv1.ListPostsResponse{}, nil
}

// TestStaffAnswersAreNeverStored: a staff read through the API (drafts,
// leads) says Cache-Control: no-store, as every answer of a staff route
// does, so no browser or proxy keeps it on disk.
func TestStaffAnswersAreNeverStored(t *testing.T) {
	t.Parallel()
	conn := grpctest.Serve(t, func(s *grpc.Server) { contentv1.RegisterContentAdminServiceServer(s, adminPosts{}) })
	signer, _ := identity.NewSigner("0123456789abcdef0123456789abcdef")
	srv, _ := newEdgeAs(t, conn, signer, identity.Caller{Email: "ana@valleytrenchless.example", Staff: true})
	for _, path := range []string{"/api/admin/blog-posts", "/api/contact-submissions"} {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
		require.NotEqual(t, 401, resp.StatusCode, path)
		require.Equal(t, "no-store", resp.Header.Get("Cache-Control"), path)
	}
	resp, err := http.Get(srv.URL + "/api/admin/blog-posts")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
}

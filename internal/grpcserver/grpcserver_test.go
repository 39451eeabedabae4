package grpcserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/identity"
)

// fakeContent lets each test decide what the handler does.
type fakeContent struct {
	contentv1.UnimplementedContentServiceServer
	contentv1.UnimplementedContentAdminServiceServer
	list func(context.Context) error
}

func (f *fakeContent) ListPublishedPosts(ctx context.Context, _ *contentv1.ListPublishedPostsRequest) (*contentv1.ListPublishedPostsResponse, error) {
	if err := f.list(ctx); err != nil {
		return nil, err
	}
	return &contentv1.ListPublishedPostsResponse{}, nil
}

func (f *fakeContent) ListPosts(ctx context.Context, _ *contentv1.ListPostsRequest) (*contentv1.ListPostsResponse, error) {
	c, _ := identity.FromContext(ctx)
	return &contentv1.ListPostsResponse{Posts: []*contentv1.PostListItem{{Title: c.Email}}}, nil
}

type harness struct {
	conn   *grpc.ClientConn
	signer *identity.Signer
	logs   *logtest.Buffer
	fake   *fakeContent
	stop   context.CancelFunc
	done   chan error
}

func start(t *testing.T) *harness {
	t.Helper()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	logs := &logtest.Buffer{}
	log := slog.New(slog.NewJSONHandler(logs, nil))
	srv, err := New(log, Options{
		Signer:   signer,
		Registry: prometheus.NewRegistry(),
	})
	require.NoError(t, err)
	fake := &fakeContent{list: func(context.Context) error { return nil }}
	contentv1.RegisterContentServiceServer(srv.GRPC(), fake)
	contentv1.RegisterContentAdminServiceServer(srv.GRPC(), fake)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	h := &harness{conn: conn, signer: signer, logs: logs, fake: fake, stop: cancel, done: done}
	t.Cleanup(func() { cancel(); conn.Close(); <-done })
	return h
}

func TestValidationErrorsCarryRuleMessages(t *testing.T) {
	t.Parallel()
	h := start(t)
	_, err := contentv1.NewContentServiceClient(h.conn).ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{Limit: 101})
	st := status.Convert(err)
	require.Equal(t, codes.InvalidArgument, st.Code())
	var found bool
	for _, d := range st.Details() {
		if v, ok := d.(*validate.Violations); ok {
			require.Equal(t, "limit must be between 0 and 100", v.GetViolations()[0].GetMessage())
			require.Equal(t, "limit", v.GetViolations()[0].GetField().GetElements()[0].GetFieldName())
			found = true
		}
	}
	require.True(t, found, "violations detail missing: %v", st.Details())
}

func TestPanicsAndRawErrorsBecomeGenericInternalErrors(t *testing.T) {
	t.Parallel()
	h := start(t)
	client := contentv1.NewContentServiceClient(h.conn)

	h.fake.list = func(context.Context) error { panic("db password is hunter2") }
	_, err := client.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.Equal(t, codes.Internal, status.Code(err))
	require.Equal(t, "internal error", status.Convert(err).Message())
	require.Contains(t, h.logs.String(), "hunter2", "the detail is logged for operators")

	h.fake.list = func(context.Context) error { return errors.New("pq: relation secret_table missing") }
	_, err = client.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.Equal(t, codes.Internal, status.Code(err))
	require.NotContains(t, err.Error(), "secret_table")

	// The server keeps serving after a panic.
	h.fake.list = func(context.Context) error { return nil }
	_, err = client.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.NoError(t, err)
}

// A database outage (a failover, a lost connection) is answered
// Unavailable, which the edge turns into 503 with Retry-After, not 500.
func TestDatabaseOutagesAreUnavailableNotInternal(t *testing.T) {
	t.Parallel()
	h := start(t)
	client := contentv1.NewContentServiceClient(h.conn)
	for _, err := range []error{
		fmt.Errorf("update lead: %w", pgconn.ErrConnClosed),
		fmt.Errorf("list posts: %w", &pgconn.PgError{Code: "25006", Message: "cannot execute INSERT in a read-only transaction"}),
		fmt.Errorf("list posts: %w", &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}),
	} {
		h.fake.list = func(context.Context) error { return err }
		_, got := client.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
		require.Equal(t, codes.Unavailable, status.Code(got), "%v", err)
		require.Equal(t, "database unavailable", status.Convert(got).Message())
	}
	require.Contains(t, h.logs.String(), `"msg":"database unavailable"`)
	// A wrong statement is still internal.
	h.fake.list = func(context.Context) error { return &pgconn.PgError{Code: "42601", Message: "syntax error"} }
	_, err := client.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.Equal(t, codes.Internal, status.Code(err))
}

// A handler's own time limit (an upload's decode, a lead's submit budget)
// running out is DeadlineExceeded, and a cancel Canceled, whatever wraps
// them: the services' errToStatus leave both to this one mapping.
func TestTimeoutsAndCancelsKeepTheirCodes(t *testing.T) {
	t.Parallel()
	h := start(t)
	client := contentv1.NewContentServiceClient(h.conn)
	for err, want := range map[error]codes.Code{
		fmt.Errorf("decode image: %w", context.DeadlineExceeded): codes.DeadlineExceeded,
		fmt.Errorf("list posts: %w", context.Canceled):           codes.Canceled,
	} {
		h.fake.list = func(context.Context) error { return err }
		_, got := client.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
		require.Equal(t, want, status.Code(got), "%v", err)
		require.NotContains(t, got.Error(), "decode image")
	}
	require.NotContains(t, h.logs.String(), "unexpected error", "neither is a fault to log")
}

func TestStaffServicesNeedAStaffToken(t *testing.T) {
	t.Parallel()
	h := start(t)
	admin := contentv1.NewContentAdminServiceClient(h.conn)
	ctx := context.Background()

	_, err := admin.ListPosts(ctx, &contentv1.ListPostsRequest{})
	require.Equal(t, codes.Unauthenticated, status.Code(err), "reaching the port directly grants nothing")

	_, err = admin.ListPosts(h.signer.OutgoingContext(ctx, identity.Caller{Email: "joe@example.com"}), &contentv1.ListPostsRequest{})
	require.Equal(t, codes.PermissionDenied, status.Code(err))

	resp, err := admin.ListPosts(h.signer.OutgoingContext(ctx, identity.Caller{Email: "ana@valleytrenchless.example", Staff: true}), &contentv1.ListPostsRequest{})
	require.NoError(t, err)
	require.Equal(t, "ana@valleytrenchless.example", resp.GetPosts()[0].GetTitle())
}

func TestHealthAndGracefulStop(t *testing.T) {
	t.Parallel()
	h := start(t)
	hc := healthpb.NewHealthClient(h.conn)
	resp, err := hc.Check(context.Background(), &healthpb.HealthCheckRequest{})
	require.NoError(t, err)
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, resp.GetStatus())

	// A call in flight when shutdown starts still completes.
	release := make(chan struct{})
	entered := make(chan struct{})
	h.fake.list = func(context.Context) error { close(entered); <-release; return nil }
	callErr := make(chan error, 1)
	go func() {
		_, err := contentv1.NewContentServiceClient(h.conn).ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
		callErr <- err
	}()
	<-entered
	h.stop()
	time.AfterFunc(100*time.Millisecond, func() { close(release) })
	require.NoError(t, <-callErr)
	require.NoError(t, <-h.done)
	h.done <- nil // for Cleanup
}

func TestDependencyChecksDriveHealth(t *testing.T) {
	t.Parallel()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	srv, err := New(slog.New(slog.NewJSONHandler(&logtest.Buffer{}, nil)), Options{Signer: signer})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()

	var mu sync.Mutex
	dbErr := errors.New("postgres down")
	check := Check{Name: "postgres", Fn: func(context.Context) error { mu.Lock(); defer mu.Unlock(); return dbErr }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, addr, "", prometheus.NewRegistry(), check) }()
	t.Cleanup(func() { cancel(); <-done })

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	statusNow := func() healthpb.HealthCheckResponse_ServingStatus {
		resp, err := hc.Check(context.Background(), &healthpb.HealthCheckRequest{})
		if err != nil {
			return healthpb.HealthCheckResponse_UNKNOWN
		}
		return resp.GetStatus()
	}
	require.Eventually(t, func() bool { return statusNow() == healthpb.HealthCheckResponse_NOT_SERVING }, 10*time.Second, 50*time.Millisecond)
	live, err := hc.Check(context.Background(), &healthpb.HealthCheckRequest{Service: LivenessService})
	require.NoError(t, err)
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, live.GetStatus(), "a dependency outage must not fail the liveness probe")
	// The failing dependency is named: health's List has it NOT_SERVING.
	list, err := hc.List(context.Background(), &healthpb.HealthListRequest{})
	require.NoError(t, err)
	require.Equal(t, healthpb.HealthCheckResponse_NOT_SERVING, list.GetStatuses()["postgres"].GetStatus())
	mu.Lock()
	dbErr = nil
	mu.Unlock()
	require.Eventually(t, func() bool { return statusNow() == healthpb.HealthCheckResponse_SERVING }, 10*time.Second, 50*time.Millisecond)
	list, err = hc.List(context.Background(), &healthpb.HealthListRequest{})
	require.NoError(t, err)
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, list.GetStatuses()["postgres"].GetStatus())
}

func TestServeHealthFollowsChecksAndStops(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	var connected sync.Map
	check := Check{Name: "nats", Fn: func(context.Context) error {
		if _, ok := connected.Load("yes"); ok {
			return nil
		}
		return errors.New("nats disconnected")
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeHealth(ctx, slog.New(slog.NewJSONHandler(&logtest.Buffer{}, nil)), addr, check) }()

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	statusOf := func(service string) healthpb.HealthCheckResponse_ServingStatus {
		resp, err := hc.Check(context.Background(), &healthpb.HealthCheckRequest{Service: service})
		if err != nil {
			return healthpb.HealthCheckResponse_UNKNOWN
		}
		return resp.GetStatus()
	}
	require.Eventually(t, func() bool { return statusOf("") == healthpb.HealthCheckResponse_NOT_SERVING }, 10*time.Second, 50*time.Millisecond)
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, statusOf(LivenessService))
	connected.Store("yes", true)
	require.Eventually(t, func() bool { return statusOf("") == healthpb.HealthCheckResponse_SERVING }, 10*time.Second, 50*time.Millisecond)

	cancel()
	require.NoError(t, <-done)
	require.Equal(t, healthpb.HealthCheckResponse_UNKNOWN, statusOf(""), "the port is closed after the context ends")
}

// TestAReportOnlyCheckIsListedButKeepsTheServerServing: a dependency the
// server works around (the contact service's spool while Postgres is
// down) shows as NOT_SERVING under its own name, the server stays SERVING
// while the checks that matter pass, and goes NOT_SERVING once they fail.
func TestAReportOnlyCheckIsListedButKeepsTheServerServing(t *testing.T) {
	t.Parallel()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	srv, err := New(slog.New(slog.NewJSONHandler(&logtest.Buffer{}, nil)), Options{Signer: signer})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()

	var mu sync.Mutex
	intakeErr := error(nil)
	down := errors.New("postgres down")
	intake := Check{Name: "lead-intake", Fn: func(context.Context) error { mu.Lock(); defer mu.Unlock(); return intakeErr }}
	pg := Check{Name: "postgres", Fn: func(context.Context) error { return down }, ReportOnly: true}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, addr, "", prometheus.NewRegistry(), intake, pg) }()
	t.Cleanup(func() { cancel(); <-done })

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	statuses := func() map[string]healthpb.HealthCheckResponse_ServingStatus {
		out := map[string]healthpb.HealthCheckResponse_ServingStatus{}
		list, err := hc.List(context.Background(), &healthpb.HealthListRequest{})
		if err != nil {
			return out
		}
		for name, st := range list.GetStatuses() {
			out[name] = st.GetStatus()
		}
		return out
	}
	require.Eventually(t, func() bool {
		st := statuses()
		return st["postgres"] == healthpb.HealthCheckResponse_NOT_SERVING && st["lead-intake"] == healthpb.HealthCheckResponse_SERVING
	}, 10*time.Second, 50*time.Millisecond)
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, statuses()[""], "a report-only dependency down keeps the server serving")
	mu.Lock()
	intakeErr = errors.New("spool down too")
	mu.Unlock()
	require.Eventually(t, func() bool { return statuses()[""] == healthpb.HealthCheckResponse_NOT_SERVING }, 10*time.Second, 50*time.Millisecond)
}

package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
)

// transportContent is a content service whose answers break the transport:
// a post larger than gRPC's 4 MiB message limit, and a post that is never
// ready before the caller's deadline.
type transportContent struct {
	contentv1.UnimplementedContentServiceServer
}

func (transportContent) GetPublishedPost(ctx context.Context, req *contentv1.GetPublishedPostRequest) (*contentv1.GetPublishedPostResponse, error) {
	switch req.GetSlug() {
	case "huge":
		return &contentv1.GetPublishedPostResponse{Post: &contentv1.Post{Slug: "huge", Content: strings.Repeat("pipe ", 1<<20)}}, nil
	case "slow":
		<-ctx.Done() // the gateway's deadline passes first
		return nil, ctx.Err()
	}
	return &contentv1.GetPublishedPostResponse{Post: &contentv1.Post{Slug: req.GetSlug(), Title: "Fine"}}, nil
}

// dial connects to addr the way the gateway does.
func dial(t *testing.T, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return conn
}

// TestTransportFailuresNeverReachTheClient sends each kind of transport
// failure between the edge and a service through the real edge: a message
// over gRPC's size limit, a deadline, and a refused connection (a port
// nothing listens on). Each is logged with gRPC's detail and answered with
// our own message and the right status, never 429.
func TestTransportFailuresNeverReachTheClient(t *testing.T) {
	t.Parallel()
	srv := grpc.NewServer()
	contentv1.RegisterContentServiceServer(srv, transportContent{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(srv.Stop)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	refused := closed.Addr().String()
	require.NoError(t, closed.Close())

	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	content, nowhere := dial(t, ln.Addr().String()), dial(t, refused)
	e, err := New(context.Background(), log, Options{
		Upstreams:       Upstreams{Content: content, Contact: nowhere, Media: nowhere},
		UpstreamTimeout: 300 * time.Millisecond,
	})
	require.NoError(t, err)
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close)

	contactBody := `{"firstName":"Ana","lastName":"Ruiz","email":"ana@example.com","phone":"6025550142","issues":["gurgling"]}`
	for _, c := range []struct {
		name, method, path, body string
		status                   int
		message, logged          string
	}{
		{"message too large", "GET", "/api/blog-posts/huge", "", 500, httperr.MsgInternal, "larger than max"},
		{"deadline exceeded", "GET", "/api/blog-posts/slow", "", 504, httperr.MsgTimeout, "deadline"},
		{"connection refused", "POST", "/api/contact", contactBody, 503, httperr.MsgUnavailable, "connection refused"},
	} {
		t.Run(c.name, func(t *testing.T) {
			req, err := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			require.NoError(t, err)
			if c.body != "" {
				req.Header.Set("Content-Type", "application/json")
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			raw, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.NoError(t, err)
			require.Equal(t, c.status, resp.StatusCode, "%s", raw)
			var b ErrorBody
			require.NoError(t, json.Unmarshal(raw, &b), "%s", raw)
			require.Equal(t, c.message, b.Message)
			for _, internal := range []string{"grpc", "rpc error", "desc =", "transport", "larger than max", "context deadline", "dial", "127.0.0.1"} {
				require.NotContains(t, strings.ToLower(string(raw)), internal)
			}
			// Unavailable is a restart or a failover: come back in seconds.
			wantRetry := ""
			if c.status == 503 {
				wantRetry = "5"
			}
			require.Equal(t, wantRetry, resp.Header.Get("Retry-After"))
			require.Contains(t, logs.String(), c.logged, "the detail is logged")
		})
	}

	// The same edge still answers a healthy call.
	resp, err := http.Get(ts.URL + "/api/blog-posts/fine")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
}

// TestReadyzNamesTheDependencyThatIsDown asks real gRPC health servers: an
// upstream that reports its Postgres down is named with it — on the
// metrics port (ReadyDetails). The public /readyz says only whether the
// gateway is ready (issue 25: it named every upstream and dependency to
// anyone).
func TestReadyzNamesTheDependencyThatIsDown(t *testing.T) {
	t.Parallel()
	serve := func(deps map[string]healthpb.HealthCheckResponse_ServingStatus) *grpc.ClientConn {
		srv := grpc.NewServer()
		hs := health.NewServer()
		for name, st := range deps {
			hs.SetServingStatus(name, st)
		}
		healthpb.RegisterHealthServer(srv, hs)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		go func() { _ = srv.Serve(ln) }()
		t.Cleanup(srv.Stop)
		return dial(t, ln.Addr().String())
	}
	up := serve(map[string]healthpb.HealthCheckResponse_ServingStatus{"": healthpb.HealthCheckResponse_SERVING, "postgres": healthpb.HealthCheckResponse_SERVING})
	down := serve(map[string]healthpb.HealthCheckResponse_ServingStatus{"": healthpb.HealthCheckResponse_NOT_SERVING,
		"postgres": healthpb.HealthCheckResponse_NOT_SERVING, "minio": healthpb.HealthCheckResponse_SERVING})
	e, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Upstreams: Upstreams{Content: up, Contact: down, Media: up}})
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	e.ReadyDetails.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	require.Equal(t, 503, rec.Code)
	require.JSONEq(t, `{"status":"not ready","upstreams":{"content":"SERVING","contact":"NOT_SERVING","media":"SERVING"},"down":{"contact":["postgres"]}}`, rec.Body.String())
	rec = httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	require.Equal(t, 503, rec.Code)
	require.JSONEq(t, `{"status":"not ready"}`, rec.Body.String())

	// An upstream serving without its Postgres (grpcserver.Check.ReportOnly:
	// contact's spool takes the leads) keeps the gateway ready, and the
	// metrics port names what is down all the same.
	degraded := serve(map[string]healthpb.HealthCheckResponse_ServingStatus{"": healthpb.HealthCheckResponse_SERVING,
		"lead-intake": healthpb.HealthCheckResponse_SERVING, "postgres": healthpb.HealthCheckResponse_NOT_SERVING})
	e2, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Upstreams: Upstreams{Content: up, Contact: degraded, Media: up}})
	require.NoError(t, err)
	rec = httptest.NewRecorder()
	e2.ReadyDetails.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `{"status":"ready","upstreams":{"content":"SERVING","contact":"SERVING","media":"SERVING"},"down":{"contact":["postgres"]}}`, rec.Body.String())
	rec = httptest.NewRecorder()
	e2.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	require.Equal(t, 200, rec.Code)
	// The metrics port says the same per upstream (the UpstreamNotReady
	// alert), asking at scrape time: an upstream that stops answering
	// turns 0 too.
	require.Equal(t, map[string]float64{"content": 1, "contact": 0, "media": 1}, upstreamReady(t, e))
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	require.NoError(t, closed.Close())
	e, err = New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Upstreams: Upstreams{Content: up, Contact: up, Media: dial(t, closed.Addr().String())}})
	require.NoError(t, err)
	require.Equal(t, map[string]float64{"content": 1, "contact": 1, "media": 0}, upstreamReady(t, e))

	e, err = New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Upstreams: Upstreams{Content: up, Contact: up, Media: up}})
	require.NoError(t, err)
	rec = httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `{"status":"ready"}`, rec.Body.String())
	rec = httptest.NewRecorder()
	e.ReadyDetails.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	require.JSONEq(t, `{"status":"ready","upstreams":{"content":"SERVING","contact":"SERVING","media":"SERVING"},"down":{}}`, rec.Body.String())
}

// upstreamReady gathers e's gateway_upstream_ready gauges by upstream.
func upstreamReady(t *testing.T, e *Edge) map[string]float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(e.UpstreamReadyGauges()...)
	families, err := reg.Gather()
	require.NoError(t, err)
	require.Len(t, families, 1)
	require.Equal(t, "gateway_upstream_ready", families[0].GetName())
	out := map[string]float64{}
	for _, m := range families[0].GetMetric() {
		require.Equal(t, "upstream", m.GetLabel()[0].GetName())
		out[m.GetLabel()[0].GetValue()] = m.GetGauge().GetValue()
	}
	return out
}

package edge

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/services/gateway/internal/leadfeed"
)

// streamingInbox stands in for the contact service's export at the gRPC
// boundary, so the edge's handling of a stream (pacing, errors mid-way) can
// be watched exactly; the real export is tested in contactgrpc and e2e.
type streamingInbox struct {
	contactv1.UnimplementedLeadInboxServiceServer
	chunks []string
	gap    time.Duration
	// failAfter ends the stream with an error after that many chunks
	// (0: never).
	failAfter int

	mu     sync.Mutex
	filter string
	token  string
}

func (f *streamingInbox) ExportLeads(req *contactv1.ExportLeadsRequest, stream grpc.ServerStreamingServer[httpbody.HttpBody]) error {
	md, _ := metadata.FromIncomingContext(stream.Context())
	f.mu.Lock()
	f.filter = req.GetFilter()
	if v := md.Get(identity.MetadataKey); len(v) > 0 {
		f.token = v[0]
	}
	f.mu.Unlock()
	if req.GetFilter() == "bogus" {
		return status.Error(codes.InvalidArgument, "Filter must be all, unread, overdue or spam")
	}
	_ = stream.SetHeader(metadata.Pairs("content-disposition", `attachment; filename="leads-`+req.GetFilter()+`-2026-01-02.csv"`))
	for i, c := range f.chunks {
		if f.failAfter > 0 && i == f.failAfter {
			return status.Error(codes.Internal, "database went away")
		}
		if i > 0 {
			time.Sleep(f.gap)
		}
		if err := stream.Send(&httpbody.HttpBody{ContentType: "text/csv; charset=utf-8", Data: []byte(c)}); err != nil {
			return err
		}
	}
	return nil
}

// shortTimeouts are the gateway server's read and write timeouts scaled
// down, so a test can outlast them in a second.
const shortTimeouts = 400 * time.Millisecond

type leadsEnv struct {
	base  string
	inbox *streamingInbox
	feed  *leadfeed.Broker
	srv   *http.Server
}

// newLeadsEdge runs the real edge behind an http.Server configured like the
// gateway's (timeouts, shutdown hook, otel and Prometheus wrappers), but
// with timeouts short enough to be outlasted. The caller is chosen per
// request by the X-Test-Caller header: staff, visitor or none.
func newLeadsEdge(t *testing.T, inbox *streamingInbox) *leadsEnv {
	t.Helper()
	conn := grpctest.Serve(t, func(srv *grpc.Server) { contactv1.RegisterLeadInboxServiceServer(srv, inbox) })
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)

	feed := leadfeed.NewBroker(4)
	h, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{
		Upstreams: Upstreams{Content: conn, Contact: conn, Media: conn}, Signer: signer,
		Identity: func(r *http.Request) (identity.Caller, bool) {
			switch r.Header.Get("X-Test-Caller") {
			case "staff":
				return identity.Caller{Email: "ana@valleytrenchless.example", Staff: true}, true
			case "visitor":
				return identity.Caller{Email: "joe@example.com"}, true
			}
			return identity.Caller{}, false
		},
		UpstreamTimeout: 100 * time.Millisecond, LeadFeed: feed, EventsHeartbeat: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "t", Help: "t"}, []string{"code"})
	hs := &http.Server{
		Handler:     otelhttp.NewHandler(promhttp.InstrumentHandlerCounter(requests, h), "test"),
		ReadTimeout: shortTimeouts, WriteTimeout: shortTimeouts,
	}
	hs.RegisterOnShutdown(feed.Close)
	hln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = hs.Serve(hln) }()
	t.Cleanup(func() { _ = hs.Close() })
	return &leadsEnv{base: "http://" + hln.Addr().String(), inbox: inbox, feed: feed, srv: hs}
}

func (e *leadsEnv) get(t *testing.T, path, caller string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.base+path, nil)
	require.NoError(t, err)
	req.Header.Set("X-Test-Caller", caller)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestExportIsRawCSVStreamedPastTheTimeouts(t *testing.T) {
	t.Parallel()
	chunks := []string{"\ufeffid,firstName\n", "1,Maria\n2,Sam\n", "3,\"Lee, Jr.\"\n", "4,Ana\n"}
	e := newLeadsEdge(t, &streamingInbox{chunks: chunks, gap: 300 * time.Millisecond})

	start := time.Now()
	resp := e.get(t, "/api/contact-submissions/export.csv?filter=unread", "staff")
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "text/csv; charset=utf-8", resp.Header.Get("Content-Type"))
	require.Equal(t, `attachment; filename="leads-unread-2026-01-02.csv"`, resp.Header.Get("Content-Disposition"))
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	require.Empty(t, resp.Header.Get("X-Cache"), "never the public cache's")
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err, "the download completes")
	require.Equal(t, strings.Join(chunks, ""), string(body), "the bytes as sent: no delimiters, no JSON")
	require.Greater(t, time.Since(start), 2*shortTimeouts, "outlasted UpstreamTimeout and the server's write timeout")

	e.inbox.mu.Lock()
	require.Equal(t, "unread", e.inbox.filter)
	token := e.inbox.token
	e.inbox.mu.Unlock()
	require.NotEmpty(t, token, "the staff identity travels to the service")
}

func TestExportErrorsBeforeAndDuringTheStream(t *testing.T) {
	t.Parallel()
	e := newLeadsEdge(t, &streamingInbox{chunks: []string{"id\n", "1\n", "2\n"}, failAfter: 2})

	// Refused before any byte: a proper error status and JSON body.
	resp := e.get(t, "/api/contact-submissions/export.csv?filter=bogus", "staff")
	require.Equal(t, 400, resp.StatusCode)
	var eb ErrorBody
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&eb))
	require.Equal(t, "invalid_argument", eb.Code)

	// Broken after the first bytes: the download fails rather than ending
	// like a complete file.
	resp = e.get(t, "/api/contact-submissions/export.csv", "staff")
	require.Equal(t, 200, resp.StatusCode)
	body, err := io.ReadAll(resp.Body)
	require.Error(t, err, "the connection is cut: %q", body)
	require.NotContains(t, string(body), "{", "no JSON error written into the CSV")

	for caller, code := range map[string]int{"none": 401, "visitor": 403} {
		require.Equal(t, code, e.get(t, "/api/contact-submissions/export.csv", caller).StatusCode, caller)
		require.Equal(t, code, e.get(t, "/api/contact-submissions/events", caller).StatusCode, caller)
	}
}

// sseReader reads a text/event-stream one event (or comment) at a time.
type sseReader struct {
	t *testing.T
	r *bufio.Reader
}

// next returns the next block's lines (up to the blank line).
func (s *sseReader) next() []string {
	s.t.Helper()
	var lines []string
	for {
		line, err := s.r.ReadString('\n')
		require.NoError(s.t, err, "stream ended after %q", lines)
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			return lines
		}
		lines = append(lines, line)
	}
}

// event skips comments and returns the next event's name and data.
func (s *sseReader) event() (string, string) {
	s.t.Helper()
	for {
		var name, data string
		for _, l := range s.next() {
			if v, ok := strings.CutPrefix(l, "event: "); ok {
				name = v
			}
			if v, ok := strings.CutPrefix(l, "data: "); ok {
				data = v
			}
		}
		if name != "" {
			return name, data
		}
	}
}

func TestLeadEventsStreamFromNATS(t *testing.T) {
	t.Parallel()
	e := newLeadsEdge(t, &streamingInbox{})
	ns := natstest.Start(t)
	nc, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	stop, err := leadfeed.Attach(slog.New(slog.NewTextHandler(io.Discard, nil)), nc, e.feed)
	require.NoError(t, err)
	t.Cleanup(stop)
	require.NoError(t, nc.Flush())

	resp := e.get(t, "/api/contact-submissions/events", "staff")
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	require.Equal(t, "no-store", resp.Header.Get("Cache-Control"))
	require.Equal(t, "no", resp.Header.Get("X-Accel-Buffering"))
	s := &sseReader{t: t, r: bufio.NewReader(resp.Body)}
	require.Equal(t, []string{"retry: 2000"}, s.next())
	require.Equal(t, []string{": ping"}, s.next(), "a heartbeat while nothing happens")

	// Past the server's write timeout, the stream is still open.
	time.Sleep(2 * shortTimeouts)
	created := time.Date(2026, 3, 4, 15, 4, 5, 0, time.UTC)
	payload, err := protojson.Marshal(&contactv1.LeadSubmitted{Lead: &contactv1.Lead{
		Id: "6f1c0f1e-5b7a-4d7e-9a53-1d3c6c7f0b11", FirstName: "Maria", LastName: "Lopez", City: "mesa",
		Description: "Backs up\nafter rain", CreatedAt: timestamppb.New(created),
	}})
	require.NoError(t, err)
	require.NoError(t, nc.Publish("leads.submitted", payload))
	name, data := s.event()
	require.Equal(t, "lead", name)
	var got struct {
		Lead map[string]any `json:"lead"`
	}
	require.NoError(t, json.Unmarshal([]byte(data), &got), data)
	require.Equal(t, "Maria", got.Lead["firstName"])
	require.Equal(t, "Backs up\nafter rain", got.Lead["description"], "a newline in the data stays inside the JSON")
	require.Equal(t, "2026-03-04T15:04:05Z", got.Lead["createdAt"])
	require.Equal(t, false, got.Lead["isRead"], "every field present, as in the REST API")

	payload, err = protojson.Marshal(&contactv1.LeadUpdated{LeadId: "6f1c0f1e-5b7a-4d7e-9a53-1d3c6c7f0b11", IsRead: true, UpdatedBy: "ana@valleytrenchless.example",
		Change: "status", Status: "contacted", PreviousStatus: "new", ActivityId: 7})
	require.NoError(t, err)
	require.NoError(t, nc.Publish("leads.updated", payload))
	name, data = s.event()
	require.Equal(t, "lead-updated", name)
	require.JSONEq(t, `{"leadId":"6f1c0f1e-5b7a-4d7e-9a53-1d3c6c7f0b11","isRead":true,"updatedBy":"ana@valleytrenchless.example","updatedAt":null,
		"change":"status","status":"contacted","previousStatus":"new","assignee":"","firstResponseAt":null,"activityId":"7"}`, data)
}

func TestLeadEventsEndAtShutdownAndForSlowClients(t *testing.T) {
	t.Parallel()
	e := newLeadsEdge(t, &streamingInbox{})

	// A client that reads nothing falls behind (the broker queues 4 here,
	// the socket buffers hold the rest) and is dropped; publishing never
	// waits for it.
	slow := e.get(t, "/api/contact-submissions/events", "staff")
	require.Equal(t, 200, slow.StatusCode)
	waitSubscribers(t, e.feed, 1)
	big := leadfeed.Event{Name: "lead", Data: []byte(`{"lead":{"description":"` + strings.Repeat("x", 256<<10) + `"}}`)}
	deadline := time.Now().Add(10 * time.Second)
	for e.feed.Subscribers() > 0 {
		require.True(t, time.Now().Before(deadline), "the slow client was never dropped")
		e.feed.Publish(big)
		time.Sleep(5 * time.Millisecond)
	}

	// An open stream does not hold up shutdown.
	live := e.get(t, "/api/contact-submissions/events", "staff")
	s := &sseReader{t: t, r: bufio.NewReader(live.Body)}
	require.Equal(t, []string{"retry: 2000"}, s.next())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	require.NoError(t, e.srv.Shutdown(ctx))
	require.Less(t, time.Since(start), 3*time.Second)
	_, err := io.ReadAll(live.Body)
	require.NoError(t, err, "the stream ended cleanly")
}

func waitSubscribers(t *testing.T, feed *leadfeed.Broker, n int) {
	t.Helper()
	require.Eventually(t, func() bool { return feed.Subscribers() == n }, 5*time.Second, 10*time.Millisecond)
}

package edge

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
	"github.com/valleytrenchless/site/services/gateway/internal/fastlane"
)

// pageContent is a content service with one post and one editable text.
type pageContent struct {
	contentv1.UnimplementedContentServiceServer
}

func (pageContent) ListEditableContent(context.Context, *contentv1.ListEditableContentRequest) (*contentv1.ListEditableContentResponse, error) {
	return &contentv1.ListEditableContentResponse{Items: []*contentv1.EditableContent{
		{ContentKey: "hero.title", Content: "Sewer repair without the trench", ContentType: "text"},
	}}, nil
}

func (pageContent) ListPublishedPosts(_ context.Context, req *contentv1.ListPublishedPostsRequest) (*contentv1.ListPublishedPostsResponse, error) {
	return &contentv1.ListPublishedPostsResponse{Posts: []*contentv1.PostSummary{
		{Slug: "clay-pipes", Title: "Clay pipes", Excerpt: strings.Repeat("Roots find every joint. ", 80)},
	}}, nil
}

func (pageContent) GetPublishedPost(_ context.Context, req *contentv1.GetPublishedPostRequest) (*contentv1.GetPublishedPostResponse, error) {
	if req.GetSlug() != "clay-pipes" {
		return nil, status.Error(codes.NotFound, "no such post")
	}
	return &contentv1.GetPublishedPostResponse{Post: &contentv1.Post{Slug: "clay-pipes", Title: "Clay pipes", Content: "## Roots\n\n" + strings.Repeat("Roots find every joint. ", 200)}}, nil
}

// pageEdge is an edge over a small build (a home page with one editable
// text and /phoenix, each over encoded.FileMin in identity bytes, so the
// lane sends them with sendfile, the 404 page, the app shell and the article template)
// whose content service is content; ttl 0 keeps the default TTL.
func pageEdge(t *testing.T, content contentv1.ContentServiceServer, ttl time.Duration) *Edge {
	t.Helper()
	e, _ := pageEdgeHealth(t, content, ttl)
	return e
}

// pageEdgeHealth is pageEdge whose upstreams answer gRPC health from the
// server it returns (serving).
func pageEdgeHealth(t *testing.T, content contentv1.ContentServiceServer, ttl time.Duration) (*Edge, *health.Server) {
	t.Helper()
	hs := health.NewServer()
	conn := grpctest.Serve(t, func(s *grpc.Server) {
		contentv1.RegisterContentServiceServer(s, content)
		healthpb.RegisterHealthServer(s, hs)
	})
	web := t.TempDir()
	page := `<!doctype html><html><head><title>Valley</title></head><body><h1 data-content-key="hero.title">Default</h1>` +
		strings.Repeat("<p>Trenchless repair across the Valley.</p>", 200) + `</body></html>`
	for name, body := range map[string]string{
		"index.html":         page,
		"phoenix/index.html": strings.Replace(page, "Valley", "Phoenix", 1),
		"404.html":           "<!doctype html><title>Not found</title>",
		"app.html":           "<!doctype html><title>Shell</title>",
		"_article.html":      `<!doctype html><html><head><title>Article</title></head><body><main id="root"></main></body></html>`,
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(web, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(web, name), []byte(body), 0o644))
	}
	e, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{
		Upstreams:    Upstreams{Content: conn, Contact: conn, Media: conn},
		PublicOrigin: "http://127.0.0.1", WebDir: web, UpstreamTimeout: 2 * time.Second, CacheTTL: ttl,
		CSP: CSPOptions{VideoHost: "https://www.youtube-nocookie.com", MapTiles: osmTiles(t)},
	})
	require.NoError(t, err)
	return e, hs
}

// A gateway fills its public pages before /readyz says ready (Warm), once
// its upstreams serve, so the fast lane answers the first visitors of a
// new replica: a connection whose first request the lane cannot answer
// stays with net/http.
func TestWarmFillsThePublicPagesBeforeTheGatewayIsReady(t *testing.T) {
	t.Parallel()
	e, hs := pageEdgeHealth(t, pageContent{}, 0)
	hs.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	readyz := func() (int, string) {
		rec := httptest.NewRecorder()
		e.ReadyDetails.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
		return rec.Code, rec.Body.String()
	}
	require.Nil(t, e.Ready("/", ""), "nothing kept before a request or a warm-up")
	done := e.Warm(context.Background())

	// Content not serving yet: the warm-up waits, and says so.
	time.Sleep(300 * time.Millisecond)
	code, body := readyz()
	require.Equal(t, 503, code)
	require.Contains(t, body, `"warming":true`)
	require.Nil(t, e.Ready("/", ""), "not filled while the texts cannot be read")

	hs.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	<-done
	code, body = readyz()
	require.Equal(t, 200, code, body)
	require.NotContains(t, body, "warming")
	for _, path := range []string{"/", "/phoenix"} {
		require.NotNil(t, e.Ready(path, ""), "%s kept before any request", path)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	require.Contains(t, rec.Body.String(), "Sewer repair without the trench", "filled with the current texts")
}

// laneEnv is one edge served two ways: by net/http alone, and by the fast
// lane in front of net/http, as the gateway serves it.
type laneEnv struct {
	plain, lane string
	mu          sync.Mutex
	answered    []string // requests the lane answered itself
	close       func()
}

func newLaneEnv(t *testing.T) *laneEnv {
	t.Helper()
	e := pageEdge(t, pageContent{}, 0)
	plain := httptest.NewServer(e)
	t.Cleanup(plain.Close)
	env := &laneEnv{plain: plain.Listener.Addr().String()}
	lane := fastlane.New(fastlane.Options{Source: e.Ready,
		Record: func(method, path string, status int, _ int64, _, _ time.Time) {
			env.mu.Lock()
			env.answered = append(env.answered, fmt.Sprintf("%s %s %d", method, path, status))
			env.mu.Unlock()
		},
		ReadHeaderTimeout: 2 * time.Second, IdleTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: e}
	go func() { _ = lane.Serve(ln) }()
	go func() { _ = srv.Serve(lane.Handoff()) }()
	env.lane = ln.Addr().String()
	env.close = func() {
		lane.Close()
		_ = srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = lane.Wait(ctx)
	}
	t.Cleanup(env.close)
	return env
}

// taken returns the requests the lane answered since the last call, once
// at least want of them are recorded: the lane records an answer after
// writing it, so the client may read it first (wait up to 5 s).
func (env *laneEnv) taken(want int) []string {
	deadline := time.Now().Add(5 * time.Second)
	for {
		env.mu.Lock()
		if len(env.answered) >= want || time.Now().After(deadline) {
			out := env.answered
			env.answered = nil
			env.mu.Unlock()
			return out
		}
		env.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

// exchange writes raw requests on one connection and reads the answers
// (one per request, HEAD ones without a body), as raw bytes with the Date
// field's value blanked.
func exchange(t *testing.T, addr string, raw string, heads ...bool) []string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(10*time.Second)))
	_, err = io.WriteString(c, raw)
	require.NoError(t, err)
	br := bufio.NewReader(c)
	var out []string
	for _, head := range heads {
		var b strings.Builder
		length := 0
		for {
			line, err := br.ReadString('\n')
			require.NoError(t, err, "answer so far: %q", b.String())
			b.WriteString(line)
			if k, v, ok := strings.Cut(strings.TrimSpace(line), ": "); ok && strings.EqualFold(k, "Content-Length") {
				_, _ = fmt.Sscan(v, &length)
			}
			if line == "\r\n" {
				break
			}
		}
		if strings.HasPrefix(b.String(), "HTTP/1.1 304") || head {
			length = 0
		}
		body := make([]byte, length)
		_, err := io.ReadFull(br, body)
		require.NoError(t, err)
		b.Write(body)
		out = append(out, dateField.ReplaceAllString(b.String(), "Date: -\r\n"))
	}
	return out
}

var dateField = regexp.MustCompile(`Date: [^\r]*\r\n`)

// TestFastLaneAnswersExactlyAsNetHTTP sends the same requests to the edge
// served by net/http alone and by the lane in front of it: every answer
// is the same byte for byte (but the date), and the lane answers kept
// pages, articles and public reads itself, in every encoding, HEAD and
// If-None-Match, and leaves everything else to net/http.
func TestFastLaneAnswersExactlyAsNetHTTP(t *testing.T) {
	t.Parallel()
	env := newLaneEnv(t)
	targets := []string{"/", "/phoenix", "/blog/clay-pipes", "/api/blog-posts?limit=3", "/api/editable-content"}
	// Fill what is kept, through net/http.
	for _, p := range targets {
		exchange(t, env.plain, "GET "+p+" HTTP/1.1\r\nHost: x\r\n\r\n", false)
	}
	etags := map[string]string{}
	for _, p := range targets {
		for _, enc := range []string{"", "gzip", "br", "gzip, deflate, br, zstd"} {
			get := "GET " + p + " HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: test\r\nAccept-Encoding: " + enc + "\r\n\r\n"
			want := exchange(t, env.plain, get, false)
			require.Equal(t, want, exchange(t, env.lane, get, false), p+" "+enc)
			etag := regexp.MustCompile(`Etag: ("[^"]+")`).FindStringSubmatch(want[0])
			require.NotNil(t, etag, want[0])
			etags[p+enc] = etag[1]
			cond := "GET " + p + " HTTP/1.1\r\nHost: x\r\nAccept-Encoding: " + enc + "\r\nIf-None-Match: W/\"other\", " + etag[1] + "\r\n\r\n"
			want = exchange(t, env.plain, cond, false)
			require.True(t, strings.HasPrefix(want[0], "HTTP/1.1 304 "), want[0])
			require.Equal(t, want, exchange(t, env.lane, cond, false), p+" "+enc+" 304")
			head := strings.Replace(get, "GET", "HEAD", 1)
			require.Equal(t, exchange(t, env.plain, head, true), exchange(t, env.lane, head, true), p+" HEAD")
		}
	}
	require.Len(t, env.taken(len(targets)*4*3), len(targets)*4*3, "the lane answered them all itself")

	// Keep-alive and pipelining: three answers on one connection.
	three := "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /phoenix HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\nHEAD /blog/clay-pipes HTTP/1.1\r\nHost: x\r\n\r\n"
	require.Equal(t, exchange(t, env.plain, three, false, false, true), exchange(t, env.lane, three, false, false, true))
	require.Equal(t, []string{"GET / 200", "GET /phoenix 200", "HEAD /blog/clay-pipes 200"}, env.taken(3))

	// What the lane leaves to net/http, which answers it as before: the
	// lane answers none of these itself.
	for _, raw := range []string{
		"GET /phoenix/ HTTP/1.1\r\nHost: x\r\n\r\n",                            // not the route itself
		"GET /%70hoenix HTTP/1.1\r\nHost: x\r\n\r\n",                           // percent-encoded
		"GET /blog/../phoenix HTTP/1.1\r\nHost: x\r\n\r\n",                     // dot segment
		"GET / HTTP/1.0\r\nHost: x\r\n\r\n",                                    // HTTP/1.0
		"GET / HTTP/1.1\r\n\r\n",                                               // no Host
		"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",                         // two
		"GET / HTTP/1.1\r\nHost: x\r\nCookie: session=abc\r\n\r\n",             // sessions are net/http's
		"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",               // closes
		"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",               // a body
		"GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=0-10\r\n\r\n",               // a range
		"GET / HTTP/1.1\r\nHost : x\r\n\r\n",                                   // malformed
		"GET / HTTP/1.1\nHost: x\n\n",                                          // bare LF
		"GET /blog/no-such-post HTTP/1.1\r\nHost: x\r\n\r\n",                   // not kept: 404
		"POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", // a lead
		"DELETE / HTTP/1.1\r\nHost: x\r\n\r\n",
	} {
		want := exchange(t, env.plain, raw, false)
		require.Equal(t, want, exchange(t, env.lane, raw, false), "%q", raw)
		require.Empty(t, env.taken(0), "%q", raw)
	}

	// A read not kept yet: net/http fills it, then the lane answers it.
	first := exchange(t, env.lane, "GET /api/blog-posts?limit=4 HTTP/1.1\r\nHost: x\r\n\r\n", false)
	require.Contains(t, first[0], "X-Cache: MISS")
	require.Empty(t, env.taken(0))
	second := exchange(t, env.lane, "GET /api/blog-posts?limit=4 HTTP/1.1\r\nHost: x\r\n\r\n", false)
	require.Equal(t, strings.Replace(first[0], "X-Cache: MISS", "X-Cache: HIT", 1), second[0])
	require.Equal(t, []string{"GET /api/blog-posts 200"}, env.taken(1))

	// A connection handed over after fast answers keeps its order: the
	// lane answers the first, net/http the second (and the third, on the
	// connection it now owns).
	mixed := "GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /phoenix/ HTTP/1.1\r\nHost: x\r\n\r\nGET /phoenix HTTP/1.1\r\nHost: x\r\n\r\n"
	require.Equal(t, exchange(t, env.plain, mixed, false, false, false), exchange(t, env.lane, mixed, false, false, false))
	require.Equal(t, []string{"GET / 200"}, env.taken(1))
}

// TestFastLaneEndsIdleConnectionsAtClose: Close ends a kept-alive idle
// connection at once, and the listener stops accepting.
func TestFastLaneEndsIdleConnectionsAtClose(t *testing.T) {
	t.Parallel()
	env := newLaneEnv(t)
	exchange(t, env.plain, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", false)
	c, err := net.Dial("tcp", env.lane)
	require.NoError(t, err)
	defer c.Close()
	_, err = io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	require.NoError(t, err)
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	require.Equal(t, []string{"GET / 200"}, env.taken(1))

	env.close()
	require.NoError(t, c.SetReadDeadline(time.Now().Add(3*time.Second)))
	_, err = br.ReadByte()
	require.ErrorIs(t, err, io.EOF, "the idle connection is closed, not left to time out")
	_, err = net.DialTimeout("tcp", env.lane, time.Second)
	require.Error(t, err)
}

// TestContentLengthWithTransferEncodingIsRefused: issue 25 found requests
// carrying both served (net/http reads the chunks). Each is now answered
// 400 and the connection closed, so nothing behind it on the socket is
// read as a request — by net/http alone and behind the lane alike.
func TestContentLengthWithTransferEncodingIsRefused(t *testing.T) {
	t.Parallel()
	env := newLaneEnv(t)
	smuggled := "GET /api/editable-content HTTP/1.1\r\nHost: x\r\n\r\n"
	for _, addr := range []string{env.plain, env.lane} {
		for _, head := range []string{
			"POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
			"GET /api/blog-posts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
			"POST /api/contact HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
		} {
			c, err := net.Dial("tcp", addr)
			require.NoError(t, err)
			require.NoError(t, c.SetDeadline(time.Now().Add(10*time.Second)))
			_, err = io.WriteString(c, head+"0\r\n\r\n"+smuggled)
			require.NoError(t, err)
			all, err := io.ReadAll(c) // ends only when the server closes
			c.Close()
			require.NoError(t, err, "the connection must be closed")
			answers := regexp.MustCompile(`HTTP/1\.1 \d{3}`).FindAllString(string(all), -1)
			require.Equal(t, []string{"HTTP/1.1 400"}, answers, "%s: %q", addr, all)
			require.Contains(t, string(all), MsgLengthRequired)
		}
	}
}

package edge

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
)

// countingContent is pageContent that counts the upstream calls.
type countingContent struct {
	pageContent
	calls chan string
}

func (c countingContent) ListPublishedPosts(ctx context.Context, req *contentv1.ListPublishedPostsRequest) (*contentv1.ListPublishedPostsResponse, error) {
	c.calls <- fmt.Sprintf("list %d", req.GetLimit())
	return c.pageContent.ListPublishedPosts(ctx, req)
}

func (c countingContent) ListEditableContent(ctx context.Context, req *contentv1.ListEditableContentRequest) (*contentv1.ListEditableContentResponse, error) {
	c.calls <- "texts " + req.GetLocale()
	resp, err := c.pageContent.ListEditableContent(ctx, req)
	if req.GetLocale() == "es" {
		resp.Items[0].Content, resp.Items[0].Locale = "Reparación sin zanjas", "es"
	}
	return resp, err
}

func newCacheEdge(t *testing.T, limits CacheLimits) (*Edge, *httptest.Server, chan string) {
	t.Helper()
	calls := make(chan string, 100000)
	content := grpctest.Serve(t, func(s *grpc.Server) {
		contentv1.RegisterContentServiceServer(s, countingContent{calls: calls})
	})
	e, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{
		Upstreams: Upstreams{Content: content, Contact: content, Media: content}, PublicOrigin: "http://127.0.0.1",
		UpstreamTimeout: 2 * time.Second, CacheLimits: limits,
	})
	require.NoError(t, err)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return e, srv, calls
}

func getStatus(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("X-Cache")
}

// TestCacheBustersShareOneEntry: the attack of issue 25 — a unique query
// string per request on a public read — found one entry per URL (48 KB
// each, never dropped). Parameters the read does not take, and spellings
// of the same value, now share the entry of the read they send upstream.
func TestCacheBustersShareOneEntry(t *testing.T) {
	t.Parallel()
	e, srv, calls := newCacheEdge(t, CacheLimits{})
	for i := range 300 {
		code, _ := getStatus(t, fmt.Sprintf("%s/api/blog-posts/clay-pipes?cb=%d", srv.URL, i))
		require.Equal(t, 200, code)
		code, _ = getStatus(t, fmt.Sprintf("%s/api/blog-posts?cb=%d&limit=05", srv.URL, i))
		require.Equal(t, 200, code)
	}
	_, state := getStatus(t, srv.URL+"/api/blog-posts?limit=5")
	require.Equal(t, "HIT", state)
	_, state = getStatus(t, srv.URL+"/api/blog-posts/clay-pipes")
	require.Equal(t, "HIT", state)
	st := e.CacheStats()
	require.Equal(t, 2, st.Entries)
	require.Equal(t, uint64(2), st.Misses)
	require.Len(t, calls, 1, "one upstream list call")
	// The lane finds the same entries whatever the cache-buster.
	require.NotNil(t, e.Ready("/api/blog-posts/clay-pipes", "cb=never-seen"))
	require.NotNil(t, e.Ready("/api/blog-posts", "limit=5&utm_source=x"))
	require.Nil(t, e.Ready("/api/blog-posts", "limit=6"))
}

// TestEachLanguagesTextsAreKeptApart (issue 40): the Spanish texts
// (?locale=es) are an entry of their own, never served for the English
// ones, and a change drops both.
func TestEachLanguagesTextsAreKeptApart(t *testing.T) {
	t.Parallel()
	e, srv, calls := newCacheEdge(t, CacheLimits{})
	body := func(query string) (string, string) {
		resp, err := http.Get(srv.URL + "/api/editable-content" + query)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.Equal(t, 200, resp.StatusCode)
		return string(b), resp.Header.Get("X-Cache")
	}
	es, state := body("?locale=es")
	require.Contains(t, es, `"content":"Reparación sin zanjas"`)
	require.Equal(t, "MISS", state)
	en, state := body("")
	require.Contains(t, en, `"content":"Sewer repair without the trench"`)
	require.Equal(t, "MISS", state)
	es2, state := body("?cb=1&locale=es")
	require.Equal(t, es, es2)
	require.Equal(t, "HIT", state)
	require.Len(t, calls, 2)
	require.ElementsMatch(t, []string{"texts es", "texts "}, []string{<-calls, <-calls})
	require.NotNil(t, e.Ready("/api/editable-content", "locale=es"))

	e.InvalidatePublicCache()
	require.Nil(t, e.Ready("/api/editable-content", "locale=es"))
	require.Nil(t, e.Ready("/api/editable-content", ""))
	_, state = body("?locale=es")
	require.Equal(t, "MISS", state)
}

// TestCacheIsBoundedByEntriesAndBytes: reads the cache does key apart
// (each list length) never hold more than its bounds; what is dropped is
// counted and read again from upstream.
func TestCacheIsBoundedByEntriesAndBytes(t *testing.T) {
	t.Parallel()
	e, srv, _ := newCacheEdge(t, CacheLimits{Entries: 5})
	for limit := 1; limit <= 100; limit++ {
		code, _ := getStatus(t, fmt.Sprintf("%s/api/blog-posts?limit=%d", srv.URL, limit))
		require.Equal(t, 200, code)
		require.LessOrEqual(t, e.CacheStats().Entries, 5)
	}
	st := e.CacheStats()
	require.Equal(t, 5, st.Entries)
	require.Equal(t, uint64(95), st.Evictions)

	one := st.Bytes / 5
	e, srv, _ = newCacheEdge(t, CacheLimits{Bytes: 3 * one})
	for limit := 1; limit <= 50; limit++ {
		getStatus(t, fmt.Sprintf("%s/api/blog-posts?limit=%d", srv.URL, limit))
		require.LessOrEqual(t, e.CacheStats().Bytes, 3*one)
	}
	require.Equal(t, 3, e.CacheStats().Entries)
}

// TestAQueryThatDoesNotParseIsNotKept: a bad value answers 400 and keeps
// nothing.
func TestAQueryThatDoesNotParseIsNotKept(t *testing.T) {
	t.Parallel()
	e, srv, _ := newCacheEdge(t, CacheLimits{})
	for _, q := range []string{"limit=abc", "limit=1&limit=2", "limit=%zz"} {
		code, state := getStatus(t, srv.URL+"/api/blog-posts?"+q)
		require.Equal(t, 400, code, q)
		require.Empty(t, state, q)
	}
	require.Equal(t, 0, e.CacheStats().Entries)
}

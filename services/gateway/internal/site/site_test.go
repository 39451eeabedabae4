package site

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
	"github.com/valleytrenchless/site/services/gateway/internal/sitepage"
)

// contentServer is the content service's public API over real gRPC,
// answering from memory, so that tests can take it down, change it, and
// act while it answers. (The real service lives under services/content/
// internal, out of the gateway's reach; e2e/site_test.go runs the site
// against it.)
type contentServer struct {
	contentv1.UnimplementedContentServiceServer
	mu    sync.Mutex
	items []sitepage.Item
	// es are the items' Spanish texts by key (an item without one falls
	// back to its English text on a Spanish read).
	es    map[string]string
	posts map[string]*contentv1.Post // published posts by slug
	// textsDown and postsDown make the reads fail as with the content
	// service down.
	textsDown, postsDown bool
	// duringTexts runs while a read of the texts is being answered.
	duringTexts func()
	calls       map[string]int // by method
}

func newContentServer() *contentServer {
	return &contentServer{
		items: []sitepage.Item{
			{ContentKey: "home.hero.title", Content: "Sewer repair without the trench", ContentType: "text"},
			{ContentKey: "home.about.body", Content: "<p>Family-run since 1998.</p>", ContentType: "html"},
			{ContentKey: "notfound.title", Content: "That page is not here", ContentType: "text"},
			{ContentKey: "article.cta.title", Content: "Want a camera inspection?", ContentType: "text"},
		},
		posts: map[string]*contentv1.Post{"roots-in-pipes": {
			Id: "0b6f1f9e-3d2a-4c57-9a44-1f1e9d6c2b10", Slug: "roots-in-pipes", Title: "Roots in pipes",
			Excerpt: "Why roots find your pipes.", Content: "Roots.", PublishedAt: publishedOn(t11Nov),
			IsPublished: true, Category: "Maintenance", ReadTimeMinutes: 4, BodyHtml: "<p>Roots grow.</p>",
		}},
		calls: map[string]int{},
	}
}

var t11Nov = time.Date(2026, 11, 11, 5, 30, 0, 0, time.UTC)

func publishedOn(t time.Time) *timestamppb.Timestamp { return timestamppb.New(t) }

var errDown = status.Error(codes.Unavailable, "content service down")

func (a *contentServer) ListEditableContent(_ context.Context, req *contentv1.ListEditableContentRequest) (*contentv1.ListEditableContentResponse, error) {
	a.mu.Lock()
	a.calls["ListEditableContent"]++
	a.calls["ListEditableContent?locale="+req.GetLocale()]++
	during := a.duringTexts
	a.duringTexts = nil
	if a.textsDown {
		a.mu.Unlock()
		return nil, errDown
	}
	resp := &contentv1.ListEditableContentResponse{}
	for _, it := range a.items {
		item := &contentv1.EditableContent{ContentKey: it.ContentKey, Content: it.Content, ContentType: it.ContentType, Locale: "en"}
		if es, ok := a.es[it.ContentKey]; ok && req.GetLocale() == "es" {
			item.Content, item.Locale = es, "es"
		} else if req.GetLocale() == "es" {
			item.Fallback = true
		}
		resp.Items = append(resp.Items, item)
	}
	a.mu.Unlock()
	if during != nil {
		during()
	}
	return resp, nil
}

func (a *contentServer) ListPublishedPosts(_ context.Context, req *contentv1.ListPublishedPostsRequest) (*contentv1.ListPublishedPostsResponse, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.calls["ListPublishedPosts"]++
	if a.postsDown {
		return nil, errDown
	}
	resp := &contentv1.ListPublishedPostsResponse{}
	for _, p := range a.posts {
		resp.Posts = append(resp.Posts, &contentv1.PostSummary{Id: p.Id, Slug: p.Slug, Title: p.Title, Excerpt: p.Excerpt,
			ImageUrl: p.ImageUrl, PublishedAt: p.PublishedAt, Category: p.Category, ReadTimeMinutes: p.ReadTimeMinutes,
			Language: p.Language, Translations: p.Translations})
	}
	slices.SortFunc(resp.Posts, func(x, y *contentv1.PostSummary) int {
		// Newest first, as the content service lists them.
		return cmp.Or(y.PublishedAt.AsTime().Compare(x.PublishedAt.AsTime()), strings.Compare(y.Slug, x.Slug))
	})
	// The page token is the index of the page's first post.
	from, _ := strconv.Atoi(req.GetPageToken())
	to := min(len(resp.Posts), from+int(req.GetLimit()))
	if to < len(resp.Posts) {
		resp.NextPageToken = strconv.Itoa(to)
	}
	resp.Posts = resp.Posts[min(from, to):to]
	return resp, nil
}

func (a *contentServer) GetPublishedPost(_ context.Context, req *contentv1.GetPublishedPostRequest) (*contentv1.GetPublishedPostResponse, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.calls["GetPublishedPost"]++
	if a.postsDown {
		return nil, errDown
	}
	p, ok := a.posts[req.GetSlug()]
	if !ok {
		return nil, status.Error(codes.NotFound, "We couldn't find that. It may have been removed.")
	}
	return &contentv1.GetPublishedPostResponse{Post: proto.Clone(p).(*contentv1.Post)}, nil
}

func (a *contentServer) set(f func(a *contentServer)) {
	a.mu.Lock()
	defer a.mu.Unlock()
	f(a)
}

func (a *contentServer) callsTo(method string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.calls[method]
}

// serve runs the content server on a loopback port and returns the site's
// reads from it, as the edge makes them.
func (a *contentServer) serve(t testing.TB) ContentService {
	t.Helper()
	conn := grpctest.Serve(t, func(srv *grpc.Server) { contentv1.RegisterContentServiceServer(srv, a) })
	return ContentService{Client: contentv1.NewContentServiceClient(conn), Timeout: 10 * time.Second}
}

const (
	homeHTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Home | Valley Trenchless Pros</title></head>` +
		`<body><div id="root"><h1 data-ec="home.hero.title">Trenchless sewer repair</h1>` +
		`<div data-ec="home.about.body"><p>We dig less.</p></div><p data-ec="home.unseeded">Kept</p></div>` +
		`<script type="module" src="/assets/index-1.js"></script></body></html>`
	notFoundHTML = `<!doctype html><html><head><title>Not found</title></head><body><div id="root">` +
		`<h1 data-ec="notfound.title">Page not found</h1></div></body></html>`
	shellHTML   = `<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>`
	articleHTML = `<!doctype html><html><head><title>⟦post:title⟧ | Valley Trenchless Pros</title></head><body><div id="root">` +
		`<article><h1>⟦post:title⟧</h1><time dateTime="⟦post:publishedAt⟧">⟦post:date⟧</time><div>⟦post:body⟧</div>` +
		`<h2 data-ec="article.cta.title">Want to know what is under your home?</h2></article></div></body></html>`
	testOrigin = "https://www.valleytrenchless.example"
)

// newTestSite is a dist directory with the given files (name → content)
// served the way the edge wires the site, reading from api over gRPC.
func newTestSite(t testing.TB, api *contentServer, files map[string]string, o Options) *Site {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	if o.TTL == 0 {
		o.TTL = time.Minute
	}
	o.Dir, o.Origin, o.Company, o.Reads = dir, testOrigin, "Valley Trenchless Pros", api.serve(t)
	s, err := New(slog.New(slog.NewTextHandler(io.Discard, nil)), o)
	require.NoError(t, err)
	return s
}

func defaultFiles() map[string]string {
	return map[string]string{"index.html": homeHTML, "404.html": notFoundHTML, "app.html": shellHTML, "_article.html": articleHTML,
		"contact/index.html": homeHTML}
}

type response struct {
	code   int
	header http.Header
	body   string
}

func get(h http.Handler, method, path string, header ...string) response {
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return response{rec.Code, rec.Header(), rec.Body.String()}
}

func TestPagesAreServedWithTheCurrentTexts(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})

	home := get(e, "GET", "/")
	require.Equal(t, 200, home.code)
	require.Equal(t, string(sitepage.Fill([]byte(homeHTML), api.items)), home.body)
	require.Contains(t, home.body, `<h1 data-ec="home.hero.title">Sewer repair without the trench</h1>`)
	require.Contains(t, home.body, `<div data-ec="home.about.body"><p>Family-run since 1998.</p></div>`)
	require.Contains(t, home.body, `<p data-ec="home.unseeded">Kept</p>`)
	require.Contains(t, home.body, `<script type="application/json" id="editable-content">[{"contentKey":"home.hero.title"`)
	require.Equal(t, "text/html; charset=utf-8", home.header.Get("Content-Type"))
	require.Equal(t, "no-cache", home.header.Get("Cache-Control"))

	nf := get(e, "GET", "/no-such-page")
	require.Equal(t, 404, nf.code)
	require.Equal(t, "noindex", nf.header.Get("X-Robots-Tag"))
	require.Contains(t, nf.body, `<h1 data-ec="notfound.title">That page is not here</h1>`)
	require.Empty(t, nf.header.Get("ETag"), "a 404 is not revalidated")

	// One read of the texts served both pages, and the second request of a
	// page reads nothing.
	require.Equal(t, home.body, get(e, "GET", "/").body)
	require.Equal(t, 1, api.callsTo("ListEditableContent"))
}

func TestArticlePage(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})

	a := get(e, "GET", "/blog/roots-in-pipes")
	require.Equal(t, 200, a.code)
	require.Contains(t, a.body, `<article><h1>Roots in pipes</h1><time dateTime="2026-11-11T05:30:00Z">November 10, 2026</time><div><p>Roots grow.</p></div>`)
	require.Contains(t, a.body, `<h2 data-ec="article.cta.title">Want a camera inspection?</h2>`)
	require.Contains(t, a.body, "<title>Roots in pipes | Valley Trenchless Pros</title>\n")
	require.Equal(t, 1, strings.Count(a.body, "<title>"))
	require.Contains(t, a.body, `<link rel="canonical" href="`+testOrigin+`/blog/roots-in-pipes">`)
	require.Contains(t, a.body, `<meta property="og:type" content="article">`)
	// The post-data block is the post as GET /api/blog-posts/{slug} writes
	// it (protojson, every field; e2e/site_test.go compares the two).
	require.Contains(t, a.body, `<script type="application/json" id="post-data">{"id":"0b6f1f9e-3d2a-4c57-9a44-1f1e9d6c2b10",`+
		`"slug":"roots-in-pipes","title":"Roots in pipes","excerpt":"Why roots find your pipes.","content":"Roots.","imageUrl":"",`+
		`"publishedAt":"2026-11-11T05:30:00Z","isPublished":true,"category":"Maintenance","readTimeMinutes":4,"createdAt":null,`+
		`"updatedAt":null,"updatedBy":"","bodyHtml":"\u003cp\u003eRoots grow.\u003c/p\u003e","heroImage":null,"version":"0","autosaved":false,"seoTitle":"","seoDescription":"","socialImageUrl":"","language":"","translationOf":"","translations":[]}</script>`)
	require.Contains(t, a.body, `id="editable-content"`)
	require.NotEmpty(t, a.header.Get("ETag"))

	// Unknown slugs are 404; a post the content service cannot give right
	// now leaves the app shell to show its error state.
	nf := get(e, "GET", "/blog/no-such-post")
	require.Equal(t, 404, nf.code)
	require.Contains(t, nf.body, "That page is not here")
	api.set(func(a *contentServer) { a.postsDown = true })
	down := get(e, "GET", "/blog/another-post")
	require.Equal(t, 200, down.code)
	require.Contains(t, down.body, "<title>Shell</title>")
	require.Equal(t, a.body, get(e, "GET", "/blog/roots-in-pipes").body, "a filled article is served from memory")
}

// TestArticleWithoutTemplate: a build without _article.html serves the app
// shell with the post's head tags, as before the template existed.
func TestArticleWithoutTemplate(t *testing.T) {
	t.Parallel()
	files := defaultFiles()
	delete(files, "_article.html")
	e := newTestSite(t, newContentServer(), files, Options{})
	a := get(e, "GET", "/blog/roots-in-pipes")
	require.Equal(t, 200, a.code)
	require.Contains(t, a.body, `<div id="root"></div>`)
	require.Contains(t, a.body, "<title>Roots in pipes | Valley Trenchless Pros</title>")
	require.NotContains(t, a.body, "<title>Shell</title>")
	require.Contains(t, a.body, `id="post-data"`)
}

func TestFilledPageEncodingsETagsAndHead(t *testing.T) {
	t.Parallel()
	e := newTestSite(t, newContentServer(), defaultFiles(), Options{})
	for _, path := range []string{"/", "/blog/roots-in-pipes"} {
		plain := get(e, "GET", path)
		require.Equal(t, 200, plain.code)
		require.Empty(t, plain.header.Get("Content-Encoding"))
		require.Contains(t, plain.header.Values("Vary"), "Accept-Encoding")
		require.Equal(t, fmt.Sprint(len(plain.body)), plain.header.Get("Content-Length"))

		br := get(e, "GET", path, "Accept-Encoding", "gzip, deflate, br")
		require.Equal(t, "br", br.header.Get("Content-Encoding"))
		b, err := io.ReadAll(brotli.NewReader(strings.NewReader(br.body)))
		require.NoError(t, err)
		require.Equal(t, plain.body, string(b))
		require.Less(t, len(br.body), len(plain.body))

		gz := get(e, "GET", path, "Accept-Encoding", "gzip, br;q=0")
		require.Equal(t, "gzip", gz.header.Get("Content-Encoding"))
		zr, err := gzip.NewReader(strings.NewReader(gz.body))
		require.NoError(t, err)
		b, err = io.ReadAll(zr)
		require.NoError(t, err)
		require.Equal(t, plain.body, string(b))

		// A strong ETag per encoding; a match is 304 with no body.
		tags := map[string]bool{plain.header.Get("ETag"): true, br.header.Get("ETag"): true, gz.header.Get("ETag"): true}
		require.Len(t, tags, 3)
		for tag := range tags {
			require.True(t, strings.HasPrefix(tag, `"`), tag)
		}
		nm := get(e, "GET", path, "Accept-Encoding", "br", "If-None-Match", br.header.Get("ETag"))
		require.Equal(t, 304, nm.code)
		require.Empty(t, nm.body)
		require.Equal(t, 200, get(e, "GET", path, "Accept-Encoding", "br", "If-None-Match", `"stale"`).code)

		head := get(e, "HEAD", path, "Accept-Encoding", "br")
		require.Equal(t, 200, head.code)
		require.Empty(t, head.body)
		require.Equal(t, fmt.Sprint(len(br.body)), head.header.Get("Content-Length"))
		require.Equal(t, br.header.Get("ETag"), head.header.Get("ETag"))
	}
}

// TestEditIsServedAfterContentChanged: pages stay in memory until the
// public cache is dropped (content.changed), then show the edit at once.
func TestEditIsServedAfterContentChanged(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	before := get(e, "GET", "/", "Accept-Encoding", "br")
	article := get(e, "GET", "/blog/roots-in-pipes")
	require.Contains(t, get(e, "GET", "/").body, "Sewer repair without the trench")

	api.set(func(a *contentServer) {
		a.items[0].Content = "Sewer repair, no digging"
		a.posts["roots-in-pipes"].Title = "Roots, and what to do"
	})
	require.Contains(t, get(e, "GET", "/").body, "Sewer repair without the trench", "no event, no change (the TTL is the backstop)")
	require.Equal(t, 1, api.callsTo("ListEditableContent"))

	e.Invalidate()
	home := get(e, "GET", "/")
	require.Contains(t, home.body, `<h1 data-ec="home.hero.title">Sewer repair, no digging</h1>`)
	require.Contains(t, home.body, `"content":"Sewer repair, no digging"`)
	// The browser's copy is stale now: its ETag no longer matches.
	require.Equal(t, 200, get(e, "GET", "/", "Accept-Encoding", "br", "If-None-Match", before.header.Get("ETag")).code)
	a := get(e, "GET", "/blog/roots-in-pipes", "If-None-Match", article.header.Get("ETag"))
	require.Equal(t, 200, a.code)
	require.Contains(t, a.body, "<h1>Roots, and what to do</h1>")

	// An invalidation without a change keeps the ETag: browsers get 304.
	e.Invalidate()
	require.Equal(t, 304, get(e, "GET", "/blog/roots-in-pipes", "If-None-Match", a.header.Get("ETag")).code)
}

// TestFillThatRacedAnInvalidationIsNotKept: a fill that read the texts
// just before they changed serves what it read, but is not kept.
func TestFillThatRacedAnInvalidationIsNotKept(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	api.set(func(a *contentServer) {
		a.duringTexts = func() {
			// The edit lands, and its content.changed arrives, while the
			// old texts are on their way to the fill.
			a.set(func(a *contentServer) { a.items[0].Content = "Edited meanwhile" })
			e.Invalidate()
		}
	})
	require.Contains(t, get(e, "GET", "/").body, "Sewer repair without the trench")
	require.Contains(t, get(e, "GET", "/").body, "Edited meanwhile")
	require.Contains(t, get(e, "GET", "/").body, "Edited meanwhile")
	require.Equal(t, 2, api.callsTo("ListEditableContent"))
}

// TestTextsUnavailable: with the content service down a page is served as
// built (the app then shows the same defaults), and the texts are read
// again soon, not after the TTL.
func TestTextsUnavailable(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	api.textsDown = true
	e := newTestSite(t, api, defaultFiles(), Options{Retry: time.Nanosecond})
	r := get(e, "GET", "/")
	require.Equal(t, 200, r.code)
	require.Equal(t, homeHTML, r.body)
	a := get(e, "GET", "/blog/roots-in-pipes")
	require.Equal(t, 200, a.code)
	require.Contains(t, a.body, "<h1>Roots in pipes</h1>")
	require.Contains(t, a.body, `<h2 data-ec="article.cta.title">Want to know what is under your home?</h2>`)
	require.NotContains(t, a.body, `id="editable-content"`)
	require.Contains(t, a.body, `id="post-data"`)

	api.set(func(a *contentServer) { a.textsDown = false })
	require.Contains(t, get(e, "GET", "/").body, "Sewer repair without the trench")
	require.Contains(t, get(e, "GET", "/blog/roots-in-pipes").body, "Want a camera inspection?")
}

func TestTextsUnavailableAreRetriedWithinSeconds(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, newContentServer(), defaultFiles(), Options{})
	require.Equal(t, time.Minute, s.ttl)
	require.Equal(t, DegradedPageTTL, s.retry)
	require.Less(t, time.Until(s.newPage(nil, false).expires), DegradedPageTTL+time.Second)
	require.Greater(t, time.Until(s.newPage(nil, true).expires), DegradedPageTTL+time.Second)
}

func TestArticleCacheIsBounded(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	const limit = 8
	for i := range limit + 5 {
		slug := fmt.Sprintf("post-%d", i)
		api.posts[slug] = &contentv1.Post{Slug: slug, Title: slug, PublishedAt: publishedOn(t11Nov)}
	}
	e := newTestSite(t, api, map[string]string{"index.html": homeHTML, "_article.html": `<html><body>⟦post:title⟧</body></html>`}, Options{})
	require.Equal(t, maxArticles, e.pages.articles.Limit())
	e.pages.articles.SetLimit(limit)
	for i := range limit + 5 {
		r := get(e, "GET", fmt.Sprintf("/blog/post-%d", i))
		require.Equal(t, 200, r.code)
		require.Contains(t, r.body, fmt.Sprintf("post-%d", i))
	}
	require.Equal(t, limit, e.pages.articles.Stats().Entries)
}

// TestWhatTheSiteKeepsIsBoundedByBytesNotByPosts: however many articles
// are read, the filled articles, the reads and the sitemaps keep within
// their shares of KeepBytes, and every article is still served whole.
func TestWhatTheSiteKeepsIsBoundedByBytesNotByPosts(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	body := strings.Repeat("<p>Roots find every joint of an old clay line. </p>", 100) // ~5 KB
	for i := range 120 {
		slug := fmt.Sprintf("post-%d", i)
		api.posts[slug] = &contentv1.Post{Slug: slug, Title: slug, PublishedAt: publishedOn(t11Nov), BodyHtml: body + slug}
	}
	// A quarter of it holds the sitemap: 120 posts and every page in both
	// languages with its alternates (a build without 404.html has them all).
	const keepBytes = 192 << 10
	e := newTestSite(t, api, map[string]string{"index.html": homeHTML, "_article.html": `<html><body>⟦post:title⟧</body></html>`},
		Options{KeepBytes: keepBytes})
	for i := range 120 {
		r := get(e, "GET", fmt.Sprintf("/blog/post-%d", i))
		require.Equal(t, 200, r.code)
		require.Contains(t, r.body, fmt.Sprintf("post-%d", i))
	}
	require.Equal(t, 200, get(e, "GET", "/sitemap.xml").code)
	articles, reads, feeds := e.pages.articles.Stats(), e.reads.kept.Stats(), e.pages.feeds.Stats()
	t.Logf("articles %+v reads %+v feeds %+v", articles, reads, feeds)
	require.LessOrEqual(t, articles.Bytes, int64(keepBytes/2))
	require.LessOrEqual(t, reads.Bytes, int64(keepBytes/4))
	require.LessOrEqual(t, feeds.Bytes, int64(keepBytes/4))
	require.Positive(t, articles.Evictions, "the articles outgrew their share")
	require.Positive(t, reads.Evictions, "the reads outgrew their share")
	require.Positive(t, articles.Entries)
	require.Positive(t, feeds.Entries)
}

// TestPagesCarryOnlyTheTextsTheBuildCanShow: of thousands of stored texts,
// a page's data block carries those the build marks on a page or names in
// a script, so its size does not follow how many texts staff keep.
func TestPagesCarryOnlyTheTextsTheBuildCanShow(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	api.set(func(a *contentServer) {
		a.items = append(a.items, sitepage.Item{ContentKey: "form.thanks.title", Content: "Thanks, we will call you", ContentType: "text"})
		for i := range 2000 {
			a.items = append(a.items, sitepage.Item{ContentKey: fmt.Sprintf("bench.text.%d", i), Content: "A text no page shows.", ContentType: "text"})
		}
	})
	files := defaultFiles()
	files["assets/app-1234.js"] = `const t=useText("form.thanks.title");const u='home.about.body';`
	e := newTestSite(t, api, files, Options{})
	home := get(e, "GET", "/")
	require.Equal(t, 200, home.code)
	require.Contains(t, home.body, "Sewer repair without the trench", "marked on the page")
	require.Contains(t, home.body, `"contentKey":"form.thanks.title"`, "named by a script")
	require.Contains(t, home.body, `"contentKey":"home.about.body"`, "named by a script")
	require.Contains(t, home.body, `"contentKey":"notfound.title"`, "marked on another page of the build")
	require.NotContains(t, home.body, "bench.text.", "no page shows it")
	require.Less(t, len(home.body), 8<<10)

	// A build without scripts (no way to tell) carries every short text.
	e = newTestSite(t, api, defaultFiles(), Options{})
	require.Contains(t, get(e, "GET", "/").body, `"contentKey":"bench.text.1999"`)
}

// TestSitemapAndFeedFollowContentChanged: they read the posts through the
// public cache on every request, so a new post is listed once the cache
// is dropped.
func TestSitemapAndFeedFollowContentChanged(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	require.Contains(t, get(e, "GET", "/sitemap.xml").body, "/blog/roots-in-pipes</loc>")
	require.Contains(t, get(e, "GET", "/blog/rss.xml").body, "<title>Roots in pipes</title>")
	api.set(func(a *contentServer) {
		a.posts["new-post"] = &contentv1.Post{Slug: "new-post", Title: "New post", PublishedAt: publishedOn(t11Nov.Add(24 * time.Hour))}
	})
	e.Invalidate()
	require.Contains(t, get(e, "GET", "/sitemap.xml").body, "/blog/new-post</loc>")
	require.Contains(t, get(e, "GET", "/blog/rss.xml").body, "<title>New post</title>")
}

// TestSitemapListsEveryPostAndBecomesAnIndexPastItsLimit: every published
// post is in the sitemaps, read a page at a time; past the limit of
// addresses per file, /sitemap.xml is an index of files that each keep to
// it, and a file the index does not name is 404.
func TestSitemapListsEveryPostAndBecomesAnIndexPastItsLimit(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	api.set(func(a *contentServer) {
		for i := range 250 {
			slug := fmt.Sprintf("post-%03d", i)
			a.posts[slug] = &contentv1.Post{Slug: slug, Title: slug, PublishedAt: publishedOn(t11Nov.Add(-time.Duration(i) * time.Hour))}
		}
	})
	locs := func(body string) []string {
		var out []string
		for _, part := range strings.Split(body, "<loc>")[1:] {
			out = append(out, part[:strings.Index(part, "</loc>")])
		}
		return out
	}
	// One file while everything fits.
	e := newTestSite(t, api, defaultFiles(), Options{})
	one := get(e, "GET", "/sitemap.xml")
	require.Equal(t, 200, one.code)
	require.Contains(t, one.body, "<urlset")
	all := locs(one.body)
	posts := 0
	for _, l := range all {
		if strings.Contains(l, "/blog/") {
			posts++
		}
	}
	require.Equal(t, 251, posts, "every post")
	require.Equal(t, 404, get(e, "GET", "/sitemap-1.xml").code)

	// An index past the limit.
	e = newTestSite(t, api, defaultFiles(), Options{SitemapURLs: 100})
	require.Greater(t, len(all), 200)
	index := get(e, "GET", "/sitemap.xml")
	require.Equal(t, 200, index.code)
	require.Contains(t, index.body, "<sitemapindex")
	files := locs(index.body)
	require.Equal(t, []string{testOrigin + "/sitemap-1.xml", testOrigin + "/sitemap-2.xml", testOrigin + "/sitemap-3.xml"}, files)
	var listed []string
	for i, f := range files {
		r := get(e, "GET", strings.TrimPrefix(f, testOrigin))
		require.Equal(t, 200, r.code, f)
		require.Equal(t, "application/xml; charset=utf-8", r.header.Get("Content-Type"))
		got := locs(r.body)
		require.LessOrEqual(t, len(got), 100, f)
		if i < len(files)-1 {
			require.Len(t, got, 100, f)
		}
		listed = append(listed, got...)
	}
	require.Equal(t, all, listed, "the files together list what the single file did, in its order")
	for _, missing := range []string{"/sitemap-4.xml", "/sitemap-0.xml", "/sitemap-01.xml", "/sitemap-x.xml"} {
		require.Equal(t, 404, get(e, "GET", missing).code, missing)
	}
}

// BenchmarkServeFilledPage is the cost of a page request once the page is
// filled: what every visitor pays between content changes.
func BenchmarkServeFilledPage(b *testing.B) {
	api := newContentServer()
	// A home page of about the built one's size (the inlined stylesheet
	// and the prerendered sections).
	var body strings.Builder
	for body.Len() < 60_000 {
		fmt.Fprintf(&body, `<section class="section"><h2 class="section__title">Trenchless sewer line repair %d</h2>`+
			`<p>Cured-in-place lining restores a cracked clay or cast-iron line from inside, without digging up the yard.</p></section>`, body.Len())
	}
	doc := strings.Replace(homeHTML, `<p data-ec="home.unseeded">Kept</p>`, body.String(), 1)
	e := newTestSite(b, api, map[string]string{"index.html": doc}, Options{})
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	w := &discardWriter{header: http.Header{}}
	e.ServeHTTP(w, req)
	b.ReportMetric(float64(w.n), "bytes/response")
	b.ResetTimer()
	for b.Loop() {
		clear(w.header)
		e.ServeHTTP(w, req)
	}
}

// BenchmarkFillPage is the cost of filling and compressing that page once
// per content change.
func BenchmarkFillPage(b *testing.B) {
	var body bytes.Buffer
	for body.Len() < 60_000 {
		body.WriteString(`<section><h2 data-ec="home.hero.title">Trenchless</h2><p>Cured-in-place lining restores a cracked line.</p></section>`)
	}
	doc := []byte(strings.Replace(homeHTML, `<p data-ec="home.unseeded">Kept</p>`, body.String(), 1))
	items := newContentServer().items
	for b.Loop() {
		newPage(sitepage.Fill(doc, items), time.Minute)
	}
}

type discardWriter struct {
	header http.Header
	n      int
}

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(int)     {}
func (w *discardWriter) Write(b []byte) (int, error) {
	w.n = len(b)
	return len(b), nil
}

// TestRefillFillsAgainThePagesVisitorsWereReading: after a change, Refill
// fills the pages that were kept (read since the last change) from one
// read of the texts, with the new texts, so they are Ready before anyone
// asks; a page nobody read is not filled.
func TestRefillFillsAgainThePagesVisitorsWereReading(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	require.Equal(t, 200, get(e, "GET", "/").code)
	require.NotNil(t, e.Ready("/"))
	require.Nil(t, e.Ready("/contact"), "nobody read /contact")

	api.set(func(a *contentServer) { a.items[0].Content = "Trenchless repair, same day" })
	e.Invalidate()
	require.Nil(t, e.Ready("/"), "emptied at once")
	before := api.callsTo("ListEditableContent")
	require.NoError(t, e.Refill(context.Background()))
	require.Equal(t, before+1, api.callsTo("ListEditableContent"), "one read of the texts")
	ready := e.Ready("/")
	require.NotNil(t, ready, "the home page was being read: it is filled again")
	require.Contains(t, get(e, "GET", "/").body, "Trenchless repair, same day")
	require.Nil(t, e.Ready("/contact"), "a page nobody read is left to its first request")

	// Nothing read since: the next refill fills what the last one did.
	e.Invalidate()
	require.NoError(t, e.Refill(context.Background()))
	require.NotNil(t, e.Ready("/"))
	require.NoError(t, e.Refill(context.Background()), "a refill with nothing to do")
}

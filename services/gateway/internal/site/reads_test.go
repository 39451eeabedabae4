package site

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// TestReadsAreKeptUntilTheContentChanges: the sitemap and the feed read
// the posts on every request, and the pages the texts on every fill, but
// the content service is asked once per content change.
func TestReadsAreKeptUntilTheContentChanges(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	for range 3 {
		require.Equal(t, 200, get(e, "GET", "/sitemap.xml").code)
		require.Equal(t, 200, get(e, "GET", "/blog/rss.xml").code)
		require.Equal(t, 200, get(e, "GET", "/").code)
		require.Equal(t, 404, get(e, "GET", "/no-such-page").code)
		require.Equal(t, 200, get(e, "GET", "/contact").code)
	}
	require.Equal(t, 2, api.callsTo("ListPublishedPosts"), "one list for the sitemap, one for the feed")
	require.Equal(t, 1, api.callsTo("ListEditableContent"))

	e.Invalidate()
	get(e, "GET", "/sitemap.xml")
	get(e, "GET", "/blog/rss.xml")
	get(e, "GET", "/")
	require.Equal(t, 4, api.callsTo("ListPublishedPosts"))
	require.Equal(t, 2, api.callsTo("ListEditableContent"))
}

// TestReadsExpireAfterTheTTL: should a content.changed be missed, the TTL
// still brings the change (here a TTL so short every read has expired).
func TestReadsExpireAfterTheTTL(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{TTL: time.Nanosecond})
	require.Contains(t, get(e, "GET", "/sitemap.xml").body, "/blog/roots-in-pipes</loc>")
	api.set(func(a *contentServer) {
		a.posts["new-post"] = &contentv1.Post{Slug: "new-post", Title: "New post", PublishedAt: publishedOn(t11Nov.Add(time.Hour))}
	})
	require.Contains(t, get(e, "GET", "/sitemap.xml").body, "/blog/new-post</loc>")
	require.Equal(t, 2, api.callsTo("ListPublishedPosts"))
}

// TestScheduledPostGoesLive: a scheduled post is NOT_FOUND until its
// publish time; that answer is not kept, so its article is served as soon
// as the content service has it, and the sitemap and the feed list it once
// the content service announces it (content.changed).
func TestScheduledPostGoesLive(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	require.Equal(t, 404, get(e, "GET", "/blog/spring-storms").code)
	require.NotContains(t, get(e, "GET", "/sitemap.xml").body, "spring-storms")
	require.NotContains(t, get(e, "GET", "/blog/rss.xml").body, "spring-storms")

	// Its time comes.
	api.set(func(a *contentServer) {
		a.posts["spring-storms"] = &contentv1.Post{Slug: "spring-storms", Title: "Spring storms", PublishedAt: publishedOn(t11Nov.Add(time.Hour))}
	})
	a := get(e, "GET", "/blog/spring-storms")
	require.Equal(t, 200, a.code)
	require.Contains(t, a.body, "<h1>Spring storms</h1>")
	e.Invalidate()
	require.Contains(t, get(e, "GET", "/sitemap.xml").body, "/blog/spring-storms</loc>")
	feed := get(e, "GET", "/blog/rss.xml").body
	require.Less(t, strings.Index(feed, "<title>Spring storms</title>"), strings.Index(feed, "<title>Roots in pipes</title>"), "newest first")
}

// TestAVisitorLeavingDoesNotSpoilTheFill: a fill is shared by every
// request waiting for it, so it reads on after the request that started
// it is gone.
func TestAVisitorLeavingDoesNotSpoilTheFill(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	e := newTestSite(t, api, defaultFiles(), Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, path := range []string{"/", "/blog/roots-in-pipes", "/sitemap.xml"} {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", path, nil))
		require.Equal(t, 200, rec.Code, path)
	}
	require.Contains(t, get(e, "GET", "/").body, "Sewer repair without the trench")
	require.Contains(t, get(e, "GET", "/blog/roots-in-pipes").body, "<h1>Roots in pipes</h1>")
	require.Contains(t, get(e, "GET", "/sitemap.xml").body, "/blog/roots-in-pipes</loc>")
	require.Equal(t, 1, api.callsTo("ListEditableContent"))
	require.Equal(t, 1, api.callsTo("GetPublishedPost"))
	require.Equal(t, 1, api.callsTo("ListPublishedPosts"))
}

// TestAPIPathsAreTheAPIsNotFound: an /api/ path no route took is the API's
// JSON 404, not the site's page.
func TestAPIPathsAreTheAPIsNotFound(t *testing.T) {
	t.Parallel()
	e := newTestSite(t, newContentServer(), defaultFiles(), Options{})
	r := get(e, "GET", "/api/no-such-thing")
	require.Equal(t, 404, r.code)
	require.Equal(t, "application/json", r.header.Get("Content-Type"))
	require.Equal(t, "no-store", r.header.Get("Cache-Control"))
	require.JSONEq(t, `{"message":"Not found.","code":"not_found","details":[]}`, r.body)
}

func TestEveryPageCarriesTheMapTiles(t *testing.T) {
	t.Parallel()
	tiles := []byte(`{"url":"https://tiles.example.com/{z}/{x}/{y}.png","attribution":"© \"Example\" <Maps> & co"}`)
	files := defaultFiles()
	files["risk-map/index.html"] = homeHTML
	e := newTestSite(t, newContentServer(), files, Options{MapTiles: tiles})
	const block = `<script type="application/json" id="map-tiles">{"url":"https://tiles.example.com/{z}/{x}/{y}.png",` +
		`"attribution":"© \"Example\" \u003cMaps\u003e \u0026 co"}</script></body>`
	for _, path := range []string{"/risk-map", "/", "/contact", "/no-such-page", "/admin", "/blog/roots-in-pipes"} {
		page := get(e, "GET", path)
		require.Contains(t, page.body, block, path)
		require.Equal(t, 1, strings.Count(page.body, `id="map-tiles"`), path)
	}

	// Without a street map no page has the block.
	bare := newTestSite(t, newContentServer(), files, Options{})
	require.NotContains(t, get(bare, "GET", "/risk-map").body, "map-tiles")
}

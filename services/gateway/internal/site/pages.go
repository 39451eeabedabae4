package site

import (
	"net/http"
	"time"

	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
	"github.com/valleytrenchless/site/services/gateway/internal/keep"
)

// page is a filled HTML page as served: its bytes raw, gzipped and in
// brotli, each with a strong ETag, compressed once when it is filled.
type page struct {
	*encoded.Set
	expires time.Time
	// path is an article's own address (/blog/{slug} or /es/blog/{slug}).
	path string
}

func newPage(body []byte, keep time.Duration) *page {
	return &page{Set: encoded.New(body, 0), expires: time.Now().Add(keep)}
}

// Header values every page shares.
var (
	htmlType = []string{"text/html; charset=utf-8"}
	noCache  = []string{"no-cache"}
)

// serve answers with the page in the best encoding the browser accepts. A
// 200 carries its ETag and answers a matching If-None-Match with 304; an
// error page (404) is served whole.
func (p *page) serve(w http.ResponseWriter, r *http.Request, code int) {
	p.serveAs(w, r, code, htmlType)
}

// serveAs is serve for a document of another type (the sitemaps, the feed).
func (p *page) serveAs(w http.ResponseWriter, r *http.Request, code int, ctype []string) {
	h := w.Header()
	h["Content-Type"] = ctype
	h["Cache-Control"] = noCache
	v := p.For(r.Header.Get("Accept-Encoding"))
	if code == http.StatusOK && encoded.ETagMatch(r.Header.Get("If-None-Match"), v.ETag) {
		p.SetHeaders(h, v, false)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	p.SetHeaders(h, v, true)
	if code != http.StatusOK {
		delete(h, "Etag") // an error page carries no validator
	}
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		_, _ = w.Write(v.Body)
	}
}

// maxArticles bounds the filled articles kept in memory; past it (or past
// their share of Options.KeepBytes) an arbitrary one is dropped.
const maxArticles = 500

// DefaultKeepBytes is Options.KeepBytes when none is given.
const DefaultKeepBytes = 64 << 20

// pageCache keeps filled pages: pages by the file they were filled from
// (bounded by the build), articles by slug (at most maxArticles and half
// of keepBytes) and the sitemaps and the feed by path (a quarter of
// keepBytes; a site of a million posts has 20 sitemaps). It is emptied
// together with the site's reads (content.changed, NATS reconnect); a
// page's own expiry is only a backstop.
type pageCache struct {
	files, articles, feeds *keep.Map[*page]
}

// newPageCache returns an empty cache. A page or an article past its
// expiry is still served from the fast lane
// while refill fills it again (keep.Map.Serve): the lane cannot fill, and
// every connection that asked for the page in that moment would otherwise
// go to net/http for good — under load, at half the rate.
func newPageCache(maxArticles int, keepBytes int64, refillFile, refillArticle func(key string, stale *page) (*page, error)) *pageCache {
	fresh := func(p *page) bool { return time.Now().Before(p.expires) }
	size := func(p *page) int64 { return p.Size() }
	return &pageCache{
		files:    keep.New(keep.Options[*page]{Fresh: fresh, Refill: refillFile}),
		articles: keep.New(keep.Options[*page]{Limit: maxArticles, MaxBytes: keepBytes / 2, Size: size, Fresh: fresh, Refill: refillArticle}),
		feeds:    keep.New(keep.Options[*page]{MaxBytes: keepBytes / 4, Size: size, Fresh: fresh}),
	}
}

// Invalidate drops every page and returns the files of the pages that
// were kept. Call it after the site's reads are emptied: a fill that began
// before this call is then not stored, and one that begins after it reads
// through the emptied reads.
func (c *pageCache) Invalidate() (files []string) {
	files = c.files.Invalidate()
	c.articles.Invalidate()
	c.feeds.Invalidate()
	return files
}

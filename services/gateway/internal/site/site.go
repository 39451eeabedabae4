// Package site serves the built web app (ADR 0003): every page of the build
// with the current editable texts filled in, articles filled into their
// template, the sitemap, the feed, robots.txt, the 404 page, and the build's
// static files with their precompressed twins. It reads the content it
// fills through Reads, kept until the content changes.
package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
	"github.com/valleytrenchless/site/services/gateway/internal/sitepage"
)

// englishRoutes are the site's indexable pages in English (SPEC §2), in sitemap order.
var englishRoutes = []string{
	"/", "/services/cipp-lining", "/services/pipe-bursting", "/services/epoxy-coating", "/services/drain-inspections",
	"/phoenix", "/scottsdale", "/tempe", "/mesa", "/chandler", "/gilbert", "/glendale", "/peoria",
	"/resources", "/blog", "/risk-map", "/contact", "/privacy", "/terms", "/sitemap",
}

// PublicRoutes are the site's indexable pages: the English ones, then
// their Spanish twins under /es (issue 40).
var PublicRoutes = append(slices.Clone(englishRoutes), spanishRoutes(englishRoutes)...)

// spanishPrefix is where the Spanish edition lives; its home is /es/.
const spanishPrefix = "/es"

// spanishRoute is an English route's Spanish twin: "/contact" → "/es/contact", "/" → "/es".
func spanishRoute(route string) string {
	if route == "/" {
		return spanishPrefix
	}
	return spanishPrefix + route
}

func spanishRoutes(routes []string) []string {
	out := make([]string, len(routes))
	for i, r := range routes {
		out[i] = spanishRoute(r)
	}
	return out
}

// isSpanish reports whether a cleaned path is in the Spanish edition.
func isSpanish(p string) bool { return p == spanishPrefix || strings.HasPrefix(p, spanishPrefix+"/") }

// LanguageCookie remembers the language a visitor chose with the site's
// switch (web/src/i18n/remember.ts). Only "/" reads it: a visitor who chose
// Spanish is sent from "/" to "/es/". Nothing reads Accept-Language, and
// search engines keep no cookies, so both editions stay theirs to crawl.
const LanguageCookie = "site_lang"

// appRoutes are served by the app but never indexed.
var appRoutes = map[string]bool{"/auth": true, "/admin": true}

// isAppRoute reports whether the app shell answers route: the sign-in page
// and every address of the admin (each tab and item has its own, so a
// refresh or a deep link lands where it was).
func isAppRoute(route string) bool {
	return appRoutes[route] || strings.HasPrefix(route, "/admin/")
}

// prefersSpanish reports whether the visitor chose Spanish with the switch.
func prefersSpanish(r *http.Request) bool {
	c, err := r.Cookie(LanguageCookie)
	return err == nil && c.Value == "es"
}

// Options configure the site.
type Options struct {
	// Dir is the built web app (web/dist).
	Dir string
	// Origin is the site's own origin (scheme://host[:port], no trailing
	// slash), for canonical URLs, the sitemap and the feed.
	Origin string
	// Company titles articles and the feed.
	Company string
	// Reads are the content the pages are filled with.
	Reads Reads
	// TTL is how long reads and filled pages are kept at most (a backstop:
	// Invalidate drops them when the content changes); Retry how long a
	// page filled without the current editable texts is (they could not
	// be read), at most DegradedPageTTL.
	TTL, Retry time.Duration
	// MapTiles is the JSON of the map-tiles data block added to every page
	// (the risk map's street map), or nil for none.
	MapTiles []byte
	// Headers are the headers the edge adds to every response (security
	// headers), for the heads of the filled pages (see Ready).
	Headers http.Header
	// KeepBytes bounds what the site keeps in memory besides the build's
	// own pages, whatever the number of posts: half for filled articles,
	// a quarter for reads, a quarter for the sitemaps and the feed (0:
	// DefaultKeepBytes).
	KeepBytes int64
	// SitemapURLs is the most addresses one sitemap file lists (0:
	// MaxSitemapURLs; tests use fewer).
	SitemapURLs int
}

// mapTilesBlock is the id of the data block the app reads the street map
// from (web/src/features/risk-map/map-tiles.ts).
const mapTilesBlock = "map-tiles"

// DegradedPageTTL is how long a page served without the current editable
// texts is kept before the texts are read again.
const DegradedPageTTL = 5 * time.Second

// Site is the site's handler.
type Site struct {
	dir, origin, company string
	ttl, retry           time.Duration
	mapTiles             []byte
	// pageHeaders are every filled page's headers besides its set's own.
	pageHeaders http.Header
	log         *slog.Logger
	public      map[string]bool
	// reads are the content, kept until Invalidate; pages the filled pages.
	reads *cachedReads
	pages *pageCache
	// files is what the build holds, read once at start: the build does
	// not change while the gateway runs (a new build is a new deployment),
	// and asking the file system cost four stat calls per page served.
	files map[string]bool
	// static keeps the build's files read so far (at most its 275 files,
	// 4.7 MB today), so an asset is not read from disk per request.
	static sync.Map // path → []byte
	// refill are the page files to fill again after an invalidation.
	refillMu sync.Mutex
	refill   map[string]bool
	// pageRoutes are the public routes that have a page, with its file,
	// resolved once at start (the build does not change).
	pageRoutes map[string]string
	// sitemapMax is the most addresses in one sitemap file.
	sitemapMax int
	// known are the content keys the build can show (knownKeys); nil when
	// the build has no script to say (every item is then filled in).
	known map[string]bool
}

// New returns the site of the build in o.Dir.
func New(log *slog.Logger, o Options) (*Site, error) {
	if _, err := os.Stat(filepath.Join(o.Dir, "index.html")); err != nil {
		return nil, fmt.Errorf("web app not built: %s/index.html missing (run make web-build)", o.Dir)
	}
	if o.Retry == 0 {
		o.Retry = min(DegradedPageTTL, o.TTL)
	}
	if o.KeepBytes <= 0 {
		o.KeepBytes = DefaultKeepBytes
	}
	if o.SitemapURLs <= 0 {
		o.SitemapURLs = MaxSitemapURLs
	}
	pageHeaders := o.Headers.Clone()
	if pageHeaders == nil {
		pageHeaders = http.Header{}
	}
	pageHeaders["Content-Type"] = htmlType
	pageHeaders["Cache-Control"] = noCache
	s := &Site{dir: o.Dir, origin: o.Origin, company: o.Company, ttl: o.TTL, retry: o.Retry, mapTiles: o.MapTiles, log: log, pageHeaders: pageHeaders,
		public: map[string]bool{}, reads: newCachedReads(o.Reads, o.TTL, o.KeepBytes/4), files: map[string]bool{},
		sitemapMax: o.SitemapURLs}
	// A refill runs behind the request that found the page stale, and
	// outlives it.
	s.pages = newPageCache(maxArticles, o.KeepBytes,
		func(file string, _ *page) (*page, error) { return s.fillFile(context.Background(), file) },
		func(slug string, _ *page) (*page, error) { return s.fillArticle(context.Background(), slug) })
	err := filepath.WalkDir(o.Dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			s.files[p] = true
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the web app's files: %w", err)
	}
	if s.known, err = knownKeys(s.files); err != nil {
		return nil, fmt.Errorf("read the web app's files: %w", err)
	}
	s.pageRoutes = map[string]string{}
	s.refill = map[string]bool{}
	for _, r := range PublicRoutes {
		s.public[r] = true
		if s.hasPage(r) && !s.isFile(filepath.Join(s.dir, filepath.FromSlash(r))) {
			s.pageRoutes[r] = s.pageFile(r)
		}
	}
	// The Spanish home's own address is /es/ (its canonical URL): in the
	// fast lane's table too, which looks paths up as they are sent.
	if f, ok := s.pageRoutes[spanishPrefix]; ok {
		s.pageRoutes[spanishPrefix+"/"] = f
	}
	return s, nil
}

// Invalidate drops the reads and the pages filled from them (on
// content.changed and NATS reconnect). The order matters: a page fill that
// starts after the pages are dropped must find the reads gone.
func (s *Site) Invalidate() {
	s.reads.Invalidate()
	dropped := s.pages.Invalidate()
	s.refillMu.Lock()
	for _, f := range dropped {
		s.refill[f] = true
	}
	s.refillMu.Unlock()
}

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	p = path.Clean(p) // no copy when it is clean already
	route := strings.TrimSuffix(p, "/")
	if route == "" {
		route = "/"
	}
	if p == "/" && prefersSpanish(r) {
		h := w.Header()
		h.Set("Cache-Control", "private, no-cache")
		h.Add("Vary", "Cookie")
		http.Redirect(w, r, spanishPrefix+"/", http.StatusFound)
		return
	}
	// The public pages first: resolved at start, they need no file lookup.
	if file, ok := s.pageRoutes[route]; ok {
		s.serveHTML(w, r, file, http.StatusOK)
		return
	}
	switch {
	case p == "/robots.txt":
		s.robots(w)
		return
	case p == "/sitemap.xml":
		s.sitemap(w, r, 0)
		return
	case p == "/blog/rss.xml":
		s.rss(w, r)
		return
	case strings.HasPrefix(p, "/sitemap-"):
		if n, ok := sitemapNumber(p); ok {
			s.sitemap(w, r, n)
			return
		}
	case strings.HasPrefix(p, "/api/"):
		httperr.WriteError(r.Context(), s.log, w, status.Error(codes.NotFound, "Not found."))
		return
	}
	// A real file (hashed assets, icons, images) is served as it is.
	if file := filepath.Join(s.dir, filepath.FromSlash(p)); p != "/" && s.isFile(file) && !strings.HasSuffix(p, ".html") {
		cache := "no-cache"
		if strings.HasPrefix(p, "/assets/") {
			cache = "public, max-age=31536000, immutable"
		}
		s.serveFile(w, r, file, cache)
		return
	}
	switch {
	case s.public[route] && s.hasPage(route):
		s.servePage(w, r, route, http.StatusOK)
	case isAppRoute(route):
		w.Header().Set("X-Robots-Tag", "noindex")
		s.servePage(w, r, route, http.StatusOK)
	case strings.HasPrefix(route, "/blog/") && strings.Count(route, "/") == 2:
		s.blogPost(w, r, strings.TrimPrefix(route, "/blog/"), route)
	case strings.HasPrefix(route, spanishPrefix+"/blog/") && strings.Count(route, "/") == 3:
		s.blogPost(w, r, strings.TrimPrefix(route, spanishPrefix+"/blog/"), route)
	default:
		s.notFound(w, r)
	}
}

// hasPage reports whether a public route has a page to serve. A prerendered
// build (it has 404.html) prerenders every page it has, so a route without
// its own HTML has no page yet: it answers 404 and stays out of the sitemap
// rather than showing a not-found screen with status 200. A build without
// prerendering serves the app shell for every public route.
func (s *Site) hasPage(route string) bool {
	if route == "/" || !s.isFile(filepath.Join(s.dir, "404.html")) {
		return true
	}
	return s.isFile(filepath.Join(s.dir, filepath.FromSlash(route), "index.html"))
}

// isFile reports whether the build holds the file p.
func (s *Site) isFile(p string) bool { return s.files[p] }

// readFile returns a file of the build, from memory after the first read.
func (s *Site) readFile(p string) ([]byte, error) {
	if b, ok := s.static.Load(p); ok {
		return b.([]byte), nil
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	s.static.Store(p, b)
	return b, nil
}

// pageFile is a route's prerendered HTML, or else the bare app shell
// (app.html; index.html in builds without prerendering).
func (s *Site) pageFile(route string) string {
	if route == "/" {
		return filepath.Join(s.dir, "index.html")
	}
	if f := filepath.Join(s.dir, filepath.FromSlash(route), "index.html"); s.isFile(f) {
		return f
	}
	return s.shell()
}

func (s *Site) shell() string {
	if f := filepath.Join(s.dir, "app.html"); s.isFile(f) {
		return f
	}
	return filepath.Join(s.dir, "index.html")
}

func (s *Site) servePage(w http.ResponseWriter, r *http.Request, route string, code int) {
	s.serveHTML(w, r, s.pageFile(route), code)
}

func (s *Site) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Robots-Tag", "noindex")
	f := filepath.Join(s.dir, "404.html")
	// An unknown address under /es gets the Spanish not-found page.
	if es := filepath.Join(s.dir, "es", "404.html"); isSpanish(path.Clean("/"+strings.TrimPrefix(r.URL.Path, "/"))) && s.isFile(es) {
		f = es
	}
	if !s.isFile(f) {
		f = s.shell()
	}
	s.serveHTML(w, r, f, http.StatusNotFound)
}

// serveHTML serves a page of the build with the current editable texts
// filled in, from memory after the first request.
func (s *Site) serveHTML(w http.ResponseWriter, r *http.Request, file string, code int) {
	p, err := s.filledPage(r.Context(), file)
	if err != nil {
		s.log.ErrorContext(r.Context(), "read web file", "file", file, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	p.serve(w, r, code)
}

// filledPage returns the page of file with the current editable texts in
// its language, kept or filled now.
func (s *Site) filledPage(ctx context.Context, file string) (*page, error) {
	return s.pages.files.Get(file, func() (*page, error) { return s.fillFile(ctx, file) })
}

// fillFile fills the page of file with the current editable texts.
func (s *Site) fillFile(ctx context.Context, file string) (*page, error) {
	doc, err := s.readFile(file)
	if err != nil {
		return nil, err
	}
	items := s.editableContent(ctx, s.fileLocale(file))
	return s.newPage(sitepage.Fill(doc, items), items != nil), nil
}

// The languages of the pages, as the texts' locale parameter names them.
const (
	english = "en"
	spanish = "es"
)

// fileLocale is the language of a page of the build: Spanish for those the
// build wrote for the Spanish edition (under es/, each with <html
// lang="es">), English for every other, the app shell included (served for
// an /es/ address, it carries the English texts like its markup, and the
// app reads the Spanish ones itself). Pages are kept by file, so each
// language's are kept apart.
func (s *Site) fileLocale(file string) string {
	if strings.HasPrefix(file, filepath.Join(s.dir, "es")+string(filepath.Separator)) {
		return spanish
	}
	return english
}

// Refill fills again the pages that were kept when the site was last
// invalidated — the pages visitors were reading — so the first visitor
// after an edit is answered from memory like every other. The texts are
// read once for all of them. A page nobody read since the last change is
// left to fill on its first request. It stops at the first page that
// cannot be read (the rest then fill on request).
func (s *Site) Refill(ctx context.Context) error {
	s.refillMu.Lock()
	files := make([]string, 0, len(s.refill))
	for f := range s.refill {
		files = append(files, f)
	}
	clear(s.refill)
	s.refillMu.Unlock()
	_, err := s.fillFiles(ctx, files)
	return err
}

// Fill fills every public page, English and Spanish, and returns how
// many it filled (the gateway's warm-up before it says it is ready). The
// texts are read once per language for all of them. It stops at the first
// page that cannot be read (the rest then fill on request).
func (s *Site) Fill(ctx context.Context) (int, error) {
	files := make([]string, 0, len(s.pageRoutes))
	for _, f := range s.pageRoutes {
		files = append(files, f)
	}
	return s.fillFiles(ctx, files)
}

// fillFiles fills each of files once, in order, and returns how many it
// filled; it stops at the first that cannot be read.
func (s *Site) fillFiles(ctx context.Context, files []string) (int, error) {
	slices.Sort(files)
	files = slices.Compact(files)
	for i, file := range files {
		if _, err := s.filledPage(ctx, file); err != nil {
			return i, fmt.Errorf("fill %s: %w", file, err)
		}
	}
	return len(files), nil
}

// newPage adds the map-tiles data block to a filled page and keeps it for
// the TTL, or only briefly when it was filled without the current texts.
func (s *Site) newPage(body []byte, current bool) *page {
	if s.mapTiles != nil {
		body = sitepage.AddDataBlock(body, mapTilesBlock, s.mapTiles)
	}
	keep := s.retry
	if current {
		keep = s.ttl
	}
	p := newPage(body, keep)
	p.Prepare(s.pageHeaders)
	return p
}

// Ready returns the filled page a GET or HEAD of path is answered with,
// when it is kept and fresh: a public page (path exactly its route) or an
// article (/blog/{slug}). nil means ServeHTTP must answer (and fill).
func (s *Site) Ready(path string) *encoded.Set {
	if file, ok := s.pageRoutes[path]; ok {
		if p, ok := s.pages.files.Serve(file); ok {
			return p.Set
		}
		return nil
	}
	if slug, ok := articleSlug(path); ok {
		// Only at the article's own address: the other language's answers a redirect.
		if p, ok := s.pages.articles.Serve(slug); ok && p.path == path {
			return p.Set
		}
	}
	return nil
}

// editableContent returns the editable texts, or nil when they cannot be
// read (the pages then keep the build's defaults, which the app also shows
// without them).
//
// Every read of the site outlives the request that asked for it (Reads
// bound it): a filled page, like a read, is shared by every request that
// waits for it, and must not be spoiled by one visitor leaving.
func (s *Site) editableContent(ctx context.Context, locale string) []sitepage.Item {
	ctx = context.WithoutCancel(ctx)
	list, err := s.reads.EditableContent(ctx, locale)
	if err != nil {
		s.log.WarnContext(ctx, "editable texts unavailable: serving the build's defaults", "locale", locale, "code", status.Code(err).String(), "err", err)
		return nil
	}
	items := make([]sitepage.Item, 0, len(list))
	for _, it := range list {
		if s.known != nil && !s.known[it.GetContentKey()] {
			continue
		}
		item := sitepage.Item{ContentKey: it.GetContentKey(), Content: it.GetContent(), ContentType: it.GetContentType()}
		if locale == spanish {
			// A Spanish page's items say the language of each text, as the
			// API's Spanish list does (English where one falls back).
			item.Locale, item.Fallback = it.GetLocale(), it.GetFallback()
		}
		items = append(items, item)
	}
	return items
}

// keyLiteral is a quoted string in a script that could be a content key:
// dotted words ("hero.title").
var keyLiteral = regexp.MustCompile("[\"'`]([A-Za-z0-9][A-Za-z0-9_-]*(?:\\.[A-Za-z0-9_-]+)+)[\"'`]")

// knownKeys are the content keys the build can show: those marked on its
// pages (data-ec) and those its scripts name. Only these items go into a
// page's data block, so a page's size follows what the site shows, not
// how many texts staff have stored (at 2,000 short texts every page
// carried all of them, some 300 KB). A key the scripts build at run time
// is marked on the prerendered page that shows it; one that is neither
// has the app fetch the whole list, as for any item its page lacks. nil:
// the build has no scripts (a test's), and every item is filled in.
func knownKeys(files map[string]bool) (map[string]bool, error) {
	known := map[string]bool{}
	scripts := false
	for f := range files {
		switch filepath.Ext(f) {
		case ".html":
			doc, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			for _, k := range sitepage.Keys(doc) {
				known[k] = true
			}
		case ".js":
			scripts = true
			doc, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			for _, m := range keyLiteral.FindAllSubmatch(doc, -1) {
				known[string(m[1])] = true
			}
		}
	}
	if !scripts {
		return nil, nil
	}
	return known, nil
}

// serveFile serves a static file (not a page: see serveHTML), or its
// precompressed .br/.gz twin when the browser accepts it.
func (s *Site) serveFile(w http.ResponseWriter, r *http.Request, file, cacheControl string) {
	ctype := mime.TypeByExtension(filepath.Ext(file))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", cacheControl)
	h.Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if encoded.AcceptsEncoding(accept, enc.token) && s.isFile(file+enc.ext) {
			h.Set("Content-Encoding", enc.token)
			file += enc.ext
			break
		}
	}
	data, err := s.readFile(file)
	if err != nil {
		s.log.ErrorContext(r.Context(), "read web file", "file", file, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

// errNoPost: the slug names no published post. errPostUnavailable: the
// content service could not say.
var (
	errNoPost          = errors.New("no such post")
	errPostUnavailable = errors.New("post unavailable")
)

// blogPost serves an article filled into the build's article template
// (dist/_article.html; a build without one gets the app shell) with its own
// title, description, canonical URL and Open Graph tags, and the post as
// the post-data block; unknown and draft slugs are 404.
// articleSlug is the slug of an article's address, /blog/{slug} or /es/blog/{slug}.
func articleSlug(path string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "/blog/")
	if !ok {
		rest, ok = strings.CutPrefix(path, spanishPrefix+"/blog/")
	}
	return rest, ok && rest != "" && !strings.Contains(rest, "/")
}

// blogPost serves the article slug at address (its route): filled into the
// article template of its language (dist/_article.html, or
// dist/es/_article.html for a Spanish post), or, asked for at the other
// language's address, a permanent redirect to its own (issue 40).
func (s *Site) blogPost(w http.ResponseWriter, r *http.Request, slug, address string) {
	p, err := s.pages.articles.Get(slug, func() (*page, error) { return s.fillArticle(r.Context(), slug) })
	if err == nil && p.path != address {
		// An English post at /es/blog/… or a Spanish one at /blog/….
		http.Redirect(w, r, p.path, http.StatusMovedPermanently)
		return
	}
	switch {
	case errors.Is(err, errNoPost):
		s.notFound(w, r)
	case errors.Is(err, errPostUnavailable):
		// The content service is down: the app shell still loads and shows
		// its own error state. (Not the prerendered /blog page: its markup
		// would not match the article route the app renders here.)
		s.serveHTML(w, r, s.shell(), http.StatusOK)
	case err != nil:
		s.log.ErrorContext(r.Context(), "read article template", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	default:
		p.serve(w, r, http.StatusOK)
	}
}

// fillArticle fills the article page of slug, or errNoPost or
// errPostUnavailable. Its reads outlive ctx (see editableContent).
func (s *Site) fillArticle(ctx context.Context, slug string) (*page, error) {
	ctx = context.WithoutCancel(ctx)
	post, err := s.reads.Post(ctx, slug)
	switch status.Code(err) {
	case codes.OK:
	case codes.NotFound, codes.InvalidArgument: // a slug no post has, or none could have
		return nil, errNoPost
	default:
		s.log.WarnContext(ctx, "post unavailable", "slug", slug, "code", status.Code(err).String(), "err", err)
		return nil, errPostUnavailable
	}
	inSpanish := post.GetLanguage() == spanish
	own := sitepage.ArticlePath(slug, inSpanish)
	file, locale := filepath.Join(s.dir, "_article.html"), english
	if inSpanish {
		file, locale = filepath.Join(s.dir, "es", "_article.html"), spanish
	}
	if !s.isFile(file) {
		file = s.pageFile(own)
	}
	doc, err := s.readFile(file)
	if err != nil {
		return nil, err
	}
	items := s.editableContent(ctx, locale)
	body, err := sitepage.Article(doc, postJSON(post), items, sitepage.Site{Origin: s.origin, Company: s.company})
	if err != nil {
		s.log.ErrorContext(ctx, "post unreadable", "slug", slug, "err", err)
		return nil, errNoPost
	}
	page := s.newPage(body, items != nil)
	page.path = own
	return page, nil
}

func (s *Site) robots(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\nAllow: /\n\nSitemap: %s/sitemap.xml\n", s.origin)
}

// postJSON is the post exactly as GET /api/blog-posts/{slug} writes it
// (the grpc-gateway mux's protojson options): the page's post-data block,
// which the app reads instead of asking again.
func postJSON(p *contentv1.Post) []byte {
	b, _ := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(p) // a message of plain fields: cannot fail
	return b
}

package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/valleytrenchless/site/services/gateway/internal/sitepage"
)

// PublicRoutes are the site's indexable pages (SPEC §2), in sitemap order.
var PublicRoutes = []string{
	"/", "/services/cipp-lining", "/services/pipe-bursting", "/services/epoxy-coating", "/services/drain-inspections",
	"/phoenix", "/scottsdale", "/tempe", "/mesa", "/chandler", "/gilbert", "/glendale", "/peoria",
	"/resources", "/blog", "/risk-map", "/contact", "/privacy", "/terms", "/sitemap",
}

// appRoutes are served by the app but never indexed.
var appRoutes = map[string]bool{"/auth": true, "/admin": true}

// isAppRoute reports whether the app shell answers route: the sign-in page
// and every address of the admin (each tab and item has its own, so a
// refresh or a deep link lands where it was).
func isAppRoute(route string) bool {
	return appRoutes[route] || strings.HasPrefix(route, "/admin/")
}

type siteOptions struct {
	dir     string
	origin  string
	company string
	// api answers /api/blog-posts and /api/editable-content reads (through
	// the public cache).
	api http.Handler
	// ttl is how long a filled page is kept at most (the public cache's
	// backstop TTL); retry how long one filled without the current
	// editable texts is (they could not be read).
	ttl, retry time.Duration
	// mapTiles is the risk map's street map, added to every page as the
	// map-tiles data block.
	mapTiles MapTiles
}

// mapTilesBlock is the id of the data block the app reads the street map
// from (web/src/features/risk-map/map-tiles.ts).
const mapTilesBlock = "map-tiles"

// degradedPageTTL is how long a page served without the current editable
// texts is kept before the texts are read again.
const degradedPageTTL = 5 * time.Second

type site struct {
	siteOptions
	log    *slog.Logger
	public map[string]bool
	// pages are the filled pages (ADR 0003), emptied with the public cache.
	pages *pageCache
}

func newSite(log *slog.Logger, o siteOptions) (*site, error) {
	if _, err := os.Stat(filepath.Join(o.dir, "index.html")); err != nil {
		return nil, fmt.Errorf("web app not built: %s/index.html missing (run make web-build)", o.dir)
	}
	if o.retry == 0 {
		o.retry = min(degradedPageTTL, o.ttl)
	}
	s := &site{siteOptions: o, log: log, public: map[string]bool{}, pages: newPageCache(maxArticles)}
	for _, r := range PublicRoutes {
		s.public[r] = true
	}
	return s, nil
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	switch {
	case p == "/robots.txt":
		s.robots(w)
		return
	case p == "/sitemap.xml":
		s.sitemap(w, r)
		return
	case p == "/blog/rss.xml":
		s.rss(w, r)
		return
	case strings.HasPrefix(p, "/api/"):
		WriteError(r.Context(), s.log, w, errNotFound)
		return
	}
	// A real file (hashed assets, icons, images) is served as it is.
	if file := filepath.Join(s.dir, filepath.FromSlash(p)); p != "/" && isFile(file) && !strings.HasSuffix(p, ".html") {
		cache := "no-cache"
		if strings.HasPrefix(p, "/assets/") {
			cache = "public, max-age=31536000, immutable"
		}
		s.serveFile(w, r, file, cache)
		return
	}
	route := strings.TrimSuffix(p, "/")
	if route == "" {
		route = "/"
	}
	switch {
	case s.public[route] && s.hasPage(route):
		s.servePage(w, r, route, http.StatusOK)
	case isAppRoute(route):
		w.Header().Set("X-Robots-Tag", "noindex")
		s.servePage(w, r, route, http.StatusOK)
	case strings.HasPrefix(route, "/blog/") && strings.Count(route, "/") == 2:
		s.blogPost(w, r, strings.TrimPrefix(route, "/blog/"))
	default:
		s.notFound(w, r)
	}
}

// hasPage reports whether a public route has a page to serve. A prerendered
// build (it has 404.html) prerenders every page it has, so a route without
// its own HTML has no page yet: it answers 404 and stays out of the sitemap
// rather than showing a not-found screen with status 200. A build without
// prerendering serves the app shell for every public route.
func (s *site) hasPage(route string) bool {
	if route == "/" || !isFile(filepath.Join(s.dir, "404.html")) {
		return true
	}
	return isFile(filepath.Join(s.dir, filepath.FromSlash(route), "index.html"))
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// pageFile is a route's prerendered HTML, or else the bare app shell
// (app.html; index.html in builds without prerendering).
func (s *site) pageFile(route string) string {
	if route == "/" {
		return filepath.Join(s.dir, "index.html")
	}
	if f := filepath.Join(s.dir, filepath.FromSlash(route), "index.html"); isFile(f) {
		return f
	}
	return s.shell()
}

func (s *site) shell() string {
	if f := filepath.Join(s.dir, "app.html"); isFile(f) {
		return f
	}
	return filepath.Join(s.dir, "index.html")
}

func (s *site) servePage(w http.ResponseWriter, r *http.Request, route string, code int) {
	s.serveHTML(w, r, s.pageFile(route), code)
}

func (s *site) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Robots-Tag", "noindex")
	f := filepath.Join(s.dir, "404.html")
	if !isFile(f) {
		f = s.shell()
	}
	s.serveHTML(w, r, f, http.StatusNotFound)
}

// serveHTML serves a page of the build with the current editable texts
// filled in, from memory after the first request.
func (s *site) serveHTML(w http.ResponseWriter, r *http.Request, file string, code int) {
	p, err := s.pages.get(filePage, file, func() (*page, error) {
		doc, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		items := s.editableContent(r)
		return s.newPage(sitepage.Fill(doc, items), items != nil), nil
	})
	if err != nil {
		s.log.ErrorContext(r.Context(), "read web file", "file", file, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	p.serve(w, r, code)
}

// newPage adds the map-tiles data block to a filled page and keeps it for
// the TTL, or only briefly when it was filled without the current texts.
func (s *site) newPage(body []byte, current bool) *page {
	if b := s.mapTiles.block(); b != nil {
		body = sitepage.AddDataBlock(body, mapTilesBlock, b)
	}
	if current {
		return newPage(body, s.ttl)
	}
	return newPage(body, s.retry)
}

// editableContent reads the editable texts through the public cache, or
// returns nil when they cannot be read (the pages then keep the build's
// defaults, which the app also shows without them).
func (s *site) editableContent(r *http.Request) []sitepage.Item {
	var items []sitepage.Item
	code, err := s.fetch(r, "/api/editable-content", &items)
	if code != http.StatusOK || err != nil {
		s.log.WarnContext(r.Context(), "editable texts unavailable: serving the build's defaults", "status", code, "err", err)
		return nil
	}
	if items == nil {
		items = []sitepage.Item{}
	}
	return items
}

// serveFile serves a static file (not a page: see serveHTML), or its
// precompressed .br/.gz twin when the browser accepts it.
func (s *site) serveFile(w http.ResponseWriter, r *http.Request, file, cacheControl string) {
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
		if acceptsEncoding(accept, enc.token) && isFile(file+enc.ext) {
			h.Set("Content-Encoding", enc.token)
			file += enc.ext
			break
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		s.log.ErrorContext(r.Context(), "read web file", "file", file, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

func acceptsEncoding(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), token) && !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") {
			return true
		}
	}
	return false
}

// sitePost is what the site needs of a post.
type sitePost struct {
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Excerpt     string    `json:"excerpt"`
	ImageURL    string    `json:"imageUrl"`
	PublishedAt time.Time `json:"publishedAt"`
	Category    string    `json:"category"`
}

// fetch reads the public API through the cache.
func (s *site) fetch(r *http.Request, apiPath string, v any) (int, error) {
	code, body := s.fetchRaw(r, apiPath)
	if code != http.StatusOK {
		return code, nil
	}
	return code, json.Unmarshal(body, v)
}

// fetchRaw reads the public API through the cache and returns the status
// and body. The read outlives the request that asked for it (the API's
// own timeout bounds it): a filled page is shared by every request that
// waits for it, and must not be spoiled by one visitor leaving.
func (s *site) fetchRaw(r *http.Request, apiPath string) (int, []byte) {
	req := r.Clone(context.WithoutCancel(r.Context()))
	req.Method = http.MethodGet
	req.URL = &url.URL{Path: strings.Split(apiPath, "?")[0]}
	if _, q, ok := strings.Cut(apiPath, "?"); ok {
		req.URL.RawQuery = q
	}
	req.Header = http.Header{"Accept": {"application/json"}}
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	s.api.ServeHTTP(rec, req)
	return rec.status, rec.body.Bytes()
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
func (s *site) blogPost(w http.ResponseWriter, r *http.Request, slug string) {
	p, err := s.pages.get(articlePage, slug, func() (*page, error) {
		code, post := s.fetchRaw(r, "/api/blog-posts/"+url.PathEscape(slug))
		switch {
		case code == http.StatusNotFound || code == http.StatusBadRequest:
			return nil, errNoPost
		case code != http.StatusOK:
			return nil, errPostUnavailable
		}
		file := filepath.Join(s.dir, "_article.html")
		if !isFile(file) {
			file = s.pageFile("/blog/" + slug)
		}
		doc, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		items := s.editableContent(r)
		body, err := sitepage.Article(doc, post, items, sitepage.Site{Origin: s.origin, Company: s.company})
		if err != nil {
			s.log.ErrorContext(r.Context(), "post unreadable", "slug", slug, "err", err)
			return nil, errNoPost
		}
		return s.newPage(body, items != nil), nil
	})
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

func (s *site) robots(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\nAllow: /\n\nSitemap: %s/sitemap.xml\n", s.origin)
}

func (s *site) posts(r *http.Request, limit int) []sitePost {
	var posts []sitePost
	if code, err := s.fetch(r, fmt.Sprintf("/api/blog-posts?limit=%d", limit), &posts); code != http.StatusOK || err != nil {
		s.log.WarnContext(r.Context(), "posts unavailable for sitemap/feed", "status", code, "err", err)
		return nil
	}
	return posts
}

type urlset struct {
	XMLName xml.Name `xml:"urlset"`
	NS      string   `xml:"xmlns,attr"`
	URLs    []smURL  `xml:"url"`
}

type smURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

func (s *site) sitemap(w http.ResponseWriter, r *http.Request) {
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	posts := s.posts(r, 100)
	newest := ""
	if len(posts) > 0 {
		newest = posts[0].PublishedAt.UTC().Format("2006-01-02")
	}
	for _, route := range PublicRoutes {
		// /blog is the same page as /resources, whose address is canonical.
		if !s.hasPage(route) || route == "/blog" {
			continue
		}
		u := smURL{Loc: s.origin + route}
		if route == "/resources" {
			u.LastMod = newest
		}
		set.URLs = append(set.URLs, u)
	}
	for _, p := range posts {
		set.URLs = append(set.URLs, smURL{Loc: s.origin + "/blog/" + url.PathEscape(p.Slug), LastMod: p.PublishedAt.UTC().Format("2006-01-02")})
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(xml.Header))
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	_ = enc.Encode(set)
}

type rssFeed struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title       string    `xml:"title"`
	Link        string    `xml:"link"`
	Description string    `xml:"description"`
	Language    string    `xml:"language"`
	Items       []rssItem `xml:"item"`
}

type rssItem struct {
	Title       string `xml:"title"`
	Link        string `xml:"link"`
	GUID        string `xml:"guid"`
	Description string `xml:"description"`
	Category    string `xml:"category,omitempty"`
	PubDate     string `xml:"pubDate"`
}

func (s *site) rss(w http.ResponseWriter, r *http.Request) {
	feed := rssFeed{Version: "2.0", Channel: rssChannel{
		Title: s.company + " — Drain & Sewer Articles", Link: s.origin + "/blog",
		Description: "Practical drain and sewer advice for Phoenix Valley homeowners.", Language: "en-us",
	}}
	for _, p := range s.posts(r, 20) {
		link := s.origin + "/blog/" + url.PathEscape(p.Slug)
		feed.Channel.Items = append(feed.Channel.Items, rssItem{Title: p.Title, Link: link, GUID: link, Description: p.Excerpt,
			Category: p.Category, PubDate: p.PublishedAt.UTC().Format(time.RFC1123Z)})
	}
	w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(xml.Header))
	_ = xml.NewEncoder(w).Encode(feed)
}

var errNotFound = status.Error(codes.NotFound, "Not found.")

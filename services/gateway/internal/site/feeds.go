package site

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"github.com/valleytrenchless/site/services/gateway/internal/sitepage"
	"net/http"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc/status"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// posts are the newest published posts for the feed, or none when they
// cannot be read.
func (s *Site) posts(r *http.Request, limit int) []*contentv1.PostSummary {
	ctx := context.WithoutCancel(r.Context())
	posts, _, err := s.reads.ListPosts(ctx, limit, "")
	if err != nil {
		s.log.WarnContext(ctx, "posts unavailable for the feed", "code", status.Code(err).String(), "err", err)
		return nil
	}
	return posts
}

// publishedAt is when p was published, in UTC.
func publishedAt(p *contentv1.PostSummary) time.Time {
	if p.GetPublishedAt() == nil {
		return time.Time{}
	}
	return p.GetPublishedAt().AsTime()
}

// MaxSitemapURLs is the most addresses one sitemap file may list (the
// sitemaps protocol's limit). Past it, /sitemap.xml is an index of
// /sitemap-1.xml, /sitemap-2.xml, … each listing at most this many.
const MaxSitemapURLs = 50_000

// sitemapPage is how many posts each read of the sitemap asks for.
const sitemapPage = 100

type urlset struct {
	XMLName xml.Name `xml:"urlset"`
	NS      string   `xml:"xmlns,attr"`
	XHTML   string   `xml:"xmlns:xhtml,attr,omitempty"`
	URLs    []smURL  `xml:"url"`
}

type smURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
	// Alternates are the page's address in each language and x-default
	// (Google's sitemap form of hreflang), on both pages of a pair.
	Alternates []alternate `xml:"xhtml:link,omitempty"`
}

type alternate struct {
	Rel      string `xml:"rel,attr"`
	HrefLang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

const xhtmlNS = "http://www.w3.org/1999/xhtml"

// pageURLs are the sitemap's entries for the public pages that have a
// page: each English page and its Spanish twin, both naming the pair and
// x-default (English) as alternates (issue 40). /blog is the same page as
// /resources, whose address is canonical. The Spanish home is /es/.
func (s *Site) pageURLs(resourcesMod string) []smURL {
	var urls []smURL
	for _, route := range englishRoutes {
		if route == "/blog" || !s.hasPage(route) {
			continue
		}
		en := s.origin + route
		es := ""
		if s.hasPage(spanishRoute(route)) {
			es = s.origin + spanishRoute(route)
			if route == "/" {
				es += "/"
			}
		}
		var alts []alternate
		if es != "" {
			alts = []alternate{{"alternate", "en", en}, {"alternate", "es", es}, {"alternate", "x-default", en}}
		}
		mod := ""
		if route == "/resources" {
			mod = resourcesMod
		}
		urls = append(urls, smURL{Loc: en, LastMod: mod, Alternates: alts})
		if es != "" {
			urls = append(urls, smURL{Loc: es, LastMod: mod, Alternates: alts})
		}
	}
	return urls
}

type sitemapIndex struct {
	XMLName  xml.Name `xml:"sitemapindex"`
	NS       string   `xml:"xmlns,attr"`
	Sitemaps []smURL  `xml:"sitemap"`
}

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

var xmlType = []string{"application/xml; charset=utf-8"}

// sitemapURLs are every address the sitemaps list: the public pages, then
// every published post, newest first, read a page at a time (not kept as
// reads: the sitemap they make is kept instead).
func (s *Site) sitemapURLs(ctx context.Context) ([]smURL, error) {
	var posts []smURL
	newest := ""
	token := ""
	for {
		page, next, err := s.reads.reads.ListPosts(ctx, sitemapPage, token)
		if err != nil {
			return nil, err
		}
		for _, p := range page {
			day := publishedAt(p).Format("2006-01-02")
			if newest == "" {
				newest = day
			}
			posts = append(posts, s.postURL(p, day))
		}
		if next == "" || len(page) == 0 {
			break
		}
		token = next
	}
	return append(s.pageURLs(newest), posts...), nil
}

// postURL is a published post's sitemap entry: its address in its own
// language and, when it has a published translation, both versions as
// alternates (x-default: the English one), as the article's head names them.
func (s *Site) postURL(p *contentv1.PostSummary, day string) smURL {
	inSpanish := p.GetLanguage() == spanish
	own := s.origin + sitepage.ArticlePath(p.GetSlug(), inSpanish)
	u := smURL{Loc: own, LastMod: day}
	for _, t := range p.GetTranslations() {
		if t.GetSlug() == "" || (t.GetLanguage() == spanish) == inSpanish {
			continue
		}
		en, es := own, s.origin+sitepage.ArticlePath(t.GetSlug(), true)
		if inSpanish {
			en, es = s.origin+sitepage.ArticlePath(t.GetSlug(), false), own
		}
		u.Alternates = []alternate{{"alternate", "en", en}, {"alternate", "es", es}, {"alternate", "x-default", en}}
		break
	}
	return u
}

// sitemap serves /sitemap.xml (n 0) or /sitemap-{n}.xml: every address in
// one file while they fit, else an index of files of at most
// s.sitemapMax addresses each. What it serves is kept until the content
// changes. Without the posts (the content service is down) it lists the
// pages alone, briefly.
func (s *Site) sitemap(w http.ResponseWriter, r *http.Request, n int) {
	p, err := s.pages.feeds.Get(fmt.Sprintf("sitemap/%d", n), func() (*page, error) {
		ctx := context.WithoutCancel(r.Context())
		keepFor := s.ttl
		urls, err := s.sitemapURLs(ctx)
		if err != nil {
			s.log.WarnContext(ctx, "posts unavailable for the sitemap", "code", status.Code(err).String(), "err", err)
			urls, keepFor = s.pageURLs(""), s.retry
		}
		files := (len(urls) + s.sitemapMax - 1) / s.sitemapMax
		var doc any
		switch {
		case n == 0 && files <= 1:
			doc = urlset{NS: sitemapNS, XHTML: xhtmlNS, URLs: urls}
		case n == 0:
			index := sitemapIndex{NS: sitemapNS}
			for i := 1; i <= files; i++ {
				index.Sitemaps = append(index.Sitemaps, smURL{Loc: fmt.Sprintf("%s/sitemap-%d.xml", s.origin, i)})
			}
			doc = index
		case files > 1 && n <= files:
			doc = urlset{NS: sitemapNS, XHTML: xhtmlNS, URLs: urls[(n-1)*s.sitemapMax : min(n*s.sitemapMax, len(urls))]}
		default:
			return nil, errNoSitemap
		}
		var b bytes.Buffer
		b.WriteString(xml.Header)
		enc := xml.NewEncoder(&b)
		enc.Indent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return nil, err
		}
		return newPage(b.Bytes(), keepFor), nil
	})
	switch {
	case errors.Is(err, errNoSitemap):
		s.notFound(w, r)
	case err != nil:
		s.log.ErrorContext(r.Context(), "write the sitemap", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	default:
		p.serveAs(w, r, http.StatusOK, xmlType)
	}
}

// errNoSitemap: /sitemap-{n}.xml names no file of the index.
var errNoSitemap = errors.New("no such sitemap")

// sitemapNumber is n of /sitemap-{n}.xml.
func sitemapNumber(p string) (int, bool) {
	num, ok := strings.CutPrefix(p, "/sitemap-")
	if !ok {
		return 0, false
	}
	num, ok = strings.CutSuffix(num, ".xml")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || strconv.Itoa(n) != num {
		return 0, false
	}
	return n, true
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

func (s *Site) rss(w http.ResponseWriter, r *http.Request) {
	feed := rssFeed{Version: "2.0", Channel: rssChannel{
		Title: s.company + " — Drain & Sewer Articles", Link: s.origin + "/blog",
		Description: "Practical drain and sewer advice for Phoenix Valley homeowners.", Language: "en-us",
	}}
	for _, p := range s.posts(r, 20) {
		link := s.origin + sitepage.ArticlePath(p.GetSlug(), p.GetLanguage() == spanish)
		feed.Channel.Items = append(feed.Channel.Items, rssItem{Title: p.GetTitle(), Link: link, GUID: link, Description: p.GetExcerpt(),
			Category: p.GetCategory(), PubDate: publishedAt(p).Format(time.RFC1123Z)})
	}
	w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(xml.Header))
	_ = xml.NewEncoder(w).Encode(feed)
}

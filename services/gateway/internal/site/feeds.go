package site

import (
	"context"
	"encoding/xml"
	"net/http"
	"net/url"
	"time"

	"google.golang.org/grpc/status"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// posts are the newest published posts for the sitemap and the feed, or
// none when they cannot be read.
func (s *Site) posts(r *http.Request, limit int) []*contentv1.PostSummary {
	ctx := context.WithoutCancel(r.Context())
	posts, err := s.reads.ListPosts(ctx, limit)
	if err != nil {
		s.log.WarnContext(ctx, "posts unavailable for sitemap/feed", "code", status.Code(err).String(), "err", err)
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

type urlset struct {
	XMLName xml.Name `xml:"urlset"`
	NS      string   `xml:"xmlns,attr"`
	URLs    []smURL  `xml:"url"`
}

type smURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

func (s *Site) sitemap(w http.ResponseWriter, r *http.Request) {
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	posts := s.posts(r, 100)
	newest := ""
	if len(posts) > 0 {
		newest = publishedAt(posts[0]).Format("2006-01-02")
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
		set.URLs = append(set.URLs, smURL{Loc: s.origin + "/blog/" + url.PathEscape(p.GetSlug()), LastMod: publishedAt(p).Format("2006-01-02")})
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

func (s *Site) rss(w http.ResponseWriter, r *http.Request) {
	feed := rssFeed{Version: "2.0", Channel: rssChannel{
		Title: s.company + " — Drain & Sewer Articles", Link: s.origin + "/blog",
		Description: "Practical drain and sewer advice for Phoenix Valley homeowners.", Language: "en-us",
	}}
	for _, p := range s.posts(r, 20) {
		link := s.origin + "/blog/" + url.PathEscape(p.GetSlug())
		feed.Channel.Items = append(feed.Channel.Items, rssItem{Title: p.GetTitle(), Link: link, GUID: link, Description: p.GetExcerpt(),
			Category: p.GetCategory(), PubDate: publishedAt(p).Format(time.RFC1123Z)})
	}
	w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(xml.Header))
	_ = xml.NewEncoder(w).Encode(feed)
}

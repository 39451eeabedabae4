package sitepage

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"
)

// articleTemplate is shaped like the build's dist/_article.html: head tags
// from the build, tokens in text and attribute positions, an SVG title in
// the body, an editable mark.
const articleTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>⟦post:title⟧ | Valley Trenchless Pros</title>
    <meta name="description" content="⟦post:excerpt⟧"/>
    <link rel="canonical" href="https://build.example/blog/x"/>
    <meta property="og:title" content="⟦post:title⟧"/>
    <meta property="og:type" content="article"/>
    <meta name="twitter:card" content="summary"/>
    <link rel="modulepreload" crossorigin href="/assets/article-1.js">
  </head>
  <body>
    <div id="root"><article><img class="article__hero" src="⟦post:heroSrc⟧" srcset="⟦post:heroSrcset⟧" width="⟦post:heroWidth⟧" height="⟦post:heroHeight⟧" alt=""/>` +
	`<p><span class="article__badge">⟦post:category⟧</span><time dateTime="⟦post:publishedAt⟧">⟦post:date⟧</time><span>⟦post:readTime⟧<!-- --> min read</span></p>` +
	`<h1 id="article-title">⟦post:title⟧</h1><p class="article__excerpt">⟦post:excerpt⟧</p>` +
	`<button type="button" data-title="⟦post:title⟧"><svg aria-hidden="true"><title>Share</title></svg>Share</button>` +
	`<div class="article__body">⟦post:body⟧</div><p>⟦post:unknown⟧</p>` +
	`<h2 data-ec="article.cta.title">Want to know what is under your home?</h2></article></div>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </body>
</html>
`

var site = Site{Origin: "https://www.valleytrenchless.example", Company: "Valley Trenchless Pros"}

func TestArticleFillsTokensHeadAndBlocks(t *testing.T) {
	t.Parallel()
	title := `Roots & "pipes" <script>alert('x')</script> ⟦post:body⟧`
	post := map[string]any{
		"id": "0b6f1f9e-3d2a-4c57-9a44-1f1e9d6c2b10", "slug": "roots-in-pipes", "title": title,
		"excerpt": "Why roots find <your> pipes.", "category": "Maintenance", "imageUrl": "/media/roots.jpg",
		// 05:30 UTC on the 11th is 22:30 on the 10th in Phoenix.
		"publishedAt": "2026-11-11T05:30:00Z", "readTimeMinutes": 6, "isPublished": true,
		"content":  "## Roots",
		"bodyHtml": `<h2>Roots</h2><p>They <strong>grow</strong>.</p><img src="/media/a.jpg" srcset="/media/a-640.jpg 640w" width="640" height="480" loading="lazy" decoding="async" alt="">`,
		"heroImage": map[string]any{"src": "/media/roots-1200.jpg", "srcset": "/media/roots-640.jpg 640w, /media/roots-1200.jpg 1200w",
			"width": 1200, "height": 800},
	}
	raw, err := json.MarshalIndent(post, "", "  ")
	require.NoError(t, err)
	items := []Item{{ContentKey: "article.cta.title", Content: "See your sewer line & more", ContentType: "text"}}

	out, err := Article([]byte(articleTemplate), raw, items, site)
	require.NoError(t, err)
	doc := string(out)
	root, err := xhtml.Parse(strings.NewReader(doc))
	require.NoError(t, err)
	texts, attrs := map[string]string{}, map[string]string{}
	var titles []string
	var og []string
	for n := range root.Descendants() {
		if n.Type != xhtml.ElementNode {
			continue
		}
		for _, a := range n.Attr {
			attrs[n.Data+"."+a.Key] = a.Val
			if n.Data == "meta" && a.Key == "property" {
				og = append(og, a.Val)
			}
		}
		if n.FirstChild != nil && n.FirstChild.Type == xhtml.TextNode {
			texts[n.Data] = n.FirstChild.Data
		}
		if n.Data == "title" {
			titles = append(titles, n.FirstChild.Data)
		}
	}

	// Text and attribute positions hold the title exactly, as text: no
	// script got in, no attribute was broken, no token inside it filled.
	require.Equal(t, title, texts["h1"])
	require.Equal(t, title, attrs["button.data-title"])
	blocks, scripts := dataBlocks(t, doc)
	require.Equal(t, 3, scripts, "the app's script and the two data blocks")
	require.Contains(t, doc, `<p class="article__excerpt">Why roots find &lt;your&gt; pipes.</p>`)
	require.Contains(t, doc, `<span class="article__badge">Maintenance</span><time dateTime="2026-11-11T05:30:00Z">November 10, 2026</time><span>6<!-- --> min read</span>`)
	require.Contains(t, doc, `<img class="article__hero" src="/media/roots-1200.jpg" srcset="/media/roots-640.jpg 640w, /media/roots-1200.jpg 1200w" width="1200" height="800" alt=""/>`)
	require.Contains(t, doc, `<div class="article__body">`+post["bodyHtml"].(string)+`</div>`, "the body goes in as rendered")
	require.Contains(t, doc, `<p>⟦post:unknown⟧</p>`, "an unknown token is left as it is")
	require.Contains(t, doc, `<h2 data-ec="article.cta.title">See your sewer line &amp; more</h2>`)

	// The head: the article's own tags instead of the build's; the SVG's
	// title in the body stays.
	require.Equal(t, []string{title + " | Valley Trenchless Pros", "Share"}, titles)
	require.Equal(t, "Why roots find <your> pipes.", headMeta(t, root, "name", "description"))
	require.Equal(t, "https://www.valleytrenchless.example/blog/roots-in-pipes", headLink(t, root, "canonical"))
	require.Equal(t, []string{"og:type", "og:title", "og:description", "og:url", "og:site_name", "og:locale", "og:image", "article:published_time"}, og)
	require.Equal(t, "en_US", headMeta(t, root, "property", "og:locale"))
	require.Equal(t, title, headMeta(t, root, "property", "og:title"))
	require.Equal(t, "https://www.valleytrenchless.example/media/roots.jpg", headMeta(t, root, "property", "og:image"))
	require.Equal(t, "2026-11-11T05:30:00Z", headMeta(t, root, "property", "article:published_time"))
	require.Contains(t, doc, `<link rel="modulepreload" crossorigin href="/assets/article-1.js">`, "other head tags stay")
	require.NotContains(t, doc, "twitter:card")
	require.NotContains(t, doc, "build.example")

	// The blocks: the items, and the post exactly as the API sent it.
	var gotItems []Item
	require.NoError(t, json.Unmarshal([]byte(blocks["editable-content"]), &gotItems))
	require.Equal(t, items, gotItems)
	var gotPost map[string]any
	require.NoError(t, json.Unmarshal([]byte(blocks["post-data"]), &gotPost))
	var wantPost map[string]any
	require.NoError(t, json.Unmarshal(raw, &wantPost))
	require.Equal(t, wantPost, gotPost)
	require.NotContains(t, blocks["post-data"], "<")
}

func headMeta(t *testing.T, root *xhtml.Node, key, val string) string {
	t.Helper()
	for n := range root.Descendants() {
		if n.Type == xhtml.ElementNode && n.Data == "meta" && attr(n, key) == val {
			return attr(n, "content")
		}
	}
	t.Fatalf("no meta %s=%q", key, val)
	return ""
}

func headLink(t *testing.T, root *xhtml.Node, rel string) string {
	t.Helper()
	for n := range root.Descendants() {
		if n.Type == xhtml.ElementNode && n.Data == "link" && attr(n, "rel") == rel {
			return attr(n, "href")
		}
	}
	t.Fatalf("no link rel=%q", rel)
	return ""
}

func attr(n *xhtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestArticleBeforeTheContentServiceSendsAHero: posts without heroImage
// (the service before it renders one) use imageUrl, or the default image.
func TestArticleBeforeTheContentServiceSendsAHero(t *testing.T) {
	t.Parallel()
	tmpl := []byte(`<html><head></head><body><img src="⟦post:heroSrc⟧" srcset="⟦post:heroSrcset⟧" width="⟦post:heroWidth⟧" height="⟦post:heroHeight⟧"><div>⟦post:body⟧</div></body></html>`)
	for raw, want := range map[string]string{
		`{"slug":"a","title":"A","imageUrl":"/media/a.jpg"}`:                                              `<img src="/media/a.jpg" srcset="/media/a.jpg 1200w" width="1200" height="630"><div></div>`,
		`{"slug":"a","title":"A","imageUrl":""}`:                                                          `<img src="/images/article-default.svg" srcset="/images/article-default.svg 1200w" width="1200" height="630">`,
		`{"slug":"a","heroImage":{"src":"/m/h.jpg","srcset":"/m/h.jpg 800w","width":"800","height":600}}`: `<img src="/m/h.jpg" srcset="/m/h.jpg 800w" width="800" height="600">`,
	} {
		out, err := Article(tmpl, []byte(raw), nil, site)
		require.NoError(t, err)
		require.Contains(t, string(out), want, raw)
		require.NotContains(t, string(out), `id="editable-content"`, "no items: no block")
		require.Contains(t, string(out), `<script type="application/json" id="post-data">`+raw+`</script></body>`)
	}
	_, err := Article(tmpl, []byte(`<html>`), nil, site)
	require.Error(t, err)
}

func TestLongDateIsPhoenixTime(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"2026-11-10T19:00:00Z":           "November 10, 2026",
		"2026-11-11T06:59:59.999Z":       "November 10, 2026",
		"2026-11-11T07:00:00Z":           "November 11, 2026",
		"2026-07-04T06:00:00Z":           "July 3, 2026", // no daylight saving time in summer either
		"2027-01-01T00:00:00.123456789Z": "December 31, 2026",
		"":                               "",
		"not a date":                     "",
	} {
		require.Equal(t, want, LongDate(in), in)
	}
}

// Issue 28: a post's own SEO title, description and social image lead the
// head; the article itself keeps its title and excerpt.
func TestArticleHeadPrefersThePostsSEOFields(t *testing.T) {
	t.Parallel()
	raw, err := json.Marshal(map[string]any{
		"slug": "roots-in-pipes", "title": "Roots in pipes", "excerpt": "Why roots find your pipes.",
		"publishedAt": "2026-11-11T05:30:00Z", "imageUrl": "/media/roots.jpg", "bodyHtml": "<p>Roots.</p>",
		"seoTitle": "Tree Roots in Sewer Lines: Signs & Fixes", "seoDescription": "How roots get in, and how lining keeps them out.",
		"socialImageUrl": "/media/roots-share.jpg",
	})
	require.NoError(t, err)
	out, err := Article([]byte(articleTemplate), raw, nil, site)
	require.NoError(t, err)
	doc := string(out)
	require.Contains(t, doc, "<title>Tree Roots in Sewer Lines: Signs &amp; Fixes | Valley Trenchless Pros</title>")
	require.Contains(t, doc, `<meta name="description" content="How roots get in, and how lining keeps them out.">`)
	require.Contains(t, doc, `<meta property="og:title" content="Tree Roots in Sewer Lines: Signs &amp; Fixes">`)
	require.Contains(t, doc, `<meta property="og:description" content="How roots get in, and how lining keeps them out.">`)
	require.Contains(t, doc, `<meta property="og:image" content="https://www.valleytrenchless.example/media/roots-share.jpg">`)
	require.Contains(t, doc, `<h1 id="article-title">Roots in pipes</h1>`, "the page itself keeps the post's title")
	require.Contains(t, doc, `<p class="article__excerpt">Why roots find your pipes.</p>`)
}

// A Spanish post's page names its category in Spanish, as the app does
// when it renders the same post (issue 40); an English post's, and a
// category the app has no name for, read as stored.
func TestArticleCategoryInThePostsLanguage(t *testing.T) {
	t.Parallel()
	tmpl := []byte(`<html><head></head><body><span class="article__badge">⟦post:category⟧</span></body></html>`)
	for raw, want := range map[string]string{
		`{"slug":"a","category":"Pipe Types","language":"es"}`:      `>Tipos de tubería<`,
		`{"slug":"a","category":"Legal & Safety","language":"es"}`:  `>Legal y seguridad<`,
		`{"slug":"a","category":"Pipe Types","language":"en"}`:      `>Pipe Types<`,
		`{"slug":"a","category":"Pipe Types"}`:                      `>Pipe Types<`,
		`{"slug":"a","category":"Roots & <Trees>","language":"es"}`: `>Roots &amp; &lt;Trees&gt;<`,
	} {
		out, err := Article(tmpl, []byte(raw), nil, site)
		require.NoError(t, err)
		require.Contains(t, string(out), want, raw)
	}
}

// The Spanish category names are the app's: the resources area's es.po
// (context "article category") and SpanishCategories hold the same pairs.
func TestSpanishCategoriesAreTheAppsMessages(t *testing.T) {
	t.Parallel()
	po, err := os.ReadFile("../../../../web/src/locales/resources/es.po")
	require.NoError(t, err)
	got := map[string]string{}
	for _, entry := range strings.Split(string(po), "\n\n") {
		if !strings.Contains(entry, "msgctxt \"article category\"\n") {
			continue
		}
		var id, str string
		for _, line := range strings.Split(entry, "\n") {
			if v, ok := strings.CutPrefix(line, "msgid "); ok {
				id, err = strconv.Unquote(v)
				require.NoError(t, err, line)
			}
			if v, ok := strings.CutPrefix(line, "msgstr "); ok {
				str, err = strconv.Unquote(v)
				require.NoError(t, err, line)
			}
		}
		got[id] = str
	}
	require.Equal(t, got, SpanishCategories)
}

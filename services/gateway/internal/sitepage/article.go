package sitepage

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultHeroImage is the hero of a post without an image of its own (the
// app's DEFAULT_ARTICLE_IMAGE).
const DefaultHeroImage = "/images/article-default.svg"

// phoenix is America/Phoenix, which has kept UTC-7 all year since 1968:
// a fixed zone spares the binary the time-zone database.
var phoenix = time.FixedZone("MST", -7*60*60)

// Post is what a page needs of a post as GET /api/blog-posts/{slug}
// returns it.
type Post struct {
	Slug     string `json:"slug"`
	Title    string `json:"title"`
	Excerpt  string `json:"excerpt"`
	Category string `json:"category"`
	ImageURL string `json:"imageUrl"`
	// PublishedAt is kept as the API wrote it: the page shows that very
	// string in datetime attributes, as the app does.
	PublishedAt     string     `json:"publishedAt"`
	ReadTimeMinutes jsonInt    `json:"readTimeMinutes"`
	BodyHTML        string     `json:"bodyHtml"`
	HeroImage       *HeroImage `json:"heroImage"`
	// SeoTitle, SeoDescription and SocialImageURL are what search engines
	// and shared links show instead of the title, excerpt and hero image
	// (issue 28); empty means those.
	SeoTitle       string `json:"seoTitle"`
	SeoDescription string `json:"seoDescription"`
	SocialImageURL string `json:"socialImageUrl"`
	// Language is the post's: "es" for Spanish, English otherwise (issue 40).
	Language string `json:"language"`
	// Translations are its published versions in the other language.
	Translations []Translation `json:"translations"`
}

// Translation is a post's version in another language.
type Translation struct {
	Language string `json:"language"`
	Slug     string `json:"slug"`
}

// longDate is the post's date as its page writes it.
func (p Post) longDate() string {
	if p.Spanish() {
		return LongDateSpanish(p.PublishedAt)
	}
	return LongDate(p.PublishedAt)
}

// Spanish reports whether the post is written in Spanish.
func (p Post) Spanish() bool { return p.Language == "es" }

// ArticlePath is an article's address: /blog/{slug} in English,
// /es/blog/{slug} in Spanish (the app's articlePath).
func ArticlePath(slug string, spanish bool) string {
	if spanish {
		return "/es/blog/" + url.PathEscape(slug)
	}
	return "/blog/" + url.PathEscape(slug)
}

// Path is the post's own address.
func (p Post) Path() string { return ArticlePath(p.Slug, p.Spanish()) }

// twin is the post's published version in the other language, if any.
func (p Post) twin() (Translation, bool) {
	want := "es"
	if p.Spanish() {
		want = "en"
	}
	for _, t := range p.Translations {
		if t.Slug != "" && (t.Language == want || (want == "en" && t.Language == "")) {
			return t, true
		}
	}
	return Translation{}, false
}

// otherLanguageHref is where the article's language switch leads: its
// twin, or the other language's articles (the app's languageSwitchPath).
func (p Post) otherLanguageHref() string {
	if t, ok := p.twin(); ok {
		return ArticlePath(t.Slug, !p.Spanish())
	}
	if p.Spanish() {
		return "/resources"
	}
	return "/es/resources"
}

// HeroImage is the post's hero with its responsive sources.
type HeroImage struct {
	Src    string  `json:"src"`
	Srcset string  `json:"srcset"`
	Width  jsonInt `json:"width"`
	Height jsonInt `json:"height"`
}

// jsonInt reads a JSON number or a string holding one (protojson writes
// 64-bit integers as strings).
type jsonInt int64

func (n *jsonInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "null" || s == "" {
		*n = 0
		return nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("not an integer: %s", b)
	}
	*n = jsonInt(v)
	return nil
}

// hero is the post's hero image, or, before the content service sends
// one, its image URL (or the default) at the default image's size.
func (p Post) hero() HeroImage {
	if p.HeroImage != nil && p.HeroImage.Src != "" {
		return *p.HeroImage
	}
	src := p.ImageURL
	if src == "" {
		src = DefaultHeroImage
	}
	return HeroImage{Src: src, Srcset: src + " 1200w", Width: 1200, Height: 630}
}

// LongDate is an API timestamp as the app's formatLongDate writes it in
// America/Phoenix ("November 10, 2026"), or "" when it is not one.
func LongDate(apiTime string) string {
	t, err := time.Parse(time.RFC3339Nano, apiTime)
	if err != nil {
		return ""
	}
	return t.In(phoenix).Format("January 2, 2006")
}

var spanishMonths = [...]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
	"octubre", "noviembre", "diciembre"}

// LongDateSpanish is LongDate as a Spanish page writes it (the app's
// formatLongDate in es-US): "10 de noviembre de 2026".
func LongDateSpanish(apiTime string) string {
	t, err := time.Parse(time.RFC3339Nano, apiTime)
	if err != nil {
		return ""
	}
	t = t.In(phoenix)
	return fmt.Sprintf("%d de %s de %d", t.Day(), spanishMonths[t.Month()-1], t.Year())
}

// SpanishCategories are the Spanish names of the stored article
// categories, as the app shows them on /es/ pages (the resources area's
// es.po, context "article category"; a test reads that file to keep the
// two in step). A post's category is stored in English in both languages.
var SpanishCategories = map[string]string{
	"Cost Guide":     "Guía de costos",
	"Legal & Safety": "Legal y seguridad",
	"Maintenance":    "Mantenimiento",
	"Pipe Types":     "Tipos de tubería",
	"Prevention":     "Prevención",
	"Seasonal":       "De temporada",
	"Technology":     "Tecnología",
}

// categoryName is the post's category as its page writes it: a Spanish
// post's known category in Spanish, anything else as stored.
func (p Post) categoryName() string {
	if name, ok := SpanishCategories[p.Category]; ok && p.Spanish() {
		return name
	}
	return p.Category
}

// tokenPrefix starts every article token: ⟦post:NAME⟧.
const tokenPrefix, tokenEnd = "⟦post:", "⟧"

// tokens are the article template's fields and their values: escaped text,
// except the body, which the content service rendered and sanitised.
func (p Post) tokens() map[string]string {
	h := p.hero()
	e := html.EscapeString
	return map[string]string{
		"title": e(p.Title), "excerpt": e(p.Excerpt), "category": e(p.categoryName()),
		"date": e(p.longDate()), "publishedAt": e(p.PublishedAt),
		"readTime": strconv.FormatInt(int64(p.ReadTimeMinutes), 10),
		"heroSrc":  e(h.Src), "heroSrcset": e(h.Srcset),
		"heroWidth":  strconv.FormatInt(int64(h.Width), 10),
		"heroHeight": strconv.FormatInt(int64(h.Height), 10),
		"body":       p.BodyHTML,
		// The header's language switch (both article templates carry it).
		"otherLanguageHref": e(p.otherLanguageHref()),
	}
}

// tokenEdits fills every known ⟦post:NAME⟧ in doc; an unknown one stays.
func tokenEdits(doc []byte, values map[string]string) []edit {
	var edits []edit
	prefix, end := []byte(tokenPrefix), []byte(tokenEnd)
	for i := 0; ; {
		j := bytes.Index(doc[i:], prefix)
		if j < 0 {
			return edits
		}
		start := i + j
		i = start + len(prefix)
		k := bytes.Index(doc[i:], end)
		if k < 0 {
			return edits
		}
		if v, ok := values[string(doc[i:i+k])]; ok {
			i += k + len(end)
			edits = append(edits, edit{start: start, end: i, text: []byte(v)})
		}
	}
}

// Site is what an article's head says about the site.
type Site struct {
	// Origin is scheme://host[:port], without a trailing slash.
	Origin  string
	Company string
}

// head is the article's own title, description, canonical URL and Open
// Graph tags.
func (p Post) head(s Site) []byte {
	canonical := s.Origin + p.Path()
	title, description := cmp.Or(p.SeoTitle, p.Title), cmp.Or(p.SeoDescription, p.Excerpt)
	image := cmp.Or(p.SocialImageURL, p.ImageURL)
	if strings.HasPrefix(image, "/") {
		image = s.Origin + image
	}
	e := html.EscapeString
	var b bytes.Buffer
	fmt.Fprintf(&b, "<title>%s | %s</title>\n", e(title), e(s.Company))
	fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\">\n", e(description))
	fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\">\n", e(canonical))
	if t, ok := p.twin(); ok {
		// A translated article names both versions (x-default: the English one).
		en, es := canonical, s.Origin+ArticlePath(t.Slug, true)
		if p.Spanish() {
			en, es = s.Origin+ArticlePath(t.Slug, false), canonical
		}
		for _, alt := range [][2]string{{"en", en}, {"es", es}, {"x-default", en}} {
			fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"%s\" href=\"%s\">\n", alt[0], e(alt[1]))
		}
	}
	fmt.Fprintf(&b, "<meta property=\"og:type\" content=\"article\">\n<meta property=\"og:title\" content=\"%s\">\n", e(title))
	fmt.Fprintf(&b, "<meta property=\"og:description\" content=\"%s\">\n<meta property=\"og:url\" content=\"%s\">\n", e(description), e(canonical))
	fmt.Fprintf(&b, "<meta property=\"og:site_name\" content=\"%s\">\n", e(s.Company))
	locale := "en_US"
	if p.Spanish() {
		locale = "es_US"
	}
	fmt.Fprintf(&b, "<meta property=\"og:locale\" content=\"%s\">\n", locale)
	if image != "" {
		fmt.Fprintf(&b, "<meta property=\"og:image\" content=\"%s\">\n", e(image))
	}
	if t, err := time.Parse(time.RFC3339Nano, p.PublishedAt); err == nil {
		fmt.Fprintf(&b, "<meta property=\"article:published_time\" content=\"%s\">\n", t.UTC().Format(time.RFC3339))
	}
	return b.Bytes()
}

// Article fills a post into doc: the article template's ⟦post:…⟧ tokens
// (doc may also be the bare app shell, which has none), the post's own
// head tags in place of the build's, the editable texts when items is
// not nil with the page's items as the editable-content block (nil: they
// could not be read; the marks keep their defaults and no block is added), and the post exactly as the API
// returned it (rawPost) as the post-data block.
func Article(doc, rawPost []byte, items []Item, s Site) ([]byte, error) {
	var p Post
	if err := json.Unmarshal(rawPost, &p); err != nil {
		return nil, fmt.Errorf("read post: %w", err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, rawPost); err != nil {
		return nil, fmt.Errorf("read post: %w", err)
	}
	l := scan(doc)
	edits := tokenEdits(doc, p.tokens())
	for _, t := range l.seo {
		edits = append(edits, edit{start: t.start, end: t.end})
	}
	if l.headEnd >= 0 {
		edits = append(edits, edit{start: l.headEnd, end: l.headEnd, text: p.head(s)})
	}
	if items != nil {
		edits = append(edits, l.markEdits(items)...)
		edits = append(edits, l.blockEdit(EditableContentBlock, itemsBlock(l.pageItems(items))))
	}
	edits = append(edits, edit{start: l.bodyEnd, end: l.bodyEnd, text: dataBlock("post-data", compact.Bytes())})
	return apply(doc, edits), nil
}

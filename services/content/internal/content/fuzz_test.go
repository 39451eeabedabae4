package content

import (
	"testing"

	"github.com/valleytrenchless/site/internal/testkit/htmltest"
)

// FuzzSanitize feeds arbitrary staff input through the sanitiser as a post
// body (HTML or markdown), as HTML site text and as plain text. Nothing
// may panic; sanitised HTML must hold nothing a browser could run; plain
// text must hold no tag, however deeply it was escaped; and sanitising
// again must change nothing more.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{
		`<p>Roots <strong>in</strong> the <a href="/services/cipp-lining">line</a></p>`,
		`<img src=x onerror=alert(1)><script>alert(1)</script>`,
		`<a href="java&#x09;script:alert(1)">x</a><svg><a xlink:href="javascript:1">y</a></svg>`,
		`<scr<script></script>ipt>alert(1)</script>`,
		"## Heading\n\n[click](javascript:alert(1)) and <b onclick=x>bold</b>\n\n| a | b |\n|---|---|\n| 1 | 2 |",
		`&lt;b&gt;escaped&lt;/b&gt;`,
		`&amp;amp;amp;lt;img src=x onerror=alert(1)&amp;amp;amp;gt;&amp;amp;amp;lt;script&amp;amp;amp;gt;alert(1)`,
		`&#x26;#60;b&#38;GT;x&amp;lt/b&AMP;gt 5 < 6 AT&T`,
		`<table><tr><td colspan="2" style="x">c</td></tr></table><img src="https://example.com/a.jpg" width="10">`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, out := range map[string]string{"html": SanitizeHTML(s), "body": SanitizeBody(s)} {
			if name == "body" && !IsHTML(s) {
				continue // markdown keeps its own syntax; the renderer's fuzz target checks what it becomes
			}
			if bad := htmltest.Unsafe(out); len(bad) > 0 {
				t.Fatalf("%s: sanitised %q to %q, which holds %v", name, s, out, bad)
			}
			if again := SanitizeHTML(out); again != out {
				t.Fatalf("%s: sanitising %q twice changed it:\n%q\n%q", name, s, out, again)
			}
		}
		if md := sanitizeMarkdown(s); sanitizeMarkdown(md) != md {
			t.Fatalf("markdown sanitising %q is not stable: %q", s, md)
		}
		plain := PlainText(s)
		if bad := htmltest.Unsafe(plain); len(bad) > 0 {
			t.Fatalf("plain text %q of %q holds %v", plain, s, bad)
		}
		if tags := tagsIn(plain); len(tags) > 0 {
			t.Fatalf("plain text %q of %q holds the tags %q", plain, s, tags)
		}
		if again := PlainText(plain); again != plain {
			t.Fatalf("plain text of %q is not a fixed point:\n%q\n%q", s, plain, again)
		}
	})
}

package render

import (
	"strings"
	"testing"

	"github.com/valleytrenchless/site/internal/testkit/htmltest"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// FuzzRender renders arbitrary post bodies as the site does: the body as
// stored (sanitised on save) through the one renderer, markdown or HTML.
// Nothing may panic, the HTML must hold nothing a browser could run, and
// markdown output must hold only the renderer's own markup (every
// character of the source escaped).
func FuzzRender(f *testing.F) {
	for _, s := range []string{
		"## Why pipes fail\n\nRoots **love** clay. See [our guide](/blog/clay) or [call](tel:+16025550142).\n\n- one\n- two\n\n1. first\n2) second\n\n---\n",
		"| Method | Cost |\n|---|---:|\n| CIPP | $$ |\n| Dig | $$$ |\n",
		"[x](javascript:alert(1)) [y](java\tscript:1) [z](&#x6a;avascript:1) <script>alert(1)</script> __b__ *i* _j_",
		`<p>Hi <img src="/media/abc/960.jpg" onerror="x"> <a href="javascript:1">x</a></p><table><tr><td>1</td></tr></table>`,
		"# Title #\n\nline one\nline two\r\nline three",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		stored := content.SanitizeBody(s)
		out := Body(stored, nil)
		if bad := htmltest.Unsafe(out); len(bad) > 0 {
			t.Fatalf("rendered %q (stored as %q) to %q, which holds %v", s, stored, out, bad)
		}
		if !content.IsHTML(stored) {
			md := Markdown(s)
			for _, tag := range []string{"<script", "<img", "<iframe", "<svg", "<style", "<object"} {
				if strings.Contains(strings.ToLower(md), tag) {
					t.Fatalf("markdown %q rendered raw markup %s: %q", s, tag, md)
				}
			}
			if bad := htmltest.Unsafe(md); len(bad) > 0 {
				t.Fatalf("markdown %q rendered to %q, which holds %v", s, md, bad)
			}
		}
	})
}

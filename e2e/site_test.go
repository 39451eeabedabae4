package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSiteFillsPagesFromTheContentService runs the site against the real
// content service: pages carry the current editable texts and change when
// staff edit them (content.changed), an article's post-data block is the
// post exactly as the API answers it, and a scheduled post reaches its
// article, the sitemap and the feed when its time comes, not before.
func TestSiteFillsPagesFromTheContentService(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	for name, body := range map[string]string{
		"index.html": `<!doctype html><html lang="en"><head><title>Home</title></head><body><div id="root">` +
			`<h1 data-ec="hero.title">Built default</h1></div></body></html>`,
		"404.html": `<!doctype html><html><head><title>Not found</title></head><body><div id="root"></div></body></html>`,
		"app.html": `<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>`,
		"_article.html": `<!doctype html><html><head><title>⟦post:title⟧</title></head><body><div id="root">` +
			`<article><h1>⟦post:title⟧</h1><div>⟦post:body⟧</div></article></div></body></html>`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(web, name), []byte(body), 0o644))
	}
	st := startStack(t, "GATEWAY_WEB_DIR="+web) // the last GATEWAY_WEB_DIR wins
	staff := signedInStaff(t, st)
	anon := newClient(t, st.base)
	page := func(path string) (int, string) {
		code, b, _ := anon.do("GET", path, "", nil)
		return code, string(b)
	}

	// The seeded headline, filled in; then staff's edit, once announced.
	code, home := page("/")
	require.Equal(t, 200, code)
	require.Contains(t, home, `<h1 data-ec="hero.title">Trenchless Drain &amp; Sewer Repair Across the Phoenix Valley</h1>`)
	code, item := staff.json("PUT", "/api/admin/editable-content/hero.title", map[string]string{"content": "Sewer Repair Without the Trench"})
	require.Equal(t, 200, code, "%v", item)
	waitFor(t, "the edited headline on the home page", 10*time.Second, func() bool {
		_, home := page("/")
		return strings.Contains(home, `<h1 data-ec="hero.title">Sewer Repair Without the Trench</h1>`)
	})

	// The post-data block is the API's answer, byte for byte (compacted
	// and escaped for a script element).
	code, article := page("/blog/orangeburg-pipe-guide")
	require.Equal(t, 200, code)
	code, api, _ := anon.do("GET", "/api/blog-posts/orangeburg-pipe-guide", "", nil)
	require.Equal(t, 200, code)
	var want bytes.Buffer
	require.NoError(t, json.Compact(&want, api))
	var escaped bytes.Buffer
	json.HTMLEscape(&escaped, want.Bytes())
	block := regexp.MustCompile(`<script type="application/json" id="post-data">(.*?)</script>`).FindStringSubmatch(article)
	require.NotNil(t, block, article)
	require.Equal(t, escaped.String(), block[1])

	// A post scheduled an hour ahead is nowhere public.
	code, created := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Monsoon Season and Your Sewer", "slug": "monsoon-season-and-your-sewer", "excerpt": "Storm water finds every crack.",
		"content": "Storm water finds every crack.", "isPublished": true, "publishedAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339),
	})
	require.Equal(t, 200, code, "%v", created)
	code, _ = page("/blog/monsoon-season-and-your-sewer")
	require.Equal(t, 404, code)
	_, sitemap := page("/sitemap.xml")
	require.Contains(t, sitemap, "/blog/orangeburg-pipe-guide</loc>")
	require.NotContains(t, sitemap, "monsoon-season-and-your-sewer")
	_, feed := page("/blog/rss.xml")
	require.NotContains(t, feed, "Monsoon Season and Your Sewer")

	// Moved to a moment from now, it goes live by itself: the content
	// service announces it, and the site follows.
	post := map[string]any{}
	for _, k := range []string{"title", "slug", "excerpt", "content", "isPublished"} {
		post[k] = created[k]
	}
	post["publishedAt"] = time.Now().Add(2 * time.Second).UTC().Format(time.RFC3339Nano)
	code, updated := staff.json("PUT", "/api/admin/blog-posts/"+created["id"].(string), post)
	require.Equal(t, 200, code, "%v", updated)
	waitFor(t, "the scheduled post's article", 20*time.Second, func() bool {
		code, _ := page("/blog/monsoon-season-and-your-sewer")
		return code == 200
	})
	_, article = page("/blog/monsoon-season-and-your-sewer")
	require.Contains(t, article, "<h1>Monsoon Season and Your Sewer</h1>")
	waitFor(t, "the scheduled post in the sitemap and the feed", 20*time.Second, func() bool {
		_, sitemap := page("/sitemap.xml")
		_, feed := page("/blog/rss.xml")
		return strings.Contains(sitemap, "/blog/monsoon-season-and-your-sewer</loc>") &&
			strings.Contains(feed, "<title>Monsoon Season and Your Sewer</title>")
	})
}

package e2e

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Issue 40 item 4: the Spanish edition's pages carry the Spanish texts. A
// prerendered Spanish page (the build's Spanish in its marks and its own
// data block) is served with the content service's current Spanish, an
// English text standing in where a text has none; a Spanish text staff
// save through the API shows on the Spanish page within 3 s and leaves the
// English page alone, and the audit log has it like an English edit.
func TestASpanishTextEditedByStaffShowsOnTheSpanishPage(t *testing.T) {
	t.Parallel()
	web := t.TempDir()
	const esBlock = `<script type="application/json" id="editable-content">` +
		`[{"contentKey":"hero.title","content":"Texto de la compilación","contentType":"text","locale":"es"}]</script>`
	for name, body := range map[string]string{
		"index.html": `<!doctype html><html lang="en"><head><title>Home</title></head><body><div id="root">` +
			`<h1 data-ec="hero.title">Built default</h1></div></body></html>`,
		"es/index.html": `<!doctype html><html lang="es"><head><title>Inicio</title></head><body><div id="root">` +
			`<h1 data-ec="hero.title">Texto de la compilación</h1><p data-ec="promo.title">Promo</p></div>` + esBlock + "\n  </body></html>",
		"404.html":      `<!doctype html><html><head><title>Not found</title></head><body><div id="root"></div></body></html>`,
		"es/404.html":   `<!doctype html><html lang="es"><head><title>No encontrada</title></head><body><div id="root"></div></body></html>`,
		"app.html":      `<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>`,
		"_article.html": `<!doctype html><html><head><title>⟦post:title⟧</title></head><body><div id="root"><div>⟦post:body⟧</div></div></body></html>`,
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(web, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(web, name), []byte(body), 0o644))
	}
	st := startStack(t, "GATEWAY_WEB_DIR="+web)
	const pw = "correct horse battery staple"
	createStaffWithRole(t, st, "olive@valleytrenchless.example", pw, "owner")
	owner := newClient(t, st.base)
	code, out := owner.json("POST", "/api/login", map[string]string{"username": "olive@valleytrenchless.example", "password": pw})
	require.Equal(t, 200, code, "%v", out)
	anon := newClient(t, st.base)
	page := func(path string) string {
		code, b, _ := anon.do("GET", path, "", nil)
		require.Equal(t, 200, code, path)
		return string(b)
	}

	// A text without Spanish: the Spanish page shows its English.
	code, out = owner.json("POST", "/api/admin/editable-content", map[string]any{
		"contentKey": "promo.title", "content": "Spring special", "contentType": "text", "category": "homepage",
	})
	require.Equal(t, 200, code, "%v", out)
	require.Nil(t, out["contentEs"])

	// The seed's Spanish, filled in place of the build's, with one data block.
	var es string
	waitFor(t, "the Spanish page with the new text", 10*time.Second, func() bool {
		es = page("/es/")
		return strings.Contains(es, `<p data-ec="promo.title">Spring special</p>`)
	})
	require.Contains(t, es, `<h1 data-ec="hero.title">Reparación de drenaje y alcantarillado sin excavar en todo el Valle de Phoenix</h1>`)
	require.Equal(t, 1, strings.Count(es, `id="editable-content"`), es)
	require.NotContains(t, es, "Texto de la compilación")
	require.Contains(t, es, `{"contentKey":"promo.title","content":"Spring special","contentType":"text","locale":"en","fallback":true}`)
	require.Equal(t, es, page("/es"), "/es and /es/ are one page")
	require.Contains(t, page("/"), `<h1 data-ec="hero.title">Trenchless Drain &amp; Sewer Repair Across the Phoenix Valley</h1>`)

	// Staff save the Spanish headline (as edit mode on /es/ does): on the
	// Spanish page within 3 s; the English page keeps its English.
	items := decodeList(t, func() []byte {
		code, raw, _ := anon.do("GET", "/api/editable-content?locale=es", "", nil)
		require.Equal(t, 200, code)
		return raw
	}())
	var base any
	for _, it := range items {
		if it["contentKey"] == "hero.title" {
			require.Equal(t, "es", it["locale"])
			base = it["version"]
		}
	}
	require.NotNil(t, base)
	saved := time.Now()
	code, out = owner.json("PUT", "/api/admin/editable-content/hero.title", map[string]any{
		"content": "Reparación de drenajes en un solo día", "baseVersion": base, "locale": "es",
	})
	require.Equal(t, 200, code, "%v", out)
	require.Equal(t, "Reparación de drenajes en un solo día", out["contentEs"])
	require.Equal(t, "Trenchless Drain & Sewer Repair Across the Phoenix Valley", out["content"])
	waitFor(t, "the Spanish edit on /es/", 3*time.Second, func() bool {
		return strings.Contains(page("/es/"), `<h1 data-ec="hero.title">Reparación de drenajes en un solo día</h1>`)
	})
	t.Logf("the Spanish edit showed on /es/ %s after the save", time.Since(saved).Round(time.Millisecond))
	require.Contains(t, page("/"), `<h1 data-ec="hero.title">Trenchless Drain &amp; Sewer Repair Across the Phoenix Valley</h1>`)

	// The same version again is refused: conflicts are per language.
	code, out = owner.json("PUT", "/api/admin/editable-content/hero.title", map[string]any{
		"content": "Otro título", "baseVersion": base, "locale": "es",
	})
	require.Equal(t, 409, code, "%v", out)

	// The log has the edit (and the refusal, newest).
	var done, refused map[string]any
	waitFor(t, "the Spanish edit in the audit log", 10*time.Second, func() bool {
		entries, _ := auditEntries(t, owner, url.Values{"kind": {"text.update"}})
		done, refused = nil, nil
		for _, e := range entries {
			if e["target"] == "hero.title" && e["status"] == float64(200) && done == nil {
				done = e
			}
			if e["target"] == "hero.title" && e["status"] == float64(409) && refused == nil {
				refused = e
			}
		}
		return done != nil && refused != nil
	})
	changes := done["changes"].(map[string]any)
	require.Equal(t, map[string]any{"before": "Reparación de drenaje y alcantarillado sin excavar en todo el Valle de Phoenix",
		"after": "Reparación de drenajes en un solo día"}, changes["contentEs"])
	require.NotContains(t, changes, "content", "the English text did not change")
}

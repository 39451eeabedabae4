package site

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/gateway/internal/sitepage"
)

// esHomeHTML is a Spanish page as the build writes it (issue 40): the
// seed's Spanish in the marks and its editable-content block already there.
const esHomeHTML = `<!doctype html><html lang="es"><head><meta charset="UTF-8"><title>Inicio</title></head>` +
	`<body><div id="root"><h1 data-ec="home.hero.title">Reparación de drenajes sin excavar</h1>` +
	`<div data-ec="home.about.body"><p>Empresa familiar.</p></div></div>` +
	`<script type="module" src="/assets/index-1.js"></script>` +
	`<script type="application/json" id="editable-content">[{"contentKey":"home.hero.title","content":"Reparación de drenajes sin excavar","contentType":"text","locale":"es"}]</script>` +
	"\n  </body></html>"

// A Spanish page is filled with the Spanish texts, an item without one
// with its English text (said in the block), in place of the block the
// build wrote; English pages keep English, each language is kept apart,
// and a change (a Spanish edit announced by content.changed) drops both.
func TestSpanishPagesAreFilledInSpanish(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	api.es = map[string]string{"home.hero.title": "Reparación de alcantarillado sin zanjas"}
	files := defaultFiles()
	files["es/index.html"] = esHomeHTML
	e := newTestSite(t, api, files, Options{})
	ctx := context.Background()
	esFile := filepath.Join(e.dir, "es", "index.html")
	require.Equal(t, spanish, e.fileLocale(esFile))
	require.Equal(t, english, e.fileLocale(filepath.Join(e.dir, "index.html")))
	require.Equal(t, english, e.fileLocale(filepath.Join(e.dir, "escape", "index.html")))

	es, err := e.filledPage(ctx, esFile)
	require.NoError(t, err)
	body := string(es.For("").Body)
	require.Contains(t, body, `<h1 data-ec="home.hero.title">Reparación de alcantarillado sin zanjas</h1>`)
	require.Contains(t, body, `<div data-ec="home.about.body"><p>Family-run since 1998.</p></div>`, "no Spanish: the English text")
	require.Equal(t, 1, strings.Count(body, `id="editable-content"`), "the build's block is replaced, not joined by a second")
	require.Contains(t, body, `{"contentKey":"home.hero.title","content":"Reparación de alcantarillado sin zanjas","contentType":"text","locale":"es"}`)
	require.Contains(t, body, `{"contentKey":"home.about.body","content":"\u003cp\u003eFamily-run since 1998.\u003c/p\u003e","contentType":"html","locale":"en","fallback":true}`)
	require.NotContains(t, body, "Reparación de drenajes sin excavar", "nothing of the build's texts is left")
	require.True(t, strings.HasSuffix(body, "</script>\n  </body></html>"), "the block where the build put it")

	home := get(e, "GET", "/")
	require.Contains(t, home.body, `<h1 data-ec="home.hero.title">Sewer repair without the trench</h1>`)
	require.Contains(t, home.body, `{"contentKey":"home.hero.title","content":"Sewer repair without the trench","contentType":"text"}`, "English items say nothing of languages")
	require.Equal(t, 1, api.callsTo("ListEditableContent?locale=es"))
	require.Equal(t, 1, api.callsTo("ListEditableContent?locale=en"))

	// Kept: neither language is read again.
	again, err := e.filledPage(ctx, esFile)
	require.NoError(t, err)
	require.Same(t, es, again)
	get(e, "GET", "/")
	require.Equal(t, 2, api.callsTo("ListEditableContent"))

	// A Spanish edit, announced: the Spanish page shows it; the English one
	// is read again too (one event drops every language).
	api.set(func(a *contentServer) {
		a.es["home.hero.title"] = "Drenajes reparados en un día"
		a.es["home.about.body"] = "<p>Negocio familiar desde 1998.</p>"
	})
	e.Invalidate()
	es, err = e.filledPage(ctx, esFile)
	require.NoError(t, err)
	body = string(es.For("").Body)
	require.Contains(t, body, `<h1 data-ec="home.hero.title">Drenajes reparados en un día</h1>`)
	require.Contains(t, body, `<div data-ec="home.about.body"><p>Negocio familiar desde 1998.</p></div>`)
	require.Contains(t, body, `{"contentKey":"home.about.body","content":"\u003cp\u003eNegocio familiar desde 1998.\u003c/p\u003e","contentType":"html","locale":"es"}`)
	require.Equal(t, 2, api.callsTo("ListEditableContent?locale=es"))
	require.Contains(t, get(e, "GET", "/").body, "Sewer repair without the trench")
	require.Equal(t, 2, api.callsTo("ListEditableContent?locale=en"))

	// The refill after a change fills the Spanish page again in Spanish.
	e.Invalidate()
	require.NoError(t, e.Refill(ctx))
	kept, ok := e.pages.files.Peek(esFile)
	require.True(t, ok, "refilled")
	require.Contains(t, string(kept.For("").Body), "Drenajes reparados en un día")

	// The texts unavailable: the page as the build wrote it, its own block
	// and all (what the app shows without the current texts).
	api.set(func(a *contentServer) { a.textsDown = true })
	e.Invalidate()
	down, err := e.filledPage(ctx, esFile)
	require.NoError(t, err)
	require.Equal(t, string(sitepage.Fill([]byte(esHomeHTML), nil)), string(down.For("").Body))
}

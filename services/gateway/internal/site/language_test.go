package site

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// spanishFiles is a prerendered build with a few Spanish twins (issue 40).
func spanishFiles() map[string]string {
	f := defaultFiles()
	f["es/index.html"] = `<!doctype html><html lang="es"><body><h1>Reparación sin zanja</h1></body></html>`
	f["es/contact/index.html"] = `<!doctype html><html lang="es"><body><h1>Contacto</h1></body></html>`
	f["es/404.html"] = `<!doctype html><html lang="es"><body><h1>Página no encontrada</h1></body></html>`
	return f
}

func TestSpanishPagesAndTheirNotFound(t *testing.T) {
	t.Parallel()
	e := newTestSite(t, newContentServer(), spanishFiles(), Options{})
	for _, p := range []string{"/es", "/es/"} {
		r := get(e, "GET", p)
		require.Equal(t, 200, r.code, p)
		require.Contains(t, r.body, "Reparación sin zanja", p)
	}
	require.NotNil(t, e.Ready("/es/"), "the Spanish home's own address is in the fast lane's table once filled")
	require.Contains(t, get(e, "GET", "/es/contact").body, "Contacto")

	nf := get(e, "GET", "/es/no-such-page")
	require.Equal(t, 404, nf.code)
	require.Contains(t, nf.body, "Página no encontrada", "an unknown Spanish address gets the Spanish not-found page")
	require.Equal(t, "noindex", nf.header.Get("X-Robots-Tag"))
	require.Equal(t, 404, get(e, "GET", "/es/phoenix").code, "a Spanish twin the build lacks is not a page")
	require.Contains(t, get(e, "GET", "/no-such-page").body, "That page is not here", "English stays English")
	require.Contains(t, get(e, "GET", "/estimate").body, "That page is not here", "only /es and /es/… are Spanish")
}

func TestOnlyAChosenLanguageSendsTheHomePageToSpanish(t *testing.T) {
	t.Parallel()
	e := newTestSite(t, newContentServer(), spanishFiles(), Options{})

	chose := get(e, "GET", "/", "Cookie", LanguageCookie+"=es")
	require.Equal(t, 302, chose.code)
	require.Equal(t, "/es/", chose.header.Get("Location"))
	require.Contains(t, chose.header.Values("Vary"), "Cookie")
	require.Equal(t, "private, no-cache", chose.header.Get("Cache-Control"))

	// Search engines and everyone else: never redirected by Accept-Language.
	crawler := get(e, "GET", "/", "Accept-Language", "es-MX,es;q=0.9")
	require.Equal(t, 200, crawler.code)
	require.Contains(t, crawler.body, "Sewer repair without the trench")
	require.Equal(t, 200, get(e, "GET", "/", "Cookie", LanguageCookie+"=en").code)
	// Only the home page: a chosen language never moves an address someone asked for.
	require.Equal(t, 200, get(e, "GET", "/contact", "Cookie", LanguageCookie+"=es").code)
	require.Equal(t, 200, get(e, "GET", "/es/", "Cookie", LanguageCookie+"=en").code)
}

func TestSitemapPairsEachPageWithItsSpanishTwin(t *testing.T) {
	t.Parallel()
	e := newTestSite(t, newContentServer(), spanishFiles(), Options{})
	r := get(e, "GET", "/sitemap.xml")
	require.Equal(t, 200, r.code)
	require.Contains(t, r.body, `xmlns:xhtml="http://www.w3.org/1999/xhtml"`)

	var doc struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				Rel      string `xml:"rel,attr"`
				HrefLang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"http://www.w3.org/1999/xhtml link"`
		} `xml:"url"`
	}
	require.NoError(t, xml.Unmarshal([]byte(r.body), &doc))
	alternates := map[string]map[string]string{}
	for _, u := range doc.URLs {
		if strings.Contains(u.Loc, "/blog/") {
			continue
		}
		alternates[u.Loc] = map[string]string{}
		for _, l := range u.Links {
			require.Equal(t, "alternate", l.Rel)
			alternates[u.Loc][l.HrefLang] = l.Href
		}
	}
	home, homeES, contact, contactES := testOrigin+"/", testOrigin+"/es/", testOrigin+"/contact", testOrigin+"/es/contact"
	for _, pair := range [][2]string{{home, homeES}, {contact, contactES}} {
		en, es := pair[0], pair[1]
		want := map[string]string{"en": en, "es": es, "x-default": en}
		require.Equal(t, want, alternates[en], en)
		require.Equal(t, want, alternates[es], "reciprocal: %s names the same pair", es)
	}
	require.NotContains(t, alternates, testOrigin+"/es/phoenix", "a twin the build lacks is not listed")
}

// spanishArticleTemplate stands for dist/es/_article.html: the Spanish
// frame, the language switch's token.
const spanishArticleTemplate = `<!doctype html><html lang="es"><head><title>⟦post:title⟧</title></head><body><div id="root">` +
	`<a href="⟦post:otherLanguageHref⟧" hreflang="en">English</a><article><h1>⟦post:title⟧</h1>` +
	`<time dateTime="⟦post:publishedAt⟧">⟦post:date⟧</time><div>⟦post:body⟧</div></article></div></body></html>`

func TestSpanishArticlesLiveAtTheirOwnAddressWithTheirTwin(t *testing.T) {
	t.Parallel()
	api := newContentServer()
	api.set(func(a *contentServer) {
		en := a.posts["roots-in-pipes"]
		en.Language = "en"
		en.Translations = []*contentv1.PostTranslation{{Language: "es", Slug: "raices-en-tuberias", IsPublished: true}}
		a.posts["raices-en-tuberias"] = &contentv1.Post{Id: "5b1c7f0e-3d2a-4c57-9a44-1f1e9d6c2b11", Slug: "raices-en-tuberias",
			Title: "Raíces en las tuberías", Excerpt: "Por qué las raíces encuentran sus tuberías.", BodyHtml: "<p>Las raíces crecen.</p>",
			PublishedAt: en.PublishedAt, Language: "es", IsPublished: true,
			Translations: []*contentv1.PostTranslation{{Language: "en", Slug: "roots-in-pipes", IsPublished: true}}}
		a.posts["solo-en-espanol"] = &contentv1.Post{Slug: "solo-en-espanol", Title: "Solo en español", PublishedAt: en.PublishedAt, Language: "es", IsPublished: true}
	})
	files := spanishFiles()
	files["_article.html"] = `<!doctype html><html lang="en"><head><title>⟦post:title⟧</title></head><body><div id="root">` +
		`<a href="⟦post:otherLanguageHref⟧" hreflang="es">Español</a><h1>⟦post:title⟧</h1><time>⟦post:date⟧</time></div></body></html>`
	files["es/_article.html"] = spanishArticleTemplate
	e := newTestSite(t, api, files, Options{})

	es := get(e, "GET", "/es/blog/raices-en-tuberias")
	require.Equal(t, 200, es.code)
	require.Contains(t, es.body, `<html lang="es">`, "the Spanish article template")
	require.Contains(t, es.body, `<time dateTime="2026-11-11T05:30:00Z">10 de noviembre de 2026</time>`, "the date as a Spanish page writes it")
	require.Contains(t, es.body, `<a href="/blog/roots-in-pipes" hreflang="en">`, "the switch leads to the English version")
	require.Contains(t, es.body, `<link rel="canonical" href="`+testOrigin+`/es/blog/raices-en-tuberias">`)
	require.Contains(t, es.body, `<meta property="og:locale" content="es_US">`)
	pair := `<link rel="alternate" hreflang="en" href="` + testOrigin + `/blog/roots-in-pipes">` + "\n" +
		`<link rel="alternate" hreflang="es" href="` + testOrigin + `/es/blog/raices-en-tuberias">` + "\n" +
		`<link rel="alternate" hreflang="x-default" href="` + testOrigin + `/blog/roots-in-pipes">`
	require.Contains(t, es.body, pair)
	require.NotContains(t, es.body, "⟦")

	en := get(e, "GET", "/blog/roots-in-pipes")
	require.Equal(t, 200, en.code)
	require.Contains(t, en.body, pair, "reciprocal")
	require.Contains(t, en.body, `<a href="/es/blog/raices-en-tuberias" hreflang="es">`)
	require.NotContains(t, en.body, "⟦")

	// Without a twin: no alternates, and the switch leads to the other language's articles.
	only := get(e, "GET", "/es/blog/solo-en-espanol")
	require.Equal(t, 200, only.code)
	require.Contains(t, only.body, `<a href="/resources" hreflang="en">`)
	require.NotContains(t, only.body, `hreflang="x-default"`)

	// The other language's address sends to the post's own, also once the page is kept.
	for _, c := range [][2]string{{"/blog/raices-en-tuberias", "/es/blog/raices-en-tuberias"}, {"/es/blog/roots-in-pipes", "/blog/roots-in-pipes"}} {
		r := get(e, "GET", c[0])
		require.Equal(t, 301, r.code, c[0])
		require.Equal(t, c[1], r.header.Get("Location"), c[0])
		require.Nil(t, e.Ready(c[0]), "the fast lane never answers %s with the other address's page", c[0])
	}
	require.NotNil(t, e.Ready("/es/blog/raices-en-tuberias"))
	require.Equal(t, 404, get(e, "GET", "/es/blog/no-such-post").code)

	// The sitemap: each version at its address, a translated pair naming both.
	sm := get(e, "GET", "/sitemap.xml").body
	require.Contains(t, sm, "<loc>"+testOrigin+"/es/blog/raices-en-tuberias</loc>")
	require.Contains(t, sm, "<loc>"+testOrigin+"/es/blog/solo-en-espanol</loc>")
	require.NotContains(t, sm, "<loc>"+testOrigin+"/blog/raices-en-tuberias</loc>")
	entry := sm[strings.Index(sm, "<loc>"+testOrigin+"/es/blog/raices-en-tuberias</loc>"):]
	entry = entry[:strings.Index(entry, "</url>")]
	require.Contains(t, entry, `hreflang="en" href="`+testOrigin+`/blog/roots-in-pipes"`)
	require.Contains(t, entry, `hreflang="x-default" href="`+testOrigin+`/blog/roots-in-pipes"`)
}

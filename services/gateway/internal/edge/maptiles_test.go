package edge

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// osmTiles is the gateway's default street map.
func osmTiles(t testing.TB) MapTiles {
	t.Helper()
	tiles, err := ParseMapTiles("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "© OpenStreetMap contributors")
	require.NoError(t, err)
	return tiles
}

func TestParseMapTilesDerivesTheCSPSource(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ url, source string }{
		"the default":               {"https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"},
		"a port is kept":            {"http://127.0.0.1:8089/tiles/{z}/{x}/{y}.png", "http://127.0.0.1:8089"},
		"scheme and host lowercase": {"HTTPS://Tiles.Example.COM/{z}/{x}/{y}.png", "https://tiles.example.com"},
		"a {s} subdomain is a wildcard": {
			"https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png", "https://*.basemaps.cartocdn.com",
		},
		"a query (an API key) is kept out of the CSP": {
			"https://tiles.example.com/v1/{z}/{x}/{-y}.png?key=public-123", "https://tiles.example.com",
		},
		"surrounding space is ignored": {"  https://tiles.example.com/{z}/{x}/{y}.png\n", "https://tiles.example.com"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tiles, err := ParseMapTiles(c.url, "  © Example Maps ")
			require.NoError(t, err)
			require.Equal(t, c.source, tiles.Source())
			require.Equal(t, strings.TrimSpace(c.url), tiles.URL, "the app gets the template as configured")
			require.Equal(t, "© Example Maps", tiles.Attribution)
		})
	}
}

func TestParseMapTilesRefusesWhatLeafletOrTheCSPCannotUse(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ url, attribution, says string }{
		"no scheme":           {"tile.openstreetmap.org/{z}/{x}/{y}.png", "©", "must start with https://"},
		"another scheme":      {"ftp://tiles.example.com/{z}/{x}/{y}.png", "©", "must start with https://"},
		"no host":             {"https:///{z}/{x}/{y}.png", "©", "has no host"},
		"no zoom":             {"https://tiles.example.com/{x}/{y}.png", "©", "has no {z}"},
		"no y":                {"https://tiles.example.com/{z}/{x}.png", "©", "has no {y}"},
		"unknown placeholder": {"https://tiles.example.com/{z}/{x}/{y}.png?style={style}", "©", "unknown placeholder {style}"},
		"{s} inside the host": {"https://tiles.{s}.example.com/{z}/{x}/{y}.png", "©", "{s} may only be the first label"},
		"credentials":         {"https://user:secret@tiles.example.com/{z}/{x}/{y}.png", "©", "user name or password"},
		"a fragment":          {"https://tiles.example.com/{z}/{x}/{y}.png#top", "©", "#fragment"},
		"a space in the host": {"https://tiles example.com/{z}/{x}/{y}.png", "©", "is not a URL"},
		"no attribution":      {"https://tiles.example.com/{z}/{x}/{y}.png", "  ", "attribution is required"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := ParseMapTiles(c.url, c.attribution)
			require.ErrorContains(t, err, c.says)
		})
	}
}

func TestNoStreetMap(t *testing.T) {
	t.Parallel()
	tiles, err := ParseMapTiles("", "")
	require.NoError(t, err)
	require.Empty(t, tiles.Source())
	require.Nil(t, tiles.block())
	require.Contains(t, CSPOptions{MapTiles: tiles}.ContentSecurityPolicy(), "img-src 'self' data: blob:; ")
}

func TestCSPAdmitsImagesFromTheTileHostOnly(t *testing.T) {
	t.Parallel()
	csp := CSPOptions{MapTiles: osmTiles(t)}.ContentSecurityPolicy()
	require.Contains(t, csp, "img-src 'self' data: blob: https://tile.openstreetmap.org; ")
	require.Contains(t, csp, "connect-src 'self'; ")
	require.Equal(t, 1, strings.Count(csp, "openstreetmap"), "the tile host may serve images, nothing else")
}

// TestEveryPageCarriesTheMapTiles: the edge hands its street map to the
// site, which adds it to every page it serves (site's own tests check the
// block's escaping and its absence without a street map).
func TestEveryPageCarriesTheMapTiles(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, false)
	const block = `<script type="application/json" id="map-tiles">{"url":"https://tile.openstreetmap.org/{z}/{x}/{y}.png",` +
		`"attribution":"© OpenStreetMap contributors"}</script>`
	for _, path := range []string{"/", "/no-such-page", "/admin"} {
		resp, err := http.Get(e.srv.URL + path)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, 1, strings.Count(string(body), block), "%s: %s", path, body)
	}
}

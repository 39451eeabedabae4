package edge

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// MapTiles is the street map under the risk map: a tile URL template and
// the attribution its provider requires. The CSP admits exactly the
// template's scheme, host and port for images, and every page the site
// serves carries both in its map-tiles data block (the app may reach the
// map from any page without loading another), so a new provider needs a
// restart, not a rebuild. The zero value is no street map.
type MapTiles struct {
	URL         string `json:"url"`
	Attribution string `json:"attribution"`
	// source is the CSP source for the tiles: scheme://host[:port], with
	// a {s} subdomain as a wildcard.
	source string
}

// tilePlaceholder is a {…} in a tile URL template; Leaflet fills these
// and throws on any other.
var tilePlaceholder = regexp.MustCompile(`\{[^{}]*\}`)

var tilePlaceholders = map[string]bool{"{s}": true, "{z}": true, "{x}": true, "{y}": true, "{-y}": true, "{r}": true}

// ParseMapTiles checks a tile URL template as Leaflet reads it (an
// absolute http or https URL with {z}, {x} and {y}; {s} only as the whole
// first label of the host; {r} and {-y} allowed) and its attribution,
// which is plain text and may not be empty while there is a street map.
// An empty URL is no street map.
func ParseMapTiles(rawURL, attribution string) (MapTiles, error) {
	rawURL, attribution = strings.TrimSpace(rawURL), strings.TrimSpace(attribution)
	if rawURL == "" {
		return MapTiles{}, nil
	}
	for _, p := range tilePlaceholder.FindAllString(rawURL, -1) {
		if !tilePlaceholders[p] {
			return MapTiles{}, fmt.Errorf("tile URL %q: unknown placeholder %s (use {z}, {x}, {y}, {s}, {r} or {-y})", rawURL, p)
		}
	}
	for _, p := range []string{"{z}", "{x}"} {
		if !strings.Contains(rawURL, p) {
			return MapTiles{}, fmt.Errorf("tile URL %q has no %s", rawURL, p)
		}
	}
	if !strings.Contains(rawURL, "{y}") && !strings.Contains(rawURL, "{-y}") {
		return MapTiles{}, fmt.Errorf("tile URL %q has no {y}", rawURL)
	}
	// A {s} subdomain is a host Leaflet picks per tile from a, b and c;
	// the host is checked with a stand-in label.
	const subdomain = "tile-subdomain-placeholder"
	if _, rest, ok := strings.Cut(rawURL, "://"); ok {
		authority := rest[:strings.IndexAny(rest+"/", "/?#")]
		if strings.Contains(strings.TrimPrefix(authority, "{s}."), "{") {
			return MapTiles{}, fmt.Errorf("tile URL %q: {s} may only be the first label of the host", rawURL)
		}
	}
	u, err := url.Parse(strings.Replace(rawURL, "://{s}.", "://"+subdomain+".", 1))
	switch {
	case err != nil:
		return MapTiles{}, fmt.Errorf("tile URL %q is not a URL: %w", rawURL, errors.Unwrap(err))
	case u.Scheme != "http" && u.Scheme != "https":
		return MapTiles{}, fmt.Errorf("tile URL %q must start with https:// (or http://)", rawURL)
	case u.Hostname() == "" || u.Opaque != "":
		return MapTiles{}, fmt.Errorf("tile URL %q has no host", rawURL)
	case u.User != nil:
		return MapTiles{}, fmt.Errorf("tile URL %q may not hold a user name or password: every visitor would see it", rawURL)
	case u.Fragment != "":
		return MapTiles{}, fmt.Errorf("tile URL %q may not have a #fragment", rawURL)
	case attribution == "":
		return MapTiles{}, errors.New("the tile provider's attribution is required (e.g. © OpenStreetMap contributors)")
	}
	host := strings.ToLower(u.Host)
	if rest, ok := strings.CutPrefix(host, subdomain+"."); ok {
		host = "*." + rest
	}
	return MapTiles{URL: rawURL, Attribution: attribution, source: u.Scheme + "://" + host}, nil
}

// Source is the CSP source that admits the tiles (scheme://host[:port]),
// or "" without a street map.
func (t MapTiles) Source() string { return t.source }

// block is the JSON of the map-tiles data block, or nil without a street
// map (the app then draws the map without one and says so).
func (t MapTiles) block() []byte {
	if t.URL == "" {
		return nil
	}
	b, _ := json.Marshal(t) // two strings: cannot fail
	return b
}

package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"golang.org/x/sync/singleflight"
)

// page is a filled HTML page as served: its bytes raw, gzipped and in
// brotli, each with a strong ETag, compressed once when it is filled.
type page struct {
	raw, gz, br variant
	expires     time.Time
}

type variant struct {
	body []byte
	etag string
	// The variant's own header values, made once: serving a page then
	// sets its headers without allocating (see header).
	etagHeader, lengthHeader []string
}

func newVariant(body []byte, etag string) variant {
	return variant{body: body, etag: etag, etagHeader: []string{etag}, lengthHeader: []string{strconv.Itoa(len(body))}}
}

// Header values every page shares.
var (
	htmlType     = []string{"text/html; charset=utf-8"}
	noCache      = []string{"no-cache"}
	varyEncoding = []string{"Accept-Encoding"}
	brEncoding   = []string{"br"}
	gzipEncoding = []string{"gzip"}
)

// brotliLevel: a fill runs while a visitor waits, once per content change
// and page. On 76 KB of HTML, level 6 took about 5 ms and 12 MB of
// scratch memory; level 9 was 1% smaller for 3 times the memory, level 11
// 11% smaller for about 120 ms.
const brotliLevel = 6

func newPage(body []byte, keep time.Duration) *page {
	sum := sha256.Sum256(body)
	tag := hex.EncodeToString(sum[:16])
	var gz, br bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // a valid level: no error
	_, _ = zw.Write(body)                                   // a bytes.Buffer does not fail
	_ = zw.Close()
	bw := brotli.NewWriterLevel(&br, brotliLevel)
	_, _ = bw.Write(body)
	_ = bw.Close()
	return &page{
		raw:     newVariant(body, `"`+tag+`"`),
		gz:      newVariant(gz.Bytes(), `"`+tag+`-gz"`),
		br:      newVariant(br.Bytes(), `"`+tag+`-br"`),
		expires: time.Now().Add(keep),
	}
}

// serve answers with the page in the best encoding the browser accepts. A
// 200 carries its ETag and answers a matching If-None-Match with 304; an
// error page (404) is served whole. The header values are shared slices of
// one element, assigned under their canonical keys: net/http only reads
// them, and an Add elsewhere appends to a full slice, which copies it.
func (p *page) serve(w http.ResponseWriter, r *http.Request, code int) {
	h := w.Header()
	h["Content-Type"] = htmlType
	h["Cache-Control"] = noCache
	if _, ok := h["Vary"]; ok {
		h.Add("Vary", "Accept-Encoding")
	} else {
		h["Vary"] = varyEncoding
	}
	v := p.raw
	switch accept := r.Header.Get("Accept-Encoding"); {
	case acceptsEncoding(accept, "br"):
		v = p.br
		h["Content-Encoding"] = brEncoding
	case acceptsEncoding(accept, "gzip"):
		v = p.gz
		h["Content-Encoding"] = gzipEncoding
	}
	if code == http.StatusOK {
		h["Etag"] = v.etagHeader
		if ETagMatch(r.Header.Get("If-None-Match"), v.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h["Content-Length"] = v.lengthHeader
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		_, _ = w.Write(v.body)
	}
}

// maxArticles bounds the filled articles kept in memory; past it an
// arbitrary one is dropped.
const maxArticles = 500

// pageKind names a pageCache's two sets: pages by the file they were filled
// from (bounded by the build), and articles by slug.
type pageKind int

const (
	filePage pageKind = iota
	articlePage
)

// pageCache keeps filled pages. It is emptied together with the site's
// reads (content.changed, NATS reconnect); a page's own expiry is only a
// backstop. Concurrent fills of one page share one fill.
type pageCache struct {
	maxArticles int
	mu          sync.RWMutex
	gen         uint64
	pages       [2]map[string]*page
	fills       singleflight.Group
}

func newPageCache(maxArticles int) *pageCache {
	return &pageCache{maxArticles: maxArticles, pages: [2]map[string]*page{{}, {}}}
}

// Invalidate drops every page. Call it after the site's reads are emptied:
// a fill that began before this call is then not stored (see get), and one
// that begins after it reads anew.
func (c *pageCache) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.pages = [2]map[string]*page{{}, {}}
}

// get returns the page kind/key, filling it when it is missing or past its
// expiry. A fill's error is returned and nothing is stored.
func (c *pageCache) get(kind pageKind, key string, fill func() (*page, error)) (*page, error) {
	c.mu.RLock()
	p, ok := c.pages[kind][key]
	gen := c.gen
	c.mu.RUnlock()
	if ok && time.Now().Before(p.expires) {
		return p, nil
	}
	// The generation is part of the flight's key: a request that comes
	// after an invalidation never waits for a fill that began before it.
	v, err, _ := c.fills.Do(fmt.Sprintf("%d/%d/%s", gen, kind, key), func() (any, error) {
		p, err := fill()
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		// Stored only if no invalidation happened while the fill read the
		// content: what it read might predate the change.
		if c.gen == gen {
			m := c.pages[kind]
			if _, ok := m[key]; !ok && kind == articlePage && len(m) >= c.maxArticles {
				for k := range m {
					delete(m, k)
					break
				}
			}
			m[key] = p
		}
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*page), nil
}

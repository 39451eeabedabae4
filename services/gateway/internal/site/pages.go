package site

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// page is a filled HTML page as served: its bytes raw, gzipped and in
// brotli, each with a strong ETag, compressed once when it is filled.
type page struct {
	*encoded.Set
	expires time.Time
}

func newPage(body []byte, keep time.Duration) *page {
	return &page{Set: encoded.New(body, 0), expires: time.Now().Add(keep)}
}

// Header values every page shares.
var (
	htmlType = []string{"text/html; charset=utf-8"}
	noCache  = []string{"no-cache"}
)

// serve answers with the page in the best encoding the browser accepts. A
// 200 carries its ETag and answers a matching If-None-Match with 304; an
// error page (404) is served whole.
func (p *page) serve(w http.ResponseWriter, r *http.Request, code int) {
	h := w.Header()
	h["Content-Type"] = htmlType
	h["Cache-Control"] = noCache
	v := p.For(r.Header.Get("Accept-Encoding"))
	if code == http.StatusOK && encoded.ETagMatch(r.Header.Get("If-None-Match"), v.ETag) {
		p.SetHeaders(h, v, false)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	p.SetHeaders(h, v, true)
	if code != http.StatusOK {
		delete(h, "Etag") // an error page carries no validator
	}
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		_, _ = w.Write(v.Body)
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

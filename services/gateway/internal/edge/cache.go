package edge

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// publicCache answers the public reads (/api/blog-posts*, and
// /api/editable-content) from serialised bytes in memory, with ETag/304.
// It is emptied on every content.changed event; the TTL is only a
// backstop should an event be missed.
type publicCache struct {
	ttl time.Duration
	// fixed are the headers of every hit besides the set's own, for the
	// heads prepared for package fastlane.
	fixed   http.Header
	mu      sync.RWMutex
	gen     uint64
	entries map[string]cached
	// hits and misses are read by tests and the metrics.
	hits, misses atomic.Uint64
}

type cached struct {
	*encoded.Set
	stored time.Time
	// typeHeader is the Content-Type, made once (see serveCached).
	typeHeader []string
}

// compressMin is the smallest answer worth compressing: below it the
// identity bytes are served to everyone.
const compressMin = 1 << 10

func newCached(body []byte, contentType string, stored time.Time) cached {
	return cached{Set: encoded.New(body, compressMin), stored: stored, typeHeader: []string{contentType}}
}

// hitHeaders are the headers of a hit besides the security headers and
// the set's own (see serveCached).
func hitHeaders(security http.Header, contentType string) http.Header {
	h := security.Clone()
	h["Cache-Control"] = cacheNoCache
	h["X-Cache"] = cacheHit
	h["Content-Type"] = []string{contentType}
	return h
}

// Header values every cached answer shares.
var (
	cacheNoCache = []string{"no-cache"}
	cacheHit     = []string{"HIT"}
	cacheMiss    = []string{"MISS"}
)

func newPublicCache(ttl time.Duration, security http.Header) *publicCache {
	return &publicCache{ttl: ttl, fixed: security, entries: map[string]cached{}}
}

// IsPublicRead reports whether r is a public read the edge answers from
// memory (and so needs no trace span of its own).
func IsPublicRead(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	return isPublicReadPath(r.URL.Path)
}

func isPublicReadPath(p string) bool {
	return p == "/api/blog-posts" || strings.HasPrefix(p, "/api/blog-posts/") || p == "/api/editable-content"
}

// ready returns the entry of key when it is kept and fresh, with its
// heads prepared (see Edge.Ready).
func (c *publicCache) ready(key string) *encoded.Set {
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if !ok || time.Since(e.stored) >= c.ttl {
		return nil
	}
	c.hits.Add(1)
	return e.Set
}

// Invalidate drops every entry.
func (c *publicCache) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.entries = map[string]cached{}
}

// recorder captures a response so it can be stored.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(code int)        { r.status = code }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }

func (c *publicCache) handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !IsPublicRead(r) {
			next.ServeHTTP(w, r)
			return
		}
		key := r.URL.Path + "?" + r.URL.RawQuery
		now := time.Now()
		c.mu.RLock()
		e, ok := c.entries[key]
		gen := c.gen
		c.mu.RUnlock()
		if ok && now.Sub(e.stored) < c.ttl {
			c.hits.Add(1)
			serveCached(w, r, e, cacheHit)
			return
		}
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		if rec.status != http.StatusOK {
			for k, v := range rec.header {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.status)
			_, _ = w.Write(rec.body.Bytes())
			return
		}
		e = newCached(rec.body.Bytes(), rec.header.Get("Content-Type"), now)
		e.Prepare(hitHeaders(c.fixed, rec.header.Get("Content-Type")))
		c.misses.Add(1)
		c.mu.Lock()
		// Store only if no invalidation happened while the upstream call
		// ran: its answer might predate the change.
		if c.gen == gen {
			c.entries[key] = e
		}
		c.mu.Unlock()
		serveCached(w, r, e, cacheMiss)
	})
}

// serveCached answers from an entry, in the best encoding the client
// accepts (a cached read is compressed once, when it is stored). Its header
// values are shared slices made once (see encoded.Set.SetHeaders).
func serveCached(w http.ResponseWriter, r *http.Request, e cached, state []string) {
	h := w.Header()
	h["Cache-Control"] = cacheNoCache
	h["X-Cache"] = state
	v := e.For(r.Header.Get("Accept-Encoding"))
	if encoded.ETagMatch(r.Header.Get("If-None-Match"), v.ETag) {
		e.SetHeaders(h, v, false)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = e.typeHeader
	e.SetHeaders(h, v, true)
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(v.Body)
	}
}

// stats returns hits and misses.
func (c *publicCache) stats() (uint64, uint64) {
	return c.hits.Load(), c.misses.Load()
}

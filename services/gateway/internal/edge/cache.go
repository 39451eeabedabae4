package edge

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/grpc-ecosystem/grpc-gateway/v2/utilities"
	"google.golang.org/protobuf/proto"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
	"github.com/valleytrenchless/site/services/gateway/internal/keep"
)

// publicCache answers the public reads (/api/blog-posts*, and
// /api/editable-content) from serialised bytes in memory, with ETag/304.
// It is emptied on every content.changed event; the TTL is only a
// backstop should an event be missed. It is bounded by entries and bytes
// (anyone can ask for a public read), and keyed by the request the read
// sends upstream, not by the URL: query parameters the read does not take
// (a cache-buster) and spellings of the same value (limit=05) share one
// entry, so a visitor cannot grow it by varying the URL.
type publicCache struct {
	ttl time.Duration
	// fixed are the headers of every hit besides the set's own, for the
	// heads prepared for package fastlane.
	fixed   http.Header
	entries *keep.Map[cached]
	// next is the handler the reads are filled from (see handler).
	next http.Handler
	// hits and misses are read by tests and the metrics.
	hits, misses atomic.Uint64
}

// CacheLimits bound the public-read cache.
type CacheLimits struct {
	// Entries is the most answers kept; Bytes the most bytes, counting
	// every encoding of each.
	Entries int
	Bytes   int64
}

// DefaultCacheLimits hold every public read of a site with hundreds of
// posts (one entry per post, per list length asked for, and the texts)
// in a few megabytes; past them random entries are dropped and filled
// again on their next read.
var DefaultCacheLimits = CacheLimits{Entries: 2048, Bytes: 64 << 20}

type cached struct {
	*encoded.Set
	stored time.Time
	// target is the path and query of the read that filled the entry,
	// which a refill asks again.
	target string
	// typeHeader is the Content-Type, made once (see serveCached).
	typeHeader []string
	size       int64
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

// newPublicCache returns an empty cache. An entry past the TTL is still
// served from the fast lane while it is filled again (keep.Map.Serve),
// as a page is (see site.newPageCache).
func newPublicCache(ttl time.Duration, limits CacheLimits, security http.Header) *publicCache {
	c := &publicCache{ttl: ttl, fixed: security}
	c.entries = keep.New(keep.Options[cached]{
		Limit: limits.Entries, MaxBytes: limits.Bytes,
		Size:   func(e cached) int64 { return e.size },
		Fresh:  func(e cached) bool { return time.Since(e.stored) < ttl },
		Refill: c.refill,
	})
	return c
}

// refill asks the read that filled an entry again, as an anonymous GET
// that outlives the request that found the entry stale.
func (c *publicCache) refill(_ string, stale cached) (cached, error) {
	r, err := http.NewRequestWithContext(context.Background(), http.MethodGet, stale.target, nil)
	if err != nil {
		return cached{}, err
	}
	return c.fill(r)
}

// fill asks next for the read r and makes its entry; an answer other
// than 200 is a notKept error.
func (c *publicCache) fill(r *http.Request) (cached, error) {
	now := time.Now()
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	c.next.ServeHTTP(rec, r)
	if rec.status != http.StatusOK {
		return cached{}, notKept{rec}
	}
	c.misses.Add(1)
	e := newCached(rec.body.Bytes(), rec.header.Get("Content-Type"), now)
	e.target = r.URL.RequestURI()
	e.Prepare(hitHeaders(c.fixed, rec.header.Get("Content-Type")))
	e.size = e.Size()
	return e, nil
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

// slugOnly keeps a post's slug, which its path carries, out of its query
// (as the generated handler does).
var slugOnly = utilities.NewDoubleArray([][]string{{"slug"}})

// cacheKey is the key of a public read of path?query: the path and the
// request message the read sends upstream, as its deterministic bytes. It
// is false when the query does not parse (the read answers 400, which is
// not kept).
func cacheKey(path, query string) (string, bool) {
	if query == "" {
		return path, true // every field at its default: no bytes
	}
	var msg proto.Message
	filter := utilities.NewDoubleArray(nil)
	switch {
	case path == "/api/blog-posts":
		msg = &contentv1.ListPublishedPostsRequest{}
	case path == "/api/editable-content":
		msg = &contentv1.ListEditableContentRequest{}
	default:
		msg, filter = &contentv1.GetPublishedPostRequest{}, slugOnly
	}
	values, err := url.ParseQuery(query)
	if err != nil {
		return "", false
	}
	if err := runtime.PopulateQueryParameters(msg, values, filter); err != nil {
		return "", false
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return "", false
	}
	if len(b) == 0 {
		return path, true
	}
	return path + "?" + string(b), true
}

// ready returns the entry of path?query when it is kept and fresh, with
// its heads prepared (see Edge.Ready).
func (c *publicCache) ready(path, query string) *encoded.Set {
	key, ok := cacheKey(path, query)
	if !ok {
		return nil
	}
	e, ok := c.entries.Serve(key)
	if !ok {
		return nil
	}
	c.hits.Add(1)
	return e.Set
}

// Invalidate drops every entry.
func (c *publicCache) Invalidate() { c.entries.Invalidate() }

// recorder captures a response so it can be stored.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) WriteHeader(code int)        { r.status = code }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }

// notKept is a fill's answer other than 200: served to every read that
// waited for it, never stored.
type notKept struct{ rec *recorder }

func (notKept) Error() string { return "answer not kept" }

// handler answers the public reads from the cache, filling it from next;
// call it once.
func (c *publicCache) handler(next http.Handler) http.Handler {
	c.next = next
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !IsPublicRead(r) {
			next.ServeHTTP(w, r)
			return
		}
		key, ok := cacheKey(r.URL.Path, r.URL.RawQuery)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		if e, ok := c.entries.Peek(key); ok {
			c.hits.Add(1)
			serveCached(w, r, e, cacheHit)
			return
		}
		// Reads of one key that miss together share one upstream call.
		e, err := c.entries.Get(key, func() (cached, error) { return c.fill(r) })
		var nk notKept
		if errors.As(err, &nk) {
			for k, v := range nk.rec.header {
				w.Header()[k] = v
			}
			w.WriteHeader(nk.rec.status)
			_, _ = w.Write(nk.rec.body.Bytes())
			return
		}
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

// CacheStats are the public-read cache's figures.
type CacheStats struct {
	Hits, Misses uint64
	keep.Stats
}

func (c *publicCache) stats() CacheStats {
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Stats: c.entries.Stats()}
}

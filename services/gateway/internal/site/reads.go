package site

import (
	"context"
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// Reads are the content the site fills into its pages: the content
// service's public reads, typed.
type Reads interface {
	// EditableContent is every editable text.
	EditableContent(ctx context.Context) ([]*contentv1.EditableContent, error)
	// ListPosts is the newest published posts, at most limit of them.
	ListPosts(ctx context.Context, limit int) ([]*contentv1.PostSummary, error)
	// Post is the published post slug; an unknown, draft or scheduled one
	// is a NOT_FOUND status error.
	Post(ctx context.Context, slug string) (*contentv1.Post, error)
}

// ContentService reads from the content service's public API, each call
// bounded by Timeout.
type ContentService struct {
	Client  contentv1.ContentServiceClient
	Timeout time.Duration
}

// EditableContent implements Reads.
func (c ContentService) EditableContent(ctx context.Context) ([]*contentv1.EditableContent, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	resp, err := c.Client.ListEditableContent(ctx, &contentv1.ListEditableContentRequest{})
	return resp.GetItems(), err
}

// ListPosts implements Reads.
func (c ContentService) ListPosts(ctx context.Context, limit int) ([]*contentv1.PostSummary, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	resp, err := c.Client.ListPublishedPosts(ctx, &contentv1.ListPublishedPostsRequest{Limit: int32(limit)})
	return resp.GetPosts(), err
}

// Post implements Reads.
func (c ContentService) Post(ctx context.Context, slug string) (*contentv1.Post, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	resp, err := c.Client.GetPublishedPost(ctx, &contentv1.GetPublishedPostRequest{Slug: slug})
	return resp.GetPost(), err
}

// cachedReads keeps what Reads answered until Invalidate (content.changed,
// NATS reconnect) or, as a backstop should an event be missed, ttl.
// Failures are not kept. Concurrent reads of one thing share one call.
type cachedReads struct {
	reads   Reads
	ttl     time.Duration
	mu      sync.RWMutex
	gen     uint64
	entries map[string]cachedRead
	flights singleflight.Group
}

type cachedRead struct {
	value  any
	stored time.Time
}

func newCachedReads(r Reads, ttl time.Duration) *cachedReads {
	return &cachedReads{reads: r, ttl: ttl, entries: map[string]cachedRead{}}
}

// Invalidate drops every read.
func (c *cachedReads) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.entries = map[string]cachedRead{}
}

// cached returns the read named key, calling read when it is missing or
// older than the TTL. An answer is stored only if no invalidation happened
// while read ran: it might predate the change.
func cached[T any](c *cachedReads, key string, read func() (T, error)) (T, error) {
	c.mu.RLock()
	e, ok := c.entries[key]
	gen := c.gen
	c.mu.RUnlock()
	if ok && time.Since(e.stored) < c.ttl {
		return e.value.(T), nil
	}
	// As in pageCache.get, a read that starts after an invalidation never
	// waits for one that began before it.
	v, err, _ := c.flights.Do(fmt.Sprintf("%d/%s", gen, key), func() (any, error) {
		stored := time.Now()
		v, err := read()
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gen == gen {
			c.entries[key] = cachedRead{value: v, stored: stored}
		}
		return v, nil
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil
}

func (c *cachedReads) EditableContent(ctx context.Context) ([]*contentv1.EditableContent, error) {
	return cached(c, "editable-content", func() ([]*contentv1.EditableContent, error) { return c.reads.EditableContent(ctx) })
}

func (c *cachedReads) ListPosts(ctx context.Context, limit int) ([]*contentv1.PostSummary, error) {
	return cached(c, fmt.Sprintf("posts?limit=%d", limit), func() ([]*contentv1.PostSummary, error) { return c.reads.ListPosts(ctx, limit) })
}

func (c *cachedReads) Post(ctx context.Context, slug string) (*contentv1.Post, error) {
	return cached(c, "post/"+slug, func() (*contentv1.Post, error) { return c.reads.Post(ctx, slug) })
}

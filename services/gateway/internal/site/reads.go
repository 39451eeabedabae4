package site

import (
	"context"
	"fmt"
	"time"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/keep"
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
	reads Reads
	kept  *keep.Map[cachedRead]
}

type cachedRead struct {
	value  any
	stored time.Time
}

func newCachedReads(r Reads, ttl time.Duration) *cachedReads {
	return &cachedReads{reads: r, kept: keep.New(keep.Options[cachedRead]{Fresh: func(e cachedRead) bool { return time.Since(e.stored) < ttl }})}
}

// Invalidate drops every read.
func (c *cachedReads) Invalidate() { c.kept.Invalidate() }

// cached returns the read named key, calling read when it is missing or
// older than the TTL (see keep.Map).
func cached[T any](c *cachedReads, key string, read func() (T, error)) (T, error) {
	e, err := c.kept.Get(key, func() (cachedRead, error) {
		stored := time.Now()
		v, err := read()
		return cachedRead{value: v, stored: stored}, err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return e.value.(T), nil
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

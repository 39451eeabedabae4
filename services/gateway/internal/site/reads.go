package site

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/protobuf/proto"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/keep"
)

// Reads are the content the site fills into its pages: the content
// service's public reads, typed.
type Reads interface {
	// EditableContent is every editable text in locale: English ("en"),
	// or Spanish ("es": each item's Spanish text, or its English one
	// marked fallback).
	EditableContent(ctx context.Context, locale string) ([]*contentv1.EditableContent, error)
	// ListPosts is the newest published posts, at most limit of them,
	// after the page token (empty: from the newest), and the next page's
	// token (empty after the last page).
	ListPosts(ctx context.Context, limit int, pageToken string) ([]*contentv1.PostSummary, string, error)
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
func (c ContentService) EditableContent(ctx context.Context, locale string) ([]*contentv1.EditableContent, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	resp, err := c.Client.ListEditableContent(ctx, &contentv1.ListEditableContentRequest{Locale: locale})
	return resp.GetItems(), err
}

// ListPosts implements Reads.
func (c ContentService) ListPosts(ctx context.Context, limit int, pageToken string) ([]*contentv1.PostSummary, string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	resp, err := c.Client.ListPublishedPosts(ctx, &contentv1.ListPublishedPostsRequest{Limit: int32(limit), PageToken: pageToken})
	return resp.GetPosts(), resp.GetNextPageToken(), err
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
	size   int64
}

// readSize is a read's size as its messages encode.
func readSize(v any) int64 {
	var n int
	switch v := v.(type) {
	case proto.Message:
		n = proto.Size(v)
	case []*contentv1.EditableContent:
		for _, m := range v {
			n += proto.Size(m)
		}
	case []*contentv1.PostSummary:
		for _, m := range v {
			n += proto.Size(m)
		}
	case postsPage:
		for _, m := range v.posts {
			n += proto.Size(m)
		}
	}
	return int64(n)
}

// newCachedReads keeps at most maxBytes of reads (as their messages'
// encoded sizes count them).
func newCachedReads(r Reads, ttl time.Duration, maxBytes int64) *cachedReads {
	return &cachedReads{reads: r, kept: keep.New(keep.Options[cachedRead]{
		MaxBytes: maxBytes, Size: func(e cachedRead) int64 { return e.size },
		Fresh: func(e cachedRead) bool { return time.Since(e.stored) < ttl },
	})}
}

// Invalidate drops every read.
func (c *cachedReads) Invalidate() { c.kept.Invalidate() }

// cached returns the read named key, calling read when it is missing or
// older than the TTL (see keep.Map).
func cached[T any](c *cachedReads, key string, read func() (T, error)) (T, error) {
	e, err := c.kept.Get(key, func() (cachedRead, error) {
		stored := time.Now()
		v, err := read()
		return cachedRead{value: v, stored: stored, size: readSize(v)}, err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return e.value.(T), nil
}

// EditableContent is kept per language, and dropped in both on any change.
func (c *cachedReads) EditableContent(ctx context.Context, locale string) ([]*contentv1.EditableContent, error) {
	return cached(c, "editable-content?locale="+locale, func() ([]*contentv1.EditableContent, error) { return c.reads.EditableContent(ctx, locale) })
}

// postsPage is one page of ListPosts.
type postsPage struct {
	posts []*contentv1.PostSummary
	next  string
}

func (c *cachedReads) ListPosts(ctx context.Context, limit int, pageToken string) ([]*contentv1.PostSummary, string, error) {
	p, err := cached(c, fmt.Sprintf("posts?limit=%d&page=%s", limit, pageToken), func() (postsPage, error) {
		posts, next, err := c.reads.ListPosts(ctx, limit, pageToken)
		return postsPage{posts, next}, err
	})
	return p.posts, p.next, err
}

func (c *cachedReads) Post(ctx context.Context, slug string) (*contentv1.Post, error) {
	return cached(c, "post/"+slug, func() (*contentv1.Post, error) { return c.reads.Post(ctx, slug) })
}

package edge

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// changingContent answers a new hero title and a new post title on every
// read, so a refilled page or read differs from the one it replaces.
type changingContent struct {
	pageContent
	texts, lists atomic.Int32
}

func (c *changingContent) ListEditableContent(context.Context, *contentv1.ListEditableContentRequest) (*contentv1.ListEditableContentResponse, error) {
	n := c.texts.Add(1)
	return &contentv1.ListEditableContentResponse{Items: []*contentv1.EditableContent{
		{ContentKey: "hero.title", Content: fmt.Sprintf("Title %d", n), ContentType: "text"},
	}}, nil
}

func (c *changingContent) ListPublishedPosts(context.Context, *contentv1.ListPublishedPostsRequest) (*contentv1.ListPublishedPostsResponse, error) {
	n := c.lists.Add(1)
	return &contentv1.ListPublishedPostsResponse{Posts: []*contentv1.PostSummary{
		{Slug: "clay-pipes", Title: fmt.Sprintf("Clay pipes %d", n), Excerpt: strings.Repeat("Roots find every joint. ", 80)},
	}}, nil
}

// Past the TTL backstop, what the fast lane serves — a page and a public
// read — is still there (the stale bytes) while it is filled again behind
// the request, then the new bytes are: the lane never has to hand a
// connection to net/http because an entry expired.
func TestFastLaneServesStaleWhileItRefills(t *testing.T) {
	const ttl = 200 * time.Millisecond
	e := pageEdge(t, &changingContent{}, ttl)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)

	for _, c := range []struct{ path, first, second string }{
		{"/", "Title 1", "Title 2"},
		{"/api/blog-posts", "Clay pipes 1", "Clay pipes 2"},
	} {
		require.Nil(t, e.Ready(c.path, ""), "%s: nothing is kept before the first read", c.path)
		res, err := http.Get(srv.URL + c.path)
		require.NoError(t, err)
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		require.Contains(t, string(body), c.first)
		old := e.Ready(c.path, "")
		require.NotNil(t, old, c.path)

		time.Sleep(ttl + 50*time.Millisecond)
		require.Same(t, old, e.Ready(c.path, ""), "%s: the stale bytes are served while the refill runs", c.path)
		var now *encoded.Set
		require.Eventually(t, func() bool { now = e.Ready(c.path, ""); return now != nil && now != old }, 5*time.Second, 5*time.Millisecond,
			"%s: the refill replaces the stale bytes", c.path)
		require.Contains(t, string(now.Raw.Body), c.second, c.path)
	}
}

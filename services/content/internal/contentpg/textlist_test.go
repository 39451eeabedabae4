package contentpg

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// The staff list of texts pages through every item once, by category in
// the site's order and key, with a search
// over key, description and content and a category filter, and counts.
func TestStaffTextListPagesByCategoryAndKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	cats := []string{"general", "homepage", "about", "services", "contact"}
	for i := range 70 {
		desc := ""
		if i == 13 {
			desc = "Shown above the ROOT cause chart"
		}
		body := fmt.Sprintf("Text number %d", i)
		if i == 41 {
			body = "<p>Roots &amp; more</p>"
		}
		_, err := pool.Exec(ctx, `INSERT INTO content.editable_content (id, content_key, content, content_type, category, description)
			VALUES ($1, $2, $3, 'text', $4, $5)`, uuid.New(), fmt.Sprintf("k.%02d", i), body, cats[i%len(cats)], desc)
		require.NoError(t, err)
	}
	walk := func(q content.TextQuery) ([]content.EditableContent, content.TextPage) {
		var all []content.EditableContent
		var first content.TextPage
		for pages := 0; ; pages++ {
			require.Less(t, pages, 100)
			page, err := s.ListEditableContentPage(ctx, q)
			require.NoError(t, err)
			if pages == 0 {
				first = page
			}
			require.LessOrEqual(t, len(page.Items), q.Limit)
			all = append(all, page.Items...)
			if page.NextCursor == "" {
				return all, first
			}
			q.Cursor = page.NextCursor
		}
	}
	rank := func(c string) string {
		for i, k := range content.EditableCategories {
			if k == c {
				return fmt.Sprint(i)
			}
		}
		return "9" + c
	}
	for _, size := range []int{1, 7, 100} {
		got, first := walk(content.TextQuery{Limit: size})
		require.Len(t, got, 70, "page size %d", size)
		require.Equal(t, 70, first.All)
		require.Equal(t, 70, first.Matching)
		for i := 1; i < len(got); i++ {
			a, b := got[i-1], got[i]
			ka, kb := rank(a.Category)+"|"+a.ContentKey, rank(b.Category)+"|"+b.ContentKey
			require.Less(t, ka, kb, "%s before %s", a.ContentKey, b.ContentKey)
		}
		require.Equal(t, "homepage", got[0].Category)
		require.Equal(t, "general", got[len(got)-1].Category, "the site's order, not the alphabet")
	}
	found, first := walk(content.TextQuery{Text: "root", Limit: 1})
	require.Equal(t, []string{"k.41", "k.13"}, []string{found[0].ContentKey, found[1].ContentKey}, "content (homepage), description (services)")
	require.Equal(t, 2, first.Matching)
	found, _ = walk(content.TextQuery{Text: "K.0", Limit: 5})
	require.Len(t, found, 10, "by key, in any case")
	found, first = walk(content.TextQuery{Category: "about", Limit: 3})
	require.Len(t, found, 14)
	require.Equal(t, 14, first.Matching)
	require.Equal(t, 70, first.All)

	_, err := s.ListEditableContentPage(ctx, content.TextQuery{Limit: 5, Cursor: "bm9wZQ"})
	require.ErrorIs(t, err, content.ErrBadCursor)

	one, err := s.GetEditableContent(ctx, "k.41")
	require.NoError(t, err)
	require.Equal(t, "<p>Roots &amp; more</p>", one.Content)
	_, err = s.GetEditableContent(ctx, "k.missing")
	require.ErrorIs(t, err, content.ErrNotFound)
}

package contentpg

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// The staff list pages through every post exactly once in each order,
// without bodies, with a title search and its counts, at any page size.
func TestStaffListPagesEveryPostOnceInEachOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	type row struct {
		title       string
		published   bool
		publishedAt time.Time
		updatedAt   time.Time
	}
	var rows []row
	for i := range 23 {
		r := row{title: fmt.Sprintf("Sewer story %02d", i), published: i%3 != 0, publishedAt: base.Add(time.Duration(i) * time.Hour), updatedAt: base.Add(time.Duration(i) * time.Hour)}
		switch {
		case i == 4 || i == 5:
			// Two posts of the same moment: the id breaks the tie.
			r.publishedAt, r.updatedAt = base.Add(100*time.Hour), base.Add(100*time.Hour)
		case i%3 == 0 && i%2 == 0:
			// A draft with a publish time chosen ahead of its last save
			// lists by that time; another, by when it was saved.
			r.publishedAt = base.Add(200*time.Hour + time.Duration(i)*time.Minute)
		case i%3 == 0:
			r.publishedAt = base.Add(-1000 * time.Hour) // a placeholder behind the save
		}
		if i == 7 {
			r.title = "Root Removal in mesa"
		}
		if i == 8 {
			r.title = "ROOTS and a 50% discount"
		}
		if i == 9 {
			r.title = "Sewer story 09 | a title that holds the cursor's separator"
		}
		rows = append(rows, r)
		_, err := pool.Exec(ctx, `INSERT INTO content.blog_posts (id, slug, title, excerpt, content, published_at, is_published, created_at, updated_at)
			VALUES ($1, $2, $3, 'x', $4, $5, $6, $7, $7)`, uuid.New(), fmt.Sprintf("post-%02d", i), r.title, strings.Repeat("body ", 500), r.publishedAt, r.published, r.updatedAt)
		require.NoError(t, err)
	}
	listAt := func(r row) time.Time {
		if r.published || r.publishedAt.After(r.updatedAt) {
			return r.publishedAt
		}
		return r.updatedAt
	}

	walk := func(q content.PostQuery) ([]content.Post, content.PostPage) {
		var all []content.Post
		var first content.PostPage
		for pages := 0; ; pages++ {
			require.Less(t, pages, 30, "the pages never end")
			page, err := s.ListPosts(ctx, q)
			require.NoError(t, err)
			if pages == 0 {
				first = page
			}
			require.LessOrEqual(t, len(page.Posts), q.Limit)
			for _, p := range page.Posts {
				require.Empty(t, p.Content, "the list carries no bodies")
			}
			all = append(all, page.Posts...)
			if page.NextCursor == "" {
				return all, first
			}
			q.Cursor = page.NextCursor
		}
	}
	for _, size := range []int{1, 4, 23, 50} {
		for _, order := range []string{content.SortNewest, content.SortOldest, content.SortTitle} {
			got, first := walk(content.PostQuery{Sort: order, Limit: size})
			require.Len(t, got, 23, "%s by %d", order, size)
			require.Equal(t, 23, first.All)
			require.Equal(t, 23, first.Matching)
			ids := map[string]bool{}
			for i, p := range got {
				require.False(t, ids[p.ID], "post %s twice", p.Slug)
				ids[p.ID] = true
				if i == 0 {
					continue
				}
				prev := got[i-1]
				switch order {
				case content.SortNewest:
					require.True(t, prev.ListAt.After(p.ListAt) || prev.ListAt.Equal(p.ListAt) && prev.ID > p.ID, "%s before %s", prev.Slug, p.Slug)
				case content.SortOldest:
					require.True(t, prev.ListAt.Before(p.ListAt) || prev.ListAt.Equal(p.ListAt) && prev.ID < p.ID, "%s before %s", prev.Slug, p.Slug)
				case content.SortTitle:
					require.LessOrEqual(t, strings.ToLower(prev.Title), strings.ToLower(p.Title))
				}
			}
		}
	}
	// list_at follows the rule the web app's postDate shows.
	got, _ := walk(content.PostQuery{Sort: content.SortNewest, Limit: 50})
	for _, p := range got {
		var i int
		_, _ = fmt.Sscanf(p.Slug, "post-%d", &i)
		require.True(t, listAt(rows[i]).Equal(p.ListAt), "%s lists at %s, want %s", p.Slug, p.ListAt, listAt(rows[i]))
	}

	// Every word of the search, in any case; LIKE's wildcards are literal.
	found, first := walk(content.PostQuery{Text: "ROOT", Sort: content.SortTitle, Limit: 1})
	require.Equal(t, []string{"Root Removal in mesa", "ROOTS and a 50% discount"}, titles(found))
	require.Equal(t, 2, first.Matching)
	require.Equal(t, 23, first.All)
	found, first = walk(content.PostQuery{Text: "roots 50%", Sort: content.SortNewest, Limit: 5})
	require.Equal(t, []string{"ROOTS and a 50% discount"}, titles(found))
	require.Equal(t, 1, first.Matching)
	found, first = walk(content.PostQuery{Text: "5_%", Sort: content.SortNewest, Limit: 5})
	require.Empty(t, found)
	require.Zero(t, first.Matching)

	// A cursor of another order, or none of ours, is refused.
	page, err := s.ListPosts(ctx, content.PostQuery{Sort: content.SortNewest, Limit: 2})
	require.NoError(t, err)
	_, err = s.ListPosts(ctx, content.PostQuery{Sort: content.SortTitle, Limit: 2, Cursor: page.NextCursor})
	require.ErrorIs(t, err, content.ErrBadCursor)
	_, err = s.ListPosts(ctx, content.PostQuery{Sort: content.SortNewest, Limit: 2, Cursor: "not-a-cursor!"})
	require.ErrorIs(t, err, content.ErrBadCursor)
}

func titles(posts []content.Post) []string {
	out := make([]string, len(posts))
	for i, p := range posts {
		out[i] = p.Title
	}
	return slices.Clip(out)
}

// The lists read one index in their order: EXPLAIN shows an index scan
// and no sort, whatever the size (the plans in ADR 0011).
func TestListsReadAnIndexInTheirOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	_, pool := newStore(t)
	_, err := pool.Exec(ctx, `INSERT INTO content.blog_posts (id, slug, title, excerpt, content, published_at, is_published)
		SELECT gen_random_uuid(), 'p-' || i, 'Title ' || i, 'x', repeat('body ', 400), now() - i * interval '1 hour', i % 5 <> 0
		FROM generate_series(1, 3000) i`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `ANALYZE content.blog_posts`)
	require.NoError(t, err)
	for name, q := range map[string]string{
		"newest": `SELECT ` + listedColumns + ` FROM content.blog_posts WHERE true ORDER BY list_at DESC, id DESC LIMIT 51`,
		"oldest": `SELECT ` + listedColumns + ` FROM content.blog_posts WHERE true AND (list_at, id) > (now() - interval '100 days', gen_random_uuid()) ORDER BY list_at ASC, id ASC LIMIT 51`,
		"title":  `SELECT ` + listedColumns + ` FROM content.blog_posts WHERE true ORDER BY lower(title), id LIMIT 51`,
		"live":   `SELECT ` + listedColumns + ` FROM content.blog_posts WHERE is_published AND published_at <= now() ORDER BY published_at DESC, id DESC LIMIT 101`,
	} {
		var plan []string
		rows, err := pool.Query(ctx, "EXPLAIN "+q)
		require.NoError(t, err)
		for rows.Next() {
			var line string
			require.NoError(t, rows.Scan(&line))
			plan = append(plan, line)
		}
		require.NoError(t, rows.Err())
		text := strings.Join(plan, "\n")
		if name == "search" {
			require.Contains(t, text, "blog_posts_title_trgm_idx", "%s:\n%s", name, text)
			continue
		}
		require.Contains(t, text, "Index Scan", "%s:\n%s", name, text)
		require.NotContains(t, text, "Sort", "%s:\n%s", name, text)
	}
}

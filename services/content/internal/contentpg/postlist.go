package contentpg

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/pagecursor"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// listedColumns are a post without its body (an empty content), then list_at:
// what the lists show. The body of a post is most of its row, and at
// thousands of posts most of a list's answer.
const listedColumns = `id, slug, title, excerpt, '', image_url, published_at, is_published,
	coalesce(category, ''), read_time_minutes, created_at, updated_at, updated_by, version, autosaved, seo_title, seo_description, social_image_url,
	language, coalesce(translation_of::text, ''), list_at`

func scanListed(row pgx.CollectableRow) (content.Post, error) {
	var p content.Post
	var id [16]byte
	err := row.Scan(&id, &p.Slug, &p.Title, &p.Excerpt, &p.Content, &p.ImageURL, &p.PublishedAt,
		&p.IsPublished, &p.Category, &p.ReadTimeMinutes, &p.CreatedAt, &p.UpdatedAt, &p.UpdatedBy, &p.Version, &p.Autosaved,
		&p.SEO.Title, &p.SEO.Description, &p.SEO.ImageURL, &p.Language, &p.TranslationOf, &p.ListAt)
	p.ID = uuidString(id)
	return p, err
}

// A post cursor is the order's name, the last post's sort key (its list
// time or its title, which may hold "|") and its id
// (pagecursor.Encode). A cursor of another order is refused rather than
// misread.
func encodePostCursor(order, key, id string) string { return pagecursor.Encode(order, key, id) }

func decodePostCursor(order, c string) (key, id string, err error) {
	f, err := pagecursor.Decode(c, 3, 1)
	if err != nil || f[0] != order || len(f[2]) != 36 {
		return "", "", content.ErrBadCursor
	}
	return f[1], f[2], nil
}

func decodeTimeCursor(order, c string) (time.Time, string, error) {
	key, id, err := decodePostCursor(order, c)
	if err != nil {
		return time.Time{}, "", err
	}
	t, err := pagecursor.ParseTime(key)
	if err != nil {
		return time.Time{}, "", content.ErrBadCursor
	}
	return t, id, nil
}

// ListPublishedPosts returns a page of live posts newest first (the
// published partial index in its order; of one language, the index by
// language), without their bodies, each with its live translations.
func (s *Store) ListPublishedPosts(ctx context.Context, now time.Time, language string, limit int, cursor string) ([]content.Post, string, error) {
	args := []any{now, limit + 1}
	where := ""
	if language != "" {
		args = append(args, language)
		where += fmt.Sprintf(" AND language = $%d", len(args))
	}
	if cursor != "" {
		t, id, err := decodeTimeCursor("live", cursor)
		if err != nil {
			return nil, "", err
		}
		args = append(args, t, id)
		where += fmt.Sprintf(" AND (published_at, id) < ($%d, $%d::uuid)", len(args)-1, len(args))
	}
	rows, err := s.pool.Query(ctx, `SELECT `+listedColumns+` FROM content.blog_posts
		WHERE is_published AND published_at <= $1`+where+`
		ORDER BY published_at DESC, id DESC LIMIT $2`, args...)
	if err != nil {
		return nil, "", fmt.Errorf("list published posts: %w", err)
	}
	posts, err := pgx.CollectRows(rows, scanListed)
	if err != nil {
		return nil, "", fmt.Errorf("list published posts: %w", err)
	}
	next := ""
	if len(posts) > limit {
		posts = posts[:limit]
		last := posts[limit-1]
		next = encodePostCursor("live", pagecursor.Time(last.PublishedAt), last.ID)
	}
	if err := fillTranslations(ctx, s.pool, posts, &now); err != nil {
		return nil, "", fmt.Errorf("list published posts: %w", err)
	}
	return posts, next, nil
}

// ListPosts returns a page of the staff list in q's order, each order one
// index (blog_posts_list_idx, blog_posts_title_idx) read from the cursor
// on. A title search that matches many posts filters what that index
// hands over; one that matches few is answered by the trigram index on
// lower(title) and sorted (the planner picks; plans in ADR 0011).
func (s *Store) ListPosts(ctx context.Context, q content.PostQuery) (content.PostPage, error) {
	var patterns []any
	for _, w := range q.Words() {
		patterns = append(patterns, pgdb.Contains(w))
	}
	// filter is the search's and the language's condition, its parameters
	// (filterArgs) numbered from first on.
	filterArgs := slices.Clone(patterns)
	if q.Language != "" {
		filterArgs = append(filterArgs, q.Language)
	}
	filter := func(first int) string {
		cond := "true"
		for i := range patterns {
			cond += fmt.Sprintf(" AND lower(title) LIKE $%d", first+i)
		}
		if q.Language != "" {
			cond += fmt.Sprintf(" AND language = $%d", first+len(patterns))
		}
		return cond
	}
	args := append([]any{q.Limit + 1}, filterArgs...)
	where := filter(2)
	var order string
	switch q.Sort {
	case content.SortTitle:
		order = "lower(title), id"
		if q.Cursor != "" {
			title, id, err := decodePostCursor(q.Sort, q.Cursor)
			if err != nil {
				return content.PostPage{}, err
			}
			args = append(args, title, id)
			where += fmt.Sprintf(" AND (lower(title), id) > (lower($%d), $%d::uuid)", len(args)-1, len(args))
		}
	default:
		dir, cmp := "DESC", "<"
		if q.Sort == content.SortOldest {
			dir, cmp = "ASC", ">"
		}
		order = "list_at " + dir + ", id " + dir
		if q.Cursor != "" {
			t, id, err := decodeTimeCursor(q.Sort, q.Cursor)
			if err != nil {
				return content.PostPage{}, err
			}
			args = append(args, t, id)
			where += fmt.Sprintf(" AND (list_at, id) %s ($%d, $%d::uuid)", cmp, len(args)-1, len(args))
		}
	}
	rows, err := s.pool.Query(ctx, `SELECT `+listedColumns+` FROM content.blog_posts WHERE `+where+` ORDER BY `+order+` LIMIT $1`, args...)
	if err != nil {
		return content.PostPage{}, fmt.Errorf("list posts: %w", err)
	}
	posts, err := pgx.CollectRows(rows, scanListed)
	if err != nil {
		return content.PostPage{}, fmt.Errorf("list posts: %w", err)
	}
	var page content.PostPage
	if len(posts) > q.Limit {
		posts = posts[:q.Limit]
		last := posts[q.Limit-1]
		key := pagecursor.Time(last.ListAt)
		if q.Sort == content.SortTitle {
			key = last.Title // compared as lower($n), by Postgres's own lower
		}
		page.NextCursor = encodePostCursor(q.Sort, key, last.ID)
	}
	if err := fillTranslations(ctx, s.pool, posts, nil); err != nil {
		return content.PostPage{}, fmt.Errorf("list posts: %w", err)
	}
	page.Posts = posts
	// Two counts, each with its own plan: the matches through the trigram
	// index (migration 007), every post through the table (or its primary
	// key's index).
	if err := s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM content.blog_posts WHERE `+filter(1)+`),
		(SELECT count(*) FROM content.blog_posts)`, filterArgs...).Scan(&page.Matching, &page.All); err != nil {
		return content.PostPage{}, fmt.Errorf("count posts: %w", err)
	}
	return page, nil
}

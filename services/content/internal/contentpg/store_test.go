package contentpg

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgtest"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// newStore gives a test its own schema-migrated database.
func newStore(t *testing.T) (*Store, *pgxpool.Pool) {
	t.Helper()
	pool := pgtest.NewPool(t, Migrate)
	return New(pool), pool
}

func TestSeedAppliesOnceAndNeverResurrects(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)

	applied, err := s.Seed(ctx)
	require.NoError(t, err)
	require.True(t, applied)
	posts, err := s.ListPublishedPosts(ctx, time.Now(), 100)
	require.NoError(t, err)
	require.Len(t, posts, 9)

	_, err = pool.Exec(ctx, `DELETE FROM content.blog_posts WHERE slug = 'orangeburg-pipe-guide'`)
	require.NoError(t, err)
	applied, err = s.Seed(ctx)
	require.NoError(t, err)
	require.False(t, applied)
	posts, err = s.ListPublishedPosts(ctx, time.Now(), 100)
	require.NoError(t, err)
	require.Len(t, posts, 8, "a deleted seed post stays deleted")

	items, err := s.ListEditableContent(ctx)
	require.NoError(t, err)
	keys := []string{}
	for _, it := range items {
		keys = append(keys, it.ContentKey)
	}
	require.Contains(t, keys, "hero.title")
	require.Contains(t, keys, "hero.subtitle")
}

func TestSeedArticlesAreRealArticles(t *testing.T) {
	t.Parallel()
	posts, err := SeedPosts()
	require.NoError(t, err)
	require.Len(t, posts, 9)
	categories := map[string]int{}
	for _, p := range posts {
		words := len(strings.Fields(p.Content))
		require.GreaterOrEqual(t, words, 700, p.Slug)
		require.LessOrEqual(t, words, 1300, p.Slug)
		require.Contains(t, p.Content, "\n## ", "%s has headings", p.Slug)
		require.GreaterOrEqual(t, p.ReadTimeMinutes, 4, p.Slug)
		categories[p.EffectiveCategory()]++
	}
	for _, c := range []string{"Technology", "Maintenance", "Cost Guide", "Pipe Types", "Seasonal", "Legal & Safety"} {
		require.Positive(t, categories[c], "a seed article in %s", c)
	}
}

func insertPost(t *testing.T, pool *pgxpool.Pool, slug string, published bool, at time.Time) {
	t.Helper()
	_, err := pool.Exec(context.Background(), `INSERT INTO content.blog_posts (id, slug, title, excerpt, content, published_at, is_published)
		VALUES ($1, $2, $3, 'x', 'body', $4, $5)`, uuid.New(), slug, "Post "+slug, at, published)
	require.NoError(t, err)
}

func TestPublicReadsHideDraftsAndScheduledPosts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	now := time.Now()
	insertPost(t, pool, "old", true, now.Add(-48*time.Hour))
	insertPost(t, pool, "new", true, now.Add(-time.Hour))
	insertPost(t, pool, "draft", false, now.Add(-2*time.Hour))
	insertPost(t, pool, "scheduled", true, now.Add(time.Hour))

	posts, err := s.ListPublishedPosts(ctx, now, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"new", "old"}, []string{posts[0].Slug, posts[1].Slug})
	require.Len(t, posts, 2)

	posts, err = s.ListPublishedPosts(ctx, now, 1)
	require.NoError(t, err)
	require.Len(t, posts, 1)

	p, err := s.GetPublishedPost(ctx, now, "new")
	require.NoError(t, err)
	require.Equal(t, "Post new", p.Title)
	require.Len(t, p.ID, 36)
	for _, slug := range []string{"draft", "scheduled", "missing"} {
		_, err = s.GetPublishedPost(ctx, now, slug)
		require.ErrorIs(t, err, content.ErrNotFound, slug)
	}
	// The scheduled post goes live when its time comes.
	_, err = s.GetPublishedPost(ctx, now.Add(2*time.Hour), "scheduled")
	require.NoError(t, err)
}

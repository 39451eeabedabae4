package contentpg

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

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

	res, err := s.Seed(ctx)
	require.NoError(t, err)
	require.True(t, res.PostsApplied)
	require.True(t, res.SpanishPostsApplied)
	posts, _, err := s.ListPublishedPosts(ctx, time.Now(), "en", 100, "")
	require.NoError(t, err)
	require.Len(t, posts, 9)
	posts, _, err = s.ListPublishedPosts(ctx, time.Now(), "", 100, "")
	require.NoError(t, err)
	require.Len(t, posts, 10, "nine English articles and one Spanish")

	_, err = pool.Exec(ctx, `DELETE FROM content.blog_posts WHERE slug IN ('orangeburg-pipe-guide', 'como-funciona-el-revestimiento-cipp')`)
	require.NoError(t, err)
	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.False(t, res.PostsApplied)
	require.False(t, res.SpanishPostsApplied)
	posts, _, err = s.ListPublishedPosts(ctx, time.Now(), "", 100, "")
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

func TestSeedAddsMissingEditableTextsAndKeepsStaffEdits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	seed, err := seedEditableContent()
	require.NoError(t, err)

	res, err := s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, len(seed), res.EditableAdded, "a fresh database gets every seed text")

	// Staff edit one text; a later release adds a text (simulated by its row
	// being missing). The next start inserts the new key and nothing else.
	_, err = s.UpdateEditableContent(ctx, "hero.title", func(c content.EditableContent) (content.EditableContent, error) {
		c.Content = "Staff wording"
		c.UpdatedAt = time.Now()
		return c, nil
	})
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `DELETE FROM content.editable_content WHERE content_key = 'hero.subtitle'`)
	require.NoError(t, err)
	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, SeedResult{PostsApplied: false, EditableAdded: 1, SpanishAdded: 1}, res, "the new text comes with its Spanish")

	items, err := s.ListEditableContent(ctx)
	require.NoError(t, err)
	require.Len(t, items, len(seed))
	byKey := map[string]content.EditableContent{}
	for _, it := range items {
		byKey[it.ContentKey] = it
	}
	require.Equal(t, "Staff wording", byKey["hero.title"].Content, "a staff edit is never overwritten")
	require.Equal(t, "html", byKey["hero.subtitle"].ContentType)
	require.True(t, strings.HasPrefix(byKey["hero.subtitle"].Content, "<p>Cracked, root-filled"))

	// And the posts seed still ran only once.
	_, err = pool.Exec(ctx, `DELETE FROM content.blog_posts`)
	require.NoError(t, err)
	_, err = s.Seed(ctx)
	require.NoError(t, err)
	page, err := s.ListPosts(ctx, content.PostQuery{Sort: content.SortNewest, Limit: 10})
	require.NoError(t, err)
	require.Empty(t, page.Posts)
	require.Zero(t, page.All)
}

// The seed is inserted as written, without the service's cleaning, so it
// must already be what the service would store: html that the sanitiser
// leaves as it is (up to how it spells entities: it writes ' as &#39;),
// text that is plain.
func TestSeedEditableTextsAreStoredClean(t *testing.T) {
	t.Parallel()
	items, err := seedEditableContent()
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, it := range items {
		require.False(t, seen[it.ContentKey], "duplicate key %s", it.ContentKey)
		seen[it.ContentKey] = true
		require.Regexp(t, `^[A-Za-z0-9][A-Za-z0-9._-]*$`, it.ContentKey)
		require.Contains(t, content.EditableCategories, it.Category, it.ContentKey)
		require.NotEmpty(t, strings.TrimSpace(it.ContentEs), "%s has its Spanish text", it.ContentKey)
		for _, text := range []string{it.Content, it.ContentEs} {
			switch it.ContentType {
			case "html":
				require.Equal(t, normalHTML(t, content.SanitizeHTML(text)), normalHTML(t, text), "%s is sanitised HTML", it.ContentKey)
			case "text":
				require.Equal(t, content.PlainText(text), text, "%s is plain text", it.ContentKey)
			default:
				t.Fatalf("%s: content type %q", it.ContentKey, it.ContentType)
			}
		}
		// The Spanish says the same with the same placeholders and, for
		// html, the same elements in the same order.
		require.ElementsMatch(t, placeholder.FindAllString(it.Content, -1), placeholder.FindAllString(it.ContentEs, -1), it.ContentKey)
		require.Equal(t, tagNames.FindAllString(it.Content, -1), tagNames.FindAllString(it.ContentEs, -1), it.ContentKey)
	}
	require.True(t, seen["hero.subtitle"])
}

var (
	placeholder = regexp.MustCompile(`\{[A-Za-z][A-Za-z0-9_-]*\}`)
	tagNames    = regexp.MustCompile(`</?[a-z0-9]+`)
)

// normalHTML parses and re-serialises s, so two spellings of the same markup
// compare equal.
func normalHTML(t *testing.T, s string) string {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(s), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	require.NoError(t, err)
	var b strings.Builder
	for _, n := range nodes {
		require.NoError(t, html.Render(&b, n))
	}
	return b.String()
}

// Migration 002 turns an existing text hero.subtitle into one HTML
// paragraph, escaped as the sanitiser escapes text; an html row is left.
func TestHeroSubtitleBecomesHTML(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	all, err := pgdb.Load(migrationFS, "migrations")
	require.NoError(t, err)
	require.Greater(t, len(all), 1)

	for _, tc := range []struct {
		name, contentType, content, want string
	}{
		{"text", "text", `Roots & "cracks" aren't <b>fun</b>`, `<p>Roots &amp; &#34;cracks&#34; aren&#39;t &lt;b&gt;fun&lt;/b&gt;</p>`},
		{"already html", "html", `<p>Kept <em>as is</em></p>`, `<p>Kept <em>as is</em></p>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pool := pgtest.NewPool(t, nil)
			require.NoError(t, pgdb.Migrate(ctx, quiet, pool, Schema, all[:1]))
			_, err := pool.Exec(ctx, `INSERT INTO content.editable_content (id, content_key, content, content_type, category)
				VALUES ($1, 'hero.subtitle', $2, $3, 'homepage'), ($4, 'hero.title', 'Title & more', 'text', 'homepage')`,
				uuid.New(), tc.content, tc.contentType, uuid.New())
			require.NoError(t, err)
			require.NoError(t, Migrate(ctx, quiet, pool))

			items, err := New(pool).ListEditableContent(ctx)
			require.NoError(t, err)
			require.Len(t, items, 2)
			byKey := map[string]content.EditableContent{items[0].ContentKey: items[0], items[1].ContentKey: items[1]}
			sub, title := byKey["hero.subtitle"], byKey["hero.title"]
			require.Equal(t, "html", sub.ContentType)
			require.Equal(t, tc.want, sub.Content)
			require.Equal(t, content.SanitizeHTML(tc.want), tc.want, "what the sanitiser would store")
			require.Equal(t, "text", title.ContentType, "other texts are untouched")
			require.Equal(t, "Title & more", title.Content)
		})
	}
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

	posts, next, err := s.ListPublishedPosts(ctx, now, "", 10, "")
	require.NoError(t, err)
	require.Equal(t, []string{"new", "old"}, []string{posts[0].Slug, posts[1].Slug})
	require.Len(t, posts, 2)
	require.Empty(t, next)
	require.Empty(t, posts[0].Content, "a list carries no bodies")

	posts, next, err = s.ListPublishedPosts(ctx, now, "", 1, "")
	require.NoError(t, err)
	require.Len(t, posts, 1)
	require.Equal(t, "new", posts[0].Slug)
	posts, next, err = s.ListPublishedPosts(ctx, now, "", 1, next)
	require.NoError(t, err)
	require.Equal(t, []string{"old"}, []string{posts[0].Slug})
	require.Empty(t, next, "the last page says so")

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

// TestClaimWentLiveGivesEachPostToOneClaimer: claimers racing on one
// database (replicas' schedule rounds) announce every due post exactly
// once; a claim whose announce fails leaves its posts for a later claim,
// and a post not yet due, a draft, or one announced by its save is never
// claimed.
func TestClaimWentLiveGivesEachPostToOneClaimer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	now := time.Now()
	_, err := pool.Exec(ctx, `INSERT INTO content.blog_posts (id, slug, title, excerpt, content, published_at)
		SELECT gen_random_uuid(), 'due-' || i, 'Due', 'x', 'body', $1::timestamptz - i * interval '1 second'
		FROM generate_series(1, 600) i`, now)
	require.NoError(t, err)
	insertPost(t, pool, "later", true, now.Add(time.Hour))
	insertPost(t, pool, "draft", false, now.Add(-time.Hour))
	saved, err := s.CreatePost(ctx, content.Post{Slug: "saved-live", Title: "Saved", Excerpt: "x", Content: "body",
		IsPublished: true, PublishedAt: now.Add(-time.Minute), ReadTimeMinutes: 1, CreatedAt: now, UpdatedAt: now})
	require.NoError(t, err)

	errDown := errors.New("nats down")
	var mu sync.Mutex
	announced := map[string]int{}
	failures := 0
	var wg sync.WaitGroup
	for c := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; ; round++ {
				n, err := s.ClaimWentLive(ctx, now, 25, func(ids []string) error {
					if (c+round)%4 == 0 {
						mu.Lock()
						failures++
						mu.Unlock()
						return errDown
					}
					mu.Lock()
					defer mu.Unlock()
					for _, id := range ids {
						announced[id]++
					}
					return nil
				})
				if err != nil && !errors.Is(err, errDown) {
					t.Error(err)
					return
				}
				if err == nil && n == 0 {
					return
				}
			}
		}()
	}
	wg.Wait()
	require.Positive(t, failures)
	require.Len(t, announced, 600)
	for id, n := range announced {
		require.Equal(t, 1, n, "post %s", id)
	}
	require.NotContains(t, announced, saved.ID)
	var left int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM content.blog_posts WHERE announced_at IS NULL AND is_published`).Scan(&left))
	require.Equal(t, 1, left, "only the post not yet due waits")
}

// Migration 003 counts the posts live before it as announced, so the
// upgrade announces nothing old; a post scheduled then is still announced
// when it goes live.
func TestUpgradeAnnouncesOnlyPostsStillScheduled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	all, err := pgdb.Load(migrationFS, "migrations")
	require.NoError(t, err)
	pool := pgtest.NewPool(t, nil)
	require.NoError(t, pgdb.Migrate(ctx, quiet, pool, Schema, all[:2]))
	now := time.Now()
	insertPost(t, pool, "old", true, now.Add(-time.Hour))
	insertPost(t, pool, "scheduled", true, now.Add(time.Hour))
	require.NoError(t, Migrate(ctx, quiet, pool))

	var got []string
	_, err = New(pool).ClaimWentLive(ctx, now.Add(2*time.Hour), 10, func(ids []string) error { got = ids; return nil })
	require.NoError(t, err)
	require.Len(t, got, 1)
	p, err := New(pool).GetPost(ctx, got[0])
	require.NoError(t, err)
	require.Equal(t, "scheduled", p.Slug)
}

package contentpg

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// newPost is a post as the service would store it, written in lang,
// translating original (an id, or "").
func newPost(slug, lang, original string, published bool, at time.Time) content.Post {
	now := time.Now()
	return content.Post{Slug: slug, Title: "Post " + slug, Excerpt: "x", Content: "body", IsPublished: published, PublishedAt: at,
		ReadTimeMinutes: 1, CreatedAt: now, UpdatedAt: now, UpdatedBy: "ana@valleytrenchless.example", Language: lang, TranslationOf: original}
}

func linkedSlugs(ls []content.Linked) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, l.Language+":"+l.Slug)
	}
	return out
}

func validationMessage(t *testing.T, err error) string {
	t.Helper()
	var ve *content.ValidationError
	require.ErrorAs(t, err, &ve)
	require.Equal(t, "translation_of", ve.Field)
	return ve.Message
}

// Issue 40: a Spanish post links to the English post it translates; every
// read carries the other language's version (public reads only the live
// one); the link's rules hold with the original locked.
func TestTranslationsAreLinkedAndReadBothWays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newStore(t)
	past := time.Now().Add(-time.Hour)

	en, err := s.CreatePost(ctx, newPost("roots", content.English, "", true, past))
	require.NoError(t, err)
	require.Equal(t, "en", en.Language)
	require.Empty(t, en.Translations)

	// A draft translation: staff see it both ways, the public neither way.
	es, err := s.CreatePost(ctx, newPost("raices", content.Spanish, en.ID, false, past))
	require.NoError(t, err)
	require.Equal(t, en.ID, es.TranslationOf)
	require.Equal(t, []string{"en:roots"}, linkedSlugs(es.Translations))
	got, err := s.GetPost(ctx, en.ID)
	require.NoError(t, err)
	require.Equal(t, []content.Linked{{ID: es.ID, Slug: "raices", Title: "Post raices", Language: "es", IsPublished: false, PublishedAt: es.PublishedAt}}, got.Translations)
	pub, err := s.GetPublishedPost(ctx, time.Now(), "roots")
	require.NoError(t, err)
	require.Empty(t, pub.Translations, "a draft translation is not named to visitors")
	page, err := s.ListPosts(ctx, content.PostQuery{Sort: content.SortNewest, Limit: 10})
	require.NoError(t, err)
	for _, p := range page.Posts {
		require.Len(t, p.Translations, 1, p.Slug)
	}

	// Scheduled, then live.
	_, err = s.UpdatePost(ctx, es.ID, "ana@valleytrenchless.example", func(cur content.Post) (content.Post, bool, error) {
		cur.IsPublished, cur.PublishedAt = true, time.Now().Add(time.Hour)
		return cur, true, nil
	})
	require.NoError(t, err)
	pub, err = s.GetPublishedPost(ctx, time.Now(), "roots")
	require.NoError(t, err)
	require.Empty(t, pub.Translations, "a scheduled translation is not named before it is live")
	later := time.Now().Add(2 * time.Hour)
	pub, err = s.GetPublishedPost(ctx, later, "roots")
	require.NoError(t, err)
	require.Equal(t, []string{"es:raices"}, linkedSlugs(pub.Translations))
	esPub, err := s.GetPublishedPost(ctx, later, "raices")
	require.NoError(t, err)
	require.Equal(t, "es", esPub.Language)
	require.Equal(t, []string{"en:roots"}, linkedSlugs(esPub.Translations))

	// The public list: one language, or every one, each with its live twin.
	list, _, err := s.ListPublishedPosts(ctx, later, "es", 10, "")
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "raices", list[0].Slug)
	require.Equal(t, []string{"en:roots"}, linkedSlugs(list[0].Translations))
	list, _, err = s.ListPublishedPosts(ctx, later, "en", 10, "")
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, []string{"es:raices"}, linkedSlugs(list[0].Translations))
	list, _, err = s.ListPublishedPosts(ctx, later, "", 10, "")
	require.NoError(t, err)
	require.Len(t, list, 2)

	// One translation per language: a second is refused, naming the first.
	_, err = s.CreatePost(ctx, newPost("raices-otra-vez", content.Spanish, en.ID, false, past))
	require.Equal(t, "“Post roots” already has a Spanish translation: “Post raices”. Edit that one, or unlink it first.", validationMessage(t, err))
	// Saving the translation itself again is no second one.
	_, err = s.UpdatePost(ctx, es.ID, "ana@valleytrenchless.example", func(cur content.Post) (content.Post, bool, error) {
		cur.Title = "Raíces en la tubería"
		return cur, true, nil
	})
	require.NoError(t, err)

	// A translation of a translation, of a Spanish post, of nothing.
	loose, err := s.CreatePost(ctx, newPost("suelto", content.Spanish, "", true, past))
	require.NoError(t, err)
	_, err = s.CreatePost(ctx, newPost("cadena", content.Spanish, es.ID, true, past))
	require.Equal(t, "“Raíces en la tubería” is itself a translation. Choose the English post it translates instead.", validationMessage(t, err))
	_, err = s.CreatePost(ctx, newPost("de-espanol", content.Spanish, loose.ID, true, past))
	require.Equal(t, "“Post suelto” is a Spanish post. A translation must be of an English post.", validationMessage(t, err))
	_, err = s.CreatePost(ctx, newPost("huerfano", content.Spanish, "00000000-0000-4000-8000-000000000000", true, past))
	require.Contains(t, validationMessage(t, err), "does not exist")
	_, err = s.UpdatePost(ctx, loose.ID, "ana@valleytrenchless.example", func(cur content.Post) (content.Post, bool, error) {
		cur.TranslationOf = loose.ID
		return cur, true, nil
	})
	require.Equal(t, "A post cannot be a translation of itself. Choose the English post it translates.", validationMessage(t, err))
	got, err = s.GetPost(ctx, loose.ID)
	require.NoError(t, err)
	require.Empty(t, got.TranslationOf, "a refused link leaves nothing behind")
}

// Two staff linking posts to one original at once: the original's lock
// lets one through and tells the others who was first.
func TestOneTranslationPerOriginalUnderRace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newStore(t)
	past := time.Now().Add(-time.Hour)
	en, err := s.CreatePost(ctx, newPost("original", content.English, "", true, past))
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.CreatePost(ctx, newPost("traduccion-"+string(rune('a'+i)), content.Spanish, en.ID, false, past))
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		require.True(t, strings.HasPrefix(validationMessage(t, err), "“Post original” already has a Spanish translation"), err.Error())
	}
	require.Equal(t, 1, ok)
}

// Deleting an original keeps its translation, no longer linked; the
// staff list filters by language and counts what it keeps.
func TestDeletingTheOriginalKeepsItsTranslation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newStore(t)
	past := time.Now().Add(-time.Hour)
	en, err := s.CreatePost(ctx, newPost("original", content.English, "", true, past))
	require.NoError(t, err)
	_, err = s.CreatePost(ctx, newPost("other", content.English, "", true, past))
	require.NoError(t, err)
	es, err := s.CreatePost(ctx, newPost("traduccion", content.Spanish, en.ID, true, past))
	require.NoError(t, err)

	page, err := s.ListPosts(ctx, content.PostQuery{Sort: content.SortTitle, Limit: 10, Language: content.Spanish})
	require.NoError(t, err)
	require.Equal(t, 1, page.Matching)
	require.Equal(t, 3, page.All)
	require.Equal(t, "traduccion", page.Posts[0].Slug)
	require.Equal(t, en.ID, page.Posts[0].TranslationOf)
	page, err = s.ListPosts(ctx, content.PostQuery{Sort: content.SortTitle, Limit: 1, Language: content.English, Text: "post"})
	require.NoError(t, err)
	require.Equal(t, 2, page.Matching)
	require.Equal(t, "original", page.Posts[0].Slug)
	require.Equal(t, []string{"es:traduccion"}, linkedSlugs(page.Posts[0].Translations))
	page, err = s.ListPosts(ctx, content.PostQuery{Sort: content.SortTitle, Limit: 1, Language: content.English, Text: "post", Cursor: page.NextCursor})
	require.NoError(t, err)
	require.Equal(t, "other", page.Posts[0].Slug)
	require.Empty(t, page.Posts[0].Translations)
	require.Empty(t, page.NextCursor)

	require.NoError(t, s.DeletePost(ctx, en.ID))
	got, err := s.GetPost(ctx, es.ID)
	require.NoError(t, err)
	require.Empty(t, got.TranslationOf)
	require.Empty(t, got.Translations)
	require.Equal(t, "es", got.Language)
	pub, err := s.GetPublishedPost(ctx, time.Now(), "traduccion")
	require.NoError(t, err)
	require.Empty(t, pub.Translations)
}

// The Spanish seed article translates an English one: seeded once, linked
// to its original; a database seeded before it gets it too, unlinked when
// the original is gone.
func TestSpanishSeedArticles(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	posts, err := SeedSpanishPosts()
	require.NoError(t, err)
	require.Len(t, posts, 1)
	p := posts[0]
	require.Equal(t, "es", p.Language)
	require.Equal(t, "cipp-pipe-lining-explained", p.TranslationOf, "the original's slug")
	words := len(strings.Fields(p.Content))
	require.GreaterOrEqual(t, words, 700)
	require.Contains(t, p.Content, "\n## ")
	require.NotContains(t, p.Content, "](/services", "links go to the Spanish pages")
	require.NotContains(t, p.Content, "](/contact")

	s, pool := newStore(t)
	_, err = s.Seed(ctx)
	require.NoError(t, err)
	es, err := s.GetPublishedPost(ctx, time.Now(), "como-funciona-el-revestimiento-cipp")
	require.NoError(t, err)
	require.Equal(t, []string{"en:cipp-pipe-lining-explained"}, linkedSlugs(es.Translations))
	en, err := s.GetPublishedPost(ctx, time.Now(), "cipp-pipe-lining-explained")
	require.NoError(t, err)
	require.Equal(t, []string{"es:como-funciona-el-revestimiento-cipp"}, linkedSlugs(en.Translations))

	// A database from before the Spanish seed, whose staff deleted the
	// original: the Spanish article comes, unlinked; and only once.
	_, err = pool.Exec(ctx, `DELETE FROM content.blog_posts WHERE slug IN ('como-funciona-el-revestimiento-cipp', 'cipp-pipe-lining-explained');
		DELETE FROM content.seed_runs WHERE name = 'spanish-posts-2026-11'`)
	require.NoError(t, err)
	res, err := s.Seed(ctx)
	require.NoError(t, err)
	require.True(t, res.SpanishPostsApplied)
	require.False(t, res.PostsApplied)
	es, err = s.GetPublishedPost(ctx, time.Now(), "como-funciona-el-revestimiento-cipp")
	require.NoError(t, err)
	require.Empty(t, es.TranslationOf)
	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.False(t, res.SpanishPostsApplied)
}

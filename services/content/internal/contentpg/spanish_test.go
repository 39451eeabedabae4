package contentpg

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// setSpanish stores a Spanish text for key as by, as the service does.
func setSpanish(t *testing.T, s *Store, key, text, by string) content.EditableContent {
	t.Helper()
	c, err := s.UpdateEditableSpanish(context.Background(), key, func(cur content.EditableContent) (content.Translation, error) {
		var next content.Translation
		if cur.Spanish != nil {
			next = *cur.Spanish
		}
		next.Content, next.UpdatedAt, next.UpdatedBy = text, time.Now(), by
		return next, nil
	})
	require.NoError(t, err)
	return c
}

// Issue 40: an item's Spanish text has versions of its own. Saving it
// leaves the English text and its version alone, and the other way round;
// an item without one falls back to its English text.
func TestSpanishTextsHaveTheirOwnVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newStore(t)
	created, err := s.CreateEditableContent(ctx, content.EditableContent{ContentKey: "promo.title", Content: "Spring special", ContentType: "text", Category: "homepage"})
	require.NoError(t, err)
	require.Nil(t, created.Spanish)
	fallback := created.In(content.Spanish)
	require.Equal(t, content.Localized{Content: "Spring special", Locale: "en", Fallback: true, UpdatedAt: created.UpdatedAt}, fallback)

	es := setSpanish(t, s, "promo.title", "Oferta de primavera", "ana@valleytrenchless.example")
	require.Equal(t, int64(1), es.Version, "the English version stays")
	require.Equal(t, "Spring special", es.Content)
	require.NotNil(t, es.Spanish)
	require.Equal(t, int64(1), es.Spanish.Version, "the first Spanish text is its version 1")
	require.Equal(t, "ana@valleytrenchless.example", es.Spanish.UpdatedBy)
	require.Empty(t, es.UpdatedBy, "the English text was not touched")

	es = setSpanish(t, s, "promo.title", "Especial de primavera", "ben@valleytrenchless.example")
	require.Equal(t, int64(2), es.Spanish.Version)
	require.Equal(t, int64(1), es.Version)
	require.Equal(t, content.Localized{Content: "Especial de primavera", Locale: "es", Version: 2, UpdatedAt: es.Spanish.UpdatedAt,
		UpdatedBy: "ben@valleytrenchless.example"}, es.In(content.Spanish))
	require.Equal(t, "Spring special", es.In(content.English).Content)

	en, err := s.UpdateEditableContent(ctx, "promo.title", func(c content.EditableContent) (content.EditableContent, error) {
		c.Content, c.UpdatedAt, c.UpdatedBy = "Summer special", time.Now(), "cy@valleytrenchless.example"
		return c, nil
	})
	require.NoError(t, err)
	require.Equal(t, int64(2), en.Version)
	require.Equal(t, int64(2), en.Spanish.Version, "an English save leaves the Spanish version")
	require.Equal(t, "Especial de primavera", en.Spanish.Content)

	got, err := s.GetEditableContent(ctx, "promo.title")
	require.NoError(t, err)
	require.Equal(t, en, got)
	all, err := s.ListEditableContent(ctx)
	require.NoError(t, err)
	require.Equal(t, []content.EditableContent{en}, all)

	// A Spanish save of an item that is gone is NOT_FOUND; deleting an
	// item deletes its Spanish text with it.
	_, err = s.UpdateEditableSpanish(ctx, "no.such.key", func(content.EditableContent) (content.Translation, error) {
		return content.Translation{Content: "x"}, nil
	})
	require.ErrorIs(t, err, content.ErrNotFound)
	require.NoError(t, s.DeleteEditableContent(ctx, "promo.title"))
	var left int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM content.editable_content_translations`).Scan(&left))
	require.Zero(t, left)

	// Created with its Spanish text.
	both, err := s.CreateEditableContent(ctx, content.EditableContent{ContentKey: "promo.intro", Content: "<p>Save</p>", ContentType: "html",
		Category: "homepage", Spanish: &content.Translation{Content: "<p>Ahorre</p>"}})
	require.NoError(t, err)
	require.Equal(t, "<p>Ahorre</p>", both.Spanish.Content)
	require.Equal(t, int64(1), both.Spanish.Version)
}

// A database from before the Spanish edition gets the seed's Spanish texts
// at the next start: only where no Spanish text is set (staff's stays) and
// only where the English is still the text the seed translates (a
// translation of wording staff have replaced would be wrong: it shows as
// missing instead).
func TestSeedAddsSpanishToAnExistingDatabaseWithoutOverwriting(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	seed, err := seedEditableContent()
	require.NoError(t, err)
	res, err := s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, len(seed), res.EditableAdded)
	require.Equal(t, len(seed), res.SpanishAdded, "a fresh database gets every Spanish text")

	// The database as the release before this one left it: no Spanish. Staff
	// have reworded one English text and (after the upgrade, say) written
	// their own Spanish for another.
	_, err = pool.Exec(ctx, `DELETE FROM content.editable_content_translations`)
	require.NoError(t, err)
	_, err = s.UpdateEditableContent(ctx, "hero.title", func(c content.EditableContent) (content.EditableContent, error) {
		c.Content, c.UpdatedAt = "Sewer Repair Without the Trench", time.Now()
		return c, nil
	})
	require.NoError(t, err)
	setSpanish(t, s, "contact.hero.title", "Pida su inspección", "ana@valleytrenchless.example")

	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, SeedResult{SpanishAdded: len(seed) - 2}, res)
	items, err := s.ListEditableContent(ctx)
	require.NoError(t, err)
	want := map[string]seedItem{}
	for _, it := range seed {
		want[it.ContentKey] = it
	}
	for _, it := range items {
		switch it.ContentKey {
		case "hero.title":
			require.Nil(t, it.Spanish, "no translation of the old wording")
			require.True(t, it.In(content.Spanish).Fallback)
		case "contact.hero.title":
			require.Equal(t, "Pida su inspección", it.Spanish.Content, "staff's Spanish is never overwritten")
			require.Equal(t, "ana@valleytrenchless.example", it.Spanish.UpdatedBy)
		default:
			require.NotNil(t, it.Spanish, it.ContentKey)
			require.Equal(t, want[it.ContentKey].ContentEs, it.Spanish.Content, it.ContentKey)
			require.Equal(t, int64(1), it.Spanish.Version)
			require.Empty(t, it.Spanish.UpdatedBy)
		}
	}

	// Every later start changes nothing.
	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, SeedResult{}, res)
}

// The staff list searches the language asked for (a Spanish page's text:
// the Spanish one, else the English), keeps the texts missing a Spanish
// one when asked, and always counts those.
func TestStaffTextListFiltersByLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := newStore(t)
	for _, c := range []content.EditableContent{
		{ContentKey: "a.lining", Content: "Pipe lining", Category: "homepage"},
		{ContentKey: "b.look", Content: "Camera inspection", Category: "services", Description: "Services hero"},
		{ContentKey: "c.promise", Content: "Lifetime warranty", Category: "general"},
	} {
		c.ContentType = "text"
		_, err := s.CreateEditableContent(ctx, c)
		require.NoError(t, err)
	}
	setSpanish(t, s, "a.lining", "Revestimiento de tubería", "")
	setSpanish(t, s, "b.look", "Inspección con cámara", "")

	list := func(q content.TextQuery) ([]string, content.TextPage) {
		q.Limit = 10
		page, err := s.ListEditableContentPage(ctx, q)
		require.NoError(t, err)
		keys := []string{}
		for _, it := range page.Items {
			keys = append(keys, it.ContentKey)
		}
		return keys, page
	}
	keys, page := list(content.TextQuery{})
	require.Equal(t, []string{"a.lining", "b.look", "c.promise"}, keys)
	require.Equal(t, 1, page.MissingSpanish)
	require.Equal(t, "Revestimiento de tubería", page.Items[0].Spanish.Content, "the list carries both languages")

	keys, _ = list(content.TextQuery{Text: "tubería"})
	require.Empty(t, keys, "English searches the English text")
	keys, _ = list(content.TextQuery{Text: "TUBERÍA", Locale: content.Spanish})
	require.Equal(t, []string{"a.lining"}, keys)
	keys, _ = list(content.TextQuery{Text: "pipe", Locale: content.Spanish})
	require.Empty(t, keys, "a translated text is searched in Spanish")
	keys, _ = list(content.TextQuery{Text: "warranty", Locale: content.Spanish})
	require.Equal(t, []string{"c.promise"}, keys, "an untranslated one in the English a Spanish page shows")
	keys, _ = list(content.TextQuery{Text: "services hero", Locale: content.Spanish})
	require.Equal(t, []string{"b.look"}, keys, "description and key in either language")

	keys, page = list(content.TextQuery{MissingSpanish: true})
	require.Equal(t, []string{"c.promise"}, keys)
	require.Equal(t, 1, page.Matching)
	require.Equal(t, 3, page.All)
	keys, page = list(content.TextQuery{MissingSpanish: true, Text: "camera"})
	require.Empty(t, keys)
	require.Equal(t, 1, page.MissingSpanish, "counted whatever the query")
}

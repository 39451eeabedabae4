package contentpg

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// textHash is a default's entry in seed/editable-content-history.json.
func textHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// Every default of the seed is in its history, so that when a later
// release rewords it, databases still holding this wording are brought up
// to date. Changing a default fails here until its new hash is added (the
// old one stays: it is what finds the databases to update).
func TestSeedHistoryHoldsEveryDefault(t *testing.T) {
	t.Parallel()
	items, err := seedEditableContent()
	require.NoError(t, err)
	history, err := seedHistory()
	require.NoError(t, err)
	var missing []string
	for _, it := range items {
		h := history[it.ContentKey]
		if !slices.Contains(h.English, textHash(it.Content)) {
			missing = append(missing, fmt.Sprintf("%s: add %q to \"en\"", it.ContentKey, textHash(it.Content)))
		}
		if it.ContentEs != "" && !slices.Contains(h.Spanish, textHash(it.ContentEs)) {
			missing = append(missing, fmt.Sprintf("%s: add %q to \"es\"", it.ContentKey, textHash(it.ContentEs)))
		}
	}
	require.Empty(t, missing, "seed/editable-content-history.json lacks this release's defaults (keep the earlier ones)")
}

// A database seeded by an earlier release holds that release's wording
// wherever staff left the defaults alone. The next start gives those texts
// this release's wording, one version on, and leaves every text staff
// wrote as they wrote it; a second start changes nothing.
func TestSeedBringsUntouchedDefaultsUpToDate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	_, err := s.Seed(ctx)
	require.NoError(t, err)
	items, err := seedEditableContent()
	require.NoError(t, err)
	history, err := seedHistory()
	require.NoError(t, err)
	seed := map[string]seedItem{}
	for _, it := range items {
		seed[it.ContentKey] = it
	}

	// The wording of earlier releases: the first release's hero subtitle
	// (plain text, before it became html), and "presupuesto" before
	// "cotización" (2026-11-28).
	oldSubtitle := strings.TrimSuffix(strings.TrimPrefix(seed["hero.subtitle"].Content, "<p>"), "</p>")
	oldStep := "Presupuesto el mismo día"
	require.Contains(t, history["hero.subtitle"].English, textHash(oldSubtitle))
	require.Contains(t, history["contact.steps.3.title"].Spanish, textHash(oldStep))
	_, err = pool.Exec(ctx, `UPDATE content.editable_content SET content = $1 WHERE content_key = 'hero.subtitle'`, oldSubtitle)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `UPDATE content.editable_content_translations SET content = $1 WHERE content_key = 'contact.steps.3.title'`, oldStep)
	require.NoError(t, err)
	// Staff wrote their own: an earlier default's neighbour, and a text
	// that was never a default.
	setSpanish(t, s, "contact.steps.3.text", "<p>Le damos una cotización por escrito hoy mismo.</p>", "ana@valleytrenchless.example")
	_, err = s.UpdateEditableContent(ctx, "hero.title", func(c content.EditableContent) (content.EditableContent, error) {
		c.Content, c.UpdatedBy = "Sewer Repair Without the Trench", "ana@valleytrenchless.example"
		return c, nil
	})
	require.NoError(t, err)

	res, err := s.Seed(ctx)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"hero.subtitle", "contact.steps.3.title"}, res.TextsUpdated)
	require.Zero(t, res.EditableAdded)
	require.Zero(t, res.SpanishAdded)

	got := map[string]content.EditableContent{}
	all, err := s.ListEditableContent(ctx)
	require.NoError(t, err)
	for _, it := range all {
		got[it.ContentKey] = it
	}
	require.Equal(t, seed["hero.subtitle"].Content, got["hero.subtitle"].Content)
	require.Equal(t, int64(2), got["hero.subtitle"].Version, "one version on: an editor opened on the old wording is told")
	require.Equal(t, "Cotización el mismo día", got["contact.steps.3.title"].Spanish.Content)
	require.Equal(t, int64(2), got["contact.steps.3.title"].Spanish.Version)
	require.Equal(t, "<p>Le damos una cotización por escrito hoy mismo.</p>", got["contact.steps.3.text"].Spanish.Content, "staff's Spanish stays")
	require.Equal(t, "Sewer Repair Without the Trench", got["hero.title"].Content, "staff's English stays")
	require.Equal(t, "ana@valleytrenchless.example", got["hero.title"].UpdatedBy)

	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, SeedResult{}, res, "a second start changes nothing")
}

// A seed article no one has saved since the seed wrote it takes this
// release's wording, its previous one kept as a revision; an article staff
// saved is theirs and stays as it is.
func TestSeedRewordsSeedArticlesNoOneHasSaved(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, pool := newStore(t)
	_, err := s.Seed(ctx)
	require.NoError(t, err)
	spanish, err := SeedSpanishPosts()
	require.NoError(t, err)
	english, err := SeedPosts()
	require.NoError(t, err)
	untouched, saved := spanish[0], english[0]

	old := strings.Replace(untouched.Content, "## ", "## Antes: ", 1)
	var id, savedID string
	require.NoError(t, pool.QueryRow(ctx, `UPDATE content.blog_posts SET content = $2 WHERE slug = $1 RETURNING id::text`, untouched.Slug, old).Scan(&id))
	require.NoError(t, pool.QueryRow(ctx, `UPDATE content.blog_posts SET title = 'Our own title', updated_by = 'ana@valleytrenchless.example'
		WHERE slug = $1 RETURNING id::text`, saved.Slug).Scan(&savedID))

	res, err := s.Seed(ctx)
	require.NoError(t, err)
	require.Equal(t, []string{id}, res.PostsUpdated)
	p, err := s.GetPost(ctx, id)
	require.NoError(t, err)
	require.Equal(t, untouched.Content, p.Content)
	require.Equal(t, int64(2), p.Version)
	require.Equal(t, "seed", p.UpdatedBy, "still the seed's: a later release may reword it again")
	revs, total, err := s.ListRevisions(ctx, id, content.RevisionKey{}, 10)
	require.NoError(t, err)
	require.Equal(t, 1, total)
	require.Equal(t, old, revs[0].Content, "the previous wording is a revision")

	q, err := s.GetPost(ctx, savedID)
	require.NoError(t, err)
	require.Equal(t, "Our own title", q.Title, "a post staff saved is theirs")

	res, err = s.Seed(ctx)
	require.NoError(t, err)
	require.Empty(t, res.PostsUpdated)
}

package contentpg

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// translationIndex is the unique index that keeps one translation per
// original and language (migration 010).
const translationIndex = "blog_posts_translation_idx"

// errTranslationTaken is a link refused by translationIndex: another post
// became the original's translation first. CheckOriginal says so with
// names while the original is locked; this is the index's own word.
var errTranslationTaken = &content.ValidationError{Field: "translation_of",
	Message: "That English post already has a translation in this language. Edit that one, or unlink it first."}

// postWriteError is a post write's error for the domain: a second
// translation of one original, a slug in use (content.ErrConflict), the
// domain's own errors as they are, anything else with op's context.
func postWriteError(op string, err error) error {
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == translationIndex:
		return errTranslationTaken
	case pgdb.IsUniqueViolation(err):
		return content.ErrConflict
	}
	return wrapUnlessSentinel(op, err)
}

// linkedRow is a row of fillTranslations: a linked version and the post
// it belongs to.
type linkedRow struct {
	owner string
	content.Linked
}

func scanLinked(row pgx.CollectableRow) (linkedRow, error) {
	var owner, id [16]byte
	var l linkedRow
	err := row.Scan(&owner, &id, &l.Slug, &l.Title, &l.Language, &l.IsPublished, &l.PublishedAt)
	l.owner, l.ID = uuidString(owner), uuidString(id)
	return l, err
}

// fillTranslations sets each post's Translations: the posts translating it
// (translation_of, by its unique index) and the post it translates (by
// primary key), in language order. With liveAt only the versions published
// and live at that time count (public reads); without, drafts and
// scheduled ones too (staff reads).
func fillTranslations(ctx context.Context, q querier, posts []content.Post, liveAt *time.Time) error {
	if len(posts) == 0 {
		return nil
	}
	ids := make([]string, len(posts))
	for i, p := range posts {
		ids[i] = p.ID
	}
	args := []any{ids}
	live := ""
	if liveAt != nil {
		args = append(args, *liveAt)
		live = " AND t.is_published AND t.published_at <= $2"
	}
	rows, err := q.Query(ctx, `SELECT t.translation_of, t.id, t.slug, t.title, t.language, t.is_published, t.published_at
		FROM content.blog_posts t WHERE t.translation_of = ANY($1::uuid[])`+live+`
		UNION ALL
		SELECT o.id, t.id, t.slug, t.title, t.language, t.is_published, t.published_at
		FROM content.blog_posts o JOIN content.blog_posts t ON t.id = o.translation_of
		WHERE o.id = ANY($1::uuid[])`+live+`
		ORDER BY 5, 2`, args...)
	if err != nil {
		return fmt.Errorf("read translations: %w", err)
	}
	linked, err := pgx.CollectRows(rows, scanLinked)
	if err != nil {
		return fmt.Errorf("read translations: %w", err)
	}
	byPost := map[string][]content.Linked{}
	for _, l := range linked {
		byPost[l.owner] = append(byPost[l.owner], l.Linked)
	}
	for i := range posts {
		posts[i].Translations = byPost[posts[i].ID]
	}
	return nil
}

// checkOriginal checks p's link (content.CheckOriginal) with the original
// locked FOR UPDATE until tx ends: a second post linking to it waits, then
// sees the first, so one original never gets two translations in a
// language, and the original cannot leave English meanwhile.
func checkOriginal(ctx context.Context, tx pgx.Tx, p content.Post) error {
	if p.TranslationOf == "" {
		return nil
	}
	orig, err := getPost(ctx, tx, p.TranslationOf, "FOR UPDATE")
	if errors.Is(err, content.ErrNotFound) {
		return content.CheckOriginal(p, nil)
	}
	if err != nil {
		return err
	}
	found := []content.Post{orig}
	if err := fillTranslations(ctx, tx, found, nil); err != nil {
		return err
	}
	return content.CheckOriginal(p, &found[0])
}

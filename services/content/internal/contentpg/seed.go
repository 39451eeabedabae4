package contentpg

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

//go:embed seed/posts/*.md seed/posts-es/*.md seed/editable-content.json seed/editable-content-history.json
var seedFS embed.FS

// seedName identifies the initial posts seed in content.seed_runs.
const seedName = "initial-2026-11"

// spanishSeedName identifies the Spanish posts seed (issue 40): its own
// run, so a database seeded before it gets the Spanish posts once too.
const spanishSeedName = "spanish-posts-2026-11"

// SeedResult says what Seed changed.
type SeedResult struct {
	// PostsApplied is true on the one run that inserted the seed articles.
	PostsApplied bool
	// EditableAdded counts editable-text keys that were missing and are
	// now inserted with their seed defaults.
	EditableAdded int
	// SpanishAdded counts Spanish texts now inserted from the seed.
	SpanishAdded int
	// SpanishPostsApplied is true on the one run that inserted the
	// Spanish seed articles.
	SpanishPostsApplied bool
	// TextsUpdated are the keys of the texts (either language) that still
	// held an earlier release's default and now hold this release's.
	TextsUpdated []string
	// PostsUpdated are the ids of the seed articles staff never saved
	// whose wording this release changed, now rewritten.
	PostsUpdated []string
}

// Seed applies the seed data. It is safe to call at every start:
//   - The articles are inserted once (recorded in content.seed_runs), so
//     posts staff delete do not come back, and a slug that exists is left
//     as it is. The Spanish articles are a run of their own, after the
//     English: each is linked to the English article it translates when
//     that one is still there, English and not translated yet, and
//     inserted unlinked otherwise.
//   - Every editable-text key of the seed that is missing is inserted,
//     at every start: a release that adds texts to the site brings their
//     defaults with it. A key that exists keeps its content, so staff edits
//     are never overwritten.
//   - Every seed Spanish text (contentEs) is added, at every start, to its
//     item when the item has no Spanish text yet and its English text is
//     still the one the seed translates: a database from before the
//     Spanish edition gets the translations, a Spanish text staff saved is
//     never overwritten, and English staff have rewritten is not given a
//     translation of the old wording (it shows as missing instead).
//   - A text, in either language, whose stored wording is exactly an
//     earlier release's default (seed/editable-content-history.json holds
//     the SHA-256 of every default each key has shipped with) is given
//     this release's default, one version on: a wording fixed in the seed
//     reaches every database where staff left the default alone, and
//     never one where they wrote their own.
//   - A seed article staff have never saved (updated_by 'seed') whose
//     title, excerpt or body this release changed is rewritten, its
//     previous wording kept as a revision.
func (s *Store) Seed(ctx context.Context) (SeedResult, error) {
	var res SeedResult
	posts, err := SeedPosts()
	if err != nil {
		return res, err
	}
	spanish, err := SeedSpanishPosts()
	if err != nil {
		return res, err
	}
	items, err := seedEditableContent()
	if err != nil {
		return res, err
	}
	history, err := seedHistory()
	if err != nil {
		return res, err
	}
	// Seed posts already live need no announcement: the seed runs at start,
	// before any cache holds a read of them.
	now := time.Now()
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		res = SeedResult{}
		tag, err := tx.Exec(ctx, `INSERT INTO content.seed_runs (name) VALUES ($1) ON CONFLICT DO NOTHING`, seedName)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 1 {
			res.PostsApplied = true
			for _, p := range posts {
				if _, err := tx.Exec(ctx, `INSERT INTO content.blog_posts
					(id, slug, title, excerpt, content, published_at, is_published, category, read_time_minutes, created_at, updated_at, updated_by, announced_at)
					VALUES ($1, $2, $3, $4, $5, $6, true, NULLIF($7, ''), $8, $6, $6, 'seed', $9)
					ON CONFLICT (slug) DO NOTHING`,
					uuid.New(), p.Slug, p.Title, p.Excerpt, p.Content, p.PublishedAt, p.Category, p.ReadTimeMinutes,
					announcedAt(true, p.PublishedAt, now)); err != nil {
					return fmt.Errorf("seed post %s: %w", p.Slug, err)
				}
			}
		}
		if res.SpanishPostsApplied, err = seedSpanishPosts(ctx, tx, spanish, now); err != nil {
			return err
		}
		if res.PostsUpdated, err = updateSeedPosts(ctx, tx, append(posts, spanish...)); err != nil {
			return err
		}
		updated := map[string]bool{}
		for _, c := range items {
			// The English first: a text it brings up to date is then the one
			// the seed's Spanish translates.
			tag, err := tx.Exec(ctx, `UPDATE content.editable_content SET content = $2, updated_by = '', updated_at = now(), version = version + 1
				WHERE content_key = $1 AND content <> $2 AND encode(sha256(convert_to(content, 'UTF8')), 'hex') = ANY($3)`,
				c.ContentKey, c.Content, history[c.ContentKey].English)
			if err != nil {
				return fmt.Errorf("update seed content %s: %w", c.ContentKey, err)
			}
			updated[c.ContentKey] = updated[c.ContentKey] || tag.RowsAffected() > 0
			if c.ContentEs == "" {
				continue
			}
			tag, err = tx.Exec(ctx, `UPDATE content.editable_content_translations SET content = $2, updated_by = '', updated_at = now(), version = version + 1
				WHERE content_key = $1 AND locale = 'es' AND content <> $2 AND encode(sha256(convert_to(content, 'UTF8')), 'hex') = ANY($3)`,
				c.ContentKey, c.ContentEs, history[c.ContentKey].Spanish)
			if err != nil {
				return fmt.Errorf("update seed Spanish content %s: %w", c.ContentKey, err)
			}
			updated[c.ContentKey] = updated[c.ContentKey] || tag.RowsAffected() > 0
		}
		for _, c := range items {
			if updated[c.ContentKey] {
				res.TextsUpdated = append(res.TextsUpdated, c.ContentKey)
			}
		}
		for _, c := range items {
			tag, err := tx.Exec(ctx, `INSERT INTO content.editable_content
				(id, content_key, content, content_type, category, description)
				VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (content_key) DO NOTHING`,
				uuid.New(), c.ContentKey, c.Content, c.ContentType, c.Category, c.Description)
			if err != nil {
				return fmt.Errorf("seed content %s: %w", c.ContentKey, err)
			}
			res.EditableAdded += int(tag.RowsAffected())
		}
		for _, c := range items {
			if c.ContentEs == "" {
				continue
			}
			tag, err := tx.Exec(ctx, `INSERT INTO content.editable_content_translations (content_key, locale, content)
				SELECT content_key, 'es', $2 FROM content.editable_content WHERE content_key = $1 AND content = $3
				ON CONFLICT (content_key, locale) DO NOTHING`,
				c.ContentKey, c.ContentEs, c.Content)
			if err != nil {
				return fmt.Errorf("seed Spanish content %s: %w", c.ContentKey, err)
			}
			res.SpanishAdded += int(tag.RowsAffected())
		}
		return nil
	})
	if err != nil {
		return SeedResult{}, fmt.Errorf("seed: %w", err)
	}
	return res, nil
}

// updateSeedPosts rewrites each seed article still as the seed left it
// (updated_by 'seed': no one has saved it since) whose title, excerpt or
// body differs from this release's, keeping what it said as a revision,
// and returns their ids. Its slug, dates, image and status stay.
func updateSeedPosts(ctx context.Context, tx pgx.Tx, posts []content.Post) ([]string, error) {
	var ids []string
	for _, p := range posts {
		rows, err := tx.Query(ctx, `WITH stale AS (
				SELECT * FROM content.blog_posts
				WHERE slug = $1 AND updated_by = 'seed' AND (title, excerpt, content) IS DISTINCT FROM ($2, $3, $4)
				FOR UPDATE),
			kept AS (
				INSERT INTO content.post_revisions
					(id, post_id, slug, title, excerpt, content, image_url, published_at, is_published, category, saved_by, saved_at,
					 seo_title, seo_description, social_image_url)
				SELECT gen_random_uuid(), id, slug, title, excerpt, content, image_url, published_at, is_published, category, 'seed', now(),
					seo_title, seo_description, social_image_url FROM stale)
			UPDATE content.blog_posts b SET title = $2, excerpt = $3, content = $4, read_time_minutes = $5,
				updated_at = now(), version = b.version + 1
			FROM stale WHERE b.id = stale.id
			RETURNING b.id::text`,
			p.Slug, p.Title, p.Excerpt, p.Content, p.ReadTimeMinutes)
		if err != nil {
			return nil, fmt.Errorf("update seed post %s: %w", p.Slug, err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, fmt.Errorf("update seed post %s: %w", p.Slug, err)
		}
		ids = append(ids, got...)
	}
	return ids, nil
}

// seedSpanishPosts inserts the Spanish articles once (spanishSeedName),
// each linked to the English article whose slug its TranslationOf holds
// when that article is English, no translation and not yet translated.
func seedSpanishPosts(ctx context.Context, tx pgx.Tx, posts []content.Post, now time.Time) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO content.seed_runs (name) VALUES ($1) ON CONFLICT DO NOTHING`, spanishSeedName)
	if err != nil || tag.RowsAffected() == 0 {
		return false, err
	}
	for _, p := range posts {
		if _, err := tx.Exec(ctx, `INSERT INTO content.blog_posts
			(id, slug, title, excerpt, content, published_at, is_published, category, read_time_minutes, created_at, updated_at, updated_by, announced_at,
			 language, translation_of)
			VALUES ($1, $2, $3, $4, $5, $6, true, NULLIF($7, ''), $8, $6, $6, 'seed', $9, $10,
				(SELECT o.id FROM content.blog_posts o WHERE o.slug = $11 AND o.language = 'en' AND o.translation_of IS NULL
					AND NOT EXISTS (SELECT 1 FROM content.blog_posts t WHERE t.translation_of = o.id AND t.language = $10)))
			ON CONFLICT (slug) DO NOTHING`,
			uuid.New(), p.Slug, p.Title, p.Excerpt, p.Content, p.PublishedAt, p.Category, p.ReadTimeMinutes,
			announcedAt(true, p.PublishedAt, now), p.Language, p.TranslationOf); err != nil {
			return false, fmt.Errorf("seed post %s: %w", p.Slug, err)
		}
	}
	return true, nil
}

// SeedPosts parses the embedded English seed articles: a front-matter
// block of "key: value" lines between "---" lines, then the markdown body.
func SeedPosts() ([]content.Post, error) {
	return seedPosts("seed/posts/*.md", content.English)
}

// SeedSpanishPosts parses the embedded Spanish seed articles
// (seed/posts-es), whose front matter may name the English article each
// translates (translationOf: its slug, kept in TranslationOf).
func SeedSpanishPosts() ([]content.Post, error) {
	return seedPosts("seed/posts-es/*.md", content.Spanish)
}

func seedPosts(pattern, language string) ([]content.Post, error) {
	files, err := fs.Glob(seedFS, pattern)
	if err != nil {
		return nil, err
	}
	posts := make([]content.Post, 0, len(files))
	for _, f := range files {
		raw, err := seedFS.ReadFile(f)
		if err != nil {
			return nil, err
		}
		p, err := parseSeedPost(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path.Base(f), err)
		}
		if p.TranslationOf != "" && language == content.English {
			return nil, fmt.Errorf("%s: an English article translates none", path.Base(f))
		}
		p.Language = language
		posts = append(posts, p)
	}
	return posts, nil
}

func parseSeedPost(raw []byte) (content.Post, error) {
	var p content.Post
	rest, ok := bytes.CutPrefix(raw, []byte("---\n"))
	if !ok {
		return p, fmt.Errorf("missing front matter")
	}
	head, body, ok := bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		return p, fmt.Errorf("unterminated front matter")
	}
	sc := bufio.NewScanner(bytes.NewReader(head))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			return p, fmt.Errorf("bad front matter line %q", sc.Text())
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "slug":
			p.Slug = v
		case "title":
			p.Title = v
		case "excerpt":
			p.Excerpt = v
		case "category":
			p.Category = v
		case "translationOf":
			p.TranslationOf = v // the original's slug
		case "publishedAt":
			t, err := time.ParseInLocation("2006-01-02", v, phoenix)
			if err != nil {
				return p, fmt.Errorf("publishedAt: %w", err)
			}
			p.PublishedAt = t.Add(9 * time.Hour)
		default:
			return p, fmt.Errorf("unknown front matter key %q", k)
		}
	}
	p.Content = strings.TrimSpace(string(body)) + "\n"
	if p.Slug == "" || p.Title == "" || p.Excerpt == "" || p.PublishedAt.IsZero() {
		return p, fmt.Errorf("slug, title, excerpt and publishedAt are required")
	}
	// A category equal to the derived one is stored as derived, so a later
	// title edit keeps the rule working.
	if p.Category == content.DeriveCategory(p.Title) {
		p.Category = ""
	}
	p.IsPublished = true
	p.ReadTimeMinutes = content.ReadTimeMinutes(p.Content)
	return p, nil
}

// phoenix is Arizona time (no daylight saving): seed dates are local dates.
var phoenix = time.FixedZone("MST", -7*60*60)

// seedItem is an item of seed/editable-content.json. ContentEs is its
// Spanish text, which the build also fills into the /es/ pages.
type seedItem struct {
	ContentKey  string `json:"contentKey"`
	Content     string `json:"content"`
	ContentEs   string `json:"contentEs"`
	ContentType string `json:"contentType"`
	Category    string `json:"category"`
	Description string `json:"description"`
}

// seedDefaults are the SHA-256 (hex) of every default a text has shipped
// with, in each language, this release's among them.
type seedDefaults struct {
	English []string `json:"en"`
	Spanish []string `json:"es"`
}

// seedHistory reads seed/editable-content-history.json, by content key.
func seedHistory() (map[string]seedDefaults, error) {
	raw, err := seedFS.ReadFile("seed/editable-content-history.json")
	if err != nil {
		return nil, err
	}
	var h map[string]seedDefaults
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("editable-content-history.json: %w", err)
	}
	return h, nil
}

func seedEditableContent() ([]seedItem, error) {
	raw, err := seedFS.ReadFile("seed/editable-content.json")
	if err != nil {
		return nil, err
	}
	var items []seedItem
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&items); err != nil {
		return nil, fmt.Errorf("editable-content.json: %w", err)
	}
	return items, nil
}

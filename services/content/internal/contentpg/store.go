// Package contentpg is the Postgres store of the content service: posts,
// revisions and editable text in schema "content", its migrations, and the
// seed data applied once to an empty database.
package contentpg

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// Schema is the Postgres schema this service owns.
const Schema = "content"

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies the service's migrations.
func Migrate(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool) error {
	return pgdb.MigrateDir(ctx, log, pool, Schema, migrationFS, "migrations")
}

// Store implements content.Store on Postgres.
type Store struct {
	pool *pgxpool.Pool
}

// New returns a Store on pool.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

var _ content.Store = (*Store)(nil)

const postColumns = `id, slug, title, excerpt, content, image_url, published_at, is_published,
	coalesce(category, ''), read_time_minutes, created_at, updated_at, updated_by, version, autosaved, seo_title, seo_description, social_image_url,
	language, coalesce(translation_of::text, '')`

func scanPost(row pgx.CollectableRow) (content.Post, error) {
	var p content.Post
	var id [16]byte
	err := row.Scan(&id, &p.Slug, &p.Title, &p.Excerpt, &p.Content, &p.ImageURL, &p.PublishedAt,
		&p.IsPublished, &p.Category, &p.ReadTimeMinutes, &p.CreatedAt, &p.UpdatedAt, &p.UpdatedBy, &p.Version, &p.Autosaved, &p.SEO.Title, &p.SEO.Description, &p.SEO.ImageURL,
		&p.Language, &p.TranslationOf)
	p.ID = uuidString(id)
	return p, err
}

// GetPublishedPost returns a live post by slug, with its live translations.
func (s *Store) GetPublishedPost(ctx context.Context, now time.Time, slug string) (content.Post, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+postColumns+` FROM content.blog_posts
		WHERE slug = $1 AND is_published AND published_at <= $2`, slug, now)
	if err != nil {
		return content.Post{}, fmt.Errorf("get published post: %w", err)
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPost)
	if errors.Is(err, pgx.ErrNoRows) {
		return content.Post{}, content.ErrNotFound
	}
	if err != nil {
		return content.Post{}, fmt.Errorf("get published post: %w", err)
	}
	posts := []content.Post{p}
	if err := fillTranslations(ctx, s.pool, posts, &now); err != nil {
		return content.Post{}, fmt.Errorf("get published post: %w", err)
	}
	return posts[0], nil
}

// ClaimWentLive claims up to limit published posts whose publish time is at
// or before now and whose going live nobody has announced yet, and calls
// announce with their ids inside the claiming transaction. Each replica
// runs it: FOR UPDATE SKIP LOCKED lets only one transaction hold a post,
// and a claim that commits has set announced_at, which no later claim
// matches, so each post is announced by one replica. When announce fails
// the transaction rolls back and the posts are claimed again on a later
// round (by any replica); so does a replica that dies before committing.
// A post is announced twice only when announce succeeded and the commit
// then failed: at least once, never lost.
//
// Holding the posts' row locks while announce publishes makes a staff save
// of one of them wait for that publish (announce is bounded by ctx).
func (s *Store) ClaimWentLive(ctx context.Context, now time.Time, limit int, announce func(ids []string) error) (int, error) {
	claimed := 0
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE content.blog_posts SET announced_at = $1
			WHERE id IN (SELECT id FROM content.blog_posts
				WHERE is_published AND announced_at IS NULL AND published_at <= $1
				ORDER BY published_at LIMIT $2 FOR UPDATE SKIP LOCKED)
			RETURNING id`, now, limit)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (string, error) {
			var id [16]byte
			err := row.Scan(&id)
			return uuidString(id), err
		})
		if err != nil || len(ids) == 0 {
			return err
		}
		claimed = len(ids)
		return announce(ids)
	})
	if err != nil {
		return 0, fmt.Errorf("claim posts went live: %w", err)
	}
	return claimed, nil
}

// announcedAt is a saved post's announced_at: a post live when it is saved
// is announced by the save itself (content.Service announces every write),
// and one scheduled for later waits for ClaimWentLive.
func announcedAt(isPublished bool, publishedAt, savedAt time.Time) *time.Time {
	if isPublished && !publishedAt.After(savedAt) {
		return &savedAt
	}
	return nil
}

func uuidString(b [16]byte) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// insertOne returns the one row an INSERT … RETURNING query gave (rows and
// err are what Query returned). A duplicate key, reported when the query
// is sent or when its row is read, is content.ErrConflict.
func insertOne[T any](rows pgx.Rows, err error, scan pgx.RowToFunc[T], op string) (T, error) {
	var row T
	if err == nil {
		row, err = pgx.CollectExactlyOneRow(rows, scan)
	}
	switch {
	case err == nil:
		return row, nil
	case pgdb.IsUniqueViolation(err):
		return row, content.ErrConflict
	default:
		return row, fmt.Errorf("%s: %w", op, err)
	}
}

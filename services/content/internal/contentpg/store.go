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
	coalesce(category, ''), read_time_minutes, created_at, updated_at, updated_by`

func scanPost(row pgx.CollectableRow) (content.Post, error) {
	var p content.Post
	var id [16]byte
	err := row.Scan(&id, &p.Slug, &p.Title, &p.Excerpt, &p.Content, &p.ImageURL, &p.PublishedAt,
		&p.IsPublished, &p.Category, &p.ReadTimeMinutes, &p.CreatedAt, &p.UpdatedAt, &p.UpdatedBy)
	p.ID = uuidString(id)
	return p, err
}

// ListPublishedPosts returns live posts newest first.
func (s *Store) ListPublishedPosts(ctx context.Context, now time.Time, limit int) ([]content.Post, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+postColumns+` FROM content.blog_posts
		WHERE is_published AND published_at <= $1
		ORDER BY published_at DESC, id
		LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("list published posts: %w", err)
	}
	posts, err := pgx.CollectRows(rows, scanPost)
	if err != nil {
		return nil, fmt.Errorf("list published posts: %w", err)
	}
	return posts, nil
}

// GetPublishedPost returns a live post by slug.
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
	return p, nil
}

// PostsWentLive returns the published posts whose publish time is in
// (after, until], oldest first (blog_posts_live_idx serves the range).
func (s *Store) PostsWentLive(ctx context.Context, after, until time.Time) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM content.blog_posts
		WHERE is_published AND published_at > $1 AND published_at <= $2
		ORDER BY published_at`, after, until)
	if err != nil {
		return nil, fmt.Errorf("posts went live: %w", err)
	}
	ids, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (string, error) {
		var id [16]byte
		err := row.Scan(&id)
		return uuidString(id), err
	})
	if err != nil {
		return nil, fmt.Errorf("posts went live: %w", err)
	}
	return ids, nil
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

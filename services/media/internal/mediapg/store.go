// Package mediapg keeps image metadata in Postgres schema "media".
package mediapg

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pagecursor"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/media/internal/media"
)

// Schema is the Postgres schema this service owns.
const Schema = "media"

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies the service's migrations.
func Migrate(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool) error {
	return pgdb.MigrateDir(ctx, log, pool, Schema, migrationFS, "migrations")
}

// Store implements media.Store.
type Store struct{ pool *pgxpool.Pool }

// New returns a Store on pool.
func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

var _ media.Store = (*Store)(nil)

const columns = `key, original_name, mime, width, height, bytes, alt_text, variants, uploaded_by, created_at`

func scan(row pgx.CollectableRow) (media.Image, error) {
	var i media.Image
	err := row.Scan(&i.Key, &i.OriginalName, &i.Mime, &i.Width, &i.Height, &i.Bytes, &i.AltText, &i.Variants, &i.UploadedBy, &i.CreatedAt)
	return i, err
}

func one(rows pgx.Rows, err error) (media.Image, error) {
	if err != nil {
		return media.Image{}, err
	}
	i, err := pgx.CollectExactlyOneRow(rows, scan)
	if errors.Is(err, pgx.ErrNoRows) {
		return media.Image{}, media.ErrNotFound
	}
	return i, err
}

// Get returns one image.
func (s *Store) Get(ctx context.Context, key string) (media.Image, error) {
	return one(s.pool.Query(ctx, `SELECT `+columns+` FROM media.images WHERE key = $1`, key))
}

// GetMany returns the stored images among keys.
func (s *Store) GetMany(ctx context.Context, keys []string) ([]media.Image, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM media.images WHERE key = ANY($1) ORDER BY key`, keys)
	if err != nil {
		return nil, fmt.Errorf("get images: %w", err)
	}
	imgs, err := pgx.CollectRows(rows, scan)
	if err != nil {
		return nil, fmt.Errorf("get images: %w", err)
	}
	return imgs, nil
}

// Insert stores img, or returns the existing row with the same key.
func (s *Store) Insert(ctx context.Context, img media.Image) (media.Image, error) {
	i, err := one(s.pool.Query(ctx, `INSERT INTO media.images (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (key) DO NOTHING RETURNING `+columns,
		img.Key, img.OriginalName, img.Mime, img.Width, img.Height, img.Bytes, img.AltText, img.Variants, img.UploadedBy, img.CreatedAt))
	if errors.Is(err, media.ErrNotFound) {
		return s.Get(ctx, img.Key)
	}
	if err != nil {
		return media.Image{}, fmt.Errorf("insert image: %w", err)
	}
	return i, nil
}

// List returns a page of images, newest first (keyset paging).
func (s *Store) List(ctx context.Context, limit int, cursor string) ([]media.Image, string, error) {
	where, args := "", []any{limit + 1}
	if cursor != "" {
		t, key, err := pagecursor.DecodeTime(cursor)
		if err != nil {
			return nil, "", media.ErrBadCursor
		}
		where, args = "WHERE (created_at, key) < ($2, $3)", append(args, t, key)
	}
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM media.images `+where+` ORDER BY created_at DESC, key DESC LIMIT $1`, args...)
	if err != nil {
		return nil, "", fmt.Errorf("list images: %w", err)
	}
	imgs, err := pgx.CollectRows(rows, scan)
	if err != nil {
		return nil, "", fmt.Errorf("list images: %w", err)
	}
	next := ""
	if len(imgs) > limit {
		imgs = imgs[:limit]
		last := imgs[limit-1]
		next = pagecursor.EncodeTime(last.CreatedAt, last.Key)
	}
	return imgs, next, nil
}

// SetAltText updates the alt text.
func (s *Store) SetAltText(ctx context.Context, key, alt string) (media.Image, error) {
	return one(s.pool.Query(ctx, `UPDATE media.images SET alt_text = $2 WHERE key = $1 RETURNING `+columns, key, alt))
}

// Delete removes the row.
func (s *Store) Delete(ctx context.Context, key string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM media.images WHERE key = $1`, key)
	if err != nil {
		return fmt.Errorf("delete image: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return media.ErrNotFound
	}
	return nil
}

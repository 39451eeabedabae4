package contentpg

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// editableFrom joins each item to its Spanish text, if it has one
// (migration 009).
const editableFrom = `content.editable_content e
	LEFT JOIN content.editable_content_translations t ON t.content_key = e.content_key AND t.locale = 'es'`

const editableColumns = `e.id, e.content_key, e.content, e.content_type, e.category, e.description, e.created_at, e.updated_at,
	e.updated_by, e.version, t.content, t.created_at, t.updated_at, t.updated_by, t.version`

// editableScan is a row of editableColumns being read: dest are the
// columns' targets (extra ones after them), item the result.
type editableScan struct {
	c  content.EditableContent
	id [16]byte
	es struct {
		content, by *string
		created, at *time.Time
		version     *int64
	}
}

func (s *editableScan) dest(extra ...any) []any {
	c := &s.c
	return append([]any{&s.id, &c.ContentKey, &c.Content, &c.ContentType, &c.Category, &c.Description, &c.CreatedAt, &c.UpdatedAt,
		&c.UpdatedBy, &c.Version, &s.es.content, &s.es.created, &s.es.at, &s.es.by, &s.es.version}, extra...)
}

func (s *editableScan) item() content.EditableContent {
	c := s.c
	c.ID = uuidString(s.id)
	if s.es.content != nil {
		c.Spanish = &content.Translation{Content: *s.es.content, CreatedAt: *s.es.created, UpdatedAt: *s.es.at,
			UpdatedBy: *s.es.by, Version: *s.es.version}
	}
	return c
}

func scanEditable(row pgx.CollectableRow) (content.EditableContent, error) {
	var s editableScan
	err := row.Scan(s.dest()...)
	return s.item(), err
}

// ListEditableContent returns every item ordered by key, each with its
// Spanish text.
func (s *Store) ListEditableContent(ctx context.Context) ([]content.EditableContent, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+editableColumns+` FROM `+editableFrom+` ORDER BY e.content_key`)
	if err != nil {
		return nil, fmt.Errorf("list editable content: %w", err)
	}
	items, err := pgx.CollectRows(rows, scanEditable)
	if err != nil {
		return nil, fmt.Errorf("list editable content: %w", err)
	}
	return items, nil
}

// getEditable reads one item by key, locked for the transaction's
// remaining statements when lock is set; content.ErrNotFound when there is
// none.
func getEditable(ctx context.Context, q querier, key string, lock bool) (content.EditableContent, error) {
	sql := `SELECT ` + editableColumns + ` FROM ` + editableFrom + ` WHERE e.content_key = $1`
	if lock {
		sql += ` FOR UPDATE OF e`
	}
	rows, err := q.Query(ctx, sql, key)
	if err != nil {
		return content.EditableContent{}, err
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanEditable)
	if errors.Is(err, pgx.ErrNoRows) {
		return content.EditableContent{}, content.ErrNotFound
	}
	return c, err
}

// CreateEditableContent inserts an item with a new id, and its Spanish
// text when c has one.
func (s *Store) CreateEditableContent(ctx context.Context, c content.EditableContent) (content.EditableContent, error) {
	var created content.EditableContent
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `INSERT INTO content.editable_content (id, content_key, content, content_type, category, description)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING content_key`,
			uuid.NewString(), c.ContentKey, c.Content, c.ContentType, c.Category, c.Description)
		if _, err := insertOne(rows, err, pgx.RowTo[string], "create editable content"); err != nil {
			return err
		}
		if c.Spanish != nil {
			if _, err := tx.Exec(ctx, `INSERT INTO content.editable_content_translations (content_key, locale, content, updated_by)
				VALUES ($1, 'es', $2, $3)`, c.ContentKey, c.Spanish.Content, c.Spanish.UpdatedBy); err != nil {
				return err
			}
		}
		created, err = getEditable(ctx, tx, c.ContentKey, false)
		return err
	})
	if err != nil {
		return content.EditableContent{}, wrapUnlessSentinel("create editable content", err)
	}
	return created, nil
}

// UpdateEditableContent locks the item by key and stores change's content.
func (s *Store) UpdateEditableContent(ctx context.Context, key string, change func(content.EditableContent) (content.EditableContent, error)) (content.EditableContent, error) {
	return s.updateEditable(ctx, key, func(tx pgx.Tx, cur content.EditableContent) error {
		next, err := change(cur)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE content.editable_content SET content = $2, category = $3, description = $4,
			updated_at = $5, updated_by = $6, version = version + 1 WHERE content_key = $1`,
			key, next.Content, next.Category, next.Description, next.UpdatedAt, next.UpdatedBy)
		return err
	})
}

// UpdateEditableSpanish locks the item by key and stores change's Spanish
// text: inserted at version 1, or the stored one replaced one version on.
func (s *Store) UpdateEditableSpanish(ctx context.Context, key string, change func(content.EditableContent) (content.Translation, error)) (content.EditableContent, error) {
	return s.updateEditable(ctx, key, func(tx pgx.Tx, cur content.EditableContent) error {
		next, err := change(cur)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO content.editable_content_translations AS t (content_key, locale, content, created_at, updated_at, updated_by)
			VALUES ($1, 'es', $2, $3, $3, $4)
			ON CONFLICT (content_key, locale) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at,
				updated_by = excluded.updated_by, version = t.version + 1`,
			key, next.Content, next.UpdatedAt, next.UpdatedBy)
		return err
	})
}

// updateEditable runs write on the item locked by key, then reads it back.
// The lock on the item serialises every write of it, in either language.
func (s *Store) updateEditable(ctx context.Context, key string, write func(pgx.Tx, content.EditableContent) error) (content.EditableContent, error) {
	var updated content.EditableContent
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := getEditable(ctx, tx, key, true)
		if err != nil {
			return err
		}
		if err := write(tx, cur); err != nil {
			return err
		}
		updated, err = getEditable(ctx, tx, key, false)
		return err
	})
	if err != nil {
		return content.EditableContent{}, wrapUnlessSentinel("update editable content", err)
	}
	return updated, nil
}

// DeleteEditableContent removes an item by key (its translations go with
// it: ON DELETE CASCADE).
func (s *Store) DeleteEditableContent(ctx context.Context, key string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM content.editable_content WHERE content_key = $1`, key)
	if err != nil {
		return fmt.Errorf("delete editable content: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return content.ErrNotFound
	}
	return nil
}

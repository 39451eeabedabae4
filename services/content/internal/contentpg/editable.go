package contentpg

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

const editableColumns = `id, content_key, content, content_type, category, description, created_at, updated_at, updated_by, version`

func scanEditable(row pgx.CollectableRow) (content.EditableContent, error) {
	var c content.EditableContent
	var id [16]byte
	err := row.Scan(&id, &c.ContentKey, &c.Content, &c.ContentType, &c.Category, &c.Description, &c.CreatedAt, &c.UpdatedAt, &c.UpdatedBy, &c.Version)
	c.ID = uuidString(id)
	return c, err
}

// ListEditableContent returns every item ordered by key.
func (s *Store) ListEditableContent(ctx context.Context) ([]content.EditableContent, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+editableColumns+` FROM content.editable_content ORDER BY content_key`)
	if err != nil {
		return nil, fmt.Errorf("list editable content: %w", err)
	}
	items, err := pgx.CollectRows(rows, scanEditable)
	if err != nil {
		return nil, fmt.Errorf("list editable content: %w", err)
	}
	return items, nil
}

// CreateEditableContent inserts an item with a new id.
func (s *Store) CreateEditableContent(ctx context.Context, c content.EditableContent) (content.EditableContent, error) {
	rows, err := s.pool.Query(ctx, `INSERT INTO content.editable_content (id, content_key, content, content_type, category, description)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+editableColumns,
		uuid.NewString(), c.ContentKey, c.Content, c.ContentType, c.Category, c.Description)
	return insertOne(rows, err, scanEditable, "create editable content")
}

// UpdateEditableContent locks the item by key and stores change's content.
func (s *Store) UpdateEditableContent(ctx context.Context, key string, change func(content.EditableContent) (content.EditableContent, error)) (content.EditableContent, error) {
	var updated content.EditableContent
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+editableColumns+` FROM content.editable_content WHERE content_key = $1 FOR UPDATE`, key)
		if err != nil {
			return err
		}
		cur, err := pgx.CollectExactlyOneRow(rows, scanEditable)
		if errors.Is(err, pgx.ErrNoRows) {
			return content.ErrNotFound
		}
		if err != nil {
			return err
		}
		next, err := change(cur)
		if err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `UPDATE content.editable_content SET content = $2, category = $3, description = $4,
			updated_at = $5, updated_by = $6, version = version + 1
			WHERE content_key = $1 RETURNING `+editableColumns,
			key, next.Content, next.Category, next.Description, next.UpdatedAt, next.UpdatedBy)
		if err != nil {
			return err
		}
		updated, err = pgx.CollectExactlyOneRow(rows, scanEditable)
		return err
	})
	if err != nil {
		return content.EditableContent{}, wrapUnlessSentinel("update editable content", err)
	}
	return updated, nil
}

// DeleteEditableContent removes an item by key.
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

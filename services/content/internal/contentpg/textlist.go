package contentpg

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/pagecursor"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// categoryRank orders the staff list's categories: the site's five in
// their order (the table allows no other; one would come last).
var categoryRank = func() string {
	sql := "CASE category"
	for i, c := range content.EditableCategories {
		sql += fmt.Sprintf(" WHEN '%s' THEN %d", c, i)
	}
	return sql + fmt.Sprintf(" ELSE %d END", len(content.EditableCategories))
}()

// ListEditableContentPage returns a page of the staff list of texts in
// (category rank, category, key) order, keyset-paged. A site has
// thousands of texts at most: the matching ones are sorted, no index
// needed.
func (s *Store) ListEditableContentPage(ctx context.Context, q content.TextQuery) (content.TextPage, error) {
	var filter []any
	cond := "true"
	for _, w := range q.Words() {
		filter = append(filter, pgdb.Contains(w))
		n := len(filter)
		cond += fmt.Sprintf(" AND search_text LIKE $%d", n) // migration 008: key, description and content
	}
	if q.Category != "" {
		filter = append(filter, q.Category)
		cond += fmt.Sprintf(" AND category = $%d", len(filter))
	}
	args := append(append([]any{}, filter...), q.Limit+1)
	where := cond
	if q.Cursor != "" {
		c, err := decodeTextCursor(q.Cursor)
		if err != nil {
			return content.TextPage{}, err
		}
		args = append(args, c.Rank, c.Category, c.Key)
		where += fmt.Sprintf(" AND ("+categoryRank+", category, content_key) > ($%d::int, $%d, $%d)", len(args)-2, len(args)-1, len(args))
	}
	rows, err := s.pool.Query(ctx, `SELECT `+editableColumns+`, `+categoryRank+` FROM content.editable_content WHERE `+where+`
		ORDER BY `+categoryRank+`, category, content_key LIMIT $`+strconv.Itoa(len(filter)+1), args...)
	if err != nil {
		return content.TextPage{}, fmt.Errorf("list editable content: %w", err)
	}
	type ranked struct {
		item content.EditableContent
		rank int
	}
	items, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ranked, error) {
		var r ranked
		var id [16]byte
		c := &r.item
		err := row.Scan(&id, &c.ContentKey, &c.Content, &c.ContentType, &c.Category, &c.Description, &c.CreatedAt, &c.UpdatedAt, &c.UpdatedBy, &c.Version, &r.rank)
		c.ID = uuidString(id)
		return r, err
	})
	if err != nil {
		return content.TextPage{}, fmt.Errorf("list editable content: %w", err)
	}
	var page content.TextPage
	if len(items) > q.Limit {
		items = items[:q.Limit]
		last := items[q.Limit-1]
		page.NextCursor = encodeTextCursor(textCursor{Rank: last.rank, Category: last.item.Category, Key: last.item.ContentKey})
	}
	for _, r := range items {
		page.Items = append(page.Items, r.item)
	}
	if err := s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM content.editable_content WHERE `+cond+`),
		(SELECT count(*) FROM content.editable_content)`, filter...).Scan(&page.Matching, &page.All); err != nil {
		return content.TextPage{}, fmt.Errorf("count editable content: %w", err)
	}
	return page, nil
}

// textCursor is the last item of a page of texts: its place in the order.
type textCursor struct {
	Rank     int
	Category string
	Key      string
}

// encodeTextCursor is c as a page token (pagecursor.Encode: rank,
// category, then the key, which alone may hold "|").
func encodeTextCursor(c textCursor) string {
	return pagecursor.Encode(strconv.Itoa(c.Rank), c.Category, c.Key)
}

func decodeTextCursor(s string) (textCursor, error) {
	f, err := pagecursor.Decode(s, 3, 2)
	if err != nil || f[2] == "" {
		return textCursor{}, content.ErrBadCursor
	}
	rank, err := strconv.Atoi(f[0])
	if err != nil {
		return textCursor{}, content.ErrBadCursor
	}
	return textCursor{Rank: rank, Category: f[1], Key: f[2]}, nil
}

// GetEditableContent returns one item by key.
func (s *Store) GetEditableContent(ctx context.Context, key string) (content.EditableContent, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+editableColumns+` FROM content.editable_content WHERE content_key = $1`, key)
	if err != nil {
		return content.EditableContent{}, fmt.Errorf("get editable content: %w", err)
	}
	c, err := pgx.CollectExactlyOneRow(rows, scanEditable)
	if errors.Is(err, pgx.ErrNoRows) {
		return content.EditableContent{}, content.ErrNotFound
	}
	if err != nil {
		return content.EditableContent{}, fmt.Errorf("get editable content: %w", err)
	}
	return c, nil
}

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
	sql := "CASE e.category"
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
		if q.Locale == content.Spanish {
			// The text a Spanish page shows: the Spanish one, else the
			// English one (whose search_text holds key and description too).
			cond += fmt.Sprintf(" AND (CASE WHEN t.content_key IS NULL THEN e.search_text LIKE $%[1]d"+
				" ELSE lower(e.content_key || ' ' || e.description) LIKE $%[1]d OR t.search_text LIKE $%[1]d END)", n)
		} else {
			cond += fmt.Sprintf(" AND e.search_text LIKE $%d", n) // migration 008: key, description and content
		}
	}
	if q.Category != "" {
		filter = append(filter, q.Category)
		cond += fmt.Sprintf(" AND e.category = $%d", len(filter))
	}
	if q.MissingSpanish {
		cond += " AND t.content_key IS NULL"
	}
	args := append(append([]any{}, filter...), q.Limit+1)
	where := cond
	if q.Cursor != "" {
		c, err := decodeTextCursor(q.Cursor)
		if err != nil {
			return content.TextPage{}, err
		}
		args = append(args, c.Rank, c.Category, c.Key)
		where += fmt.Sprintf(" AND ("+categoryRank+", e.category, e.content_key) > ($%d::int, $%d, $%d)", len(args)-2, len(args)-1, len(args))
	}
	rows, err := s.pool.Query(ctx, `SELECT `+editableColumns+`, `+categoryRank+` FROM `+editableFrom+` WHERE `+where+`
		ORDER BY `+categoryRank+`, e.category, e.content_key LIMIT $`+strconv.Itoa(len(filter)+1), args...)
	if err != nil {
		return content.TextPage{}, fmt.Errorf("list editable content: %w", err)
	}
	type ranked struct {
		item content.EditableContent
		rank int
	}
	items, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ranked, error) {
		var r ranked
		var sc editableScan
		err := row.Scan(sc.dest(&r.rank)...)
		r.item = sc.item()
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
	if err := s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM `+editableFrom+` WHERE `+cond+`),
		(SELECT count(*) FROM content.editable_content),
		(SELECT count(*) FROM `+editableFrom+` WHERE t.content_key IS NULL)`, filter...).Scan(&page.Matching, &page.All, &page.MissingSpanish); err != nil {
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
	c, err := getEditable(ctx, s.pool, key, false)
	if err != nil && !errors.Is(err, content.ErrNotFound) {
		return content.EditableContent{}, fmt.Errorf("get editable content: %w", err)
	}
	return c, err
}

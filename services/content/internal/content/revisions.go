package content

import (
	"context"
	"time"

	"github.com/valleytrenchless/site/internal/pagecursor"
)

// Page sizes of a post's revisions: DefaultRevisionPage when none is asked
// for, at most MaxRevisionPage; and a page ends before its revisions pass
// MaxPageBytes, since each carries its whole body (up to 200,000
// characters, 800 KB in the widest UTF-8). Six saves of such a draft made
// one answer of every revision pass the 4 MiB a gRPC message carries, and
// the list failed for good.
const (
	DefaultRevisionPage = 20
	MaxRevisionPage     = 50
	MaxPageBytes        = 2 << 20
)

// RevisionKey is where a page of revisions starts: after the revision
// saved at SavedAt with ID (newest first). The zero key starts from the
// newest.
type RevisionKey struct {
	SavedAt time.Time
	ID      string
}

// RevisionPage is one page of a post's revisions.
type RevisionPage struct {
	// Revisions, newest first.
	Revisions []Revision
	// NextCursor continues with older revisions; empty on the last page.
	NextCursor string
	// Total is how many revisions the post has.
	Total int
}

// ListRevisions returns a page of a post's earlier versions, newest first,
// from cursor on (empty: the newest): at most limit (0: the default) and,
// past the first, no more than MaxPageBytes of them.
func (s *Service) ListRevisions(ctx context.Context, postID string, limit int, cursor string) (RevisionPage, error) {
	if limit <= 0 {
		limit = DefaultRevisionPage
	}
	limit = min(limit, MaxRevisionPage)
	after, err := decodeRevisionCursor(cursor)
	if err != nil {
		return RevisionPage{}, err
	}
	if _, err := s.store.GetPost(ctx, postID); err != nil {
		return RevisionPage{}, err
	}
	revs, total, err := s.store.ListRevisions(ctx, postID, after, limit+1)
	if err != nil {
		return RevisionPage{}, err
	}
	page := RevisionPage{Total: total}
	size := 0
	for i, r := range revs {
		size += revisionBytes(r)
		if i == limit || (i > 0 && size > MaxPageBytes) {
			last := revs[i-1]
			page.NextCursor = encodeRevisionCursor(RevisionKey{SavedAt: last.SavedAt, ID: last.ID})
			break
		}
		page.Revisions = append(page.Revisions, r)
	}
	return page, nil
}

// revisionBytes is about what r takes in an answer: its text and room for
// the rest (ids, times, field tags).
func revisionBytes(r Revision) int {
	return len(r.Slug) + len(r.Title) + len(r.Excerpt) + len(r.Content) + len(r.ImageURL) + len(r.Category) +
		len(r.SavedBy) + len(r.SEO.Title) + len(r.SEO.Description) + len(r.SEO.ImageURL) + 200
}

// A revision cursor is the last revision's save time and id
// (pagecursor.EncodeTime).
func encodeRevisionCursor(k RevisionKey) string { return pagecursor.EncodeTime(k.SavedAt, k.ID) }

func decodeRevisionCursor(c string) (RevisionKey, error) {
	if c == "" {
		return RevisionKey{}, nil
	}
	t, id, err := pagecursor.DecodeTime(c)
	if err != nil || len(id) != 36 {
		return RevisionKey{}, ErrBadCursor
	}
	return RevisionKey{SavedAt: t, ID: id}, nil
}

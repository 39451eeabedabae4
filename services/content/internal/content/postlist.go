package content

import (
	"context"
	"slices"
	"strings"
)

// The staff post list's orders (PostQuery.Sort).
const (
	SortNewest = "newest"
	SortOldest = "oldest"
	SortTitle  = "title"
)

// Page sizes of the staff post list: DefaultPostPage when none is asked
// for, at most MaxPostPage.
const (
	DefaultPostPage = 50
	MaxPostPage     = 200
)

// maxTitleWords caps the words of a title search (each is one more LIKE).
const maxTitleWords = 8

// PostQuery asks for a page of the staff post list.
type PostQuery struct {
	// Text keeps the posts whose title contains every word of it, in any
	// case.
	Text string
	// Sort is SortNewest (by ListAt; the default), SortOldest or SortTitle.
	Sort string
	// Limit is the page size (0: DefaultPostPage).
	Limit int
	// Cursor continues after the last post of an earlier page of the same
	// query; the store makes it.
	Cursor string
}

// Words are the query's words, lower-cased, each once, at most
// maxTitleWords.
func (q PostQuery) Words() []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(q.Text)) {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
		if len(out) == maxTitleWords {
			break
		}
	}
	return out
}

// PostPage is one page of the staff post list. Its posts carry no
// Content: the list shows none, and at thousands of posts the bodies
// would be most of the answer (GetPost has the body).
type PostPage struct {
	Posts []Post
	// NextCursor continues the list; empty on the last page.
	NextCursor string
	// Matching is how many posts the query keeps (every post without
	// one); All is how many posts there are.
	Matching, All int
}

// ErrBadCursor is a cursor the store did not make for this query.
var ErrBadCursor = &ValidationError{Field: "page_token", Message: "That page of the list is no longer available. Start again from the first page."}

// ListPosts returns a page of the staff post list, drafts and scheduled
// posts included, without their bodies.
func (s *Service) ListPosts(ctx context.Context, q PostQuery) (PostPage, error) {
	switch q.Sort {
	case "":
		q.Sort = SortNewest
	case SortNewest, SortOldest, SortTitle:
	default:
		return PostPage{}, &ValidationError{Field: "sort", Message: "sort must be newest, oldest or title"}
	}
	if q.Limit <= 0 {
		q.Limit = DefaultPostPage
	}
	q.Limit = min(q.Limit, MaxPostPage)
	return s.store.ListPosts(ctx, q)
}

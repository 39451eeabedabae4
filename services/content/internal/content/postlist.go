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
	// Language keeps the posts written in one language (empty: every
	// language).
	Language string
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
	// Matching is how many posts the query (its words and language)
	// keeps (every post without one); All is how many posts there are.
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
	if q.Language != "" && !slices.Contains(Languages, q.Language) {
		return PostPage{}, &ValidationError{Field: "language", Message: "language must be en or es"}
	}
	if q.Limit <= 0 {
		q.Limit = DefaultPostPage
	}
	q.Limit = min(q.Limit, MaxPostPage)
	return s.store.ListPosts(ctx, q)
}

// Page sizes of the staff list of texts.
const (
	DefaultTextPage = 100
	MaxTextPage     = 500
)

// TextQuery asks for a page of the staff list of texts, which runs by
// category (EditableCategories in their order, then any other
// alphabetically) and by key within one.
type TextQuery struct {
	// Text keeps the items whose key, description or content contains
	// every word of it, in any case.
	Text string
	// Category keeps one category's items (empty: all).
	Category string
	// Locale is the language Text searches: English (empty or "en"), or
	// Spanish ("es": an item's Spanish text, its English one without).
	Locale string
	// MissingSpanish keeps only the items without a Spanish text.
	MissingSpanish bool
	// Limit is the page size (0: DefaultTextPage).
	Limit int
	// Cursor continues after the last item of an earlier page.
	Cursor string
}

// Words are the query's words as PostQuery's are.
func (q TextQuery) Words() []string { return PostQuery{Text: q.Text}.Words() }

// TextPage is one page of the staff list of texts.
type TextPage struct {
	Items      []EditableContent
	NextCursor string
	// Matching is how many items the query and category keep; All how
	// many there are; MissingSpanish how many of all have no Spanish text.
	Matching, All, MissingSpanish int
}

// ListEditableContentPage returns a page of the staff list of texts.
func (s *Service) ListEditableContentPage(ctx context.Context, q TextQuery) (TextPage, error) {
	if q.Limit <= 0 {
		q.Limit = DefaultTextPage
	}
	q.Limit = min(q.Limit, MaxTextPage)
	return s.store.ListEditableContentPage(ctx, q)
}

// GetEditableContent returns one text by key.
func (s *Service) GetEditableContent(ctx context.Context, key string) (EditableContent, error) {
	return s.store.GetEditableContent(ctx, key)
}

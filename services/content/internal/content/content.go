// Package content is the content domain: blog posts and editable site text,
// the rules that derive a post's category and read time, and the Service the
// transport adapters call.
package content

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"
	"unicode"
)

// Sentinel errors the adapters translate to transport codes.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)

// Post is a blog post.
type Post struct {
	ID          string
	Slug        string
	Title       string
	Excerpt     string
	Content     string
	ImageURL    string
	PublishedAt time.Time
	IsPublished bool
	// Category is the explicit category; empty means derived from the title.
	Category        string
	ReadTimeMinutes int
	CreatedAt       time.Time
	UpdatedAt       time.Time
	UpdatedBy       string
}

// EffectiveCategory is the explicit category, or the one derived from the
// title.
func (p Post) EffectiveCategory() string {
	if p.Category != "" {
		return p.Category
	}
	return DeriveCategory(p.Title)
}

// EditableContent is one piece of editable site text.
type EditableContent struct {
	ID          string
	ContentKey  string
	Content     string
	ContentType string
	Category    string
	Description string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Store is the persistence the domain needs.
type Store interface {
	ListPublishedPosts(ctx context.Context, now time.Time, limit int) ([]Post, error)
	GetPublishedPost(ctx context.Context, now time.Time, slug string) (Post, error)
	ListEditableContent(ctx context.Context) ([]EditableContent, error)
}

// Service implements the content use cases.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service over store.
func NewService(store Store) *Service {
	return &Service{store: store, now: time.Now}
}

// DefaultListLimit is used when a caller asks for no particular number.
const DefaultListLimit = 20

// ListPublishedPosts returns up to limit published posts whose publish time
// has passed, newest first.
func (s *Service) ListPublishedPosts(ctx context.Context, limit int) ([]Post, error) {
	if limit <= 0 {
		limit = DefaultListLimit
	}
	return s.store.ListPublishedPosts(ctx, s.now(), limit)
}

// GetPublishedPost returns a live post by slug, or ErrNotFound for drafts,
// scheduled posts and unknown slugs.
func (s *Service) GetPublishedPost(ctx context.Context, slug string) (Post, error) {
	return s.store.GetPublishedPost(ctx, s.now(), slug)
}

// ListEditableContent returns every editable item ordered by key.
func (s *Service) ListEditableContent(ctx context.Context) ([]EditableContent, error) {
	return s.store.ListEditableContent(ctx)
}

// WordsPerMinute is the reading speed behind ReadTimeMinutes.
const WordsPerMinute = 200

// ReadTimeMinutes is the body's word count divided by 200, rounded up, and at
// least 1. Markup (HTML tags, markdown punctuation) is not counted as words.
func ReadTimeMinutes(body string) int {
	words := 0
	inTag, inWord := false, false
	for _, r := range body {
		switch {
		case r == '<':
			inTag, inWord = true, false
		case r == '>' && inTag:
			inTag = false
		case inTag:
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				words++
				inWord = true
			}
		case r == '\'' || r == '’' || r == '-':
			// Keep contractions and hyphenated words as one word.
		default:
			inWord = false
		}
	}
	return max(1, int(math.Ceil(float64(words)/WordsPerMinute)))
}

// Categories a post may carry explicitly.
var Categories = []string{"Technology", "Maintenance", "Cost Guide", "Pipe Types", "Prevention", "Seasonal", "Legal & Safety"}

// DeriveCategory applies SPEC §9's title-keyword rules: CIPP or Trenchless →
// Technology; Lifespan or Warning Signs → Maintenance; Cost → Cost Guide;
// Orangeburg or Clay → Pipe Types; otherwise Prevention. Matching ignores case
// and checks the rules in that order.
func DeriveCategory(title string) string {
	t := strings.ToLower(title)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(t, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("cipp", "trenchless"):
		return "Technology"
	case has("lifespan", "warning signs"):
		return "Maintenance"
	case has("cost"):
		return "Cost Guide"
	case has("orangeburg", "clay"):
		return "Pipe Types"
	}
	return "Prevention"
}

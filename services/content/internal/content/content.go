// Package content is the content domain: blog posts and editable site text,
// the rules that derive a post's category and read time, and the Service the
// transport adapters call.
package content

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Sentinel errors the adapters translate to transport codes.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
	// ErrStale is a write based on an older version than the stored one.
	ErrStale = errors.New("stale version")
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
	// SEO is what search engines and shared links show instead of the
	// title, excerpt and hero image.
	SEO SEO
	// Category is the explicit category; empty means derived from the title.
	Category        string
	ReadTimeMinutes int
	CreatedAt       time.Time
	UpdatedAt       time.Time
	UpdatedBy       string
	// Version counts saves: 1 when created, one more at every update.
	Version int64
	// Autosaved says the editor saved this version by itself (a draft).
	Autosaved bool
	// ListAt is the date the staff list sorts by (filled by list reads):
	// PublishedAt for a published post, and for a draft whose chosen
	// publish time was ahead of its last save; otherwise UpdatedAt.
	ListAt time.Time
	// Language is the language the post is written in: English or
	// Spanish (issue 40).
	Language string
	// TranslationOf is, for a Spanish post translating an English one,
	// the English post's id; empty otherwise.
	TranslationOf string
	// Translations are the post's versions in the other language (filled
	// by reads): an English post's translation, a Spanish post's
	// original. Public reads keep the live ones only.
	Translations []Linked
}

// Linked is another language's version of a post: its translation or its
// original.
type Linked struct {
	ID          string
	Slug        string
	Title       string
	Language    string
	IsPublished bool
	PublishedAt time.Time
}

// Live says a linked version is published and its publish time has passed
// at now.
func (l Linked) Live(now time.Time) bool { return l.IsPublished && !l.PublishedAt.After(now) }

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
	UpdatedBy   string
	// Version counts saves: 1 when created, one more at every update.
	Version int64
	// Spanish is the item's Spanish text, nil when it has none (the
	// Spanish site then shows the English text).
	Spanish *Translation
}

// The site's languages (issue 40): every editable text has its English
// content, and may have a Spanish one; every post is written in one of
// them.
const (
	English = "en"
	Spanish = "es"
)

// Languages are the languages a post may be written in.
var Languages = []string{English, Spanish}

// LanguageName is a language's name in the staff area's messages.
func LanguageName(lang string) string {
	if lang == Spanish {
		return "Spanish"
	}
	return "English"
}

// Translation is an editable text's value in another language than
// English, with versions of its own: a Spanish save never conflicts with
// an English one.
type Translation struct {
	Content   string
	CreatedAt time.Time
	UpdatedAt time.Time
	UpdatedBy string
	// Version counts saves of this language's text: 1 when first set.
	Version int64
}

// Localized is what a page in one language shows of an item.
type Localized struct {
	Content string
	// Locale is the language of Content.
	Locale string
	// Fallback is true when Spanish was asked for and the item has none:
	// Content is the English text.
	Fallback bool
	// Version, UpdatedAt and UpdatedBy are Content's own; Version is 0
	// for a fallback (a first Spanish save is based on no version).
	Version   int64
	UpdatedAt time.Time
	UpdatedBy string
}

// In is the item as a page in locale shows it: for Spanish its Spanish
// text, or its English text as a fallback; otherwise its English text.
func (c EditableContent) In(locale string) Localized {
	switch {
	case locale != Spanish:
		return Localized{Content: c.Content, Locale: English, Version: c.Version, UpdatedAt: c.UpdatedAt, UpdatedBy: c.UpdatedBy}
	case c.Spanish == nil:
		return Localized{Content: c.Content, Locale: English, Fallback: true, UpdatedAt: c.UpdatedAt, UpdatedBy: c.UpdatedBy}
	}
	t := c.Spanish
	return Localized{Content: t.Content, Locale: Spanish, Version: t.Version, UpdatedAt: t.UpdatedAt, UpdatedBy: t.UpdatedBy}
}

// Revision is an earlier version of a post, kept at every update.
type Revision struct {
	ID          string
	PostID      string
	Slug        string
	Title       string
	Excerpt     string
	Content     string
	ImageURL    string
	PublishedAt time.Time
	IsPublished bool
	Category    string
	SEO         SEO
	SavedBy     string
	SavedAt     time.Time
}

// SEO is a post's own title, description and image for search engines and
// shared links; each empty field means the post's title, excerpt or hero
// image.
type SEO struct {
	Title, Description, ImageURL string
}

// PostInput is what staff send to create or update a post.
type PostInput struct {
	Title    string
	Slug     string
	Excerpt  string
	Content  string
	ImageURL string
	Category string
	SEO      SEO
	// IsPublished nil means published on create and unchanged on update.
	IsPublished *bool
	// PublishedAt nil means now on first publication and unchanged after.
	PublishedAt *time.Time
	// BaseVersion is the version an update was based on; 0 writes over
	// whatever is stored. Ignored on create.
	BaseVersion int64
	// Autosave marks a save the editor made by itself: drafts only, and
	// an autosave over its own author's autosave keeps no revision.
	Autosave bool
	// Language nil means English on create and unchanged on update.
	Language *string
	// TranslationOf nil means no link on create and unchanged on update;
	// empty unlinks; otherwise the English original's id.
	TranslationOf *string
}

// EditableChange is what staff send to change an editable text.
type EditableChange struct {
	Content string
	// Category nil leaves the category as it is.
	Category *string
	// Description nil leaves the description as it is.
	Description *string
	// BaseVersion is the version the edit was based on; 0 writes over
	// whatever is stored.
	BaseVersion int64
	// Locale is the language Content is in: English (empty or "en"), or
	// Spanish ("es"), which sets or replaces the Spanish text and whose
	// own version BaseVersion then names. Category and description are
	// the item's in both languages: a Spanish change may not name them.
	Locale string
}

// Store is the persistence the domain needs. Stores return ErrNotFound and
// ErrConflict (unique slug or key) as sentinel errors.
type Store interface {
	// ListPublishedPosts returns up to limit live posts written in
	// language (empty: any), newest first, without their bodies, after
	// cursor (empty: from the newest), and the cursor of the next page
	// (empty after the last). Each carries its live translations.
	ListPublishedPosts(ctx context.Context, now time.Time, language string, limit int, cursor string) ([]Post, string, error)
	// GetPublishedPost returns a live post by slug with its live
	// translations.
	GetPublishedPost(ctx context.Context, now time.Time, slug string) (Post, error)
	// ClaimWentLive claims up to limit published posts whose publish time
	// is at or before now and whose going live is not yet announced, and
	// calls announce with their ids while no other replica can claim them.
	// They count as announced only when announce returns nil; otherwise
	// (and when the process dies first) a later claim gets them again. It
	// returns how many it claimed. A post saved while live counts as
	// announced by its save.
	ClaimWentLive(ctx context.Context, now time.Time, limit int, announce func(ids []string) error) (int, error)
	ListEditableContent(ctx context.Context) ([]EditableContent, error)
	// ListEditableContentPage returns a page of the staff list (q's limit
	// is set).
	ListEditableContentPage(ctx context.Context, q TextQuery) (TextPage, error)
	// GetEditableContent returns one item by key, or ErrNotFound.
	GetEditableContent(ctx context.Context, key string) (EditableContent, error)

	// ListPosts returns a page of the staff list (q is complete: its sort
	// and limit are set).
	ListPosts(ctx context.Context, q PostQuery) (PostPage, error)
	// GetPost returns any post by id with its translations, drafts
	// included (as every staff read and write does).
	GetPost(ctx context.Context, id string) (Post, error)
	// CreatePost stores a new post. A post linked to an original
	// (TranslationOf) is checked by CheckOriginal with the original
	// locked, so two posts cannot become its translation at once.
	CreatePost(ctx context.Context, p Post) (Post, error)
	// UpdatePost locks the post, lets change compute the new version from
	// the current one (which carries its translations), stores the current
	// one as a revision saved by by when change says to keep it, and
	// writes the new one; its link is checked as CreatePost's is.
	UpdatePost(ctx context.Context, id, by string, change func(current Post) (next Post, keepRevision bool, err error)) (Post, error)
	DeletePost(ctx context.Context, id string) error
	// ListRevisions returns up to limit of a post's revisions, newest
	// first, from after on (the zero key: from the newest), and how many
	// revisions the post has.
	ListRevisions(ctx context.Context, postID string, after RevisionKey, limit int) ([]Revision, int, error)
	GetRevision(ctx context.Context, postID, revisionID string) (Revision, error)

	CreateEditableContent(ctx context.Context, c EditableContent) (EditableContent, error)
	// UpdateEditableContent locks the item and stores change's result
	// (content, category, description, updated at and by), one version on.
	UpdateEditableContent(ctx context.Context, key string, change func(current EditableContent) (EditableContent, error)) (EditableContent, error)
	// UpdateEditableSpanish locks the item and stores change's Spanish
	// text (content, updated at and by), one version on (version 1 when
	// the item had none); the English text is left as it is.
	UpdateEditableSpanish(ctx context.Context, key string, change func(current EditableContent) (Translation, error)) (EditableContent, error)
	DeleteEditableContent(ctx context.Context, key string) error
}

// Change describes a successful write, for cache invalidation.
type Change struct {
	// Kind is "post" or "editable_content".
	Kind string
	// ID is the post id or the content key.
	ID string
}

// Publisher announces writes (content.changed on NATS).
type Publisher interface {
	// ContentChanged is best effort: a failure is logged by the publisher,
	// never returned to the writer.
	ContentChanged(ctx context.Context, c Change)
	// ContentChangedConfirmed returns nil only once the NATS server has
	// taken every change; after an error the caller sends them again, so
	// a change must not also be left queued to go out later by itself.
	ContentChangedConfirmed(ctx context.Context, cs []Change) error
}

// ValidationError is a field-level problem found beyond the proto rules.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string { return e.Field + ": " + e.Message }

// ConflictError is ErrConflict with a message for people.
type ConflictError struct{ Message string }

func (e *ConflictError) Error() string { return e.Message }

// Unwrap makes errors.Is(err, ErrConflict) true.
func (e *ConflictError) Unwrap() error { return ErrConflict }

// StaleError refuses a write based on an older version: someone saved the
// thing after the writer loaded it. It names what is stored now.
type StaleError struct {
	// What is "post" or "text", for the message.
	What      string
	Version   int64
	UpdatedBy string
	UpdatedAt time.Time
}

func (e *StaleError) Error() string {
	by := e.UpdatedBy
	if by == "" {
		by = "someone else"
	}
	return fmt.Sprintf("This %s was changed by %s at %s, after you opened it. Compare the two versions, then keep yours or theirs.",
		e.What, by, e.UpdatedAt.UTC().Format("2006-01-02 15:04 UTC"))
}

// Unwrap makes errors.Is(err, ErrStale) true.
func (e *StaleError) Unwrap() error { return ErrStale }

// checkBase refuses a write based on another version than the stored one.
func checkBase(what string, base, version int64, by string, at time.Time) error {
	if base == 0 || base == version {
		return nil
	}
	return &StaleError{What: what, Version: version, UpdatedBy: by, UpdatedAt: at}
}

// Service implements the content use cases.
type Service struct {
	store Store
	pub   Publisher
	now   func() time.Time
	// rendered measures a body as the site shows it (MeasureRendered).
	rendered func(body string) int
}

// NewService returns a Service over store announcing writes on pub.
func NewService(store Store, pub Publisher) *Service {
	return &Service{store: store, pub: pub, now: time.Now}
}

// DefaultListLimit is used when a caller asks for no particular number.
const DefaultListLimit = 20

// ListPublishedPosts returns up to limit published posts whose publish time
// has passed, written in language (empty: any), newest first, without
// their bodies, from cursor on; and the next page's cursor.
func (s *Service) ListPublishedPosts(ctx context.Context, language string, limit int, cursor string) ([]Post, string, error) {
	if language != "" && !slices.Contains(Languages, language) {
		return nil, "", &ValidationError{Field: "language", Message: "language must be en or es"}
	}
	if limit <= 0 {
		limit = DefaultListLimit
	}
	return s.store.ListPublishedPosts(ctx, s.now(), language, limit, cursor)
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

// GetPost returns any post by id.
func (s *Service) GetPost(ctx context.Context, id string) (Post, error) {
	return s.store.GetPost(ctx, id)
}

// CreatePost stores a new post written by by.
func (s *Service) CreatePost(ctx context.Context, by string, in PostInput) (Post, error) {
	now := s.now()
	p := Post{IsPublished: true, PublishedAt: now, CreatedAt: now, UpdatedAt: now, UpdatedBy: by, Autosaved: in.Autosave, Language: English}
	if err := apply(&p, in, now); err != nil {
		return Post{}, err
	}
	if in.Autosave && p.IsPublished {
		return Post{}, errAutosavePublished
	}
	if err := s.checkRendered(p.Content); err != nil {
		return Post{}, err
	}
	created, err := s.store.CreatePost(ctx, p)
	if err != nil {
		return Post{}, slugConflict(err, p.Slug)
	}
	s.pub.ContentChanged(ctx, Change{Kind: "post", ID: created.ID})
	return created, nil
}

// UpdatePost replaces a post's fields, keeping the previous version.
func (s *Service) UpdatePost(ctx context.Context, by, id string, in PostInput) (Post, error) {
	now := s.now()
	// Measured before the post is locked: a large body takes a while to
	// render.
	if err := s.checkRendered(SanitizeBody(in.Content)); err != nil {
		return Post{}, err
	}
	updated, err := s.store.UpdatePost(ctx, id, by, func(cur Post) (Post, bool, error) {
		if err := checkBase("post", in.BaseVersion, cur.Version, cur.UpdatedBy, cur.UpdatedAt); err != nil {
			return Post{}, false, err
		}
		next := cur
		next.UpdatedAt, next.UpdatedBy, next.Autosaved = now, by, in.Autosave
		if err := apply(&next, in, now); err != nil {
			return Post{}, false, err
		}
		if in.Autosave && (cur.IsPublished || next.IsPublished) {
			return Post{}, false, errAutosavePublished
		}
		if err := checkLanguageChange(cur, next); err != nil {
			return Post{}, false, err
		}
		// Autosaves over the same person's autosave replace it: one
		// revision per stretch of typing, not one per pause.
		keep := !(in.Autosave && cur.Autosaved && cur.UpdatedBy == by)
		return next, keep, nil
	})
	if err != nil {
		return Post{}, slugConflict(err, in.Slug)
	}
	s.pub.ContentChanged(ctx, Change{Kind: "post", ID: updated.ID})
	return updated, nil
}

// DeletePost removes a post and its revisions.
func (s *Service) DeletePost(ctx context.Context, id string) error {
	if err := s.store.DeletePost(ctx, id); err != nil {
		return err
	}
	s.pub.ContentChanged(ctx, Change{Kind: "post", ID: id})
	return nil
}

// RestoreRevision makes an earlier version current; the version it replaces
// becomes a revision in turn.
func (s *Service) RestoreRevision(ctx context.Context, by, postID, revisionID string) (Post, error) {
	r, err := s.store.GetRevision(ctx, postID, revisionID)
	if err != nil {
		return Post{}, err
	}
	published, at := r.IsPublished, r.PublishedAt
	return s.UpdatePost(ctx, by, postID, PostInput{
		Title: r.Title, Slug: r.Slug, Excerpt: r.Excerpt, Content: r.Content, ImageURL: r.ImageURL,
		Category: r.Category, SEO: r.SEO, IsPublished: &published, PublishedAt: &at,
	})
}

// apply writes in onto p: trimmed, the body sanitised, read time computed,
// publication defaults applied.
func apply(p *Post, in PostInput, now time.Time) error {
	wasPublished := p.IsPublished && p.ID != ""
	p.Title = strings.TrimSpace(in.Title)
	p.Slug = strings.TrimSpace(in.Slug)
	p.Excerpt = strings.TrimSpace(in.Excerpt)
	p.ImageURL = strings.TrimSpace(in.ImageURL)
	p.Category = strings.TrimSpace(in.Category)
	p.SEO = SEO{
		Title:       strings.TrimSpace(in.SEO.Title),
		Description: strings.TrimSpace(in.SEO.Description),
		ImageURL:    strings.TrimSpace(in.SEO.ImageURL),
	}
	p.Content = SanitizeBody(in.Content)
	if strings.TrimSpace(p.Content) == "" {
		return &ValidationError{Field: "content", Message: "Content is empty once unsafe markup is removed"}
	}
	if err := applyLanguage(p, in); err != nil {
		return err
	}
	if p.Category != "" && p.Category == DeriveCategory(p.Title) {
		p.Category = "" // derived: follows later title edits
	}
	p.ReadTimeMinutes = ReadTimeMinutes(p.Content)
	if in.IsPublished != nil {
		p.IsPublished = *in.IsPublished
	}
	switch {
	case in.PublishedAt != nil:
		p.PublishedAt = *in.PublishedAt
	case p.IsPublished && !wasPublished && p.ID != "":
		// A draft published now goes live now, not at its creation date.
		p.PublishedAt = now
	}
	return nil
}

// applyLanguage writes in's language and link onto p (nil: as they are)
// and checks what p alone can tell: only a post in another language than
// English translates one, and never itself. CheckOriginal checks the rest
// with the original at hand.
func applyLanguage(p *Post, in PostInput) error {
	if in.Language != nil {
		lang := strings.TrimSpace(*in.Language)
		if !slices.Contains(Languages, lang) {
			return &ValidationError{Field: "language", Message: "Language must be en (English) or es (Spanish)"}
		}
		p.Language = lang
	}
	if in.TranslationOf != nil {
		p.TranslationOf = strings.ToLower(strings.TrimSpace(*in.TranslationOf))
	}
	switch {
	case p.TranslationOf == "":
	case p.Language == English:
		return &ValidationError{Field: "translation_of", Message: "An English post cannot be a translation. Set the language to Spanish, or clear “Translation of”."}
	case p.TranslationOf == p.ID:
		return &ValidationError{Field: "translation_of", Message: "A post cannot be a translation of itself. Choose the English post it translates."}
	}
	return nil
}

// CheckOriginal refuses p's link to the post it says it translates
// (p.TranslationOf), given that post as stored with its translations (nil
// when there is none): the original must be an English post that is no
// translation itself, and may have one translation per language. The store
// calls it with the original locked.
func CheckOriginal(p Post, original *Post) error {
	field := "translation_of"
	switch {
	case original == nil:
		return &ValidationError{Field: field, Message: "The post this translates does not exist (it may have been deleted). Choose an English post in “Translation of”, or clear it."}
	case original.ID == p.ID:
		return &ValidationError{Field: field, Message: "A post cannot be a translation of itself. Choose the English post it translates."}
	case original.TranslationOf != "":
		return &ValidationError{Field: field, Message: fmt.Sprintf("“%s” is itself a translation. Choose the English post it translates instead.", original.Title)}
	case original.Language != English:
		return &ValidationError{Field: field, Message: fmt.Sprintf("“%s” is a %s post. A translation must be of an English post.", original.Title, LanguageName(original.Language))}
	}
	for _, t := range original.Translations {
		if t.Language == p.Language && t.ID != p.ID {
			return &ValidationError{Field: field, Message: fmt.Sprintf("“%s” already has a %s translation: “%s”. Edit that one, or unlink it first.",
				original.Title, LanguageName(p.Language), t.Title)}
		}
	}
	return nil
}

// checkLanguageChange refuses to move an original out of English while a
// translation links to it: the translation would translate a post in its
// own language.
func checkLanguageChange(cur, next Post) error {
	if cur.Language != English || next.Language == English {
		return nil
	}
	for _, t := range cur.Translations {
		if t.Language != English {
			return &ValidationError{Field: "language", Message: fmt.Sprintf("This post has a %s translation, “%s”. Unlink it from this post before changing this post's language.",
				LanguageName(t.Language), t.Title)}
		}
	}
	return nil
}

// errAutosavePublished refuses an autosave of a published post: what is
// typed goes live only when someone saves it.
var errAutosavePublished = &ValidationError{Field: "isPublished", Message: "Only drafts are saved automatically. Save a published post yourself."}

func slugConflict(err error, slug string) error {
	if errors.Is(err, ErrConflict) {
		return &ConflictError{Message: fmt.Sprintf("A post with the slug %q already exists. Choose another slug.", slug)}
	}
	return err
}

// EditableCategories are the allowed editable-content categories.
var EditableCategories = []string{"homepage", "services", "about", "contact", "general"}

// CreateEditableContent adds an item, and its Spanish text when in has one
// that is not blank. An empty type means text and an empty category means
// general. Text is stored with markup stripped and entities decoded; HTML
// is sanitised.
func (s *Service) CreateEditableContent(ctx context.Context, in EditableContent) (EditableContent, error) {
	c := EditableContent{
		ContentKey:  strings.TrimSpace(in.ContentKey),
		ContentType: cmp.Or(in.ContentType, "text"),
		Category:    cmp.Or(in.Category, "general"),
		Description: strings.TrimSpace(in.Description),
	}
	var err error
	if c.Content, err = cleanEditable(c.ContentType, in.Content); err != nil {
		return EditableContent{}, err
	}
	if in.Spanish != nil && strings.TrimSpace(in.Spanish.Content) != "" {
		es, err := cleanEditable(c.ContentType, in.Spanish.Content)
		if err != nil {
			return EditableContent{}, &ValidationError{Field: "contentEs", Message: "Spanish content is empty once unsafe markup is removed"}
		}
		c.Spanish = &Translation{Content: es}
	}
	created, err := s.store.CreateEditableContent(ctx, c)
	if errors.Is(err, ErrConflict) {
		return EditableContent{}, &ConflictError{Message: fmt.Sprintf("A content item with the key %q already exists. Edit it instead.", c.ContentKey)}
	}
	if err != nil {
		return EditableContent{}, err
	}
	s.pub.ContentChanged(ctx, Change{Kind: "editable_content", ID: created.ContentKey})
	return created, nil
}

// UpdateEditableContent changes an item's content, and its category and
// description when the change names them; its key and type stay. A change
// based on an older version is a *StaleError.
func (s *Service) UpdateEditableContent(ctx context.Context, by, key string, in EditableChange) (EditableContent, error) {
	if in.Locale == Spanish {
		return s.updateEditableSpanish(ctx, by, key, in)
	}
	if in.Category != nil && !slices.Contains(EditableCategories, *in.Category) {
		return EditableContent{}, &ValidationError{Field: "category", Message: "Category must be one of " + strings.Join(EditableCategories, ", ")}
	}
	updated, err := s.store.UpdateEditableContent(ctx, key, func(cur EditableContent) (EditableContent, error) {
		if err := checkBase("text", in.BaseVersion, cur.Version, cur.UpdatedBy, cur.UpdatedAt); err != nil {
			return EditableContent{}, err
		}
		clean, err := cleanEditable(cur.ContentType, in.Content)
		if err != nil {
			return EditableContent{}, err
		}
		cur.Content = clean
		if in.Category != nil {
			cur.Category = *in.Category
		}
		if in.Description != nil {
			cur.Description = strings.TrimSpace(*in.Description)
		}
		cur.UpdatedAt, cur.UpdatedBy = s.now(), by
		return cur, nil
	})
	if err != nil {
		return EditableContent{}, err
	}
	s.pub.ContentChanged(ctx, Change{Kind: "editable_content", ID: updated.ContentKey})
	return updated, nil
}

// updateEditableSpanish sets or replaces an item's Spanish text, cleaned
// by the item's type. A change based on an older Spanish version is a
// *StaleError naming the Spanish text's last save. It is announced like
// an English change: the edge drops its pages in both languages.
func (s *Service) updateEditableSpanish(ctx context.Context, by, key string, in EditableChange) (EditableContent, error) {
	if in.Category != nil || in.Description != nil {
		field := "category"
		if in.Category == nil {
			field = "description"
		}
		return EditableContent{}, &ValidationError{Field: field, Message: "Category and description are the same in both languages: change them on the English text"}
	}
	updated, err := s.store.UpdateEditableSpanish(ctx, key, func(cur EditableContent) (Translation, error) {
		var next Translation
		if cur.Spanish != nil {
			next = *cur.Spanish
		}
		if err := checkBase("text", in.BaseVersion, next.Version, next.UpdatedBy, next.UpdatedAt); err != nil {
			return Translation{}, err
		}
		clean, err := cleanEditable(cur.ContentType, in.Content)
		if err != nil {
			return Translation{}, err
		}
		next.Content, next.UpdatedAt, next.UpdatedBy = clean, s.now(), by
		return next, nil
	})
	if err != nil {
		return EditableContent{}, err
	}
	s.pub.ContentChanged(ctx, Change{Kind: "editable_content", ID: updated.ContentKey})
	return updated, nil
}

// DeleteEditableContent removes an item (with its Spanish text); pages
// show their built-in text where it was used.
func (s *Service) DeleteEditableContent(ctx context.Context, key string) error {
	if err := s.store.DeleteEditableContent(ctx, key); err != nil {
		return err
	}
	s.pub.ContentChanged(ctx, Change{Kind: "editable_content", ID: key})
	return nil
}

func cleanEditable(contentType, content string) (string, error) {
	var clean string
	if contentType == "html" {
		clean = SanitizeHTML(content)
	} else {
		clean = PlainText(content)
	}
	if strings.TrimSpace(clean) == "" {
		return "", &ValidationError{Field: "content", Message: "Content is required"}
	}
	return clean, nil
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

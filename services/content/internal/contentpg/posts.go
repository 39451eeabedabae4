package contentpg

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// GetPost returns any post by id, with its translations (drafts too).
func (s *Store) GetPost(ctx context.Context, id string) (content.Post, error) {
	p, err := getPost(ctx, s.pool, id, "")
	if err != nil {
		return content.Post{}, err
	}
	return withTranslations(ctx, s.pool, p)
}

// withTranslations is p with its translations, drafts too (staff reads).
func withTranslations(ctx context.Context, q querier, p content.Post) (content.Post, error) {
	posts := []content.Post{p}
	if err := fillTranslations(ctx, q, posts, nil); err != nil {
		return content.Post{}, err
	}
	return posts[0], nil
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func getPost(ctx context.Context, q querier, id, suffix string) (content.Post, error) {
	rows, err := q.Query(ctx, `SELECT `+postColumns+` FROM content.blog_posts WHERE id = $1 `+suffix, id)
	if err != nil {
		return content.Post{}, fmt.Errorf("get post: %w", err)
	}
	p, err := pgx.CollectExactlyOneRow(rows, scanPost)
	if errors.Is(err, pgx.ErrNoRows) {
		return content.Post{}, content.ErrNotFound
	}
	if err != nil {
		return content.Post{}, fmt.Errorf("get post: %w", err)
	}
	return p, nil
}

// CreatePost inserts a post with a new id; a translation's link is checked
// with its original locked (checkOriginal).
func (s *Store) CreatePost(ctx context.Context, p content.Post) (content.Post, error) {
	p.ID = uuid.NewString()
	var created content.Post
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := checkOriginal(ctx, tx, p); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `INSERT INTO content.blog_posts
		(id, slug, title, excerpt, content, image_url, published_at, is_published, category, read_time_minutes, created_at, updated_at, updated_by, announced_at, autosaved,
		 seo_title, seo_description, social_image_url, language, translation_of)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULLIF($9, ''), $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, NULLIF($20, '')::uuid)
		RETURNING `+postColumns,
			p.ID, p.Slug, p.Title, p.Excerpt, p.Content, p.ImageURL, p.PublishedAt, p.IsPublished, p.Category,
			p.ReadTimeMinutes, p.CreatedAt, p.UpdatedAt, p.UpdatedBy, announcedAt(p.IsPublished, p.PublishedAt, p.UpdatedAt), p.Autosaved,
			p.SEO.Title, p.SEO.Description, p.SEO.ImageURL, cmp.Or(p.Language, content.English), p.TranslationOf)
		if err != nil {
			return err
		}
		if created, err = pgx.CollectExactlyOneRow(rows, scanPost); err != nil {
			return err
		}
		created, err = withTranslations(ctx, tx, created)
		return err
	})
	if err != nil {
		return content.Post{}, postWriteError("create post", err)
	}
	return created, nil
}

// UpdatePost keeps the current version as a revision and writes the next.
func (s *Store) UpdatePost(ctx context.Context, id, by string, change func(content.Post) (content.Post, bool, error)) (content.Post, error) {
	var updated content.Post
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		cur, err := getPost(ctx, tx, id, "FOR UPDATE")
		if err != nil {
			return err
		}
		if cur, err = withTranslations(ctx, tx, cur); err != nil {
			return err
		}
		next, keep, err := change(cur)
		if err != nil {
			return err
		}
		if err := checkOriginal(ctx, tx, next); err != nil {
			return err
		}
		if keep {
			if _, err := tx.Exec(ctx, `INSERT INTO content.post_revisions
			(id, post_id, slug, title, excerpt, content, image_url, published_at, is_published, category, saved_by, saved_at,
			 seo_title, seo_description, social_image_url)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULLIF($10, ''), $11, $12, $13, $14, $15)`,
				uuid.NewString(), cur.ID, cur.Slug, cur.Title, cur.Excerpt, cur.Content, cur.ImageURL, cur.PublishedAt,
				cur.IsPublished, cur.Category, by, next.UpdatedAt, cur.SEO.Title, cur.SEO.Description, cur.SEO.ImageURL); err != nil {
				return fmt.Errorf("save revision: %w", err)
			}
		}
		rows, err := tx.Query(ctx, `UPDATE content.blog_posts SET
			slug = $2, title = $3, excerpt = $4, content = $5, image_url = $6, published_at = $7, is_published = $8,
			category = NULLIF($9, ''), read_time_minutes = $10, updated_at = $11, updated_by = $12, announced_at = $13,
			version = version + 1, autosaved = $14, seo_title = $15, seo_description = $16, social_image_url = $17,
			language = $18, translation_of = NULLIF($19, '')::uuid
			WHERE id = $1 RETURNING `+postColumns,
			id, next.Slug, next.Title, next.Excerpt, next.Content, next.ImageURL, next.PublishedAt, next.IsPublished,
			next.Category, next.ReadTimeMinutes, next.UpdatedAt, next.UpdatedBy,
			announcedAt(next.IsPublished, next.PublishedAt, next.UpdatedAt), next.Autosaved,
			next.SEO.Title, next.SEO.Description, next.SEO.ImageURL, cmp.Or(next.Language, content.English), next.TranslationOf)
		if err != nil {
			return err
		}
		if updated, err = pgx.CollectExactlyOneRow(rows, scanPost); err != nil {
			return err
		}
		updated, err = withTranslations(ctx, tx, updated)
		return err
	})
	if err != nil {
		return content.Post{}, postWriteError("update post", err)
	}
	return updated, nil
}

// DeletePost removes a post; its revisions go with it (ON DELETE CASCADE),
// and its translations stay, no longer linked (ON DELETE SET NULL).
func (s *Store) DeletePost(ctx context.Context, id string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM content.blog_posts WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("delete post: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return content.ErrNotFound
	}
	return nil
}

const revisionColumns = `id, post_id, slug, title, excerpt, content, image_url, published_at, is_published,
	coalesce(category, ''), saved_by, saved_at, seo_title, seo_description, social_image_url`

func scanRevision(row pgx.CollectableRow) (content.Revision, error) {
	var r content.Revision
	var id, postID [16]byte
	err := row.Scan(&id, &postID, &r.Slug, &r.Title, &r.Excerpt, &r.Content, &r.ImageURL, &r.PublishedAt,
		&r.IsPublished, &r.Category, &r.SavedBy, &r.SavedAt, &r.SEO.Title, &r.SEO.Description, &r.SEO.ImageURL)
	r.ID, r.PostID = uuidString(id), uuidString(postID)
	return r, err
}

// ListRevisions returns up to limit of a post's revisions, newest first,
// from after on, and how many it has. Its index, (post_id, saved_at DESC),
// serves both.
func (s *Store) ListRevisions(ctx context.Context, postID string, after content.RevisionKey, limit int) ([]content.Revision, int, error) {
	args := []any{postID, limit}
	cond := ""
	if after.ID != "" {
		args = append(args, after.SavedAt, after.ID)
		cond = " AND (saved_at, id) < ($3, $4::uuid)"
	}
	rows, err := s.pool.Query(ctx, `SELECT `+revisionColumns+` FROM content.post_revisions
		WHERE post_id = $1`+cond+` ORDER BY saved_at DESC, id DESC LIMIT $2`, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list revisions: %w", err)
	}
	revs, err := pgx.CollectRows(rows, scanRevision)
	if err != nil {
		return nil, 0, fmt.Errorf("list revisions: %w", err)
	}
	var total int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM content.post_revisions WHERE post_id = $1`, postID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count revisions: %w", err)
	}
	return revs, total, nil
}

// GetRevision returns one revision of a post.
func (s *Store) GetRevision(ctx context.Context, postID, revisionID string) (content.Revision, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+revisionColumns+` FROM content.post_revisions
		WHERE post_id = $1 AND id = $2`, postID, revisionID)
	if err != nil {
		return content.Revision{}, fmt.Errorf("get revision: %w", err)
	}
	r, err := pgx.CollectExactlyOneRow(rows, scanRevision)
	if errors.Is(err, pgx.ErrNoRows) {
		return content.Revision{}, content.ErrNotFound
	}
	if err != nil {
		return content.Revision{}, fmt.Errorf("get revision: %w", err)
	}
	return r, nil
}

// wrapUnlessSentinel adds context to unexpected errors but passes domain
// errors (not found, validation) through unchanged for the transport.
func wrapUnlessSentinel(op string, err error) error {
	var ve *content.ValidationError
	if errors.Is(err, content.ErrNotFound) || errors.Is(err, content.ErrConflict) || errors.Is(err, content.ErrStale) || errors.As(err, &ve) {
		return err
	}
	return fmt.Errorf("%s: %w", op, err)
}

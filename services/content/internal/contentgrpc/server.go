// Package contentgrpc adapts the content domain to the generated gRPC
// services: it converts proto ⇄ domain and maps domain errors to codes.
package contentgrpc

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/services/content/internal/content"
	"github.com/valleytrenchless/site/services/content/internal/render"
)

// Server implements contentv1.ContentServiceServer.
type Server struct {
	contentv1.UnimplementedContentServiceServer
	svc    *content.Service
	render *render.Renderer
	log    *slog.Logger
}

// New returns a Server over svc; posts are rendered (body_html, hero_image)
// by r, and svc refuses to store a body that renders past
// content.MaxRenderedBody (an answer carrying it could not be sent).
func New(log *slog.Logger, svc *content.Service, r *render.Renderer) *Server {
	svc.MeasureRendered(render.BodySize)
	return &Server{svc: svc, render: r, log: log}
}

// ListPublishedPosts implements the public post list.
func (s *Server) ListPublishedPosts(ctx context.Context, req *contentv1.ListPublishedPostsRequest) (*contentv1.ListPublishedPostsResponse, error) {
	posts, next, err := s.svc.ListPublishedPosts(ctx, req.GetLanguage(), int(req.GetLimit()), req.GetPageToken())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	var keys []string
	for _, p := range posts {
		keys = append(keys, render.Keys("", p.ImageURL)...)
	}
	imgs := s.render.Lookup(ctx, keys)
	out := make([]*contentv1.PostSummary, len(posts))
	for i, p := range posts {
		out[i] = toProtoSummary(p, render.Hero(p.ImageURL, imgs))
	}
	return &contentv1.ListPublishedPostsResponse{Posts: out, NextPageToken: next}, nil
}

// GetPublishedPost implements the public article read.
func (s *Server) GetPublishedPost(ctx context.Context, req *contentv1.GetPublishedPostRequest) (*contentv1.GetPublishedPostResponse, error) {
	p, err := s.svc.GetPublishedPost(ctx, req.GetSlug())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	pp := s.renderPosts(ctx, p)[0]
	// Staff details, not for the public (translations names the original).
	pp.UpdatedBy, pp.Version, pp.Autosaved, pp.TranslationOf = "", 0, false, ""
	return &contentv1.GetPublishedPostResponse{Post: pp}, nil
}

// ListEditableContent implements the public editable-text read, in the
// language asked for: each item's text in it, or its English text marked
// fallback.
func (s *Server) ListEditableContent(ctx context.Context, req *contentv1.ListEditableContentRequest) (*contentv1.ListEditableContentResponse, error) {
	items, err := s.svc.ListEditableContent(ctx)
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	out := make([]*contentv1.EditableContent, len(items))
	for i, c := range items {
		out[i] = toPublicEditable(c, req.GetLocale())
	}
	return &contentv1.ListEditableContentResponse{Items: out}, nil
}

// errToStatus is the service's one mapping from domain errors to gRPC codes;
// anything else is returned as it is, for grpcserver's interceptor to answer
// (and log) once for every service.
func (s *Server) errToStatus(ctx context.Context, err error) error {
	var ve *content.ValidationError
	var ce *content.ConflictError
	var se *content.StaleError
	switch {
	case errors.As(err, &se):
		st, derr := status.New(codes.Aborted, se.Error()).WithDetails(&errdetails.ErrorInfo{
			Reason: "STALE_VERSION", Domain: "content.trenchless",
			Metadata: map[string]string{
				"version":    strconv.FormatInt(se.Version, 10),
				"updated_by": se.UpdatedBy,
				"updated_at": se.UpdatedAt.UTC().Format(time.RFC3339Nano),
			},
		})
		if derr != nil {
			return status.Error(codes.Aborted, se.Error())
		}
		return st.Err()
	case errors.As(err, &ve):
		return grpcserver.FieldViolation(ve.Field, ve.Field+".invalid", ve.Message)
	case errors.As(err, &ce):
		return status.Error(codes.AlreadyExists, ce.Message)
	case errors.Is(err, content.ErrNotFound):
		return status.Error(codes.NotFound, "We couldn't find that. It may have been removed.")
	case errors.Is(err, content.ErrConflict):
		return status.Error(codes.AlreadyExists, "That already exists.")
	}
	return err // grpcserver's interceptor answers the rest (outages, timeouts, internal errors)
}

// renderPosts converts posts with their body and hero rendered, asking the
// media library about all their images at once. A body is bounded
// (render.Bounded) so its answer always fits one gRPC message.
func (s *Server) renderPosts(ctx context.Context, posts ...content.Post) []*contentv1.Post {
	var keys []string
	for _, p := range posts {
		keys = append(keys, render.Keys(p.Content, p.ImageURL)...)
	}
	imgs := s.render.Lookup(ctx, keys)
	out := make([]*contentv1.Post, len(posts))
	for i, p := range posts {
		body, cut := render.Bounded(render.Body(p.Content, imgs), content.MaxRenderedBody)
		if cut {
			s.log.WarnContext(ctx, "post body cut to fit its answer; shorten the post", "post_id", p.ID, "slug", p.Slug)
		}
		out[i] = toProtoPost(p, body, render.Hero(p.ImageURL, imgs))
	}
	return out
}

func toProtoImage(r render.ResponsiveImage) *contentv1.ResponsiveImage {
	return &contentv1.ResponsiveImage{Src: r.Src, Srcset: r.Srcset, Width: int32(r.Width), Height: int32(r.Height)}
}

func toProtoSummary(p content.Post, hero render.ResponsiveImage) *contentv1.PostSummary {
	return &contentv1.PostSummary{
		Id:              p.ID,
		Slug:            p.Slug,
		Title:           p.Title,
		Excerpt:         p.Excerpt,
		ImageUrl:        p.ImageURL,
		PublishedAt:     timestamppb.New(p.PublishedAt),
		Category:        p.EffectiveCategory(),
		ReadTimeMinutes: int32(p.ReadTimeMinutes),
		HeroImage:       toProtoImage(hero),
		Language:        language(p),
		Translations:    toProtoTranslations(p.Translations),
	}
}

// language is the post's language; English for a post read before it had
// one.
func language(p content.Post) string {
	if p.Language == "" {
		return content.English
	}
	return p.Language
}

func toProtoTranslations(ls []content.Linked) []*contentv1.PostTranslation {
	out := make([]*contentv1.PostTranslation, len(ls))
	for i, l := range ls {
		out[i] = &contentv1.PostTranslation{
			Language: l.Language, Slug: l.Slug, Id: l.ID, Title: l.Title,
			IsPublished: l.IsPublished, PublishedAt: timestamppb.New(l.PublishedAt),
		}
	}
	return out
}

func toProtoPost(p content.Post, bodyHTML string, hero render.ResponsiveImage) *contentv1.Post {
	return &contentv1.Post{
		Id:              p.ID,
		Slug:            p.Slug,
		Title:           p.Title,
		Excerpt:         p.Excerpt,
		Content:         p.Content,
		ImageUrl:        p.ImageURL,
		PublishedAt:     timestamppb.New(p.PublishedAt),
		IsPublished:     p.IsPublished,
		Category:        p.EffectiveCategory(),
		ReadTimeMinutes: int32(p.ReadTimeMinutes),
		CreatedAt:       timestamppb.New(p.CreatedAt),
		UpdatedAt:       timestamppb.New(p.UpdatedAt),
		UpdatedBy:       p.UpdatedBy,
		BodyHtml:        bodyHTML,
		HeroImage:       toProtoImage(hero),
		Version:         p.Version,
		Autosaved:       p.Autosaved,
		SeoTitle:        p.SEO.Title,
		SeoDescription:  p.SEO.Description,
		SocialImageUrl:  p.SEO.ImageURL,
		Language:        language(p),
		TranslationOf:   p.TranslationOf,
		Translations:    toProtoTranslations(p.Translations),
	}
}

// toProtoEditable is an item as staff read it: its English text, and its
// Spanish text with that text's own version and last change.
func toProtoEditable(c content.EditableContent) *contentv1.EditableContent {
	out := &contentv1.EditableContent{
		Id:          c.ID,
		ContentKey:  c.ContentKey,
		Content:     c.Content,
		ContentType: c.ContentType,
		Category:    c.Category,
		Description: c.Description,
		CreatedAt:   timestamppb.New(c.CreatedAt),
		UpdatedAt:   timestamppb.New(c.UpdatedAt),
		UpdatedBy:   c.UpdatedBy,
		Version:     c.Version,
		Locale:      content.English,
	}
	if es := c.Spanish; es != nil {
		out.ContentEs, out.VersionEs, out.UpdatedAtEs, out.UpdatedByEs = &es.Content, &es.Version, timestamppb.New(es.UpdatedAt), &es.UpdatedBy
	}
	return out
}

// toPublicEditable is an item as a page in locale shows it, without staff
// details (who edited it, the other language's text).
func toPublicEditable(c content.EditableContent, locale string) *contentv1.EditableContent {
	v := c.In(locale)
	return &contentv1.EditableContent{
		Id:          c.ID,
		ContentKey:  c.ContentKey,
		Content:     v.Content,
		ContentType: c.ContentType,
		Category:    c.Category,
		Description: c.Description,
		CreatedAt:   timestamppb.New(c.CreatedAt),
		UpdatedAt:   timestamppb.New(v.UpdatedAt),
		Version:     v.Version,
		Locale:      v.Locale,
		Fallback:    v.Fallback,
	}
}

package contentgrpc

import (
	"context"
	"strings"

	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// AdminServer implements contentv1.ContentAdminServiceServer. The server's
// identity policy already refuses non-staff callers; each method checks
// again, so a registration mistake cannot open it.
type AdminServer struct {
	contentv1.UnimplementedContentAdminServiceServer
	*Server
}

// NewAdmin returns the staff server over svc.
func NewAdmin(s *Server) *AdminServer {
	return &AdminServer{Server: s}
}

// ListPosts implements the staff post list.
func (a *AdminServer) ListPosts(ctx context.Context, req *contentv1.ListPostsRequest) (*contentv1.ListPostsResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	page, err := a.svc.ListPosts(ctx, content.PostQuery{
		Text: req.GetQuery(), Sort: req.GetSort(), Language: req.GetLanguage(), Limit: int(req.GetPageSize()), Cursor: req.GetPageToken(),
	})
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	out := &contentv1.ListPostsResponse{
		Posts:         make([]*contentv1.PostListItem, len(page.Posts)),
		NextPageToken: page.NextCursor,
		TotalSize:     int32(page.Matching),
		PostCount:     int32(page.All),
	}
	for i, p := range page.Posts {
		out.Posts[i] = toProtoListItem(p)
	}
	return out, nil
}

func toProtoListItem(p content.Post) *contentv1.PostListItem {
	return &contentv1.PostListItem{
		Id:            p.ID,
		Slug:          p.Slug,
		Title:         p.Title,
		Excerpt:       p.Excerpt,
		ImageUrl:      p.ImageURL,
		PublishedAt:   timestamppb.New(p.PublishedAt),
		IsPublished:   p.IsPublished,
		Category:      p.EffectiveCategory(),
		CreatedAt:     timestamppb.New(p.CreatedAt),
		UpdatedAt:     timestamppb.New(p.UpdatedAt),
		UpdatedBy:     p.UpdatedBy,
		Version:       p.Version,
		Autosaved:     p.Autosaved,
		ListAt:        timestamppb.New(p.ListAt),
		Language:      language(p),
		TranslationOf: p.TranslationOf,
		Translations:  toProtoTranslations(p.Translations),
	}
}

// GetPost implements the staff read of any post.
func (a *AdminServer) GetPost(ctx context.Context, req *contentv1.GetPostRequest) (*contentv1.GetPostResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	p, err := a.svc.GetPost(ctx, req.GetId())
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.GetPostResponse{Post: a.renderPosts(ctx, p)[0]}, nil
}

// CreatePost implements post creation.
func (a *AdminServer) CreatePost(ctx context.Context, req *contentv1.CreatePostRequest) (*contentv1.CreatePostResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	p, err := a.svc.CreatePost(ctx, c.Email, fromProtoPostFields(req.GetPost()))
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.CreatePostResponse{Post: a.renderPosts(ctx, p)[0]}, nil
}

// UpdatePost implements post updates.
func (a *AdminServer) UpdatePost(ctx context.Context, req *contentv1.UpdatePostRequest) (*contentv1.UpdatePostResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	p, err := a.svc.UpdatePost(ctx, c.Email, req.GetId(), fromProtoPostFields(req.GetPost()))
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.UpdatePostResponse{Post: a.renderPosts(ctx, p)[0]}, nil
}

// DeletePost implements post deletion.
func (a *AdminServer) DeletePost(ctx context.Context, req *contentv1.DeletePostRequest) (*contentv1.DeletePostResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	if err := a.svc.DeletePost(ctx, req.GetId()); err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.DeletePostResponse{}, nil
}

// ListPostRevisions implements the revision history, a page at a time.
func (a *AdminServer) ListPostRevisions(ctx context.Context, req *contentv1.ListPostRevisionsRequest) (*contentv1.ListPostRevisionsResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	page, err := a.svc.ListRevisions(ctx, req.GetPostId(), int(req.GetPageSize()), req.GetPageToken())
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	out := make([]*contentv1.PostRevision, len(page.Revisions))
	for i, r := range page.Revisions {
		out[i] = toProtoRevision(r)
	}
	return &contentv1.ListPostRevisionsResponse{Revisions: out, NextPageToken: page.NextCursor, TotalSize: int32(page.Total)}, nil
}

// RestorePostRevision implements restoring an earlier version.
func (a *AdminServer) RestorePostRevision(ctx context.Context, req *contentv1.RestorePostRevisionRequest) (*contentv1.RestorePostRevisionResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	p, err := a.svc.RestoreRevision(ctx, c.Email, req.GetPostId(), req.GetRevisionId())
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.RestorePostRevisionResponse{Post: a.renderPosts(ctx, p)[0]}, nil
}

// CreateEditableContent implements creating a text item.
func (a *AdminServer) CreateEditableContent(ctx context.Context, req *contentv1.CreateEditableContentRequest) (*contentv1.CreateEditableContentResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	in := content.EditableContent{
		ContentKey: req.GetContentKey(), Content: req.GetContent(), ContentType: req.GetContentType(),
		Category: req.GetCategory(), Description: req.GetDescription(),
	}
	if req.GetContentEs() != "" {
		in.Spanish = &content.Translation{Content: req.GetContentEs()}
	}
	item, err := a.svc.CreateEditableContent(ctx, in)
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.CreateEditableContentResponse{Item: toProtoEditable(item)}, nil
}

// UpdateEditableContent implements editing a text item.
func (a *AdminServer) UpdateEditableContent(ctx context.Context, req *contentv1.UpdateEditableContentRequest) (*contentv1.UpdateEditableContentResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	item, err := a.svc.UpdateEditableContent(ctx, c.Email, req.GetContentKey(), content.EditableChange{
		Content: req.GetContent(), Category: req.Category, Description: req.Description, BaseVersion: req.GetBaseVersion(),
		Locale: req.GetLocale(),
	})
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.UpdateEditableContentResponse{Item: toProtoEditable(item)}, nil
}

// ListEditableContentPage implements the staff list of texts.
func (a *AdminServer) ListEditableContentPage(ctx context.Context, req *contentv1.ListEditableContentPageRequest) (*contentv1.ListEditableContentPageResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	page, err := a.svc.ListEditableContentPage(ctx, content.TextQuery{
		Text: req.GetQuery(), Category: req.GetCategory(), Locale: req.GetLocale(), MissingSpanish: req.GetMissingTranslation(),
		Limit: int(req.GetPageSize()), Cursor: req.GetPageToken(),
	})
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	out := &contentv1.ListEditableContentPageResponse{NextPageToken: page.NextCursor, TotalSize: int32(page.Matching), ItemCount: int32(page.All),
		MissingTranslationCount: int32(page.MissingSpanish)}
	for _, it := range page.Items {
		out.Items = append(out.Items, toProtoEditable(it))
	}
	return out, nil
}

// GetEditableContent implements the staff read of one text.
func (a *AdminServer) GetEditableContent(ctx context.Context, req *contentv1.GetEditableContentRequest) (*contentv1.GetEditableContentResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	item, err := a.svc.GetEditableContent(ctx, req.GetContentKey())
	if err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.GetEditableContentResponse{Item: toProtoEditable(item)}, nil
}

// DeleteEditableContent implements deleting a text item.
func (a *AdminServer) DeleteEditableContent(ctx context.Context, req *contentv1.DeleteEditableContentRequest) (*contentv1.DeleteEditableContentResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	if err := a.svc.DeleteEditableContent(ctx, req.GetContentKey()); err != nil {
		return nil, a.errToStatus(ctx, err)
	}
	return &contentv1.DeleteEditableContentResponse{}, nil
}

// RenderPost renders unsaved text for the staff preview: sanitised as a
// save would sanitise it, then rendered as the site renders saved posts.
func (a *AdminServer) RenderPost(ctx context.Context, req *contentv1.RenderPostRequest) (*contentv1.RenderPostResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	body, hero := a.render.Post(ctx, content.SanitizeBody(req.GetContent()), strings.TrimSpace(req.GetImageUrl()))
	if len(body) > content.MaxRenderedBody {
		// What a save would refuse, said before the save.
		return nil, grpcserver.FieldViolation("content", "content.rendered_size", content.RenderedTooLarge(len(body)))
	}
	return &contentv1.RenderPostResponse{BodyHtml: body, HeroImage: toProtoImage(hero)}, nil
}

func fromProtoPostFields(f *contentv1.PostFields) content.PostInput {
	in := content.PostInput{
		Title: f.GetTitle(), Slug: f.GetSlug(), Excerpt: f.GetExcerpt(), Content: f.GetContent(),
		ImageURL: f.GetImageUrl(), Category: f.GetCategory(), BaseVersion: f.GetBaseVersion(), Autosave: f.GetAutosave(),
		SEO:      content.SEO{Title: f.GetSeoTitle(), Description: f.GetSeoDescription(), ImageURL: f.GetSocialImageUrl()},
		Language: f.Language, TranslationOf: f.TranslationOf,
	}
	if f.IsPublished != nil {
		v := f.GetIsPublished()
		in.IsPublished = &v
	}
	if f.GetPublishedAt() != nil {
		t := f.GetPublishedAt().AsTime()
		in.PublishedAt = &t
	}
	return in
}

func toProtoRevision(r content.Revision) *contentv1.PostRevision {
	return &contentv1.PostRevision{
		Id:             r.ID,
		PostId:         r.PostID,
		Title:          r.Title,
		Slug:           r.Slug,
		Excerpt:        r.Excerpt,
		Content:        r.Content,
		ImageUrl:       r.ImageURL,
		PublishedAt:    timestamppb.New(r.PublishedAt),
		IsPublished:    r.IsPublished,
		Category:       r.Category,
		SavedBy:        r.SavedBy,
		SavedAt:        timestamppb.New(r.SavedAt),
		SeoTitle:       r.SEO.Title,
		SeoDescription: r.SEO.Description,
		SocialImageUrl: r.SEO.ImageURL,
	}
}

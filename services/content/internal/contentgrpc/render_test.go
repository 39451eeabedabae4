package contentgrpc_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
)

// mediaLibrary answers LookupImages from a fixed library behind the shared
// gRPC server plumbing, so caller tokens are verified as the media service
// verifies them. (The media service itself lives under services/media and
// cannot be imported here; e2e runs the real one behind the real content
// service.)
type mediaLibrary struct {
	mediav1.UnimplementedMediaServiceServer
	addr string

	mu      sync.Mutex
	callers []identity.Caller
}

// The library's images: a 1000×600 JPEG (480 and 960 renditions, in JPEG
// and WebP) and a 400×300 PNG (too small for any rendition).
const (
	wideKey  = "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9.jpg"
	smallKey = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100.png"
)

var libraryImages = map[string]*mediav1.Image{
	wideKey: {Key: wideKey, Width: 1000, Height: 600, Variants: []*mediav1.Variant{
		{Width: 1000, Height: 600, Format: "jpeg"}, {Width: 960, Height: 576, Format: "webp"}, {Width: 960, Height: 576, Format: "jpeg"},
		{Width: 480, Height: 288, Format: "webp"}, {Width: 480, Height: 288, Format: "jpeg"},
	}},
	smallKey: {Key: smallKey, Width: 400, Height: 300, Variants: []*mediav1.Variant{{Width: 400, Height: 300, Format: "png"}}},
}

func startMediaLibrary(t testing.TB, signer *identity.Signer) *mediaLibrary {
	t.Helper()
	srv, err := grpcserver.New(quiet, grpcserver.Options{Signer: signer})
	require.NoError(t, err)
	m := &mediaLibrary{}
	mediav1.RegisterMediaServiceServer(srv.GRPC(), m)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	m.addr = ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return m
}

func (m *mediaLibrary) LookupImages(ctx context.Context, req *mediav1.LookupImagesRequest) (*mediav1.LookupImagesResponse, error) {
	c, err := identity.RequireService(ctx)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.callers = append(m.callers, c)
	m.mu.Unlock()
	var out []*mediav1.Image
	for _, k := range req.GetKeys() {
		if img, ok := libraryImages[k]; ok {
			out = append(out, img)
		}
	}
	return &mediav1.LookupImagesResponse{Images: out}, nil
}

func (m *mediaLibrary) seen() []identity.Caller {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]identity.Caller(nil), m.callers...)
}

const (
	wideSrcset = "/media/" + wideKey + "?w=480 480w, /media/" + wideKey + "?w=960 960w, /media/" + wideKey + " 1000w"
	bodySizes  = `sizes="(min-width: 50rem) 45rem, 100vw"`
)

func htmlPost(slug string) *contentv1.PostFields {
	f := fields(slug)
	f.Content = `<h2>Lining day</h2><p>Before:<img src="/media/` + wideKey + `" alt="Liner in the pipe"></p>` +
		`<p><img src="/media/` + smallKey + `" alt="Cleanout"><img src="https://cdn.example/truck.jpg" alt="Truck"></p>` +
		`<table><tr><td>Clay</td><td>50 years</td></tr></table>`
	f.ImageUrl = "/media/" + wideKey
	return f
}

// Every post the API returns carries its body rendered and its hero image,
// sized from the media library; summaries carry the hero only.
func TestPostsCarryTheirRenderedBodyAndHero(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: htmlPost("lining-day")})
	require.NoError(t, err)
	wantBody := `<h2>Lining day</h2><p>Before:<img src="/media/` + wideKey + `" alt="Liner in the pipe" width="1000" height="600" srcset="` + wideSrcset + `" ` + bodySizes + ` loading="lazy" decoding="async"/></p>` +
		`<p><img src="/media/` + smallKey + `" alt="Cleanout" width="400" height="300" srcset="/media/` + smallKey + ` 400w" ` + bodySizes + ` loading="lazy" decoding="async"/>` +
		`<img src="https://cdn.example/truck.jpg" alt="Truck" width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"/></p>` +
		`<div class="article__table" role="region" tabindex="0" aria-label="Table 1"><table><tbody><tr><td>Clay</td><td>50 years</td></tr></tbody></table></div>`
	wantHero := &contentv1.ResponsiveImage{Src: "/media/" + wideKey, Srcset: wideSrcset, Width: 1000, Height: 600}
	check := func(what string, p *contentv1.Post) {
		t.Helper()
		require.Equal(t, wantBody, p.GetBodyHtml(), what)
		require.Equal(t, wantHero.String(), p.GetHeroImage().String(), what)
	}
	check("create", created.GetPost())
	id := created.GetPost().GetId()

	got, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "lining-day"})
	require.NoError(t, err)
	check("public read", got.GetPost())
	one, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: id})
	require.NoError(t, err)
	check("staff read", one.GetPost())

	// A markdown post with no image: the default hero.
	md, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("markdown-post")})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(md.GetPost().GetBodyHtml(), "<h2>Roots</h2>\n<p>word word"), md.GetPost().GetBodyHtml())
	require.Equal(t, (&contentv1.ResponsiveImage{Src: "/images/article-default.svg", Srcset: "/images/article-default.svg 1200w", Width: 1200, Height: 630}).String(),
		md.GetPost().GetHeroImage().String())

	list, err := e.public.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.NoError(t, err)
	require.Len(t, list.GetPosts(), 2)
	heroes := map[string]string{}
	for _, p := range list.GetPosts() {
		heroes[p.GetSlug()] = p.GetHeroImage().GetSrcset()
	}
	require.Equal(t, map[string]string{"lining-day": wideSrcset, "markdown-post": "/images/article-default.svg 1200w"}, heroes)
	all, err := e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{})
	require.NoError(t, err)
	for _, p := range all.GetPosts() {
		one, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: p.GetId()})
		require.NoError(t, err)
		require.NotEmpty(t, one.GetPost().GetBodyHtml(), p.GetSlug())
		require.NotEmpty(t, one.GetPost().GetHeroImage().GetSrcset(), p.GetSlug())
	}

	// Update and restore answer rendered posts too.
	f := htmlPost("lining-day")
	f.ImageUrl = "https://cdn.example/hero.jpg"
	up, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: id, Post: f})
	require.NoError(t, err)
	require.Equal(t, wantBody, up.GetPost().GetBodyHtml())
	require.Equal(t, (&contentv1.ResponsiveImage{Src: "https://cdn.example/hero.jpg", Srcset: "https://cdn.example/hero.jpg 1200w", Width: 1200, Height: 630}).String(),
		up.GetPost().GetHeroImage().String())
	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id})
	require.NoError(t, err)
	restored, err := e.admin.RestorePostRevision(e.staff, &contentv1.RestorePostRevisionRequest{PostId: id, RevisionId: revs.GetRevisions()[0].GetId()})
	require.NoError(t, err)
	check("restore", restored.GetPost())

	// The content service asked as itself, never as the visitor or staff
	// member it was answering.
	callers := e.media.seen()
	require.NotEmpty(t, callers)
	for _, c := range callers {
		require.Equal(t, identity.Caller{Service: "content"}, c)
	}
}

// With the media service down, reads still answer: images keep a box and
// lose only their srcset.
func TestPostsRenderWhileTheMediaServiceIsDown(t *testing.T) {
	t.Parallel()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	down := ln.Addr().String()
	require.NoError(t, ln.Close())
	e := newEnvWithMedia(t, false, signer, down, nil)

	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: htmlPost("no-media")})
	require.NoError(t, err)
	got, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "no-media"})
	require.NoError(t, err)
	for _, p := range []*contentv1.Post{created.GetPost(), got.GetPost()} {
		body := p.GetBodyHtml()
		require.NotContains(t, body, "srcset")
		require.Equal(t, 3, strings.Count(body, `width="1200" height="675" loading="lazy" decoding="async" class="article__img--fit"`), body)
		require.Equal(t, (&contentv1.ResponsiveImage{Src: "/media/" + wideKey, Srcset: "/media/" + wideKey + " 1200w", Width: 1200, Height: 630}).String(),
			p.GetHeroImage().String())
	}
	list, err := e.public.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.NoError(t, err)
	require.Equal(t, "/media/"+wideKey+" 1200w", list.GetPosts()[0].GetHeroImage().GetSrcset())
}

// The staff preview renders unsaved text exactly as saving it would.
func TestRenderPostPreviewsWhatASaveShows(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	for _, f := range []*contentv1.PostFields{htmlPost("preview-html"), func() *contentv1.PostFields {
		f := fields("preview-md")
		f.Content = "## Tips\n\n- **Jet** first\n\n[bad](javascript:alert(1)) <script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |"
		return f
	}()} {
		preview, err := e.admin.RenderPost(e.staff, &contentv1.RenderPostRequest{Content: f.GetContent(), ImageUrl: f.GetImageUrl()})
		require.NoError(t, err)
		saved, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
		require.NoError(t, err)
		require.Equal(t, saved.GetPost().GetBodyHtml(), preview.GetBodyHtml(), f.GetSlug())
		require.Equal(t, saved.GetPost().GetHeroImage().String(), preview.GetHeroImage().String(), f.GetSlug())
		require.NotContains(t, preview.GetBodyHtml(), "<script")
		require.NotContains(t, preview.GetBodyHtml(), "javascript:")
	}

	// Empty text is allowed (a new post): an empty body and the default hero.
	empty, err := e.admin.RenderPost(e.staff, &contentv1.RenderPostRequest{})
	require.NoError(t, err)
	require.Empty(t, empty.GetBodyHtml())
	require.Equal(t, "/images/article-default.svg", empty.GetHeroImage().GetSrc())

	_, err = e.admin.RenderPost(e.staff, &contentv1.RenderPostRequest{Content: "x", ImageUrl: "//evil.example/a.png"})
	require.Equal(t, map[string]string{"image_url": "Image URL must be a site path starting with / or an https:// address"}, violations(t, err))
	_, err = e.admin.RenderPost(e.staff, &contentv1.RenderPostRequest{Content: strings.Repeat("x", 200001)})
	require.Equal(t, map[string]string{"content": "Content must be 200,000 characters or fewer"}, violations(t, err))

	// Staff only, like the rest of the admin service.
	_, err = e.admin.RenderPost(context.Background(), &contentv1.RenderPostRequest{Content: "x"})
	require.Equal(t, codes.Unauthenticated, status.Code(err))
	_, err = e.admin.RenderPost(e.visitor, &contentv1.RenderPostRequest{Content: "x"})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
}

// The media service answers at most 50 keys a call; more images than that
// (a long staff list of posts, a photo-heavy article) are asked in turns.
func TestManyImagesAreLookedUpInTurns(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	var b strings.Builder
	b.WriteString("<p>")
	for i := range 60 {
		b.WriteString(`<img src="/media/` + strings.Repeat(string("0123456789abcdef"[i%16]), 62) + fmt.Sprintf("%02d", i) + `.jpg" alt="">`)
	}
	b.WriteString(`<img src="/media/` + wideKey + `" alt="last"></p>`)
	f := fields("photo-heavy")
	f.Content = b.String()
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.NoError(t, err)
	require.Contains(t, created.GetPost().GetBodyHtml(), `alt="last" width="1000" height="600" srcset="`+wideSrcset+`"`)
	require.Len(t, e.media.seen(), 2, "61 keys: 50, then 11")
}

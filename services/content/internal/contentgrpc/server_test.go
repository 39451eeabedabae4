package contentgrpc_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/content/internal/content"
	"github.com/valleytrenchless/site/services/content/internal/contentgrpc"
	"github.com/valleytrenchless/site/services/content/internal/contentmedia"
	"github.com/valleytrenchless/site/services/content/internal/contentnats"
	"github.com/valleytrenchless/site/services/content/internal/contentpg"
	"github.com/valleytrenchless/site/services/content/internal/render"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

const staffEmail = "ana@valleytrenchless.example"

// env is one content service on a fresh database, reached over gRPC, with
// a media library beside it.
type env struct {
	pool    *pgxpool.Pool
	media   *mediaLibrary
	public  contentv1.ContentServiceClient
	admin   contentv1.ContentAdminServiceClient
	signer  *identity.Signer
	events  *eventLog
	staff   context.Context
	visitor context.Context
}

type eventLog struct {
	mu  sync.Mutex
	got []*contentv1.ContentChanged
}

func (l *eventLog) add(m *nats.Msg) {
	var ev contentv1.ContentChanged
	if err := protojson.Unmarshal(m.Data, &ev); err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, &ev)
}

func (l *eventLog) waitFor(t *testing.T, kind, id string) {
	t.Helper()
	l.waitForAfter(t, kind, id, time.Time{}, 5*time.Second)
}

// waitForAfter waits for an event about kind/id sent at or after since.
func (l *eventLog) waitForAfter(t *testing.T, kind, id string, since time.Time, timeout time.Duration) {
	t.Helper()
	require.Eventually(t, func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		for _, e := range l.got {
			if e.GetKind() == kind && e.GetId() == id && !e.GetChangedAt().AsTime().Before(since) {
				return true
			}
		}
		return false
	}, timeout, 20*time.Millisecond, "content.changed for %s %s since %s", kind, id, since)
}

func newEnv(t testing.TB, seed bool) *env {
	t.Helper()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	media := startMediaLibrary(t, signer)
	return newEnvWithMedia(t, seed, signer, media.addr, media)
}

// newEnvWithMedia starts the content service with its media client on
// mediaAddr.
func newEnvWithMedia(t testing.TB, seed bool, signer *identity.Signer, mediaAddr string, media *mediaLibrary) *env {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.NewPool(t, contentpg.Migrate)
	store := contentpg.New(pool)
	if seed {
		_, err := store.Seed(ctx)
		require.NoError(t, err)
	}

	// A private NATS subject space is not needed: events carry ids unique to
	// this test, and tests look only for their own.
	nc, err := nats.Connect(nats.DefaultURL, nats.Timeout(3*time.Second))
	require.NoError(t, err, "NATS must be running at %s", nats.DefaultURL)
	t.Cleanup(nc.Close)
	events := &eventLog{}
	sub, err := nc.Subscribe(contentnats.Subject, events.add)
	require.NoError(t, err)
	t.Cleanup(func() { _ = sub.Unsubscribe() })
	require.NoError(t, nc.Flush())

	srv, err := grpcserver.New(quiet, grpcserver.Options{
		Signer: signer,
	})
	require.NoError(t, err)
	svc := content.NewService(store, contentnats.NewPublisher(quiet, nc))
	mediaConn, err := grpc.NewClient(mediaAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { mediaConn.Close() })
	public := contentgrpc.New(quiet, svc, render.New(contentmedia.New(mediaConn, signer), quiet))
	contentv1.RegisterContentServiceServer(srv.GRPC(), public)
	contentv1.RegisterContentAdminServiceServer(srv.GRPC(), contentgrpc.NewAdmin(public))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(sctx, ln) }()
	scheduled := make(chan struct{})
	go func() { svc.AnnounceScheduled(sctx, quiet, content.ScheduleInterval); close(scheduled) }()
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(); cancel(); <-done; <-scheduled })

	return &env{
		pool:   pool,
		public: contentv1.NewContentServiceClient(conn), admin: contentv1.NewContentAdminServiceClient(conn),
		signer: signer, events: events, media: media,
		staff:   signer.OutgoingContext(ctx, identity.Caller{Email: staffEmail, Staff: true}),
		visitor: signer.OutgoingContext(ctx, identity.Caller{Email: "joe@gmail.example"}),
	}
}

// violations returns field → message of an InvalidArgument error.
func violations(t *testing.T, err error) map[string]string {
	t.Helper()
	st := status.Convert(err)
	require.Equal(t, codes.InvalidArgument, st.Code(), "%v", err)
	out := map[string]string{}
	for _, d := range st.Details() {
		if vs, ok := d.(*validate.Violations); ok {
			for _, v := range vs.GetViolations() {
				els := v.GetField().GetElements()
				out[els[len(els)-1].GetFieldName()] = v.GetMessage()
			}
		}
	}
	return out
}

func fields(slug string) *contentv1.PostFields {
	return &contentv1.PostFields{
		Title:   "Why Roots Love Clay Pipe",
		Slug:    slug,
		Excerpt: "Roots find every joint.",
		Content: "## Roots\n\n" + strings.Repeat("word ", 450),
	}
}

func TestStaffCallsNeedAStaffIdentity(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	_, err := e.admin.ListPosts(context.Background(), &contentv1.ListPostsRequest{})
	require.Equal(t, codes.Unauthenticated, status.Code(err))
	_, err = e.admin.CreatePost(e.visitor, &contentv1.CreatePostRequest{Post: fields("x")})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
	_, err = e.admin.UpdateEditableContent(e.visitor, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "Hacked"})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
	forged := identity.OutgoingContextWithToken(context.Background(), "eyJzdWIiOiJ4Iiwic3RhZmYiOnRydWV9.AAAA")
	_, err = e.admin.ListPosts(forged, &contentv1.ListPostsRequest{})
	require.Equal(t, codes.Unauthenticated, status.Code(err))
}

func TestCreatePostDefaultsRulesAndEvents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	resp, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("roots-and-clay")})
	require.NoError(t, err)
	p := resp.GetPost()
	require.True(t, p.GetIsPublished(), "new posts default to published")
	require.Equal(t, "Pipe Types", p.GetCategory(), "derived from 'Clay' in the title")
	require.EqualValues(t, 3, p.GetReadTimeMinutes(), "451 words / 200, rounded up")
	require.Equal(t, staffEmail, p.GetUpdatedBy())
	require.WithinDuration(t, time.Now(), p.GetPublishedAt().AsTime(), 5*time.Second)
	e.events.waitFor(t, "post", p.GetId())

	got, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "roots-and-clay"})
	require.NoError(t, err)
	require.Equal(t, p.GetId(), got.GetPost().GetId())
	require.Empty(t, got.GetPost().GetUpdatedBy(), "staff e-mail is not public")

	// Same slug again: 409 with a message a person understands.
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("roots-and-clay")})
	require.Equal(t, codes.AlreadyExists, status.Code(err))
	require.Equal(t, `A post with the slug "roots-and-clay" already exists. Choose another slug.`, status.Convert(err).Message())

	// An explicit category overrides the rule.
	f := fields("monsoon-roots")
	f.Category = "Seasonal"
	resp, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.NoError(t, err)
	require.Equal(t, "Seasonal", resp.GetPost().GetCategory())
}

func TestCreatePostValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	_, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: &contentv1.PostFields{
		Title: " ", Slug: "Bad Slug!", Excerpt: "", Content: "", ImageUrl: "javascript:alert(1)", Category: "Gossip",
	}})
	require.Equal(t, map[string]string{
		"title":     "Title is required",
		"slug":      "Slug may use only lower-case letters, digits and hyphens (1-120 characters)",
		"excerpt":   "Excerpt is required",
		"content":   "Content is required",
		"image_url": "Image URL must be a site path starting with / or an https:// address",
		"category":  "Category must be one of Technology, Maintenance, Cost Guide, Pipe Types, Prevention, Seasonal, Legal & Safety",
	}, violations(t, err))

	// A body that is nothing but script is empty once sanitised.
	f := fields("only-script")
	f.Content = "<script>alert(1)</script>"
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.Equal(t, map[string]string{"content": "Content is empty once unsafe markup is removed"}, violations(t, err))

	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{})
	require.Equal(t, codes.InvalidArgument, status.Code(err))

	// Browsers read //host and /\host as another site, not a site path.
	for _, u := range []string{"//evil.example/x.png", `/\evil.example/x.png`, "http://evil.example/x.png"} {
		f := fields("hero-elsewhere")
		f.ImageUrl = u
		_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
		require.Equal(t, map[string]string{"image_url": "Image URL must be a site path starting with / or an https:// address"}, violations(t, err), u)
	}
	f = fields("hero-here")
	f.ImageUrl = "/media/0a.jpg"
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.NoError(t, err)
}

func TestPostBodiesAreSanitisedOnWrite(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	f := fields("xss")
	f.Content = `<h2>Hi</h2><p onclick="alert(1)">Text<img src=x onerror=alert(1)></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`
	resp, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.NoError(t, err)
	// The image goes too: its src is neither a site path nor https.
	require.Equal(t, `<h2>Hi</h2><p>Text</p>x`, resp.GetPost().GetContent())
}

func TestDraftsAndScheduledPostsStayPrivate(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	draft := fields("draft-post")
	draft.IsPublished = proto.Bool(false)
	d, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: draft})
	require.NoError(t, err)
	sched := fields("scheduled-post")
	sched.PublishedAt = timestamppb.New(time.Now().Add(24 * time.Hour))
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: sched})
	require.NoError(t, err)

	list, err := e.public.ListPublishedPosts(context.Background(), &contentv1.ListPublishedPostsRequest{})
	require.NoError(t, err)
	require.Empty(t, list.GetPosts())
	for _, slug := range []string{"draft-post", "scheduled-post"} {
		_, err = e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: slug})
		require.Equal(t, codes.NotFound, status.Code(err), slug)
	}
	all, err := e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{})
	require.NoError(t, err)
	require.Len(t, all.GetPosts(), 2)
	one, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: d.GetPost().GetId()})
	require.NoError(t, err)
	require.False(t, one.GetPost().GetIsPublished())

	// Publishing the draft makes it live now, not at its creation time.
	time.Sleep(10 * time.Millisecond)
	pub := fields("draft-post")
	pub.IsPublished = proto.Bool(true)
	up, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: d.GetPost().GetId(), Post: pub})
	require.NoError(t, err)
	require.True(t, up.GetPost().GetPublishedAt().AsTime().After(d.GetPost().GetPublishedAt().AsTime()))
	_, err = e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "draft-post"})
	require.NoError(t, err)
}

// ADR 0003: a scheduled post is announced when it goes live, so the
// gateway drops its cached pages and lists without anyone saving anything.
func TestScheduledPostIsAnnouncedWhenItGoesLive(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	at := time.Now().Add(2 * time.Second)
	f := fields("goes-live-soon")
	f.PublishedAt = timestamppb.New(at)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.NoError(t, err)
	id := created.GetPost().GetId()
	_, err = e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "goes-live-soon"})
	require.Equal(t, codes.NotFound, status.Code(err), "not live yet")

	// The save announced it once; the schedule announces it again once its
	// time has passed, and the read that announcement causes finds it.
	e.events.waitForAfter(t, "post", id, at, 15*time.Second)
	got, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "goes-live-soon"})
	require.NoError(t, err)
	require.Equal(t, id, got.GetPost().GetId())
}

func TestUpdateKeepsRevisionsAndRestoreBringsThemBack(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("history")})
	require.NoError(t, err)
	id := created.GetPost().GetId()

	other := e.signer.OutgoingContext(context.Background(), identity.Caller{Email: "ben@valleytrenchless.example", Staff: true})
	v2 := fields("history-v2")
	v2.Title = "Orangeburg Pipe Explained"
	v2.Content = "Short body."
	up, err := e.admin.UpdatePost(other, &contentv1.UpdatePostRequest{Id: id, Post: v2})
	require.NoError(t, err)
	require.Equal(t, "history-v2", up.GetPost().GetSlug())
	require.Equal(t, "Pipe Types", up.GetPost().GetCategory())
	require.EqualValues(t, 1, up.GetPost().GetReadTimeMinutes())
	require.Equal(t, "ben@valleytrenchless.example", up.GetPost().GetUpdatedBy())
	e.events.waitFor(t, "post", id)

	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id})
	require.NoError(t, err)
	require.Len(t, revs.GetRevisions(), 1)
	r := revs.GetRevisions()[0]
	require.Equal(t, "history", r.GetSlug(), "the revision is the version before the update")
	require.Equal(t, "ben@valleytrenchless.example", r.GetSavedBy(), "saved by whoever replaced it")

	restored, err := e.admin.RestorePostRevision(e.staff, &contentv1.RestorePostRevisionRequest{PostId: id, RevisionId: r.GetId()})
	require.NoError(t, err)
	require.Equal(t, "history", restored.GetPost().GetSlug())
	require.Equal(t, created.GetPost().GetContent(), restored.GetPost().GetContent())
	revs, err = e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id})
	require.NoError(t, err)
	require.Len(t, revs.GetRevisions(), 2, "restoring keeps the replaced version too")
	require.Equal(t, "history-v2", revs.GetRevisions()[0].GetSlug())

	// Unknown ids and slug collisions.
	missing := "00000000-0000-4000-8000-000000000000"
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: missing, Post: fields("x")})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.admin.RestorePostRevision(e.staff, &contentv1.RestorePostRevisionRequest{PostId: id, RevisionId: missing})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: missing})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("taken")})
	require.NoError(t, err)
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: id, Post: fields("taken")})
	require.Equal(t, codes.AlreadyExists, status.Code(err))
	_, err = e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: "not-a-uuid"})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
}

func TestDeletePost(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("gone-soon")})
	require.NoError(t, err)
	id := created.GetPost().GetId()
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: id, Post: fields("gone-soon")})
	require.NoError(t, err)
	_, err = e.admin.DeletePost(e.staff, &contentv1.DeletePostRequest{Id: id})
	require.NoError(t, err)
	_, err = e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: id})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "gone-soon"})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.admin.DeletePost(e.staff, &contentv1.DeletePostRequest{Id: id})
	require.Equal(t, codes.NotFound, status.Code(err))
}

func TestEditableContent(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	items, err := e.public.ListEditableContent(context.Background(), &contentv1.ListEditableContentRequest{})
	require.NoError(t, err)
	require.NotEmpty(t, items.GetItems())

	// Defaults: type text, category general; text is stripped and decoded.
	c, err := e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{
		ContentKey: "footer.tagline", Content: "<b>Drain</b> &amp; Sewer Pros", Description: "Footer tagline",
	})
	require.NoError(t, err)
	require.Equal(t, "text", c.GetItem().GetContentType())
	require.Equal(t, "general", c.GetItem().GetCategory())
	require.Equal(t, "Drain & Sewer Pros", c.GetItem().GetContent())
	e.events.waitFor(t, "editable_content", "footer.tagline")

	h, err := e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{
		ContentKey: "about.body", Content: `<p onclick="x()">Family <em>owned</em></p><script>x()</script>`, ContentType: "html", Category: "about",
	})
	require.NoError(t, err)
	require.Equal(t, "<p>Family <em>owned</em></p>", h.GetItem().GetContent())

	_, err = e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{ContentKey: "footer.tagline", Content: "x"})
	require.Equal(t, codes.AlreadyExists, status.Code(err))
	require.Equal(t, `A content item with the key "footer.tagline" already exists. Edit it instead.`, status.Convert(err).Message())

	_, err = e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{ContentKey: "", Content: "x", Category: "blog", ContentType: "pdf"})
	v := violations(t, err)
	require.Contains(t, v["content_key"], "Content key is required")
	require.Equal(t, "Category must be one of homepage, services, about, contact, general", v["category"])
	require.Equal(t, "Content type must be html or text", v["content_type"])

	// Updating keeps the key and the type's cleaning rule.
	u, err := e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "Same-Day <i>Sewer</i> Repair"})
	require.NoError(t, err)
	require.Equal(t, "Same-Day Sewer Repair", u.GetItem().GetContent())
	require.Equal(t, "hero.title", u.GetItem().GetContentKey())
	e.events.waitFor(t, "editable_content", "hero.title")
	u, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "about.body", Content: `<h3>Us</h3><iframe src="https://x"></iframe>`})
	require.NoError(t, err)
	require.Equal(t, "<h3>Us</h3>", u.GetItem().GetContent())

	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "no.such.key", Content: "x"})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "<script>x</script>"})
	require.Equal(t, map[string]string{"content": "Content is required"}, violations(t, err))
}

package contentgrpc_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/identity"
)

const benEmail = "ben@valleytrenchless.example"

// staleInfo is the STALE_VERSION detail of an ABORTED write.
func staleInfo(t *testing.T, err error) map[string]string {
	t.Helper()
	st := status.Convert(err)
	require.Equal(t, codes.Aborted, st.Code(), "want a refused stale write, got %v", err)
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			require.Equal(t, "STALE_VERSION", info.GetReason())
			return info.GetMetadata()
		}
	}
	t.Fatalf("no ErrorInfo in %v", st.Details())
	return nil
}

func TestTheSecondOfTwoSavesOfTheSameVersionIsRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	ben := e.signer.OutgoingContext(context.Background(), identity.Caller{Email: benEmail, Staff: true})
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: &contentv1.PostFields{
		Title: "Root Intrusion", Slug: "root-intrusion", Excerpt: "Roots.", Content: "Roots find joints.",
	}})
	require.NoError(t, err)
	opened := created.GetPost()
	require.EqualValues(t, 1, opened.GetVersion())

	// Ana and Ben both opened version 1. Ben saves first.
	fields := func(content string) *contentv1.PostFields {
		return &contentv1.PostFields{Title: opened.GetTitle(), Slug: opened.GetSlug(), Excerpt: opened.GetExcerpt(),
			Content: content, BaseVersion: opened.GetVersion()}
	}
	bens, err := e.admin.UpdatePost(ben, &contentv1.UpdatePostRequest{Id: opened.GetId(), Post: fields("Ben's roots.")})
	require.NoError(t, err)
	require.EqualValues(t, 2, bens.GetPost().GetVersion())

	// Ana's save, based on version 1, is refused with who saved version 2 and when.
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: opened.GetId(), Post: fields("Ana's roots.")})
	info := staleInfo(t, err)
	require.Equal(t, "2", info["version"])
	require.Equal(t, benEmail, info["updated_by"])
	at, perr := time.Parse(time.RFC3339Nano, info["updated_at"])
	require.NoError(t, perr)
	require.WithinDuration(t, bens.GetPost().GetUpdatedAt().AsTime(), at, time.Millisecond)
	require.Contains(t, status.Convert(err).Message(), "changed by "+benEmail)

	// Nothing of Ana's was written, and no revision was kept for it.
	got, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: opened.GetId()})
	require.NoError(t, err)
	require.Equal(t, "Ben's roots.", strings.TrimSpace(got.GetPost().GetContent()))
	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: opened.GetId()})
	require.NoError(t, err)
	require.Len(t, revs.GetRevisions(), 1)

	// Overwriting deliberately: Ana sends the version she has now seen.
	over := fields("Ana's roots, on purpose.")
	over.BaseVersion = 2
	anas, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: opened.GetId(), Post: over})
	require.NoError(t, err)
	require.EqualValues(t, 3, anas.GetPost().GetVersion())
	require.Equal(t, staffEmail, anas.GetPost().GetUpdatedBy())

	// A write without a base version (an API client that does not track
	// versions) writes over what is stored, as before.
	blind := fields("No version.")
	blind.BaseVersion = 0
	res, err := e.admin.UpdatePost(ben, &contentv1.UpdatePostRequest{Id: opened.GetId(), Post: blind})
	require.NoError(t, err)
	require.EqualValues(t, 4, res.GetPost().GetVersion())

	// A restore moves the version on too, so an editor open before it is stale.
	_, err = e.admin.RestorePostRevision(e.staff, &contentv1.RestorePostRevisionRequest{PostId: opened.GetId(), RevisionId: revs.GetRevisions()[0].GetId()})
	require.NoError(t, err)
	stale := fields("after restore")
	stale.BaseVersion = 4
	_, err = e.admin.UpdatePost(ben, &contentv1.UpdatePostRequest{Id: opened.GetId(), Post: stale})
	require.Equal(t, "5", staleInfo(t, err)["version"])

	// The public read carries none of it.
	pub, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "root-intrusion"})
	require.NoError(t, err)
	require.Zero(t, pub.GetPost().GetVersion())
	require.Empty(t, pub.GetPost().GetUpdatedBy())
}

func TestRacingSavesOfOneVersionLetExactlyOneThrough(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: &contentv1.PostFields{
		Title: "Hydro Jetting", Slug: "hydro-jetting", Excerpt: "Water.", Content: "Water at pressure.",
	}})
	require.NoError(t, err)
	p := created.GetPost()
	const racers = 8
	var wg sync.WaitGroup
	errs := make([]error, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			who := e.signer.OutgoingContext(context.Background(), identity.Caller{Email: "staff" + strconv.Itoa(i) + "@valleytrenchless.example", Staff: true})
			_, errs[i] = e.admin.UpdatePost(who, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: &contentv1.PostFields{
				Title: p.GetTitle(), Slug: p.GetSlug(), Excerpt: p.GetExcerpt(), Content: "Version by " + strconv.Itoa(i), BaseVersion: 1,
			}})
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		require.Equal(t, "2", staleInfo(t, err)["version"])
	}
	require.Equal(t, 1, ok, "exactly one of the racing saves of version 1 wins")
	got, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: p.GetId()})
	require.NoError(t, err)
	require.EqualValues(t, 2, got.GetPost().GetVersion())
}

func TestEditableTextsRefuseStaleEditsAndCanMoveAndGo(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	ben := e.signer.OutgoingContext(context.Background(), identity.Caller{Email: benEmail, Staff: true})
	items, err := e.public.ListEditableContent(context.Background(), &contentv1.ListEditableContentRequest{})
	require.NoError(t, err)
	var hero *contentv1.EditableContent
	for _, it := range items.GetItems() {
		if it.GetContentKey() == "hero.title" {
			hero = it
		}
	}
	require.NotNil(t, hero)
	base := hero.GetVersion()
	require.Positive(t, base)

	u, err := e.admin.UpdateEditableContent(ben, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "Ben's title", BaseVersion: base})
	require.NoError(t, err)
	require.Equal(t, base+1, u.GetItem().GetVersion())
	require.Equal(t, benEmail, u.GetItem().GetUpdatedBy())

	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "Ana's title", BaseVersion: base})
	info := staleInfo(t, err)
	require.Equal(t, strconv.FormatInt(base+1, 10), info["version"])
	require.Equal(t, benEmail, info["updated_by"])

	// The public list never names who edited.
	items, err = e.public.ListEditableContent(context.Background(), &contentv1.ListEditableContentRequest{})
	require.NoError(t, err)
	for _, it := range items.GetItems() {
		require.Empty(t, it.GetUpdatedBy(), it.GetContentKey())
		if it.GetContentKey() == "hero.title" {
			require.Equal(t, "Ben's title", it.GetContent())
		}
	}

	// Category and description change when named; left out, they stay.
	moved, err := e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{
		ContentKey: "hero.title", Content: "Ana's title", BaseVersion: base + 1,
		Category: proto.String("services"), Description: proto.String("  The big headline  "),
	})
	require.NoError(t, err)
	require.Equal(t, "services", moved.GetItem().GetCategory())
	require.Equal(t, "The big headline", moved.GetItem().GetDescription())
	kept, err := e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "Again", BaseVersion: base + 2})
	require.NoError(t, err)
	require.Equal(t, "services", kept.GetItem().GetCategory())
	require.Equal(t, "The big headline", kept.GetItem().GetDescription())
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "x", Category: proto.String("blog")})
	require.Equal(t, map[string]string{"category": "Category must be one of homepage, services, about, contact, general"}, violations(t, err))

	// Deleting: staff only, announced, gone from the list; twice is NOT_FOUND.
	_, err = e.admin.DeleteEditableContent(e.visitor, &contentv1.DeleteEditableContentRequest{ContentKey: "hero.title"})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
	since := time.Now()
	_, err = e.admin.DeleteEditableContent(e.staff, &contentv1.DeleteEditableContentRequest{ContentKey: "hero.title"})
	require.NoError(t, err)
	e.events.waitForAfter(t, "editable_content", "hero.title", since.Add(-time.Second), 5*time.Second)
	items, err = e.public.ListEditableContent(context.Background(), &contentv1.ListEditableContentRequest{})
	require.NoError(t, err)
	for _, it := range items.GetItems() {
		require.NotEqual(t, "hero.title", it.GetContentKey())
	}
	_, err = e.admin.DeleteEditableContent(e.staff, &contentv1.DeleteEditableContentRequest{ContentKey: "hero.title"})
	require.Equal(t, codes.NotFound, status.Code(err))
}

// Issue 28: the editor saves drafts by itself while staff type. A run of
// autosaves by one person keeps one revision (of what was there before),
// each still names its base version, and a published post is never
// autosaved.
func TestAutosavesOfADraftKeepOneRevisionAndNeverPublish(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	draft := &contentv1.PostFields{Title: "Grease Traps", Slug: "grease-traps", Excerpt: "Fat.", Content: "Fat sets.",
		IsPublished: proto.Bool(false), Autosave: true}
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: draft})
	require.NoError(t, err)
	p := created.GetPost()
	require.True(t, p.GetAutosaved())
	for i := range 5 {
		draft.Content = fmt.Sprintf("Fat sets, typing %d.", i)
		draft.BaseVersion = p.GetVersion()
		up, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: draft})
		require.NoError(t, err)
		p = up.GetPost()
	}
	require.EqualValues(t, 6, p.GetVersion())
	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: p.GetId()})
	require.NoError(t, err)
	require.Empty(t, revs.GetRevisions(), "autosaves over one's own autosave keep no revision")

	// Another person's autosave keeps the first person's version.
	ben := e.signer.OutgoingContext(context.Background(), identity.Caller{Email: benEmail, Staff: true})
	draft.Content, draft.BaseVersion = "Ben types.", p.GetVersion()
	up, err := e.admin.UpdatePost(ben, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: draft})
	require.NoError(t, err)
	p = up.GetPost()
	// A stale autosave is refused like any save.
	draft.Content, draft.BaseVersion = "Ana's stale autosave.", p.GetVersion()-1
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: draft})
	require.Equal(t, codes.Aborted, status.Code(err))
	// A save by hand keeps the autosaved version and is not marked autosaved.
	draft.Autosave, draft.Content, draft.BaseVersion = false, "Saved by hand.", p.GetVersion()
	up, err = e.admin.UpdatePost(ben, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: draft})
	require.NoError(t, err)
	require.False(t, up.GetPost().GetAutosaved())
	revs, err = e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: p.GetId()})
	require.NoError(t, err)
	require.Len(t, revs.GetRevisions(), 2, "Ana's last autosave and Ben's")

	// Never for a published post, nor one the autosave would publish.
	draft.Autosave, draft.BaseVersion, draft.IsPublished = true, up.GetPost().GetVersion(), proto.Bool(true)
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: draft})
	require.Equal(t, map[string]string{"isPublished": "Only drafts are saved automatically. Save a published post yourself."}, violations(t, err))
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: &contentv1.PostFields{
		Title: "Live", Slug: "live-autosave", Excerpt: "x", Content: "y", Autosave: true}})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	got, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: p.GetId()})
	require.NoError(t, err)
	require.False(t, got.GetPost().GetIsPublished())
}

// Issue 28: a post's search and social fields are stored, trimmed, kept by
// its revisions and refused past their limits.
func TestPostsKeepTheirSEOFields(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	fields := &contentv1.PostFields{Title: "Roots", Slug: "roots-seo", Excerpt: "Roots.", Content: "Roots grow.",
		SeoTitle: "  Tree Roots in Sewer Lines  ", SeoDescription: "How roots get in.", SocialImageUrl: "/media/roots-share.jpg"}
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields})
	require.NoError(t, err)
	p := created.GetPost()
	require.Equal(t, "Tree Roots in Sewer Lines", p.GetSeoTitle())
	require.Equal(t, "How roots get in.", p.GetSeoDescription())
	require.Equal(t, "/media/roots-share.jpg", p.GetSocialImageUrl())
	pub, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "roots-seo"})
	require.NoError(t, err)
	require.Equal(t, "Tree Roots in Sewer Lines", pub.GetPost().GetSeoTitle(), "the public read carries them for the page's head")

	fields.SeoTitle, fields.BaseVersion = "", p.GetVersion()
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: p.GetId(), Post: fields})
	require.NoError(t, err)
	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: p.GetId()})
	require.NoError(t, err)
	require.Equal(t, "Tree Roots in Sewer Lines", revs.GetRevisions()[0].GetSeoTitle())
	restored, err := e.admin.RestorePostRevision(e.staff, &contentv1.RestorePostRevisionRequest{PostId: p.GetId(), RevisionId: revs.GetRevisions()[0].GetId()})
	require.NoError(t, err)
	require.Equal(t, "Tree Roots in Sewer Lines", restored.GetPost().GetSeoTitle())

	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: &contentv1.PostFields{Title: "x", Slug: "x-seo", Excerpt: "x", Content: "x",
		SeoTitle: strings.Repeat("t", 71), SeoDescription: strings.Repeat("d", 301), SocialImageUrl: "//evil.example/x.jpg"}})
	require.Equal(t, map[string]string{
		"seo_title":        "SEO title must be 70 characters or fewer",
		"seo_description":  "SEO description must be 300 characters or fewer",
		"social_image_url": "Social image URL must be a site path starting with / or an https:// address",
	}, violations(t, err))
}

package contentgrpc_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/services/content/internal/content"
	"github.com/valleytrenchless/site/services/content/internal/render"
)

// grpcLimit is the most a gRPC message carries by default, which every
// answer must stay under.
const grpcLimit = 4 << 20

// oneCellTables is a body of one-cell markdown tables at the content cap
// (200,000 characters): it renders to 23 times its size.
func oneCellTables() string {
	const table = "|a|\n|---|\n\n"
	return strings.Repeat(table, 200000/len(table))
}

// TestSixSavesOfAHugeDraftListTheirRevisionsInPages: six saves of a draft
// of 200,000 emoji made its revision list one answer of 4.8 MB, over what
// gRPC carries, and the list failed for good. It now comes in pages that
// each fit, every revision in one of them, newest first.
func TestSixSavesOfAHugeDraftListTheirRevisionsInPages(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	f := fields("huge-draft")
	f.IsPublished = proto.Bool(false)
	f.Content = strings.Repeat("😀", 200000)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	require.NoError(t, err)
	id := created.GetPost().GetId()
	titles := []string{f.Title}
	for i := range 6 {
		f.Title = fmt.Sprintf("Draft %d", i)
		_, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: id, Post: f})
		require.NoError(t, err)
		titles = append([]string{f.Title}, titles...)
	}
	// The revisions are the versions each save replaced, newest first.
	want := titles[1:]

	var got []string
	token, pages := "", 0
	for {
		page, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id, PageToken: token})
		require.NoError(t, err, "page %d", pages+1)
		pages++
		require.Less(t, proto.Size(page), grpcLimit/2+(1<<20), "a page stays near half of what gRPC carries")
		require.EqualValues(t, 6, page.GetTotalSize())
		for _, r := range page.GetRevisions() {
			require.Equal(t, 200000, strings.Count(r.GetContent(), "😀"), "each revision whole")
			got = append(got, r.GetTitle())
		}
		if token = page.GetNextPageToken(); token == "" {
			break
		}
	}
	require.Equal(t, want, got)
	require.Greater(t, pages, 1)

	// A page size walks them one at a time, in the same order.
	one, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id, PageSize: 1})
	require.NoError(t, err)
	require.Len(t, one.GetRevisions(), 1)
	require.Equal(t, want[0], one.GetRevisions()[0].GetTitle())
	two, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id, PageSize: 1, PageToken: one.GetNextPageToken()})
	require.NoError(t, err)
	require.Equal(t, want[1], two.GetRevisions()[0].GetTitle())

	// A token this list did not make is refused, in words.
	_, err = e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id, PageToken: "bm90IGEgdG9rZW4"})
	require.Equal(t, "That page of the list is no longer available. Start again from the first page.", violations(t, err)["page_token"])
}

// TestABodyTooLargeOnceRenderedIsRefusedAtSave: 200,000 characters of
// one-cell markdown tables rendered to 26 times their size; the create
// answered 500 with the post stored, and neither the editor nor (once
// published) the public read could answer it. The save is now refused,
// with nothing stored, in words staff can act on; the preview says the
// same.
func TestABodyTooLargeOnceRenderedIsRefusedAtSave(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	body := oneCellTables()
	require.Greater(t, len(render.Markdown(body)), grpcLimit, "the body renders past what an answer carries")

	f := fields("tables")
	f.Content = body
	_, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: f})
	msg := violations(t, err)["content"]
	require.Contains(t, msg, "This post is too large once formatted for the site (")
	require.Contains(t, msg, "the most is 2 MB). Shorten it or split it into several posts: tables take the most room.")
	list, err := e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{})
	require.NoError(t, err)
	require.Zero(t, list.GetPostCount(), "nothing stored")

	// An update to it is refused the same way, and leaves the post and its
	// history as they were.
	stored, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("tables")})
	require.NoError(t, err)
	id := stored.GetPost().GetId()
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: id, Post: f})
	require.Contains(t, violations(t, err)["content"], "too large once formatted")
	now, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: id})
	require.NoError(t, err)
	require.Equal(t, stored.GetPost().GetContent(), now.GetPost().GetContent())
	require.EqualValues(t, 1, now.GetPost().GetVersion())
	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: id})
	require.NoError(t, err)
	require.Zero(t, revs.GetTotalSize())

	_, err = e.admin.RenderPost(e.staff, &contentv1.RenderPostRequest{Content: body})
	require.Contains(t, violations(t, err)["content"], "too large once formatted")

	// Just under the limit is a post like any other.
	fits := fields("tables-that-fit")
	fits.Content = body[:len(body)/20]
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fits})
	require.NoError(t, err)
}

// TestAPostStoredTooLargeIsStillAnsweredCut: a post saved before the rule
// (or whose images gained renditions since) may render past it. Its public
// read and its editor's read are answered, the body cut after its last
// whole block that fits and a note saying so, never a failure.
func TestAPostStoredTooLargeIsStillAnsweredCut(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	created, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("stored-before-the-rule")})
	require.NoError(t, err)
	id := created.GetPost().GetId()
	_, err = e.pool.Exec(context.Background(), `UPDATE content.blog_posts SET content = $1 WHERE id = $2`, oneCellTables(), id)
	require.NoError(t, err)

	pub, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "stored-before-the-rule"})
	require.NoError(t, err)
	html := pub.GetPost().GetBodyHtml()
	require.LessOrEqual(t, len(html), content.MaxRenderedBody)
	require.True(t, strings.HasSuffix(html, render.CutNotice))
	require.True(t, strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(html, render.CutNotice)), "</table></div>"), "whole blocks only")
	require.Less(t, proto.Size(pub), grpcLimit)

	staff, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: id})
	require.NoError(t, err)
	require.Equal(t, html, staff.GetPost().GetBodyHtml())
	require.True(t, oneCellTables() == staff.GetPost().GetContent(), "the editor gets the whole body to shorten")
}

// TestStaffTextWithANULIsRefusedByField: a NUL character in a staff search,
// a post's field or a text made Postgres fail (500). Every call refuses it
// with a 400's code and a message naming the field, before anything runs.
func TestStaffTextWithANULIsRefusedByField(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	post := fields("nul-title")
	post.Title = "Roots\x00"
	for field, call := range map[string]func() error{
		"query": func() error {
			_, err := e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{Query: "roots\x00"})
			return err
		},
		"title": func() error {
			_, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: post})
			return err
		},
		"content": func() error {
			_, err := e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "hero.title", Content: "Sewer\x00"})
			return err
		},
		"category": func() error {
			_, err := e.admin.ListEditableContentPage(e.staff, &contentv1.ListEditableContentPageRequest{Category: "\x00"})
			return err
		},
		"description": func() error {
			_, err := e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{ContentKey: "a.b", Content: "x", Description: "\x00"})
			return err
		},
		"slug": func() error {
			_, err := e.public.GetPublishedPost(context.Background(), &contentv1.GetPublishedPostRequest{Slug: "roots\x00"})
			return err
		},
	} {
		refused := call()
		require.Equal(t, codes.InvalidArgument, status.Code(refused), field)
		require.Equal(t, grpcserver.NULMessage(strings.ToUpper(field[:1])+field[1:]), violations(t, refused)[field], field)
	}
}

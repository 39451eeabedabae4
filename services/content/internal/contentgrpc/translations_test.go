package contentgrpc_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
)

// spanish is fields of a Spanish post translating original ("" for none).
func spanish(slug, original string) *contentv1.PostFields {
	f := fields(slug)
	f.Title, f.Excerpt = "Por qué a las raíces les encanta el barro", "Las raíces encuentran cada unión."
	f.Language = proto.String("es")
	if original != "" {
		f.TranslationOf = proto.String(original)
	}
	return f
}

func twins(ts []*contentv1.PostTranslation) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.GetLanguage()+":"+t.GetSlug())
	}
	return out
}

// Issue 40 item 4: a post has a language and a Spanish post may translate
// an English one. Staff writes carry both and every rule has words of its
// own; a payload without them (SPEC §7's) is English on create and leaves
// them as they are on update; every change is announced.
func TestSpanishTranslationsOfPosts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, false)
	en, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("roots-and-clay")})
	require.NoError(t, err)
	original := en.GetPost()
	require.Equal(t, "en", original.GetLanguage(), "SPEC's payload makes an English post")
	require.Empty(t, original.GetTranslationOf())

	draft := spanish("raices-y-barro", original.GetId())
	draft.IsPublished = proto.Bool(false)
	es, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: draft})
	require.NoError(t, err)
	tr := es.GetPost()
	require.Equal(t, "es", tr.GetLanguage())
	require.Equal(t, original.GetId(), tr.GetTranslationOf())
	require.Equal(t, []string{"en:roots-and-clay"}, twins(tr.GetTranslations()))
	e.events.waitFor(t, "post", tr.GetId())

	// Staff see the draft translation from the original, in the list too.
	got, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: original.GetId()})
	require.NoError(t, err)
	require.Len(t, got.GetPost().GetTranslations(), 1)
	link := got.GetPost().GetTranslations()[0]
	require.Equal(t, tr.GetId(), link.GetId())
	require.Equal(t, "Por qué a las raíces les encanta el barro", link.GetTitle())
	require.False(t, link.GetIsPublished())
	list, err := e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{Language: "es"})
	require.NoError(t, err)
	require.Len(t, list.GetPosts(), 1)
	require.EqualValues(t, 1, list.GetTotalSize())
	require.EqualValues(t, 2, list.GetPostCount())
	require.Equal(t, "es", list.GetPosts()[0].GetLanguage())
	require.Equal(t, original.GetId(), list.GetPosts()[0].GetTranslationOf())
	list, err = e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{Language: "en"})
	require.NoError(t, err)
	require.Len(t, list.GetPosts(), 1)
	require.Equal(t, []string{"es:raices-y-barro"}, twins(list.GetPosts()[0].GetTranslations()), "whether it has a translation")

	// The rules, in words staff can act on.
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: spanish("otra-traduccion", original.GetId())})
	require.Equal(t, map[string]string{"translation_of": "“Why Roots Love Clay Pipe” already has a Spanish translation: “Por qué a las raíces les encanta el barro”. Edit that one, or unlink it first."},
		violations(t, err))
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: spanish("cadena", tr.GetId())})
	require.Equal(t, map[string]string{"translation_of": "“Por qué a las raíces les encanta el barro” is itself a translation. Choose the English post it translates instead."},
		violations(t, err))
	englishLinked := fields("english-linked")
	englishLinked.TranslationOf = proto.String(original.GetId())
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: englishLinked})
	require.Equal(t, map[string]string{"translation_of": "An English post cannot be a translation. Set the language to Spanish, or clear “Translation of”."},
		violations(t, err))
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: tr.GetId(), Post: spanish("raices-y-barro", tr.GetId())})
	require.Equal(t, map[string]string{"translation_of": "A post cannot be a translation of itself. Choose the English post it translates."}, violations(t, err))
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: spanish("sin-original", "3f1c0f4e-0000-4000-8000-000000000000")})
	require.Contains(t, violations(t, err)["translation_of"], "does not exist")
	bad := spanish("mal", "")
	bad.Language, bad.TranslationOf = proto.String("fr"), proto.String("not-an-id")
	_, err = e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: bad})
	require.Equal(t, map[string]string{
		"language":       "Language must be en (English) or es (Spanish)",
		"translation_of": "Translation of must name a post by its id",
	}, violations(t, err))
	toSpanish := fields("roots-and-clay")
	toSpanish.Language = proto.String("es")
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: original.GetId(), Post: toSpanish})
	require.Equal(t, map[string]string{"language": "This post has a Spanish translation, “Por qué a las raíces les encanta el barro”. Unlink it from this post before changing this post's language."},
		violations(t, err))
	_, err = e.admin.ListPosts(e.staff, &contentv1.ListPostsRequest{Language: "de"})
	require.Equal(t, "language must be en or es", violations(t, err)["language"])

	// An update without language or link (an older editor, a restored
	// revision) keeps both; an empty link unlinks.
	plain := fields("raices-y-barro")
	plain.IsPublished = proto.Bool(false)
	kept, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: tr.GetId(), Post: plain})
	require.NoError(t, err)
	require.Equal(t, "es", kept.GetPost().GetLanguage())
	require.Equal(t, original.GetId(), kept.GetPost().GetTranslationOf())
	revs, err := e.admin.ListPostRevisions(e.staff, &contentv1.ListPostRevisionsRequest{PostId: tr.GetId()})
	require.NoError(t, err)
	restored, err := e.admin.RestorePostRevision(e.staff, &contentv1.RestorePostRevisionRequest{PostId: tr.GetId(), RevisionId: revs.GetRevisions()[0].GetId()})
	require.NoError(t, err)
	require.Equal(t, original.GetId(), restored.GetPost().GetTranslationOf())
	unlink := spanish("raices-y-barro", "")
	unlink.TranslationOf = proto.String("")
	unlinked, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: tr.GetId(), Post: unlink})
	require.NoError(t, err)
	require.Empty(t, unlinked.GetPost().GetTranslationOf())
	require.Empty(t, unlinked.GetPost().GetTranslations())
	since := time.Now()
	relink, err := e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: tr.GetId(), Post: spanish("raices-y-barro", original.GetId())})
	require.NoError(t, err)
	require.Equal(t, original.GetId(), relink.GetPost().GetTranslationOf())
	e.events.waitForAfter(t, "post", tr.GetId(), since.Add(-time.Second), 5*time.Second)

	// Deleting the original keeps the translation, unlinked, announced.
	since = time.Now()
	_, err = e.admin.DeletePost(e.staff, &contentv1.DeletePostRequest{Id: original.GetId()})
	require.NoError(t, err)
	e.events.waitForAfter(t, "post", original.GetId(), since.Add(-time.Second), 5*time.Second)
	left, err := e.admin.GetPost(e.staff, &contentv1.GetPostRequest{Id: tr.GetId()})
	require.NoError(t, err)
	require.Equal(t, "es", left.GetPost().GetLanguage())
	require.Empty(t, left.GetPost().GetTranslationOf())
	require.Empty(t, left.GetPost().GetTranslations())
}

// The public reads: a post names its language and its published, live
// twin; the list keeps one language when asked, every language otherwise
// (as before, for the consumers that ask for none).
func TestPublishedPostsNameTheirLanguageAndTwin(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	ctx := context.Background()
	es, err := e.public.GetPublishedPost(ctx, &contentv1.GetPublishedPostRequest{Slug: "como-funciona-el-revestimiento-cipp"})
	require.NoError(t, err, "the seed's Spanish article")
	require.Equal(t, "es", es.GetPost().GetLanguage())
	require.Empty(t, es.GetPost().GetTranslationOf(), "the public read names the original in translations")
	require.Equal(t, []string{"en:cipp-pipe-lining-explained"}, twins(es.GetPost().GetTranslations()))
	require.True(t, es.GetPost().GetTranslations()[0].GetIsPublished())
	en, err := e.public.GetPublishedPost(ctx, &contentv1.GetPublishedPostRequest{Slug: "cipp-pipe-lining-explained"})
	require.NoError(t, err)
	require.Equal(t, "en", en.GetPost().GetLanguage())
	require.Equal(t, []string{"es:como-funciona-el-revestimiento-cipp"}, twins(en.GetPost().GetTranslations()))

	all, err := e.public.ListPublishedPosts(ctx, &contentv1.ListPublishedPostsRequest{Limit: 100})
	require.NoError(t, err)
	require.Len(t, all.GetPosts(), 10, "every language when none is asked for")
	english, err := e.public.ListPublishedPosts(ctx, &contentv1.ListPublishedPostsRequest{Limit: 100, Language: "en"})
	require.NoError(t, err)
	require.Len(t, english.GetPosts(), 9)
	spanishOnly, err := e.public.ListPublishedPosts(ctx, &contentv1.ListPublishedPostsRequest{Language: "es"})
	require.NoError(t, err)
	require.Len(t, spanishOnly.GetPosts(), 1)
	require.Equal(t, "es", spanishOnly.GetPosts()[0].GetLanguage())
	require.Equal(t, []string{"en:cipp-pipe-lining-explained"}, twins(spanishOnly.GetPosts()[0].GetTranslations()))
	_, err = e.public.ListPublishedPosts(ctx, &contentv1.ListPublishedPostsRequest{Language: "fr"})
	require.Equal(t, "language must be en or es", violations(t, err)["language"])

	// A draft or scheduled translation is not named; a published one is.
	draft := spanish("raices-y-barro", "")
	draft.IsPublished = proto.Bool(false)
	orig, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: fields("roots-and-clay")})
	require.NoError(t, err)
	draft.TranslationOf = proto.String(orig.GetPost().GetId())
	tr, err := e.admin.CreatePost(e.staff, &contentv1.CreatePostRequest{Post: draft})
	require.NoError(t, err)
	live := func() []string {
		got, err := e.public.GetPublishedPost(ctx, &contentv1.GetPublishedPostRequest{Slug: "roots-and-clay"})
		require.NoError(t, err)
		return twins(got.GetPost().GetTranslations())
	}
	require.Empty(t, live())
	sched := spanish("raices-y-barro", orig.GetPost().GetId())
	sched.IsPublished, sched.PublishedAt = proto.Bool(true), timestamppb.New(time.Now().Add(time.Hour))
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: tr.GetPost().GetId(), Post: sched})
	require.NoError(t, err)
	require.Empty(t, live())
	now := spanish("raices-y-barro", orig.GetPost().GetId())
	now.PublishedAt = timestamppb.New(time.Now().Add(-time.Second))
	_, err = e.admin.UpdatePost(e.staff, &contentv1.UpdatePostRequest{Id: tr.GetPost().GetId(), Post: now})
	require.NoError(t, err)
	require.Equal(t, []string{"es:raices-y-barro"}, live())
}

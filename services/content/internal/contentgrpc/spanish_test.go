package contentgrpc_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/identity"
)

// publicItem is key's item in the public list in locale.
func publicItem(t *testing.T, e *env, locale, key string) *contentv1.EditableContent {
	t.Helper()
	items, err := e.public.ListEditableContent(context.Background(), &contentv1.ListEditableContentRequest{Locale: locale})
	require.NoError(t, err)
	for _, it := range items.GetItems() {
		if it.GetContentKey() == key {
			return it
		}
	}
	t.Fatalf("no %s in the %q list", key, locale)
	return nil
}

// Issue 40: the public list in Spanish has each item's Spanish text, or
// its English text marked as the fallback; staff write the Spanish text
// with locale "es", with conflicts of its own, announced like any edit.
func TestSpanishTextsAreReadAndWrittenByLocale(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	ben := e.signer.OutgoingContext(context.Background(), identity.Caller{Email: benEmail, Staff: true, Role: identity.RoleEditor})

	// The seed's Spanish, as a Spanish page reads it; English by default.
	es := publicItem(t, e, "es", "hero.title")
	require.Equal(t, "Reparación de drenaje y alcantarillado sin excavar en todo el Valle de Phoenix", es.GetContent())
	require.Equal(t, "es", es.GetLocale())
	require.False(t, es.GetFallback())
	require.EqualValues(t, 1, es.GetVersion())
	require.Nil(t, es.ContentEs, "the public read carries one language")
	en := publicItem(t, e, "", "hero.title")
	require.Equal(t, "Trenchless Drain & Sewer Repair Across the Phoenix Valley", en.GetContent())
	require.Equal(t, "en", en.GetLocale())
	require.Nil(t, en.ContentEs)
	require.Equal(t, en.GetContent(), publicItem(t, e, "en", "hero.title").GetContent())

	// A new text without Spanish falls back to English on Spanish pages.
	created, err := e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{
		ContentKey: "promo.title", Content: "Spring special", Category: "homepage",
	})
	require.NoError(t, err)
	require.Nil(t, created.GetItem().ContentEs)
	fb := publicItem(t, e, "es", "promo.title")
	require.Equal(t, "Spring special", fb.GetContent())
	require.Equal(t, "en", fb.GetLocale())
	require.True(t, fb.GetFallback())
	require.Zero(t, fb.GetVersion(), "a first Spanish save is based on no version")

	// The first Spanish save: the English text and its version stay.
	since := time.Now()
	saved, err := e.admin.UpdateEditableContent(ben, &contentv1.UpdateEditableContentRequest{
		ContentKey: "promo.title", Content: "Oferta <b>de</b> primavera", Locale: "es",
	})
	require.NoError(t, err)
	item := saved.GetItem()
	require.Equal(t, "Spring special", item.GetContent())
	require.EqualValues(t, 1, item.GetVersion())
	require.Equal(t, "Oferta de primavera", item.GetContentEs(), "cleaned by the item's type")
	require.EqualValues(t, 1, item.GetVersionEs())
	require.Equal(t, benEmail, item.GetUpdatedByEs())
	require.Empty(t, item.GetUpdatedBy())
	e.events.waitForAfter(t, "editable_content", "promo.title", since.Add(-time.Second), 5*time.Second)
	got := publicItem(t, e, "es", "promo.title")
	require.Equal(t, "Oferta de primavera", got.GetContent())
	require.False(t, got.GetFallback())
	require.EqualValues(t, 1, got.GetVersion())
	require.Empty(t, got.GetUpdatedBy(), "the public never learns who edited")

	// Conflicts are per language: an English save does not make a Spanish
	// one stale, and a stale Spanish save names the Spanish version.
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "promo.title", Content: "Summer special", BaseVersion: 1})
	require.NoError(t, err)
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{
		ContentKey: "promo.title", Content: "Especial de primavera", Locale: "es", BaseVersion: 1,
	})
	require.NoError(t, err)
	_, err = e.admin.UpdateEditableContent(ben, &contentv1.UpdateEditableContentRequest{
		ContentKey: "promo.title", Content: "Oferta de verano", Locale: "es", BaseVersion: 1,
	})
	info := staleInfo(t, err)
	require.Equal(t, "2", info["version"])
	require.Equal(t, staffEmail, info["updated_by"])
	one, err := e.admin.GetEditableContent(e.staff, &contentv1.GetEditableContentRequest{ContentKey: "promo.title"})
	require.NoError(t, err)
	require.Equal(t, "Summer special", one.GetItem().GetContent())
	require.EqualValues(t, 2, one.GetItem().GetVersion())
	require.Equal(t, "Especial de primavera", one.GetItem().GetContentEs())
	require.EqualValues(t, 2, one.GetItem().GetVersionEs())

	// Category and description are shared: not changed by a Spanish save.
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{
		ContentKey: "promo.title", Content: "x", Locale: "es", Category: proto.String("general"),
	})
	require.Contains(t, violations(t, err)["category"], "same in both languages")
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "promo.title", Content: "x", Locale: "fr"})
	require.Equal(t, "Locale must be en or es", violations(t, err)["locale"])
	_, err = e.public.ListEditableContent(context.Background(), &contentv1.ListEditableContentRequest{Locale: "de"})
	require.Equal(t, "Locale must be en or es", violations(t, err)["locale"])
	_, err = e.admin.UpdateEditableContent(e.staff, &contentv1.UpdateEditableContentRequest{ContentKey: "no.such.key", Content: "x", Locale: "es"})
	require.Equal(t, codes.NotFound, status.Code(err))

	// Created with its Spanish text.
	both, err := e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{
		ContentKey: "promo.intro", Content: "<p>Save</p>", ContentType: "html", ContentEs: `<p onclick="x()">Ahorre</p>`,
	})
	require.NoError(t, err)
	require.Equal(t, "<p>Ahorre</p>", both.GetItem().GetContentEs())
	require.EqualValues(t, 1, both.GetItem().GetVersionEs())
}

// Only editors and owners write either language; every staff role reads
// both; nobody else writes.
func TestSpanishWritesFollowTheAccessRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, true)
	as := func(role string, staff bool) context.Context {
		return e.signer.OutgoingContext(context.Background(), identity.Caller{Email: role + "@valleytrenchless.example", Staff: staff, Role: role})
	}
	write := func(ctx context.Context, n int) error {
		_, err := e.admin.UpdateEditableContent(ctx, &contentv1.UpdateEditableContentRequest{
			ContentKey: "hero.title", Content: "Título " + strconv.Itoa(n), Locale: "es",
		})
		return err
	}
	require.Equal(t, codes.Unauthenticated, status.Code(write(context.Background(), 1)))
	require.Equal(t, codes.PermissionDenied, status.Code(write(e.visitor, 2)))
	require.Equal(t, codes.PermissionDenied, status.Code(write(as(identity.RoleSales, true), 3)))
	require.NoError(t, write(as(identity.RoleEditor, true), 4))
	require.NoError(t, write(as(identity.RoleOwner, true), 5))

	list, err := e.admin.ListEditableContentPage(as(identity.RoleSales, true), &contentv1.ListEditableContentPageRequest{Locale: "es", Query: "título"})
	require.NoError(t, err, "sales read the texts")
	require.Len(t, list.GetItems(), 1)
	require.Equal(t, "Título 5", list.GetItems()[0].GetContentEs())
	require.Equal(t, "owner@valleytrenchless.example", list.GetItems()[0].GetUpdatedByEs())
	require.Zero(t, list.GetMissingTranslationCount(), "the seed translates every text")

	_, err = e.admin.CreateEditableContent(e.staff, &contentv1.CreateEditableContentRequest{ContentKey: "promo.title", Content: "Spring special"})
	require.NoError(t, err)
	missing, err := e.admin.ListEditableContentPage(e.staff, &contentv1.ListEditableContentPageRequest{MissingTranslation: true})
	require.NoError(t, err)
	require.Len(t, missing.GetItems(), 1)
	require.Equal(t, "promo.title", missing.GetItems()[0].GetContentKey())
	require.EqualValues(t, 1, missing.GetMissingTranslationCount())
	require.EqualValues(t, 1, missing.GetTotalSize())
}

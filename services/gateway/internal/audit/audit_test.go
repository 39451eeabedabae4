package audit

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

func TestDiffKeepsWhatChangedAndNoSecretsOrHomeownerDetails(t *testing.T) {
	t.Parallel()
	before := map[string]any{"submission": map[string]any{"status": "new", "email": "joe@example.com", "read": false, "updatedAt": "t1"}}
	after := map[string]any{"submission": map[string]any{"status": "contacted", "email": "joe@example.org", "read": false, "updatedAt": "t2"}}
	require.Equal(t, map[string]map[string]any{
		"status": {"before": "new", "after": "contacted"},
		"email":  {"before": "(changed)", "after": "(changed)"},
	}, diff(before, after, leadValues, false))

	created := diff(nil, map[string]any{"endpoint": map[string]any{"id": "e1", "url": "https://crm.example/hook"}, "secret": "whsec_abc"}, allValues, false)
	require.Equal(t, "(changed)", created["secret"]["after"], "a secret is never kept")
	require.Equal(t, map[string]any{"after": "(changed)"}, diff(nil, map[string]any{"newPassword": "x"}, allValues, false)["newPassword"])

	long := strings.Repeat("é", maxValue+50)
	got := diff(map[string]any{"content": "short"}, map[string]any{"content": long}, allValues, false)["content"]["after"].(string)
	require.True(t, strings.HasSuffix(got, "… (350 characters)"), got)

	deleted := diff(map[string]any{"contentKey": "hero.title", "content": "Old"}, nil, allValues, true)
	require.Equal(t, map[string]map[string]any{"contentKey": {"before": "hero.title"}, "content": {"before": "Old"}}, deleted)
	require.Empty(t, diff(map[string]any{"a": 1.0}, map[string]any{"a": 1.0}, allValues, false))

	// A site text's Spanish edit (PUT … with locale "es"): its Spanish
	// value before and after, who saved it, and not its bookkeeping.
	item := func(es, by, version string) map[string]any {
		return map[string]any{"contentKey": "hero.title", "content": "Trenchless repair", "version": "3", "locale": "en",
			"contentEs": es, "versionEs": version, "updatedAtEs": "t" + version, "updatedByEs": by}
	}
	require.Equal(t, map[string]map[string]any{
		"contentEs":   {"before": "Reparación sin zanjas", "after": "Reparación sin excavar"},
		"updatedByEs": {"before": "", "after": "ana@valleytrenchless.example"},
	}, diff(item("Reparación sin zanjas", "", "1"), item("Reparación sin excavar", "ana@valleytrenchless.example", "2"), allValues, false))
	require.Equal(t, "text.update", rules["PUT /api/admin/editable-content/{contentKey}"].kind, "either language")

	// An erasure keeps its counts and lead ids, and nothing else.
	require.Equal(t, erasureValues, rules["POST /api/admin/privacy/erase"].values)
	erased := diff(nil, map[string]any{"leadIds": []any{"l1"}, "streamMessages": 8.0, "firstName": "Joe"}, erasureValues, false)
	require.Equal(t, 8.0, erased["streamMessages"]["after"])
	require.Equal(t, []any{"l1"}, erased["leadIds"]["after"])
	require.Equal(t, "(changed)", erased["firstName"]["after"])
}

func TestWildcardsAndFill(t *testing.T) {
	t.Parallel()
	w := wildcards("POST /api/admin/blog-posts/{postId}/revisions/{revisionId}/restore", "/api/admin/blog-posts/p1/revisions/r2/restore")
	require.Equal(t, []string{"p1", "r2"}, w)
	require.Equal(t, "/api/admin/blog-posts/p1", fill("/api/admin/blog-posts/{postId}", w))
}

func TestStorePagesFiltersAndPurgesOnlyPastRetention(t *testing.T) {
	t.Parallel()
	pool := pgtest.NewPool(t, accountspg.Migrate)
	s := NewStore(pool)
	ctx := context.Background()
	for i, kind := range []string{"sign-in", "lead.update", "lead.export", "post.update", "lead.update"} {
		require.NoError(t, s.Append(ctx, Entry{Actor: []string{"a@x.example", "b@x.example"}[i%2], IP: "10.0.0.1", UserAgent: "ua",
			Kind: kind, Target: "t", Status: 200, Changes: map[string]map[string]any{"f": {"after": i}}}))
	}
	all, next, err := s.List(ctx, Filter{}, "", 10)
	require.NoError(t, err)
	require.Len(t, all, 5)
	require.Empty(t, next)
	require.Equal(t, "lead.update", all[0].Kind, "newest first")

	page1, next, err := s.List(ctx, Filter{Kind: "lead."}, "", 2)
	require.NoError(t, err)
	require.Len(t, page1, 2)
	page2, next2, err := s.List(ctx, Filter{Kind: "lead."}, next, 2)
	require.NoError(t, err)
	require.Len(t, page2, 1)
	require.Empty(t, next2)
	require.Less(t, page2[0].ID, page1[1].ID)

	byActor, _, err := s.List(ctx, Filter{Actor: "B@X.example"}, "", 10)
	require.NoError(t, err)
	require.Len(t, byActor, 2)
	exact, _, err := s.List(ctx, Filter{Kind: "lead"}, "", 10)
	require.NoError(t, err)
	require.Empty(t, exact, "a kind without its dot is a kind, not a family")
	_, _, err = s.List(ctx, Filter{}, "not-a-cursor", 10)
	require.ErrorIs(t, err, ErrBadCursor)

	n, err := s.Purge(ctx, time.Now().Add(-time.Hour))
	require.NoError(t, err)
	require.Zero(t, n, "nothing is past its retention")
	n, err = s.Purge(ctx, time.Now().Add(time.Hour))
	require.NoError(t, err)
	require.EqualValues(t, 5, n)
	_, err = pool.Exec(ctx, `DELETE FROM gateway.audit_log`)
	require.NoError(t, err, "nothing left to refuse")
	require.NoError(t, s.Append(ctx, Entry{Actor: "a@x.example", Kind: "sign-in", Status: 200}))
	_, err = pool.Exec(ctx, `DELETE FROM gateway.audit_log`)
	require.ErrorContains(t, err, "append-only", "only the purge deletes")
}

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// signIn signs an existing account in on a new client.
func signIn(t *testing.T, st *stack, email, password string) *client {
	t.Helper()
	c := newClient(t, st.base)
	code, user := c.json("POST", "/api/login", map[string]string{"username": email, "password": password})
	require.Equal(t, 200, code, "%v", user)
	return c
}

// Issue 28: two staff members save the same version of a post and of an
// editable text through the edge; the second save is a 409 naming the
// first, writes nothing, and goes through once it names the newer version.
func TestTwoStaffSavingTheSameVersionThroughTheEdge(t *testing.T) {
	t.Parallel()
	st := startStack(t)
	ana := signedInStaff(t, st)
	createStaff(t, st, "ben@valleytrenchless.example", "another long staff password")
	ben := signIn(t, st, "ben@valleytrenchless.example", "another long staff password")

	code, post := ana.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Belly in the Line", "slug": "belly-in-the-line", "excerpt": "Sags hold water.", "content": "A sag holds water.",
	})
	require.Equal(t, 200, code, "%v", post)
	id := post["id"].(string)
	require.Equal(t, "1", fmt.Sprint(post["version"]), "a new post is version 1")
	put := func(c *client, content string, base any) (int, map[string]any) {
		return c.json("PUT", "/api/admin/blog-posts/"+id, map[string]any{
			"title": "Belly in the Line", "slug": "belly-in-the-line", "excerpt": "Sags hold water.", "content": content, "baseVersion": base,
		})
	}

	code, saved := put(ben, "Ben's sag.", 1)
	require.Equal(t, 200, code, "%v", saved)
	require.Equal(t, "2", fmt.Sprint(saved["version"]))

	code, refused := put(ana, "Ana's sag.", 1)
	require.Equal(t, 409, code, "%v", refused)
	require.Equal(t, "aborted", refused["code"])
	require.Equal(t, "STALE_VERSION", refused["reason"])
	meta := refused["metadata"].(map[string]any)
	require.Equal(t, "2", meta["version"])
	require.Equal(t, "ben@valleytrenchless.example", meta["updatedBy"])
	at, err := time.Parse(time.RFC3339Nano, meta["updatedAt"].(string))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now(), at, time.Minute)
	require.Contains(t, refused["message"], "changed by ben@valleytrenchless.example")

	code, got := ana.json("GET", "/api/admin/blog-posts/"+id, nil)
	require.Equal(t, 200, code)
	require.Contains(t, got["content"], "Ben's sag.", "the refused save wrote nothing")

	code, over := put(ana, "Ana's sag, on purpose.", 2)
	require.Equal(t, 200, code, "%v", over)
	require.Equal(t, "3", fmt.Sprint(over["version"]))

	// Editable text: the same rule through PUT /api/admin/editable-content.
	var base any
	code, raw, _ := ana.do("GET", "/api/editable-content", "", nil)
	require.Equal(t, 200, code)
	for _, it := range decodeList(t, raw) {
		require.Empty(t, it["updatedBy"], "the public list does not name staff")
		if it["contentKey"] == "hero.title" {
			base = it["version"]
		}
	}
	require.NotNil(t, base)
	code, item := ben.json("PUT", "/api/admin/editable-content/hero.title", map[string]any{"content": "Ben's headline", "baseVersion": base})
	require.Equal(t, 200, code, "%v", item)
	require.Equal(t, "ben@valleytrenchless.example", item["updatedBy"])
	code, refused = ana.json("PUT", "/api/admin/editable-content/hero.title", map[string]any{"content": "Ana's headline", "baseVersion": base})
	require.Equal(t, 409, code, "%v", refused)
	require.Equal(t, "ben@valleytrenchless.example", refused["metadata"].(map[string]any)["updatedBy"])
	waitFor(t, "Ben's headline in the public list", 10*time.Second, func() bool {
		_, raw, _ := newClient(t, st.base).do("GET", "/api/editable-content", "", nil)
		for _, it := range decodeList(t, raw) {
			if it["contentKey"] == "hero.title" {
				require.Empty(t, it["updatedBy"], "the public list does not name staff")
				return it["content"] == "Ben's headline"
			}
		}
		return false
	})

	// Deleting a text: staff only, through the edge.
	anon := newClient(t, st.base)
	code, _ = anon.json("DELETE", "/api/admin/editable-content/hero.title", nil)
	require.Equal(t, 401, code)
	code, _ = ana.json("DELETE", "/api/admin/editable-content/hero.title", nil)
	require.Equal(t, 200, code)
	code, _ = ana.json("DELETE", "/api/admin/editable-content/hero.title", nil)
	require.Equal(t, 404, code)
}

func decodeList(t *testing.T, raw []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	require.NoError(t, json.Unmarshal(raw, &out), "%s", raw)
	return out
}

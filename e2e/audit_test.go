package e2e

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// auditEntries reads the owner's Audit tab API with the query q.
func auditEntries(t *testing.T, owner *client, q url.Values) ([]map[string]any, string) {
	t.Helper()
	code, out := owner.json("GET", "/api/admin/audit?"+q.Encode(), nil)
	require.Equal(t, 200, code, "%v", out)
	var entries []map[string]any
	for _, e := range out["entries"].([]any) {
		entries = append(entries, e.(map[string]any))
	}
	return entries, out["nextCursor"].(string)
}

// findEntry is the newest entry of kind (and target and actor, when
// given).
func findEntry(entries []map[string]any, kind, target string, actor ...string) map[string]any {
	for _, e := range entries {
		if e["kind"] == kind && (target == "" || e["target"] == target) && (len(actor) == 0 || e["actor"] == actor[0]) {
			return e
		}
	}
	return nil
}

// Staff writes and sensitive reads land in the audit log with who, where
// from, what, and the before and after of what changed; owners read it
// by filter and page, export it, and nobody can change it.
func TestEveryStaffWriteIsInTheAuditLog(t *testing.T) {
	t.Parallel()
	st := startStack(t)
	const pw = "correct horse battery staple"
	createStaffWithRole(t, st, "olive@valleytrenchless.example", pw, "owner")
	createStaffWithRole(t, st, "sam@valleytrenchless.example", pw, "sales")
	owner, sales := newClient(t, st.base), newClient(t, st.base)
	for c, email := range map[*client]string{owner: "olive@valleytrenchless.example", sales: "sam@valleytrenchless.example"} {
		code, out := c.json("POST", "/api/login", map[string]string{"username": email, "password": pw})
		require.Equal(t, 200, code, "%v", out)
	}
	code, _ := newClient(t, st.base).json("POST", "/api/login", map[string]string{"username": "olive@valleytrenchless.example", "password": "not the password"})
	require.Equal(t, 401, code)

	// A site text changed: before and after.
	code, raw, _ := owner.do("GET", "/api/editable-content", "", nil)
	require.Equal(t, 200, code)
	var base any
	var was string
	for _, it := range decodeList(t, raw) {
		if it["contentKey"] == "hero.title" {
			base, was = it["version"], it["content"].(string)
		}
	}
	code, out := owner.json("PUT", "/api/admin/editable-content/hero.title", map[string]any{"content": "Trenchless repairs, one day", "baseVersion": base})
	require.Equal(t, 200, code, "%v", out)

	// A lead worked by sales: its status before and after, and nothing of
	// the homeowner copied.
	home, _ := spec7Payloads(t)
	code, lead := newClient(t, st.base).json("POST", "/api/contact", home)
	require.Equal(t, 200, code, "%v", lead)
	leadID := lead["id"].(string)
	code, out = sales.json("PATCH", "/api/contact-submissions/"+leadID, map[string]any{"status": "contacted"})
	require.Equal(t, 200, code, "%v", out)
	code, _, _ = sales.do("GET", "/api/contact-submissions/export.csv?status=contacted", "", nil)
	require.Equal(t, 200, code)
	// A refusal is logged too: sales may not change site text.
	code, _ = sales.json("PUT", "/api/admin/editable-content/hero.title", map[string]any{"content": "x", "baseVersion": base})
	require.Equal(t, 403, code)

	// Staff: an invitation and a role change.
	code, out = owner.json("POST", "/api/admin/staff", map[string]string{"username": "new@valleytrenchless.example", "role": "editor", "signIn": "password"})
	require.Equal(t, 200, code, "%v", out)
	newID := out["member"].(map[string]any)["id"].(string)
	code, out = owner.json("PATCH", "/api/admin/staff/"+newID, map[string]any{"role": "sales"})
	require.Equal(t, 200, code, "%v", out)

	var entries []map[string]any
	waitFor(t, "the entries", 10*time.Second, func() bool {
		entries, _ = auditEntries(t, owner, url.Values{"limit": {"200"}})
		return findEntry(entries, "staff.update", newID) != nil
	})

	text := findEntry(entries, "text.update", "hero.title", "olive@valleytrenchless.example")
	require.NotNil(t, text, "%v", entries)
	require.Equal(t, "olive@valleytrenchless.example", text["actor"])
	require.Equal(t, float64(200), text["status"])
	require.NotEmpty(t, text["ip"])
	require.Contains(t, text["userAgent"], "Go-http-client")
	require.Equal(t, map[string]any{"before": was, "after": "Trenchless repairs, one day"}, text["changes"].(map[string]any)["content"])

	lu := findEntry(entries, "lead.update", leadID)
	require.NotNil(t, lu, "%v", entries)
	require.Equal(t, "sam@valleytrenchless.example", lu["actor"])
	require.Equal(t, "contacted", lu["changes"].(map[string]any)["status"].(map[string]any)["after"])
	for _, e := range entries {
		flat := fmt.Sprint(e["changes"])
		require.NotContains(t, flat, home["email"], "no homeowner's e-mail in the log")
		require.NotContains(t, flat, home["phone"], "no homeowner's phone in the log")
	}
	require.Contains(t, findEntry(entries, "lead.export", "")["target"], "status=contacted")
	refused := findEntry(entries, "text.update", "hero.title", "sam@valleytrenchless.example")
	require.NotNil(t, refused)
	require.Equal(t, float64(403), refused["status"], "the refusal is recorded")
	require.Equal(t, "sales", findEntry(entries, "staff.update", newID)["changes"].(map[string]any)["role"].(map[string]any)["after"])
	require.NotNil(t, findEntry(entries, "staff.invite", newID))
	signIns := 0
	for _, e := range entries {
		if e["kind"] == "sign-in" {
			signIns++
		}
	}
	require.Equal(t, 2, signIns)
	failed := findEntry(entries, "sign-in.failed", "")
	require.NotNil(t, failed)
	require.Equal(t, "olive@valleytrenchless.example", failed["actor"])
	require.Equal(t, "", failed["actorId"])

	// Filters: by person, by family, by time; pages by cursor.
	bySales, _ := auditEntries(t, owner, url.Values{"actor": {"SAM@valleytrenchless.example"}})
	require.NotEmpty(t, bySales)
	for _, e := range bySales {
		require.Equal(t, "sam@valleytrenchless.example", e["actor"])
	}
	leads, _ := auditEntries(t, owner, url.Values{"kind": {"lead."}})
	for _, e := range leads {
		require.True(t, strings.HasPrefix(e["kind"].(string), "lead."), e["kind"])
	}
	require.Len(t, leads, 2)
	future, _ := auditEntries(t, owner, url.Values{"from": {time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}})
	require.Empty(t, future)
	seen := map[string]bool{}
	cursor := ""
	for page := 0; page < 20; page++ {
		q := url.Values{"limit": {"2"}}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		got, next := auditEntries(t, owner, q)
		for _, e := range got {
			require.False(t, seen[e["id"].(string)], "no entry twice")
			seen[e["id"].(string)] = true
		}
		if cursor = next; cursor == "" {
			break
		}
	}
	require.GreaterOrEqual(t, len(seen), len(entries))
	code, out = owner.json("GET", "/api/admin/audit?cursor=garbage", nil)
	require.Equal(t, 400, code, "%v", out)

	// The CSV export: the same entries, and it is itself recorded.
	code, body, hdr := owner.do("GET", "/api/admin/audit.csv?kind=lead.", "", nil)
	require.Equal(t, 200, code)
	require.Contains(t, hdr.Get("Content-Type"), "text/csv")
	rows, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"time", "person", "action", "target", "status", "address", "user agent", "changes"}, rows[0])
	require.Len(t, rows, 3)

	// Owners only.
	code, _ = sales.json("GET", "/api/admin/audit", nil)
	require.Equal(t, 403, code)
	code, _, _ = sales.do("GET", "/api/admin/audit.csv", "", nil)
	require.Equal(t, 403, code)

	// Append-only: the database refuses to change or delete an entry.
	conn, err := pgx.Connect(context.Background(), st.dbURL)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), `UPDATE gateway.audit_log SET actor = 'someone else'`)
	require.ErrorContains(t, err, "append-only")
	_, err = conn.Exec(context.Background(), `DELETE FROM gateway.audit_log`)
	require.ErrorContains(t, err, "append-only")
	_, err = conn.Exec(context.Background(), `TRUNCATE gateway.audit_log`)
	require.ErrorContains(t, err, "append-only")
}

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// errorBody is the edge's JSON error.
type errorBody struct {
	Message string `json:"message"`
	Code    string `json:"code"`
	Details []struct {
		Field, Message string
	} `json:"details"`
}

// TestNoInputLosesALeadOrBreaksARead is issue 36's attack of 2026-11-27
// through the whole stack, as a browser meets it.
//   - A lead with a NUL character (a crafted link's /?utm_source=%00, which
//     the web app sends as its attribution; a pasted name) answered 503
//     after four attempts and was not stored. It is stored, cleaned.
//   - An attribution cut inside an emoji ("\ud83d") was refused (400) on
//     every submit of the tab. It is stored.
//   - A NUL in a staff search, filter, export, note, text or post answered
//     500. Each is a 400 naming the field.
//   - A draft saved six times at 200,000 emoji made its revisions 500 for
//     good; a body rendering past what gRPC carries was stored while its
//     create answered 500. The revisions come in pages; the body is
//     refused, nothing stored.
func TestNoInputLosesALeadOrBreaksARead(t *testing.T) {
	t.Parallel()
	st := startStack(t, "GATEWAY_TRUSTED_PROXY_HEADER=X-Forwarded-For")
	staff := signedInStaff(t, st)
	home, _ := spec7Payloads(t)

	submit := func(i int, edit func(map[string]any)) (int, []byte) {
		t.Helper()
		p := map[string]any{}
		for k, v := range home {
			p[k] = v
		}
		p["email"] = fmt.Sprintf("bad%d@example.com", i)
		edit(p)
		body, err := json.Marshal(p)
		require.NoError(t, err)
		code, raw, _ := newClient(t, st.base).do("POST", "/api/contact", "application/json", bytes.NewReader(body),
			"X-Forwarded-For", fmt.Sprintf("10.9.0.%d", i+1), "Idempotency-Key", fmt.Sprintf("bad-input-%d", i))
		return code, raw
	}
	lead := func(raw []byte) map[string]any {
		t.Helper()
		var sent map[string]any
		require.NoError(t, json.Unmarshal(raw, &sent), "%s", raw)
		code, l := staff.json("GET", "/api/contact-submissions/"+sent["id"].(string), nil)
		require.Equal(t, 200, code, "%v", l)
		return l
	}

	// The crafted link: every attribution value a NUL.
	code, raw := submit(0, func(p map[string]any) {
		p["attribution"] = map[string]string{"utmSource": "\x00", "utmMedium": "c\x00pc", "utmCampaign": "\x00x", "gclid": "\x00"}
		p["sourcePage"] = "/?utm_source=\x00"
	})
	require.Equal(t, 200, code, "%s", raw)
	l := lead(raw)
	require.Equal(t, map[string]any{"utmSource": "", "utmMedium": "cpc", "utmCampaign": "x", "gclid": ""}, l["attribution"])
	require.Equal(t, "/?utm_source=", l["sourcePage"])

	// A NUL in a name, the description and an issue.
	code, raw = submit(1, func(p map[string]any) {
		p["firstName"], p["description"], p["issues"] = "Ma\x00ria", "Roots\x00 again", []string{"gurgling\x00"}
	})
	require.Equal(t, 200, code, "%s", raw)
	l = lead(raw)
	require.Equal(t, "Maria", l["firstName"])
	require.Equal(t, "Roots again", l["description"])
	require.Equal(t, []any{"gurgling"}, l["issues"])

	// Half an emoji at the end of a capped campaign, written as
	// JSON.stringify writes it.
	halfEmoji := `{"firstName":"Ana","lastName":"Ruiz","email":"ana@example.com","phone":"6025550142","issues":["gurgling"],` +
		`"attribution":{"utmCampaign":"` + strings.Repeat("x", 199) + `\ud83d"}}`
	code, raw, _ = newClient(t, st.base).do("POST", "/api/contact", "application/json", strings.NewReader(halfEmoji), "X-Forwarded-For", "10.9.0.50")
	require.Equal(t, 200, code, "%s", raw)
	require.Equal(t, strings.Repeat("x", 199)+"\uFFFD", lead(raw)["attribution"].(map[string]any)["utmCampaign"])
	events := leadEvents(t, st.natsURL, 3)
	require.Len(t, events, 3, "each on LEADS")

	// Staff: a NUL anywhere is a 400 that names the field.
	code, created := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Huge Draft", "slug": "huge-draft", "excerpt": "Saved often.", "content": strings.Repeat("😀", 200000), "isPublished": false,
	})
	require.Equal(t, 200, code, "%v", created)
	postID := created["id"].(string)
	var leadID string
	{
		var sent map[string]any
		require.NoError(t, json.Unmarshal(raw, &sent))
		leadID = sent["id"].(string)
	}
	nul := url.QueryEscape("\x00")
	for _, c := range []struct {
		method, path, body, field string
		status                    int
	}{
		{"GET", "/api/contact-submissions?query=roots" + nul, "", "query", 400},
		{"GET", "/api/contact-submissions?city=" + nul, "", "city", 400},
		{"GET", "/api/contact-submissions?source=" + nul, "", "source", 400},
		{"GET", "/api/contact-submissions/export.csv?query=" + nul, "", "query", 400},
		{"POST", "/api/contact-submissions/" + leadID + "/notes", `{"body":"called\u0000"}`, "body", 400},
		{"PATCH", "/api/contact-submissions/" + leadID, `{"assignee":"ana\u0000@valleytrenchless.example"}`, "assignee", 400},
		{"GET", "/api/admin/blog-posts?query=" + nul, "", "query", 400},
		{"PUT", "/api/admin/blog-posts/" + postID, `{"title":"T\u0000","slug":"huge-draft","excerpt":"x","content":"y"}`, "title", 400},
		{"GET", "/api/admin/editable-content?query=" + nul, "", "query", 400},
		{"PUT", "/api/admin/editable-content/hero.title", `{"content":"Sewer\u0000"}`, "content", 400},
		{"POST", "/api/login", `{"username":"ops@valleytrenchless.example\u0000","password":"correct horse battery staple"}`, "", 401},
	} {
		var body io.Reader
		contentType := ""
		if c.body != "" {
			body, contentType = strings.NewReader(c.body), "application/json"
		}
		code, raw, _ := staff.do(c.method, c.path, contentType, body)
		require.Equal(t, c.status, code, "%s %s: %s", c.method, c.path, raw)
		var e errorBody
		require.NoError(t, json.Unmarshal(raw, &e), "%s", raw)
		if c.field != "" {
			require.Len(t, e.Details, 1, "%s", raw)
			require.Equal(t, c.field, e.Details[0].Field)
			require.Contains(t, e.Message, "contains an invisible character (NUL, U+0000) that cannot be saved or searched for. Remove it and try again.")
		}
	}

	// Six saves of the huge draft: its revisions come in pages, each
	// answered, every revision in one.
	for i := range 6 {
		code, up := staff.json("PUT", "/api/admin/blog-posts/"+postID, map[string]any{
			"title": fmt.Sprintf("Huge Draft %d", i), "slug": "huge-draft", "excerpt": "Saved often.",
			"content": strings.Repeat("😀", 200000), "isPublished": false,
		})
		require.Equal(t, 200, code, "%v", up)
	}
	seen, next := 0, ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 10)
		code, raw, hdr := staff.do("GET", "/api/admin/blog-posts/"+postID+"/revisions?pageToken="+url.QueryEscape(next), "", nil)
		require.Equal(t, 200, code, "%.300s", raw)
		var revs []map[string]any
		require.NoError(t, json.Unmarshal(raw, &revs))
		require.Equal(t, "6", hdr.Get("X-Total-Count"))
		seen += len(revs)
		if next = hdr.Get("X-Next-Page-Token"); next == "" {
			break
		}
	}
	require.Equal(t, 6, seen)

	// A body that renders past what an answer carries is refused at save.
	code, refused := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Tables", "slug": "tables", "excerpt": "Many tables.", "content": strings.Repeat("|a|\n|---|\n\n", 18000), "isPublished": true,
	})
	require.Equal(t, 400, code, "%v", refused)
	require.Contains(t, refused["message"], "This post is too large once formatted for the site")
	code, _, _ = newClient(t, st.base).do("GET", "/api/blog-posts/tables", "", nil)
	require.Equal(t, 404, code, "nothing stored")
}

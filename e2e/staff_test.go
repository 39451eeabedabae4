package e2e

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type client struct {
	t    *testing.T
	base string
	http *http.Client
}

func newClient(t *testing.T, base string) *client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &client{t: t, base: base, http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// do sends one request; hdr are extra header name/value pairs.
func (c *client) do(method, path, contentType string, body io.Reader, hdr ...string) (int, []byte, http.Header) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, body)
	require.NoError(c.t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	req.Header.Set("Origin", c.base) // what a browser on the site sends
	resp, err := c.http.Do(req)
	require.NoError(c.t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func (c *client) json(method, path string, body any) (int, map[string]any) {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	code, raw, _ := c.do(method, path, "application/json", r)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return code, out
}

func createStaff(t *testing.T, st *stack, email, password string) {
	t.Helper()
	createStaffWithRole(t, st, email, password, "owner")
}

// createStaffWithRole makes a staff account as an operator does.
func createStaffWithRole(t *testing.T, st *stack, email, password, role string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(st.bins, "gateway"), "users", "create", "--email", email, "--role", role, "--password-stdin")
	cmd.Env = append(cmd.Environ(), "GATEWAY_DB_URL="+st.dbURL)
	cmd.Stdin = strings.NewReader(password + "\n")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "created "+email+" (staff: true, role: "+role+")")
}

// signedInStaff creates a staff account on the stack and returns a client
// signed in with it.
func signedInStaff(t *testing.T, st *stack) *client {
	t.Helper()
	createStaff(t, st, "ops@valleytrenchless.example", "correct horse battery staple")
	staff := newClient(t, st.base)
	code, user := staff.json("POST", "/api/login", map[string]string{"username": "ops@valleytrenchless.example", "password": "correct horse battery staple"})
	require.Equal(t, 200, code, "%v", user)
	require.Equal(t, true, user["isStaff"])
	return staff
}

func TestStaffWorkflowThroughTheWholeStack(t *testing.T) {
	t.Parallel()
	st := startStack(t, "GATEWAY_REGISTRATION_OPEN=true")
	staff := signedInStaff(t, st)
	visitor := newClient(t, st.base)
	code, _ := visitor.json("POST", "/api/register", map[string]string{"username": "joe@example.com", "password": "a long enough password"})
	require.Equal(t, 200, code)
	anon := newClient(t, st.base)

	// Warm the public cache, then publish a post as staff: the cached list
	// is dropped by content.changed and the new post appears.
	code, before, hdr := anon.do("GET", "/api/blog-posts?limit=3", "", nil)
	require.Equal(t, 200, code)
	etag := hdr.Get("ETag")
	_, _, hdr = anon.do("GET", "/api/blog-posts?limit=3", "", nil)
	require.Equal(t, "HIT", hdr.Get("X-Cache"))
	code, created := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Hydro-Jetting Before Lining", "slug": "hydro-jetting-before-lining", "excerpt": "Why we clean first.",
		"content": "## Clean pipes\n\n" + strings.Repeat("Jetting clears roots and scale. ", 60), "imageUrl": "", "isPublished": true,
	})
	require.Equal(t, 200, code, "%v", created)
	require.Equal(t, "hydro-jetting-before-lining", created["slug"])
	waitFor(t, "the new post in the public list", 10*time.Second, func() bool {
		_, after, _ := anon.do("GET", "/api/blog-posts?limit=3", "", nil)
		return bytes.Contains(after, []byte("hydro-jetting-before-lining"))
	})
	_, after, hdr := anon.do("GET", "/api/blog-posts?limit=3", "", nil)
	require.NotEqual(t, before, after)
	require.NotEqual(t, etag, hdr.Get("ETag"))

	// A draft is staff-only: 404 on the public API and page.
	code, draft := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Draft Notes", "slug": "draft-notes", "excerpt": "Not yet.", "content": "Body.", "isPublished": false,
	})
	require.Equal(t, 200, code, "%v", draft)
	code, _, _ = anon.do("GET", "/api/blog-posts/draft-notes", "", nil)
	require.Equal(t, 404, code)
	code, _, _ = anon.do("GET", "/blog/draft-notes", "", nil)
	require.Equal(t, 404, code)

	// The staff list through the edge: a bare array of summaries (no
	// bodies), a page at a time, its next page and counts in headers.
	var listed []map[string]any
	next := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 20)
		code, body, hdr := staff.do("GET", "/api/admin/blog-posts?pageSize=4&sort=title&pageToken="+url.QueryEscape(next), "", nil)
		require.Equal(t, 200, code, "%s", body)
		var page []map[string]any
		require.NoError(t, json.Unmarshal(body, &page), "%s", body)
		require.LessOrEqual(t, len(page), 4)
		for _, p := range page {
			require.NotContains(t, p, "content")
			require.NotContains(t, p, "bodyHtml")
			require.Contains(t, p, "listAt")
		}
		listed = append(listed, page...)
		require.Equal(t, "12", hdr.Get("X-Post-Count"), "ten seeded posts (nine English, one Spanish) and two new ones")
		require.Equal(t, "12", hdr.Get("X-Total-Count"))
		if next = hdr.Get("X-Next-Page-Token"); next == "" {
			break
		}
	}
	require.Len(t, listed, 12)
	code, lb, hdr := staff.do("GET", "/api/admin/blog-posts?query=DRAFT+notes", "", nil)
	require.Equal(t, 200, code)
	require.Contains(t, string(lb), `"slug":"draft-notes"`)
	require.Equal(t, "1", hdr.Get("X-Total-Count"))
	require.Equal(t, "12", hdr.Get("X-Post-Count"), "every post, not only those found")
	require.Empty(t, hdr.Get("X-Next-Page-Token"))
	code, lb, _ = staff.do("GET", "/api/admin/blog-posts?sort=popular", "", nil)
	require.Equal(t, 400, code)
	require.Contains(t, string(lb), "sort must be newest, oldest or title")
	code, lb, _ = staff.do("GET", "/api/admin/blog-posts?pageToken=bm90LW91cnM", "", nil)
	require.Equal(t, 400, code)
	require.Contains(t, string(lb), "That page of the list is no longer available.")

	// The article page carries its own head tags.
	code, page, _ := anon.do("GET", "/blog/hydro-jetting-before-lining", "", nil)
	require.Equal(t, 200, code)
	require.Contains(t, string(page), "<title>Hydro-Jetting Before Lining | Valley Trenchless Pros</title>")
	require.Contains(t, string(page), `<meta name="description" content="Why we clean first.">`)
	require.Contains(t, string(page), `<link rel="canonical" href="`+st.base+`/blog/hydro-jetting-before-lining">`)
	require.Contains(t, string(page), `<meta property="og:title" content="Hydro-Jetting Before Lining">`)
	require.NotContains(t, string(page), `content="Default"`, "the shell's default description is replaced")

	// The sitemap lists the public routes and the published posts only.
	code, sm, _ := anon.do("GET", "/sitemap.xml", "", nil)
	require.Equal(t, 200, code)
	for _, want := range []string{"<loc>" + st.base + "/</loc>", st.base + "/scottsdale", st.base + "/services/cipp-lining",
		st.base + "/blog/hydro-jetting-before-lining", st.base + "/blog/orangeburg-pipe-guide", "<lastmod>"} {
		require.Contains(t, string(sm), want)
	}
	require.NotContains(t, string(sm), "draft-notes")
	require.NotContains(t, string(sm), "/admin")
	code, rss, _ := anon.do("GET", "/blog/rss.xml", "", nil)
	require.Equal(t, 200, code)
	require.Contains(t, string(rss), "<title>Hydro-Jetting Before Lining</title>")

	// Editable text: staff change it, everyone sees it.
	code, item := staff.json("PUT", "/api/admin/editable-content/hero.title", map[string]string{"content": "Sewer Repair Without the Trench"})
	require.Equal(t, 200, code, "%v", item)
	waitFor(t, "the new hero title", 10*time.Second, func() bool {
		_, b, _ := anon.do("GET", "/api/editable-content", "", nil)
		return bytes.Contains(b, []byte("Sewer Repair Without the Trench"))
	})

	// The staff list of texts, a page at a time, and one text by key.
	code, texts := staff.json("GET", "/api/admin/editable-content?pageSize=5&query=hero", nil)
	require.Equal(t, 200, code, "%v", texts)
	require.Len(t, texts["items"], 5)
	require.NotEmpty(t, texts["nextPageToken"])
	require.Greater(t, texts["itemCount"].(float64), texts["totalSize"].(float64))
	code, nextTexts := staff.json("GET", "/api/admin/editable-content?pageSize=5&query=hero&pageToken="+url.QueryEscape(texts["nextPageToken"].(string)), nil)
	require.Equal(t, 200, code, "%v", nextTexts)
	require.NotEqual(t, texts["items"].([]any)[0], nextTexts["items"].([]any)[0])
	code, one := staff.json("GET", "/api/admin/editable-content/hero.title", nil)
	require.Equal(t, 200, code, "%v", one)
	require.Equal(t, "Sewer Repair Without the Trench", one["content"])
	require.NotEmpty(t, one["version"])
	code, _ = anon.json("GET", "/api/admin/editable-content?pageSize=5", nil)
	require.Equal(t, 401, code)
	code, _ = staff.json("GET", "/api/admin/editable-content/no.such.key", nil)
	require.Equal(t, 404, code)

	// An image uploaded by staff is served with its variants.
	img := image.NewRGBA(image.Rect(0, 0, 1000, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 1000; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 100, 255})
		}
	}
	var jb bytes.Buffer
	require.NoError(t, jpeg.Encode(&jb, img, nil))
	var mb bytes.Buffer
	mw := multipart.NewWriter(&mb)
	fw, _ := mw.CreateFormFile("file", "liner.jpg")
	_, _ = fw.Write(jb.Bytes())
	require.NoError(t, mw.Close())
	code, body, _ := anon.do("POST", "/api/upload-image", mw.FormDataContentType(), bytes.NewReader(mb.Bytes()))
	require.Equal(t, 401, code, "%s", body)
	code, body, _ = staff.do("POST", "/api/upload-image", mw.FormDataContentType(), bytes.NewReader(mb.Bytes()))
	require.Equal(t, 200, code, "%s", body)
	var up map[string]any
	require.NoError(t, json.Unmarshal(body, &up))
	require.EqualValues(t, 1000, up["width"])
	req, _ := http.NewRequest("GET", st.base+up["url"].(string)+"?w=480", nil)
	req.Header.Set("Accept", "image/webp,*/*")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	served, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "image/webp", resp.Header.Get("Content-Type"))
	require.Equal(t, "RIFF", string(served[:4]))

	// A lead, then the staff inbox; non-staff and anonymous are refused.
	code, _ = anon.json("POST", "/api/contact", map[string]any{"formVariant": "contact", "firstName": "Sam", "lastName": "Nguyen",
		"email": "sam@example.com", "phone": "4805550199", "description": "Drain smells after rain"})
	require.Equal(t, 200, code)
	code, inbox := staff.json("GET", "/api/contact-submissions", nil)
	require.Equal(t, 200, code)
	subs := inbox["submissions"].([]any)
	require.Len(t, subs, 1)
	id := subs[0].(map[string]any)["id"].(string)
	code, marked := staff.json("PATCH", "/api/contact-submissions/"+id, map[string]bool{"isRead": true})
	require.Equal(t, 200, code, "%v", marked)
	require.Equal(t, true, marked["isRead"])
	code, csvBody, hdr := staff.do("GET", "/api/contact-submissions/export.csv", "", nil)
	require.Equal(t, 200, code)
	require.Equal(t, "text/csv; charset=utf-8", hdr.Get("Content-Type"))
	require.Contains(t, hdr.Get("Content-Disposition"), "attachment")
	require.Contains(t, string(csvBody), "sam@example.com")

	// The authorisation matrix over the protected routes, with the real
	// services behind the edge.
	for _, rt := range []struct{ method, path string }{
		{"GET", "/api/admin/blog-posts"}, {"POST", "/api/admin/editable-content"}, {"GET", "/api/admin/media"},
		{"GET", "/api/contact-submissions"}, {"GET", "/api/contact-submissions/export.csv"}, {"PATCH", "/api/contact-submissions/" + id},
		{"DELETE", "/api/admin/blog-posts/" + draft["id"].(string)},
	} {
		c, _, _ := anon.do(rt.method, rt.path, "application/json", strings.NewReader(`{}`))
		require.Equal(t, 401, c, "anonymous %s %s", rt.method, rt.path)
		c, _, _ = visitor.do(rt.method, rt.path, "application/json", strings.NewReader(`{}`))
		require.Equal(t, 403, c, "non-staff %s %s", rt.method, rt.path)
	}
	code, _, _ = staff.do("DELETE", "/api/admin/blog-posts/"+draft["id"].(string), "", nil)
	require.Equal(t, 200, code)

	// Logout ends the session.
	code, _ = staff.json("POST", "/api/logout", nil)
	require.Equal(t, 200, code)
	code, _ = staff.json("GET", "/api/user", nil)
	require.Equal(t, 401, code)
}

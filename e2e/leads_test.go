package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// startOIDCDev runs the development OIDC provider binary (scripts/oidcdev)
// and returns its URL once discovery answers.
func startOIDCDev(t *testing.T, bins, clientID, secret string) string {
	t.Helper()
	addr := freeAddr(t)
	logf, err := os.Create(filepath.Join(t.TempDir(), "oidcdev.log"))
	require.NoError(t, err)
	cmd := exec.Command(filepath.Join(bins, "oidcdev"), "-addr", addr, "-client-id", clientID, "-client-secret", secret)
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(t, cmd.Start())
	p := &proc{cmd: cmd, log: logf}
	t.Cleanup(func() {
		p.stop()
		b, _ := os.ReadFile(logf.Name())
		require.NotContains(t, string(b), secret, "oidcdev never prints the client secret")
	})
	u := "http://" + addr
	waitFor(t, "oidcdev discovery", 15*time.Second, func() bool {
		c, _ := get(t, u+"/.well-known/openid-configuration")
		return c == 200
	})
	return u
}

// signInWithGoogle queues who the provider signs in next, runs the browser
// round trip from /auth/google and returns where the gateway sent it.
func signInWithGoogle(t *testing.T, c *client, oidcURL, email, hd string) string {
	t.Helper()
	resp, err := http.Post(oidcURL+"/next-user", "application/json",
		strings.NewReader(`{"email":"`+email+`","emailVerified":true,"hd":"`+hd+`"}`))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNoContent, resp.StatusCode)
	base, _ := url.Parse(c.base)
	c.http.CheckRedirect = func(req *http.Request, _ []*http.Request) error {
		if req.URL.Host == base.Host && (req.URL.Path == "/admin" || req.URL.Path == "/auth") {
			return http.ErrUseLastResponse
		}
		return nil
	}
	resp, err = c.http.Get(c.base + "/auth/google")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	return resp.Header.Get("Location")
}

// events reads a text/event-stream, skipping comments.
type events struct {
	t *testing.T
	r *bufio.Reader
}

func (e *events) next() (name, data string) {
	e.t.Helper()
	for {
		line, err := e.r.ReadString('\n')
		require.NoError(e.t, err)
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "" && name != "":
			return name, data
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = strings.TrimPrefix(line, "data: ")
		}
	}
}

// TestLeadInboxThroughTheWholeStack: a staff member signs in with "Google"
// (the development provider binary), watches the live lead stream while a
// visitor sends a lead, opens and marks it, exports a file too big for the
// old single-message export, and the gateway still stops at once with the
// stream open.
func TestLeadInboxThroughTheWholeStack(t *testing.T) {
	t.Parallel()
	bins := buildBinaries(t)
	oidcURL := startOIDCDev(t, bins, "trenchless-web", "e2e-dev-oidc-secret")
	st := startStack(t, "GATEWAY_OIDC_ISSUER="+oidcURL, "GATEWAY_OIDC_CLIENT_ID=trenchless-web",
		"GATEWAY_OIDC_CLIENT_SECRET=e2e-dev-oidc-secret", "GATEWAY_SHUTDOWN_TIMEOUT=30s")

	// Sign-in: the staff domain gets a staff session, another domain is
	// turned away.
	anon := newClient(t, st.base)
	code, body, _ := anon.do("GET", "/api/auth/providers", "", nil)
	require.Equal(t, 200, code)
	require.JSONEq(t, `{"google":true,"staffDomain":"valleytrenchless.example","passwordReset":false}`, string(body))
	staff := newClient(t, st.base)
	require.Equal(t, "/admin", signInWithGoogle(t, staff, oidcURL, "ana@valleytrenchless.example", "valleytrenchless.example"))
	code, user := staff.json("GET", "/api/user", nil)
	require.Equal(t, 200, code)
	require.Equal(t, true, user["isStaff"])
	outsider := newClient(t, st.base)
	require.Equal(t, "/auth?error=access_denied", signInWithGoogle(t, outsider, oidcURL, "bo@gmail.example", "gmail.example"))
	code, _ = outsider.json("GET", "/api/user", nil)
	require.Equal(t, 401, code)

	// The live stream: a new lead arrives as it is stored.
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(st.base)
	jar.SetCookies(u, staff.http.Jar.Cookies(u))
	live := &http.Client{Jar: jar} // no client timeout: the stream stays open
	resp, err := live.Get(st.base + "/api/contact-submissions/events")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	ev := &events{t: t, r: bufio.NewReader(resp.Body)}
	line, err := ev.r.ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "retry: 2000\n", line)
	code, _, _ = anon.do("GET", "/api/contact-submissions/events", "", nil)
	require.Equal(t, 401, code)

	code, sent := anon.json("POST", "/api/contact", map[string]any{"formVariant": "contact", "firstName": "Sam", "lastName": "Nguyen",
		"email": "sam@example.com", "phone": "4805550199", "description": "Drain smells after rain"})
	require.Equal(t, 200, code, "%v", sent)
	id := sent["id"].(string)
	name, data := ev.next()
	require.Equal(t, "lead", name)
	var submitted struct {
		Lead map[string]any `json:"lead"`
	}
	require.NoError(t, json.Unmarshal([]byte(data), &submitted))
	require.Equal(t, id, submitted.Lead["id"])
	require.Equal(t, "sam@example.com", submitted.Lead["email"])

	// One lead by id (a bare lead, as PATCH answers), and the badges.
	code, lead := staff.json("GET", "/api/contact-submissions/"+id, nil)
	require.Equal(t, 200, code, "%v", lead)
	require.Equal(t, "Sam", lead["firstName"])
	code, _ = staff.json("GET", "/api/contact-submissions/00000000-0000-4000-8000-000000000000", nil)
	require.Equal(t, 404, code)
	code, inbox := staff.json("GET", "/api/contact-submissions", nil)
	require.Equal(t, 200, code)
	require.EqualValues(t, 1, inbox["unreadCount"])
	require.EqualValues(t, 0, inbox["overdueCount"])

	code, _ = staff.json("PATCH", "/api/contact-submissions/"+id, map[string]bool{"isRead": true})
	require.Equal(t, 200, code)
	name, data = ev.next()
	require.Equal(t, "lead-updated", name)
	require.Contains(t, data, `"leadId":"`+id+`"`)
	require.Contains(t, data, `"updatedBy":"ana@valleytrenchless.example"`)

	// An export past the old 4 MiB message limit (~9,000 leads) arrives
	// whole as a CSV download.
	const bulk = 20_000
	ctx := context.Background()
	db, err := pgx.Connect(ctx, st.dbURL)
	require.NoError(t, err)
	_, err = db.Exec(ctx, `INSERT INTO contact.submissions
		(id, form_variant, first_name, last_name, email, phone, description, user_agent, created_at, respond_by)
		SELECT gen_random_uuid(), 'contact', 'Bulk', 'Lead ' || i, 'bulk' || i || '@example.com', '602-555-0100',
			'Roots in the sewer line; the basement drain backs up after every monsoon storm. ' || repeat('Detail. ', 20),
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
			now() - interval '2 days' - make_interval(secs => i), now() - interval '1 day' - make_interval(secs => i)
		FROM generate_series(1, $1::int) AS i`, bulk)
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))

	code, csvBody, hdr := staff.do("GET", "/api/contact-submissions/export.csv", "", nil)
	require.Equal(t, 200, code, "%s", csvBody[:min(len(csvBody), 300)])
	require.Equal(t, "text/csv; charset=utf-8", hdr.Get("Content-Type"))
	require.Equal(t, `attachment; filename="leads-all-`+time.Now().UTC().Format("2006-01-02")+`.csv"`, hdr.Get("Content-Disposition"))
	require.Equal(t, "no-store", hdr.Get("Cache-Control"))
	require.Greater(t, len(csvBody), 4<<20)
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(csvBody, []byte("\ufeff")))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 1+bulk+1, "header, the bulk leads and Sam's")
	require.Equal(t, []string{"id", "createdAt", "respondBy"}, rows[0][:3])
	require.Equal(t, id, rows[1][0], "newest first")
	code, csvBody, _ = staff.do("GET", "/api/contact-submissions/export.csv?filter=overdue", "", nil)
	require.Equal(t, 200, code)
	require.Equal(t, 1+bulk, bytes.Count(csvBody, []byte("\n")), "the bulk leads are unread and past respond_by")
	code, inbox = staff.json("GET", "/api/contact-submissions", nil)
	require.Equal(t, 200, code)
	require.EqualValues(t, bulk, inbox["overdueCount"])

	// Issue 28's pipeline through the edge: a status change answers the
	// lead; search, filters and the export agree.
	code, changed := staff.json("PATCH", "/api/contact-submissions/"+id, map[string]any{"status": "scheduled"})
	require.Equal(t, 200, code, "%v", changed)
	require.Equal(t, "scheduled", changed["status"])
	require.NotEmpty(t, changed["firstResponseAt"])
	code, note := staff.json("POST", "/api/contact-submissions/"+id+"/notes", map[string]any{"body": "Camera visit booked."})
	require.Equal(t, 200, code, "%v", note)
	require.Equal(t, "note", note["kind"])
	code, raw, _ := staff.do("GET", "/api/contact-submissions/"+id+"/activity", "", nil)
	require.Equal(t, 200, code)
	require.Contains(t, string(raw), `"to":"scheduled"`)
	code, found := staff.json("GET", "/api/contact-submissions?status=scheduled&query=Camera%20smells", nil)
	require.Equal(t, 200, code, "%v", found)
	require.Empty(t, found["submissions"], "every word must match: the note is not the lead's text")
	code, found = staff.json("GET", "/api/contact-submissions?status=scheduled&query=SMELLS%20rain", nil)
	require.Equal(t, 200, code, "%v", found)
	require.Len(t, found["submissions"], 1)
	code, csvBody, _ = staff.do("GET", "/api/contact-submissions/export.csv?status=scheduled&query=smells", "", nil)
	require.Equal(t, 200, code, "%s", csvBody)
	rows, err = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(csvBody, []byte("\ufeff")))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2, "the export takes the inbox's filters")
	require.Equal(t, id, rows[1][0])
	code, stats := staff.json("GET", "/api/contact-submissions/stats", nil)
	require.Equal(t, 200, code, "%v", stats)
	require.EqualValues(t, 1440, stats["promiseMinutes"])

	// Shutdown ends the open stream instead of waiting it out.
	start := time.Now()
	st.gateway.stop()
	require.Less(t, time.Since(start), 10*time.Second, "SIGTERM to exit, with a live stream open (SHUTDOWN_TIMEOUT is 30s)")
	require.Zero(t, st.gateway.cmd.ProcessState.ExitCode())
	_, err = io.ReadAll(ev.r)
	require.NoError(t, err, "the stream ended cleanly")
}

package e2e

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/residue"
)

// Issue 39: a homeowner asks for their data to be erased. Their leads have
// been stored, published on LEADS, mailed (logged: no mail server), dead-
// lettered by a notifier whose mail server refuses, delivered to a CRM's
// webhook, worked by sales (a note, a status). Only an owner may erase;
// after the erase no text-like column of any table in any schema, no
// message of LEADS or LEAD_SPOOL, and no file the stack wrote (NATS's
// store, every process's log) holds the person's name, e-mail, phone or
// street address. Another person's lead is untouched and the dashboard
// counts what it counted.
func TestErasingAPersonLeavesNoTraceInAnyStore(t *testing.T) {
	t.Parallel()
	var hookMu sync.Mutex
	var hooked []string
	crm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		hookMu.Lock()
		hooked = append(hooked, string(b))
		hookMu.Unlock()
	}))
	t.Cleanup(crm.Close)
	st := startStackWith(t, stackOptions{env: map[string][]string{"contact": {
		"CONTACT_WEBHOOK_ALLOW_HOSTS=127.0.0.1", "CONTACT_WEBHOOK_POLL=100ms",
	}}})
	// The office's notifier without a mail server (it logs that a mail was
	// due), and a second consumer whose mail server refuses: it dead-letters
	// each lead at the first failure.
	start(t, filepath.Join(st.bins, "notifier"), "NOTIFIER_NATS_URL="+st.natsURL, "NOTIFIER_HEALTH_ADDR=", "NOTIFIER_METRICS_ADDR=", "LOG_LEVEL=debug")
	start(t, filepath.Join(st.bins, "notifier"), "NOTIFIER_NATS_URL="+st.natsURL, "NOTIFIER_HEALTH_ADDR=", "NOTIFIER_METRICS_ADDR=", "LOG_LEVEL=debug",
		"NOTIFIER_DURABLE=failing-mail", "NOTIFIER_SMTP_HOST=127.0.0.1", "NOTIFIER_SMTP_PORT="+strings.Split(freeAddr(t), ":")[1],
		"NOTIFIER_MAX_ATTEMPTS=1")

	const pw = "a long enough staff password"
	createStaffWithRole(t, st, "owner@valleytrenchless.example", pw, "owner")
	createStaffWithRole(t, st, "sales@valleytrenchless.example", pw, "sales")
	createStaffWithRole(t, st, "editor@valleytrenchless.example", pw, "editor")
	owner := signIn(t, st, "owner@valleytrenchless.example", pw)
	sales := signIn(t, st, "sales@valleytrenchless.example", pw)
	editor := signIn(t, st, "editor@valleytrenchless.example", pw)
	code, out := owner.json("POST", "/api/admin/webhooks", map[string]any{"url": crm.URL + "/hook", "description": "CRM",
		"events": []string{"leads.submitted", "leads.updated"}})
	require.Equal(t, 200, code, "%v", out)

	// The person: three requests over a week's worth of worry, the e-mail
	// typed differently, the phone in three formats; and someone else.
	person := map[string]any{"formVariant": "contact", "firstName": "Perpetua", "lastName": "Oyelaran-Fitch",
		"email": "Perpetua.OF@example.com", "phone": "(623) 555-0174", "address": "9182 N Zephyrine Ct",
		"city": "Peoria", "description": "Perpetua again: the cleanout at 9182 N Zephyrine Ct overflows.",
		"previousRepairs": "Hydro-jetted for Perpetua in 2021", "preferredContactTime": "mornings",
		"attribution": map[string]any{"utmSource": "google", "utmCampaign": "spring", "gclid": "gclid-ZEPHYRINE-7"}}
	variant := func(email, phone string) map[string]any {
		v := map[string]any{}
		for k, x := range person {
			v[k] = x
		}
		v["email"], v["phone"] = email, phone
		return v
	}
	var ids []string
	for _, l := range []map[string]any{person, variant("perpetua.of@EXAMPLE.com", "+1 623 555 0174"), variant("p.fitch@example.net", "623.555.0174")} {
		code, sent := newClient(t, st.base).json("POST", "/api/contact", l)
		require.Equal(t, 200, code, "%v", sent)
		ids = append(ids, sent["id"].(string))
	}
	home, _ := spec7Payloads(t)
	code, sent := newClient(t, st.base).json("POST", "/api/contact", home)
	require.Equal(t, 200, code, "%v", sent)
	otherID := sent["id"].(string)

	// Sales works the first lead.
	code, out = sales.json("POST", "/api/contact-submissions/"+ids[0]+"/notes", map[string]any{"body": "Spoke with Perpetua Oyelaran-Fitch; gate code 4471."})
	require.Equal(t, 200, code, "%v", out)
	code, out = sales.json("PATCH", "/api/contact-submissions/"+ids[1], map[string]any{"status": "contacted"})
	require.Equal(t, 200, code, "%v", out)

	nc, err := nats.Connect(st.natsURL)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx := context.Background()
	db, err := pgx.Connect(ctx, st.dbURL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })
	waitFor(t, "the leads published, dead-lettered and delivered to the CRM", 60*time.Second, func() bool {
		s, err := js.Stream(ctx, "LEADS")
		if err != nil {
			return false
		}
		info, err := s.Info(ctx, jetstream.WithSubjectFilter("leads.>"))
		if err != nil {
			return false
		}
		var delivered int
		_ = db.QueryRow(ctx, `SELECT count(*) FROM contact.webhook_deliveries WHERE status = 'delivered'`).Scan(&delivered)
		subjects := info.State.Subjects
		return subjects["leads.submitted"] == 4 && subjects["leads.updated"] == 2 && subjects["leads.deadletter"] == 4 && delivered == 6
	})
	hookMu.Lock()
	require.Contains(t, strings.Join(hooked, "\n"), "Zephyrine", "the CRM received the person's leads")
	hookMu.Unlock()

	needles := residue.Of("6235550174", "Perpetua", "Oyelaran-Fitch", "perpetua.of@example.com", "p.fitch@example.net",
		"Zephyrine", "gate code 4471", "gclid-ZEPHYRINE")
	scan := func() []string {
		t.Helper()
		found, err := residue.Postgres(ctx, db, needles)
		require.NoError(t, err)
		for _, stream := range []string{"LEADS", "LEAD_SPOOL"} {
			onStream, err := residue.Stream(ctx, js, stream, needles)
			require.NoError(t, err, stream)
			found = append(found, onStream...)
		}
		// Every file under the test's folders: NATS's store (a secure
		// delete overwrites the message where it lay) and every process's
		// log.
		inFiles, err := residue.Files(filepath.Dir(t.TempDir()), needles)
		require.NoError(t, err)
		return append(found, inFiles...)
	}
	require.NotEmpty(t, scan(), "the person's details are stored before the erase")
	code, statsBefore := owner.json("GET", "/api/contact-submissions/stats", nil)
	require.Equal(t, 200, code)

	// Only an owner sees what an erase would cover, or makes one.
	matches := "/api/admin/privacy/matches?leadId=" + ids[0]
	erase := map[string]any{"leadId": ids[0], "byEmail": true, "byPhone": true}
	for who, c := range map[string]*client{"sales": sales, "editor": editor} {
		code, _ := c.json("GET", matches, nil)
		require.Equal(t, 403, code, who)
		code, _ = c.json("POST", "/api/admin/privacy/erase", erase)
		require.Equal(t, 403, code, who)
	}
	code, preview := owner.json("GET", matches, nil)
	require.Equal(t, 200, code, "%v", preview)
	require.EqualValues(t, 2, preview["byEmail"])
	require.EqualValues(t, 3, preview["byPhone"])
	require.EqualValues(t, 3, preview["total"])
	require.Len(t, preview["leads"], 3)

	code, res := owner.json("POST", "/api/admin/privacy/erase", erase)
	require.Equal(t, 200, code, "%v", res)
	require.ElementsMatch(t, ids, res["leadIds"])
	require.EqualValues(t, 1, res["notes"])
	require.EqualValues(t, 5, res["outboxMessages"], "the outbox's copies of three leads.submitted and two leads.updated")
	require.EqualValues(t, 5, res["webhookDeliveries"])
	require.Equal(t, false, res["streamPending"], "the stream part is done when the answer comes")
	require.EqualValues(t, 8, res["streamMessages"], "three leads.submitted, two leads.updated, three dead letters")

	require.Empty(t, scan(), "nothing of the person is left")
	// The erase is in the audit log: who asked, for which lead, and what
	// went (counts and ids: nothing of the person).
	var entry map[string]any
	waitFor(t, "the erase in the audit log", 10*time.Second, func() bool {
		entries, _ := auditEntries(t, owner, url.Values{"kind": {"lead.erase"}})
		if len(entries) > 0 {
			entry = entries[0]
		}
		return entry != nil
	})
	require.Equal(t, ids[0], entry["target"])
	require.Equal(t, float64(200), entry["status"])
	changes := entry["changes"].(map[string]any)
	require.ElementsMatch(t, ids, changes["leadIds"].(map[string]any)["after"])
	require.EqualValues(t, 8, changes["streamMessages"].(map[string]any)["after"])
	code, statsAfter := owner.json("GET", "/api/contact-submissions/stats", nil)
	require.Equal(t, 200, code)
	require.Equal(t, statsBefore, statsAfter, "the dashboard counts the erased leads as before")
	sub := mustLead(t, owner, ids[0])
	require.NotEmpty(t, sub["erasedAt"])
	require.Equal(t, "peoria", sub["city"])
	require.Equal(t, "contacted", mustLead(t, owner, ids[1])["status"], "the pipeline stays")
	other := mustLead(t, owner, otherID)
	require.Equal(t, "Maria", other["firstName"])
	require.Equal(t, "123 E Camelback Rd", other["address"])
	require.Empty(t, other["erasedAt"])

	// The event that tells downstream systems to erase their copies: ids only.
	s, err := js.Stream(ctx, "LEADS")
	require.NoError(t, err)
	var erased *jetstream.RawStreamMsg
	waitFor(t, "leads.erased on LEADS", 10*time.Second, func() bool {
		erased, err = s.GetLastMsgForSubject(ctx, "leads.erased")
		return err == nil
	})
	var ev struct {
		LeadIDs []string `json:"leadIds"`
		Reason  string   `json:"reason"`
	}
	require.NoError(t, json.Unmarshal(erased.Data, &ev))
	require.ElementsMatch(t, ids, ev.LeadIDs)
	require.Equal(t, "request", ev.Reason)

	// Nothing of the person can come back through the lead's page.
	code, out = owner.json("POST", "/api/admin/privacy/erase", erase)
	require.Equal(t, 400, code, "%v", out)
	code, out = sales.json("POST", "/api/contact-submissions/"+ids[0]+"/notes", map[string]any{"body": "Perpetua called again"})
	require.Equal(t, 400, code, "%v", out)
}

// mustLead is a lead as the inbox answers it.
func mustLead(t *testing.T, c *client, id string) map[string]any {
	t.Helper()
	code, lead := c.json("GET", "/api/contact-submissions/"+id, nil)
	require.Equal(t, 200, code, "%v", lead)
	return lead
}

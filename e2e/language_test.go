package e2e

import (
	"bytes"
	"encoding/csv"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/mailtest"
)

// Issue 40: a lead sent from the Spanish site with its page's language
// goes through the whole product marked Spanish: the staff API (the lead,
// the inbox, the CSV export's last column), the leads.submitted event and
// the office e-mail the notifier sends through a mail server. SPEC's
// payload, without a language, is taken as before and marked nothing.
func TestASpanishLeadIsMarkedSpanishFromTheFormToTheOfficeEmail(t *testing.T) {
	t.Parallel()
	st := startStack(t)
	box := &mailtest.Mailbox{}
	_, port := mailtest.Serve(t, box)
	start(t, filepath.Join(st.bins, "notifier"), "NOTIFIER_NATS_URL="+st.natsURL, "NOTIFIER_HEALTH_ADDR=", "NOTIFIER_METRICS_ADDR=",
		"NOTIFIER_SMTP_HOST=127.0.0.1", "NOTIFIER_SMTP_PORT="+strconv.Itoa(port), "LOG_LEVEL=debug")
	staff := signedInStaff(t, st)

	home, _ := spec7Payloads(t)
	spanish := map[string]any{}
	for k, v := range home {
		spanish[k] = v
	}
	spanish["language"], spanish["email"], spanish["sourcePage"] = "es", "rosa@example.com", "/es/"
	code, sent := newClient(t, st.base).json("POST", "/api/contact", spanish)
	require.Equal(t, 200, code, "%v", sent)
	esID := sent["id"].(string)
	code, sent = newClient(t, st.base).json("POST", "/api/contact", home) // SPEC's payload, unchanged
	require.Equal(t, 200, code, "%v", sent)
	enID := sent["id"].(string)

	// The staff API.
	code, lead := staff.json("GET", "/api/contact-submissions/"+esID, nil)
	require.Equal(t, 200, code, "%v", lead)
	require.Equal(t, "es", lead["language"])
	code, lead = staff.json("GET", "/api/contact-submissions/"+enID, nil)
	require.Equal(t, 200, code, "%v", lead)
	require.Equal(t, "", lead["language"], "present and empty: unknown, read as English")
	code, inbox := staff.json("GET", "/api/contact-submissions", nil)
	require.Equal(t, 200, code, "%v", inbox)
	languages := map[string]any{}
	for _, l := range inbox["submissions"].([]any) {
		languages[l.(map[string]any)["id"].(string)] = l.(map[string]any)["language"]
	}
	require.Equal(t, map[string]any{esID: "es", enID: ""}, languages)
	code, body, _ := staff.do("GET", "/api/contact-submissions/export.csv", "", nil)
	require.Equal(t, 200, code)
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("\ufeff")))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	require.Equal(t, "language", rows[0][len(rows[0])-1], "the last column")
	inCSV := map[string]string{}
	for _, r := range rows[1:] {
		inCSV[r[0]] = r[len(r)-1]
	}
	require.Equal(t, map[string]string{esID: "es", enID: ""}, inCSV)

	// The event.
	events := leadEvents(t, st.natsURL, 2)
	require.Equal(t, "es", events[esID]["language"])
	require.NotContains(t, events[enID], "language", "an event without a language is the JSON it was before")

	// The office e-mail.
	waitFor(t, "both leads mailed to the office", 60*time.Second, func() bool { return box.About(esID) != "" && box.About(enID) != "" })
	es := box.About(esID)
	require.Contains(t, es, "Please reply by")
	_, body2, _ := strings.Cut(es, "\r\n\r\n")
	lines := strings.Split(body2, "\r\n")
	require.Equal(t, "Prefers Spanish (submitted from the Spanish site)", lines[2], "right under the opening sentence:\n%s", body2)
	require.NotContains(t, box.About(enID), "Spanish")
	require.NotContains(t, box.About(enID), "Language:")
}

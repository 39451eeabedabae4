package contactgrpc_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

// Issue 40: a lead from the Spanish site records its language, and staff
// see it everywhere they see the lead: the inbox list, the lead, the
// leads.submitted event and the CSV export's last column.
func TestALeadRecordsTheLanguageItCameIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	es := homeForm()
	es.Language = " es-MX "
	sent, err := e.contact.SubmitInspectionRequest(ctx, es)
	require.NoError(t, err)
	home, _ := spec7Payloads(t) // SPEC's payload: no language
	english, err := e.contact.SubmitInspectionRequest(ctx, home)
	require.NoError(t, err)

	got, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: sent.GetId()})
	require.NoError(t, err)
	require.Equal(t, "es-MX", got.GetSubmission().GetLanguage(), "trimmed, kept as given")
	page, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	byID := map[string]string{}
	for _, l := range page.GetSubmissions() {
		byID[l.GetId()] = l.GetLanguage()
	}
	require.Equal(t, map[string]string{sent.GetId(): "es-MX", english.GetId(): ""}, byID)
	require.Equal(t, "es-MX", storedEvent(t, e, sent.GetId()).GetLanguage())
	var column string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT language FROM contact.submissions WHERE id = $1`, english.GetId()).Scan(&column))
	require.Empty(t, column)

	// The event of a lead without a language is the JSON it was before the
	// field existed, so a consumer built before it reads it unchanged.
	var payload string
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT convert_from(payload, 'UTF8') FROM contact.outbox WHERE msg_id = $1`, english.GetId()).Scan(&payload))
	require.NotContains(t, payload, "language")

	data, _, _ := export(t, e.inbox, e.staff, "")
	rows := csvRows(t, data)
	require.Equal(t, "language", rows[0][len(rows[0])-1], "the new column comes last, so importers reading by position keep working")
	require.Equal(t, []string{"id", "createdAt", "respondBy", "formVariant", "firstName"}, rows[0][:5], "the columns before it are where they were")
	require.Equal(t, "firstResponseAt", rows[0][len(rows[0])-2])
	languages := map[string]string{}
	for _, r := range rows[1:] {
		require.Len(t, r, len(rows[0]))
		languages[r[0]] = r[len(r)-1]
	}
	require.Equal(t, map[string]string{sent.GetId(): "es-MX", english.GetId(): ""}, languages)
}

// A language that is not a language tag never refuses a lead: the lead is
// stored without one (unknown, read as English), and the service says so
// at debug level, without the value.
func TestALanguageThatIsNoTagIsStoredAsUnknown(t *testing.T) {
	t.Parallel()
	var logs logtest.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	pool := pgtest.NewPool(t, contactpg.Migrate)
	srv := contactgrpc.New(log, contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt"))
	for i, lang := range []string{"Spanish please", "es_MX", strings.Repeat("x", 40), "<b>es</b>", "español"} {
		req := homeForm()
		req.Email, req.Language = fmt.Sprintf("case%d@example.com", i), lang
		contactgrpc.SettleVariant(req)
		sent, err := srv.SubmitInspectionRequest(context.Background(), req)
		require.NoError(t, err, "%q", lang)
		stored := "unread"
		require.NoError(t, pool.QueryRow(context.Background(), `SELECT language FROM contact.submissions WHERE id = $1`, sent.GetId()).Scan(&stored))
		require.Empty(t, stored, "%q", lang)
		require.Contains(t, logs.String(), `"lead_id":"`+sent.GetId()+`"`)
	}
	require.Equal(t, 5, strings.Count(logs.String(), "lead language is not a language tag; stored as unknown"))
	require.NotContains(t, logs.String(), "Spanish please", "the value is not logged")

	// A tag, or none, is not worth a line.
	for i, lang := range []string{"es", "", "  "} {
		req := homeForm()
		req.Email, req.Language = fmt.Sprintf("tag%d@example.com", i), lang
		_, err := srv.SubmitInspectionRequest(context.Background(), req)
		require.NoError(t, err)
	}
	require.Equal(t, 5, strings.Count(logs.String(), "lead language is not a language tag"))
}

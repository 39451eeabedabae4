package contactnats_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

// Issue 40: a lead's language survives every path a lead takes: held in
// the spool while Postgres is down and stored from it, published on LEADS
// by the relay, and re-imported from LEADS into a database that lost it.
func TestALeadsLanguageSurvivesTheSpoolTheStreamAndTheReimport(t *testing.T) {
	ns := natstest.Start(t)
	js := connect(t, ns.URL)
	pool, proxy, _ := proxiedPool(t)
	svc := contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt").WithSpool(&contactnats.Spool{JS: js})
	ctx := context.Background()

	proxy.setCut(true)
	es := lead(1)
	es.Language = "es-MX"
	held, err := svc.Submit(ctx, es, contact.Meta{IdempotencyKey: "spanish"})
	require.NoError(t, err, "accepted while the database is gone")
	require.Equal(t, "es-MX", held.Language)
	require.EqualValues(t, 1, svc.SpoolStats().Held)

	// The spool's record carries it.
	spool, err := js.Stream(ctx, contactnats.SpoolStream)
	require.NoError(t, err)
	rec, err := spool.GetLastMsgForSubject(ctx, contactnats.SpoolSubject)
	require.NoError(t, err)
	var record struct {
		Lead contact.Lead `json:"lead"`
	}
	require.NoError(t, json.Unmarshal(rec.Data, &record))
	require.Equal(t, held.ID, record.Lead.ID)
	require.Equal(t, "es-MX", record.Lead.Language)

	// Stored from the spool once the database is back, then published.
	proxy.setCut(false)
	runSpooling(t, pool, js, svc)
	store := contactpg.New(pool)
	t.Cleanup(store.Close)
	require.Eventually(t, func() bool { return storedLeads(t, pool)[held.ID] == 1 }, 60*time.Second, 100*time.Millisecond)
	stored, err := store.GetLead(ctx, held.ID)
	require.NoError(t, err)
	require.Equal(t, "es-MX", stored.Language)
	require.Eventually(t, func() bool { _, pending := outboxOf(t, pool); return pending == 0 }, 30*time.Second, 50*time.Millisecond)
	leads, err := js.Stream(ctx, "LEADS")
	require.NoError(t, err)
	msg, err := leads.GetLastMsgForSubject(ctx, contactnats.SubjectSubmitted)
	require.NoError(t, err)
	var ev contactv1.LeadSubmitted
	require.NoError(t, protojson.Unmarshal(msg.Data, &ev))
	require.Equal(t, held.ID, ev.GetLead().GetId())
	require.Equal(t, "es-MX", ev.GetLead().GetLanguage(), "leads.submitted carries it")

	// A database restored from before the lead gets it back from LEADS.
	restored := pgtest.NewPool(t, contactpg.Migrate)
	svc2 := contact.NewService(contactpg.New(restored), contactnats.Encoder{}, "salt")
	st, err := contactnats.Reimport(ctx, js, "LEADS", time.Now().Add(-time.Hour), svc2.Reimport)
	require.NoError(t, err)
	require.Equal(t, 1, st.Imported)
	back, err := contactpg.New(restored).GetLead(ctx, held.ID)
	require.NoError(t, err)
	require.Equal(t, "es-MX", back.Language)
}

// The spool's records written before the language existed hold no
// Language: such a lead is stored as unknown, not refused.
func TestASpoolRecordWithoutALanguageIsStoredAsUnknown(t *testing.T) {
	ns := natstest.Start(t)
	js := connect(t, ns.URL)
	pool := pgtest.NewPool(t, contactpg.Migrate)
	svc := contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt")
	ctx := context.Background()
	_, err := contactnats.EnsureSpool(ctx, js, 1)
	require.NoError(t, err)
	const id = "5d9c2a4e-1b3f-4c6d-8e7f-0a1b2c3d4e5f"
	now := time.Now().UTC()
	old := `{"v":1,"lead":{"ID":"` + id + `","FormVariant":"home","FirstName":"Old","LastName":"Record","Email":"old@example.com",` +
		`"Phone":"6025550111","Issues":["slow-drainage"],"CreatedAt":"` + now.Format(time.RFC3339Nano) + `",` +
		`"RespondBy":"` + now.Add(contact.RespondWithin).Format(time.RFC3339Nano) + `","Status":"new"}}`
	_, err = js.Publish(ctx, contactnats.SpoolSubject, []byte(old))
	require.NoError(t, err)
	runSpooling(t, pool, js, svc)
	require.Eventually(t, func() bool { return storedLeads(t, pool)[id] == 1 }, 30*time.Second, 50*time.Millisecond)
	store := contactpg.New(pool)
	t.Cleanup(store.Close)
	l, err := store.GetLead(ctx, id)
	require.NoError(t, err)
	require.Equal(t, "Old", l.FirstName)
	require.Empty(t, l.Language)
}

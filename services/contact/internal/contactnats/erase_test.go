package contactnats_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/internal/testkit/residue"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

// erasing is a contact service with the erasure, its relay publishing to
// a NATS server of its own.
type erasing struct {
	pool *pgxpool.Pool
	js   jetstream.JetStream
	svc  *contact.Service
}

func startErasing(t *testing.T) *erasing {
	t.Helper()
	ns := natstest.Start(t)
	pool := pgtest.NewPool(t, contactpg.Migrate)
	js := connect(t, ns.URL)
	store := contactpg.New(pool)
	t.Cleanup(store.Close)
	svc := contact.NewService(store, contactnats.Encoder{}, "salt").
		WithErasure(store, &contactnats.StreamEraser{JS: js, Stream: "LEADS"}, contactnats.LeadsErased)
	relay := &contactnats.Relay{Pool: pool, JS: js, Log: quiet, Stream: contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}},
		Channel: contactpg.NotifyChannel, PollInterval: 100 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = relay.Run(ctx) }()
	t.Cleanup(func() { cancel(); wg.Wait() })
	return &erasing{pool: pool, js: js, svc: svc}
}

// published waits until the outbox is drained.
func (e *erasing) published(t *testing.T) {
	t.Helper()
	require.Eventually(t, func() bool {
		var pending int
		require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT count(*) FROM contact.outbox WHERE published_at IS NULL`).Scan(&pending))
		return pending == 0
	}, 30*time.Second, 50*time.Millisecond)
}

// residueOf is what is left of needles in the database and on LEADS.
func (e *erasing) residueOf(t *testing.T, needles []residue.Needle) []string {
	t.Helper()
	ctx := context.Background()
	conn, err := e.pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	found, err := residue.Postgres(ctx, conn.Conn(), needles)
	require.NoError(t, err)
	onStream, err := residue.Stream(ctx, e.js, "LEADS", needles)
	require.NoError(t, err)
	return append(found, onStream...)
}

// submit stores l as sent from a browser that names its owner (a
// personal detail among others).
func submit(t *testing.T, svc *contact.Service, l contact.Lead) string {
	t.Helper()
	stored, err := svc.Submit(context.Background(), contact.Submission{Lead: l},
		contact.Meta{UserAgent: "Mozilla/5.0 Quokkabrowser/9 (" + l.FirstName + ")", ClientIP: "203.0.113.9"})
	require.NoError(t, err)
	return stored.ID
}

// A homeowner's erase reaches every copy the product keeps: all their
// leads (by e-mail in any case, by phone in any format, US country code or
// not), the notes staff wrote, the outbox, and on LEADS their
// leads.submitted, leads.updated and the notifier's dead letter, including
// a message published before the relay recorded sequences. Another
// person's lead, the dashboard's fields and leads.erased stay.
func TestErasePersonLeavesNothingOfThemInPostgresOrOnTheStream(t *testing.T) {
	e := startErasing(t)
	ctx := context.Background()
	person := contact.Lead{FormVariant: "contact", FirstName: "Ottoline", LastName: "Vasquez-Brindle", Email: "Ottoline.VB@example.com",
		Phone: "(480) 555-0187", Address: "4417 W Quillfeather Ln", City: "tempe", Urgency: "this-week",
		Issues: []string{"slow-drains", "roots in the yard of Ottoline"}, HomeAge: "built by grandpa Vasquez",
		Description: "Ottoline here: the drain at 4417 W Quillfeather Ln backs up.", PreviousRepairs: "Snaked in 2019",
		PreferredContactTime: "after 5, ask for Ottoline", SourcePage: "/tempe", Language: "es-MX-x-ottoline",
		Attribution: contact.Attribution{UTMSource: "google", UTMMedium: "cpc", UTMCampaign: "ottoline-tempe", GCLID: "gclid-QUILL-42"}}
	first := submit(t, e.svc, person)
	again := person
	again.Email, again.Phone = "  ottoline.vb@EXAMPLE.com", "+1 480-555-0187"
	second := submit(t, e.svc, again)
	byPhone := person
	byPhone.Email, byPhone.Phone = "someone.else@example.com", "480.555.0187"
	third := submit(t, e.svc, byPhone)
	other := contact.Lead{FormVariant: "home", FirstName: "Marisol", LastName: "Quintanilla", Email: "marisol@example.com",
		Phone: "(602) 555-0147", Address: "4821 E Cactus Wren Rd", City: "tempe", Issues: []string{"slow-drainage"},
		Description: "Kitchen drain is slow."}
	otherID := submit(t, e.svc, other)
	_, err := e.svc.AddNote(ctx, first, "Called Ottoline at 480-555-0187; her dog is called Biscuit.", "office@valleytrenchless.example")
	require.NoError(t, err)
	status := contact.StatusContacted
	_, err = e.svc.Update(ctx, second, contact.Change{Status: &status}, "office@valleytrenchless.example")
	require.NoError(t, err)
	e.published(t)

	// The notifier's dead letter of the first lead: a copy of its message,
	// as leadnotify writes one.
	s, err := e.js.Stream(ctx, "LEADS")
	require.NoError(t, err)
	var seq uint64
	require.NoError(t, e.pool.QueryRow(ctx, `SELECT seq FROM contact.lead_messages WHERE lead_id = $1 AND subject = $2`,
		first, contactnats.SubjectSubmitted).Scan(&seq))
	orig, err := s.GetMsg(ctx, seq)
	require.NoError(t, err)
	var ev contactv1.LeadSubmitted
	require.NoError(t, protojson.Unmarshal(orig.Data, &ev))
	require.Equal(t, first, ev.GetLead().GetId())
	dl := &nats.Msg{Subject: contactnats.SubjectDeadLetter, Data: orig.Data, Header: nats.Header{}}
	for k, v := range orig.Header {
		dl.Header[k] = v
	}
	dl.Header.Del(jetstream.MsgIDHeader)
	_, err = e.js.PublishMsg(ctx, dl, jetstream.WithMsgID("dead-letter:"+ev.GetLead().GetId()))
	require.NoError(t, err)
	// A message from before the relay recorded sequences: the third lead's
	// leads.submitted, no longer recorded.
	_, err = e.pool.Exec(ctx, `DELETE FROM contact.lead_messages WHERE lead_id = $1`, third)
	require.NoError(t, err)

	needles := residue.Of("4805550187", "Ottoline", "Vasquez-Brindle", "ottoline.vb@example.com", "Quillfeather", "Biscuit",
		"Quokkabrowser/9 (Ottoline)", "gclid-QUILL", "grandpa Vasquez")
	require.NotEmpty(t, e.residueOf(t, needles), "the person's details are stored before the erase")
	statsBefore, err := e.svc.Stats(ctx, 4)
	require.NoError(t, err)

	preview, err := e.svc.PreviewErasure(ctx, first)
	require.NoError(t, err)
	require.Equal(t, 2, preview.ByEmail)
	require.Equal(t, 3, preview.ByPhone)
	require.Equal(t, 3, preview.Total)
	require.Len(t, preview.Leads, 3)

	res, err := e.svc.ErasePerson(ctx, first, true, true, "owner@valleytrenchless.example")
	require.NoError(t, err)
	require.ElementsMatch(t, []string{first, second, third}, res.LeadIDs)
	require.Equal(t, 1, res.Notes)
	require.Equal(t, 5, res.OutboxMessages, "three leads.submitted and two leads.updated (the note, the status)")
	require.False(t, res.StreamPending)
	require.Equal(t, 6, res.StreamMessages, "five lead messages and the dead letter")

	require.Empty(t, e.residueOf(t, needles))
	// What stays: the leads themselves, for the dashboard.
	erased, err := contactpg.New(e.pool).GetLead(ctx, first)
	require.NoError(t, err)
	require.False(t, erased.ErasedAt.IsZero())
	require.Equal(t, "tempe", erased.City)
	require.Equal(t, "google", erased.Attribution.UTMSource)
	require.Equal(t, "this-week", erased.Urgency)
	require.Equal(t, []string{"slow-drains"}, erased.Issues, "the option stays; the words typed in go")
	require.Empty(t, erased.HomeAge)
	require.Equal(t, "es", erased.Language, "the language stays, its primary subtag only (a private-use subtag may name the person)")
	statsAfter, err := e.svc.Stats(ctx, 4)
	require.NoError(t, err)
	require.Equal(t, statsBefore, statsAfter, "the dashboard counts the erased leads as before")
	kept, err := contactpg.New(e.pool).GetLead(ctx, otherID)
	require.NoError(t, err)
	require.Equal(t, "Marisol", kept.FirstName)
	require.Equal(t, "4821 E Cactus Wren Rd", kept.Address)
	require.True(t, kept.ErasedAt.IsZero())

	// leads.erased names the leads, and nothing else of them.
	var m *jetstream.RawStreamMsg
	require.Eventually(t, func() bool {
		m, err = s.GetLastMsgForSubject(ctx, contactnats.SubjectErased)
		return err == nil
	}, 10*time.Second, 50*time.Millisecond)
	var erasedEv contactv1.LeadsErased
	require.NoError(t, protojson.Unmarshal(m.Data, &erasedEv))
	require.ElementsMatch(t, res.LeadIDs, erasedEv.GetLeadIds())
	require.Equal(t, contact.ReasonRequest, erasedEv.GetReason())

	// Nothing left to match; no note can bring the person back.
	again2, err := e.svc.PreviewErasure(ctx, first)
	require.NoError(t, err)
	require.False(t, again2.ErasedAt.IsZero())
	_, err = e.svc.ErasePerson(ctx, second, true, true, "owner@valleytrenchless.example")
	require.ErrorIs(t, err, contact.ErrErased)
	_, err = e.svc.AddNote(ctx, first, "Ottoline called back", "office@valleytrenchless.example")
	require.ErrorIs(t, err, contact.ErrErased)
}

// The retention erases the leads older than it, a batch per transaction,
// on one replica at a time, and removes their messages from LEADS; newer
// leads stay as they are.
func TestRetentionErasesOldLeadsInBatches(t *testing.T) {
	e := startErasing(t)
	ctx := context.Background()
	var old []string
	for i := range 5 {
		l := lead(i)
		l.FirstName = "Ancient"
		id := submit(t, e.svc, l.Lead)
		old = append(old, id)
	}
	recent := submit(t, e.svc, lead(9).Lead)
	e.published(t)
	_, err := e.pool.Exec(ctx, `UPDATE contact.submissions SET created_at = created_at - interval '4 years',
		respond_by = respond_by - interval '4 years' WHERE id = ANY($1)`, old)
	require.NoError(t, err)
	// The first two were published before the relay recorded sequences:
	// the retention reads the stream up to the first one recorded.
	tag, err := e.pool.Exec(ctx, `DELETE FROM contact.lead_messages WHERE seq IN (SELECT seq FROM contact.lead_messages ORDER BY seq LIMIT 2)`)
	require.NoError(t, err)
	require.EqualValues(t, 2, tag.RowsAffected())

	// While one replica holds the lock, another does not run.
	store := contactpg.New(e.pool)
	t.Cleanup(store.Close)
	held := make(chan struct{})
	release := make(chan struct{})
	go func() {
		_, _ = store.WithRetentionLock(ctx, func(context.Context) error { close(held); <-release; return nil })
	}()
	<-held
	ran, err := store.WithRetentionLock(ctx, func(context.Context) error { t.Error("ran without the lock"); return nil })
	require.NoError(t, err)
	require.False(t, ran)
	close(release)

	w := &contact.ErasureWorker{Service: e.svc, Log: quiet, Retention: 3 * 365 * 24 * time.Hour, Batch: 2,
		StreamEvery: 50 * time.Millisecond}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = w.Run(wctx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
	require.Eventually(t, func() bool {
		var pending, erased int
		require.NoError(t, e.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM contact.erasures WHERE stream_done_at IS NULL),
			(SELECT count(*) FROM contact.submissions WHERE erased_at IS NOT NULL)`).Scan(&pending, &erased))
		return erased == 5 && pending == 0
	}, 30*time.Second, 50*time.Millisecond)

	rows, err := e.pool.Query(ctx, `SELECT reason, cardinality(lead_ids) FROM contact.erasures ORDER BY id`)
	require.NoError(t, err)
	batches, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) ([2]any, error) {
		var reason string
		var n int
		return [2]any{reason, n}, r.Scan(&reason, &n)
	})
	require.NoError(t, err)
	require.Equal(t, [][2]any{{"retention", 2}, {"retention", 2}, {"retention", 1}}, batches, "two leads per transaction")
	require.Equal(t, contact.ErasureStats{ByRetention: 5, StreamMessages: 5}, e.svc.ErasureStats())
	require.Empty(t, e.residueOf(t, residue.Of("", "Ancient", "lead0@example.com", "lead4@example.com")))
	kept, err := store.GetLead(ctx, recent)
	require.NoError(t, err)
	require.Equal(t, "lead9@example.com", kept.Email)
	require.True(t, kept.ErasedAt.IsZero())
}

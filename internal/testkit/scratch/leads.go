package scratch

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// WithDB runs fn on a connection to the database at url.
func WithDB[T any](url string, fn func(context.Context, *pgx.Conn) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		var zero T
		return zero, err
	}
	defer c.Close(ctx)
	return fn(ctx, c)
}

// LeadState is what the contact schema holds.
type LeadState struct {
	Leads      map[string]bool // stored, non-spam lead ids
	Pending    int             // outbox rows not yet published
	HalfLeads  int             // leads without their leads.submitted outbox row
	StrayRows  int             // leads.submitted outbox rows without their lead
	OldPending int             // unpublished rows created before a given time
}

// ReadLeads reads the contact schema's leads and outbox at url; OldPending
// counts unpublished rows created before before.
func ReadLeads(url string, before time.Time) (LeadState, error) {
	return WithDB(url, func(ctx context.Context, c *pgx.Conn) (LeadState, error) {
		st := LeadState{Leads: map[string]bool{}}
		rows, err := c.Query(ctx, "SELECT id::text FROM contact.submissions WHERE NOT is_spam")
		if err != nil {
			return st, err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return st, err
		}
		for _, id := range ids {
			st.Leads[id] = true
		}
		err = c.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM contact.outbox WHERE published_at IS NULL),
			(SELECT count(*) FROM contact.submissions s WHERE NOT s.is_spam AND NOT EXISTS
				(SELECT 1 FROM contact.outbox o WHERE o.msg_id = s.id::text AND o.subject = 'leads.submitted')),
			(SELECT count(*) FROM contact.outbox o WHERE o.subject = 'leads.submitted' AND NOT EXISTS
				(SELECT 1 FROM contact.submissions s WHERE s.id::text = o.msg_id)),
			(SELECT count(*) FROM contact.outbox WHERE published_at IS NULL AND created_at <= $1)`, before).
			Scan(&st.Pending, &st.HalfLeads, &st.StrayRows, &st.OldPending)
		return st, err
	})
}

// StreamLeads counts the leads.submitted messages on LEADS by lead id
// (the Nats-Msg-Id header), from the server(s) at natsURL (comma
// separated).
func StreamLeads(natsURL string) (map[string]int, error) {
	st, ctx, done, err := openStream(func() (*nats.Conn, error) { return nats.Connect(natsURL) }, "LEADS", 60*time.Second)
	if err != nil {
		return nil, err
	}
	defer done()
	info, err := st.Info(ctx, jetstream.WithSubjectFilter("leads.submitted"))
	if err != nil {
		return nil, err
	}
	want := info.State.Subjects["leads.submitted"]
	out := map[string]int{}
	if want == 0 {
		return out, nil
	}
	cons, err := st.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{"leads.submitted"}})
	if err != nil {
		return nil, err
	}
	// On a cluster a pull may reach a server before the consumer's
	// interest has: "no responders", an empty batch at once. Such a batch
	// is asked again; a run of them, or one that waited, means the rest is
	// not there.
	for got, empty := uint64(0), 0; got < want; {
		asked := time.Now()
		batch, err := cons.Fetch(500, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			return nil, err
		}
		n := 0
		for m := range batch.Messages() {
			out[m.Headers().Get(jetstream.MsgIDHeader)]++
			n++
		}
		if n == 0 {
			if empty++; empty >= 20 || time.Since(asked) > time.Second {
				return nil, fmt.Errorf("stream says %d leads.submitted messages, read %d (%v)", want, got, batch.Error())
			}
			time.Sleep(100 * time.Millisecond)
			continue
		}
		got, empty = got+uint64(n), 0
	}
	return out, nil
}

// AccountLeads checks the promise for the 2xx leads of a run (okIDs) on
// the database at dbURL and the NATS server(s) at natsURL: each is
// stored exactly once (waiting up to a minute for leads still in the
// spool), none is half-written, and (after the outbox has drained) each
// is on LEADS exactly once. It returns the problems found
// and the figures.
func AccountLeads(dbURL, natsURL string, okIDs []string) (problems, figures []string) {
	// A lead answered 2xx while Postgres was away waits in contact's spool
	// and is stored when the spool drains, a few seconds after the rest:
	// wait for it as for the outbox (a restore drill once read the table
	// 0.2 s before the last two spooled leads were stored). One still
	// missing after the wait is reported below.
	if err := WaitFor("every 2xx lead stored and the outbox drained", 60*time.Second, func() bool {
		st, err := ReadLeads(dbURL, time.Now())
		if err != nil || st.Pending != 0 {
			return false
		}
		for _, id := range okIDs {
			if !st.Leads[id] {
				return false
			}
		}
		return true
	}); err != nil {
		problems = append(problems, err.Error())
	}
	st, err := ReadLeads(dbURL, time.Now())
	if err != nil {
		return append(problems, "reading leads: "+err.Error()), figures
	}
	msgs, err := StreamLeads(natsURL)
	if err != nil {
		return append(problems, "reading LEADS: "+err.Error()), figures
	}
	missing, dupStream, notOnStream := 0, 0, 0
	seen := map[string]bool{}
	for _, id := range okIDs {
		if seen[id] {
			problems = append(problems, "two 2xx answers named lead "+id)
		}
		seen[id] = true
		if !st.Leads[id] {
			missing++
		}
		switch msgs[id] {
		case 0:
			notOnStream++
		case 1:
		default:
			dupStream++
		}
	}
	extra := 0
	for id := range st.Leads {
		if !seen[id] {
			extra++
		}
	}
	total := 0
	for _, n := range msgs {
		total += n
	}
	figures = append(figures, fmt.Sprintf("2xx leads %d, stored %d (not answered 2xx: %d), LEADS messages %d, outbox pending %d, half-written (lead without event / event without lead) %d/%d",
		len(okIDs), len(st.Leads), extra, total, st.Pending, st.HalfLeads, st.StrayRows))
	if missing > 0 {
		problems = append(problems, fmt.Sprintf("%d leads answered 2xx are not stored", missing))
	}
	if notOnStream > 0 || dupStream > 0 {
		problems = append(problems, fmt.Sprintf("of the 2xx leads %d are not on LEADS and %d are there more than once", notOnStream, dupStream))
	}
	if total != len(st.Leads) {
		problems = append(problems, fmt.Sprintf("LEADS holds %d leads.submitted messages for %d stored leads", total, len(st.Leads)))
	}
	if st.HalfLeads > 0 || st.StrayRows > 0 {
		problems = append(problems, fmt.Sprintf("%d leads without their event and %d events without their lead (half-written)", st.HalfLeads, st.StrayRows))
	}
	return problems, figures
}

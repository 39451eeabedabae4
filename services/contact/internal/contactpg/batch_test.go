package contactpg

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// These tests drive the group commit against the real Postgres server.
// A flusher with an hour's Linger writes a batch only when MaxBatch leads
// are in it (or at Close), so which leads share a transaction is decided
// by the test, never by timing.

func newLead(n int, key string) (contact.Lead, []contact.OutboxMessage) {
	now := time.Now().UTC().Truncate(time.Microsecond)
	l := contact.Lead{
		ID: uuid.NewString(), FormVariant: contact.VariantHome, FirstName: fmt.Sprintf("Lead %d", n), LastName: "Test",
		Email: fmt.Sprintf("lead%d@example.com", n), Phone: "602-555-0142", Issues: []string{"gurgling"},
		IdempotencyKey: key, CreatedAt: now, RespondBy: now.Add(contact.RespondWithin),
	}
	return l, []contact.OutboxMessage{{Subject: "leads.submitted", MsgID: l.ID, Payload: []byte(`{"n":` + fmt.Sprint(n) + `}`),
		Headers: map[string]string{"traceparent": "00-x"}}}
}

// fixed is an events function that returns msgs whatever the lead.
func fixed(msgs []contact.OutboxMessage) func(context.Context, contact.Lead) ([]contact.OutboxMessage, error) {
	if msgs == nil {
		return nil
	}
	return func(context.Context, contact.Lead) ([]contact.OutboxMessage, error) { return msgs, nil }
}

// gathering is a store whose single flusher writes a batch only when it
// holds maxBatch leads (or at Close), on a fresh database.
func gathering(t *testing.T, maxBatch int) (*pgxpool.Pool, *Store) {
	t.Helper()
	pool := pgtest.NewPool(t, Migrate)
	s := NewWithOptions(pool, BatchOptions{Flushers: 1, MaxBatch: maxBatch, Linger: time.Hour})
	t.Cleanup(s.Close)
	return pool, s
}

// newLeads makes n leads (numbered from first) with idempotency key
// prefix+number, and their events.
func newLeads(first, n int, prefix string) ([]contact.Lead, [][]contact.OutboxMessage) {
	var leads []contact.Lead
	var msgs [][]contact.OutboxMessage
	for i := first; i < first+n; i++ {
		l, m := newLead(i, fmt.Sprintf("%s%d", prefix, i))
		leads, msgs = append(leads, l), append(msgs, m)
	}
	return leads, msgs
}

type outcome struct {
	lead    contact.Lead
	created bool
	err     error
}

// submitAll calls InsertLead for every lead at once and returns the
// outcomes in the leads' order.
func submitAll(ctx context.Context, s *Store, leads []contact.Lead, msgs [][]contact.OutboxMessage) []outcome {
	out := make([]outcome, len(leads))
	var wg sync.WaitGroup
	for i := range leads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, created, err := s.InsertLead(ctx, leads[i], fixed(msgs[i]))
			out[i] = outcome{l, created, err}
		}()
	}
	wg.Wait()
	return out
}

func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), sql, args...).Scan(&n))
	return n
}

func TestConcurrentLeadsShareOneTransactionWithTheirOutboxRows(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 8)
	leads, msgs := newLeads(0, 8, "key-")
	leads[3].IdempotencyKey = ""         // no key: stored all the same
	leads[5].IsSpam, msgs[5] = true, nil // a spam lead queues no event
	out := submitAll(context.Background(), s, leads, msgs)
	for i, o := range out {
		require.NoError(t, o.err, "lead %d", i)
		require.True(t, o.created)
		require.Equal(t, leads[i].ID, o.lead.ID)
		require.Equal(t, leads[i].FirstName, o.lead.FirstName)
		require.Equal(t, leads[i].Issues, o.lead.Issues)
		require.True(t, leads[i].CreatedAt.Equal(o.lead.CreatedAt))
	}
	st := s.Stats()
	require.EqualValues(t, 1, st.Batches, "eight leads, one transaction")
	require.EqualValues(t, 8, st.Leads)
	require.Zero(t, st.Fallbacks)

	require.Equal(t, 8, count(t, pool, `SELECT count(*) FROM contact.submissions`))
	require.Equal(t, 7, count(t, pool, `SELECT count(*) FROM contact.outbox o JOIN contact.submissions s ON o.msg_id = s.id::text
		WHERE o.subject = 'leads.submitted' AND o.headers->>'traceparent' = '00-x' AND NOT s.is_spam`))
	require.Equal(t, 1, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE idempotency_key IS NULL`))
}

func TestARepeatedKeyInOneBatchStoresOneLead(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 4)

	// An earlier lead holds key "stored".
	first, firstMsgs := newLead(0, "stored")
	s0 := NewWithOptions(pool, BatchOptions{Linger: -1})
	defer s0.Close()
	_, created, err := s0.InsertLead(context.Background(), first, fixed(firstMsgs))
	require.NoError(t, err)
	require.True(t, created)

	var leads []contact.Lead
	var msgs [][]contact.OutboxMessage
	for i, key := range []string{"retry", "retry", "stored", "other"} {
		l, m := newLead(i+1, key)
		leads, msgs = append(leads, l), append(msgs, m)
	}
	out := submitAll(context.Background(), s, leads, msgs)
	for i, o := range out {
		require.NoError(t, o.err, "lead %d", i)
	}
	require.EqualValues(t, 1, s.Stats().Batches)

	// The two "retry" requests get one lead, created by one of them.
	require.Equal(t, out[0].lead.ID, out[1].lead.ID)
	require.True(t, out[0].created != out[1].created, "exactly one of the two created it")
	require.Contains(t, []string{leads[0].ID, leads[1].ID}, out[0].lead.ID)
	// The key stored before answers with the earlier lead.
	require.False(t, out[2].created)
	require.Equal(t, first.ID, out[2].lead.ID)
	require.Equal(t, first.FirstName, out[2].lead.FirstName)
	require.True(t, out[3].created)

	require.Equal(t, 3, count(t, pool, `SELECT count(*) FROM contact.submissions`))
	require.Equal(t, 1, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE idempotency_key = 'retry'`))
	require.Equal(t, 3, count(t, pool, `SELECT count(*) FROM contact.outbox`), "one event per stored lead")
	require.Equal(t, 1, count(t, pool, `SELECT count(*) FROM contact.outbox WHERE msg_id = $1`, out[0].lead.ID))
}

func TestOneBadLeadDoesNotLoseTheOthersOfItsBatch(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 4)
	leads, msgs := newLeads(0, 4, "k")
	leads[1].Description = "nul \x00 byte" // text cannot hold NUL: Postgres refuses the row
	out := submitAll(context.Background(), s, leads, msgs)

	require.Error(t, out[1].err)
	for _, i := range []int{0, 2, 3} {
		require.NoError(t, out[i].err, "lead %d", i)
		require.True(t, out[i].created)
	}
	st := s.Stats()
	require.EqualValues(t, 1, st.Fallbacks)
	require.EqualValues(t, 5, st.Batches, "the batch, then each lead on its own")
	require.Equal(t, 3, count(t, pool, `SELECT count(*) FROM contact.submissions`))
	require.Equal(t, 3, count(t, pool, `SELECT count(*) FROM contact.outbox`))
	require.Zero(t, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE id = $1`, leads[1].ID))
}

func TestCancelledCallerStoresNothingAndCloseWritesWhatIsQueued(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 10)

	// Already cancelled: refused at once.
	gone, cancelGone := context.WithCancel(context.Background())
	cancelGone()
	l0, m0 := newLead(0, "gone")
	_, _, err := s.InsertLead(gone, l0, fixed(m0))
	require.ErrorIs(t, err, context.Canceled)

	// Cancelled while its batch is still gathering: its caller hears
	// context.Canceled and the lead is never written.
	leaving, leave := context.WithCancel(context.Background())
	l1, m1 := newLead(1, "leaving")
	errc := make(chan error, 1)
	go func() { _, _, err := s.InsertLead(leaving, l1, fixed(m1)); errc <- err }()
	require.Eventually(t, func() bool { return s.Stats().Queued == 1 }, 10*time.Second, time.Millisecond)
	leave()
	require.ErrorIs(t, <-errc, context.Canceled)

	// Two more wait in the gathering batch; Close writes them and answers.
	leads, msgs := newLeads(2, 2, "k")
	var out []outcome
	done := make(chan struct{})
	go func() { out = submitAll(context.Background(), s, leads, msgs); close(done) }()
	require.Eventually(t, func() bool { return s.Stats().Queued == 3 }, 10*time.Second, time.Millisecond)
	s.Close()
	<-done
	for i, o := range out {
		require.NoError(t, o.err, "lead %d", i)
		require.True(t, o.created)
	}
	require.Equal(t, 2, count(t, pool, `SELECT count(*) FROM contact.submissions`))
	require.Zero(t, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE idempotency_key IN ('gone', 'leaving')`))

	// After Close nothing is taken.
	l4, m4 := newLead(4, "late")
	_, _, err = s.InsertLead(context.Background(), l4, fixed(m4))
	require.True(t, errors.Is(err, ErrClosed))
}

// recording returns an events function that records the lead it is given
// and queues an event carrying its duplicate link.
func recording(seen *sync.Map) func(context.Context, contact.Lead) ([]contact.OutboxMessage, error) {
	return func(_ context.Context, l contact.Lead) ([]contact.OutboxMessage, error) {
		seen.Store(l.ID, l.DuplicateOf)
		return []contact.OutboxMessage{{Subject: "leads.submitted", MsgID: l.ID, Payload: []byte(`{"duplicate_of":"` + l.DuplicateOf + `"}`)}}, nil
	}
}

func TestRepeatsAreLinkedToTheNewestEarlierLeadStoredOrInTheSameBatch(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 7)
	now := time.Now().UTC().Truncate(time.Microsecond)
	at := func(d time.Duration) time.Time { return now.Add(d) }
	mk := func(name, key, email, phone string, created time.Time) contact.Lead {
		return contact.Lead{ID: uuid.NewString(), FormVariant: contact.VariantHome, FirstName: name, LastName: "Test",
			Email: email, Phone: phone, Issues: []string{}, IdempotencyKey: key, CreatedAt: created, RespondBy: created.Add(contact.RespondWithin)}
	}

	// Stored before the batch: one five minutes ago, one eleven (outside
	// the window), and one whose key a retry in the batch repeats.
	s0 := NewWithOptions(pool, BatchOptions{Linger: -1})
	defer s0.Close()
	var seen sync.Map
	recent := mk("Recent", "recent", "pat@example.com", "480-555-0101", at(-5*time.Minute))
	old := mk("Old", "old", "lee@example.com", "480-555-0102", at(-11*time.Minute))
	retried := mk("Retried", "retried", "kim@example.com", "480-555-0103", at(-time.Minute))
	for _, l := range []contact.Lead{recent, old, retried} {
		_, _, err := s0.InsertLead(context.Background(), l, recording(&seen))
		require.NoError(t, err)
	}

	batch := []contact.Lead{
		// Repeats the stored recent lead by e-mail, in other letters.
		0: mk("A", "a", "PAT@example.com", "602-555-0200", at(0)),
		// Repeats A by phone, written another way: A is newer than
		// the stored lead with that e-mail, and A is the link.
		1: mk("B", "b", "pat.other@example.com", "(602) 555.0200", at(time.Millisecond)),
		// The old lead is outside the window: not a repeat.
		2: mk("C", "c", "lee@example.com", "", at(2*time.Millisecond)),
		// A retry of the stored lead: not inserted, so never a link.
		3: mk("Retry", "retried", "kim@example.com", "480-555-0103", at(3*time.Millisecond)),
		// Repeats the retried lead: linked to the stored one.
		4: mk("D", "d", "kim@example.com", "", at(4*time.Millisecond)),
		// Spam is neither linked nor linked to.
		5: mk("Spam", "spam", "pat@example.com", "", at(5*time.Millisecond)),
		6: mk("E", "e", "nobody@example.com", "602-555-0200", at(6*time.Millisecond)),
	}
	batch[5].IsSpam = true
	out := make([]outcome, len(batch))
	var wg sync.WaitGroup
	for i, l := range batch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ev := recording(&seen)
			if l.IsSpam {
				ev = nil
			}
			got, created, err := s.InsertLead(context.Background(), l, ev)
			out[i] = outcome{got, created, err}
		}()
	}
	wg.Wait()
	for i, o := range out {
		require.NoError(t, o.err, "lead %d", i)
	}
	st := s.Stats()
	require.EqualValues(t, 1, st.Batches, "one transaction, no fallback")
	require.Zero(t, st.Fallbacks)

	want := map[int]string{0: recent.ID, 1: batch[0].ID, 2: "", 4: retried.ID, 5: "", 6: batch[1].ID}
	for i, dup := range want {
		require.Equal(t, dup, out[i].lead.DuplicateOf, "lead %d (%s)", i, batch[i].FirstName)
		var stored string
		require.NoError(t, pool.QueryRow(context.Background(),
			`SELECT coalesce(duplicate_of::text, '') FROM contact.submissions WHERE id = $1`, batch[i].ID).Scan(&stored))
		require.Equal(t, dup, stored, "lead %d stored", i)
		if i == 5 {
			continue
		}
		// The event was encoded with the link settled.
		ev, ok := seen.Load(batch[i].ID)
		require.True(t, ok, "lead %d encoded", i)
		require.Equal(t, dup, ev)
		require.Equal(t, 1, count(t, pool, `SELECT count(*) FROM contact.outbox WHERE msg_id = $1 AND payload = $2`,
			batch[i].ID, []byte(`{"duplicate_of":"`+dup+`"}`)))
	}
	require.False(t, out[3].created)
	require.Equal(t, retried.ID, out[3].lead.ID)
	require.Zero(t, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE id = $1`, batch[3].ID))
	require.Zero(t, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE duplicate_of = $1`, batch[5].ID))
}

func TestALeadWhoseEventsFailIsRefusedAlone(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 3)
	leads, msgs := newLeads(0, 3, "ev")
	for i := range leads { // created in this order, whatever order they queue in
		leads[i].CreatedAt = leads[0].CreatedAt.Add(time.Duration(i) * time.Millisecond)
	}
	evs := []func(context.Context, contact.Lead) ([]contact.OutboxMessage, error){fixed(msgs[0]),
		func(context.Context, contact.Lead) ([]contact.OutboxMessage, error) {
			return nil, errors.New("cannot encode")
		}, fixed(msgs[2])}
	out := make([]outcome, 3)
	var wg sync.WaitGroup
	for n, i := range []int{2, 1, 0} { // queued newest first
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, created, err := s.InsertLead(context.Background(), leads[i], evs[i])
			out[i] = outcome{l, created, err}
		}()
		require.Eventually(t, func() bool { return s.Stats().Queued == int64(n+1) }, 10*time.Second, time.Millisecond)
	}
	wg.Wait()
	require.ErrorContains(t, out[1].err, "cannot encode")
	require.NoError(t, out[0].err)
	require.NoError(t, out[2].err)
	// The three share a phone: lead 2, linked to lead 1 in the batch,
	// failed its foreign key, and the leads were written again one by
	// one, oldest first.
	require.Equal(t, leads[0].ID, out[2].lead.DuplicateOf)
	require.Equal(t, 2, count(t, pool, `SELECT count(*) FROM contact.submissions`))
	require.Zero(t, count(t, pool, `SELECT count(*) FROM contact.submissions WHERE id = $1`, leads[1].ID))
}

// Issue 28: leads of one moment were published (and e-mailed) in the order
// of their idempotency keys, which is random. The outbox, which the relay
// publishes in id order, now holds a batch's leads in their order of
// arrival.
func TestABatchsEventsAreQueuedInTheOrderTheLeadsArrived(t *testing.T) {
	t.Parallel()
	pool, s := gathering(t, 12)
	leads, msgs := newLeads(0, 12, "")
	base := time.Now().UTC().Truncate(time.Microsecond)
	for i := range leads {
		// Keys sorted against arrival: the insert's key order is the reverse.
		leads[i].IdempotencyKey = fmt.Sprintf("key-%02d", 99-i)
		leads[i].CreatedAt = base.Add(time.Duration(i) * time.Microsecond)
	}
	for i, o := range submitAll(context.Background(), s, leads, msgs) {
		require.NoError(t, o.err, "lead %d", i)
	}
	require.EqualValues(t, 1, s.Stats().Batches)
	rows, err := pool.Query(context.Background(), `SELECT msg_id FROM contact.outbox ORDER BY id`)
	require.NoError(t, err)
	var got []string
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		got = append(got, id)
	}
	require.NoError(t, rows.Err())
	want := make([]string, len(leads))
	for i, l := range leads {
		want[i] = l.ID
	}
	require.Equal(t, want, got)
}

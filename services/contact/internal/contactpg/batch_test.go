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

	"github.com/valleytrenchless/site/internal/pgtest"
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
			l, created, err := s.InsertLead(ctx, leads[i], msgs[i])
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
	_, created, err := s0.InsertLead(context.Background(), first, firstMsgs)
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
	_, _, err := s.InsertLead(gone, l0, m0)
	require.ErrorIs(t, err, context.Canceled)

	// Cancelled while its batch is still gathering: its caller hears
	// context.Canceled and the lead is never written.
	leaving, leave := context.WithCancel(context.Background())
	l1, m1 := newLead(1, "leaving")
	errc := make(chan error, 1)
	go func() { _, _, err := s.InsertLead(leaving, l1, m1); errc <- err }()
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
	_, _, err = s.InsertLead(context.Background(), l4, m4)
	require.True(t, errors.Is(err, ErrClosed))
}

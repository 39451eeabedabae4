package contactnats_test

import (
	"context"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

// cutProxy stands between a pool and Postgres: cut ends every connection
// and refuses new ones (the database gone), mend lets them through again.
type cutProxy struct {
	ln    net.Listener
	to    string
	mu    sync.Mutex
	cut   bool
	conns map[net.Conn]bool
}

func newCutProxy(t *testing.T, to string) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &cutProxy{ln: ln, to: to, conns: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close(); p.setCut(true) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

func (p *cutProxy) serve(c net.Conn) {
	p.mu.Lock()
	if p.cut {
		p.mu.Unlock()
		c.Close()
		return
	}
	up, err := net.Dial("tcp", p.to)
	if err != nil {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.conns[c], p.conns[up] = true, true
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done
	c.Close()
	up.Close()
	p.mu.Lock()
	delete(p.conns, c)
	delete(p.conns, up)
	p.mu.Unlock()
}

func (p *cutProxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for c := range p.conns {
			c.Close()
		}
	}
}

// proxiedPool is a migrated pool on a database of its own, reached
// through a cutProxy; it also returns the database's direct URL.
func proxiedPool(t *testing.T) (*pgxpool.Pool, *cutProxy, string) {
	t.Helper()
	ctx := context.Background()
	direct, drop, err := pgtest.CreateDatabase(ctx)
	require.NoError(t, err)
	t.Cleanup(drop)
	u, err := url.Parse(direct)
	require.NoError(t, err)
	proxy := newCutProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	pool, err := pgdb.Open(ctx, quiet, u.String(), 10*time.Second)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	require.NoError(t, contactpg.Migrate(ctx, quiet, pool))
	return pool, proxy, direct
}

// runSpooling runs a contact service's background work on pool: the relay
// to LEADS and the spool's drainer.
func runSpooling(t *testing.T, pool *pgxpool.Pool, js jetstream.JetStream, svc *contact.Service) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	relay := &contactnats.Relay{Pool: pool, JS: js, Log: quiet, Stream: contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}},
		Channel: contactpg.NotifyChannel, PollInterval: 200 * time.Millisecond, MaxBackoff: 200 * time.Millisecond}
	drainer := &contactnats.Drainer{JS: js, Log: quiet, Restore: svc.Restore, Pause: 100 * time.Millisecond}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _ = relay.Run(ctx) }()
	go func() { defer wg.Done(); _ = drainer.Run(ctx) }()
	t.Cleanup(func() { cancel(); wg.Wait() })
}

// outboxOf counts, per lead id, the leads.submitted outbox rows, and the
// rows not yet published.
func outboxOf(t *testing.T, pool *pgxpool.Pool) (rows map[string]int, pending int) {
	t.Helper()
	ctx := context.Background()
	r, err := pool.Query(ctx, `SELECT msg_id FROM contact.outbox WHERE subject = 'leads.submitted'`)
	require.NoError(t, err)
	rows = map[string]int{}
	for r.Next() {
		var id string
		require.NoError(t, r.Scan(&id))
		rows[id]++
	}
	require.NoError(t, r.Err())
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM contact.outbox WHERE published_at IS NULL`).Scan(&pending))
	return rows, pending
}

func storedLeads(t *testing.T, pool *pgxpool.Pool) map[string]int {
	t.Helper()
	r, err := pool.Query(context.Background(), `SELECT id::text FROM contact.submissions`)
	require.NoError(t, err)
	out := map[string]int{}
	for r.Next() {
		var id string
		require.NoError(t, r.Scan(&id))
		out[id]++
	}
	require.NoError(t, r.Err())
	return out
}

// TestNoLeadIsRefusedWhilePostgresIsDown is issue 36's promise: with the
// database gone every submission is still accepted (held in the spool on
// JetStream), and once it is back every accepted lead is stored exactly
// once, with one leads.submitted outbox row, and on LEADS exactly once;
// a repeat with the same idempotency key while it was down stores nothing
// more; and the spool is empty again.
func TestNoLeadIsRefusedWhilePostgresIsDown(t *testing.T) {
	ns := natstest.Start(t)
	js := connect(t, ns.URL)
	pool, proxy, _ := proxiedPool(t)
	spool := &contactnats.Spool{JS: js}
	svc := contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt").WithSpool(spool)
	runSpooling(t, pool, js, svc)

	before := submitLeads(t, svc, 0, 20)
	proxy.setCut(true)
	during := submitLeads(t, svc, 20, 200) // every one accepted (submitLeads requires it)
	ctx := context.Background()
	keyed, err := svc.Submit(ctx, lead(900), contact.Meta{IdempotencyKey: "same-key"})
	require.NoError(t, err)
	again, err := svc.Submit(ctx, lead(900), contact.Meta{IdempotencyKey: "same-key"})
	require.NoError(t, err)
	// Both answers name the same lead: a visitor's retry (or the gateway's)
	// never holds an id that is not stored (make faults' NATS-cluster drill
	// once saw three: a spool publish that timed out had landed, and the
	// retry, spooled too, was answered with an id of its own).
	require.Equal(t, keyed.ID, again.ID, "one key, one lead id")
	require.Positive(t, svc.SpoolStats().Held, "leads went to the spool while the database was gone")

	proxy.setCut(false)
	want := append(append([]string{}, before...), during...)
	require.Eventually(t, func() bool {
		stored := storedLeads(t, pool)
		for _, id := range want {
			if stored[id] != 1 {
				return false
			}
		}
		return stored[keyed.ID] == 1
	}, 60*time.Second, 100*time.Millisecond, "every accepted lead stored once the database is back")
	want = append(want, keyed.ID)
	require.Eventually(t, func() bool { _, pending := outboxOf(t, pool); return pending == 0 }, 60*time.Second, 100*time.Millisecond)

	stored := storedLeads(t, pool)
	require.Len(t, stored, len(want), "the repeat with the same key stored nothing")
	rows, _ := outboxOf(t, pool)
	require.Len(t, rows, len(want))
	for _, id := range want {
		require.Equal(t, 1, rows[id], "lead %s: one leads.submitted outbox row", id)
	}
	onStream, err := scratch.StreamLeads(ns.URL)
	require.NoError(t, err)
	require.Len(t, onStream, len(want))
	for _, id := range want {
		require.Equal(t, 1, onStream[id], "lead %s on LEADS once", id)
	}
	info, err := js.Stream(ctx, contactnats.SpoolStream)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		si, err := info.Info(ctx)
		return err == nil && si.State.Msgs == 0
	}, 10*time.Second, 100*time.Millisecond, "the spool is empty once drained")
}

// TestALeadBothStoredAndSpooledIsStoredOnce: a submission whose store call
// timed out may still be committed by its batch while the same lead (same
// id) goes to the spool; restoring it stores nothing more.
func TestALeadBothStoredAndSpooledIsStoredOnce(t *testing.T) {
	ns := natstest.Start(t)
	js := connect(t, ns.URL)
	pool := pgtest.NewPool(t, contactpg.Migrate)
	spool := &contactnats.Spool{JS: js}
	svc := contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt").WithSpool(spool)
	ctx := context.Background()
	l, err := svc.Submit(ctx, lead(1), contact.Meta{IdempotencyKey: "k1"})
	require.NoError(t, err)
	require.NoError(t, spool.Hold(ctx, l))
	require.NoError(t, spool.Hold(ctx, l), "holding it twice keeps one message")
	runSpooling(t, pool, js, svc)
	require.Eventually(t, func() bool { return svc.SpoolStats().Restored == 1 }, 30*time.Second, 50*time.Millisecond)
	require.Zero(t, svc.SpoolStats().Created, "the restore found the lead stored")
	require.Equal(t, map[string]int{l.ID: 1}, storedLeads(t, pool))
	rows, _ := outboxOf(t, pool)
	require.Equal(t, map[string]int{l.ID: 1}, rows)
}

// TestReimportStoresTheLeadsTheDatabaseLost: the leads on LEADS come back
// into a database that lost them (a restore from backup), with their
// outbox rows stored as published (they are on the stream already), and
// a second run stores nothing.
func TestReimportStoresTheLeadsTheDatabaseLost(t *testing.T) {
	ns := natstest.Start(t)
	js := connect(t, ns.URL)
	ctx := context.Background()
	first := pgtest.NewPool(t, contactpg.Migrate)
	svc := contact.NewService(contactpg.New(first), contactnats.Encoder{}, "salt")
	runSpooling(t, first, js, svc)
	ids := submitLeads(t, svc, 0, 40)
	require.Eventually(t, func() bool { _, pending := outboxOf(t, first); return pending == 0 }, 30*time.Second, 50*time.Millisecond)

	restored := pgtest.NewPool(t, contactpg.Migrate)
	svc2 := contact.NewService(contactpg.New(restored), contactnats.Encoder{}, "salt")
	// The restored database holds the first ten already.
	firstStore := contactpg.New(first)
	t.Cleanup(firstStore.Close)
	for _, id := range ids[:10] {
		l, err := firstStore.GetLead(ctx, id)
		require.NoError(t, err)
		created, err := svc2.Reimport(ctx, l)
		require.NoError(t, err)
		require.True(t, created)
	}
	st, err := contactnats.Reimport(ctx, js, "LEADS", time.Now().Add(-time.Hour), svc2.Reimport)
	require.NoError(t, err)
	require.Equal(t, 40, st.Read)
	require.Equal(t, 30, st.Imported)
	require.Equal(t, 10, st.Stored)
	stored := storedLeads(t, restored)
	require.Len(t, stored, 40)
	for _, id := range ids {
		require.Equal(t, 1, stored[id])
	}
	rows, pending := outboxOf(t, restored)
	require.Len(t, rows, 40, "every lead has its leads.submitted row")
	require.Zero(t, pending, "re-imported leads are not published again")
	l, err := contactpg.New(restored).GetLead(ctx, ids[20])
	require.NoError(t, err)
	orig, err := firstStore.GetLead(ctx, ids[20])
	require.NoError(t, err)
	require.Equal(t, orig.Email, l.Email)
	require.True(t, orig.CreatedAt.Equal(l.CreatedAt))

	st, err = contactnats.Reimport(ctx, js, "LEADS", time.Now().Add(-time.Hour), svc2.Reimport)
	require.NoError(t, err)
	require.Equal(t, contactnats.ReimportStats{Read: 40, Stored: 40, From: st.From, Through: st.Through}, st)
	st, err = contactnats.Reimport(ctx, js, "LEADS", time.Now().Add(time.Minute), svc2.Reimport)
	require.NoError(t, err)
	require.Zero(t, st.Read, "nothing was published after --since")

	// --since in the middle: only the leads published from then on.
	since := time.Now()
	later := submitLeads(t, svc, 100, 7)
	require.Eventually(t, func() bool { _, pending := outboxOf(t, first); return pending == 0 }, 30*time.Second, 50*time.Millisecond)
	third := pgtest.NewPool(t, contactpg.Migrate)
	svc3 := contact.NewService(contactpg.New(third), contactnats.Encoder{}, "salt")
	st, err = contactnats.Reimport(ctx, js, "LEADS", since, svc3.Reimport)
	require.NoError(t, err)
	require.Equal(t, 7, st.Imported)
	stored = storedLeads(t, third)
	require.Len(t, stored, 7)
	for _, id := range later {
		require.Equal(t, 1, stored[id])
	}
}

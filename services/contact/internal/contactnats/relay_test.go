package contactnats_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func connect(t *testing.T, url string) jetstream.JetStream {
	t.Helper()
	nc, err := nats.Connect(url, nats.MaxReconnects(-1), nats.RetryOnFailedConnect(true), nats.ReconnectWait(50*time.Millisecond))
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	return js
}

func lead(i int) contact.Submission {
	return contact.Submission{Lead: contact.Lead{
		FormVariant: "home", FirstName: "Lead", LastName: fmt.Sprint(i), Email: fmt.Sprintf("lead%d@example.com", i),
		Phone: fmt.Sprintf("602555%04d", i), Issues: []string{"slow-drainage"}, City: "mesa",
	}}
}

// TestNoLeadIsLostWhileNATSIsDown is the promise of the product: with NATS
// down every submission still succeeds and is stored, and when NATS returns
// every lead reaches the stream exactly once, even with two relays running.
func TestNoLeadIsLostWhileNATSIsDown(t *testing.T) {
	ns := natstest.Start(t)
	pool := pgtest.NewPool(t, contactpg.Migrate)
	svc := contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt")
	stream := contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}}

	ctx, cancel := context.WithCancel(context.Background())
	relays := make([]*contactnats.Relay, 2)
	var wg sync.WaitGroup
	for i := range relays {
		relays[i] = &contactnats.Relay{Pool: pool, JS: connect(t, ns.URL), Log: quiet, Stream: stream,
			Channel: contactpg.NotifyChannel, BatchSize: 25, PollInterval: 200 * time.Millisecond, MaxBackoff: 200 * time.Millisecond}
		wg.Add(1)
		go func() { defer wg.Done(); _ = relays[i].Run(ctx) }()
	}
	t.Cleanup(func() { cancel(); wg.Wait() })

	ns.Stop()
	const n = 500
	want := map[string]bool{}
	for _, id := range submitLeads(t, svc, 0, n) {
		want[id] = true
	}
	require.Len(t, want, n)
	var stored, pending int
	require.NoError(t, pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM contact.submissions), (SELECT count(*) FROM contact.outbox WHERE published_at IS NULL)").Scan(&stored, &pending))
	require.Equal(t, n, stored)
	require.Equal(t, n, pending)

	ns.Restart()
	require.Eventually(t, func() bool {
		require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM contact.outbox WHERE published_at IS NULL").Scan(&pending))
		return pending == 0
	}, 60*time.Second, 100*time.Millisecond, "outbox drained after NATS returned")

	// Every lead is on the stream exactly once, and no relay published a
	// row the other had published. A relay counts a batch just after its
	// commit, which the outbox query above may see first.
	require.Eventually(t, func() bool { return relays[0].Published()+relays[1].Published() >= n }, 5*time.Second, 10*time.Millisecond)
	require.EqualValues(t, n, relays[0].Published()+relays[1].Published(), "two relays published nothing twice")
	js := connect(t, ns.URL)
	s, err := js.Stream(ctx, "LEADS")
	require.NoError(t, err)
	info, err := s.Info(ctx)
	require.NoError(t, err)
	require.EqualValues(t, n, info.State.Msgs)
	cons, err := s.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{contactnats.SubjectSubmitted}})
	require.NoError(t, err)
	got := map[string]int{}
	for len(got) < n {
		batch, err := cons.Fetch(100, jetstream.FetchMaxWait(2*time.Second))
		require.NoError(t, err)
		count := 0
		for m := range batch.Messages() {
			got[m.Headers().Get(jetstream.MsgIDHeader)]++
			count++
		}
		require.NotZero(t, count, "stream ended before every lead was read")
	}
	for id := range want {
		require.Equal(t, 1, got[id], "lead %s", id)
	}
}

// TestPruneOutboxKeepsPendingAndRecentRows: published rows go after the
// retention period; unpublished rows stay whatever their age.
func TestPruneOutboxKeepsPendingAndRecentRows(t *testing.T) {
	pool := pgtest.NewPool(t, contactpg.Migrate)
	ctx := context.Background()
	insert := func(msgID string, created, published string) {
		t.Helper()
		_, err := pool.Exec(ctx, `INSERT INTO contact.outbox (subject, msg_id, payload, created_at, published_at)
			VALUES ('leads.submitted', $1, '\x00', now() - $2::interval, now() - $3::interval)`, msgID, created, published)
		require.NoError(t, err)
	}
	insert("old-published", "30 days", "30 days")
	insert("recent-published", "2 days", "2 days")
	_, err := pool.Exec(ctx, `INSERT INTO contact.outbox (subject, msg_id, payload, created_at)
		VALUES ('leads.submitted', 'old-pending', '\x00', now() - interval '30 days')`)
	require.NoError(t, err)

	relay := &contactnats.Relay{Pool: pool, Log: quiet, Retention: 7 * 24 * time.Hour}
	n, err := relay.PruneOutbox(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)

	rows, err := pool.Query(ctx, `SELECT msg_id FROM contact.outbox ORDER BY msg_id`)
	require.NoError(t, err)
	left, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.Equal(t, []string{"old-pending", "recent-published"}, left)
}

// submitLeads submits leads first … first+n-1 from 16 callers at once and
// returns their ids.
func submitLeads(t *testing.T, svc *contact.Service, first, n int) []string {
	t.Helper()
	ids := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 16 {
				l, err := svc.Submit(context.Background(), lead(first+i), contact.Meta{})
				ids[i], errs[i] = l.ID, err
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err, "a submission failed")
	}
	return ids
}

// TestRelaysRacingPublishEachLeadOnce: three relays (three contact
// replicas) started at the same moment on one outbox publish every lead
// exactly once and drain the outbox, with more leads arriving (and waking
// all three at once) while they run. Publishes are counted by a plain
// subscriber on the subjects, which sees every publish the server takes:
// the stream's duplicate window would drop a second publish with the same
// Nats-Msg-Id and so hide it.
func TestRelaysRacingPublishEachLeadOnce(t *testing.T) {
	ns := natstest.Start(t)
	pool := pgtest.NewPool(t, contactpg.Migrate)
	store := contactpg.New(pool)
	t.Cleanup(store.Close)
	svc := contact.NewService(store, contactnats.Encoder{}, "salt")
	stream := contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}}
	ctx := context.Background()

	watcher, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	t.Cleanup(watcher.Close)
	var mu sync.Mutex
	published := map[string]int{}
	sub, err := watcher.Subscribe("leads.>", func(m *nats.Msg) {
		mu.Lock()
		defer mu.Unlock()
		published[m.Header.Get(jetstream.MsgIDHeader)]++
	})
	require.NoError(t, err)
	require.NoError(t, sub.SetPendingLimits(-1, -1))
	require.NoError(t, watcher.Flush())

	const before, during = 2000, 500
	want := submitLeads(t, svc, 0, before)

	rctx, cancel := context.WithCancel(ctx)
	relays := make([]*contactnats.Relay, 3)
	startGun := make(chan struct{})
	var wg sync.WaitGroup
	for i := range relays {
		// Each relay has its own pool, as each replica does: on one pool
		// the relays would wait for each other's connections and never
		// race at all.
		own, err := pgxpool.New(ctx, pool.Config().ConnString())
		require.NoError(t, err)
		t.Cleanup(own.Close)
		relays[i] = &contactnats.Relay{Pool: own, JS: connect(t, ns.URL), Log: quiet, Stream: stream,
			Channel: contactpg.NotifyChannel, PollInterval: 200 * time.Millisecond}
		wg.Add(1)
		go func() { defer wg.Done(); <-startGun; _ = relays[i].Run(rctx) }()
	}
	t.Cleanup(func() { cancel(); wg.Wait() })
	began := time.Now()
	close(startGun)
	want = append(want, submitLeads(t, svc, before, during)...)

	pending := -1
	require.Eventually(t, func() bool {
		require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM contact.outbox WHERE published_at IS NULL").Scan(&pending))
		return pending == 0
	}, 60*time.Second, 20*time.Millisecond, "outbox drained")
	drained := time.Since(began)
	// Anything a relay sent is at the subscriber after a round trip on its
	// own connection, and by then past the relays' last commit.
	require.NoError(t, watcher.Flush())
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(published) >= len(want)
	}, 10*time.Second, 10*time.Millisecond, "every lead seen by the subscriber")
	time.Sleep(300 * time.Millisecond)

	mu.Lock()
	defer mu.Unlock()
	require.Len(t, published, len(want), "no message that is not one of the leads")
	for _, id := range want {
		require.Equal(t, 1, published[id], "lead %s published once", id)
	}
	var sum int64
	shares := make([]int64, len(relays))
	for i, r := range relays {
		shares[i] = r.Published()
		sum += shares[i]
	}
	require.EqualValues(t, len(want), sum, "the relays acknowledged each lead once between them")
	s, err := connect(t, ns.URL).Stream(ctx, "LEADS")
	require.NoError(t, err)
	info, err := s.Info(ctx)
	require.NoError(t, err)
	require.EqualValues(t, len(want), info.State.Msgs, "the stream holds each lead once")
	t.Logf("%d leads, 3 relays: outbox drained %s after they started (%.0f leads/s), published per relay %v",
		len(want), drained.Round(time.Millisecond), float64(len(want))/drained.Seconds(), shares)
}

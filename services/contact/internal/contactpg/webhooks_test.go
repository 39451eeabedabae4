package contactpg

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

func newEndpoint(events ...string) webhook.Endpoint {
	now := time.Now().UTC()
	return webhook.Endpoint{ID: uuid.NewString(), URL: "https://crm.example.com/in", Events: events, Secret: webhook.NewSecret(),
		Enabled: true, CreatedAt: now, UpdatedAt: now, CreatedBy: "office@valleytrenchless.example"}
}

// An event makes one delivery per enabled endpoint that wants it, however
// often the stream hands it over; a claimed delivery is hidden from other
// workers for the lease; each attempt is logged in order.
func TestDeliveriesAreMadeOnceClaimedOnceAndLogged(t *testing.T) {
	ctx := context.Background()
	w := NewWebhooks(pgtest.NewPool(t, Migrate))
	both, submittedOnly, off := newEndpoint(webhook.Events...), newEndpoint(webhook.EventSubmitted), newEndpoint(webhook.EventSubmitted)
	off.Enabled = false
	for _, e := range []webhook.Endpoint{both, submittedOnly, off} {
		require.NoError(t, w.CreateEndpoint(ctx, e))
	}
	ev := webhook.Event{ID: "lead-1/7", Type: webhook.EventUpdated, LeadID: "lead-1", Time: time.Now().UTC(), Data: json.RawMessage(`{"leadId":"lead-1"}`)}
	id := func(e string) string { return "msg_" + e[:8] + "_7" }
	for range 2 {
		n, err := w.Enqueue(ctx, ev, id, json.RawMessage(`{"type":"leads.updated"}`))
		require.NoError(t, err)
		if n != 0 {
			require.Equal(t, 1, n, "only the endpoint that wants leads.updated")
		}
	}

	claimed, err := w.Claim(ctx, 10, time.Minute)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	c := claimed[0]
	require.Equal(t, both.ID, c.Endpoint.ID)
	require.Equal(t, id(both.ID), c.Delivery.ID)
	require.Equal(t, "lead-1", c.Delivery.LeadID)
	again, err := w.Claim(ctx, 10, time.Minute)
	require.NoError(t, err)
	require.Empty(t, again, "a claimed delivery is hidden for its lease")

	now := time.Now().UTC()
	failedAt := now.Add(-time.Second)
	d, err := w.Record(ctx, c.Delivery, begun(t, w, c.Delivery, webhook.Attempt{At: failedAt, StatusCode: 503, Latency: 12 * time.Millisecond, Response: "busy"}),
		webhook.Outcome{Status: webhook.StatusPending, RoundAttempts: 1, NextAttemptAt: now.Add(-time.Millisecond), FailingSince: failedAt})
	require.NoError(t, err)
	require.Equal(t, 1, d.Attempts)
	ep, err := w.GetEndpoint(ctx, both.ID)
	require.NoError(t, err)
	require.WithinDuration(t, failedAt, ep.FailingSince, time.Millisecond, "the failure streak began")

	claimed, err = w.Claim(ctx, 10, time.Minute)
	require.NoError(t, err)
	require.Len(t, claimed, 1, "due again")
	_, err = w.Record(ctx, claimed[0].Delivery, begun(t, w, claimed[0].Delivery, webhook.Attempt{At: now, StatusCode: 204, Latency: 3 * time.Millisecond}),
		webhook.Outcome{Status: webhook.StatusDelivered, RoundAttempts: 2, EndpointOK: true})
	require.NoError(t, err)
	ep, _ = w.GetEndpoint(ctx, both.ID)
	require.True(t, ep.FailingSince.IsZero(), "a success ends the streak")

	got, attempts, err := w.GetDelivery(ctx, both.ID, c.Delivery.ID)
	require.NoError(t, err)
	require.Equal(t, webhook.StatusDelivered, got.Status)
	require.Len(t, attempts, 2)
	require.Equal(t, []int{1, 2}, []int{attempts[0].Number, attempts[1].Number})
	require.Equal(t, "busy", attempts[0].Response)
	require.Equal(t, 204, got.LastAttempt.StatusCode)
	_, _, err = w.GetDelivery(ctx, submittedOnly.ID, c.Delivery.ID)
	require.ErrorIs(t, err, webhook.ErrNotFound, "a delivery is read through its own endpoint only")

	n, err := w.Requeue(ctx, both.ID, now.Add(-time.Hour), false)
	require.NoError(t, err)
	require.Zero(t, n, "delivered ones stay unless asked")
	n, err = w.Requeue(ctx, both.ID, now.Add(-time.Hour), true)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	claimed, err = w.Claim(ctx, 10, time.Minute)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	require.Zero(t, claimed[0].Delivery.RoundAttempts, "its schedule starts over")

	// A 410 disables, and the office's notice is queued with it, once.
	notice := &contact.OutboxMessage{Subject: "leads.webhook_disabled", MsgID: "webhook-disabled/1", Payload: []byte(`{}`)}
	gone := webhook.Outcome{Status: webhook.StatusFailed, Disable: webhook.DisabledGone, FailingSince: now, Notice: notice}
	_, err = w.Record(ctx, claimed[0].Delivery, begun(t, w, claimed[0].Delivery, webhook.Attempt{At: now, StatusCode: 410}), gone)
	require.NoError(t, err)
	ep, _ = w.GetEndpoint(ctx, both.ID)
	require.False(t, ep.Enabled)
	require.Equal(t, webhook.DisabledGone, ep.DisabledReason)
	_, err = w.Record(ctx, claimed[0].Delivery, begun(t, w, claimed[0].Delivery, webhook.Attempt{At: now, StatusCode: 410}), gone)
	require.NoError(t, err, "a second 410 (an attempt already under way) finds it off")
	var notices int
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT count(*) FROM contact.outbox WHERE subject = 'leads.webhook_disabled'`).Scan(&notices))
	require.Equal(t, 1, notices, "the office hears of it once")

	require.NoError(t, w.DeleteEndpoint(ctx, both.ID))
	_, _, err = w.GetDelivery(ctx, both.ID, c.Delivery.ID)
	require.ErrorIs(t, err, webhook.ErrNotFound, "deleted with its endpoint")
	require.ErrorIs(t, w.DeleteEndpoint(ctx, both.ID), webhook.ErrNotFound)
}

// begun is a, begun for d (Store.Begin), with its number.
func begun(t *testing.T, w *Webhooks, d webhook.Delivery, a webhook.Attempt) webhook.Attempt {
	t.Helper()
	n, err := w.Begin(context.Background(), d, a.At)
	require.NoError(t, err)
	a.Number = n
	return a
}

// An attempt is in the log from the moment it begins, in progress; when
// its worker dies before it records the answer, the delivery's next claim
// (its lease over) finishes it as interrupted, and the next attempt is
// numbered after it. An answer recorded late still overrules
// "interrupted".
func TestAnAttemptWhoseWorkerDiedStaysInTheLogAsInterrupted(t *testing.T) {
	ctx := context.Background()
	w := NewWebhooks(pgtest.NewPool(t, Migrate))
	e := newEndpoint(webhook.EventSubmitted)
	require.NoError(t, w.CreateEndpoint(ctx, e))
	ev := webhook.Event{ID: "lead-2/1", Type: webhook.EventSubmitted, LeadID: "lead-2", Time: time.Now().UTC(), Data: json.RawMessage(`{}`)}
	_, err := w.Enqueue(ctx, ev, func(string) string { return "msg_interrupted" }, json.RawMessage(`{"type":"leads.submitted"}`))
	require.NoError(t, err)

	const lease = 50 * time.Millisecond
	claimed, err := w.Claim(ctx, 10, lease)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	first := begun(t, w, claimed[0].Delivery, webhook.Attempt{At: time.Now().UTC()})
	require.Equal(t, 1, first.Number)
	list, _, err := w.ListDeliveries(ctx, e.ID, "", 10)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.NotNil(t, list[0].LastAttempt)
	require.True(t, list[0].LastAttempt.InProgress, "in the log while it is sent")
	require.Equal(t, 1, list[0].Attempts)

	// The worker dies here: nothing is recorded, the lease runs out.
	time.Sleep(2 * lease)
	claimed, err = w.Claim(ctx, 10, time.Minute)
	require.NoError(t, err)
	require.Len(t, claimed, 1, "due again once the lease is over")
	_, attempts, err := w.GetDelivery(ctx, e.ID, "msg_interrupted")
	require.NoError(t, err)
	require.Len(t, attempts, 1)
	require.False(t, attempts[0].InProgress)
	require.Equal(t, webhook.MsgInterrupted, attempts[0].Error)
	require.Zero(t, attempts[0].StatusCode)

	second := begun(t, w, claimed[0].Delivery, webhook.Attempt{At: time.Now().UTC(), StatusCode: 204})
	require.Equal(t, 2, second.Number, "numbered after the interrupted one")
	d, err := w.Record(ctx, claimed[0].Delivery, second, webhook.Outcome{Status: webhook.StatusDelivered, RoundAttempts: 1, EndpointOK: true})
	require.NoError(t, err)
	require.Equal(t, 2, d.Attempts)
	require.Equal(t, webhook.StatusDelivered, d.Status)

	// The first worker was only slow: its answer, recorded after the
	// claim called it interrupted, is what the log keeps.
	_, err = w.Record(ctx, claimed[0].Delivery, webhook.Attempt{Number: 1, At: first.At, StatusCode: 200, Latency: 70 * time.Second},
		webhook.Outcome{Status: webhook.StatusDelivered, RoundAttempts: 1, EndpointOK: true})
	require.NoError(t, err)
	_, attempts, err = w.GetDelivery(ctx, e.ID, "msg_interrupted")
	require.NoError(t, err)
	require.Equal(t, []int{200, 204}, []int{attempts[0].StatusCode, attempts[1].StatusCode})
	require.Empty(t, attempts[0].Error)

	_, err = w.Record(ctx, claimed[0].Delivery, webhook.Attempt{Number: 3, At: time.Now()}, webhook.Outcome{Status: webhook.StatusDelivered})
	require.ErrorContains(t, err, "not begun", "no answer without its attempt")
}

// The log pages newest first by cursor; a token it did not give out is
// refused with a message.
func TestTheDeliveryLogPagesByCursor(t *testing.T) {
	ctx := context.Background()
	w := NewWebhooks(pgtest.NewPool(t, Migrate))
	e := newEndpoint(webhook.EventSubmitted)
	require.NoError(t, w.CreateEndpoint(ctx, e))
	for i := range 7 {
		ev := webhook.Event{ID: fmt.Sprintf("lead-%d", i), Type: webhook.EventSubmitted, Time: time.Now().UTC()}
		_, err := w.Enqueue(ctx, ev, func(string) string { return fmt.Sprintf("msg_%02d", i) }, json.RawMessage(`{}`))
		require.NoError(t, err)
	}
	var seen []string
	token := ""
	for {
		page, next, err := w.ListDeliveries(ctx, e.ID, token, 3)
		require.NoError(t, err)
		for _, d := range page {
			seen = append(seen, d.ID)
		}
		if next == "" {
			break
		}
		token = next
	}
	require.Equal(t, []string{"msg_06", "msg_05", "msg_04", "msg_03", "msg_02", "msg_01", "msg_00"}, seen)
	_, _, err := w.ListDeliveries(ctx, e.ID, "bm90IGEgY3Vyc29y", 3)
	var inv *webhook.InvalidError
	require.ErrorAs(t, err, &inv)
}

func TestNoMoreThanFiftyEndpoints(t *testing.T) {
	ctx := context.Background()
	w := NewWebhooks(pgtest.NewPool(t, Migrate))
	for range webhook.MaxEndpoints {
		require.NoError(t, w.CreateEndpoint(ctx, newEndpoint(webhook.EventSubmitted)))
	}
	require.ErrorIs(t, w.CreateEndpoint(ctx, newEndpoint(webhook.EventSubmitted)), webhook.ErrTooMany)
	eps, err := w.ListEndpoints(ctx)
	require.NoError(t, err)
	require.Len(t, eps, webhook.MaxEndpoints)
}

// The log keeps finished deliveries for its retention and pending ones
// until they finish.
func TestPruneDropsOnlyOldFinishedDeliveries(t *testing.T) {
	ctx := context.Background()
	w := NewWebhooks(pgtest.NewPool(t, Migrate))
	e := newEndpoint(webhook.EventSubmitted)
	require.NoError(t, w.CreateEndpoint(ctx, e))
	for i, st := range []string{"delivered", "failed", "pending", "delivered"} {
		_, err := w.pool.Exec(ctx, `INSERT INTO contact.webhook_deliveries (id, endpoint_id, event_id, event, body, event_time, status, created_at)
			VALUES ($1, $2, $1, 'leads.submitted', '{}', now(), $3, now() - $4 * interval '1 day')`,
			fmt.Sprintf("msg_%d", i), e.ID, st, []int{40, 40, 40, 1}[i])
		require.NoError(t, err)
		_, err = w.pool.Exec(ctx, `INSERT INTO contact.webhook_attempts (delivery_id, number, at) VALUES ($1, 1, now())`, fmt.Sprintf("msg_%d", i))
		require.NoError(t, err)
	}
	n, err := w.Prune(ctx, time.Now().Add(-30*24*time.Hour), 1000)
	require.NoError(t, err)
	require.Equal(t, 2, n, "the delivered and the failed one of 40 days ago")
	page, _, err := w.ListDeliveries(ctx, e.ID, "", 10)
	require.NoError(t, err)
	require.Len(t, page, 2)
	require.Equal(t, []string{"msg_3", "msg_2"}, []string{page[0].ID, page[1].ID}, "the recent one and the old pending one")
	var attempts int
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT count(*) FROM contact.webhook_attempts`).Scan(&attempts))
	require.Equal(t, 2, attempts, "the attempts went with their deliveries")
}

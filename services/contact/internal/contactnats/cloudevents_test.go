package contactnats_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Every message on LEADS is a CloudEvent in binary mode: its attributes in
// ce-* headers, the body the protobuf-JSON consumers already read. A row an
// older version stored without them is published with them too.
func TestEveryLeadEventCarriesCloudEventsHeaders(t *testing.T) {
	ctx := context.Background()
	svc, pool, js, relay := startRelay(t)

	stored, err := svc.Submit(ctx, lead(1), contact.Meta{})
	require.NoError(t, err)
	status := contact.StatusContacted
	_, err = svc.Update(ctx, stored.ID, contact.Change{Status: &status}, "office@valleytrenchless.example")
	require.NoError(t, err)
	old := time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC)
	_, err = pool.Exec(ctx, `INSERT INTO contact.outbox (subject, msg_id, payload, headers, created_at)
		VALUES ('leads.submitted', 'older-row', '{}', '{"traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}', $1)`, old)
	require.NoError(t, err)

	require.Eventually(t, func() bool { return relay.Published() == 3 }, 10*time.Second, 10*time.Millisecond)
	cons, err := js.OrderedConsumer(ctx, "LEADS", jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	var msgs []jetstream.Msg
	for range 3 {
		m, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
		require.NoError(t, err)
		msgs = append(msgs, m)
	}

	type want struct{ id, typ, subject string }
	for i, w := range []want{
		{stored.ID, "com.valleytrenchless.leads.submitted", stored.ID},
		{"", "com.valleytrenchless.leads.updated", stored.ID},
		{"older-row", "com.valleytrenchless.leads.submitted", ""},
	} {
		h := msgs[i].Headers()
		require.Equal(t, "1.0", h.Get("ce-specversion"), "message %d: %v", i, h)
		require.Equal(t, "/trenchless/contact", h.Get("ce-source"))
		require.Equal(t, w.typ, h.Get("ce-type"))
		require.Equal(t, w.subject, h.Get("ce-subject"))
		require.Equal(t, "application/json", h.Get("content-type"))
		require.Equal(t, h.Get(jetstream.MsgIDHeader), h.Get("ce-id"), "the event's id is the message's id")
		if w.id != "" {
			require.Equal(t, w.id, h.Get("ce-id"))
		}
		at, err := time.Parse(time.RFC3339Nano, h.Get("ce-time"))
		require.NoError(t, err, "ce-time is an RFC 3339 time")
		if i == 2 {
			require.True(t, at.Equal(old), "an older row's event time is when it was stored: %s", at)
			require.NotEmpty(t, h.Get("traceparent"), "its own headers are kept")
		} else {
			require.WithinDuration(t, time.Now(), at, time.Minute)
		}
	}
	require.Regexp(t, "^"+stored.ID+"/[0-9]+$", msgs[1].Headers().Get("ce-id"))
}

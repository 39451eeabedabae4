package contactnats_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/internal/testkit/spantest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

// startRelay is the contact service and one relay on a fresh database and
// NATS server (stream LEADS), the relay running until the test ends.
func startRelay(t *testing.T) (*contact.Service, *pgxpool.Pool, jetstream.JetStream, *contactnats.Relay) {
	t.Helper()
	ns := natstest.Start(t)
	pool := pgtest.NewPool(t, contactpg.Migrate)
	svc := contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "salt")
	stream := contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}}
	js := connect(t, ns.URL)
	ctx, cancel := context.WithCancel(context.Background())
	relay := &contactnats.Relay{Pool: pool, JS: js, Log: quiet, Stream: stream, Channel: contactpg.NotifyChannel, PollInterval: 50 * time.Millisecond}
	done := make(chan struct{})
	go func() { defer close(done); _ = relay.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return svc, pool, js, relay
}

// The lead's trace crosses the outbox: the insert's span is a child of the
// request's, the relay's send span a child of the insert's (its context
// was stored with the outbox row), and the message published carries the
// send span's context for its consumers.
func TestTheOutboxCarriesTheLeadsTraceToTheStream(t *testing.T) {
	rec := spantest.Record(t)

	ctx := context.Background()
	svc, _, js, relay := startRelay(t)

	rctx, rpc := otel.Tracer("test").Start(context.Background(), "SubmitInspectionRequest")
	stored, err := svc.Submit(rctx, lead(1), contact.Meta{})
	rpc.End()
	require.NoError(t, err)

	require.Eventually(t, func() bool { return relay.Published() == 1 }, 10*time.Second, 10*time.Millisecond)
	cons, err := js.OrderedConsumer(ctx, "LEADS", jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	msg, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
	require.NoError(t, err)

	byName := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range rec.Ended() {
		byName[s.Name()] = s
	}
	insert, send := byName["INSERT contact.submissions"], byName["send leads.submitted"]
	require.NotNil(t, insert)
	require.NotNil(t, send)
	require.Equal(t, rpc.SpanContext().SpanID(), insert.Parent().SpanID())
	require.Equal(t, insert.SpanContext().SpanID(), send.Parent().SpanID())
	require.Equal(t, rpc.SpanContext().TraceID(), send.SpanContext().TraceID())
	require.Equal(t, "00-"+send.SpanContext().TraceID().String()+"-"+send.SpanContext().SpanID().String()+"-01",
		msg.Headers().Get("traceparent"), "the message names the send span as its consumers' parent")
	attrs := spantest.Attrs(insert)
	require.Equal(t, stored.ID, attrs["trenchless.lead.id"])
	require.Equal(t, "1", attrs["db.operation.batch.size"])
}

package msgtrace_test

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"

	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/testkit/spantest"
)

// The stored context (an outbox row's headers) → the send span → the
// message's headers → the process span: one trace, each the parent of the
// next, and the spans name the message, not what it says.
func TestAMessageCarriesItsTraceFromTheStoredRowToItsConsumer(t *testing.T) {
	rec := spantest.Record(t)
	ctx, write := otel.Tracer("test").Start(context.Background(), "write")
	stored := msgtrace.ContextHeaders(ctx)
	write.End()
	require.Contains(t, stored, "traceparent")

	sctx, send := msgtrace.StartSend(msgtrace.FromHeaders(context.Background(), stored), msgtrace.Message{Subject: "leads.submitted", ID: "lead-1"})
	h := nats.Header{}
	msgtrace.Inject(sctx, h)
	send.End()
	_, process := msgtrace.StartProcess(context.Background(), h, msgtrace.Message{Subject: "leads.submitted", ID: "lead-1", Consumer: "lead-notifier"})
	process.End()

	spans := rec.Ended()
	require.Len(t, spans, 3)
	w, s, p := spans[0], spans[1], spans[2]
	require.Equal(t, "send leads.submitted", s.Name())
	require.Equal(t, trace.SpanKindProducer, s.SpanKind())
	require.Equal(t, w.SpanContext().SpanID(), s.Parent().SpanID())
	require.Equal(t, "process leads.submitted", p.Name())
	require.Equal(t, trace.SpanKindConsumer, p.SpanKind())
	require.Equal(t, s.SpanContext().SpanID(), p.Parent().SpanID())
	require.Equal(t, w.SpanContext().TraceID(), p.SpanContext().TraceID())
	require.Equal(t, map[string]string{"messaging.system": "nats", "messaging.destination.name": "leads.submitted",
		"messaging.operation.name": "process", "messaging.operation.type": "process", "messaging.message.id": "lead-1",
		"messaging.consumer.group.name": "lead-notifier"}, spantest.Attrs(p))
}

// A header written by a client that canonicalises names (Traceparent) is
// still read; a message without one starts a new trace.
func TestTheCarrierReadsCanonicalNamesAndAMessageWithoutContextStartsATrace(t *testing.T) {
	rec := spantest.Record(t)
	const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
	_, span := msgtrace.StartProcess(context.Background(), nats.Header{"Traceparent": {tp}}, msgtrace.Message{Subject: "content.changed"})
	span.End()
	_, bare := msgtrace.StartProcess(context.Background(), nats.Header{}, msgtrace.Message{Subject: "content.changed"})
	bare.End()
	spans := rec.Ended()
	require.Equal(t, "4bf92f3577b34da6a3ce929d0e0e4736", spans[0].SpanContext().TraceID().String())
	require.Equal(t, "00f067aa0ba902b7", spans[0].Parent().SpanID().String())
	require.True(t, spans[0].Parent().IsRemote())
	require.False(t, spans[1].Parent().IsValid())
}

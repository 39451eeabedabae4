// Package msgtrace carries a trace across NATS, after OpenTelemetry's
// messaging conventions: the producer's "send <subject>" span and the
// consumer's "process <subject>" span, with the W3C trace context in the
// message's headers (ADR 0012).
//
// A message is processed one at a time by every consumer here, so the
// process span is a child of the send span (the conventions' choice for
// single-message processing): a lead's journey — the edge, the service,
// its stored outbox row, the relay's send, the notifier's process and its
// mail — is one trace. Work done once for several messages (a batch
// commit, a refill after a burst of changes) starts its own span and links
// every message it stands for.
//
// Span attributes name subjects, ids and counts only, never what a message
// says: a lead's name, phone or e-mail stays out of the trace backend.
package msgtrace

import (
	"context"
	"net/textproto"

	"github.com/nats-io/nats.go"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/valleytrenchless/site/internal/telemetry"
)

// System is the messaging.system attribute's value.
const System = "nats"

// Carrier lets the propagator read and write a NATS message's headers.
// NATS keeps a header's name as written; Get also finds it in the
// canonical MIME form a client of another language may have used.
type Carrier nats.Header

var _ propagation.TextMapCarrier = Carrier(nil)

// Get returns the first value of key.
func (c Carrier) Get(key string) string {
	if v := c[key]; len(v) > 0 {
		return v[0]
	}
	if v := c[textproto.CanonicalMIMEHeaderKey(key)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Set replaces key's values with value.
func (c Carrier) Set(key, value string) { c[key] = []string{value} }

// Keys lists the header names.
func (c Carrier) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	return keys
}

// Inject writes ctx's trace context into h.
func Inject(ctx context.Context, h nats.Header) {
	otel.GetTextMapPropagator().Inject(ctx, Carrier(h))
}

// Extract returns ctx with the trace context h carries as its remote
// parent.
func Extract(ctx context.Context, h nats.Header) context.Context {
	return otel.GetTextMapPropagator().Extract(ctx, Carrier(h))
}

// ContextHeaders returns ctx's trace context as plain headers, to store
// with a message that is sent later (an outbox row).
func ContextHeaders(ctx context.Context) map[string]string {
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	return carrier
}

// FromHeaders returns ctx with the trace context of stored headers as its
// remote parent.
func FromHeaders(ctx context.Context, headers map[string]string) context.Context {
	return otel.GetTextMapPropagator().Extract(ctx, propagation.MapCarrier(headers))
}

// Message names what a span says of a message: no content.
type Message struct {
	Subject string
	// ID is the message's id (Nats-Msg-Id), e.g. a lead's id; empty: none.
	ID string
	// Consumer is the durable consumer or queue group processing it.
	Consumer string
}

func (m Message) attrs(op string, typ attribute.KeyValue) []attribute.KeyValue {
	a := []attribute.KeyValue{
		semconv.MessagingSystemKey.String(System),
		semconv.MessagingDestinationName(m.Subject),
		semconv.MessagingOperationName(op),
		typ,
	}
	if m.ID != "" {
		a = append(a, semconv.MessagingMessageID(m.ID))
	}
	if m.Consumer != "" {
		a = append(a, semconv.MessagingConsumerGroupName(m.Consumer))
	}
	return a
}

// StartSend starts the producer span of one message, a child of ctx's
// span. Inject the returned context into the message's headers so that
// its consumers' spans are children of this one.
func StartSend(ctx context.Context, m Message, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	opts = append([]trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindProducer),
		trace.WithAttributes(m.attrs("send", semconv.MessagingOperationTypeSend)...)}, opts...)
	return telemetry.Tracer().Start(ctx, "send "+m.Subject, opts...)
}

// StartProcess starts the consumer span of one message received with
// headers h: a child of the producer's span when h carries its context,
// else a new trace.
func StartProcess(ctx context.Context, h nats.Header, m Message, opts ...trace.SpanStartOption) (context.Context, trace.Span) {
	opts = append([]trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindConsumer),
		trace.WithAttributes(m.attrs("process", semconv.MessagingOperationTypeProcess)...)}, opts...)
	return telemetry.Tracer().Start(Extract(ctx, h), "process "+m.Subject, opts...)
}

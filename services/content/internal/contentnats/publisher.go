// Package contentnats announces content writes on NATS so that caches of
// public reads (the gateway's) can be dropped.
package contentnats

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/cloudevents"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// Subject carries ContentChanged events (core NATS; a missed event only
// means a cache lives until its backstop expiry).
const Subject = "content.changed"

// confirmTimeout bounds ContentChangedConfirmed's wait for the server when
// the caller's context has no earlier deadline.
const confirmTimeout = 5 * time.Second

// errNotConnected refuses a confirmed publish while the connection is
// down.
var errNotConnected = errors.New("nats not connected")

// Publisher implements content.Publisher on a NATS connection.
type Publisher struct {
	nc  *nats.Conn
	log *slog.Logger
	now func() time.Time
}

// NewPublisher returns a Publisher on nc.
func NewPublisher(log *slog.Logger, nc *nats.Conn) *Publisher {
	return &Publisher{nc: nc, log: log, now: time.Now}
}

var _ content.Publisher = (*Publisher)(nil)

// msg is the event for c with the trace context of ctx's span (the
// send span) in its headers, so the gateways' refills join the trace of
// the write that caused them, and its CloudEvents attributes (a fresh id:
// the event has none of its own).
func (p *Publisher) msg(ctx context.Context, c content.Change) (*nats.Msg, error) {
	at := p.now()
	payload, err := protojson.Marshal(&contentv1.ContentChanged{Kind: c.Kind, Id: c.ID, ChangedAt: timestamppb.New(at)})
	if err != nil {
		return nil, err
	}
	m := &nats.Msg{Subject: Subject, Data: payload, Header: nats.Header{}}
	msgtrace.Inject(ctx, m.Header)
	cloudevents.Event{ID: uuid.NewString(), Source: cloudevents.SourceContent, Subject: Subject, About: c.ID, Time: at}.Set(m.Header)
	return m, nil
}

// startSend starts the send span of c's event.
func startSend(ctx context.Context, c content.Change) (context.Context, trace.Span) {
	return msgtrace.StartSend(ctx, msgtrace.Message{Subject: Subject},
		trace.WithAttributes(attribute.String("trenchless.content.kind", c.Kind), attribute.String("trenchless.content.id", c.ID)))
}

// ContentChanged publishes the event; failures are logged, not returned.
func (p *Publisher) ContentChanged(ctx context.Context, c content.Change) {
	ctx, span := startSend(ctx, c)
	m, err := p.msg(ctx, c)
	if err != nil {
		telemetry.EndSpan(span, err)
		p.log.ErrorContext(ctx, "encode content.changed", "err", err)
		return
	}
	err = p.nc.PublishMsg(m)
	telemetry.EndSpan(span, err)
	if err != nil {
		p.log.WarnContext(ctx, "publish content.changed failed", "kind", c.Kind, "id", c.ID, "err", err)
	}
}

// ContentChangedConfirmed publishes the events and waits for the server's
// answer to a PING sent after them: the server has then taken (and passed
// on to its subscribers) every one. While the connection is down it
// publishes nothing, since a publish then waits in the client's reconnect
// buffer and would go out on reconnect besides the caller's retry.
func (p *Publisher) ContentChangedConfirmed(ctx context.Context, cs []content.Change) error {
	if !p.nc.IsConnected() {
		return fmt.Errorf("publish content.changed: %w (%s)", errNotConnected, p.nc.Status())
	}
	for _, c := range cs {
		sctx, span := startSend(ctx, c)
		m, err := p.msg(sctx, c)
		if err != nil {
			telemetry.EndSpan(span, err)
			return fmt.Errorf("encode content.changed: %w", err)
		}
		err = p.nc.PublishMsg(m)
		telemetry.EndSpan(span, err)
		if err != nil {
			return fmt.Errorf("publish content.changed %s %s: %w", c.Kind, c.ID, err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, confirmTimeout)
	defer cancel()
	if err := p.nc.FlushWithContext(ctx); err != nil {
		return fmt.Errorf("confirm content.changed: %w", err)
	}
	return nil
}

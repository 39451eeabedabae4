// Package changes follows content.changed for the gateway. Every event
// empties what the gateway keeps of public reads and pages at once (so the
// next read is current), and the pages visitors were reading are then
// filled again in the background (Target.Refill), once for a burst of
// events, so the first visitor after an edit is answered from memory too.
//
// Each event's span continues the trace of the staff write that caused it
// (the content service's send span is its parent); the refill's span is a
// child of the first event it serves and links the others.
package changes

import (
	"context"
	"log/slog"
	"sync"

	"github.com/nats-io/nats.go"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/telemetry"
)

// Target is what the gateway keeps: emptied on a change, then refilled.
type Target interface {
	InvalidatePublicCache()
	Refill(ctx context.Context) error
}

// Follower empties and refills Target on every change.
type Follower struct {
	log    *slog.Logger
	target Target
	wake   chan struct{}

	mu      sync.Mutex
	pending []trace.SpanContext // events waiting for a refill (invalid: a reconnect)
	refills int
}

// New returns a Follower of target; call Run, then Subscribe.
func New(log *slog.Logger, target Target) *Follower {
	return &Follower{log: log, target: target, wake: make(chan struct{}, 1)}
}

// Subscribe follows subject on nc.
func (f *Follower) Subscribe(nc *nats.Conn, subject string) (*nats.Subscription, error) {
	return nc.Subscribe(subject, f.handle)
}

func (f *Follower) handle(m *nats.Msg) {
	ctx, span := msgtrace.StartProcess(context.Background(), m.Header, msgtrace.Message{Subject: m.Subject})
	f.target.InvalidatePublicCache()
	span.AddEvent("public cache emptied")
	f.request(trace.SpanContextFromContext(ctx))
	span.End()
}

// Missed empties and refills after events may have been missed (a NATS
// reconnect).
func (f *Follower) Missed() {
	f.target.InvalidatePublicCache()
	f.request(trace.SpanContext{})
}

func (f *Follower) request(sc trace.SpanContext) {
	f.mu.Lock()
	f.pending = append(f.pending, sc)
	f.mu.Unlock()
	select {
	case f.wake <- struct{}{}:
	default: // a refill is already due; it takes this one too
	}
}

// Refills reports how many refills have run.
func (f *Follower) Refills() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.refills
}

// Run refills until ctx ends: after each wake, once for every change that
// arrived meanwhile.
func (f *Follower) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-f.wake:
		}
		f.mu.Lock()
		events := f.pending
		f.pending = nil
		f.mu.Unlock()
		if len(events) == 0 {
			continue
		}
		parent := ctx
		var links []trace.Link
		for _, sc := range events {
			if !sc.IsValid() {
				continue
			}
			if !trace.SpanContextFromContext(parent).IsValid() {
				parent = trace.ContextWithSpanContext(ctx, sc)
				continue
			}
			links = append(links, trace.Link{SpanContext: sc})
		}
		rctx, span := telemetry.Tracer().Start(parent, "refill public pages", trace.WithLinks(links...),
			trace.WithAttributes(attribute.Int("trenchless.refill.events", len(events))))
		err := f.target.Refill(rctx)
		telemetry.EndSpan(span, err)
		if err != nil && ctx.Err() == nil {
			// Not an outage: each page fills on its first request instead.
			f.log.WarnContext(rctx, "refill after content.changed failed; pages fill on request", "err", err)
		}
		f.mu.Lock()
		f.refills++
		f.mu.Unlock()
	}
}

// Package leadfeed fans the lead events out to the staff's open inboxes:
// one core-NATS subscription per subject, held only while at least one
// inbox is open, feeds a broker, and every
// connected browser (a server-sent-events stream at the edge) gets its own
// bounded queue. A browser that cannot keep up is dropped, never waited
// for, so one slow connection cannot delay the others or NATS.
package leadfeed

import (
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
)

// Subjects the contact service publishes lead events on, and the SSE event
// names they become.
const (
	SubjectSubmitted = "leads.submitted"
	SubjectUpdated   = "leads.updated"
	EventLead        = "lead"
	EventLeadUpdated = "lead-updated"
)

// DefaultBuffer is how many events a subscriber may fall behind before it
// is dropped: generous for a browser on a slow link (lead events are rare),
// small enough that a stuck one costs little.
const DefaultBuffer = 64

// Event is one server-sent event: its name and its one-line JSON data.
type Event struct {
	Name string
	Data []byte
}

// Broker hands every published event to every subscriber.
type Broker struct {
	buffer int
	mu     sync.Mutex
	subs   map[*Subscription]struct{}
	closed bool
	// watch, when set (Attach), is told when the first subscriber
	// arrives (true) and when the last leaves (false); called with mu
	// held.
	watch func(on bool)
}

// NewBroker returns a broker whose subscribers may fall buffer events
// behind (DefaultBuffer when buffer <= 0).
func NewBroker(buffer int) *Broker {
	if buffer <= 0 {
		buffer = DefaultBuffer
	}
	return &Broker{buffer: buffer, subs: map[*Subscription]struct{}{}}
}

// Subscription is one subscriber's queue. Done is closed when the
// subscriber is dropped for falling behind, when the broker closes, or on
// Close; C is never closed.
type Subscription struct {
	C    <-chan Event
	c    chan Event
	done chan struct{}
	b    *Broker
}

// Subscribe adds a subscriber. After the broker's Close it comes back done.
func (b *Broker) Subscribe() *Subscription {
	c := make(chan Event, b.buffer)
	s := &Subscription{C: c, c: c, done: make(chan struct{}), b: b}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		close(s.done)
		return s
	}
	b.subs[s] = struct{}{}
	if len(b.subs) == 1 && b.watch != nil {
		b.watch(true)
	}
	return s
}

// Done is closed when the subscription ends.
func (s *Subscription) Done() <-chan struct{} { return s.done }

// Close unsubscribes; calling it again, or after being dropped, is fine.
func (s *Subscription) Close() {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	s.b.remove(s)
}

// remove drops s and ends it; the caller holds mu.
func (b *Broker) remove(s *Subscription) {
	if _, ok := b.subs[s]; ok {
		delete(b.subs, s)
		close(s.done)
		if len(b.subs) == 0 && b.watch != nil {
			b.watch(false)
		}
	}
}

// Publish queues e for every subscriber without blocking; a subscriber
// whose queue is full is dropped (ended), so the browser reconnects and
// reloads instead of silently missing events. It returns how many were
// dropped.
func (b *Broker) Publish(e Event) (dropped int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		select {
		case s.c <- e:
		default:
			b.remove(s)
			dropped++
		}
	}
	return dropped
}

// Subscribers is the number of connected subscribers.
func (b *Broker) Subscribers() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs)
}

// Close ends every subscription (at shutdown, so open streams do not hold
// the server's drain) and refuses new ones.
func (b *Broker) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	for s := range b.subs {
		b.remove(s)
	}
}

// jsonOpts match the REST API's JSON (camelCase, every field present), so
// the web app reads an event's lead exactly as it reads the inbox.
var jsonOpts = protojson.MarshalOptions{EmitUnpopulated: true}

// Encode turns a NATS payload into the event for its subject: the proto
// JSON is decoded and written again in the REST API's shape, on one line
// (SSE data cannot hold a newline).
func Encode(subject string, payload []byte) (Event, error) {
	var m proto.Message
	var name string
	switch subject {
	case SubjectSubmitted:
		m, name = &contactv1.LeadSubmitted{}, EventLead
	case SubjectUpdated:
		m, name = &contactv1.LeadUpdated{}, EventLeadUpdated
	default:
		return Event{}, fmt.Errorf("leadfeed: unexpected subject %q", subject)
	}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(payload, m); err != nil {
		return Event{}, fmt.Errorf("leadfeed: %s payload: %w", subject, err)
	}
	data, err := jsonOpts.Marshal(m)
	if err != nil {
		return Event{}, err
	}
	return Event{Name: name, Data: data}, nil
}

// flushTimeout bounds the wait for NATS to confirm the subscriptions.
const flushTimeout = 2 * time.Second

// Attach feeds the broker from both lead subjects on nc (core NATS: the
// live view needs what happens from now on, not the stream's history),
// subscribing while the broker has at least one subscriber and not
// otherwise, so a gateway whose inbox nobody has open receives, decodes
// and re-encodes no lead events. The first subscriber is answered once the
// server has confirmed the interest, so its stream misses nothing
// published after it opened. Attach returns a function that detaches.
func Attach(log *slog.Logger, nc *nats.Conn, b *Broker) (func(), error) {
	var subs []*nats.Subscription
	unsubscribe := func() {
		for _, s := range subs {
			_ = s.Unsubscribe()
		}
		subs = nil
	}
	subscribe := func() error {
		for _, subject := range []string{SubjectSubmitted, SubjectUpdated} {
			s, err := nc.Subscribe(subject, func(m *nats.Msg) {
				e, err := Encode(m.Subject, m.Data)
				if err != nil {
					log.Warn("lead event not forwarded", "subject", m.Subject, "err", err)
					return
				}
				if n := b.Publish(e); n > 0 {
					log.Warn("slow live-inbox clients dropped", "count", n)
				}
			})
			if err != nil {
				unsubscribe()
				return fmt.Errorf("subscribe %s: %w", subject, err)
			}
			subs = append(subs, s)
		}
		return nil
	}
	watch := func(on bool) {
		if !on {
			unsubscribe()
			return
		}
		if err := subscribe(); err != nil {
			log.Error("live inbox: cannot subscribe to lead events", "err", err)
			return
		}
		// While NATS is away the subscriptions wait in the client and
		// are sent on reconnect; the stream opens all the same.
		if err := nc.FlushTimeout(flushTimeout); err != nil {
			log.Warn("live inbox: NATS has not confirmed the lead subscriptions", "err", err)
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if nc.IsClosed() {
		return nil, fmt.Errorf("leadfeed: %w", nats.ErrConnectionClosed)
	}
	b.watch = watch
	if len(b.subs) > 0 {
		watch(true)
	}
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.watch = nil
		unsubscribe()
	}, nil
}

package contactnats

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"

	"github.com/valleytrenchless/site/internal/cloudevents"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

// WebhookDurable is the durable consumer that makes webhook deliveries.
const WebhookDurable = "webhooks"

// WebhookFeed turns lead events on LEADS into webhook deliveries: one
// durable consumer shared by every replica (each event is handled by
// one), acknowledged only once its deliveries are stored, so an event
// whose deliveries could not be written comes again. It starts at the
// events published after it was first created: endpoints receive what
// happens once they exist.
type WebhookFeed struct {
	JS      jetstream.JetStream
	Stream  string
	Log     *slog.Logger
	Enqueue func(context.Context, webhook.Event) (int, error)
}

// Run consumes until ctx ends.
func (f *WebhookFeed) Run(ctx context.Context) error {
	natsconn.Consume(ctx, f.JS, f.Stream, jetstream.ConsumerConfig{
		Durable:     WebhookDurable,
		Description: "Makes the webhook deliveries of lead events",
		// One filter subject, so NATS servers before 2.10 (no
		// FilterSubjects; Debian's is 2.9) serve it too; handle skips the
		// subjects no endpoint can want.
		FilterSubject: "leads.>",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		DeliverPolicy: jetstream.DeliverNewPolicy,
		MaxAckPending: 1000,
	}, 50, f.Log, "webhooks", f.handle)
	return nil
}

// handle stores one event's deliveries, then acknowledges it.
func (f *WebhookFeed) handle(ctx context.Context, m jetstream.Msg) {
	if !slices.Contains(webhook.Events, m.Subject()) {
		_ = m.Ack() // a dead letter or a notice: no endpoint receives it
		return
	}
	h := m.Headers()
	ev := WebhookEvent(m.Subject(), h.Get(jetstream.MsgIDHeader), h.Get(cloudevents.HeaderSubject), h.Get(cloudevents.HeaderTime), m.Data())
	ctx, span := msgtrace.StartProcess(ctx, h, msgtrace.Message{Subject: m.Subject(), ID: ev.ID, Consumer: WebhookDurable})
	n, err := f.Enqueue(ctx, ev)
	telemetry.EndSpan(span, err)
	if err != nil {
		f.Log.WarnContext(ctx, "webhooks: could not store an event's deliveries; it will come again", "event", ev.ID, "err", err)
		_ = m.NakWithDelay(5 * time.Second)
		return
	}
	if n > 0 {
		f.Log.DebugContext(ctx, "webhooks: deliveries queued", "event", ev.ID, "deliveries", n)
	}
	if err := m.DoubleAck(ctx); err != nil {
		// It comes again; its deliveries exist and are not made twice.
		f.Log.WarnContext(ctx, "webhooks: ack failed", "event", ev.ID, "err", err)
	}
}

// WebhookEvent reads an event from a LEADS message: its id (Nats-Msg-Id),
// the lead it is about (ce-subject, or the body's lead id or leadId for a
// message from before the CloudEvents headers), its time (ce-time, else
// now) and its body.
func WebhookEvent(subject, msgID, about, at string, body []byte) webhook.Event {
	ev := webhook.Event{ID: msgID, Type: subject, LeadID: about, Data: body}
	if ev.LeadID == "" {
		ev.LeadID = leadOfBody(body)
	}
	if t, err := time.Parse(time.RFC3339Nano, at); err == nil {
		ev.Time = t
	} else {
		ev.Time = time.Now().UTC()
	}
	return ev
}

// leadOfBody is the lead a lead event's body is about: a LeadUpdated's
// leadId or a LeadSubmitted's lead.id; empty for any other body.
func leadOfBody(body []byte) string {
	var b struct {
		LeadID string `json:"leadId"`
		Lead   struct {
			ID string `json:"id"`
		} `json:"lead"`
	}
	if json.Unmarshal(body, &b) != nil {
		return ""
	}
	return b.LeadID + b.Lead.ID
}

// LeadHasField reports whether a lead event carries a field of that JSON
// name (what a webhook body template may name as lead.…).
func LeadHasField(name string) bool {
	return (&contactv1.Lead{}).ProtoReflect().Descriptor().Fields().ByJSONName(name) != nil
}

// SampleLead is the data of a test delivery: a leads.submitted event of
// a lead that is plainly a test.
func SampleLead() json.RawMessage {
	now := time.Now().UTC()
	b, _ := protojson.Marshal(&contactv1.LeadSubmitted{Lead: ToProtoLead(contact.Lead{
		ID: "00000000-0000-4000-8000-000000000000", FormVariant: "home", FirstName: "Test", LastName: "Homeowner",
		Email: "test.homeowner@example.com", Phone: "(602) 555-0100", Address: "123 E Example St", City: "Phoenix",
		Urgency: "this-week", Issues: []string{"slow-drainage"}, HomeAge: "pre-1980",
		Description: "A test lead sent from the admin's Integrations tab.", SourcePage: "/",
		CreatedAt: now, RespondBy: now.Add(contact.RespondWithin), Status: contact.StatusNew})})
	return b
}

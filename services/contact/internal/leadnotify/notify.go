// Package leadnotify is the reference consumer of the LEADS stream: a
// durable pull consumer that e-mails the office each new lead, acks only
// after the mail server accepted it, retries with backoff, and moves a
// message that keeps failing to a dead-letter subject.
package leadnotify

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/attribute"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/cloudevents"
	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Mail is one message to the office.
type Mail struct {
	Subject string
	Body    string
	// About is the lead's (or the webhook endpoint's) id: what LogMailer
	// logs in place of the mail, which holds the homeowner's details.
	About string
}

// Mailer sends mail; a nil error means the server accepted it.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// Notifier consumes leads.submitted and mails each lead.
type Notifier struct {
	JS         jetstream.JetStream
	Log        *slog.Logger
	Mailer     Mailer
	Stream     string // LEADS
	Durable    string // lead-notifier
	Subject    string // leads.submitted
	DeadLetter string // leads.deadletter
	// Notices is the subject of the office's notices (a webhook turned
	// off), read by a durable of their own (Durable-notices): mailed as
	// they are, never dead-lettered as leads. Empty: none.
	Notices string // leads.webhook_disabled
	// MaxAttempts deliveries before a message is dead-lettered (5 if 0).
	MaxAttempts int
	// Backoff is the wait before redelivery n (1-based); defaults grow
	// from 5 s to 5 min.
	Backoff func(n uint64) time.Duration
	// Location formats times in the office's zone (Arizona if nil).
	Location *time.Location
}

func (n *Notifier) defaults() {
	if n.MaxAttempts == 0 {
		n.MaxAttempts = 5
	}
	if n.Backoff == nil {
		n.Backoff = func(k uint64) time.Duration { return min(5*time.Second<<min(k-1, 6), 5*time.Minute) }
	}
	if n.Location == nil {
		n.Location = time.FixedZone("MST", -7*60*60)
	}
}

// Run consumes until ctx ends: the leads with the durable Durable, and the
// notices (if any) with their own durable, Durable-notices, so a NATS
// account that does not allow the second yet (an upgrade before its
// permissions) still mails every lead.
func (n *Notifier) Run(ctx context.Context) error {
	n.defaults()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if n.Notices == "" {
			return
		}
		natsconn.Consume(ctx, n.JS, n.Stream, jetstream.ConsumerConfig{
			Durable:       n.Durable + "-notices",
			Description:   "E-mails the office notices about the lead pipeline (a webhook turned off)",
			FilterSubject: n.Notices,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       2 * time.Minute,
			DeliverPolicy: jetstream.DeliverAllPolicy,
			MaxAckPending: 10,
		}, 10, n.Log, "lead notifier (notices)", n.handleNotice)
	}()
	natsconn.Consume(ctx, n.JS, n.Stream, jetstream.ConsumerConfig{
		Durable:       n.Durable,
		Description:   "E-mails the office each new lead",
		FilterSubject: n.Subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       2 * time.Minute,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		MaxAckPending: 100,
	}, 10, n.Log, "lead notifier", n.handle)
	<-done
	return nil
}

// handle mails one message's lead. Its span continues the lead's trace
// (the relay's send span is its parent); the mail's own span is a child.
func (n *Notifier) handle(ctx context.Context, m jetstream.Msg) {
	msg := msgtrace.Message{Subject: m.Subject(), ID: m.Headers().Get(jetstream.MsgIDHeader), Consumer: n.Durable}
	ctx, span := msgtrace.StartProcess(ctx, m.Headers(), msg)
	var spanErr error
	defer func() { telemetry.EndSpan(span, spanErr) }()
	md, err := m.Metadata()
	if err != nil {
		n.Log.ErrorContext(ctx, "lead notifier: message without metadata", "err", err)
		spanErr = err
		_ = m.Term()
		return
	}
	span.SetAttributes(attribute.Int64("messaging.nats.delivery_count", int64(md.NumDelivered)))
	var ev contactv1.LeadSubmitted
	if err := readEvent(m.Data(), &ev); err != nil || ev.GetLead().GetId() == "" {
		spanErr = fmt.Errorf("unreadable LeadSubmitted: %v", err)
		n.deadLetter(ctx, m, spanErr)
		return
	}
	leadID := ev.GetLead().GetId()
	span.SetAttributes(attribute.String("trenchless.lead.id", leadID))
	err = n.send(ctx, n.mailFor(ev.GetLead()))
	if err == nil {
		if err := m.DoubleAck(ctx); err != nil {
			n.Log.WarnContext(ctx, "lead notifier: ack failed; the mail may be sent again", "lead_id", leadID, "err", err)
		}
		n.Log.InfoContext(ctx, "lead mailed to the office", "lead_id", leadID)
		return
	}
	spanErr = err
	if md.NumDelivered >= uint64(n.MaxAttempts) {
		n.deadLetter(ctx, m, err)
		return
	}
	delay := n.Backoff(md.NumDelivered)
	n.Log.WarnContext(ctx, "lead notifier: mail failed; will retry", "lead_id", leadID, "attempt", md.NumDelivered, "retry_in", delay.String(), "err", err)
	_ = m.NakWithDelay(delay)
}

// send hands the mail to the Mailer under a span of its own (a client
// call to the mail server; the span names no recipient or content).
func (n *Notifier) send(ctx context.Context, mail Mail) error {
	ctx, span := telemetry.Tracer().Start(ctx, "send mail", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("trenchless.mail.kind", "new lead")))
	if srv, ok := n.Mailer.(interface{ Server() (string, int) }); ok {
		host, port := srv.Server()
		span.SetAttributes(semconv.ServerAddress(host), semconv.ServerPort(port))
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	err := n.Mailer.Send(ctx, mail)
	cancel()
	telemetry.EndSpan(span, err)
	return err
}

// deadLetter copies the message to the dead-letter subject (stored in the
// same stream, so nothing is lost) and stops its redelivery. The copy
// carries the processing span's context, so its trace shows where it went.
func (n *Notifier) deadLetter(ctx context.Context, m jetstream.Msg, reason error) {
	dl := &nats.Msg{Subject: n.DeadLetter, Data: m.Data(), Header: nats.Header{}}
	for k, v := range m.Headers() {
		dl.Header[k] = v
	}
	id := m.Headers().Get(jetstream.MsgIDHeader)
	dl.Header.Set("Dead-Letter-Reason", reason.Error())
	dl.Header.Set("Dead-Letter-Subject", m.Subject())
	dl.Header.Del(jetstream.MsgIDHeader)
	// The copy is an event of its own: a lead the office was not told of.
	cloudevents.Event{ID: "dead-letter:" + id, Source: cloudevents.SourceNotifier, Subject: n.DeadLetter,
		About: m.Headers().Get(cloudevents.HeaderSubject), Time: time.Now()}.Set(dl.Header)
	ctx, span := msgtrace.StartSend(ctx, msgtrace.Message{Subject: n.DeadLetter, ID: "dead-letter:" + id})
	msgtrace.Inject(ctx, dl.Header)
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := n.JS.PublishMsg(pctx, dl, jetstream.WithMsgID("dead-letter:"+id))
	telemetry.EndSpan(span, err)
	if err != nil {
		n.Log.ErrorContext(ctx, "lead notifier: dead-letter publish failed; leaving the message for redelivery", "msg_id", id, "err", err)
		_ = m.NakWithDelay(time.Minute)
		return
	}
	n.Log.ErrorContext(ctx, "lead notifier: gave up; message dead-lettered", "msg_id", id, "reason", reason.Error())
	_ = m.Term()
}

// readEvent decodes an event's protobuf JSON, skipping fields this build
// does not know: events gain fields (additive, docs/asyncapi.yaml), and a
// notifier older than the contact service that publishes them must still
// mail the lead rather than dead-letter it (issue 40's language was the
// first field added to a published lead).
func readEvent(data []byte, m proto.Message) error {
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(data, m)
}

// oneLine keeps visitor-typed text on the line it is printed on
// (mail.OneLine). Only the mail is folded; the stored lead keeps what the
// visitor typed.
func oneLine(s string) string { return mail.OneLine(s) }

// lineBreaks are the ways to start a new line a mail client may honour.
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\v", "\n", "\f", "\n", "\u0085", "\n", "\u2028", "\n", "\u2029", "\n")

// quoted prints the visitor's description so that nothing in it can pass
// for the structured part above it: it comes last, after every field and
// the lead id, and each of its lines starts with "> ", the mark of quoted
// text, so a line typed as "Phone: +1-900-FAKE" reads
// "> Phone: +1-900-FAKE", never as a field. Its line breaks are kept (it
// is prose), whichever form they were typed in; other control characters
// become spaces.
func quoted(s string) string {
	lines := strings.Split(lineBreaks.Replace(s), "\n")
	for i, l := range lines {
		l = strings.TrimRightFunc(strings.Map(func(r rune) rune {
			if unicode.IsControl(r) && r != '\t' {
				return ' '
			}
			return r
		}, l), unicode.IsSpace)
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}

func (n *Notifier) mailFor(l *contactv1.Lead) Mail {
	name := oneLine(l.GetFirstName() + " " + l.GetLastName())
	// Known options read as their labels; anything else the visitor typed
	// (an 'Other nearby city', a home age like 1950s) reads as given.
	city := oneLine(contact.Label(l.GetCity(), contact.Cities))
	subject := "New inspection request: " + name
	if city != "" {
		subject += " (" + city + ")"
	}
	issues := make([]string, len(l.GetIssues()))
	for i, v := range l.GetIssues() {
		issues[i] = contact.Label(v, contact.IssueLists(l.GetFormVariant())...)
	}
	if l.GetDuplicateOf() != "" {
		subject = "[repeat] " + subject
	}
	respond := l.GetRespondBy().AsTime().In(n.Location).Format("Mon Jan 2, 3:04 PM")
	var b strings.Builder
	line := func(k, v string) {
		if v := oneLine(v); v != "" {
			fmt.Fprintf(&b, "%-17s %s\n", k+":", v)
		}
	}
	fmt.Fprintf(&b, "A homeowner asked for a free camera inspection. Please reply by %s (Arizona time).\n\n", respond)
	switch lang := l.GetLanguage(); {
	case contact.IsSpanish(lang):
		b.WriteString(PrefersSpanish + "\n\n")
	case !contact.IsEnglishOrUnknown(lang):
		line("Language", lang)
	}
	line("Name", name)
	line("Phone", l.GetPhone())
	line("E-mail", l.GetEmail())
	line("Address", l.GetAddress())
	line("City", city)
	line("Home age", contact.Label(l.GetHomeAge(), contact.HomeAges))
	line("Issues", strings.Join(issues, ", "))
	line("Timeline", contact.Label(l.GetUrgency(), contact.Urgencies))
	line("Preferred time", l.GetPreferredContactTime())
	line("Previous repairs", l.GetPreviousRepairs())
	if l.GetHasVideo() {
		line("Has video", "yes")
	}
	line("Sent from", l.GetSourcePage())
	if a := l.GetAttribution(); a.GetUtmSource() != "" || a.GetGclid() != "" {
		line("Campaign", strings.Trim(strings.Join([]string{a.GetUtmSource(), a.GetUtmMedium(), a.GetUtmCampaign(), a.GetGclid()}, " / "), " /"))
	}
	if l.GetDuplicateOf() != "" {
		line("Repeat of", l.GetDuplicateOf())
	}
	fmt.Fprintf(&b, "\nLead id: %s\n", l.GetId())
	if d := strings.TrimSpace(l.GetDescription()); d != "" {
		fmt.Fprintf(&b, "\nDescription, as the homeowner wrote it:\n%s\n", quoted(d))
	}
	return Mail{Subject: subject, Body: b.String(), About: l.GetId()}
}

// PrefersSpanish is the line near the top of a lead's mail when the lead
// came from the Spanish site (its language's primary subtag is es), so
// whoever calls back does so in Spanish. The inbox says "Prefers Spanish"
// too (web/src/features/admin/leads).
const PrefersSpanish = "Prefers Spanish (submitted from the Spanish site)"

// ErrNoRecipients is returned by an SMTP mailer configured without a To.
var ErrNoRecipients = mail.ErrNoRecipients

// handleNotice mails a notice about the lead pipeline: a webhook endpoint
// turned off. It is retried like a lead's mail, then given up on with a
// log line (it is not a lead, so not dead-lettered).
func (n *Notifier) handleNotice(ctx context.Context, m jetstream.Msg) {
	var ev contactv1.WebhookDisabled
	if err := readEvent(m.Data(), &ev); err != nil || ev.GetEndpointId() == "" {
		n.Log.ErrorContext(ctx, "lead notifier: unreadable notice; dropped", "subject", m.Subject(), "err", err)
		_ = m.Term()
		return
	}
	err := n.send(ctx, n.noticeFor(&ev))
	if err == nil {
		_ = m.DoubleAck(ctx)
		n.Log.InfoContext(ctx, "webhook notice mailed to the office", "endpoint", ev.GetEndpointId(), "reason", ev.GetReason())
		return
	}
	delivered := uint64(1)
	if md, mdErr := m.Metadata(); mdErr == nil {
		delivered = md.NumDelivered
	}
	if delivered >= uint64(n.MaxAttempts) {
		n.Log.ErrorContext(ctx, "lead notifier: gave up mailing a notice", "endpoint", ev.GetEndpointId(), "err", err)
		_ = m.Term()
		return
	}
	n.Log.WarnContext(ctx, "lead notifier: notice mail failed; will retry", "endpoint", ev.GetEndpointId(), "err", err)
	_ = m.NakWithDelay(n.Backoff(delivered))
}

// noticeFor is the office's mail about a webhook turned off.
func (n *Notifier) noticeFor(ev *contactv1.WebhookDisabled) Mail {
	name := oneLine(ev.GetDescription())
	if name == "" {
		name = oneLine(ev.GetUrl())
	}
	why := "its receiver answered 410 Gone, which means it no longer wants deliveries"
	if ev.GetReason() == "failing" {
		since := ev.GetFailingSince().AsTime().In(n.Location).Format("Mon Jan 2, 3:04 PM")
		why = "every delivery to it has failed since " + since + " (Arizona time)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The webhook %q was turned off: %s.\n\n", name, why)
	fmt.Fprintf(&b, "%-17s %s\n", "Sends to:", oneLine(ev.GetUrl()))
	fmt.Fprintf(&b, "%-17s %s\n\n", "Webhook id:", ev.GetEndpointId())
	b.WriteString("New leads are still stored and shown in the admin, but they are not sent to it. Its deliveries wait: " +
		"fix the receiver, then turn the webhook on again in the admin's Integrations tab and use \"Resend since…\" " +
		"for what it missed.\n")
	return Mail{Subject: "A webhook was turned off: " + name, Body: b.String(), About: ev.GetEndpointId()}
}

// Package leadnotify is the reference consumer of the LEADS stream: a
// durable pull consumer that e-mails the office each new lead, acks only
// after the mail server accepted it, retries with backoff, and moves a
// message that keeps failing to a dead-letter subject.
package leadnotify

import (
	"context"
	"errors"
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

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Mail is one message to the office.
type Mail struct {
	Subject string
	Body    string
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

// Run consumes until ctx ends.
func (n *Notifier) Run(ctx context.Context) error {
	n.defaults()
	var cons jetstream.Consumer
	for {
		var err error
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		cons, err = n.JS.CreateOrUpdateConsumer(cctx, n.Stream, jetstream.ConsumerConfig{
			Durable:       n.Durable,
			Description:   "E-mails the office each new lead",
			FilterSubject: n.Subject,
			AckPolicy:     jetstream.AckExplicitPolicy,
			AckWait:       2 * time.Minute,
			DeliverPolicy: jetstream.DeliverAllPolicy,
			MaxAckPending: 100,
		})
		cancel()
		if err == nil {
			break
		}
		n.Log.Warn("lead notifier: consumer not ready; retrying", "err", err)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(2 * time.Second):
		}
	}
	n.Log.Info("lead notifier consuming", "stream", n.Stream, "durable", n.Durable)
	for ctx.Err() == nil {
		batch, err := cons.Fetch(10, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			if ctx.Err() == nil {
				n.Log.Warn("lead notifier: fetch failed", "err", err)
				time.Sleep(time.Second)
			}
			continue
		}
		for m := range batch.Messages() {
			n.handle(ctx, m)
		}
	}
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
	if err := protojson.Unmarshal(m.Data(), &ev); err != nil || ev.GetLead().GetId() == "" {
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

// oneLine keeps visitor-typed text on the line it is printed on, in the
// Subject header and on the body's "Label: value" lines: every run of
// spaces, line breaks and control characters becomes one space. That is
// more than CR and LF because mail clients also start a new line at NEL,
// LINE and PARAGRAPH SEPARATOR (Unicode white space, like VT and FF), and
// the other controls have no business in a name or an address either. Only
// the mail is folded; the stored lead keeps what the visitor typed.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
}

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
	return Mail{Subject: subject, Body: b.String()}
}

// ErrNoRecipients is returned by an SMTP mailer configured without a To.
var ErrNoRecipients = errors.New("no recipients configured")

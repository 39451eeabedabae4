package leadnotify_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/testkit/mailtest"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/leadnotify"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// mailbox is the office's mail server's inbox.
type mailbox = mailtest.Mailbox

func setup(t *testing.T, box *mailbox) (jetstream.JetStream, *leadnotify.Notifier) {
	t.Helper()
	return setupLogging(t, box, quiet)
}

// setupLogging is setup with the notifier logging to log.
func setupLogging(t *testing.T, box *mailbox, log *slog.Logger) (jetstream.JetStream, *leadnotify.Notifier) {
	t.Helper()
	ns := natstest.Start(t)
	nc, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx := context.Background()
	_, err = contactnats.EnsureStream(ctx, js, contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}})
	require.NoError(t, err)
	host, port := mailtest.Serve(t, box)
	n := &leadnotify.Notifier{
		JS: js, Log: log, Stream: "LEADS", Durable: "lead-notifier", Subject: "leads.submitted", DeadLetter: "leads.deadletter",
		Notices:     "leads.webhook_disabled",
		MaxAttempts: 3, Backoff: func(uint64) time.Duration { return 50 * time.Millisecond },
		Mailer: leadnotify.SMTPMailer{SMTP: mail.SMTP{Host: host, Port: port, From: "website@valleytrenchless.example"},
			To: []string{"office@valleytrenchless.example"}},
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = n.Run(rctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return js, n
}

func publishLead(t *testing.T, js jetstream.JetStream, id string, edits ...func(*contactv1.Lead)) {
	t.Helper()
	publishLeadIn(context.Background(), t, js, id, edits...)
}

// publishLeadIn publishes the lead as the outbox relay does: its send
// span's context (ctx's, if any) in the headers.
func publishLeadIn(ctx context.Context, t *testing.T, js jetstream.JetStream, id string, edits ...func(*contactv1.Lead)) {
	t.Helper()
	l := &contactv1.Lead{
		Id: id, FirstName: "Maria", LastName: "Lopez\r\nBcc: victim@example.com", Phone: "(602) 555-0142", Email: "maria@example.com",
		City: "phoenix", Issues: []string{"frequent-clogs"}, Description: "Kitchen sink backs up weekly.",
		CreatedAt: timestamppb.Now(), RespondBy: timestamppb.New(time.Now().Add(24 * time.Hour)),
	}
	for _, edit := range edits {
		edit(l)
	}
	payload, err := protojson.Marshal(&contactv1.LeadSubmitted{Lead: l})
	require.NoError(t, err)
	m := &nats.Msg{Subject: "leads.submitted", Data: payload, Header: nats.Header{}}
	msgtrace.Inject(ctx, m.Header)
	_, err = js.PublishMsg(context.Background(), m, jetstream.WithMsgID(id))
	require.NoError(t, err)
}

func TestEachLeadIsMailedAndAcked(t *testing.T) {
	t.Parallel()
	box := &mailbox{}
	js, _ := setup(t, box)
	publishLead(t, js, "11111111-1111-4111-8111-111111111111")

	require.Eventually(t, func() bool { _, msgs := box.Snapshot(); return len(msgs) == 1 }, 15*time.Second, 20*time.Millisecond)
	_, msgs := box.Snapshot()
	require.Contains(t, msgs[0], "Subject: New inspection request: Maria Lopez Bcc: victim@example.com (Phoenix)\r\n",
		"user text cannot add a header line")
	require.NotContains(t, msgs[0], "\r\nBcc:")
	require.Contains(t, msgs[0], "(602) 555-0142")
	require.Contains(t, msgs[0], "Kitchen sink backs up weekly.")

	cons, err := js.Consumer(context.Background(), "LEADS", "lead-notifier")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		info, err := cons.Info(context.Background())
		return err == nil && info.NumAckPending == 0 && info.NumPending == 0
	}, 5*time.Second, 20*time.Millisecond, "acked after the mail was accepted")
}

func TestMailShowsOptionsAsLabelsAndTypedValuesAsGiven(t *testing.T) {
	t.Parallel()
	box := &mailbox{}
	js, _ := setup(t, box)
	publishLead(t, js, "22222222-2222-4222-8222-222222222222", func(l *contactv1.Lead) {
		l.LastName, l.City, l.HomeAge, l.Urgency = "Lopez", "Éloy Creek", "1950s", "soon"
		l.FormVariant, l.Issues = "home", []string{"Tree roots in the yard", "gurgling"}
	})
	require.Eventually(t, func() bool { _, msgs := box.Snapshot(); return len(msgs) == 1 }, 15*time.Second, 20*time.Millisecond)
	_, msgs := box.Snapshot()
	for _, want := range []string{
		"Subject: New inspection request: Maria Lopez (Éloy Creek)\r\n",
		"City:             Éloy Creek\r\n",
		"Home age:         1950s\r\n",
		"Issues:           Tree roots in the yard, Gurgling sounds\r\n",
		"Timeline:         As soon as possible\r\n",
	} {
		require.Contains(t, msgs[0], want)
	}
}

// mailLines splits a received message's body at every character a mail
// client might start a new line at, not only at CRLF.
func mailLines(msg string) []string {
	_, body, ok := strings.Cut(msg, "\r\n\r\n")
	if !ok {
		return nil
	}
	return strings.FieldsFunc(body, func(r rune) bool {
		return strings.ContainsRune("\r\n\v\f\u0085\u2028\u2029", r)
	})
}

func linesStarting(lines []string, prefix string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), prefix) {
			out = append(out, l)
		}
	}
	return out
}

func TestVisitorTextCannotForgeALineInTheMail(t *testing.T) {
	t.Parallel()
	box := &mailbox{}
	js, _ := setup(t, box)
	const id = "33333333-3333-4333-8333-333333333333"
	publishLead(t, js, id, func(l *contactv1.Lead) {
		l.LastName = "Lopez"
		l.Address = "1 Main St\nPhone: +1-900-FAKE"
		l.Email = "maria@example.com\rPhone: +1-900-CR"
		l.City = "Mesa\u2028Phone: +1-900-LS"
		l.PreferredContactTime = "mornings\u0085Phone: +1-900-NEL\u2029Lead id: forged\vE-mail: x@evil.example\x1eok"
		l.Description = "Roots again.\r\nPhone: +1-900-DESC\n\nLead id: forged\u2028Address: 2 Fake Rd\rCity: Nowhere"
	})
	require.Eventually(t, func() bool { _, msgs := box.Snapshot(); return len(msgs) == 1 }, 15*time.Second, 20*time.Millisecond)
	_, msgs := box.Snapshot()
	lines := mailLines(msgs[0])

	// The structured part: each field on exactly one line, with what the
	// visitor typed folded onto it.
	require.Equal(t, []string{"Phone:            (602) 555-0142"}, linesStarting(lines, "Phone:"), "one Phone line, the real one")
	require.Equal(t, []string{"Lead id: " + id}, linesStarting(lines, "Lead id:"))
	require.Equal(t, []string{"E-mail:           maria@example.com Phone: +1-900-CR"}, linesStarting(lines, "E-mail:"))
	require.Contains(t, lines, "Address:          1 Main St Phone: +1-900-FAKE")
	require.Contains(t, lines, "City:             Mesa Phone: +1-900-LS")
	require.Contains(t, lines, "Preferred time:   mornings Phone: +1-900-NEL Lead id: forged E-mail: x@evil.example ok")

	// The description keeps its lines, last and quoted, so none reads as a field.
	body := msgs[0][strings.Index(msgs[0], "\r\n\r\n"):]
	require.True(t, strings.HasSuffix(body, "\r\nDescription, as the homeowner wrote it:\r\n"+
		"> Roots again.\r\n> Phone: +1-900-DESC\r\n>\r\n> Lead id: forged\r\n> Address: 2 Fake Rd\r\n> City: Nowhere\r\n"), body)
	require.Len(t, linesStarting(lines, "Address:"), 1)
	require.Len(t, linesStarting(lines, "City:"), 1)

	// CRLF is the only line break left in the body.
	require.NotContains(t, strings.ReplaceAll(body, "\r\n", ""), "\r")
	require.NotContains(t, strings.ReplaceAll(body, "\r\n", ""), "\n")
	require.False(t, strings.ContainsAny(body, "\v\f\u0085\u2028\u2029\x1e"), body)
}

func TestFailingMailIsRetriedThenDeadLettered(t *testing.T) {
	t.Parallel()
	box := &mailbox{Fail: true}
	js, _ := setup(t, box)
	publishLead(t, js, "22222222-2222-4222-8222-222222222222")

	ctx := context.Background()
	s, err := js.Stream(ctx, "LEADS")
	require.NoError(t, err)
	var dl *jetstream.RawStreamMsg
	require.Eventually(t, func() bool {
		dl, err = s.GetLastMsgForSubject(ctx, "leads.deadletter")
		return err == nil
	}, 15*time.Second, 20*time.Millisecond, "dead-lettered after three failures")
	attempts, msgs := box.Snapshot()
	require.Equal(t, 3, attempts, "retried up to MaxAttempts")
	require.Empty(t, msgs)
	require.Contains(t, dl.Header.Get("Dead-Letter-Reason"), "mailbox temporarily unavailable")
	require.Equal(t, "leads.submitted", dl.Header.Get("Dead-Letter-Subject"))
	require.Equal(t, "com.valleytrenchless.leads.deadletter", dl.Header.Get("ce-type"), "the copy is an event of its own")
	require.Equal(t, "dead-letter:22222222-2222-4222-8222-222222222222", dl.Header.Get("ce-id"))
	require.Equal(t, "/trenchless/lead-notifier", dl.Header.Get("ce-source"))
	require.Equal(t, "1.0", dl.Header.Get("ce-specversion"))
	var ev contactv1.LeadSubmitted
	require.NoError(t, protojson.Unmarshal(dl.Data, &ev))
	require.Equal(t, "22222222-2222-4222-8222-222222222222", ev.GetLead().GetId(), "the lead itself is kept")

	// No further deliveries after dead-lettering.
	time.Sleep(300 * time.Millisecond)
	again, _ := box.Snapshot()
	require.Equal(t, 3, again)
}

// A webhook turned off by its receiver reaches the office as a notice
// mail saying which, why and what to do; it is not a lead and is never
// dead-lettered as one.
func TestAWebhookTurnedOffIsMailedToTheOffice(t *testing.T) {
	t.Parallel()
	box := &mailbox{}
	js, _ := setup(t, box)
	ev := &contactv1.WebhookDisabled{EndpointId: "5b0e8f7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b", Url: "https://crm.example.com/in",
		Description: "HubSpot", Reason: "failing", FailingSince: timestamppb.New(time.Date(2026, 11, 23, 17, 0, 0, 0, time.UTC)),
		DisabledAt: timestamppb.Now()}
	payload, err := protojson.Marshal(ev)
	require.NoError(t, err)
	_, err = js.Publish(context.Background(), "leads.webhook_disabled", payload)
	require.NoError(t, err)

	require.Eventually(t, func() bool { _, msgs := box.Snapshot(); return len(msgs) == 1 }, 15*time.Second, 20*time.Millisecond)
	_, msgs := box.Snapshot()
	require.Contains(t, msgs[0], "Subject: A webhook was turned off: HubSpot\r\n")
	require.Contains(t, msgs[0], "every delivery to it has failed since Mon Nov 23, 10:00 AM (Arizona time)")
	require.Contains(t, msgs[0], "https://crm.example.com/in")
	require.Contains(t, msgs[0], "Resend since")
	s, err := js.Stream(context.Background(), "LEADS")
	require.NoError(t, err)
	_, err = s.GetLastMsgForSubject(context.Background(), "leads.deadletter")
	require.Error(t, err, "nothing dead-lettered")
}

// Issue 40: a lead from the Spanish site says so near the top of the
// office's mail, before the fields, so whoever calls back does so in
// Spanish; another language is named by its tag; English or none adds
// nothing.
func TestTheMailSaysWhichLanguageTheLeadCameIn(t *testing.T) {
	t.Parallel()
	box := &mailbox{}
	js, _ := setup(t, box)
	ids := map[string]string{
		"es":    "44444444-4444-4444-8444-444444444401",
		"es-MX": "44444444-4444-4444-8444-444444444402",
		"fr-CA": "44444444-4444-4444-8444-444444444403",
		"en-US": "44444444-4444-4444-8444-444444444404",
		"":      "44444444-4444-4444-8444-444444444405",
	}
	for lang, id := range ids {
		publishLead(t, js, id, func(l *contactv1.Lead) { l.LastName, l.Language = "Lopez", lang })
	}
	require.Eventually(t, func() bool { _, msgs := box.Snapshot(); return len(msgs) == len(ids) }, 15*time.Second, 20*time.Millisecond)
	byLang := map[string][]string{}
	for lang, id := range ids {
		byLang[lang] = mailLines(box.About(id))
		require.NotEmpty(t, byLang[lang], "the mail of the lead in %q", lang)
	}
	for _, lang := range []string{"es", "es-MX"} {
		lines := byLang[lang]
		require.Equal(t, leadnotify.PrefersSpanish, lines[1], "%s: the line right after the opening sentence", lang)
		require.Equal(t, "Prefers Spanish (submitted from the Spanish site)", lines[1])
		require.Empty(t, linesStarting(lines, "Language:"), lang)
	}
	require.Equal(t, "Language:         fr-CA", byLang["fr-CA"][1], "another language is named by its tag, first of the fields")
	require.Empty(t, linesStarting(byLang["fr-CA"], "Prefers Spanish"))
	for _, lang := range []string{"en-US", ""} {
		lines := byLang[lang]
		require.True(t, strings.HasPrefix(lines[1], "Name:"), "%q: nothing before the fields: %q", lang, lines[1])
		require.Empty(t, linesStarting(lines, "Prefers Spanish"), lang)
		require.Empty(t, linesStarting(lines, "Language:"), lang)
	}
}

// A notifier reads events with fields it does not know (a contact service
// newer than it added them) and mails the lead, rather than dead-lettering
// it as unreadable.
func TestALeadWithAFieldTheNotifierDoesNotKnowIsMailed(t *testing.T) {
	t.Parallel()
	box := &mailbox{}
	js, _ := setup(t, box)
	const id = "55555555-5555-4555-8555-555555555555"
	payload := `{"lead":{"id":"` + id + `","firstName":"Rosa","lastName":"Delgado","phone":"(602) 555-0150",` +
		`"respondBy":"2026-11-29T17:42:05Z","createdAt":"2026-11-28T17:42:05Z","aFieldFromTheFuture":{"x":1}}}`
	_, err := js.Publish(context.Background(), "leads.submitted", []byte(payload))
	require.NoError(t, err)
	require.Eventually(t, func() bool { _, msgs := box.Snapshot(); return len(msgs) == 1 }, 15*time.Second, 20*time.Millisecond)
	_, msgs := box.Snapshot()
	require.Contains(t, msgs[0], "Subject: New inspection request: Rosa Delgado\r\n")
	require.Contains(t, msgs[0], "Lead id: "+id)
}

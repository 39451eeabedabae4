package leadnotify_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/spantest"
)

// logLines are the JSON records logged with msg.
func logLines(t *testing.T, out *logtest.Buffer, msg string) []map[string]any {
	t.Helper()
	var lines []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil && m["msg"] == msg {
			lines = append(lines, m)
		}
	}
	return lines
}

// publishSent publishes a lead under a send span of its own, as the
// outbox relay does, and returns that span.
func publishSent(t *testing.T, js jetstream.JetStream, id string) trace.Span {
	t.Helper()
	sctx, send := msgtrace.StartSend(context.Background(), msgtrace.Message{Subject: "leads.submitted", ID: id})
	publishLeadIn(sctx, t, js, id)
	send.End()
	return send
}

// A delivery continues the lead's trace: its process span is a child of
// the relay's send span (from the message's headers), the mail's span a
// child of that, and the notifier's line about the lead carries the trace.
func TestEachDeliveryContinuesTheLeadsTrace(t *testing.T) {
	rec := spantest.Record(t)
	out := &logtest.Buffer{}
	js, _ := setupLogging(t, &mailbox{}, logging.NewWithWriter("lead-notifier", out, 0))
	const id = "33333333-3333-4333-8333-333333333333"
	send := publishSent(t, js, id)

	require.Eventually(t, func() bool { return len(spantest.Named(rec, "send mail")) == 1 }, 15*time.Second, 20*time.Millisecond)
	process := spantest.Named(rec, "process leads.submitted")
	require.Len(t, process, 1)
	p, mail := process[0], spantest.Named(rec, "send mail")[0]
	require.Equal(t, send.SpanContext().SpanID(), p.Parent().SpanID(), "the process span's parent is the relay's send")
	require.Equal(t, send.SpanContext().TraceID(), p.SpanContext().TraceID())
	require.Equal(t, trace.SpanKindConsumer, p.SpanKind())
	require.Equal(t, p.SpanContext().SpanID(), mail.Parent().SpanID())
	require.Equal(t, trace.SpanKindClient, mail.SpanKind())
	mailAttrs := spantest.Attrs(mail)
	require.Equal(t, "127.0.0.1", mailAttrs["server.address"], "the mail server it went to")
	require.NotEmpty(t, mailAttrs["server.port"])
	attrs := spantest.Attrs(p)
	require.Equal(t, id, attrs["trenchless.lead.id"])
	require.Equal(t, "lead-notifier", attrs["messaging.consumer.group.name"])
	require.Equal(t, "1", attrs["messaging.nats.delivery_count"])

	require.Eventually(t, func() bool { return len(logLines(t, out, "lead mailed to the office")) == 1 }, 5*time.Second, 20*time.Millisecond)
	line := logLines(t, out, "lead mailed to the office")[0]
	require.Equal(t, send.SpanContext().TraceID().String(), line["trace_id"])
	require.Equal(t, id, line["lead_id"])
}

// A lead that cannot be mailed: every attempt's span is an error in the
// lead's trace, and the dead-letter copy is sent under the last one, its
// headers naming that send for whoever reads the dead letters.
func TestADeadLetteredLeadStaysInItsTrace(t *testing.T) {
	rec := spantest.Record(t)
	js, _ := setup(t, &mailbox{Fail: true})
	const id = "44444444-4444-4444-8444-444444444444"
	send := publishSent(t, js, id)

	require.Eventually(t, func() bool { return len(spantest.Named(rec, "send leads.deadletter")) == 1 }, 15*time.Second, 20*time.Millisecond)
	process := spantest.Named(rec, "process leads.submitted")
	require.Len(t, process, 3, "one span per delivery")
	for _, p := range process {
		require.Equal(t, send.SpanContext().SpanID(), p.Parent().SpanID())
		require.Equal(t, codes.Error, p.Status().Code)
	}
	dl := spantest.Named(rec, "send leads.deadletter")[0]
	require.Equal(t, process[2].SpanContext().SpanID(), dl.Parent().SpanID(), "sent under the last delivery")
	s, err := js.Stream(context.Background(), "LEADS")
	require.NoError(t, err)
	msg, err := s.GetLastMsgForSubject(context.Background(), "leads.deadletter")
	require.NoError(t, err)
	require.Equal(t, "00-"+dl.SpanContext().TraceID().String()+"-"+dl.SpanContext().SpanID().String()+"-01", msg.Header.Get("traceparent"))
}

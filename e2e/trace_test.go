package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
	"github.com/valleytrenchless/site/internal/testkit/traces"
)

// tracedStack is the whole product with every binary (the notifier too)
// exporting its spans over OTLP to a real OpenTelemetry Collector, which
// writes them to a file the test reads (ADR 0014: Jaeger, the backend of
// make run TRACING=1, takes ten times as long to build).
type tracedStack struct {
	*stack
	spans    traces.Store
	notifier *proc
}

func startTracedStack(t *testing.T) *tracedStack {
	t.Helper()
	j, err := scratch.StartCollector(t.TempDir())
	require.NoError(t, err, "the trace backend")
	t.Cleanup(func() { j.P.Stop(5 * time.Second) })
	env := map[string][]string{}
	for _, svc := range []string{"content", "contact", "media", "gateway"} {
		env[svc] = []string{strings.ToUpper(svc) + "_OTLP_ENDPOINT=" + j.OTLP}
	}
	env["gateway"] = append(env["gateway"], "GATEWAY_REGISTRATION_OPEN=true")
	st := startStackWith(t, stackOptions{env: env})
	n := start(t, filepath.Join(st.bins, "notifier"), "NOTIFIER_NATS_URL="+st.natsURL, "NOTIFIER_OTLP_ENDPOINT="+j.OTLP,
		"NOTIFIER_HEALTH_ADDR="+freeAddr(t), "NOTIFIER_METRICS_ADDR=", "LOG_LEVEL=debug")
	return &tracedStack{stack: st, spans: traces.File{Path: j.Spans}, notifier: n}
}

// awaitTrace waits until the backend holds a trace with a span of service
// tagged with tags that done accepts, and returns it.
func (ts *tracedStack) awaitTrace(t *testing.T, what string, q traces.Query, done func(traces.Trace) bool) traces.Trace {
	t.Helper()
	var got traces.Trace
	waitFor(t, what, 60*time.Second, func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		found, err := ts.spans.Find(ctx, q)
		if err != nil || len(found) == 0 {
			return false
		}
		tr, err := ts.spans.Get(ctx, found[0].ID)
		if err != nil || !done(tr) {
			return false
		}
		got = tr
		return true
	})
	return got
}

// only returns the one span of service named name.
func only(t *testing.T, tr traces.Trace, service, name string) traces.Span {
	t.Helper()
	spans := tr.Named(service, name)
	require.Len(t, spans, 1, "one %s span %q in\n%s", service, name, tr.Text())
	return spans[0]
}

// requireChild asserts that child's parent is parent, in the same trace.
func requireChild(t *testing.T, tr traces.Trace, parent, child traces.Span) {
	t.Helper()
	require.Equal(t, parent.TraceID, child.TraceID)
	require.Equal(t, parent.SpanID, child.Parent(), "%s: %s is the parent of %s: %s in\n%s",
		parent.Service, parent.Name, child.Service, child.Name, tr.Text())
}

// logLines returns the JSON lines of a process's log that satisfy match.
func logLines(t *testing.T, p *proc, match func(map[string]any) bool) []map[string]any {
	t.Helper()
	f, err := os.Open(p.log.Name())
	require.NoError(t, err)
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var line map[string]any
		if json.Unmarshal(sc.Bytes(), &line) == nil && match(line) {
			out = append(out, line)
		}
	}
	return out
}

// A lead's journey is one trace: the edge's HTTP span, the gRPC
// call to contact, the group-committed insert, the outbox relay's send
// (its context stored with the outbox row, then carried in the NATS
// headers), the notifier's process and its mail, each the parent of the
// next. No span says who the visitor is, and the log lines of the request
// carry its trace id.
func TestALeadsJourneyIsOneTrace(t *testing.T) {
	t.Parallel()
	ts := startTracedStack(t)

	home, _ := spec7Payloads(t)
	lead := map[string]any{}
	for k, v := range home {
		lead[k] = v
	}
	personal := map[string]string{"firstName": "Marisol", "lastName": "Quintanilla", "email": "marisol.trace@example.com",
		"phone": "(602) 555-0147", "address": "4821 E Cactus Wren Rd"}
	for k, v := range personal {
		lead[k] = v
	}
	code, sent := newClient(t, ts.base).json("POST", "/api/contact", lead)
	require.Equal(t, 200, code, "%v", sent)
	id := sent["id"].(string)

	tr := ts.awaitTrace(t, "the lead's trace through to its mail",
		traces.Query{Service: "contact", Operation: "INSERT contact.submissions", Tags: map[string]string{"trenchless.lead.id": id}},
		func(tr traces.Trace) bool { return len(tr.Named("lead-notifier", "send mail")) > 0 })
	t.Logf("the lead's trace:\n%s", tr.Text())

	edge := only(t, tr, "gateway", "POST /api/contact")
	require.Empty(t, edge.Parent(), "the edge's span is the root")
	require.Equal(t, "server", edge.Attrs["span.kind"])
	require.Equal(t, "/api/contact", edge.Attrs["http.route"])
	require.Equal(t, "200", edge.Attrs["http.response.status_code"])
	const submit = "trenchless.contact.v1.ContactService/SubmitInspectionRequest"
	call := only(t, tr, "gateway", submit)
	requireChild(t, tr, edge, call)
	require.Equal(t, "client", call.Attrs["span.kind"])
	served := only(t, tr, "contact", submit)
	requireChild(t, tr, call, served)
	require.Equal(t, "server", served.Attrs["span.kind"])
	insert := only(t, tr, "contact", "INSERT contact.submissions")
	requireChild(t, tr, served, insert)
	require.Equal(t, "postgresql", insert.Attrs["db.system.name"])
	require.Equal(t, id, insert.Attrs["trenchless.lead.id"])
	require.Regexp(t, `^[1-9][0-9]*$`, insert.Attrs["db.operation.batch.size"], "the group commit says how many leads it carried")
	require.Contains(t, insert.Events, "batch write began")
	send := only(t, tr, "contact", "send leads.submitted")
	requireChild(t, tr, insert, send)
	require.Equal(t, "producer", send.Attrs["span.kind"])
	require.Equal(t, "nats", send.Attrs["messaging.system"])
	require.Equal(t, "leads.submitted", send.Attrs["messaging.destination.name"])
	require.Equal(t, id, send.Attrs["messaging.message.id"])
	require.NotEmpty(t, send.Attrs["trenchless.outbox.id"])
	process := only(t, tr, "lead-notifier", "process leads.submitted")
	requireChild(t, tr, send, process)
	require.Equal(t, "consumer", process.Attrs["span.kind"])
	require.Equal(t, "lead-notifier", process.Attrs["messaging.consumer.group.name"])
	require.Equal(t, id, process.Attrs["trenchless.lead.id"])
	mail := only(t, tr, "lead-notifier", "send mail")
	requireChild(t, tr, process, mail)
	for _, s := range tr.Spans {
		require.Equal(t, tr.ID, s.TraceID)
		require.NotEqual(t, "ERROR", s.Attrs["otel.status_code"], "%s: %s failed", s.Service, s.Name)
	}

	// No personal data in the trace: not in any attribute or event,
	// and not the phone's digits either.
	digits := regexp.MustCompile(`[^0-9]`).ReplaceAllString(personal["phone"], "")
	for _, s := range tr.Spans {
		texts := append([]string{s.Name}, s.Events...)
		for k, v := range s.Attrs {
			texts = append(texts, k+"="+v)
		}
		for _, text := range texts {
			low := strings.ToLower(text)
			for field, v := range personal {
				require.NotContains(t, low, strings.ToLower(v), "%s: %s names the visitor's %s", s.Service, s.Name, field)
			}
			require.NotContains(t, regexp.MustCompile(`[^0-9]`).ReplaceAllString(text, ""), digits, "%s: %s holds the phone's digits: %q", s.Service, s.Name, text)
		}
	}

	// Logs and traces meet: each process's lines about this request
	// carry its trace id.
	traceOf := func(p *proc, what string, match func(map[string]any) bool) {
		t.Helper()
		var lines []map[string]any
		waitFor(t, what+" logged", 10*time.Second, func() bool { lines = logLines(t, p, match); return len(lines) > 0 })
		for _, l := range lines {
			require.Equal(t, tr.ID, l["trace_id"], "%s: %v", what, l)
		}
	}
	traceOf(ts.gateway, "the edge's access line", func(l map[string]any) bool {
		return l["msg"] == "request" && l["path"] == "/api/contact" && l["method"] == "POST"
	})
	traceOf(ts.contact, "contact's gRPC call", func(l map[string]any) bool {
		return l["msg"] == "grpc call" && l["method"] == "/"+submit
	})
	traceOf(ts.notifier, "the notifier's mail", func(l map[string]any) bool {
		return l["lead_id"] == id
	})
}

// A staff save is one trace too: the edge, the content service, its
// content.changed send, and the gateway's processing of that event with
// the refill of the pages visitors were reading, which reads the texts
// from content again.
func TestAPostSaveIsOneTraceThroughTheGatewaysRefill(t *testing.T) {
	t.Parallel()
	ts := startTracedStack(t)
	staff := signedInStaff(t, ts.stack)
	// A visitor reads the home page: after the save, it is filled again.
	code, _ := get(t, ts.base+"/")
	require.Equal(t, 200, code)
	code, created := staff.json("POST", "/api/admin/blog-posts", map[string]any{
		"title": "Traced Lining Notes", "slug": "traced-lining-notes", "excerpt": "Followed end to end.",
		"content": "## Lining\n\nCured in place.", "isPublished": true,
	})
	require.Equal(t, 200, code, "%v", created)
	postID := created["id"].(string)

	tr := ts.awaitTrace(t, "the save's trace through the refill",
		traces.Query{Service: "content", Operation: "send content.changed", Tags: map[string]string{"trenchless.content.id": postID}},
		func(tr traces.Trace) bool {
			for _, s := range tr.Named("gateway", "refill public pages") {
				if len(tr.Spans) > 0 && s.Duration > 0 {
					return true
				}
			}
			return false
		})
	t.Logf("the save's trace:\n%s", tr.Text())

	edge := only(t, tr, "gateway", "POST /api/admin/blog-posts")
	require.Empty(t, edge.Parent())
	const create = "trenchless.content.v1.ContentAdminService/CreatePost"
	call := only(t, tr, "gateway", create)
	requireChild(t, tr, edge, call)
	served := only(t, tr, "content", create)
	requireChild(t, tr, call, served)
	send := only(t, tr, "content", "send content.changed")
	requireChild(t, tr, served, send)
	require.Equal(t, "post", send.Attrs["trenchless.content.kind"])
	require.Equal(t, postID, send.Attrs["trenchless.content.id"])
	process := only(t, tr, "gateway", "process content.changed")
	requireChild(t, tr, send, process)
	require.Contains(t, process.Events, "public cache emptied")
	refill := tr.Named("gateway", "refill public pages")[0]
	requireChild(t, tr, process, refill)
	// The refill reads the texts again through gRPC.
	var reads int
	for _, s := range tr.Spans {
		if s.Service == "gateway" && s.Parent() == refill.SpanID && strings.HasPrefix(s.Name, "trenchless.content.v1.") {
			reads++
		}
	}
	require.Positive(t, reads, "the refill's reads of content are its children:\n%s", tr.Text())
}

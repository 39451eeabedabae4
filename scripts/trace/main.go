// Command trace prints a trace from Jaeger as text: each span under its
// parent, with its service, name, offset and duration. It is how to follow
// one lead through the stack that `make run TRACING=1` started:
//
//	go run ./scripts/trace -latest          # the newest lead's journey
//	go run ./scripts/trace -lead <lead id>  # one lead (its id is in the inbox and its e-mail)
//	go run ./scripts/trace -trace <trace id> # any trace, e.g. from a log line's trace_id
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/traces"
)

func main() {
	base := flag.String("jaeger", "http://127.0.0.1:16686", "Jaeger's query address")
	lead := flag.String("lead", "", "a lead's id: print the trace of its submission")
	traceID := flag.String("trace", "", "a trace id (a log line's trace_id)")
	latest := flag.Bool("latest", false, "print the newest lead's trace")
	flag.Parse()
	if err := run(traces.Jaeger{Base: *base}, *lead, *traceID, *latest); err != nil {
		fmt.Fprintln(os.Stderr, "trace:", err)
		os.Exit(1)
	}
}

// leadSpan is the span every lead's trace has, tagged with the lead's id.
const leadSpan = "INSERT contact.submissions"

func run(c traces.Jaeger, lead, traceID string, latest bool) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	switch {
	case traceID != "":
	case lead != "" || latest:
		q := traces.Query{Service: "contact", Operation: leadSpan, Limit: 1}
		if lead != "" {
			q.Tags = map[string]string{"trenchless.lead.id": lead}
		}
		found, err := c.Find(ctx, q)
		if err != nil {
			return err
		}
		if len(found) > 0 {
			traceID = found[0].ID
		}
		if traceID == "" {
			return errors.New("no lead's trace in the last hour (is the stack running with TRACING=1?)")
		}
	default:
		return errors.New("name -lead ID, -trace ID or -latest")
	}
	t, err := c.Get(ctx, traceID)
	if err != nil {
		return err
	}
	fmt.Print(t.Text())
	return nil
}

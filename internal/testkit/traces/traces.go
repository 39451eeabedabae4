// Package traces reads traces back from a trace backend and prints one as
// text: the span tree with each span's service, name and duration. Two
// backends hold them: Jaeger's query API (the one Jaeger's own UI reads;
// make run TRACING=1, make bench, `go run ./scripts/trace`) and the OTLP
// JSON lines an OpenTelemetry Collector's file exporter writes (make
// test's trace test, scripts/otelcol). Both answer the same Query with the
// same Trace, spans named as Jaeger names them (span.kind,
// otel.status_code).
package traces

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Store is a backend that holds traces.
type Store interface {
	// Find returns the traces q selects, newest first.
	Find(ctx context.Context, q Query) ([]Trace, error)
	// Get returns one trace by id.
	Get(ctx context.Context, traceID string) (Trace, error)
}

// Ref is a reference from a span to another: its parent (ChildOf) or a
// link (FollowsFrom, as Jaeger shows OpenTelemetry span links).
type Ref struct {
	Type    string // CHILD_OF or FOLLOWS_FROM
	TraceID string
	SpanID  string
}

// Span is one span as the backend stored it.
type Span struct {
	TraceID  string
	SpanID   string
	Name     string
	Service  string
	Start    time.Time
	Duration time.Duration
	// Attrs are the span's attributes (tags), span.kind and the status
	// included, as strings.
	Attrs map[string]string
	Refs  []Ref
	// Events are the names of the span's events (Jaeger's logs).
	Events []string
}

// Parent is the span's parent's id, or "" for a root.
func (s Span) Parent() string {
	for _, r := range s.Refs {
		if r.Type == "CHILD_OF" && r.TraceID == s.TraceID {
			return r.SpanID
		}
	}
	return ""
}

// Links are the span's links (FOLLOWS_FROM references).
func (s Span) Links() []Ref {
	var out []Ref
	for _, r := range s.Refs {
		if r.Type == "FOLLOWS_FROM" {
			out = append(out, r)
		}
	}
	return out
}

// Trace is one trace's spans, in start order.
type Trace struct {
	ID    string
	Spans []Span
}

// Named returns the spans of service named name.
func (t Trace) Named(service, name string) []Span {
	var out []Span
	for _, s := range t.Spans {
		if s.Service == service && s.Name == name {
			out = append(out, s)
		}
	}
	return out
}

// Span returns the span with id, if the trace has it.
func (t Trace) Span(id string) (Span, bool) {
	for _, s := range t.Spans {
		if s.SpanID == id {
			return s, true
		}
	}
	return Span{}, false
}

// Query selects traces: those of the last hour (or of Start to End) with
// a span of Service (named Operation, if given) that has every one of Tags
// (exact values).
type Query struct {
	Service   string
	Operation string
	Tags      map[string]string
	// Limit caps the traces (20 when zero; Jaeger refuses one not below
	// the traces it keeps).
	Limit      int
	Start, End time.Time
}

// matches reports whether s is a span q selects.
func (q Query) matches(s Span) bool {
	if s.Service != q.Service || (q.Operation != "" && s.Name != q.Operation) {
		return false
	}
	if !q.Start.IsZero() && (s.Start.Before(q.Start) || s.Start.After(q.End)) {
		return false
	}
	for k, v := range q.Tags {
		if s.Attrs[k] != v {
			return false
		}
	}
	return true
}

// Text prints the trace as a tree: each span under its parent, in start
// order, with its service, name, offset from the trace's start and
// duration, and its links. Spans whose parent is not in the trace are
// printed as roots.
func (t Trace) Text() string {
	if len(t.Spans) == 0 {
		return ""
	}
	children := map[string][]Span{}
	var roots []Span
	for _, s := range t.Spans {
		if p := s.Parent(); p != "" {
			if _, ok := t.Span(p); ok {
				children[p] = append(children[p], s)
				continue
			}
		}
		roots = append(roots, s)
	}
	start := t.Spans[0].Start
	for _, s := range t.Spans {
		if s.Start.Before(start) {
			start = s.Start
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "trace %s\n", t.ID)
	var walk func(s Span, depth int)
	walk = func(s Span, depth int) {
		label := strings.Repeat("  ", depth) + s.Service + ": " + s.Name
		fmt.Fprintf(&b, "%-80s +%8s %9s", label, ms(s.Start.Sub(start)), ms(s.Duration))
		if n := len(s.Links()); n > 0 {
			fmt.Fprintf(&b, "  (links %d)", n)
		}
		if s.Attrs["otel.status_code"] == "ERROR" || s.Attrs["error"] == "true" {
			b.WriteString("  ERROR")
		}
		b.WriteByte('\n')
		kids := children[s.SpanID]
		slices.SortStableFunc(kids, func(a, b Span) int { return cmp.Compare(a.Start.UnixNano(), b.Start.UnixNano()) })
		for _, k := range kids {
			walk(k, depth+1)
		}
	}
	for _, r := range roots {
		walk(r, 0)
	}
	return b.String()
}

// ms prints d in milliseconds with two decimals.
func ms(d time.Duration) string {
	return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000)
}

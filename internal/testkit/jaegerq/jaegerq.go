// Package jaegerq reads traces from a Jaeger query service (its HTTP API,
// the one Jaeger's own UI reads) and prints one as text: the span tree with
// each span's service, name and duration. The trace test asserts on what it
// returns; `go run ./scripts/trace` prints a lead's journey with it.
package jaegerq

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Client asks one Jaeger query service, e.g. http://127.0.0.1:16686.
type Client struct {
	Base string
	HTTP *http.Client // nil: a client with a 10 s timeout
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

// Find returns the traces q selects, newest first.
func (c Client) Find(ctx context.Context, q Query) ([]Trace, error) {
	if q.Limit == 0 {
		q.Limit = 20
	}
	v := url.Values{"service": {q.Service}, "limit": {fmt.Sprint(q.Limit)}}
	if q.Start.IsZero() {
		v.Set("lookback", "1h")
	} else {
		v.Set("start", fmt.Sprint(q.Start.UnixMicro()))
		v.Set("end", fmt.Sprint(q.End.UnixMicro()))
	}
	if q.Operation != "" {
		v.Set("operation", q.Operation)
	}
	if len(q.Tags) > 0 {
		b, err := json.Marshal(q.Tags)
		if err != nil {
			return nil, err
		}
		v.Set("tags", string(b))
	}
	traces, err := c.get(ctx, "/api/traces?"+v.Encode())
	slices.SortFunc(traces, func(a, b Trace) int { return b.Spans[0].Start.Compare(a.Spans[0].Start) })
	return traces, err
}

// Get returns one trace by id.
func (c Client) Get(ctx context.Context, traceID string) (Trace, error) {
	traces, err := c.get(ctx, "/api/traces/"+url.PathEscape(traceID))
	if err != nil {
		return Trace{}, err
	}
	if len(traces) != 1 {
		return Trace{}, fmt.Errorf("jaeger: trace %s: %d traces in the answer", traceID, len(traces))
	}
	return traces[0], nil
}

// Services lists the services the backend has spans of.
func (c Client) Services(ctx context.Context) ([]string, error) {
	var out struct {
		Data []string `json:"data"`
	}
	if err := c.getJSON(ctx, "/api/services", &out); err != nil {
		return nil, err
	}
	slices.Sort(out.Data)
	return out.Data, nil
}

type wireTrace struct {
	TraceID string `json:"traceID"`
	Spans   []struct {
		TraceID       string `json:"traceID"`
		SpanID        string `json:"spanID"`
		OperationName string `json:"operationName"`
		References    []struct {
			RefType string `json:"refType"`
			TraceID string `json:"traceID"`
			SpanID  string `json:"spanID"`
		} `json:"references"`
		StartTime int64     `json:"startTime"` // µs since the epoch
		Duration  int64     `json:"duration"`  // µs
		Tags      []wireTag `json:"tags"`
		Logs      []struct {
			Fields []wireTag `json:"fields"`
		} `json:"logs"`
		ProcessID string `json:"processID"`
	} `json:"spans"`
	Processes map[string]struct {
		ServiceName string `json:"serviceName"`
	} `json:"processes"`
}

type wireTag struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

func (c Client) get(ctx context.Context, path string) ([]Trace, error) {
	var out struct {
		Data []wireTrace `json:"data"`
	}
	if err := c.getJSON(ctx, path, &out); err != nil {
		return nil, err
	}
	traces := make([]Trace, 0, len(out.Data))
	for _, wt := range out.Data {
		t := Trace{ID: wt.TraceID}
		for _, ws := range wt.Spans {
			s := Span{TraceID: ws.TraceID, SpanID: ws.SpanID, Name: ws.OperationName,
				Service: wt.Processes[ws.ProcessID].ServiceName, Start: time.UnixMicro(ws.StartTime),
				Duration: time.Duration(ws.Duration) * time.Microsecond, Attrs: map[string]string{}}
			for _, tag := range ws.Tags {
				s.Attrs[tag.Key] = fmt.Sprint(tag.Value)
			}
			for _, r := range ws.References {
				s.Refs = append(s.Refs, Ref{Type: r.RefType, TraceID: r.TraceID, SpanID: r.SpanID})
			}
			for _, l := range ws.Logs {
				for _, f := range l.Fields {
					if f.Key == "event" {
						s.Events = append(s.Events, fmt.Sprint(f.Value))
					}
				}
			}
			t.Spans = append(t.Spans, s)
		}
		if len(t.Spans) == 0 {
			continue
		}
		slices.SortStableFunc(t.Spans, func(a, b Span) int { return a.Start.Compare(b.Start) })
		traces = append(traces, t)
	}
	return traces, nil
}

func (c Client) getJSON(ctx context.Context, path string, v any) error {
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(c.Base, "/")+path, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("jaeger query: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("jaeger query: %w", err)
	}
	if resp.StatusCode == http.StatusNotFound {
		return fmt.Errorf("jaeger query %s: not found", path)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("jaeger query %s: %s: %.300s", path, resp.Status, body)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("jaeger query %s: %w", path, err)
	}
	return nil
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

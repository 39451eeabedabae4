package traces

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"time"
)

// File reads the spans an OpenTelemetry Collector's file exporter wrote to
// Path: one OTLP JSON export request per line (the collector's own
// encoding, ids in hex), appended as batches arrive. Each call reads the
// file again, so a test sees what was flushed so far.
type File struct {
	Path string
}

// Find returns the traces q selects, newest first. Without Start and End
// it looks at every span in the file (one test's run), not the last hour.
func (f File) Find(_ context.Context, q Query) ([]Trace, error) {
	if q.Limit == 0 {
		q.Limit = 20
	}
	all, err := f.traces()
	if err != nil {
		return nil, err
	}
	var out []Trace
	for _, t := range all {
		if slices.ContainsFunc(t.Spans, q.matches) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b Trace) int { return b.Spans[0].Start.Compare(a.Spans[0].Start) })
	if len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, nil
}

// Get returns one trace by id.
func (f File) Get(_ context.Context, traceID string) (Trace, error) {
	all, err := f.traces()
	if err != nil {
		return Trace{}, err
	}
	for _, t := range all {
		if t.ID == traceID {
			return t, nil
		}
	}
	return Trace{}, fmt.Errorf("otlp file: trace %s: not found", traceID)
}

// traces reads every span in the file, grouped into traces whose spans are
// in start order.
func (f File) traces() ([]Trace, error) {
	fh, err := os.Open(f.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // nothing exported yet
	}
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	byID := map[string]*Trace{}
	var order []string
	r := bufio.NewReader(fh)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) && (len(line) == 0 || line[len(line)-1] != '\n') {
			break // a line still being written is read next time
		}
		if err != nil {
			return nil, err
		}
		var req otlpRequest
		if err := json.Unmarshal(line, &req); err != nil {
			return nil, fmt.Errorf("otlp file %s, line %d: %w", f.Path, n, err)
		}
		for _, s := range req.spans() {
			t := byID[s.TraceID]
			if t == nil {
				t = &Trace{ID: s.TraceID}
				byID[s.TraceID] = t
				order = append(order, s.TraceID)
			}
			t.Spans = append(t.Spans, s)
		}
	}
	out := make([]Trace, 0, len(order))
	for _, id := range order {
		t := byID[id]
		slices.SortStableFunc(t.Spans, func(a, b Span) int { return a.Start.Compare(b.Start) })
		out = append(out, *t)
	}
	return out, nil
}

// otlpRequest is an ExportTraceServiceRequest in OTLP's JSON encoding.
type otlpRequest struct {
	ResourceSpans []struct {
		Resource struct {
			Attributes []otlpKeyValue `json:"attributes"`
		} `json:"resource"`
		ScopeSpans []struct {
			Spans []otlpSpan `json:"spans"`
		} `json:"scopeSpans"`
	} `json:"resourceSpans"`
}

type otlpSpan struct {
	TraceID      string         `json:"traceId"`
	SpanID       string         `json:"spanId"`
	ParentSpanID string         `json:"parentSpanId"`
	Name         string         `json:"name"`
	Kind         int            `json:"kind"`
	Start        string         `json:"startTimeUnixNano"`
	End          string         `json:"endTimeUnixNano"`
	Attributes   []otlpKeyValue `json:"attributes"`
	Events       []struct {
		Name string `json:"name"`
	} `json:"events"`
	Links []struct {
		TraceID string `json:"traceId"`
		SpanID  string `json:"spanId"`
	} `json:"links"`
	Status struct {
		Code int `json:"code"`
	} `json:"status"`
}

type otlpKeyValue struct {
	Key   string         `json:"key"`
	Value map[string]any `json:"value"` // one of stringValue, intValue (a string), boolValue, doubleValue, …
}

// spanKinds are OTLP's span kinds as Jaeger tags them (span.kind).
var spanKinds = map[int]string{2: "server", 3: "client", 4: "producer", 5: "consumer"}

// spans returns the request's spans in this package's terms.
func (r otlpRequest) spans() []Span {
	var out []Span
	for _, rs := range r.ResourceSpans {
		service := ""
		for _, kv := range rs.Resource.Attributes {
			if kv.Key == "service.name" {
				service = kv.text()
			}
		}
		for _, ss := range rs.ScopeSpans {
			for _, sp := range ss.Spans {
				start, end := unixNano(sp.Start), unixNano(sp.End)
				s := Span{TraceID: sp.TraceID, SpanID: sp.SpanID, Name: sp.Name, Service: service,
					Start: start, Duration: end.Sub(start), Attrs: map[string]string{}}
				for _, kv := range sp.Attributes {
					s.Attrs[kv.Key] = kv.text()
				}
				if k, ok := spanKinds[sp.Kind]; ok {
					s.Attrs["span.kind"] = k
				}
				switch sp.Status.Code {
				case 1:
					s.Attrs["otel.status_code"] = "OK"
				case 2:
					s.Attrs["otel.status_code"] = "ERROR"
					s.Attrs["error"] = "true"
				}
				if sp.ParentSpanID != "" {
					s.Refs = append(s.Refs, Ref{Type: "CHILD_OF", TraceID: sp.TraceID, SpanID: sp.ParentSpanID})
				}
				for _, l := range sp.Links {
					s.Refs = append(s.Refs, Ref{Type: "FOLLOWS_FROM", TraceID: l.TraceID, SpanID: l.SpanID})
				}
				for _, e := range sp.Events {
					s.Events = append(s.Events, e.Name)
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// text is the attribute's value as a string, whatever its type.
func (kv otlpKeyValue) text() string {
	for _, v := range kv.Value {
		return fmt.Sprint(v)
	}
	return ""
}

// unixNano reads OTLP JSON's nanoseconds since the epoch (a decimal string).
func unixNano(s string) time.Time {
	n, _ := strconv.ParseInt(s, 10, 64)
	return time.Unix(0, n)
}

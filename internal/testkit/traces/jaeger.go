package traces

import (
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

// Jaeger asks one Jaeger query service, e.g. http://127.0.0.1:16686.
type Jaeger struct {
	Base string
	HTTP *http.Client // nil: a client with a 10 s timeout
}

// Find returns the traces q selects, newest first.
func (c Jaeger) Find(ctx context.Context, q Query) ([]Trace, error) {
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
func (c Jaeger) Get(ctx context.Context, traceID string) (Trace, error) {
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
func (c Jaeger) Services(ctx context.Context) ([]string, error) {
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

func (c Jaeger) get(ctx context.Context, path string) ([]Trace, error) {
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

func (c Jaeger) getJSON(ctx context.Context, path string, v any) error {
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

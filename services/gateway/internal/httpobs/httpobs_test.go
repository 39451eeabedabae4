package httpobs

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/spantest"
)

// records are the JSON lines logged so far.
func records(t *testing.T, out *logtest.Buffer) []map[string]any {
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		recs = append(recs, m)
	}
	return recs
}

func TestHandlerCountsLogsAndTracesOnlyServiceCalls(t *testing.T) {
	spans := spantest.Record(t)

	reg := prometheus.NewRegistry()
	out := &logtest.Buffer{}
	h := Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/missing":
			http.NotFound(w, r)
		case "/api/blog-posts":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"posts":[]}`)
		default:
			_, _ = w.Write([]byte("<!doctype html>"))
		}
	}), Options{Service: "gateway", Registry: reg, Log: &AccessLog{Service: "gateway", Out: out}, Traced: func(r *http.Request) bool { return ServicePaths(r.URL.Path) }})

	for _, p := range []string{"/", "/missing", "/api/blog-posts", "/caf\xe9\"<x>\n"} {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = p
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	req := httptest.NewRequest("BREW", "/", nil)
	h.ServeHTTP(httptest.NewRecorder(), req)

	require.Equal(t, 3.0, testutil.ToFloat64(prometheusCounter(t, reg, "200", "get")))
	require.Equal(t, 1.0, testutil.ToFloat64(prometheusCounter(t, reg, "404", "get")))
	require.Equal(t, 1.0, testutil.ToFloat64(prometheusCounter(t, reg, "200", "other")))

	recs := records(t, out)
	require.Len(t, recs, 5)
	require.Equal(t, "request", recs[0]["msg"])
	require.Equal(t, "gateway", recs[0]["service"])
	require.Equal(t, "/", recs[0]["path"])
	require.EqualValues(t, 200, recs[0]["status"])
	require.EqualValues(t, len("<!doctype html>"), recs[0]["bytes"])
	require.EqualValues(t, 404, recs[1]["status"])
	// Only the API call got a span, and its line names it.
	require.Len(t, spans.Ended(), 1)
	require.Equal(t, spans.Ended()[0].SpanContext().TraceID().String(), recs[2]["trace_id"])
	require.NotContains(t, recs[0], "trace_id")
	// Any path is logged as valid JSON, as encoding/json would escape it.
	require.Equal(t, "/caf\ufffd\"<x>\n", recs[3]["path"])
	require.Equal(t, "BREW", recs[4]["method"])
}

func prometheusCounter(t *testing.T, reg *prometheus.Registry, code, method string) prometheus.Collector {
	t.Helper()
	mfs, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != "http_requests_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["code"] == code && labels["method"] == method {
				return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "x"}, func() float64 { return m.GetCounter().GetValue() })
			}
		}
	}
	t.Fatalf("no http_requests_total{code=%q,method=%q}", code, method)
	return nil
}

func TestJSONStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "/blog/a-b", "a\"b\\c", "tab\tnl\ncr\r", "\x00\x1f", "<script>&", "ünïcødé", "\xff\xfe", "line\u2028sep\u2029", "emoji 🚰"} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		require.Equal(t, string(want), string(appendJSONString(nil, s)), "%q", s)
	}
}

// The live lead stream flushes through the wrapper, and a file body keeps
// the connection's ReadFrom (sendfile).
func TestRecorderKeepsFlushAndReadFrom(t *testing.T) {
	reg := prometheus.NewRegistry()
	var flushed, readFrom bool
	h := Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "data: 1\n\n")
		flushed = http.NewResponseController(w).Flush() == nil
		_, ok := w.(io.ReaderFrom)
		readFrom = ok
		_, _ = io.Copy(w, strings.NewReader("more"))
	}), Options{Service: "gateway", Registry: reg})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/contact-submissions/events", nil))
	require.True(t, flushed)
	require.True(t, rec.Flushed)
	require.True(t, readFrom)
	require.Equal(t, "data: 1\n\nmore", rec.Body.String())
}

// A request the fast lane answers is counted and logged as Handler does
// one net/http served: the same series and the same line.
func TestRecordCountsAndLogsLikeHandler(t *testing.T) {
	reg := prometheus.NewRegistry()
	out := &logtest.Buffer{}
	ob := New(Options{Service: "gateway", Registry: reg, Log: &AccessLog{Service: "gateway", Out: out}})
	h := ob.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "page") }))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/phoenix", nil))
	start := time.Now()
	ob.Record("GET", "/phoenix", 200, 4, start, start.Add(1500*time.Microsecond))
	ob.Record("HEAD", "/", 304, 0, start, start.Add(time.Millisecond))

	require.Equal(t, 2.0, testutil.ToFloat64(prometheusCounter(t, reg, "200", "get")))
	require.Equal(t, 1.0, testutil.ToFloat64(prometheusCounter(t, reg, "304", "head")))
	recs := records(t, out)
	require.Len(t, recs, 3)
	for _, k := range []string{"msg", "service", "method", "path", "status", "bytes"} {
		require.Equal(t, recs[0][k], recs[1][k], k)
	}
	require.EqualValues(t, 1.5, recs[1]["ms"])
	require.Equal(t, "HEAD", recs[2]["method"])
	require.EqualValues(t, 304, recs[2]["status"])
}

// A traced request's span is named "METHOD route" once routed: by the
// template SetRoute gives (grpc-gateway's), else by the ServeMux pattern
// it matched; a subtree pattern names no route, and the span keeps the
// method alone.
func TestSpansAreNamedByTheirRoute(t *testing.T) {
	spans := spantest.Record(t)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /media/{key}", func(http.ResponseWriter, *http.Request) {})
	mux.HandleFunc("/api/", func(_ http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/admin/blog-posts/42" {
			SetRoute(r.Context(), "/api/admin/blog-posts/{id}")
		}
	})
	h := Handler(mux, Options{Service: "gateway", Registry: prometheus.NewRegistry(), Traced: func(r *http.Request) bool { return ServicePaths(r.URL.Path) }})
	for _, c := range []struct{ method, path string }{{"PUT", "/api/admin/blog-posts/42"}, {"GET", "/media/abc.webp"}, {"GET", "/api/other"}} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(c.method, c.path, nil))
	}
	var names, routes []string
	for _, s := range spans.Ended() {
		names = append(names, s.Name())
		route := ""
		for _, a := range s.Attributes() {
			if a.Key == "http.route" {
				route = a.Value.AsString()
			}
		}
		routes = append(routes, route)
	}
	require.Equal(t, []string{"PUT /api/admin/blog-posts/{id}", "GET /media/{key}", "GET"}, names)
	require.Equal(t, []string{"/api/admin/blog-posts/{id}", "/media/{key}", ""}, routes)
}

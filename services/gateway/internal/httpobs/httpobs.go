// Package httpobs observes the gateway's HTTP traffic with one wrapper per
// request: the request metrics, the per-request log line, and — only for
// requests that reach the services — an OpenTelemetry span whose context
// goes on to them. The site's own bytes (pages, assets) are answered from
// memory and need no span: making one for each was a tenth of the cost of
// serving a page.
package httpobs

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// Options configure Handler.
type Options struct {
	// Service names the spans.
	Service string
	// Registry receives http_requests_total and
	// http_request_duration_seconds, by code and method.
	Registry prometheus.Registerer
	// Log gets one "request" line per request; nil logs none.
	Log *AccessLog
	// Traced reports whether a request gets a span.
	Traced func(*http.Request) bool
}

// Observer holds the request metrics and the log line. Handler observes
// what net/http serves; Record is for the requests the gateway answers
// without net/http (package fastlane).
type Observer struct {
	o        Options
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// series holds each code and method's metrics once looked up (a
	// seriesKey to a *series): WithLabelValues hashes its labels and takes
	// a lock on every call, a twentieth of answering a page in the fast
	// lane. Codes and methods are few (methodLabel), so it stays small.
	series sync.Map
}

type seriesKey struct {
	status int
	method string
}

type series struct {
	count   prometheus.Counter
	latency prometheus.Observer
}

func (ob *Observer) seriesFor(status int, method string) *series {
	k := seriesKey{status, methodLabel(method)}
	if s, ok := ob.series.Load(k); ok {
		return s.(*series)
	}
	code := codeLabel(status)
	s, _ := ob.series.LoadOrStore(k, &series{ob.requests.WithLabelValues(code, k.method), ob.duration.WithLabelValues(code, k.method)})
	return s.(*series)
}

// New registers the metrics in o.Registry.
func New(o Options) *Observer {
	ob := &Observer{o: o,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "http_requests_total", Help: "HTTP requests by code and method."}, []string{"code", "method"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "http_request_duration_seconds", Help: "HTTP request latency.", Buckets: prometheus.DefBuckets}, []string{"code", "method"}),
	}
	o.Registry.MustRegister(ob.requests, ob.duration)
	return ob
}

// Handler wraps next with the metrics, the log line and, where Traced
// says so, a span.
func Handler(next http.Handler, o Options) http.Handler { return New(o).Handler(next) }

// Handler wraps next with the metrics, the log line and, where Traced
// says so, a span.
func (ob *Observer) Handler(next http.Handler) http.Handler {
	observed := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		ob.record(r.Context(), r.Method, r.URL.Path, status, rec.bytes, start, time.Now())
	})
	if ob.o.Traced == nil {
		return observed
	}
	// The span starts named by the method alone and is renamed "METHOD
	// route" (and given http.route) once the request was routed: SetRoute
	// from grpc-gateway's pattern, else the ServeMux pattern it matched.
	traced := otelhttp.NewHandler(named(observed), ob.o.Service,
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string { return r.Method }))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ob.o.Traced(r) {
			traced.ServeHTTP(w, r)
			return
		}
		observed.ServeHTTP(w, r)
	})
}

type routeKey struct{}

// route is where SetRoute leaves a request's route for its span.
type route struct{ template string }

// SetRoute names the route template (e.g. /api/posts/{id}) of the request
// ctx serves, for its span's name and http.route; a request without a span
// ignores it.
func SetRoute(ctx context.Context, template string) {
	if r, ok := ctx.Value(routeKey{}).(*route); ok {
		r.template = template
	}
}

// named serves a traced request and then names its span by its route.
func named(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt := &route{}
		r = r.WithContext(context.WithValue(r.Context(), routeKey{}, rt))
		next.ServeHTTP(w, r)
		tmpl := rt.template
		if tmpl == "" {
			// A ServeMux pattern ("GET /media/{key}") less its method;
			// a subtree pattern ("/api/") names no route.
			_, p, _ := strings.Cut(r.Pattern, " ")
			if p == "" {
				p = r.Pattern
			}
			if !strings.HasSuffix(p, "/") {
				tmpl = p
			}
		}
		if tmpl == "" {
			return
		}
		span := trace.SpanFromContext(r.Context())
		span.SetName(r.Method + " " + tmpl)
		span.SetAttributes(semconv.HTTPRoute(tmpl))
	})
}

// Record counts and logs a request answered without net/http, exactly as
// Handler does one it observed (such requests have no span).
func (ob *Observer) Record(method, path string, status int, bytes int64, start, end time.Time) {
	ob.record(context.Background(), method, path, status, bytes, start, end)
}

func (ob *Observer) record(ctx context.Context, method, path string, status int, bytes int64, start, end time.Time) {
	took := end.Sub(start)
	m := ob.seriesFor(status, method)
	m.count.Inc()
	m.latency.Observe(took.Seconds())
	if ob.o.Log != nil {
		ob.o.Log.write(ctx, end, method, path, status, bytes, took)
	}
}

// ServicePaths are the gateway's paths that call the services: the API,
// sign-in and stored images.
func ServicePaths(path string) bool {
	return strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/auth/") || strings.HasPrefix(path, "/media/")
}

// recorder notes the status and the bytes written. It keeps the writer's
// optional powers: Flush for the live lead stream, ReadFrom for sendfile,
// and Unwrap for http.ResponseController.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 || code < 200 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

func (r *recorder) ReadFrom(src io.Reader) (int64, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	var n int64
	var err error
	if rf, ok := r.ResponseWriter.(io.ReaderFrom); ok {
		n, err = rf.ReadFrom(src)
	} else {
		n, err = io.Copy(r.ResponseWriter, src)
	}
	r.bytes += n
	return n, err
}

func (r *recorder) Flush() {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	_ = http.NewResponseController(r.ResponseWriter).Flush()
}

func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// codes are the status labels, made once.
var codes = func() (c [600]string) {
	for i := range c {
		c[i] = strconv.Itoa(i)
	}
	return c
}()

func codeLabel(status int) string {
	if status >= 0 && status < len(codes) {
		return codes[status]
	}
	return strconv.Itoa(status)
}

// methodLabel is promhttp's label: the method in lower case, or "other"
// for one HTTP does not define (so a client cannot grow the series).
func methodLabel(m string) string {
	switch m {
	case http.MethodGet:
		return "get"
	case http.MethodHead:
		return "head"
	case http.MethodPost:
		return "post"
	case http.MethodPut:
		return "put"
	case http.MethodPatch:
		return "patch"
	case http.MethodDelete:
		return "delete"
	case http.MethodOptions:
		return "options"
	case http.MethodConnect:
		return "connect"
	case http.MethodTrace:
		return "trace"
	}
	return "other"
}

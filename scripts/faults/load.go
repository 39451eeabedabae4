package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// result is one request the load sent.
type result struct {
	kind       string // lead, read, upload, …
	sent, done time.Time
	status     int // 0: no answer (connection error)
	err        string
	id         string // the stored lead's id, for a 2xx lead
	retryAfter string
	message    string
}

func (r result) latency() time.Duration { return r.done.Sub(r.sent) }
func (r result) ok() bool               { return r.status >= 200 && r.status < 300 }

// recorder collects results from many goroutines.
type recorder struct {
	mu  sync.Mutex
	all []result
}

func (r *recorder) add(x result) {
	r.mu.Lock()
	r.all = append(r.all, x)
	r.mu.Unlock()
}

func (r *recorder) results(kind string) []result {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []result
	for _, x := range r.all {
		if kind == "" || x.kind == kind {
			out = append(out, x)
		}
	}
	return out
}

// client is the load's HTTP client: keep-alive connections, a bound on
// every request. Go retries a request that met a closed keep-alive
// connection only when it is idempotent; lead submits carry an
// Idempotency-Key, which makes them so, as in a browser that retries.
var client = &http.Client{
	Timeout:   20 * time.Second,
	Transport: &http.Transport{MaxIdleConns: 256, MaxIdleConnsPerHost: 256, IdleConnTimeout: 30 * time.Second},
}

// do sends one request and records what came back.
func do(rec *recorder, kind, method, url string, body []byte, hdr map[string]string) result {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		panic(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	r := result{kind: kind, sent: time.Now()}
	resp, err := client.Do(req)
	if err != nil {
		r.done, r.err = time.Now(), err.Error()
		rec.add(r)
		return r
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	r.done, r.status, r.retryAfter = time.Now(), resp.StatusCode, resp.Header.Get("Retry-After")
	var parsed struct {
		ID      string `json:"id"`
		Message string `json:"message"`
		URL     string `json:"url"`
	}
	_ = json.Unmarshal(b, &parsed)
	r.id, r.message = parsed.ID, parsed.Message
	if parsed.URL != "" {
		r.id = parsed.URL
	}
	rec.add(r)
	return r
}

// submitLead posts one lead as the home page's form does (SPEC §7).
func submitLead(rec *recorder, base, tag string, n int) result {
	body, _ := json.Marshal(scratch.LeadPayload(tag, n))
	return do(rec, "lead", "POST", base+"/api/contact", body, map[string]string{
		"Content-Type": "application/json", "Idempotency-Key": uuid.NewString(), "X-Forwarded-For": scratch.VisitorIP(n),
	})
}

// leadIDs are the ids of the 2xx lead answers.
func leadIDs(rs []result) []string {
	var out []string
	for _, r := range rs {
		if r.kind == "lead" && r.ok() {
			out = append(out, r.id)
		}
	}
	return out
}

// counts tallies answers by status (0 = no answer).
func counts(rs []result) map[int]int {
	out := map[int]int{}
	for _, r := range rs {
		out[r.status]++
	}
	return out
}

func maxLatency(rs []result) time.Duration {
	var m time.Duration
	for _, r := range rs {
		m = max(m, r.latency())
	}
	return m
}

func percentile(rs []result, p float64) time.Duration {
	ls := make([]time.Duration, len(rs))
	for i, r := range rs {
		ls[i] = r.latency()
	}
	return scratch.Percentile(ls, p)
}

// leadAccounting checks the promise for the 2xx leads of a run
// (scratch.AccountLeads).
func leadAccounting(s *scratch.Stack, okIDs []string) (problems, figures []string) {
	return scratch.AccountLeads(s.DBURL, s.NATSCluster.URL(), okIDs)
}

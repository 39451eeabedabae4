package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/valleytrenchless/site/internal/scratch"
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

// pace calls fn(i) for i in [0, total) at rate per second, each in its own
// goroutine, until ctx ends, and waits for all of them.
func pace(ctx context.Context, rate float64, total int, fn func(i int)) {
	var wg sync.WaitGroup
	t := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer t.Stop()
	for i := 0; total <= 0 || i < total; i++ {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-t.C:
		}
		wg.Add(1)
		go func() { defer wg.Done(); fn(i) }()
	}
	wg.Wait()
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

// leadAccounting checks the promise for the 2xx leads of a run: each is
// stored exactly once, none is half-written, and (after the outbox has
// drained) each is on LEADS exactly once. It returns the problems found
// and the figures.
func leadAccounting(s *scratch.Stack, okIDs []string) (problems, figures []string) {
	if err := scratch.WaitFor("the outbox to drain", 60*time.Second, func() bool {
		st, err := scratch.ReadLeads(s.DBURL, time.Now())
		return err == nil && st.Pending == 0
	}); err != nil {
		problems = append(problems, err.Error())
	}
	st, err := scratch.ReadLeads(s.DBURL, time.Now())
	if err != nil {
		return append(problems, "reading leads: "+err.Error()), figures
	}
	msgs, err := scratch.StreamLeads(s.NATSCluster.URL())
	if err != nil {
		return append(problems, "reading LEADS: "+err.Error()), figures
	}
	missing, dupStream, notOnStream := 0, 0, 0
	seen := map[string]bool{}
	for _, id := range okIDs {
		if seen[id] {
			problems = append(problems, "two 2xx answers named lead "+id)
		}
		seen[id] = true
		if !st.Leads[id] {
			missing++
		}
		switch msgs[id] {
		case 0:
			notOnStream++
		case 1:
		default:
			dupStream++
		}
	}
	extra := 0
	for id := range st.Leads {
		if !seen[id] {
			extra++
		}
	}
	total := 0
	for _, n := range msgs {
		total += n
	}
	figures = append(figures, fmt.Sprintf("2xx leads %d, stored %d (not answered 2xx: %d), LEADS messages %d, outbox pending %d, half-written (lead without event / event without lead) %d/%d",
		len(okIDs), len(st.Leads), extra, total, st.Pending, st.HalfLeads, st.StrayRows))
	if missing > 0 {
		problems = append(problems, fmt.Sprintf("%d leads answered 2xx are not stored", missing))
	}
	if notOnStream > 0 || dupStream > 0 {
		problems = append(problems, fmt.Sprintf("of the 2xx leads %d are not on LEADS and %d are there more than once", notOnStream, dupStream))
	}
	if total != len(st.Leads) {
		problems = append(problems, fmt.Sprintf("LEADS holds %d leads.submitted messages for %d stored leads", total, len(st.Leads)))
	}
	if st.HalfLeads > 0 || st.StrayRows > 0 {
		problems = append(problems, fmt.Sprintf("%d leads without their event and %d events without their lead (half-written)", st.HalfLeads, st.StrayRows))
	}
	return problems, figures
}

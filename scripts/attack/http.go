package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"sort"
	"strconv"
	"strings"
	"time"
)

// client sends the probes' ordinary requests: one cookie jar (a signed-in
// browser's, or none), keep-alive connections.
type client struct{ hc *http.Client }

// newClient wraps hc (a signed-in client); with jar, a fresh client with an
// empty cookie jar (to sign in); otherwise a signed-out one that stays so.
func newClient(hc *http.Client, jar bool) *client {
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
		if jar {
			hc.Jar, _ = cookiejar.New(nil)
		}
	}
	hc.Transport = &http.Transport{MaxIdleConnsPerHost: 32, IdleConnTimeout: 30 * time.Second}
	return &client{hc: hc}
}

// reply is one answer, read whole; status 0 means none (err says why).
type reply struct {
	status int
	header http.Header
	body   []byte
	err    error
}

func (r reply) String() string {
	if r.status == 0 {
		return fmt.Sprintf("no answer (%v)", r.err)
	}
	return fmt.Sprintf("%d %s", r.status, clip(string(r.body), 160))
}

// send makes one request; hdr are header name, value pairs. A body is
// sent as JSON unless hdr names another Content-Type.
func (c *client) send(method, url string, body []byte, hdr ...string) reply {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return reply{err: err}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	return c.do(req)
}

// do sends req and reads the whole answer.
func (c *client) do(req *http.Request) reply {
	resp, err := c.hc.Do(req)
	if err != nil {
		return reply{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return reply{status: resp.StatusCode, header: resp.Header, body: b, err: err}
}

func jsonBytes(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// field is a string field of a JSON object answer.
func field(body []byte, name string) string {
	var m map[string]any
	_ = json.Unmarshal(body, &m)
	s, _ := m[name].(string)
	return s
}

// metric sums the samples of a Prometheus metric in a /metrics text; ok is
// false when it has none.
func metric(text, name string) (sum float64, ok bool) {
	for _, line := range strings.Split(text, "\n") {
		rest, found := strings.CutPrefix(line, name)
		if !found || rest == "" || (rest[0] != ' ' && rest[0] != '{') {
			continue
		}
		if i := strings.LastIndexByte(rest, ' '); i >= 0 {
			if v, err := strconv.ParseFloat(rest[i+1:], 64); err == nil {
				sum, ok = sum+v, true
			}
		}
	}
	return sum, ok
}

// tally counts values, printed in order: {200:3 400:1}.
type tally map[int]int

func (t tally) String() string {
	keys := make([]int, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d:%d", k, t[k])
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// clip shortens s for a verdict line, on one line.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

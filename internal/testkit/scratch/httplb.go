package scratch

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// HTTPLB is a real HTTP load balancer (HAProxy, from Debian's package) in
// front of several gateways, as an ingress controller or a cloud load
// balancer is: round robin per request (a kept-alive client connection is
// spread too; nothing is sticky), an active health check of each
// gateway's public /readyz, and a request that got no answer from a
// gateway resent to another when that is safe. Its configuration is
// written to the run's folder (HTTPLB.Config).
type HTTPLB struct {
	// Addr is where clients connect; StatsAddr serves HAProxy's own
	// statistics (/stats;csv).
	Addr, StatsAddr string
	// Config is the configuration file it runs with.
	Config string
	// Servers are the backends' names in the statistics, in the order
	// given: gw1, gw2, …
	Servers []string
	P       *Proc
}

// The health check and resend settings (see httpLBConfig). A gateway that
// stops answering is out after two failed checks of its /readyz: at most
// about inter + timeout + fastinter + timeout, 2.85 s.
const (
	// HTTPLBCheckInter is the time between checks of a healthy gateway;
	// HTTPLBCheckFast between checks once one failed.
	HTTPLBCheckInter = time.Second
	HTTPLBCheckFast  = 250 * time.Millisecond
	// HTTPLBCheckTimeout is how long a check waits for /readyz (which
	// asks the three upstreams' health in parallel, 1 s deadline each).
	HTTPLBCheckTimeout = 800 * time.Millisecond
	// HTTPLBAnswerTimeout is how long a request that may be sent twice
	// waits for a gateway's answer before it is resent to another: about
	// 25 times the slowest answer of make faults' rolling restart (79 ms),
	// so only a gateway that is gone or hung meets it, and a visitor whose
	// request it held waits that long once.
	HTTPLBAnswerTimeout = 2 * time.Second
)

// httpLBConfig is HAProxy's configuration: frontend on addr, statistics on
// stats, one server per backend address.
func httpLBConfig(addr, stats string, backends []string) string {
	var servers strings.Builder
	for i, b := range backends {
		fmt.Fprintf(&servers, "  server gw%d %s check\n", i+1, b)
	}
	return fmt.Sprintf(`# Written by internal/testkit/scratch (StartHTTPLB): HAProxy in front of the gateways.
global
  log stderr format raw local0 notice
  maxconn 4096

defaults
  mode http
  log global
  option httplog
  # Only failed requests are logged, besides each server going down or up.
  option dontlog-normal
  option dontlognull
  timeout connect 1s
  timeout client 60s
  timeout http-request 10s
  timeout http-keep-alive 60s
  timeout queue 5s
  # Longer than the live lead stream's 15 s heartbeat; a CSV export may be
  # quiet as long as its query takes.
  timeout server 60s
  timeout check %[1]dms

frontend site
  bind %[2]s
  # Keeps the client's X-Forwarded-For: in a scratch run the client stands
  # for the edge in front (scratch.VisitorIP). In production the balancer
  # must add the address it sees (plain "option forwardfor"), never trust
  # the client's: the gateway believes the last entry
  # (GATEWAY_TRUSTED_PROXY_HEADER, docs/operations.md).
  option forwardfor if-none
  default_backend gateways

backend gateways
  # Round robin per request: HAProxy balances each request of a kept-alive
  # client connection on its own (no "option prefer-last-server", no
  # stickiness); sessions live in Postgres, so any gateway serves anyone.
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  default-server inter %[3]dms fastinter %[4]dms downinter %[3]dms fall 2 rise 2
  # A request a gateway took but did not answer (a hung pod) is resent to
  # another gateway after the answer timeout below, and one whose
  # connection failed or was closed without an answer at once. Only a
  # request that is safe to send twice is resent: a GET or HEAD, or one
  # carrying an Idempotency-Key (POST /api/contact honours it: the second
  # one answers the lead the first stored). Any other request is sent
  # once: on a hung gateway it waits for it (timeout server), and one
  # dropped fails. The live lead stream and the CSV export are long, so
  # they get neither the short timeout nor a resend.
  retries 3
  option redispatch 1
  option http-buffer-request
  retry-on conn-failure empty-response response-timeout
  acl resend_safe method GET HEAD
  acl resend_safe req.hdr(idempotency-key) -m found
  acl stream path /api/contact-submissions/events /api/contact-submissions/export.csv
  http-request disable-l7-retry if !resend_safe || stream
  http-request set-timeout server %[5]dms if resend_safe !stream
%[6]s
listen stats
  bind %[7]s
  stats enable
  stats uri /stats
`, HTTPLBCheckTimeout.Milliseconds(), addr, HTTPLBCheckInter.Milliseconds(), HTTPLBCheckFast.Milliseconds(),
		HTTPLBAnswerTimeout.Milliseconds(), servers.String(), stats)
}

// HAProxyBinary is Debian's haproxy (scripts/ensure-deps.sh installs it).
func HAProxyBinary() (string, error) {
	if p, err := exec.LookPath("haproxy"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/sbin/haproxy"); err == nil {
		return "/usr/sbin/haproxy", nil
	}
	return "", errors.New("haproxy not found: install Debian's haproxy (scripts/ensure-deps.sh does)")
}

// StartHTTPLB writes HAProxy's configuration for backends (host:port of
// each gateway's public listener) into dir, starts it logging to logDir and
// waits until it listens and reports every backend up.
func StartHTTPLB(dir, logDir string, backends ...string) (*HTTPLB, error) {
	bin, err := HAProxyBinary()
	if err != nil {
		return nil, err
	}
	lb := &HTTPLB{Addr: FreeAddr(), StatsAddr: FreeAddr(), Config: filepath.Join(dir, "haproxy.cfg")}
	for i := range backends {
		lb.Servers = append(lb.Servers, fmt.Sprintf("gw%d", i+1))
	}
	if err := os.WriteFile(lb.Config, []byte(httpLBConfig(lb.Addr, lb.StatsAddr, backends)), 0o644); err != nil {
		return nil, err
	}
	if out, err := exec.Command(bin, "-c", "-q", "-f", lb.Config).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("haproxy refuses %s: %v: %s", lb.Config, err, out)
	}
	// -db: stay in the foreground, so the run owns the process.
	if lb.P, err = StartProc(logDir, "haproxy", bin, []string{"-db", "-f", lb.Config}, nil, ProcOptions{}); err != nil {
		return nil, err
	}
	if err := WaitFor("haproxy to report every gateway up", 30*time.Second, func() bool {
		if lb.P.Exited() {
			return true
		}
		st, err := lb.Stats()
		if err != nil {
			return false
		}
		for _, name := range lb.Servers {
			if !strings.HasPrefix(st[name].Status, "UP") {
				return false
			}
		}
		return true
	}); err != nil || lb.P.Exited() {
		lb.Close()
		return nil, fmt.Errorf("haproxy not ready (%v); see %s", err, filepath.Join(logDir, "haproxy.log"))
	}
	return lb, nil
}

// StartHTTPLB starts an HTTPLB in front of gateways, its configuration in
// the stack's folder; the stack's Close stops it.
func (s *Stack) StartHTTPLB(gateways ...*Instance) (*HTTPLB, error) {
	addrs := make([]string, len(gateways))
	for i, g := range gateways {
		addrs[i] = g.Addr
	}
	lb, err := StartHTTPLB(s.Dir, s.LogDir, addrs...)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.extra = append(s.extra, lb.P)
	s.mu.Unlock()
	return lb, nil
}

// Base is the balancer's URL.
func (lb *HTTPLB) Base() string { return "http://" + lb.Addr }

// LBServer is what HAProxy's statistics say about one backend.
type LBServer struct {
	// Status is UP, DOWN, or a transition ("UP 1/2": one check failed).
	Status string
	// Requests are the requests sent to it; Retries and Redispatches the
	// requests resent (to it again, or to another server).
	Requests, Retries, Redispatches int
	// CheckDowns is how many times the health check took it out.
	CheckDowns int
}

// Stats reads HAProxy's statistics of the gateways' backend, by server
// name.
func (lb *HTTPLB) Stats() (map[string]LBServer, error) {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get("http://" + lb.StatsAddr + "/stats;csv")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("haproxy stats: %s", resp.Status)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "# ")))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("haproxy stats: %v", err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	field := func(row []string, name string) string {
		if i, ok := col[name]; ok && i < len(row) {
			return row[i]
		}
		return ""
	}
	num := func(row []string, name string) int {
		n, _ := strconv.Atoi(field(row, name))
		return n
	}
	out := map[string]LBServer{}
	for _, row := range rows[1:] {
		if field(row, "pxname") != "gateways" || field(row, "svname") == "BACKEND" {
			continue
		}
		out[field(row, "svname")] = LBServer{Status: field(row, "status"), Requests: num(row, "stot"),
			Retries: num(row, "wretr"), Redispatches: num(row, "wredis"), CheckDowns: num(row, "chkdown")}
	}
	return out, nil
}

// Close stops HAProxy.
func (lb *HTTPLB) Close() {
	if lb.P != nil {
		lb.P.Stop(5 * time.Second)
	}
}

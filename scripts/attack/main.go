// Command attack is `make attack`: issue 25's standing attack suite. It
// starts the whole product from the built binaries (bin/, `make build`) on
// a scratch stack of its own (scratch.StartStack: its own ports, Postgres
// cluster, NATS and MinIO), its NATS run as docs/operations.md configures
// it (TLS with client certificates from a private CA, a user per binary
// allowed only what it does: nats-server v2.15.2 from the tool cache,
// scripts/tools.sh nats-server), with a second gateway beside the usual one
// that serves everything with net/http (GATEWAY_FAST_LANE=false), and
// replays every probe of the issue: the HTTP-level ones over raw sockets
// against both lanes. It prints one line per probe (and lane),
//
//	PASS|FAIL  <probe>  <figures and evidence>
//
// and exits 1 if any failed.
//
//	go run ./scripts/attack [-bins bin] [-only cache-flood,smuggling,…] [-keep] [-plain-nats] [-nats-nodes 3]
//
// -plain-nats runs the stack on a development NATS (no TLS, no identities),
// against which nats-identity must fail; -nats-nodes 3 on a three-node
// cluster.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// probe is one attack. A lane probe runs once against each gateway; slow
// ones (they wait out server timeouts) run in the background while the
// others run one after another.
type probe struct {
	name  string
	lanes bool
	slow  bool
	run   func(*env, *gateway, *verdict)
}

// The probes, in the order they report. The first ten replay issue 25's
// findings (their fixes describe the behaviour required), then the five
// probes that held, then big-decode, the last finding.
var probes = []probe{
	{name: "cache-flood", run: cacheFlood},
	{name: "forged-metadata", run: forgedMetadata},
	{name: "slowloris-idle", lanes: true, slow: true, run: slowlorisIdle},
	{name: "slowloris-drip", lanes: true, slow: true, run: slowlorisDrip},
	{name: "text-markup", run: textMarkup},
	{name: "mail-lines", run: mailLines},
	{name: "parser-text", lanes: true, run: parserText},
	{name: "cl-te", lanes: true, run: clTE},
	{name: "readyz-details", run: readyzDetails},
	{name: "nats-identity", run: natsIdentity},
	{name: "smuggling", lanes: true, run: smuggling},
	{name: "csrf-origins", run: csrfOrigins},
	{name: "authz-matrix", run: authzMatrix},
	{name: "upload-polyglots", run: uploadPolyglots},
	{name: "csv-injection", run: csvInjection},
	// Last: it may take the media service down.
	{name: "big-decode", run: bigDecode},
}

// gateway is one of the two gateways a probe can aim at.
type gateway struct {
	lane string // "fast lane" or "net/http"
	in   *scratch.Instance
}

func (g *gateway) base() string { return "http://" + g.in.Addr }

// env is what every probe shares: the stack, both gateways and the
// signed-in clients.
type env struct {
	s       *scratch.Stack
	fast    *gateway // the stack's own gateway: fast lane on (the default)
	plain   *gateway // GATEWAY_FAST_LANE=false
	staff   *client  // signed in as staff
	visitor *client  // signed in, registered, not staff
	anon    *client  // signed out
	ips     atomic.Int64
}

// ip is a fresh visitor address for X-Forwarded-For, so no probe meets
// another's rate limit.
func (e *env) ip() string { return scratch.VisitorIP(1<<20 + int(e.ips.Add(1))) }

// verdict is one probe's outcome.
type verdict struct {
	problems, figures []string
}

func (v *verdict) fail(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}

func (v *verdict) note(format string, args ...any) {
	v.figures = append(v.figures, fmt.Sprintf(format, args...))
}

func main() {
	bins := flag.String("bins", "bin", "folder with the built binaries (make build)")
	only := flag.String("only", "", "comma-separated probe names to run (default all)")
	keep := flag.Bool("keep", false, "keep the work folder (logs, data) after the run")
	plainNATS := flag.Bool("plain-nats", false, "run the stack on a development NATS (no TLS, no identities): nats-identity must fail")
	natsNodes := flag.Int("nats-nodes", 1, "NATS servers: 1, or 3 for a cluster")
	flag.Parse()
	os.Exit(run(*bins, *only, *keep, scratch.Options{SecureNATS: !*plainNATS, NATSNodes: *natsNodes}))
}

// run runs the probes on a stack with o's NATS.
func run(bins, only string, keep bool, o scratch.Options) int {
	started := time.Now()
	known := map[string]bool{}
	for _, p := range probes {
		known[p.name] = true
	}
	for _, name := range strings.Split(only, ",") {
		if name != "" && !known[name] {
			return fail(fmt.Errorf("-only: no probe %q", name))
		}
	}
	r, err := scratch.NewRun("attack", bins, scratch.PostgresOptions{}, "notifier")
	if err != nil {
		return fail(err)
	}
	defer r.Close(keep)
	e, err := newEnv(r, o)
	if e != nil && e.s != nil {
		defer e.s.Close()
	}
	if err != nil {
		return fail(err)
	}
	natsMode := "as the runbook configures it (TLS, client certificates, a user per binary)"
	if !o.SecureNATS {
		natsMode = "plain, for development (no TLS, no identities)"
	}
	fmt.Printf("attack: stack up in %s (fast lane %s, net/http %s; NATS %s, %d server(s))\n\n", time.Since(started).Round(100*time.Millisecond),
		e.fast.in.Addr, e.plain.in.Addr, natsMode, len(e.s.NATSCluster.Nodes))

	// One job per probe and lane; the slow ones start first, in the
	// background.
	type job struct {
		name string
		p    probe
		g    *gateway
	}
	var slow, rest []job
	for _, p := range probes {
		if only != "" && !strings.Contains(","+only+",", ","+p.name+",") {
			continue
		}
		gws := []*gateway{e.fast}
		if p.lanes {
			gws = append(gws, e.plain)
		}
		for _, g := range gws {
			j := job{name: p.name, p: p, g: g}
			if p.lanes {
				j.name += " (" + g.lane + ")"
			}
			if p.slow {
				slow = append(slow, j)
			} else {
				rest = append(rest, j)
			}
		}
	}
	var mu sync.Mutex
	var failed []string
	report := func(j job, v *verdict, took time.Duration) {
		word := "PASS"
		if len(v.problems) > 0 {
			word = "FAIL"
		}
		mu.Lock()
		defer mu.Unlock()
		if word == "FAIL" {
			failed = append(failed, j.name)
		}
		fmt.Printf("%s  %s  %s (%s)\n", word, j.name, strings.Join(append(v.problems, v.figures...), "; "), took.Round(100*time.Millisecond))
	}
	runJob := func(j job) {
		t := time.Now()
		v := &verdict{}
		j.p.run(e, j.g, v)
		report(j, v, time.Since(t))
	}
	var wg sync.WaitGroup
	for _, j := range slow {
		wg.Go(func() { runJob(j) })
	}
	if len(slow) > 0 {
		time.Sleep(time.Second) // let them open their connections first
	}
	for _, j := range rest {
		runJob(j)
	}
	wg.Wait()
	fmt.Printf("\nattack: %d of %d failed, in %s\n", len(failed), len(slow)+len(rest), time.Since(started).Round(time.Second))
	if len(failed) > 0 {
		fmt.Printf("attack: failed: %s\n", strings.Join(failed, ", "))
		fmt.Printf("attack: logs in %s (run with -keep to keep them)\n", e.s.LogDir)
		return 1
	}
	return 0
}

// newEnv starts the stack (its NATS as o says), the net/http-only gateway
// beside it, and signs in a member of staff and a registered visitor.
func newEnv(r *scratch.Run, o scratch.Options) (*env, error) {
	o.Bins, o.Metrics = r.Bins, true
	o.Env = map[string][]string{"gateway": {"GATEWAY_REGISTRATION_OPEN=true", fmt.Sprintf("GATEWAY_PUBLIC_CACHE_ENTRIES=%d", cacheBound)}}
	s, err := scratch.StartStack(r.Root, r.PG, "attack", o)
	if err != nil {
		return nil, fmt.Errorf("start the stack: %w", err)
	}
	e := &env{s: s, anon: newClient(nil, false)}
	e.fast = &gateway{lane: "fast lane", in: s.Instances("gateway")[0]}
	plain, err := s.StartExtra("gateway", "GATEWAY_FAST_LANE=false")
	if err != nil {
		return e, fmt.Errorf("start the net/http gateway: %w", err)
	}
	e.plain = &gateway{lane: "net/http", in: plain}
	hc, err := s.StaffClient()
	if err != nil {
		return e, err
	}
	e.staff = newClient(hc, false)
	e.visitor = newClient(nil, true)
	reg := e.visitor.send("POST", s.Base()+"/api/register", jsonBytes(map[string]string{
		"username": "visitor@example.com", "password": "a long enough visitor password"}), "X-Forwarded-For", e.ip())
	if reg.status != 200 {
		return e, fmt.Errorf("register a visitor: %s", reg)
	}
	return e, nil
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "attack:", err)
	return 1
}

// Command bench is `make bench`: issue 17's figures, measured side by side
// in one run on this machine, against a scratch stack of its own (its own
// Postgres cluster with production durability, NATS, MinIO and the built
// binaries on loopback ports), never the developer's `make run` data.
//
// Servers run on CPU 0 and the load generators on CPU 1, so each side has
// a core of its own. The references are established tools: nginx (Debian's,
// with gzip_static and brotli_static) serving the very bytes the gateway
// serves, wrk for the maximum rate, fortio for latency at half nginx's
// rate (vegeta could not hold more than a few thousand requests a second
// of 20 KB pages on one core), vegeta for the 500 req/s of uncached reads,
// ghz for gRPC. The figures go to stdout and to -out (docs/performance.md); the
// exit status is 1 if any goal is missed.
//
// The growth part (issue 29) measures the site at today's size and again
// after seeding five years' worth of leads, posts, images and texts, on a
// stack of its own unless it is the only part run.
//
// With -only, -out replaces only the sections of the parts run (or adds
// them) and keeps the rest of the file.
//
//	go run ./scripts/bench [-bins bin] [-web web/dist] [-out docs/performance.md] [-duration 8s] [-only static,uncached,leads,images,pipeline,growth] [-keep]
package main

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// The CPUs the servers and the load generators run on.
const serverCPU, loadCPU = "0", "1"

type config struct {
	bins, web, out, only string
	dur                  time.Duration
	rounds               int
	keep                 bool
}

func main() {
	var c config
	flag.StringVar(&c.bins, "bins", "bin", "folder with the built binaries (make build)")
	flag.StringVar(&c.web, "web", "web/dist", "the built web app (make web-build)")
	flag.StringVar(&c.out, "out", "docs/performance.md", "where to write the report; empty writes none")
	flag.DurationVar(&c.dur, "duration", 6*time.Second, "length of each load run")
	flag.IntVar(&c.rounds, "rounds", 3, "maximum-rate runs per server and read (the median counts)")
	flag.StringVar(&c.only, "only", "", "comma-separated parts to run: static, uncached, leads, tracing, images, pipeline, growth (default all)")
	flag.BoolVar(&c.keep, "keep", false, "keep the work folder (logs, data, nginx root) after the run")
	plainRoot := flag.String("serve-plain", "", "internal: serve this folder with net/http alone (see plain.go)")
	plainAddr := flag.String("plain-addr", "", "internal: -serve-plain's address")
	plainHeaders := flag.String("plain-headers", "", "internal: -serve-plain's extra headers, one per line")
	flag.Parse()
	c.rounds = max(c.rounds, 1)
	if *plainRoot != "" {
		if err := servePlain(*plainRoot, *plainAddr, *plainHeaders); err != nil {
			fmt.Fprintln(os.Stderr, "bench: plain server:", err)
			os.Exit(1)
		}
		return
	}
	os.Exit(run(c))
}

func (c config) wants(part string) bool {
	return c.only == "" || strings.Contains(","+c.only+",", ","+part+",")
}

func run(c config) int {
	tools := []string{"taskset"}
	if c.wants("static") || c.wants("uncached") || c.wants("leads") || c.wants("tracing") || c.wants("images") {
		tools = append(tools, "nginx", "wrk", "fortio", "vegeta", "ghz")
	}
	for _, tool := range tools {
		if _, err := lookTool(tool); err != nil {
			return fail(fmt.Errorf("%v (scripts/bench.sh installs the load tools; make bench runs it)", err))
		}
	}
	bins, err := filepath.Abs(c.bins)
	if err != nil {
		return fail(err)
	}
	web, err := filepath.Abs(c.web)
	if err != nil {
		return fail(err)
	}
	if _, err := os.Stat(filepath.Join(web, "index.html")); err != nil {
		return fail(fmt.Errorf("%v: run make web-build first", err))
	}
	// The harness itself (image generation, result parsing) stays off the
	// servers' CPU too.
	if out, err := exec.Command("taskset", "-a", "-cp", loadCPU, strconv.Itoa(os.Getpid())).CombinedOutput(); err != nil {
		return fail(fmt.Errorf("pin the harness: %v: %s", err, out))
	}
	root, err := os.MkdirTemp("", "bench-")
	if err != nil {
		return fail(err)
	}
	_ = os.Chmod(root, 0o755) // the postgres user and nginx's workers read below it
	logDir := filepath.Join(root, "logs")
	_ = os.MkdirAll(logDir, 0o755)
	defer func() {
		if c.keep {
			fmt.Printf("bench: logs and data kept in %s\n", root)
		} else {
			os.RemoveAll(root)
		}
	}()
	fmt.Printf("bench: work folder %s; servers on CPU %s, load on CPU %s\n", root, serverCPU, loadCPU)

	pg, err := scratch.NewPostgres(root, logDir, scratch.PostgresOptions{Durable: true, CPUs: serverCPU})
	if err != nil {
		return fail(err)
	}
	defer pg.Stop()
	s, err := startStack(root, pg, "bench", bins, web)
	if err != nil {
		return fail(err)
	}
	defer s.Close()

	r := &report{started: time.Now(), dur: c.dur, rounds: c.rounds}
	if c.wants("static") {
		if err := benchStatic(c, s, root, r); err != nil {
			return fail(fmt.Errorf("public bytes: %w", err))
		}
	}
	if c.wants("uncached") {
		if err := benchUncached(c, s, r); err != nil {
			return fail(fmt.Errorf("uncached reads: %w", err))
		}
	}
	if c.wants("leads") {
		if err := benchLeads(c, s, r); err != nil {
			return fail(fmt.Errorf("leads: %w", err))
		}
	}
	if c.wants("tracing") {
		if err := benchTracing(root, logDir, pg, bins, web, r); err != nil {
			return fail(fmt.Errorf("tracing: %w", err))
		}
	}
	if c.wants("images") {
		if err := benchImages(s, r); err != nil {
			return fail(fmt.Errorf("images: %w", err))
		}
	}
	if c.wants("pipeline") {
		if err := benchPipeline(c, s, r); err != nil {
			return fail(fmt.Errorf("lead pipeline: %w", err))
		}
	}
	if c.wants("growth") {
		// Today's data is the stack as it starts: the other parts' leads,
		// images and a million seeded leads are not, so after them the
		// growth part gets a stack of its own.
		gs := s
		if c.only != "growth" {
			if gs, err = startStack(root, pg, "growth", bins, web); err != nil {
				return fail(err)
			}
			defer gs.Close()
		}
		if err := benchGrowth(c, gs, r); err != nil {
			return fail(fmt.Errorf("growth: %w", err))
		}
	}
	r.took = time.Since(r.started)
	text := r.markdown()
	fmt.Println()
	fmt.Print(text)
	if c.out != "" {
		// A run of some parts keeps the other parts' figures; every run
		// keeps the sections no part writes (figures measured by hand).
		out := mergeReport(c.out, text, c.only == "")
		if err := os.WriteFile(c.out, []byte(out), 0o644); err != nil {
			return fail(err)
		}
		fmt.Printf("\nbench: written to %s\n", c.out)
	}
	if missed := r.missed(); missed > 0 {
		fmt.Printf("bench: %d goal(s) missed\n", missed)
		return 1
	}
	return 0
}

// startStack starts a scratch stack called name on pg with every server
// pinned to the servers' CPU.
func startStack(root string, pg *scratch.Postgres, name, bins, web string) (*scratch.Stack, error) {
	return startStackWith(root, pg, name, bins, web, nil)
}

// startStackWith is startStack with env added per kind.
func startStackWith(root string, pg *scratch.Postgres, name, bins, web string, env map[string][]string) (*scratch.Stack, error) {
	cpus := map[string]string{}
	for _, k := range scratch.Kinds {
		cpus[k] = serverCPU
	}
	// The staff queries are asked back to back, hundreds a second as one
	// account: past its per-account limits, which are not what is measured.
	env = maps.Clone(env)
	if env == nil {
		env = map[string][]string{}
	}
	env["gateway"] = append(slices.Clone(env["gateway"]), "GATEWAY_STAFF_RATE_LIMITS=false")
	s, err := scratch.StartStack(root, pg, name, scratch.Options{Bins: bins, WebDir: web, CPUs: cpus, Env: env})
	if err != nil {
		return nil, fmt.Errorf("start the %s stack: %w", name, err)
	}
	for _, p := range []*scratch.Proc{s.NATS.P, s.MinIO.P} {
		if err := pin(p, serverCPU); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// mergeReport is the report at path with each section (## heading) of
// fresh put in place of the section of the same heading, or added at the
// end, and with fresh's head (what precedes its first section) when
// newHead: a run of some parts keeps the other parts' figures, and every
// run the sections no part writes. Without a report at path it is fresh.
func mergeReport(path, fresh string, newHead bool) string {
	old, err := os.ReadFile(path)
	if err != nil {
		return fresh
	}
	split := func(s string) (head string, secs []string) {
		parts := strings.Split(s, "\n## ")
		head = parts[0] + "\n"
		for _, p := range parts[1:] {
			secs = append(secs, "## "+strings.TrimRight(p, "\n")+"\n")
		}
		return head, secs
	}
	heading := func(sec string) string { h, _, _ := strings.Cut(sec, "\n"); return h }
	head, secs := split(string(old))
	freshHead, news := split(fresh)
	if newHead {
		head = freshHead
	}
	for _, n := range news {
		i := slices.IndexFunc(secs, func(o string) bool { return heading(o) == heading(n) })
		if i >= 0 {
			secs[i] = n
		} else {
			secs = append(secs, n)
		}
	}
	return strings.TrimRight(head, "\n") + "\n\n" + strings.Join(secs, "\n")
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "bench:", err)
	return 1
}

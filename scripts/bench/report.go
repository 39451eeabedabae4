package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// Issue 17's goals.
const (
	goalRatio       = 0.5
	goalStaticP99   = 5 * time.Millisecond
	goalUncachedP99 = 15 * time.Millisecond
	goalLeadRate    = 1000
	goalLeadP99     = 50 * time.Millisecond
	goalImageTime   = 1500 * time.Millisecond
	goalImageRSSMB  = 300
)

type staticRow struct {
	name                 string
	nginxMax, gatewayMax maxRate
	plainMax             maxRate // net/http alone, same bytes and headers
	fixedPath            string  // the page of the fixed-rate runs when the row has several
	// ratios are each round's gateway rate over nginx's in that round;
	// ratio is their median (the row's figure, see pairedRatio); steals
	// are each round's larger share of stolen CPU time (steal.go).
	ratios, steals           []float64
	ratio                    float64
	nginxFixed, gatewayFixed fixedRate
}

type uncachedRow struct {
	posts int
	fixedRate
	rounds []fixedRate // every round, by p99; fixedRate is the median
}

type leadRow struct {
	count, ok, stored, messages, notPublished, duplicates, half int
	rps                                                         float64
	p50, p99                                                    time.Duration
	errors                                                      map[string]int
	drained                                                     time.Duration // -1: not within the wait
	started, ended                                              time.Time     // the load's
}

type imageRow struct {
	bytes     int
	size      struct{ X, Y int }
	took      []time.Duration // sorted
	peakRSSKB int
}

type report struct {
	started      time.Time
	took, dur    time.Duration
	rounds       int
	nginxVersion string
	pages        int
	static       []staticRow
	uncached     *uncachedRow
	leads        *leadRow
	tracing      *tracingReport
	images       *imageRow
	pipeline     *pipelineReport
	growth       *growthReport
	misses       int
}

func (r *report) missed() int { return r.misses }

// verdict marks a figure against its goal and counts misses.
func (r *report) verdict(ok bool) string {
	if ok {
		return "✅"
	}
	r.misses++
	return "❌ missed"
}

func execOutput(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).CombinedOutput()
	return string(out), err
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(s)
}

func machine() []string {
	cpu := "?"
	if out, err := execOutput("lscpu"); err == nil {
		for _, line := range strings.Split(out, "\n") {
			if v, ok := strings.CutPrefix(line, "Model name:"); ok {
				cpu = strings.TrimSpace(v)
			}
		}
	}
	kernel, _ := execOutput("uname", "-r")
	mem := "?"
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int
		fmt.Sscanf(strings.TrimPrefix(firstLine(string(b)), "MemTotal:"), "%d", &kb)
		mem = fmt.Sprintf("%.0f GiB", float64(kb)/(1<<20))
	}
	pg := "Postgres ?"
	if bin, err := scratch.PGBinDir(); err == nil {
		if out, err := execOutput(filepath.Join(bin, "postgres"), "--version"); err == nil {
			pg = firstLine(out)
		}
	}
	wrk, _ := execOutput("sh", "-c", "wrk -v 2>&1 | head -1")
	wrk, _, _ = strings.Cut(firstLine(wrk), " [")
	return []string{
		fmt.Sprintf("CPU: %s, %d cores; memory %s; Linux %s", cpu, runtime.NumCPU(), mem, strings.TrimSpace(kernel)),
		// fortio, vegeta and ghz are built from their modules at the
		// versions scripts/tools.sh pins (their binaries report none).
		fmt.Sprintf("Go %s; %s; nginx %%s; %s; fortio v1.66.5, vegeta v12.12.0, ghz v0.120.0", runtime.Version(), pg, wrk),
	}
}

func (r *report) markdown() string {
	r.misses = 0
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("# Performance\n\n")
	w("Measured by `make bench` (scripts/bench) on %s, in %s. Reproduce with `make bench`; `go run ./scripts/bench -only static` runs one part.\n\n",
		r.started.UTC().Format("2006-01-02 15:04 UTC"), r.took.Round(time.Second))
	m := machine()
	w("- %s\n- %s\n", m[0], strings.Replace(m[1], "%s", r.nginxVersion, 1))
	w("- A scratch stack of its own: the built binaries, a Postgres cluster with production durability (fsync and synchronous commit on), NATS JetStream and MinIO, all on 127.0.0.1. Every server (nginx, gateway, services, Postgres, NATS, MinIO) runs on CPU %s; every load generator on CPU %s.\n", serverCPU, loadCPU)
	w("- Maximum rate: wrk, 1 thread, 32 connections, %s per run (closed loop), the three servers in turn, %d rounds (%d for public bytes, every other round in reverse order), the median round shown. Fixed rate: fortio, 32 connections, %s per run; each connection keeps its share of the rate and catches up after a slow answer. vegeta was tried there first: on one core it fell from 5,000 to 1,400 req/s of 20 KB pages when asked for 20,000, so it runs only the 500 req/s of uncached reads. gRPC: ghz.\n\n", r.dur, r.rounds, staticRounds(r.rounds), r.dur)

	if len(r.static) > 0 {
		w("## Public bytes: the gateway beside nginx\n\n")
		w("nginx (one worker, `gzip_static`, `brotli_static`, `open_file_cache`, an access log, and the gateway's own security headers added) serves the very bytes the gateway serves, copied from it at the start of the run: the cached JSON reads and the %d prerendered pages the sitemap lists, as identity, gzip and brotli files. The gateway keeps every security header, the ETag/304 path, its per-request log line and its metrics; it answers these reads, once kept, in its fast lane, without `net/http` (ADR 0006: net/http's own bytes, prepared when stored, in one write). *net/http alone* is a third server, Go's standard HTTP server with nothing else: the same bytes from memory with the same headers, no routing, middleware, metrics or log line — the ceiling for any Go handler on `net/http`, and so for the gateway without its lane. Goals: the gateway's maximum rate at least %.1f× nginx's, and its p99 at most %s ms at half of nginx's maximum rate, answered at that rate.\n\n",
			r.pages, goalRatio, ms(goalStaticP99))
		w("| Reads | nginx req/s | net/http alone | gateway req/s | ratio | fixed rate (½ nginx) | nginx p99 | gateway p99 | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, s := range r.static {
			ratio := s.ratio
			errs := s.nginxMax.bad + s.gatewayMax.bad + int((1-s.gatewayFixed.success)*float64(s.gatewayFixed.requests)+0.5) +
				int((1-s.nginxFixed.success)*float64(s.nginxFixed.requests)+0.5)
			fixed := fmt.Sprintf("%.0f/s (answered %.0f/s)", s.gatewayFixed.rate, s.gatewayFixed.achieved)
			if s.fixedPath != "" {
				fixed += " on the largest, `" + s.fixedPath + "`"
			}
			w("| %s | %.0f | %.0f (%.2f×) | %.0f | %.2f× %s | %s | %s ms | %s ms %s | %d %s |\n", s.name, s.nginxMax.rps, s.plainMax.rps, s.plainMax.rps/s.nginxMax.rps, s.gatewayMax.rps,
				ratio, r.verdict(ratio >= goalRatio), fixed, ms(s.nginxFixed.p99), ms(s.gatewayFixed.p99),
				r.verdict(s.gatewayFixed.p99 <= goalStaticP99 && held(s.gatewayFixed)), errs, r.verdict(errs == 0))
		}
		lo, hi, plo, phi := 9.0, 0.0, 9.0, 0.0
		for _, s := range r.static {
			f := s.gatewayMax.rps / s.plainMax.rps
			p := s.plainMax.rps / s.nginxMax.rps
			lo, hi, plo, phi = min(lo, f), max(hi, f), min(plo, p), max(phi, p)
		}
		w("\nThe gateway serves %.0f–%.0f%% of what net/http alone serves of the same reads; net/http alone serves %.2f–%.2f× what nginx does.\n", lo*100, hi*100, plo, phi)
		w("\nAt the maximum rate (32 connections, closed loop), p99: ")
		var parts []string
		for _, s := range r.static {
			parts = append(parts, fmt.Sprintf("%s nginx %s ms, gateway %s ms", s.name, ms(s.nginxMax.p99), ms(s.gatewayMax.p99)))
		}
		w("%s.\n\n", strings.Join(parts, "; "))
		w("The ratio is the median of the rounds' own ratios (nginx and the gateway measured in the same round, odd rounds in reverse order), of the quiet rounds only when there are any: rounds in which the hypervisor took at most %.0f%% of either CPU's time (steal, from /proc/stat). The req/s columns are each server's median round. Each round's ratio, with its steal: ", quietSteal*100)
		parts = parts[:0]
		for _, s := range r.static {
			rs := make([]string, len(s.ratios))
			for i, f := range s.ratios {
				rs[i] = fmt.Sprintf("%.2f (%.0f%%)", f, s.steals[i]*100)
			}
			parts = append(parts, fmt.Sprintf("%s %s", s.name, strings.Join(rs, ", ")))
		}
		w("%s.\n\n", strings.Join(parts, "; "))
	}
	if u := r.uncached; u != nil {
		w("## Uncached reads: gateway → content → Postgres\n\n")
		w("Reads nothing caches: each of the %d posts in turn as the staff editor opens it (`GET /api/admin/blog-posts/{id}`, the whole post), signed in (the session is looked up in Postgres on every request), at a fixed %d req/s (vegeta, an open loop, which holds this rate easily), %s per round after a warm-up, %d rounds, the median round by p99 shown. Goal: p99 at most %s ms.\n\n", u.posts, uncachedRate, r.dur, len(u.rounds), ms(goalUncachedP99))
		w("| Rate | sent | p50 | p99 | max | success |\n|---:|---:|---:|---:|---:|---:|\n")
		w("| %.0f/s | %.0f/s | %s ms | %s ms %s | %s ms | %.2f%% %s |\n\n", u.rate, u.achieved, ms(u.p50), ms(u.p99), r.verdict(u.p99 <= goalUncachedP99 && held(u.fixedRate)),
			ms(u.max), u.success*100, r.verdict(u.success == 1))
		if len(u.rounds) > 1 {
			var p99s []string
			for _, x := range u.rounds {
				p99s = append(p99s, ms(x.p99)+" ms")
			}
			w("p99 of each round: %s.\n\n", strings.Join(p99s, ", "))
		}
	}
	if l := r.leads; l != nil {
		w("## Durable lead intake at the contact service\n\n")
		w("ghz calls `SubmitInspectionRequest` at the contact service's gRPC port with %d concurrent clients for %s, each with its own idempotency key (SPEC §7's /contact payload). A lead is acknowledged only after its row and its outbox row are committed (fsync on). After the run the relay's drain is timed and `LEADS` is read back. Goals: at least %d leads/s, p99 at most %s ms, no errors, every acknowledged lead stored and on `LEADS` exactly once within %s.\n\n",
			leadClients, leadDuration, goalLeadRate, ms(goalLeadP99), leadDrainMax)
		errs := l.count - l.ok
		w("| leads/s | p50 | p99 | acknowledged | errors | stored | on LEADS | missing / twice | half-written | outbox drained after the run |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		drained := "not within the wait ❌ missed"
		if l.drained >= 0 {
			drained = fmt.Sprintf("%s %s", l.drained.Round(10*time.Millisecond), r.verdict(l.drained <= leadDrainMax))
		} else {
			r.misses++
		}
		w("| %.0f %s | %s ms | %s ms %s | %d | %d %s | %d %s | %d | %d / %d %s | %d %s | %s |\n\n", l.rps, r.verdict(l.rps >= goalLeadRate), ms(l.p50), ms(l.p99),
			r.verdict(l.p99 <= goalLeadP99), l.ok, errs, r.verdict(errs == 0), l.stored, r.verdict(l.stored == l.ok), l.messages,
			l.notPublished, l.duplicates, r.verdict(l.notPublished == 0 && l.duplicates == 0 && l.messages == l.stored), l.half, r.verdict(l.half == 0), drained)
		if len(l.errors) > 0 {
			w("Errors: %v\n\n", l.errors)
		}
	}
	r.tracingMarkdown(w)
	if im := r.images; im != nil && len(im.took) > 0 {
		w("## Images\n\n")
		w("%d distinct %.1f MB JPEGs (%d×%d, quality 97, noise like a photo's) uploaded through the gateway as the admin's media tab does, each timed until every rendition is stored; the media service runs on one core. Goals: each at most %s s, media's peak resident memory at most %d MB.\n\n",
			len(im.took), float64(im.bytes)/(1<<20), im.size.X, im.size.Y, secs(goalImageTime), goalImageRSSMB)
		slowest := slices.Max(im.took)
		w("| fastest | median | slowest | media peak RSS |\n|---:|---:|---:|---:|\n")
		w("| %s s | %s s | %s s %s | %d MB %s |\n\n", secs(im.took[0]), secs(im.took[len(im.took)/2]), secs(slowest), r.verdict(slowest <= goalImageTime),
			im.peakRSSKB/1024, r.verdict(im.peakRSSKB/1024 <= goalImageRSSMB))
	}
	if p := r.pipeline; p != nil {
		w("## The lead pipeline at %s leads\n\n", thousands(p.leads))
		w("Issue 28: the staff inbox's filters, search and dashboard on a database seeded with %s leads over five years (10 %% spam, every status, 14 cities, 5 sources; COPY with the secondary indexes rebuilt after, in %s). Each query is asked through the gateway, signed in, one at a time as a person asks it, %d times after 20 warm-up requests; the client's time. Goal: p99 at most %s ms.\n\n",
			thousands(p.leads), p.seeded.Round(time.Second), pipelineRuns, ms(goalPipelineP99))
		w("| Query | Request | leads on the page | p50 ms | p99 ms | goal |\n|---|---|---:|---:|---:|---|\n")
		for _, row := range p.rows {
			path := row.path
			if len(path) > 70 {
				path = path[:67] + "…"
			}
			w("| %s | `%s` | %d | %.2f | %.2f | %s |\n", row.name, path, row.rows, msf(row.p50), msf(row.p99), r.verdict(row.p99 <= goalPipelineP99))
		}
		if plan := p.plans["search"]; plan != "" {
			w("\nThe search's plan (a phone fragment, first page; EXPLAIN ANALYZE):\n\n```\n%s\n```\n", plan)
		}
		w("\n")
	}
	if g := r.growth; g != nil {
		b.WriteString(r.growthMarkdown(g))
	}
	return b.String()
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f", d.Seconds()) }

// held reports whether a fixed-rate run was answered at the rate asked
// (within 2%): a p99 measured while the server fell behind says little.
func held(f fixedRate) bool { return f.achieved >= 0.98*f.rate }

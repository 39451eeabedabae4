// Command loadgen measures the running stack (after `make run`): a
// closed-loop load of public reads through the gateway, and lead intake
// straight at the contact service's gRPC port (the gateway rate-limits
// POST /api/contact per visitor, so going through it would measure the
// limiter; opt-in with -contact, as every call stores and publishes a real
// lead). It prints, per target, requests, errors, throughput and latency
// percentiles, and the gateway's resident memory when -gateway-pid is given.
//
//	go run ./scripts/loadgen -duration 20s -concurrency 16 [-contact 127.0.0.1:9102] [-gateway-pid N]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
)

// readPaths are what a visitor's browser asks the gateway for.
var readPaths = []string{
	"/",
	"/contact",
	"/api/blog-posts?limit=3",
	"/api/editable-content",
	"/sitemap.xml",
}

type result struct {
	name      string
	latencies []time.Duration
	errors    int
	firstErr  string
}

func (r *result) add(d time.Duration, err error) {
	if err != nil {
		r.errors++
		if r.firstErr == "" {
			r.firstErr = err.Error()
		}
		return
	}
	r.latencies = append(r.latencies, d)
}

func (r *result) merge(o *result) {
	r.latencies = append(r.latencies, o.latencies...)
	r.errors += o.errors
	if r.firstErr == "" {
		r.firstErr = o.firstErr
	}
}

func (r *result) print(elapsed time.Duration) {
	slices.Sort(r.latencies)
	pct := func(p float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
	}
	fmt.Printf("%-28s %7d ok %5d err %9.0f req/s   p50 %-9v p95 %-9v p99 %-9v max %v\n",
		r.name, len(r.latencies), r.errors, float64(len(r.latencies))/elapsed.Seconds(),
		pct(0.50).Round(10*time.Microsecond), pct(0.95).Round(10*time.Microsecond),
		pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
	if r.firstErr != "" {
		fmt.Printf("%-28s first error: %s\n", "", r.firstErr)
	}
}

// run calls do from n goroutines until ctx ends; each goroutine keeps its
// own results, merged at the end.
func run(ctx context.Context, n int, names []string, do func(ctx context.Context, worker, i int) (string, error)) map[string]*result {
	var wg sync.WaitGroup
	per := make([]map[string]*result, n)
	for w := range n {
		per[w] = map[string]*result{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				start := time.Now()
				name, err := do(ctx, w, i)
				if ctx.Err() != nil && err != nil {
					return // cut off by the deadline, not a failure
				}
				r := per[w][name]
				if r == nil {
					r = &result{name: name}
					per[w][name] = r
				}
				r.add(time.Since(start), err)
			}
		}()
	}
	wg.Wait()
	out := map[string]*result{}
	for _, name := range names {
		out[name] = &result{name: name}
	}
	for _, m := range per {
		for name, r := range m {
			out[name].merge(r)
		}
	}
	return out
}

func reads(ctx context.Context, base string, concurrency int) map[string]*result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrency}, Timeout: 10 * time.Second}
	return run(ctx, concurrency, readPaths, func(ctx context.Context, worker, i int) (string, error) {
		path := readPaths[(worker+i)%len(readPaths)]
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		if err != nil {
			return path, err
		}
		req.Header.Set("Accept-Encoding", "br, gzip")
		resp, err := client.Do(req)
		if err != nil {
			return path, err
		}
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		return path, err
	})
}

const leadName = "SubmitInspectionRequest (gRPC)"

func leads(ctx context.Context, addr string, concurrency int) (map[string]*result, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	client := contactv1.NewContactServiceClient(conn)
	runID := time.Now().UTC().Format("20060102T150405")
	return run(ctx, concurrency, []string{leadName}, func(ctx context.Context, worker, i int) (string, error) {
		md := metadata.Pairs("idempotency-key", uuid.NewString(), "x-client-ip", fmt.Sprintf("198.51.100.%d", worker%250+1))
		_, err := client.SubmitInspectionRequest(metadata.NewOutgoingContext(ctx, md), &contactv1.SubmitInspectionRequestRequest{
			FormVariant: "contact", FirstName: "Load", LastName: fmt.Sprintf("Test %d-%d", worker, i),
			Email: fmt.Sprintf("loadgen+%s-%d-%d@example.com", runID, worker, i), Phone: "602-555-0100",
			Issues: []string{"slow-drains"}, Description: "Load generator lead; safe to delete.", SourcePage: "/contact",
		})
		return leadName, err
	}), nil
}

// rssKB reads a process's resident set size from /proc.
func rssKB(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int
			_, err := fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb, err
		}
	}
	return 0, errors.New("no VmRSS line")
}

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "gateway URL")
	contactAddr := flag.String("contact", "", "contact service gRPC address (make run: 127.0.0.1:9102) to also load lead intake; it stores real leads and publishes them on LEADS, so point it at a scratch stack")
	duration := flag.Duration("duration", 20*time.Second, "how long each phase runs")
	concurrency := flag.Int("concurrency", 16, "concurrent clients per phase")
	gatewayPID := flag.Int("gateway-pid", 0, "gateway process id, to report its memory")
	flag.Parse()

	var peakRSS atomic.Int64
	if *gatewayPID > 0 {
		go func() {
			for {
				if kb, err := rssKB(*gatewayPID); err == nil && int64(kb) > peakRSS.Load() {
					peakRSS.Store(int64(kb))
				}
				time.Sleep(100 * time.Millisecond)
			}
		}()
	}

	fmt.Printf("reads through %s: %d clients for %v\n", *base, *concurrency, *duration)
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	start := time.Now()
	res := reads(ctx, *base, *concurrency)
	elapsed := time.Since(start)
	cancel()
	total := &result{name: "all reads"}
	for _, p := range readPaths {
		res[p].print(elapsed)
		total.merge(res[p])
	}
	total.print(elapsed)
	if *gatewayPID > 0 {
		fmt.Printf("gateway peak RSS during reads: %.1f MB\n", float64(peakRSS.Load())/1024)
	}

	if *contactAddr != "" {
		fmt.Printf("\nlead intake at %s: %d clients for %v\n", *contactAddr, *concurrency, *duration)
		ctx, cancel := context.WithTimeout(context.Background(), *duration)
		start := time.Now()
		res, err := leads(ctx, *contactAddr, *concurrency)
		elapsed := time.Since(start)
		cancel()
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		res[leadName].print(elapsed)
	}
}

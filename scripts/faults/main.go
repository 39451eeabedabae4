// Command faults is `make faults`: issue 16's six failure scenarios, each
// against the whole stack started from the built binaries (bin/, `make
// build`) on its own ports, its own database, and its own NATS server and
// MinIO processes, so killing or pausing them never touches anything else on
// the machine. Every scenario's database lives in a Postgres cluster of the
// run's own (initdb in a temporary folder), which scenario 2 stops and
// starts. Each prints a verdict and its figures; the exit status is 1 if
// any failed.
//
//	go run ./scripts/faults [-bins bin] [-only nats,postgres,minio,rolling,kill,flood] [-keep]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/scratch"
)

var scenarios = []struct {
	name, title string
	run         func(*scratch.Stack, *verdict)
}{
	{"nats", "1. NATS killed, then paused, during 2,000 lead submits at 50/s", natsScenario},
	{"postgres", "2. Postgres stopped during submits", postgresScenario},
	{"minio", "3. MinIO stopped during uploads", minioScenario},
	{"rolling", "4. Rolling restart of content, contact, media and gateway (2 replicas) under 200 reads/s and 20 leads/s", rollingScenario},
	{"kill", "5. Contact service SIGKILLed in the middle of the load", killScenario},
	{"flood", "6. A flood from one address at 10x the rate limits", floodScenario},
}

func main() {
	bins := flag.String("bins", "bin", "folder with the built binaries (make build)")
	only := flag.String("only", "", "comma-separated scenario names to run (default all)")
	keep := flag.Bool("keep", false, "keep the work folder (logs, data) after the run")
	flag.Parse()
	os.Exit(run(*bins, *only, *keep))
}

func run(bins, only string, keep bool) int {
	started := time.Now()
	r, err := scratch.NewRun("faults", bins, scratch.PostgresOptions{})
	if err != nil {
		return fail(err)
	}
	defer r.Close(keep)

	failed := 0
	for _, sc := range scenarios {
		if only != "" && !strings.Contains(","+only+",", ","+sc.name+",") {
			continue
		}
		fmt.Printf("\n=== %s\n", sc.title)
		v := &verdict{name: sc.name}
		t := time.Now()
		s, err := scratch.StartStack(r.Root, r.PG, sc.name, scratch.Options{Bins: r.Bins, Balanced: true, Metrics: true})
		if err != nil {
			v.fail("start the stack: %v", err)
		} else {
			sc.run(s, v)
			s.Close()
		}
		v.took = time.Since(t)
		for _, f := range v.figures {
			fmt.Printf("    %s\n", f)
		}
		for _, p := range v.problems {
			fmt.Printf("    PROBLEM: %s\n", p)
		}
		word := "PASS"
		if len(v.problems) > 0 {
			word, failed = "FAIL", failed+1
			if s != nil {
				fmt.Printf("    logs: %s (run with -keep to keep them)\n", s.LogDir)
			}
		}
		fmt.Printf("--- %s %s (%s)\n", word, sc.name, v.took.Round(time.Second))
	}
	fmt.Printf("\nfaults: %d failed, in %s\n", failed, time.Since(started).Round(time.Second))
	if failed > 0 {
		return 1
	}
	return 0
}

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "faults:", err)
	return 1
}

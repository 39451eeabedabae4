package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// lookTool finds a tool on PATH or in Debian's sbin.
func lookTool(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	p := filepath.Join("/usr/sbin", name)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("%s is not installed", name)
}

// pin moves every thread of a running process onto cpus.
func pin(p *scratch.Proc, cpus string) error {
	out, err := exec.Command("taskset", "-a", "-cp", cpus, strconv.Itoa(p.Cmd.Process.Pid)).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pin %s: %v: %s", p.Name, err, out)
	}
	return nil
}

// onLoadCPU runs a load tool on the load generators' CPU and returns its
// standard output.
func onLoadCPU(name string, stdin []byte, args ...string) ([]byte, error) {
	bin, err := lookTool(name)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("taskset", append([]string{"-c", loadCPU, bin}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes(), nil
}

// maxRate is a closed-loop run's result (wrk).
type maxRate struct {
	rps      float64
	p50, p99 time.Duration
	requests int
	bad      int // non-2xx/3xx answers and socket errors
	// steal is the share of the run's CPU time the hypervisor gave to
	// other machines (the larger of the server's CPU and the load's).
	steal float64
}

var (
	wrkRPS     = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	wrkPct     = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$`)
	wrkTotal   = regexp.MustCompile(`(\d+) requests in`)
	wrkNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	wrkSockErr = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
)

// wrkScript cycles through paths, one per request, with the given headers.
func wrkScript(dir string, paths []string, headers map[string]string) (string, error) {
	var b strings.Builder
	b.WriteString("local paths = {")
	for i, p := range paths {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(p))
	}
	b.WriteString("}\nlocal i = 0\n")
	for k, v := range headers {
		fmt.Fprintf(&b, "wrk.headers[%q] = %q\n", k, v)
	}
	b.WriteString("request = function()\n  i = i % #paths + 1\n  return wrk.format(\"GET\", paths[i])\nend\n")
	f, err := os.CreateTemp(dir, "wrk-*.lua")
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(b.String())
	return f.Name(), err
}

// runWrk measures the maximum rate of GETs of paths on base with
// connections open connections.
func runWrk(dir, base string, paths []string, headers map[string]string, dur time.Duration, connections int) (maxRate, error) {
	script, err := wrkScript(dir, paths, headers)
	if err != nil {
		return maxRate{}, err
	}
	out, err := onLoadCPU("wrk", nil, "-t1", "-c"+strconv.Itoa(connections), "-d"+dur.String(), "--latency", "-s", script, base)
	if err != nil {
		return maxRate{}, err
	}
	var m maxRate
	text := string(out)
	if g := wrkRPS.FindStringSubmatch(text); g != nil {
		m.rps, _ = strconv.ParseFloat(g[1], 64)
	} else {
		return m, fmt.Errorf("wrk printed no rate: %s", text)
	}
	for _, g := range wrkPct.FindAllStringSubmatch(text, -1) {
		v, _ := strconv.ParseFloat(g[2], 64)
		d := time.Duration(v * float64(map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[g[3]]))
		if g[1] == "50" {
			m.p50 = d
		} else {
			m.p99 = d
		}
	}
	if g := wrkTotal.FindStringSubmatch(text); g != nil {
		m.requests, _ = strconv.Atoi(g[1])
	}
	if g := wrkNon2xx.FindStringSubmatch(text); g != nil {
		n, _ := strconv.Atoi(g[1])
		m.bad += n
	}
	if g := wrkSockErr.FindStringSubmatch(text); g != nil {
		for _, s := range g[1:] {
			n, _ := strconv.Atoi(s)
			m.bad += n
		}
	}
	return m, nil
}

// fixedRate is a fixed-rate run's result (fortio).
type fixedRate struct {
	rate          float64 // asked for, per second
	achieved      float64 // answered per second
	p50, p99, max time.Duration
	requests      int
	success       float64 // ratio of 2xx/3xx
	codes         map[string]int
}

// runFortio sends rate GETs a second of one path, from connections
// connections, for dur. Each connection keeps its share of the rate and
// catches up when an answer was slow, so the rate holds.
func runFortio(base, path string, headers map[string]string, rate int, dur time.Duration, connections int) (fixedRate, error) {
	args := []string{"load", "-quiet", "-qps", strconv.Itoa(rate), "-c", strconv.Itoa(connections), "-t", dur.String(),
		"-p", "50,99", "-json", "-", "-timeout", "10s"}
	for k, v := range headers {
		args = append(args, "-H", k+": "+v)
	}
	out, err := onLoadCPU("fortio", nil, append(args, base+path)...)
	if err != nil {
		return fixedRate{}, err
	}
	var v struct {
		ActualQPS         float64
		DurationHistogram struct {
			Count       int
			Max         float64
			Percentiles []struct {
				Percentile float64
				Value      float64
			}
		}
		RetCodes map[string]int
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return fixedRate{}, fmt.Errorf("fortio output: %v: %.300s", err, out)
	}
	secs := func(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }
	f := fixedRate{rate: float64(rate), achieved: v.ActualQPS, requests: v.DurationHistogram.Count, max: secs(v.DurationHistogram.Max), codes: v.RetCodes}
	for _, p := range v.DurationHistogram.Percentiles {
		switch p.Percentile {
		case 50:
			f.p50 = secs(p.Value)
		case 99:
			f.p99 = secs(p.Value)
		}
	}
	ok := 0
	for code, n := range v.RetCodes {
		if c, _ := strconv.Atoi(code); c >= 200 && c < 400 {
			ok += n
		}
	}
	if f.requests > 0 {
		f.success = float64(ok) / float64(f.requests)
	}
	return f, nil
}

// runVegeta sends rate GETs a second, spread over paths in turn, for dur
// (an open loop: a slow answer does not delay the next request). Bodies
// are read and not kept (-max-body 0): keeping them made vegeta the
// bottleneck.
func runVegeta(base string, paths []string, headers map[string]string, rate int, dur time.Duration) (fixedRate, error) {
	var targets bytes.Buffer
	for _, p := range paths {
		fmt.Fprintf(&targets, "GET %s%s\n", base, p)
		for k, v := range headers {
			fmt.Fprintf(&targets, "%s: %s\n", k, v)
		}
		targets.WriteString("\n")
	}
	results, err := onLoadCPU("vegeta", targets.Bytes(), "attack", "-rate", fmt.Sprintf("%d/1s", rate), "-duration", dur.String(),
		"-max-body", "0", "-timeout", "10s")
	if err != nil {
		return fixedRate{}, err
	}
	rep, err := onLoadCPU("vegeta", results, "report", "-type", "json")
	if err != nil {
		return fixedRate{}, err
	}
	var v struct {
		Latencies struct {
			P50 int64 `json:"50th"`
			P99 int64 `json:"99th"`
			Max int64 `json:"max"`
		} `json:"latencies"`
		Requests    int            `json:"requests"`
		Throughput  float64        `json:"throughput"`
		Success     float64        `json:"success"`
		StatusCodes map[string]int `json:"status_codes"`
	}
	if err := json.Unmarshal(rep, &v); err != nil {
		return fixedRate{}, fmt.Errorf("vegeta report: %v: %s", err, rep)
	}
	return fixedRate{rate: float64(rate), achieved: v.Throughput, p50: time.Duration(v.Latencies.P50), p99: time.Duration(v.Latencies.P99),
		max: time.Duration(v.Latencies.Max), requests: v.Requests, success: v.Success, codes: v.StatusCodes}, nil
}

// ms prints a duration in milliseconds.
func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64)
}

package scratch

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/toolcache"
)

// Collector is a running OpenTelemetry Collector built from
// scripts/otelcol (scripts/tools.sh otelcol): OTLP over gRPC in, every span
// appended to a file as OTLP JSON lines, which traces.File reads. It is the
// trace test's backend: the same OTLP a deployment's collector or Jaeger
// receives, from a build of under two minutes instead of Jaeger's twenty.
type Collector struct {
	// OTLP is the OTLP/gRPC address the binaries export to (their
	// *_OTLP_ENDPOINT).
	OTLP string
	// Spans is the file the spans are written to.
	Spans string
	P     *Proc
}

// CollectorBinary is $OTELCOL_BIN or the tool cache's.
func CollectorBinary() string { return toolcache.Bin("otelcol", "OTELCOL_BIN") }

// StartCollector starts the collector on a free loopback port with its
// configuration, log and span file in dir, and waits until it takes OTLP.
// A missing binary is an error naming how to build it.
func StartCollector(dir string) (*Collector, error) {
	bin := CollectorBinary()
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("otelcol: %w (build it once with: scripts/tools.sh otelcol)", err)
	}
	c := &Collector{OTLP: FreeAddr(), Spans: filepath.Join(dir, "spans.jsonl")}
	// The file exporter flushes every 100 ms, so a test waits little;
	// the collector's own telemetry stays off its (free) metrics port.
	config := fmt.Sprintf(`receivers:
  otlp:
    protocols:
      grpc:
        endpoint: %q
exporters:
  file:
    path: %q
    flush_interval: 100ms
service:
  telemetry:
    metrics:
      level: none
    logs:
      level: warn
  pipelines:
    traces:
      receivers: [otlp]
      exporters: [file]
`, c.OTLP, c.Spans)
	cfg := filepath.Join(dir, "otelcol.yaml")
	if err := os.WriteFile(cfg, []byte(config), 0o600); err != nil {
		return nil, err
	}
	p, err := StartProc(dir, "otelcol", bin, []string{"--config", cfg}, nil, ProcOptions{})
	if err != nil {
		return nil, err
	}
	c.P = p
	if err := WaitFor("the collector to take OTLP", 60*time.Second, func() bool {
		conn, err := net.DialTimeout("tcp", c.OTLP, time.Second)
		if err == nil {
			conn.Close()
		}
		return err == nil && !p.Exited()
	}); err != nil {
		p.Stop(5 * time.Second)
		return nil, err
	}
	return c, nil
}

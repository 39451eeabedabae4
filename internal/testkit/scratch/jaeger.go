package scratch

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/toolcache"
)

// Jaeger is a running Jaeger v2 (the tool cache's, scripts/tools.sh
// jaeger) with deploy/jaeger/config.yaml: OTLP over gRPC in, traces in
// memory, the query API out.
type Jaeger struct {
	// OTLP is the OTLP/gRPC address the binaries export to (their
	// *_OTLP_ENDPOINT).
	OTLP string
	// Query is the query API's base URL (also Jaeger's UI, where built).
	Query string
	P     *Proc
}

// JaegerBinary is $JAEGER_BIN or the tool cache's.
func JaegerBinary() string { return toolcache.Bin("jaeger", "JAEGER_BIN") }

// JaegerConfig is the repository's deploy/jaeger/config.yaml.
func JaegerConfig() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "deploy", "jaeger", "config.yaml")
}

// StartJaeger starts Jaeger on free loopback ports, its log in
// logDir/jaeger.log, and waits until it is healthy. A missing binary is an
// error naming how to build it.
func StartJaeger(logDir string) (*Jaeger, error) { return StartJaegerWith(logDir, ProcOptions{}) }

// StartJaegerWith is StartJaeger with the process's options (make bench
// pins it to the load generators' CPU: in a deployment the backend runs
// on other machines than the services).
func StartJaegerWith(logDir string, o ProcOptions) (*Jaeger, error) {
	bin := JaegerBinary()
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("jaeger: %w (build it once with: scripts/tools.sh jaeger)", err)
	}
	j := &Jaeger{OTLP: FreeAddr()}
	query, health := FreeAddr(), FreeAddr()
	j.Query = "http://" + query
	p, err := StartProc(logDir, "jaeger", bin, []string{"--config", JaegerConfig()}, []string{
		"JAEGER_OTLP_ADDR=" + j.OTLP, "JAEGER_QUERY_ADDR=" + query, "JAEGER_QUERY_GRPC_ADDR=" + FreeAddr(),
		"JAEGER_HEALTH_ADDR=" + health}, o)
	if err != nil {
		return nil, err
	}
	j.P = p
	if err := WaitFor("jaeger to be healthy", 60*time.Second, func() bool {
		return !p.Exited() && HTTPOK("http://"+health+"/status") && HTTPOK(j.Query+"/api/services")
	}); err != nil {
		p.Stop(5 * time.Second)
		return nil, err
	}
	return j, nil
}

// Package miniotest starts a real MinIO server (the pinned binary that
// scripts/tools.sh builds into the tool cache) for tests.
package miniotest

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/freeport"
	"github.com/valleytrenchless/site/internal/testkit/toolcache"
)

// Credentials of the test server.
const (
	AccessKey = "minio-test"
	SecretKey = "minio-test-secret"
)

// Binary is the MinIO server binary: $MINIO_BIN, or the tool cache's.
func Binary() string { return toolcache.Bin("minio", "MINIO_BIN") }

// Server is a running MinIO.
type Server struct {
	// Endpoint is host:port.
	Endpoint string
	dir      string
	cmd      *exec.Cmd
}

// Start runs MinIO on a free loopback port with data in a temp dir and stops
// it when the test ends. It fails the test when the binary is missing.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Binary()
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("miniotest: MinIO binary not found at %s: run scripts/tools.sh minio (make tools) first", bin)
	}
	s := &Server{Endpoint: freeport.Addr(), dir: t.TempDir()}
	t.Cleanup(s.Stop)
	s.Restart(t)
	return s
}

// Restart starts the server again on the same address and data (after
// Stop, to end a simulated outage).
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	cmd := exec.Command(Binary(), "server", s.dir, "--address", s.Endpoint, "--console-address", "127.0.0.1:0", "--quiet")
	cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+AccessKey, "MINIO_ROOT_PASSWORD="+SecretKey, "MINIO_BROWSER=off")
	if err := cmd.Start(); err != nil {
		t.Fatalf("miniotest: start: %v", err)
	}
	s.cmd = cmd
	if err := waitLive(s.Endpoint, 20*time.Second); err != nil {
		t.Fatalf("miniotest: %v", err)
	}
}

// Stop kills the server (tests use it to simulate an outage).
func (s *Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil && s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	}
}

func waitLive(addr string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for {
		// The health endpoint answers before the S3 API is initialised; an
		// anonymous ListBuckets answers 503 until it is, then 403.
		if code(ctx, "http://"+addr+"/minio/health/ready") == http.StatusOK && code(ctx, "http://"+addr+"/") == http.StatusForbidden {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("MinIO at %s not live after %s", addr, timeout)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func code(ctx context.Context, url string) int {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// Package natstest runs a NATS server with JetStream for tests that must
// stop and restart NATS (the shared local server cannot be), or that need
// a server configured as in production (TLS, users, permissions).
package natstest

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/valleytrenchless/site/internal/testkit/freeport"
	"github.com/valleytrenchless/site/internal/testkit/natsrunbook"
	"github.com/valleytrenchless/site/internal/testkit/toolcache"
)

// Server is a NATS server process that keeps its port and store across
// restarts. It runs the pinned nats-server binary (scripts/tools.sh
// nats-server), not an embedded server: the race detector instruments
// everything in a test binary, and nats-server's own goroutines race at
// start (a write of its JetStream API queues in EnableJetStream, seen in
// CI), which would fail whatever test shared the binary with it.
type Server struct {
	t       testing.TB
	bin     string
	port    int
	monitor int
	dir     string
	cmd     *exec.Cmd
	exited  chan struct{}
	URL     string
}

// Bin is the nats-server binary the tests run ($NATS_SERVER_BIN, or the
// tool cache's).
func Bin() string { return toolcache.Bin("nats-server", "NATS_SERVER_BIN") }

// Start runs a JetStream-enabled server on a free loopback port with its
// store in a temp dir; it is stopped when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Bin()
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("natstest: no nats-server at %s (scripts/tools.sh nats-server builds it): %v", bin, err)
	}
	s := &Server{t: t, bin: bin, port: freePort(t), monitor: freePort(t), dir: t.TempDir()}
	s.URL = "nats://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

func freePort(t testing.TB) int {
	port, err := freeport.Port()
	if err != nil {
		t.Fatal(err)
	}
	return port
}

// Stop shuts the server down (an outage): SIGTERM, which nats-server
// answers with a clean shutdown, then SIGKILL if it has not ended in 15 s.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	s.cmd = nil
}

// Restart starts the server again on the same port with the same store,
// and waits until JetStream answers.
func (s *Server) Restart() {
	s.t.Helper()
	log, err := os.OpenFile(filepath.Join(s.dir, "nats-server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		s.t.Fatal(err)
	}
	defer log.Close()
	cmd := exec.Command(s.bin, "-a", "127.0.0.1", "-p", strconv.Itoa(s.port), "-m", strconv.Itoa(s.monitor),
		"-js", "-sd", filepath.Join(s.dir, "store"))
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("natstest: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	s.cmd, s.exited = cmd, exited
	health := fmt.Sprintf("http://127.0.0.1:%d/healthz?js-enabled-only=true", s.monitor)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		select {
		case <-exited:
			s.cmd = nil
			s.t.Fatalf("natstest: nats-server exited at start; see %s", filepath.Join(s.dir, "nats-server.log"))
		default:
		}
		if resp, err := http.Get(health); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			s.Stop()
			s.t.Fatal("natstest: server not ready in 20 s")
		}
	}
}

// NumSubscriptions is how many subscriptions the server holds (its own
// included: compare before and after), read from its monitoring port.
func (s *Server) NumSubscriptions() uint32 {
	s.t.Helper()
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/subsz", s.monitor))
	if err != nil {
		s.t.Fatalf("natstest: %v", err)
	}
	defer resp.Body.Close()
	var sz struct {
		Count uint32 `json:"num_subscriptions"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&sz); err != nil {
		s.t.Fatalf("natstest: subsz: %v", err)
	}
	return sz.Count
}

// StartConfig runs a server from the text of a nats-server.conf on a free
// loopback port, its client port and host replacing the file's; adjust,
// when not nil, changes the parsed options first. It is shut down when the
// test ends.
func StartConfig(t testing.TB, conf string, adjust func(*server.Options)) *server.Server {
	t.Helper()
	path := filepath.Join(t.TempDir(), "nats-server.conf")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := server.ProcessConfigFile(path)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	opts.Host, opts.Port, opts.NoLog, opts.NoSigs = "127.0.0.1", -1, true, true
	if adjust != nil {
		adjust(opts)
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("natstest: server not ready")
	}
	t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	return srv
}

// NewUser makes an NKey user: its seed in a file (what a binary's
// NATS_NKEY_SEED names) and its public key (what a server lists).
func NewUser(t testing.TB) (seedFile, publicKey string) {
	t.Helper()
	seedFile = filepath.Join(t.TempDir(), "nkey.seed")
	publicKey, err := natsrunbook.NewUser(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	return seedFile, publicKey
}

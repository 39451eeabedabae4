// Package natstest runs an embedded NATS server with JetStream for tests
// that must stop and restart NATS (the shared local server cannot be), or
// that need a server configured as in production (TLS, users, permissions).
package natstest

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/valleytrenchless/site/internal/testkit/natsrunbook"
)

// Server is an embedded NATS server that keeps its port and store across
// restarts.
type Server struct {
	t    testing.TB
	opts server.Options
	srv  *server.Server
	URL  string
}

// Start runs a JetStream-enabled server on a free loopback port with its
// store in a temp dir; it is shut down when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := &Server{t: t, opts: server.Options{
		Host: "127.0.0.1", Port: port, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true,
	}}
	s.URL = "nats://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// Stop shuts the server down (an outage).
func (s *Server) Stop() {
	if s.srv != nil {
		s.srv.Shutdown()
		s.srv.WaitForShutdown()
		s.srv = nil
	}
}

// Restart starts the server again on the same port with the same store.
func (s *Server) Restart() {
	s.t.Helper()
	opts := s.opts
	srv, err := server.NewServer(&opts)
	if err != nil {
		s.t.Fatalf("natstest: %v", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		s.t.Fatal("natstest: server not ready")
	}
	s.srv = srv
}

// NumSubscriptions is how many subscriptions the server holds (its own
// included: compare before and after).
func (s *Server) NumSubscriptions() uint32 { return s.srv.NumSubscriptions() }

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

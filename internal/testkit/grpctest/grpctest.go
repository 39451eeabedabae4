// Package grpctest serves gRPC services on a loopback port for tests and
// dials them as the gateway does.
package grpctest

import (
	"net"
	"testing"

	"google.golang.org/grpc"

	"github.com/valleytrenchless/site/internal/grpcdial"
)

// Serve starts a gRPC server with the services register adds, on a free
// loopback port, and returns a connection to it; both end with the test.
func Serve(t testing.TB, register func(*grpc.Server)) *grpc.ClientConn {
	t.Helper()
	srv := grpc.NewServer()
	register(srv)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(srv.Stop)
	conn, err := grpcdial.New(ln.Addr().String(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

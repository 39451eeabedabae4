// Package grpcdial is how a binary dials another's gRPC server, written once: the transport (mutual TLS from
// a certificate directory, or plain text) and tracing.
package grpcdial

import (
	"fmt"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/valleytrenchless/site/internal/mtls"
)

// New returns a client for addr; it connects lazily, so the server may start later. With tlsDir (tls.crt,
// tls.key, ca.crt, package mtls) the connection is mutual TLS: the server must present a certificate that
// ca.crt signed for addr's host, and the client presents tls.crt. An empty tlsDir dials in plain text: on one
// machine, or under a service mesh that encrypts between pods itself (ADR 0007). opts come after the
// defaults.
func New(addr, tlsDir string, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	creds := insecure.NewCredentials()
	if tlsDir != "" {
		cfg, err := mtls.Client(tlsDir)
		if err != nil {
			return nil, fmt.Errorf("dial %s: %w", addr, err)
		}
		creds = credentials.NewTLS(cfg)
	}
	defaults := []grpc.DialOption{grpc.WithTransportCredentials(creds), grpc.WithStatsHandler(otelgrpc.NewClientHandler())}
	conn, err := grpc.NewClient(addr, append(defaults, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	return conn, nil
}

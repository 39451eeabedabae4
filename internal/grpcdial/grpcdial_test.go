package grpcdial_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection/grpc_reflection_v1"
	"google.golang.org/grpc/status"

	"github.com/valleytrenchless/site/internal/grpcdial"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
	"github.com/valleytrenchless/site/internal/testkit/tlstest"
)

// check asks addr's health through a client dialled with tlsDir.
func check(t *testing.T, addr, tlsDir string) (healthpb.HealthCheckResponse_ServingStatus, error) {
	t.Helper()
	conn, err := grpcdial.New(addr, tlsDir)
	require.NoError(t, err)
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return resp.GetStatus(), err
}

// A service with a certificate directory serves mutual TLS on its port, and plain health on its probe port.
func TestMutualTLSBetweenTheProductsProcesses(t *testing.T) {
	t.Parallel()
	ca := tlstest.NewCA(t, "trenchless internal")
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	addr, healthAddr := scratch.FreeAddr(), scratch.FreeAddr()
	srv, err := grpcserver.New(slog.New(slog.DiscardHandler), grpcserver.Options{
		Signer: signer, TLSDir: ca.Dir(t, "content", "127.0.0.1"), HealthAddr: healthAddr})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, addr, "", prometheus.NewRegistry()) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })

	gateway := ca.Dir(t, "gateway", "gateway")
	require.Eventually(t, func() bool {
		s, err := check(t, addr, gateway)
		return err == nil && s == healthpb.HealthCheckResponse_SERVING
	},
		10*time.Second, 50*time.Millisecond, "a client with a certificate of the same authority gets in")

	_, err = check(t, addr, "")
	require.Equal(t, codes.Unavailable, status.Code(err), "a plain-text client is refused: %v", err)

	other := tlstest.NewCA(t, "someone else")
	_, err = check(t, addr, other.Dir(t, "gateway", "gateway"))
	require.Equal(t, codes.Unavailable, status.Code(err), "a client trusting another authority refuses the server: %v", err)
	require.ErrorContains(t, err, "certificate signed by unknown authority")

	// The probe port answers health in plain text, and nothing else.
	s, err := check(t, healthAddr, "")
	require.NoError(t, err)
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, s)
	conn, err := grpcdial.New(healthAddr, "")
	require.NoError(t, err)
	defer conn.Close()
	stream, err := grpc_reflection_v1.NewServerReflectionClient(conn).ServerReflectionInfo(context.Background())
	require.NoError(t, err)
	_ = stream.Send(&grpc_reflection_v1.ServerReflectionRequest{MessageRequest: &grpc_reflection_v1.ServerReflectionRequest_ListServices{}})
	_, err = stream.Recv()
	require.Equal(t, codes.Unimplemented, status.Code(err), "only health is served on the probe port")
}

func TestABrokenCertificateDirectoryFailsTheDial(t *testing.T) {
	t.Parallel()
	_, err := grpcdial.New("127.0.0.1:1", t.TempDir())
	require.ErrorContains(t, err, "dial 127.0.0.1:1: certificate directory")
}

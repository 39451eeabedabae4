package e2e

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/valleytrenchless/site/internal/testkit/natstest"
)

// Kubernetes probes the lead notifier on its health port: ready while it
// is connected to NATS, alive as long as the process runs, so a NATS outage
// takes it out of rotation without restarting it.
func TestNotifierHealthFollowsNATS(t *testing.T) {
	t.Parallel()
	bins := buildBinaries(t)
	ns := natstest.Start(t)
	addr := freeAddr(t)
	p := start(t, filepath.Join(bins, "notifier"), "NOTIFIER_NATS_URL="+ns.URL, "NOTIFIER_HEALTH_ADDR="+addr, "NOTIFIER_METRICS_ADDR=", "LOG_LEVEL=debug")

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	status := func(service string) healthpb.HealthCheckResponse_ServingStatus {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		resp, err := hc.Check(ctx, &healthpb.HealthCheckRequest{Service: service})
		if err != nil {
			return healthpb.HealthCheckResponse_UNKNOWN
		}
		return resp.GetStatus()
	}
	waitFor(t, "notifier ready", 30*time.Second, func() bool { return status("") == healthpb.HealthCheckResponse_SERVING })

	ns.Stop()
	waitFor(t, "notifier unready without NATS", 30*time.Second, func() bool { return status("") == healthpb.HealthCheckResponse_NOT_SERVING })
	require.Equal(t, healthpb.HealthCheckResponse_SERVING, status("liveness"))

	ns.Restart()
	waitFor(t, "notifier ready again", 30*time.Second, func() bool { return status("") == healthpb.HealthCheckResponse_SERVING })

	p.stop()
	require.True(t, p.cmd.ProcessState.Success(), "SIGTERM ends the notifier cleanly: %v", p.cmd.ProcessState)
}

package natsconn_test

import (
	"log/slog"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
)

// The NATSDisconnected alert reads nats_connected: it must say 0 while the server is away and 1 again once
// the connection is back, under the connection's name.
func TestConnectedGaugeFollowsTheConnection(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nc, err := natsconn.NATS{URL: ns.URL}.Connect(slog.New(slog.DiscardHandler), "contact")
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	reg := prometheus.NewRegistry()
	reg.MustRegister(natsconn.ConnectedGauge(nc))
	value := func() float64 {
		t.Helper()
		families, err := reg.Gather()
		require.NoError(t, err)
		require.Len(t, families, 1)
		require.Equal(t, "nats_connected", families[0].GetName())
		m := families[0].GetMetric()
		require.Len(t, m, 1)
		require.Equal(t, "connection", m[0].GetLabel()[0].GetName())
		require.Equal(t, "contact", m[0].GetLabel()[0].GetValue())
		return m[0].GetGauge().GetValue()
	}
	wait := func(want float64) {
		t.Helper()
		require.Eventually(t, func() bool { return value() == want }, 20*time.Second, 50*time.Millisecond, "nats_connected should be %v", want)
	}
	wait(1)

	ns.Stop()
	wait(0)
	ns.Restart()
	wait(1)

	nc.Close()
	require.Equal(t, 0.0, value(), "a closed connection is not connected")
}

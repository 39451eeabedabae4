package edge

import (
	"context"
	"slices"

	"github.com/prometheus/client_golang/prometheus"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// UpstreamReadyGauges are gateway_upstream_ready{upstream="content"|"contact"|"media"}: 1 while that
// upstream's gRPC health says SERVING, as /readyz requires of each, 0 otherwise; each asked at scrape time
// (one health call, with /readyz's deadline). An UpstreamNotReady alert reads them: which upstream keeps
// this gateway (and so, when every gateway agrees, the whole site) out of the ingress.
func (e *Edge) UpstreamReadyGauges() []prometheus.Collector {
	names := make([]string, 0, len(e.upstreams))
	for name := range e.upstreams {
		names = append(names, name)
	}
	slices.Sort(names)
	gauges := make([]prometheus.Collector, 0, len(names))
	for _, name := range names {
		conn := e.upstreams[name]
		gauges = append(gauges, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "gateway_upstream_ready",
			Help:        "1 while the upstream service's gRPC health says SERVING (what the gateway's /readyz requires of each), 0 otherwise.",
			ConstLabels: prometheus.Labels{"upstream": name},
		}, func() float64 {
			state, _, _ := checkUpstream(context.Background(), e.readyTimeout, conn, false)
			if state == healthpb.HealthCheckResponse_SERVING.String() {
				return 1
			}
			return 0
		}))
	}
	return gauges
}

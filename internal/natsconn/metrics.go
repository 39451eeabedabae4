package natsconn

import (
	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
)

// ConnectedGauge is nats_connected{connection="<name>"}: 1 while nc is connected, 0 while it is
// disconnected, reconnecting or closed, read at scrape time. Every binary that holds a NATS connection
// registers it, so one alert covers them all; the connection label is the name given to Connect (the name
// the server shows), which says whose connection it is without relying on how Prometheus names the jobs.
func ConnectedGauge(nc *nats.Conn) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name:        "nats_connected",
		Help:        "1 while this process's NATS connection is up, 0 while it is disconnected, reconnecting or closed.",
		ConstLabels: prometheus.Labels{"connection": nc.Opts.Name},
	}, func() float64 {
		if nc.IsConnected() {
			return 1
		}
		return 0
	})
}

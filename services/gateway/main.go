// Command gateway is the only public entry: it maps SPEC §7's REST API onto
// the content, contact and media gRPC services and serves the web app.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/gateway/internal/edge"
)

func main() {
	log := logging.New("gateway")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log); err != nil {
		log.Error("gateway stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from GATEWAY_* environment variables.
type Config struct {
	Env             string        `env:"ENV" default:"development"`
	HTTPAddr        string        `env:"HTTP_ADDR" default:"127.0.0.1:8080"`
	MetricsAddr     string        `env:"METRICS_ADDR" default:"127.0.0.1:9200"`
	ContentAddr     string        `env:"CONTENT_ADDR" default:"127.0.0.1:9101"`
	ContactAddr     string        `env:"CONTACT_ADDR" default:"127.0.0.1:9102"`
	MediaAddr       string        `env:"MEDIA_ADDR" default:"127.0.0.1:9103"`
	WebDir          string        `env:"WEB_DIR" default:"web/dist"`
	UpstreamTimeout time.Duration `env:"UPSTREAM_TIMEOUT" default:"10s"`
	ShutdownTimeout time.Duration `env:"SHUTDOWN_TIMEOUT" default:"15s"`
	IdentityKey     string        `env:"IDENTITY_KEY" default:"development-only-identity-key-do-not-deploy" secret:"true"`
	OTLPEndpoint    string        `env:"OTLP_ENDPOINT"`
}

func run(ctx context.Context, log *slog.Logger) error {
	// Configuration.
	var cfg Config
	if err := config.Load("GATEWAY", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("GATEWAY", &cfg))
	signer, err := identity.NewSignerForEnv(cfg.Env, cfg.IdentityKey)
	if err != nil {
		return err
	}

	// Telemetry.
	shutdownTracing, err := telemetry.SetupTracing(ctx, "gateway", cfg.OTLPEndpoint)
	if err != nil {
		return err
	}
	defer func() { _ = shutdownTracing(context.Background()) }()
	reg := telemetry.NewRegistry()

	// Upstreams: connections are lazy, so the gateway starts before the
	// services and /readyz tells when they are up.
	dial := func(addr string) (*grpc.ClientConn, error) {
		return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithStatsHandler(otelgrpc.NewClientHandler()))
	}
	var ups edge.Upstreams
	for _, u := range []struct {
		addr string
		conn **grpc.ClientConn
	}{{cfg.ContentAddr, &ups.Content}, {cfg.ContactAddr, &ups.Contact}, {cfg.MediaAddr, &ups.Media}} {
		c, err := dial(u.addr)
		if err != nil {
			return fmt.Errorf("dial %s: %w", u.addr, err)
		}
		defer c.Close()
		*u.conn = c
	}

	// HTTP.
	h, err := edge.New(ctx, log, edge.Options{Upstreams: ups, WebDir: cfg.WebDir, UpstreamTimeout: cfg.UpstreamTimeout, Signer: signer})
	if err != nil {
		return err
	}
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "http_requests_total", Help: "HTTP requests by code and method."}, []string{"code", "method"})
	duration := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "http_request_duration_seconds", Help: "HTTP request latency.", Buckets: prometheus.DefBuckets}, []string{"code", "method"})
	reg.MustRegister(requests, duration)
	h = promhttp.InstrumentHandlerDuration(duration, promhttp.InstrumentHandlerCounter(requests, h))
	srv := &http.Server{
		Handler:           otelhttp.NewHandler(h, "gateway"),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.HTTPAddr, err)
	}
	log.Info("gateway listening", "url", "http://"+ln.Addr().String())

	// Serve until SIGTERM, then drain.
	errc := make(chan error, 2)
	mctx, cancelMetrics := context.WithCancel(context.Background())
	defer cancelMetrics()
	go func() { errc <- telemetry.ServeMetrics(mctx, log, cfg.MetricsAddr, reg) }()
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return srv.Shutdown(sctx)
}

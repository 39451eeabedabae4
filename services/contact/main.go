// Command contact is the contact service: homeowners' inspection requests
// (leads), stored in Postgres schema "contact" and published to the NATS
// JetStream stream LEADS.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
)

func main() {
	log := logging.New("contact")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log); err != nil {
		log.Error("contact service stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from CONTACT_* environment variables.
type Config struct {
	boot.Common
	GRPCAddr       string `env:"GRPC_ADDR" default:"127.0.0.1:9102"`
	MetricsAddr    string `env:"METRICS_ADDR" default:"127.0.0.1:9202"`
	NATSURL        string `env:"NATS_URL" default:"nats://127.0.0.1:4222"`
	StreamReplicas int    `env:"STREAM_REPLICAS" default:"1"`
}

func run(ctx context.Context, log *slog.Logger) error {
	// Configuration.
	var cfg Config
	if err := config.Load("CONTACT", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("CONTACT", &cfg))

	// Tracing, metrics, caller identity, Postgres.
	deps, stop, err := boot.Start(ctx, log, "contact", cfg.Common)
	if err != nil {
		return err
	}
	defer stop()
	pool, reg := deps.Pool, deps.Registry

	// NATS: keep reconnecting forever; leads are stored first, so NATS
	// being down never loses one.
	nc, err := nats.Connect(cfg.NATSURL, nats.Name("contact"), nats.MaxReconnects(-1), nats.RetryOnFailedConnect(true),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
		nats.ReconnectHandler(func(*nats.Conn) { log.Info("nats reconnected") }))
	if err != nil {
		return fmt.Errorf("nats: %w", err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("jetstream: %w", err)
	}
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	_, err = contactnats.EnsureStream(sctx, js, contactnats.StreamOptions{
		Name: "LEADS", Subjects: []string{"leads.>"}, Replicas: cfg.StreamReplicas,
	})
	cancel()
	if err != nil {
		// The stream is ensured again by the relay when NATS comes back.
		log.Warn("lead stream not ready yet", "err", err)
	}

	// Transport.
	srv, err := grpcserver.New(log, grpcserver.Options{Signer: deps.Signer, Registry: reg})
	if err != nil {
		return err
	}
	return srv.Run(ctx, cfg.GRPCAddr, cfg.MetricsAddr, reg, grpcserver.Check{Name: "postgres", Fn: pool.Ping})
}

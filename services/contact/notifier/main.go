// Command notifier is the reference consumer of the LEADS stream: it e-mails
// the office each new lead (or logs it when no SMTP host is configured).
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/contact/internal/leadnotify"
)

func main() {
	log := logging.New("lead-notifier")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log); err != nil {
		log.Error("lead notifier stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from NOTIFIER_* environment variables.
type Config struct {
	natsconn.NATS
	Stream       string   `env:"STREAM" default:"LEADS"`
	Durable      string   `env:"DURABLE" default:"lead-notifier"`
	DeadLetter   string   `env:"DEAD_LETTER_SUBJECT" default:"leads.deadletter"`
	MaxAttempts  int      `env:"MAX_ATTEMPTS" default:"5"`
	SMTPHost     string   `env:"SMTP_HOST"`
	SMTPPort     int      `env:"SMTP_PORT" default:"587"`
	SMTPUsername string   `env:"SMTP_USERNAME"`
	SMTPPassword string   `env:"SMTP_PASSWORD" secret:"true"`
	MailFrom     string   `env:"MAIL_FROM" default:"website@valleytrenchless.example"`
	MailTo       []string `env:"MAIL_TO" default:"office@valleytrenchless.example"`
	// HealthAddr serves the gRPC health service for probes: SERVING while
	// the NATS connection is up. Empty disables it.
	HealthAddr string `env:"HEALTH_ADDR" default:"127.0.0.1:9104"`
	// MetricsAddr serves /metrics (nats_connected, Go and process) for
	// Prometheus. Empty disables it.
	MetricsAddr string `env:"METRICS_ADDR" default:"127.0.0.1:9204"`
	// OTLPEndpoint is an OTLP/gRPC collector (host:port) the spans go to:
	// each lead's processing and mail join the lead's trace. Empty:
	// spans are made (logs carry trace ids) but not exported.
	OTLPEndpoint string `env:"OTLP_ENDPOINT"`
}

func run(ctx context.Context, log *slog.Logger) error {
	var cfg Config
	if err := config.Load("NOTIFIER", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("NOTIFIER", &cfg))
	boot.ApplyMemoryLimit(log)
	stopTracing, err := telemetry.StartTracing(ctx, "lead-notifier", cfg.OTLPEndpoint)
	if err != nil {
		return err
	}
	defer stopTracing()

	var mailer leadnotify.Mailer = leadnotify.LogMailer{Log: log}
	if cfg.SMTPHost != "" {
		mailer = leadnotify.SMTPMailer{To: cfg.MailTo, SMTP: mail.SMTP{Host: cfg.SMTPHost, Port: cfg.SMTPPort,
			Username: cfg.SMTPUsername, Password: cfg.SMTPPassword, From: cfg.MailFrom}}
	}

	nc, err := cfg.NATS.Connect(log, "lead-notifier")
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	n := &leadnotify.Notifier{JS: js, Log: log, Mailer: mailer, Stream: cfg.Stream, Durable: cfg.Durable,
		Subject: "leads.submitted", Notices: "leads.webhook_disabled", DeadLetter: cfg.DeadLetter, MaxAttempts: cfg.MaxAttempts}
	// The consumer, the probe port and the metrics port run together; any
	// failing stops them all.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	connected := grpcserver.Check{Name: "nats", Fn: func(context.Context) error {
		if !nc.IsConnected() {
			return fmt.Errorf("nats connection %s", nc.Status())
		}
		return nil
	}}
	reg := telemetry.NewRegistry()
	reg.MustRegister(natsconn.ConnectedGauge(nc))
	healthDone, metricsDone := make(chan error, 1), make(chan error, 1)
	go func() { healthDone <- grpcserver.ServeHealth(ctx, log, cfg.HealthAddr, connected); cancel() }()
	go func() { metricsDone <- telemetry.ServeMetrics(ctx, log, cfg.MetricsAddr, reg); cancel() }()
	err = n.Run(ctx)
	cancel()
	return errors.Join(err, <-healthDone, <-metricsDone)
}

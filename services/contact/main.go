// Command contact is the contact service: homeowners' inspection requests
// (leads), stored in Postgres schema "contact" and published to the NATS
// JetStream stream LEADS.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

func main() {
	log := logging.New("contact")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, os.Args[1:]); err != nil {
		log.Error("contact service stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from CONTACT_* environment variables.
type Config struct {
	boot.Common
	natsconn.NATS
	GRPCAddr       string `env:"GRPC_ADDR" default:"127.0.0.1:9102"`
	MetricsAddr    string `env:"METRICS_ADDR" default:"127.0.0.1:9202"`
	StreamReplicas int    `env:"STREAM_REPLICAS" default:"1"`
	// OutboxRetention is how long published outbox rows are kept.
	OutboxRetention time.Duration `env:"OUTBOX_RETENTION" default:"168h"`
	IPHashSalt      string        `env:"IP_HASH_SALT" default:"development-only-ip-salt" secret:"true"`
	// Group commit of leads (see contactpg.BatchOptions): transactions in
	// flight at once, leads per transaction, and how long a transaction
	// waits for more leads (negative: it takes only those already waiting).
	BatchFlushers int           `env:"BATCH_FLUSHERS" default:"2"`
	BatchMax      int           `env:"BATCH_MAX" default:"128"`
	BatchLinger   time.Duration `env:"BATCH_LINGER" default:"1ms"`
	// Webhooks (issue 38): hosts deliveries may reach whatever address
	// they resolve to, and over http (a receiver on the company's own
	// network); a DNS server (host:port) to resolve receivers with instead
	// of the system's; the retry schedule (the wait before each attempt;
	// empty: Svix's 0s,5s,5m,30m,2h,5h,10h,10h); how long an endpoint may
	// fail before it is disabled; how often each worker looks for due
	// deliveries.
	WebhookAllowHosts   []string      `env:"WEBHOOK_ALLOW_HOSTS"`
	WebhookResolver     string        `env:"WEBHOOK_RESOLVER"`
	WebhookSchedule     []string      `env:"WEBHOOK_RETRY_SCHEDULE"`
	WebhookDisableAfter time.Duration `env:"WEBHOOK_DISABLE_AFTER" default:"120h"`
	WebhookPoll         time.Duration `env:"WEBHOOK_POLL" default:"1s"`
	// WebhookLease is how long a worker holds a delivery it is sending;
	// one that dies mid-attempt leaves it to another after this.
	WebhookLease time.Duration `env:"WEBHOOK_LEASE" default:"1m"`
	// WebhookLogRetention is how long finished deliveries stay in the log.
	WebhookLogRetention time.Duration `env:"WEBHOOK_LOG_RETENTION" default:"720h"`
	// LeadRetention erases the personal fields of leads older than it,
	// hourly (issue 39); 0 keeps leads as they are. At least
	// contact.MinRetention, so a slip of the unit cannot erase this
	// month's leads.
	LeadRetention time.Duration `env:"LEAD_RETENTION"`
}

func run(ctx context.Context, log *slog.Logger, args []string) error {
	// Configuration.
	var cfg Config
	if len(args) > 0 && args[0] == "leads" {
		if err := config.Load("CONTACT", &cfg); err != nil {
			return err
		}
		return leadsCommand(ctx, log, cfg, args[1:])
	}
	migrateOnly, err := boot.ParseArgs("contact", args)
	if err != nil {
		return err
	}
	if err := config.Load("CONTACT", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("CONTACT", &cfg))
	if migrateOnly {
		return boot.MigrateOnly(ctx, log, cfg.Common, contactpg.Migrate)
	}

	// Tracing, metrics, caller identity, Postgres. Each submission checks
	// for a recent duplicate on a connection of its own while the batch
	// flushers and the relay hold theirs: with pgx's default of 4 the
	// checks queue for connections (issue 17 measured 20% more leads per
	// second and a lower p99 with 12 or more).
	if cfg.DBMaxConns == 0 {
		cfg.DBMaxConns = 16
	}
	deps, stop, err := boot.Start(ctx, log, "contact", cfg.Common)
	if err != nil {
		return err
	}
	defer stop()
	pool, reg := deps.Pool, deps.Registry
	if cfg.Env != "development" && cfg.IPHashSalt == "development-only-ip-salt" {
		return fmt.Errorf("CONTACT_IP_HASH_SALT must be set outside development")
	}
	if cfg.LeadRetention != 0 && cfg.LeadRetention < contact.MinRetention {
		return fmt.Errorf("CONTACT_LEAD_RETENTION must be 0 (keep leads) or at least %s, not %s", contact.MinRetention, cfg.LeadRetention)
	}
	if err := contactpg.Migrate(ctx, log, pool); err != nil {
		return err
	}

	// NATS: keep reconnecting forever; leads are stored first, so NATS
	// being down never loses one.
	nc, err := cfg.NATS.Connect(log, "contact",
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
		nats.ReconnectHandler(func(*nats.Conn) { log.Info("nats reconnected") }))
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("jetstream: %w", err)
	}
	stream := contactnats.StreamOptions{Name: "LEADS", Subjects: []string{"leads.>"}, Replicas: cfg.StreamReplicas}
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	if _, err := contactnats.EnsureStream(sctx, js, stream); err != nil {
		// The relay ensures it again before publishing, once NATS answers.
		log.Warn("lead stream not ready yet", "err", err)
	}
	cancel()

	// Domain, the spool that holds leads while Postgres cannot (issue 36),
	// and the outbox relay.
	store := contactpg.NewWithOptions(pool, contactpg.BatchOptions{
		Flushers: cfg.BatchFlushers, MaxBatch: cfg.BatchMax, Linger: cfg.BatchLinger})
	spool := &contactnats.Spool{JS: js, Replicas: cfg.StreamReplicas}
	svc := contact.NewService(store, contactnats.Encoder{}, cfg.IPHashSalt).WithSpool(spool).
		WithErasure(store, &contactnats.StreamEraser{JS: js, Stream: stream.Name}, contactnats.LeadsErased)
	sctx, cancel = context.WithTimeout(ctx, 10*time.Second)
	if err := spool.Ping(sctx); err != nil {
		log.Warn("lead spool not ready yet", "err", err)
	}
	cancel()
	// What the alerts watch besides the gRPC metrics: the NATS connection,
	// leads stored but not yet published, and leads past the promise.
	reg.MustRegister(natsconn.ConnectedGauge(nc))
	reg.MustRegister(contactpg.NewBacklogMetrics(store, log, contactpg.BacklogCacheFor).Collectors()...)
	reg.MustRegister(contactnats.SpoolMetrics(js, svc.SpoolStats)...)
	reg.MustRegister(contactnats.ErasureMetrics(svc.ErasureStats)...)
	relay := &contactnats.Relay{Pool: pool, JS: js, Log: log, Stream: stream, Channel: contactpg.NotifyChannel,
		Retention: cfg.OutboxRetention}
	rctx, stopRelay := context.WithCancel(ctx)
	relayDone := make(chan error, 2)
	drainer := &contactnats.Drainer{JS: js, Log: log, Replicas: cfg.StreamReplicas, Restore: svc.Restore}
	go func() { relayDone <- relay.Run(rctx) }()
	go func() { relayDone <- drainer.Run(rctx) }()
	defer func() { stopRelay(); <-relayDone; <-relayDone }()
	// Runs first: once the server has drained its calls, the last batch
	// of leads is committed before the relay and the pool stop.
	defer func() {
		store.Close()
		st := store.Stats()
		sp := svc.SpoolStats()
		log.Info("lead store closed", "batches", st.Batches, "leads", st.Leads, "fallbacks", st.Fallbacks,
			"spooled", sp.Held, "restored", sp.Restored)
	}()

	// Webhooks: the feed makes each event's deliveries, the worker sends
	// the due ones; both run on every replica and share the work.
	hooks, err := webhookService(cfg, log, pool)
	if err != nil {
		return err
	}
	feed := &contactnats.WebhookFeed{JS: js, Stream: stream.Name, Log: log, Enqueue: hooks.Enqueue}
	worker := &webhook.Worker{Service: hooks, Poll: cfg.WebhookPoll}
	// Erasure: the stream part of erases NATS was away for, every minute;
	// the retention, hourly, one replica at a time.
	eraser := &contact.ErasureWorker{Service: svc, Log: log, Retention: cfg.LeadRetention}
	hctx, stopHooks := context.WithCancel(ctx)
	hooksDone := make(chan error, 3)
	go func() {
		select { // after the relay has ensured LEADS (see Relay.Ensured)
		case <-relay.Ensured():
			hooksDone <- feed.Run(hctx)
		case <-hctx.Done():
			hooksDone <- nil
		}
	}()
	go func() { hooksDone <- worker.Run(hctx) }()
	go func() { hooksDone <- eraser.Run(hctx) }()
	defer func() { stopHooks(); <-hooksDone; <-hooksDone; <-hooksDone }()

	// Transport.
	srv, err := contactgrpc.NewGRPCServer(log, svc, hooks, grpcserver.Options{Signer: deps.Signer, Registry: reg,
		ShutdownTimeout: cfg.ShutdownTimeout, TLSDir: cfg.GRPCTLSDir, HealthAddr: cfg.GRPCHealthAddr})
	if err != nil {
		return err
	}
	// Ready while a lead can be taken: into Postgres, or into the spool
	// while Postgres is down (reported on its own name all the same).
	intake := grpcserver.Check{Name: "lead-intake", Fn: func(ctx context.Context) error {
		pgErr := pool.Ping(ctx)
		if pgErr == nil {
			return nil
		}
		spoolErr := spool.Ping(ctx)
		if spoolErr == nil {
			return nil
		}
		return errors.Join(pgErr, spoolErr)
	}}
	return srv.Run(ctx, cfg.GRPCAddr, cfg.MetricsAddr, reg, intake,
		grpcserver.Check{Name: "postgres", Fn: pool.Ping, ReportOnly: true})
}

// webhookService is the webhook rules as cfg sets them.
func webhookService(cfg Config, log *slog.Logger, pool *pgxpool.Pool) (*webhook.Service, error) {
	guard := webhook.Guard{AllowHosts: cfg.WebhookAllowHosts}
	if cfg.WebhookResolver != "" {
		server := cfg.WebhookResolver
		guard.Resolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, server)
		}}
	}
	var schedule []time.Duration
	for _, s := range cfg.WebhookSchedule {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil || d < 0 {
			return nil, fmt.Errorf("CONTACT_WEBHOOK_RETRY_SCHEDULE: %q is not a duration", s)
		}
		schedule = append(schedule, d)
	}
	if cfg.WebhookLease <= webhook.Timeout {
		return nil, fmt.Errorf("CONTACT_WEBHOOK_LEASE: %s must be longer than an attempt may take (%s)", cfg.WebhookLease, webhook.Timeout)
	}
	return &webhook.Service{Store: contactpg.NewWebhooks(pool), Guard: guard, Log: log, Schedule: schedule, Lease: cfg.WebhookLease,
		DisableAfter: cfg.WebhookDisableAfter, Retention: cfg.WebhookLogRetention, LeadField: contactnats.LeadHasField, Sample: contactnats.SampleLead(),
		Notice: contactnats.WebhookDisabledNotice}, nil
}

// Command content is the content service: blog posts and editable site text
// over gRPC, stored in Postgres schema "content".
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/grpcdial"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/services/content/internal/content"
	"github.com/valleytrenchless/site/services/content/internal/contentgrpc"
	"github.com/valleytrenchless/site/services/content/internal/contentmedia"
	"github.com/valleytrenchless/site/services/content/internal/contentnats"
	"github.com/valleytrenchless/site/services/content/internal/contentpg"
	"github.com/valleytrenchless/site/services/content/internal/render"
)

func main() {
	log := logging.New("content")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, os.Args[1:]); err != nil {
		log.Error("content service stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from CONTENT_* environment variables.
type Config struct {
	boot.Common
	natsconn.NATS
	GRPCAddr    string `env:"GRPC_ADDR" default:"127.0.0.1:9101"`
	MetricsAddr string `env:"METRICS_ADDR" default:"127.0.0.1:9201"`
	Seed        bool   `env:"SEED" default:"true"`
	// MediaAddr is the media service's gRPC target (host:port, or
	// dns:///<name>:<port> for every replica, as the gateway's), asked for
	// the size and renditions of article images; while it is down images
	// render without srcset.
	MediaAddr string `env:"MEDIA_ADDR" default:"127.0.0.1:9103"`
}

func run(ctx context.Context, log *slog.Logger, args []string) error {
	// Configuration.
	migrateOnly, err := boot.ParseArgs("content", args)
	if err != nil {
		return err
	}
	var cfg Config
	if err := config.Load("CONTENT", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("CONTENT", &cfg))
	if migrateOnly {
		return boot.MigrateOnly(ctx, log, cfg.Common, contentpg.Migrate)
	}

	// Tracing, metrics, caller identity, Postgres; then the schema.
	deps, stop, err := boot.Start(ctx, log, "content", cfg.Common)
	if err != nil {
		return err
	}
	defer stop()
	pool, reg := deps.Pool, deps.Registry
	if err := contentpg.Migrate(ctx, log, pool); err != nil {
		return err
	}
	store := contentpg.New(pool)
	var seeded contentpg.SeedResult
	if cfg.Seed {
		if seeded, err = store.Seed(ctx); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		if seeded.PostsApplied {
			log.Info("seed articles applied")
		}
		if seeded.EditableAdded > 0 {
			log.Info("seed editable texts added", "count", seeded.EditableAdded)
		}
		if len(seeded.TextsUpdated) > 0 || len(seeded.PostsUpdated) > 0 {
			log.Info("seed defaults staff never changed brought up to date", "texts", seeded.TextsUpdated, "posts", seeded.PostsUpdated)
		}
	}

	// NATS: content.changed events for cache invalidation. Writes never
	// wait for NATS; the connection keeps retrying in the background.
	nc, err := cfg.NATS.Connect(log, "content")
	if err != nil {
		return err
	}
	defer nc.Close()
	reg.MustRegister(natsconn.ConnectedGauge(nc))

	// Domain and transport.
	pub := contentnats.NewPublisher(log, nc)
	svc := content.NewService(store, pub)
	// Texts and articles the seed reworded: a gateway of the previous
	// release may be serving pages that hold the old wording.
	for _, key := range seeded.TextsUpdated {
		pub.ContentChanged(ctx, content.Change{Kind: "editable_content", ID: key})
	}
	for _, id := range seeded.PostsUpdated {
		pub.ContentChanged(ctx, content.Change{Kind: "post", ID: id})
	}
	// Scheduled posts: content.changed when each goes live.
	go svc.AnnounceScheduled(ctx, log, content.ScheduleInterval)
	srv, err := grpcserver.New(log, grpcserver.Options{
		ShutdownTimeout: cfg.ShutdownTimeout,
		Signer:          deps.Signer,
		Registry:        reg,
		TLSDir:          cfg.GRPCTLSDir,
		HealthAddr:      cfg.GRPCHealthAddr,
	})
	if err != nil {
		return err
	}
	// The media service sizes article images. Dialling connects lazily, so
	// the media service may start later or go away; rendering degrades.
	mediaConn, err := grpcdial.New(cfg.MediaAddr, cfg.GRPCTLSDir)
	if err != nil {
		return fmt.Errorf("media client: %w", err)
	}
	defer mediaConn.Close()
	renderer := render.New(contentmedia.New(mediaConn, deps.Signer), log)
	public := contentgrpc.New(log, svc, renderer)
	contentv1.RegisterContentServiceServer(srv.GRPC(), public)
	contentv1.RegisterContentAdminServiceServer(srv.GRPC(), contentgrpc.NewAdmin(public))

	// Serve until SIGTERM. A Postgres outage is reported (the gateway's
	// /readyz lists it) without making the replicas unready: every replica
	// shares the database, so taking them away fixes nothing, and the
	// gateway keeps serving the pages it keeps (issue 36, ADR 0013).
	return srv.Run(ctx, cfg.GRPCAddr, cfg.MetricsAddr, reg, grpcserver.Check{Name: "postgres", Fn: pool.Ping, ReportOnly: true})
}

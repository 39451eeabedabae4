// Command media is the media service: staff image uploads stored in a MinIO
// bucket, with metadata in Postgres schema "media".
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/services/media/internal/media"
	"github.com/valleytrenchless/site/services/media/internal/mediagrpc"
	"github.com/valleytrenchless/site/services/media/internal/mediaminio"
	"github.com/valleytrenchless/site/services/media/internal/mediapg"
)

func main() {
	log := logging.New("media")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, os.Args[1:]); err != nil {
		log.Error("media service stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from MEDIA_* environment variables.
type Config struct {
	boot.Common
	GRPCAddr    string `env:"GRPC_ADDR" default:"127.0.0.1:9103"`
	MetricsAddr string `env:"METRICS_ADDR" default:"127.0.0.1:9203"`
	S3Endpoint  string `env:"S3_ENDPOINT" default:"127.0.0.1:9000"`
	S3AccessKey string `env:"S3_ACCESS_KEY" default:"trenchless"`
	S3SecretKey string `env:"S3_SECRET_KEY" default:"trenchless-dev-secret" secret:"true"`
	S3UseSSL    bool   `env:"S3_USE_SSL"`
	Bucket      string `env:"BUCKET" default:"media"`
	// MemoryLimitMB is the Go heap's soft limit (runtime/debug
	// SetMemoryLimit) when GOMEMLIMIT is not set (the Helm chart sets it
	// from the container's limit): the GC works harder near it instead of
	// letting a burst of uploads grow the heap to twice what is live.
	MemoryLimitMB int `env:"MEMORY_LIMIT_MB" default:"256"`
}

func run(ctx context.Context, log *slog.Logger, args []string) error {
	// Configuration.
	migrateOnly, err := boot.ParseArgs("media", args)
	if err != nil {
		return err
	}
	var cfg Config
	if err := config.Load("MEDIA", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("MEDIA", &cfg))
	if migrateOnly {
		return boot.MigrateOnly(ctx, log, cfg.Common, mediapg.Migrate)
	}
	if os.Getenv("GOMEMLIMIT") == "" && cfg.MemoryLimitMB > 0 {
		debug.SetMemoryLimit(int64(cfg.MemoryLimitMB) << 20)
	}

	// Tracing, metrics, caller identity, Postgres.
	deps, stop, err := boot.Start(ctx, log, "media", cfg.Common)
	if err != nil {
		return err
	}
	defer stop()
	pool, reg := deps.Pool, deps.Registry
	if err := mediapg.Migrate(ctx, log, pool); err != nil {
		return err
	}

	// Object store: a missing bucket is created; an unreachable MinIO only
	// makes the service report NOT_SERVING until it returns.
	objects, err := mediaminio.New(mediaminio.Options{
		Endpoint: cfg.S3Endpoint, AccessKey: cfg.S3AccessKey, SecretKey: cfg.S3SecretKey, UseSSL: cfg.S3UseSSL, Bucket: cfg.Bucket,
	})
	if err != nil {
		return err
	}
	bctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	if err := objects.EnsureBucket(bctx); err != nil {
		log.Warn("bucket not ready yet", "err", err)
	}
	cancel()
	ensureBucket := func(ctx context.Context) error {
		if err := objects.Ping(ctx); err != nil {
			return err
		}
		return objects.EnsureBucket(ctx)
	}

	// Transport.
	// Uploads and library calls check the staff identity per method;
	// GetImage (serving) is public; LookupImages answers services only.
	srv, err := grpcserver.New(log, grpcserver.Options{Signer: deps.Signer, Registry: reg, ShutdownTimeout: cfg.ShutdownTimeout})
	if err != nil {
		return err
	}
	svc := media.NewService(mediapg.New(pool), objects)
	mediav1.RegisterMediaServiceServer(srv.GRPC(), mediagrpc.New(log, svc))
	return srv.Run(ctx, cfg.GRPCAddr, cfg.MetricsAddr, reg,
		grpcserver.Check{Name: "postgres", Fn: pool.Ping},
		grpcserver.Check{Name: "minio", Fn: ensureBucket})
}

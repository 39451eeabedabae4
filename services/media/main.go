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

	"github.com/prometheus/client_golang/prometheus"

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
	// SetMemoryLimit) when neither GOMEMLIMIT nor the container's limit
	// is set (the Helm chart passes the latter: boot.ApplyMemoryLimit):
	// the GC works harder near it instead of letting a burst of uploads
	// grow the heap to twice what is live.
	MemoryLimitMB int `env:"MEMORY_LIMIT_MB" default:"256"`
	// DecodeBudgetMB is the memory uploads being processed may hold at
	// once, by each upload's estimate from its header (decoded bitmap,
	// variants, encoders): a 40 MP image takes 178 MB of it, so the
	// default processes one at a time and queues the rest. Raise it with
	// the memory limit; an image that alone needs more is refused.
	DecodeBudgetMB int `env:"DECODE_BUDGET_MB" default:"192"` // media.DefaultDecodeBudget
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
	if os.Getenv("GOMEMLIMIT") == "" && os.Getenv(boot.ContainerMemoryEnv) == "" && cfg.MemoryLimitMB > 0 {
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

	// Object store: a missing bucket is created and its versioning turned
	// on (a store that refuses it is logged, not fatal); an unreachable
	// MinIO only makes the service report NOT_SERVING until it returns.
	objects, err := mediaminio.New(mediaminio.Options{
		Endpoint: cfg.S3Endpoint, AccessKey: cfg.S3AccessKey, SecretKey: cfg.S3SecretKey, UseSSL: cfg.S3UseSSL, Bucket: cfg.Bucket, Log: log,
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
	srv, err := grpcserver.New(log, grpcserver.Options{Signer: deps.Signer, Registry: reg, ShutdownTimeout: cfg.ShutdownTimeout,
		TLSDir: cfg.GRPCTLSDir, HealthAddr: cfg.GRPCHealthAddr})
	if err != nil {
		return err
	}
	svc := media.NewService(mediapg.New(pool), objects, media.Options{DecodeBudget: int64(cfg.DecodeBudgetMB) << 20, Log: log})
	registerBudgetMetrics(reg, svc.BudgetStats)
	mediav1.RegisterMediaServiceServer(srv.GRPC(), mediagrpc.New(log, svc))
	// A Postgres outage is reported without making the replicas unready,
	// as in content: they share the database (issue 36, ADR 0013).
	return srv.Run(ctx, cfg.GRPCAddr, cfg.MetricsAddr, reg,
		grpcserver.Check{Name: "postgres", Fn: pool.Ping, ReportOnly: true},
		grpcserver.Check{Name: "minio", Fn: ensureBucket})
}

// registerBudgetMetrics exports the decode budget: an operator sees uploads
// queueing (waits) or refused as busy before staff report it.
func registerBudgetMetrics(reg prometheus.Registerer, stats func() media.BudgetStats) {
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "media_decode_budget_bytes", Help: "Memory uploads being processed may hold at once (MEDIA_DECODE_BUDGET_MB)."},
			func() float64 { return float64(stats().Total) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "media_decode_budget_in_use_bytes", Help: "Estimated peak memory of the uploads being processed."},
			func() float64 { return float64(stats().InUse) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "media_decode_waits_total", Help: "Uploads that queued for the decode budget or a core."},
			func() float64 { return float64(stats().Waits) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "media_decode_busy_total", Help: "Uploads refused as busy: still queued when too little of their time was left."},
			func() float64 { return float64(stats().Busy) }),
	)
}

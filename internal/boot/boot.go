// Package boot is the start-up every service binary shares: the settings
// they all have, tracing, the metrics registry, the caller-identity signer
// and the Postgres pool.
package boot

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/telemetry"
)

// Common are the settings every service has; embed it in a service's
// Config so they read PREFIX_ENV, PREFIX_DB_URL and so on.
type Common struct {
	Env              string        `env:"ENV" default:"development"`
	DBURL            string        `env:"DB_URL" default:"postgres://postgres@127.0.0.1:5432/trenchless?sslmode=disable" secret:"true"`
	DBConnectTimeout time.Duration `env:"DB_CONNECT_TIMEOUT" default:"30s"`
	// DBMaxConns caps the service's Postgres pool; 0 keeps the URL's
	// pool_max_conns or pgx's default (4, or one per CPU). A service may
	// choose its own default for 0 before Start.
	DBMaxConns int `env:"DB_MAX_CONNS" default:"0"`
	// DBMinConns is how many of those the pool keeps open when idle (at
	// most DBMaxConns), so a burst of requests does not wait for new
	// Postgres backends; 0 keeps the URL's pool_min_conns or none.
	DBMinConns   int    `env:"DB_MIN_CONNS" default:"4"`
	IdentityKey  string `env:"IDENTITY_KEY" default:"development-only-identity-key-do-not-deploy" secret:"true"`
	OTLPEndpoint string `env:"OTLP_ENDPOINT"`
	// ShutdownTimeout bounds the drain after SIGTERM; a pod's termination
	// grace period must be longer.
	ShutdownTimeout time.Duration `env:"SHUTDOWN_TIMEOUT" default:"15s"`
	// GRPCTLSDir is a certificate directory in cert-manager's form
	// (tls.crt, tls.key, ca.crt): gRPC between the product's processes is
	// then mutual TLS — a service serves with it, the gateway and content
	// dial with it. Empty: plain text, for one machine or under a mesh that
	// encrypts between pods (ADR 0007).
	GRPCTLSDir string `env:"GRPC_TLS_DIR"`
	// GRPCHealthAddr serves a service's health alone in plain text (empty:
	// not at all), for probes that speak no TLS; the gateway has none.
	GRPCHealthAddr string `env:"GRPC_HEALTH_ADDR"`
}

// Deps are what Start set up.
type Deps struct {
	Signer   *identity.Signer
	Registry *prometheus.Registry
	Pool     *pgxpool.Pool
}

// ContainerMemoryEnv names the container's memory limit in bytes, as the
// Helm chart passes it (the downward API's limits.memory).
const ContainerMemoryEnv = "CONTAINER_MEMORY_LIMIT"

// memoryLimitShare is the part of the container's limit the Go runtime
// aims to stay under: the collector works harder near it, and what is
// left covers memory Go does not count (libwebp's buffers in media, the
// stacks of goroutines) before the kernel's OOM killer would act at the
// limit itself.
const memoryLimitShare = 0.8

// ApplyMemoryLimit sets the Go runtime's soft memory limit to 80% of the
// container's (ContainerMemoryEnv), unless GOMEMLIMIT names one itself.
// A GOMEMLIMIT equal to the container's limit, as the chart once set,
// left no room: the collector only hurried at the limit, where the kernel
// kills the pod.
func ApplyMemoryLimit(log *slog.Logger) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	raw := os.Getenv(ContainerMemoryEnv)
	if raw == "" {
		return
	}
	limit, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || limit <= 0 {
		log.Warn("container memory limit not understood; no Go memory limit set", "env", ContainerMemoryEnv, "value", raw)
		return
	}
	soft := int64(float64(limit) * memoryLimitShare)
	debug.SetMemoryLimit(soft)
	log.Info("go memory limit set", "bytes", soft, "container_bytes", limit)
}

// Start sets up tracing, metrics, the signer and the Postgres pool. The
// returned stop releases them; call it when run returns.
func Start(ctx context.Context, log *slog.Logger, service string, c Common) (Deps, func(), error) {
	ApplyMemoryLimit(log)
	signer, err := identity.NewSignerForEnv(c.Env, c.IdentityKey)
	if err != nil {
		return Deps{}, nil, err
	}
	stopTracing, err := telemetry.StartTracing(ctx, service, c.OTLPEndpoint)
	if err != nil {
		return Deps{}, nil, err
	}
	pool, err := pgdb.OpenSized(ctx, log, c.DBURL, c.DBConnectTimeout, int32(c.DBMaxConns), int32(c.DBMinConns))
	if err != nil {
		stopTracing()
		return Deps{}, nil, err
	}
	stop := func() {
		pool.Close()
		stopTracing()
	}
	return Deps{Signer: signer, Registry: telemetry.NewRegistry(), Pool: pool}, stop, nil
}

// MigrateCommand is the argument that turns a service binary into a
// one-shot migrator: it applies the service's migrations and exits (the
// Helm chart's pre-install/pre-upgrade Job runs it).
const MigrateCommand = "migrate"

// ParseArgs reads a service binary's arguments (os.Args[1:]): none means
// serve, MigrateCommand means migrate and exit; anything else is an error
// naming the usage.
func ParseArgs(service string, args []string) (migrateOnly bool, err error) {
	switch {
	case len(args) == 0:
		return false, nil
	case len(args) == 1 && args[0] == MigrateCommand:
		return true, nil
	}
	return false, fmt.Errorf("unexpected arguments %q; usage: %s [%s]", strings.Join(args, " "), service, MigrateCommand)
}

// Migrator applies one service's schema migrations.
type Migrator func(context.Context, *slog.Logger, *pgxpool.Pool) error

// MigrateOnly connects to c's database, applies migrate and closes the
// pool: the whole of a binary's migrate mode. It needs nothing but the
// database (no identity key, NATS or object store).
func MigrateOnly(ctx context.Context, log *slog.Logger, c Common, migrate Migrator) error {
	pool, err := pgdb.Open(ctx, log, c.DBURL, c.DBConnectTimeout)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := migrate(ctx, log, pool); err != nil {
		return err
	}
	log.Info("migrations up to date")
	return nil
}

// Package boot is the start-up every service binary shares: the settings
// they all have, tracing, the metrics registry, the caller-identity signer
// and the Postgres pool.
package boot

import (
	"context"
	"fmt"
	"log/slog"
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
}

// Deps are what Start set up.
type Deps struct {
	Signer   *identity.Signer
	Registry *prometheus.Registry
	Pool     *pgxpool.Pool
}

// Start sets up tracing, metrics, the signer and the Postgres pool. The
// returned stop releases them; call it when run returns.
func Start(ctx context.Context, log *slog.Logger, service string, c Common) (Deps, func(), error) {
	signer, err := identity.NewSignerForEnv(c.Env, c.IdentityKey)
	if err != nil {
		return Deps{}, nil, err
	}
	shutdownTracing, err := telemetry.SetupTracing(ctx, service, c.OTLPEndpoint)
	if err != nil {
		return Deps{}, nil, err
	}
	pool, err := pgdb.OpenSized(ctx, log, c.DBURL, c.DBConnectTimeout, int32(c.DBMaxConns), int32(c.DBMinConns))
	if err != nil {
		_ = shutdownTracing(context.Background())
		return Deps{}, nil, err
	}
	stop := func() {
		pool.Close()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = shutdownTracing(sctx)
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

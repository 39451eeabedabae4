// Package pgdb opens the Postgres pool a service uses and applies the
// service's versioned SQL migrations at start, under an advisory lock so that
// several replicas starting together migrate once.
package pgdb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Open connects to url, retrying until ctx ends or connectTimeout passes, so
// a service started alongside its database waits for it instead of dying.
func Open(ctx context.Context, log *slog.Logger, url string, connectTimeout time.Duration) (*pgxpool.Pool, error) {
	return OpenSized(ctx, log, url, connectTimeout, 0, 0)
}

// OpenSized is Open with a pool of at most maxConns connections, of which
// it keeps minConns open even when idle (at most maxConns), so a burst of
// requests does not first wait for new connections, each a Postgres
// backend to start and warm its caches. Zero keeps the URL's
// pool_max_conns / pool_min_conns or pgx's defaults (4 or one per CPU; 0).
func OpenSized(ctx context.Context, log *slog.Logger, url string, connectTimeout time.Duration, maxConns, minConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	if minConns > 0 {
		cfg.MinConns = minConns
	}
	cfg.MinConns = min(cfg.MinConns, cfg.MaxConns)
	if cfg.ConnConfig.ConnectTimeout == 0 { // the URL's connect_timeout wins
		cfg.ConnConfig.ConnectTimeout = ConnectTimeout
	}
	if cfg.PingTimeout == 0 { // the URL's pool_ping_timeout wins
		cfg.PingTimeout = PingTimeout
	}
	dropDeadConns(cfg)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("create pool: %w", err)
	}
	deadline := time.Now().Add(connectTimeout)
	for {
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = pool.Ping(pctx)
		cancel()
		if err == nil {
			return pool, nil
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			pool.Close()
			return nil, fmt.Errorf("connect to postgres: %w", err)
		}
		log.Warn("postgres not reachable yet, retrying", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// Migration is one versioned SQL file.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

var fileRE = regexp.MustCompile(`^(\d{3,})_([a-z0-9_]+)\.sql$`)

// Load reads NNN_name.sql files from dir in fsys, ordered by version.
// Versions must be unique and files that do not match the pattern are an
// error, so a misnamed migration is never silently skipped.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []Migration
	seen := map[int]string{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		m := fileRE.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration %q: name must look like 001_create_things.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %q and %q share version %d", prev, e.Name(), v)
		}
		seen[v] = e.Name()
		body, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: m[2], SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate creates schema if needed and applies, in order and each in its own
// transaction, every migration not yet recorded in schema.schema_migrations.
// It holds a session advisory lock for the schema while it runs.
func Migrate(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool, schema string, migrations []Migration) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate %s: acquire: %w", schema, err)
	}
	defer conn.Release()

	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtext($1))", "migrate:"+schema); err != nil {
		return fmt.Errorf("migrate %s: lock: %w", schema, err)
	}
	defer func() {
		// Unlock on a fresh context: ctx may be cancelled already.
		uctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = conn.Exec(uctx, "SELECT pg_advisory_unlock(hashtext($1))", "migrate:"+schema)
	}()

	ident := pgx.Identifier{schema}.Sanitize()
	if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+ident); err != nil {
		return fmt.Errorf("migrate %s: create schema: %w", schema, err)
	}
	table := pgx.Identifier{schema, "schema_migrations"}.Sanitize()
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+table+` (
		version    integer PRIMARY KEY,
		name       text NOT NULL,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`); err != nil {
		return fmt.Errorf("migrate %s: create version table: %w", schema, err)
	}
	applied := map[int]bool{}
	rows, err := conn.Query(ctx, "SELECT version FROM "+table)
	if err != nil {
		return fmt.Errorf("migrate %s: read versions: %w", schema, err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		return fmt.Errorf("migrate %s: read versions: %w", schema, err)
	}
	for _, v := range versions {
		applied[v] = true
	}
	for _, m := range migrations {
		if applied[m.Version] {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			// Extensions belong to the database, not to a schema: two
			// services creating one at once collide on pg_extension's
			// unique name even with IF NOT EXISTS. A migration that creates
			// one holds a database-wide lock until it commits, so the
			// other finds the extension there.
			if strings.Contains(strings.ToUpper(m.SQL), "CREATE EXTENSION") {
				if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('migrate:extensions'))"); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO "+table+" (version, name) VALUES ($1, $2)", m.Version, m.Name)
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate %s: %03d_%s: %w", schema, m.Version, m.Name, err)
		}
		log.Info("migration applied", "schema", schema, "version", m.Version, "name", m.Name)
	}
	return nil
}

// IsUniqueViolation reports whether err is Postgres SQLSTATE 23505.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// MigrateDir loads the migrations in dir of fsys (a service's embedded
// migrations folder) and applies them to schema: the one call each
// service's store makes.
func MigrateDir(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool, schema string, fsys fs.FS, dir string) error {
	ms, err := Load(fsys, dir)
	if err != nil {
		return err
	}
	return Migrate(ctx, log, pool, schema, ms)
}

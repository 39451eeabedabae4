// Package pgtest gives each test package a fresh database on the real
// Postgres server, dropped when the package's tests finish.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pgdb"
)

// AdminURL is the server used to create test databases: TEST_DATABASE_URL,
// or the local server with trust auth.
func AdminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// CreateDatabase creates an empty database and returns its URL and a
// function that drops it.
func CreateDatabase(ctx context.Context) (string, func(), error) {
	admin := AdminURL()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", nil, fmt.Errorf("pgtest: cannot reach Postgres at %s (start it, or set TEST_DATABASE_URL): %w", admin, err)
	}
	defer conn.Close(ctx)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", nil, fmt.Errorf("pgtest: create database: %w", err)
	}
	u, err := url.Parse(admin)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pgtest: drop:", err)
			return
		}
		defer c.Close(ctx)
		if _, err := c.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest: drop:", err)
		}
	}
	return u.String(), drop, nil
}

// Main runs a test package against a fresh database whose URL it stores in
// *dbURL, and drops the database afterwards. Use it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &dbURL)) }
//
// When Postgres cannot be reached it fails the package loudly.
func Main(m *testing.M, dbURL *string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	u, drop, err := CreateDatabase(ctx)
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	defer drop()
	*dbURL = u
	return m.Run()
}

// NewPool gives one test its own database, migrated by migrate (may be
// nil), and closes and drops it when the test ends.
func NewPool(t testing.TB, migrate func(context.Context, *slog.Logger, *pgxpool.Pool) error) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	u, drop, err := CreateDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(drop)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool, err := pgdb.Open(ctx, log, u, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if migrate != nil {
		if err := migrate(ctx, log, pool); err != nil {
			t.Fatal(err)
		}
	}
	return pool
}

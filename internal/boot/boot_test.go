package boot_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
)

func TestParseArgs(t *testing.T) {
	t.Parallel()
	migrate, err := boot.ParseArgs("content", nil)
	require.NoError(t, err)
	require.False(t, migrate)
	migrate, err = boot.ParseArgs("content", []string{"migrate"})
	require.NoError(t, err)
	require.True(t, migrate)
	_, err = boot.ParseArgs("content", []string{"migrate", "now"})
	require.ErrorContains(t, err, "usage: content [migrate]")
	_, err = boot.ParseArgs("content", []string{"migrat"})
	require.ErrorContains(t, err, `unexpected arguments "migrat"`)
}

func TestMigrateOnlyAppliesTheSchemaAndReturns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url, drop, err := pgtest.CreateDatabase(ctx)
	require.NoError(t, err)
	t.Cleanup(drop)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	fsys := fstest.MapFS{"m/001_things.sql": {Data: []byte("CREATE TABLE demo.things (id int PRIMARY KEY)")}}
	migrator := func(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool) error {
		return pgdb.MigrateDir(ctx, log, pool, "demo", fsys, "m")
	}
	c := boot.Common{DBURL: url, DBConnectTimeout: 10 * time.Second}

	// Twice: the second run (a pre-upgrade Job with nothing new) is a no-op.
	require.NoError(t, boot.MigrateOnly(ctx, quiet, c, migrator))
	require.NoError(t, boot.MigrateOnly(ctx, quiet, c, migrator))
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	defer conn.Close(ctx)
	var versions int
	require.NoError(t, conn.QueryRow(ctx, "SELECT count(*) FROM demo.schema_migrations").Scan(&versions))
	require.Equal(t, 1, versions)
	_, err = conn.Exec(ctx, "INSERT INTO demo.things VALUES (1)")
	require.NoError(t, err)

	// An unreachable database fails the Job instead of hanging it.
	c.DBURL = "postgres://nobody@127.0.0.1:1/none?sslmode=disable"
	c.DBConnectTimeout = time.Second
	require.ErrorContains(t, boot.MigrateOnly(ctx, quiet, c, migrator), "connect to postgres")
}

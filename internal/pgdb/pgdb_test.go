package pgdb_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
)

var dbURL string

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &dbURL)) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestLoadOrdersAndRejectsBadNames(t *testing.T) {
	t.Parallel()
	ms, err := pgdb.Load(fstest.MapFS{
		"m/002_second.sql": {Data: []byte("B")},
		"m/001_first.sql":  {Data: []byte("A")},
	}, "m")
	require.NoError(t, err)
	require.Equal(t, []pgdb.Migration{{1, "first", "A"}, {2, "second", "B"}}, ms)

	_, err = pgdb.Load(fstest.MapFS{"m/1-first.sql": {Data: []byte("A")}}, "m")
	require.ErrorContains(t, err, "name must look like")

	_, err = pgdb.Load(fstest.MapFS{"m/001_a.sql": {}, "m/001_b.sql": {}}, "m")
	require.ErrorContains(t, err, "share version 1")
}

func TestMigrateAppliesOnceConcurrentlyAndRollsBackFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, quiet, dbURL, 10*time.Second)
	require.NoError(t, err)
	defer pool.Close()

	ms := []pgdb.Migration{
		{1, "things", "CREATE TABLE mig_a.things (id int PRIMARY KEY)"},
		{2, "seed", "INSERT INTO mig_a.things VALUES (1), (2)"},
	}
	// Several replicas starting at once: the advisory lock serialises them.
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = pgdb.Migrate(ctx, quiet, pool, "mig_a", ms) }()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	var n int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM mig_a.things").Scan(&n))
	require.Equal(t, 2, n)

	// A failing migration leaves nothing half-applied and is not recorded.
	bad := append(ms, pgdb.Migration{3, "broken", "INSERT INTO mig_a.things VALUES (3); SELECT nope FROM nowhere"})
	require.Error(t, pgdb.Migrate(ctx, quiet, pool, "mig_a", bad))
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM mig_a.things").Scan(&n))
	require.Equal(t, 2, n)
	var versions []int
	rows, _ := pool.Query(ctx, "SELECT version FROM mig_a.schema_migrations ORDER BY version")
	versions, err = pgx.CollectRows(rows, pgx.RowTo[int])
	require.NoError(t, err)
	require.Equal(t, []int{1, 2}, versions)
}

// Two services' migrations creating the same extension at once (content's
// and contact's both create pg_trgm) both succeed: the one that comes
// second waits for the first to commit and finds it.
func TestMigrationsOfTwoSchemasCreateOneExtensionAtOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url, drop, err := pgtest.CreateDatabase(ctx)
	require.NoError(t, err)
	defer drop()
	pool, err := pgdb.Open(ctx, quiet, url, 10*time.Second)
	require.NoError(t, err)
	defer pool.Close()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, schema := range []string{"ext_a", "ext_b"} {
		ms := []pgdb.Migration{{1, "trigrams", `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
			SELECT pg_sleep(0.2);
			CREATE TABLE ` + schema + `.words (w text);
			CREATE INDEX ON ` + schema + `.words USING gin (w public.gin_trgm_ops)`}}
		wg.Go(func() { errs[i] = pgdb.Migrate(ctx, quiet, pool, schema, ms) })
	}
	wg.Wait()
	require.NoError(t, errs[0])
	require.NoError(t, errs[1])
}

func TestOpenGivesUpOnUnreachableServer(t *testing.T) {
	t.Parallel()
	_, err := pgdb.Open(context.Background(), quiet, "postgres://postgres@127.0.0.1:1/x?sslmode=disable&connect_timeout=1", 0)
	require.ErrorContains(t, err, "connect to postgres")
}

func TestOpenSizedSetsThePoolSize(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		url              string
		max, min         int32
		wantMax, wantMin int32
	}{
		{dbURL, 12, 3, 12, 3},
		{dbURL + "&pool_max_conns=3&pool_min_conns=2", 0, 0, 3, 2}, // 0 keeps the URL's
		{dbURL + "&pool_max_conns=3", 7, 0, 7, 0},
		{dbURL, 2, 4, 2, 2}, // never more kept than allowed
	} {
		pool, err := pgdb.OpenSized(ctx, quiet, c.url, 10*time.Second, c.max, c.min)
		require.NoError(t, err)
		require.Equal(t, c.wantMax, pool.Config().MaxConns, c.url)
		require.Equal(t, c.wantMin, pool.Config().MinConns, c.url)
		if c.wantMin > 0 {
			// The kept connections are opened without a request.
			require.Eventually(t, func() bool { return pool.Stat().TotalConns() >= c.wantMin }, 10*time.Second, 10*time.Millisecond, c.url)
		}
		pool.Close()
	}
}

func TestIsUniqueViolation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, quiet, dbURL, 10*time.Second)
	require.NoError(t, err)
	defer pool.Close()
	_, err = pool.Exec(ctx, "CREATE TABLE uniq (k text PRIMARY KEY); INSERT INTO uniq VALUES ('a')")
	require.NoError(t, err)
	_, err = pool.Exec(ctx, "INSERT INTO uniq VALUES ('a')")
	require.True(t, pgdb.IsUniqueViolation(err))
	require.False(t, pgdb.IsUniqueViolation(nil))
}

func TestMigrateDirAppliesEmbeddedFiles(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, quiet, dbURL, 10*time.Second)
	require.NoError(t, err)
	defer pool.Close()
	fsys := fstest.MapFS{"m/001_t.sql": {Data: []byte("CREATE TABLE mig_dir.t (id int)")}}
	require.NoError(t, pgdb.MigrateDir(ctx, quiet, pool, "mig_dir", fsys, "m"))
	var n int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM mig_dir.schema_migrations").Scan(&n))
	require.Equal(t, 1, n)
	require.ErrorContains(t, pgdb.MigrateDir(ctx, quiet, pool, "mig_dir", fstest.MapFS{"m/x.sql": {}}, "m"), "name must look like")
}

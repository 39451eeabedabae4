package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/miniotest"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// The Helm chart's pre-install/pre-upgrade Job runs each binary with the
// `migrate` argument: it must apply that service's schema and exit, with
// nothing but a database URL (no identity key, NATS or object store), even
// with ENV=production.
func TestMigrateModeAppliesEachSchemaAndExits(t *testing.T) {
	t.Parallel()
	bins := buildBinaries(t)
	u, drop, err := pgtest.CreateDatabase(context.Background())
	require.NoError(t, err)
	t.Cleanup(drop)

	migrate := func(bin, prefix string, args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, filepath.Join(bins, bin), args...)
		// No NATS or MinIO runs for this test: unreachable addresses prove
		// the mode never dials them.
		cmd.Env = []string{prefix + "_DB_URL=" + u, prefix + "_ENV=production", prefix + "_NATS_URL=nats://127.0.0.1:1",
			prefix + "_S3_ENDPOINT=127.0.0.1:1", "LOG_LEVEL=warn"}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	services := map[string]string{"gateway": "GATEWAY", "content": "CONTENT", "contact": "CONTACT", "media": "MEDIA"}
	for bin, prefix := range services {
		out, err := migrate(bin, prefix, "migrate")
		require.NoError(t, err, "%s migrate: %s", bin, out)
		// A second run (the next upgrade's Job with nothing new) is a no-op.
		out, err = migrate(bin, prefix, "migrate")
		require.NoError(t, err, "%s migrate again: %s", bin, out)
	}

	conn, err := pgx.Connect(context.Background(), u)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	for schema := range services {
		var applied int
		require.NoError(t, conn.QueryRow(context.Background(), "SELECT count(*) FROM "+pgx.Identifier{schema, "schema_migrations"}.Sanitize()).Scan(&applied))
		require.Positive(t, applied, "schema %s", schema)
	}

	// A mistyped mode is an error, not a server start.
	out, err := migrate("content", "CONTENT", "migarte")
	require.Error(t, err)
	require.Contains(t, out, "usage: content [migrate]")
}

// migrationFiles maps each schema to its service's migration files, read
// from the tree the binaries were built from.
var migrationFiles = map[string]string{
	"content": "../services/content/internal/contentpg/migrations",
	"contact": "../services/contact/internal/contactpg/migrations",
	"media":   "../services/media/internal/mediapg/migrations",
	"gateway": "../services/gateway/internal/accountspg/migrations",
}

// logLine is the part of a service's JSON log line these tests read.
type logLine struct {
	Level   string `json:"level"`
	Msg     string `json:"msg"`
	Schema  string `json:"schema"`
	Version int    `json:"version"`
}

// readLog parses a process's log; a line that is not JSON fails the test
// (a panic's trace, say).
func readLog(t *testing.T, name string, b []byte) []logLine {
	t.Helper()
	var out []logLine
	for _, raw := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		if len(raw) == 0 {
			continue
		}
		var l logLine
		require.NoError(t, json.Unmarshal(raw, &l), "%s logged a line that is not JSON: %s", name, raw)
		out = append(out, l)
	}
	return out
}

// requireMigratedOnce checks that logs is clean (no warning or error) and
// that each schema's migrations were applied once in all: one "migration
// applied" line per version across every process, and the version table
// holding exactly the service's files.
func requireMigratedOnce(t *testing.T, dbURL string, logs map[string][]logLine, schemas ...string) {
	t.Helper()
	applied := map[string]int{}
	for name, lines := range logs {
		for _, l := range lines {
			require.NotContains(t, []string{"WARN", "ERROR"}, l.Level, "%s: %s", name, l.Msg)
			if l.Msg == "migration applied" {
				applied[fmt.Sprintf("%s %03d", l.Schema, l.Version)]++
			}
		}
	}
	conn, err := pgx.Connect(context.Background(), dbURL)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	for _, schema := range schemas {
		entries, err := os.ReadDir(migrationFiles[schema])
		require.NoError(t, err)
		var want []int
		for _, e := range entries {
			var v int
			_, err := fmt.Sscanf(e.Name(), "%03d_", &v)
			require.NoError(t, err, e.Name())
			want = append(want, v)
			require.Equal(t, 1, applied[fmt.Sprintf("%s %03d", schema, v)], "%s migration %s applied by exactly one process", schema, e.Name())
		}
		rows, err := conn.Query(context.Background(), "SELECT version FROM "+pgx.Identifier{schema, "schema_migrations"}.Sanitize()+" ORDER BY version")
		require.NoError(t, err)
		got, err := pgx.CollectRows(rows, pgx.RowTo[int])
		require.NoError(t, err)
		require.Equal(t, want, got, "schema %s records each version once", schema)
	}
}

// Replicas of every service start at the same moment on an empty database,
// as pods of a fresh install or the chart's migrate Jobs may: three
// `migrate` runs of each binary at once, and three serving replicas of
// content, contact and media at once. Every process starts (or exits 0) and
// logs neither a warning nor an error, each migration is applied by one
// process, and each schema's version table holds each version once; the
// content seed is applied once.
func TestReplicasStartingTogetherMigrateOnce(t *testing.T) {
	t.Parallel()
	bins := buildBinaries(t)
	const replicas = 3

	t.Run("migrate mode", func(t *testing.T) {
		u, drop, err := pgtest.CreateDatabase(context.Background())
		require.NoError(t, err)
		t.Cleanup(drop)
		services := map[string]string{"gateway": "GATEWAY", "content": "CONTENT", "contact": "CONTACT", "media": "MEDIA"}
		type run struct {
			name string
			out  []byte
			err  error
		}
		runs := make(chan run, replicas*len(services))
		startGun := make(chan struct{})
		var wg sync.WaitGroup
		for bin, prefix := range services {
			for i := range replicas {
				cmd := exec.Command(filepath.Join(bins, bin), "migrate")
				cmd.Env = []string{prefix + "_DB_URL=" + u, prefix + "_ENV=production", "LOG_LEVEL=info"}
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-startGun
					out, err := cmd.CombinedOutput()
					runs <- run{fmt.Sprintf("%s-%d", bin, i), out, err}
				}()
			}
		}
		close(startGun)
		wg.Wait()
		close(runs)
		logs := map[string][]logLine{}
		for r := range runs {
			require.NoError(t, r.err, "%s migrate: %s", r.name, r.out)
			logs[r.name] = readLog(t, r.name, r.out)
		}
		requireMigratedOnce(t, u, logs, "gateway", "content", "contact", "media")
	})

	t.Run("serve mode", func(t *testing.T) {
		u, drop, err := pgtest.CreateDatabase(context.Background())
		require.NoError(t, err)
		t.Cleanup(drop)
		natsURL := natstest.Start(t).URL
		minio := miniotest.Start(t)
		type replica struct {
			name, addr string
			p          *proc
		}
		var all []replica
		for i := range replicas {
			content, contact, media := freeAddr(t), freeAddr(t), freeAddr(t)
			common := []string{"LOG_LEVEL=info"}
			all = append(all,
				replica{fmt.Sprintf("content-%d", i), content, start(t, filepath.Join(bins, "content"), append(common,
					"CONTENT_GRPC_ADDR="+content, "CONTENT_METRICS_ADDR=", "CONTENT_DB_URL="+u, "CONTENT_NATS_URL="+natsURL, "CONTENT_MEDIA_ADDR="+media)...)},
				replica{fmt.Sprintf("contact-%d", i), contact, start(t, filepath.Join(bins, "contact"), append(common,
					"CONTACT_GRPC_ADDR="+contact, "CONTACT_METRICS_ADDR=", "CONTACT_DB_URL="+u, "CONTACT_NATS_URL="+natsURL)...)},
				replica{fmt.Sprintf("media-%d", i), media, start(t, filepath.Join(bins, "media"), append(common,
					"MEDIA_GRPC_ADDR="+media, "MEDIA_METRICS_ADDR=", "MEDIA_DB_URL="+u, "MEDIA_S3_ENDPOINT="+minio.Endpoint,
					"MEDIA_S3_ACCESS_KEY="+miniotest.AccessKey, "MEDIA_S3_SECRET_KEY="+miniotest.SecretKey)...)},
			)
		}
		for _, r := range all {
			waitFor(t, r.name+" serving", 60*time.Second, func() bool { return scratch.Serving(r.addr) })
		}
		logs := map[string][]logLine{}
		for _, r := range all {
			b, err := os.ReadFile(r.p.log.Name())
			require.NoError(t, err)
			logs[r.name] = readLog(t, r.name, b)
		}
		requireMigratedOnce(t, u, logs, "content", "contact", "media")

		conn, err := pgx.Connect(context.Background(), u)
		require.NoError(t, err)
		defer conn.Close(context.Background())
		var posts, seeds int
		require.NoError(t, conn.QueryRow(context.Background(),
			"SELECT (SELECT count(*) FROM content.blog_posts), (SELECT count(*) FROM content.seed_runs)").Scan(&posts, &seeds))
		require.Equal(t, 10, posts, "the seed articles once (nine English, one Spanish)")
		require.Equal(t, 2, seeds, "the English and the Spanish seed runs")
	})
}

package e2e

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgtest"
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

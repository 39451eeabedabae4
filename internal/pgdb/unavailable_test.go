package pgdb_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
)

// What a real server and a real pool answer when the database is not
// there, against what a wrong call answers.
func TestUnavailableTellsAnOutageFromAWrongCall(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := pgtest.NewPool(t, nil)

	// A wrong call: a constraint, a syntax error, a canceled query.
	_, err := pool.Exec(ctx, `CREATE TEMP TABLE t (id int PRIMARY KEY)`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `SELECT nonsense FROM`)
	require.False(t, pgdb.Unavailable(err), "%v", err)
	_, err = pool.Exec(ctx, `SELECT 1/0`)
	require.False(t, pgdb.Unavailable(err), "%v", err)
	require.False(t, pgdb.Unavailable(nil))
	require.False(t, pgdb.Unavailable(errors.New("something else")))

	// A server that is read-only (a demoted primary).
	conn, err := pool.Acquire(ctx)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `SET default_transaction_read_only = on`)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `CREATE TEMP TABLE t2 (id int)`)
	require.True(t, pgdb.Unavailable(err), "%v", err)
	// A connection its server closed under it (terminated).
	var pid int
	require.NoError(t, conn.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
	_, err = pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `SELECT 1`)
	require.True(t, pgdb.Unavailable(err), "%v", err)
	conn.Release()

	// No server at the address; a closed pool.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	cfg, err := pgxpool.ParseConfig(fmt.Sprintf("postgres://nobody@%s/none?connect_timeout=1", addr))
	require.NoError(t, err)
	down, err := pgxpool.NewWithConfig(ctx, cfg)
	require.NoError(t, err)
	cctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err = down.Exec(cctx, `SELECT 1`)
	var ce *pgconn.ConnectError
	require.ErrorAs(t, err, &ce)
	require.True(t, pgdb.Unavailable(err), "%v", err)
	down.Close()
	pool.Close()
	_, err = pool.Exec(ctx, `SELECT 1`)
	require.True(t, pgdb.Unavailable(fmt.Errorf("update lead: %w", err)), "%v", err)
}

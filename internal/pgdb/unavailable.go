package pgdb

import (
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/puddle/v2"
)

// Unavailable reports whether err says the database could not take the call
// now, not that the call was wrong: no server could be reached, the
// connection was lost or closed under it, or the server is shutting down,
// starting, out of connections or read-only (a primary demoted during a
// failover). Callers answer it as a temporary outage (gRPC Unavailable,
// HTTP 503 with Retry-After), never as an internal error.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		c := pgErr.Code
		return strings.HasPrefix(c, "08") || // connection exception
			strings.HasPrefix(c, "53") || // insufficient resources (too many connections, disk full)
			strings.HasPrefix(c, "57P") || // shutting down, crash recovery, cannot connect now
			c == "25006" // read_only_sql_transaction: a standby now
	}
	var connect *pgconn.ConnectError
	var op *net.OpError
	return errors.As(err, &connect) || errors.As(err, &op) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, puddle.ErrClosedPool) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET)
}

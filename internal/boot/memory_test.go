package boot

import (
	"io"
	"log/slog"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMemoryLimitIsEightyPercentOfTheContainers: the chart passes the
// container's limit; the Go runtime aims below it. Not parallel: the
// limit is the process's.
func TestMemoryLimitIsEightyPercentOfTheContainers(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	t.Setenv("GOMEMLIMIT", "")
	t.Setenv(ContainerMemoryEnv, "402653184") // 384Mi
	ApplyMemoryLimit(log)
	require.Equal(t, int64(402653184*8/10), debug.SetMemoryLimit(-1))

	debug.SetMemoryLimit(before)
	t.Setenv(ContainerMemoryEnv, "lots")
	ApplyMemoryLimit(log)
	require.Equal(t, before, debug.SetMemoryLimit(-1), "a value it cannot read changes nothing")

	t.Setenv("GOMEMLIMIT", "100MiB")
	t.Setenv(ContainerMemoryEnv, "402653184")
	ApplyMemoryLimit(log)
	require.Equal(t, before, debug.SetMemoryLimit(-1), "GOMEMLIMIT, set, is the operator's")
}

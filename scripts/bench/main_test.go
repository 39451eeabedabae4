package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A run rewrites the sections it measured and keeps the rest: the other
// parts' figures and the section no part writes (figures taken by hand).
func TestMergeReportKeepsWhatTheRunDidNotWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "performance.md")
	require.NoError(t, os.WriteFile(path, []byte("# Performance\n\nold head\n\n## Static\nold static\n\n## Leads\nold leads\n\n## Measured outside make bench\nby hand\n"), 0o644))

	some := mergeReport(path, "# Performance\n\nnew head\n\n## Leads\nnew leads\n", false)
	require.Equal(t, "# Performance\n\nold head\n\n## Static\nold static\n\n## Leads\nnew leads\n\n## Measured outside make bench\nby hand\n", some)

	all := mergeReport(path, "# Performance\n\nnew head\n\n## Static\nnew static\n\n## Leads\nnew leads\n", true)
	require.Equal(t, "# Performance\n\nnew head\n\n## Static\nnew static\n\n## Leads\nnew leads\n\n## Measured outside make bench\nby hand\n", all)

	require.Equal(t, "fresh\n", mergeReport(filepath.Join(t.TempDir(), "none.md"), "fresh\n", true))
}

// Package toolcache finds the pinned tools scripts/tools.sh builds into
// the cache outside the clone (~/.cache/trenchless/tools/bin).
package toolcache

import (
	"os"
	"path/filepath"
)

// Bin is the path of tool: $env when that names one, else the tool
// cache's.
func Bin(tool, env string) string {
	if b := os.Getenv(env); env != "" && b != "" {
		return b
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = filepath.Join(os.Getenv("HOME"), ".cache")
	}
	return filepath.Join(cache, "trenchless", "tools", "bin", tool)
}

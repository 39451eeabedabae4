package render

import (
	"crypto/sha256"
	"sync"
)

// memo keeps a pure function's results by the SHA-256 of its input, so a
// post read again (every staff read, every cache miss of a public read)
// is not rendered again: a markdown body's regular expressions took half
// of the content service's time per read. It holds at most max bytes of
// results and starts over when full.
type memo struct {
	mu   sync.Mutex
	m    map[[sha256.Size]byte]string
	size int
	max  int
}

func newMemo(max int) *memo { return &memo{m: map[[sha256.Size]byte]string{}, max: max} }

func (c *memo) do(in string, f func(string) string) string {
	key := sha256.Sum256([]byte(in))
	c.mu.Lock()
	out, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return out
	}
	out = f(in)
	if len(out) > c.max {
		return out
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[key]; !ok {
		if c.size+len(out) > c.max {
			c.m, c.size = map[[sha256.Size]byte]string{}, 0
		}
		c.m[key] = out
		c.size += len(out)
	}
	return out
}

// Rendered markdown and sanitised HTML bodies, 16 MB of each at most.
var (
	markdownMemo = newMemo(16 << 20)
	sanitizeMemo = newMemo(16 << 20)
)

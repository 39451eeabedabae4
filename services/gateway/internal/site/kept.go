package site

import (
	"fmt"
	"sync"

	"golang.org/x/sync/singleflight"
)

// kept keeps values by key until Invalidate, each for as long as fresh says
// (a backstop: the content.changed event is what empties it). Concurrent
// fills of one key share one fill. A fill that began before an Invalidate
// is not stored, since what it read might predate the change, and a get
// after an Invalidate never waits for such a fill. A failed fill is not
// stored. Past limit entries (0: no limit) an arbitrary one is dropped.
// The site's reads and its filled pages are both kept this way.
type kept[V any] struct {
	limit   int
	fresh   func(V) bool
	mu      sync.RWMutex
	gen     uint64
	m       map[string]V
	flights singleflight.Group
}

func newKept[V any](limit int, fresh func(V) bool) *kept[V] {
	return &kept[V]{limit: limit, fresh: fresh, m: map[string]V{}}
}

// Invalidate drops every value.
func (c *kept[V]) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	c.m = map[string]V{}
}

// get returns the value of key, filling it when it is missing or stale.
func (c *kept[V]) get(key string, fill func() (V, error)) (V, error) {
	c.mu.RLock()
	v, ok := c.m[key]
	gen := c.gen
	c.mu.RUnlock()
	if ok && c.fresh(v) {
		return v, nil
	}
	// The generation is part of the flight's key: a get that comes after
	// an invalidation never waits for a fill that began before it.
	got, err, _ := c.flights.Do(fmt.Sprintf("%d/%s", gen, key), func() (any, error) {
		v, err := fill()
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gen == gen {
			if _, ok := c.m[key]; !ok && c.limit > 0 && len(c.m) >= c.limit {
				for k := range c.m {
					delete(c.m, k)
					break
				}
			}
			c.m[key] = v
		}
		return v, nil
	})
	if err != nil {
		var zero V
		return zero, err
	}
	return got.(V), nil
}

// peek returns the value of key when it is kept and fresh, without
// filling it.
func (c *kept[V]) peek(key string) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	if ok && c.fresh(v) {
		return v, true
	}
	var zero V
	return zero, false
}

// len is how many values are kept.
func (c *kept[V]) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

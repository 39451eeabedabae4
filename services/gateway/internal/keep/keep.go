// Package keep holds what the gateway keeps in memory between content
// changes — the public-read cache, the site's reads and its filled pages —
// in maps bounded by entries and bytes, emptied on content.changed.
package keep

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"
)

// Options bound a Map.
type Options[V any] struct {
	// Limit is the most values kept (0: no limit).
	Limit int
	// MaxBytes is the most bytes kept, as Size counts them (0: no limit).
	// A value larger than MaxBytes alone is served but never kept.
	MaxBytes int64
	// Size is a value's bytes; nil counts nothing.
	Size func(V) int64
	// Fresh says whether a kept value may still be served (a backstop:
	// the content.changed event is what empties the map).
	Fresh func(V) bool
	// Refill fills key again when Serve finds its value stale, in the
	// background while the stale value is served (nil: Serve serves only
	// fresh values, like Peek).
	Refill func(key string, stale V) (V, error)
}

// Map keeps values by key until Invalidate, each for as long as Fresh
// says. Concurrent fills of one key share one fill. A fill that began
// before an Invalidate is not stored, since what it read might predate the
// change, and a get after an Invalidate never waits for such a fill. A
// failed fill is not stored. Past Limit values or MaxBytes bytes, values
// picked at random are dropped until the new one fits (random eviction
// needs no bookkeeping on the read path, which stays a shared lock).
type Map[V any] struct {
	o         Options[V]
	mu        sync.RWMutex
	gen       uint64
	m         map[string]V
	bytes     int64
	evictions atomic.Uint64
	flights   singleflight.Group
}

// New returns an empty map bounded by o.
func New[V any](o Options[V]) *Map[V] {
	if o.Fresh == nil {
		o.Fresh = func(V) bool { return true }
	}
	return &Map[V]{o: o, m: map[string]V{}}
}

// Invalidate drops every value and returns the keys that were kept (what
// was being read, to fill again).
func (c *Map[V]) Invalidate() (kept []string) {
	c.mu.Lock()
	old := c.m
	c.gen++
	c.m = map[string]V{}
	c.bytes = 0
	c.mu.Unlock()
	kept = make([]string, 0, len(old))
	for k := range old {
		kept = append(kept, k)
	}
	return kept
}

// Get returns the value of key, filling it when it is missing or stale.
func (c *Map[V]) Get(key string, fill func() (V, error)) (V, error) {
	c.mu.RLock()
	v, ok := c.m[key]
	gen := c.gen
	c.mu.RUnlock()
	if ok && c.o.Fresh(v) {
		return v, nil
	}
	// The generation is part of the flight's key: a get that comes after
	// an invalidation never waits for a fill that began before it.
	got, err, _ := c.flights.Do(flightKey(gen, key), func() (any, error) {
		// A flight that ended between the look above and this one has
		// stored the value: take it rather than fill again.
		if v, ok := c.freshSince(gen, key); ok {
			return v, nil
		}
		v, err := fill()
		if err != nil {
			return nil, err
		}
		c.store(gen, key, v)
		return v, nil
	})
	if err != nil {
		var zero V
		return zero, err
	}
	return got.(V), nil
}

func (c *Map[V]) size(v V) int64 {
	if c.o.Size == nil {
		return 0
	}
	return c.o.Size(v)
}

// store keeps v under key unless the map was emptied since gen, dropping
// random values until it fits.
func (c *Map[V]) store(gen uint64, key string, v V) {
	n := c.size(v)
	if c.o.MaxBytes > 0 && n > c.o.MaxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if old, ok := c.m[key]; ok {
		c.bytes -= c.size(old)
		delete(c.m, key)
	}
	for len(c.m) > 0 && (c.o.Limit > 0 && len(c.m) >= c.o.Limit || c.o.MaxBytes > 0 && c.bytes+n > c.o.MaxBytes) {
		c.evictOne()
	}
	c.m[key] = v
	c.bytes += n
}

// evictOne drops a value picked at random. Go's map order starts at a
// random bucket but then walks in order, so a random number of steps
// spreads the choice over the whole map.
func (c *Map[V]) evictOne() {
	skip := rand.IntN(min(len(c.m), 16))
	for k, v := range c.m {
		if skip > 0 {
			skip--
			continue
		}
		delete(c.m, k)
		c.bytes -= c.size(v)
		c.evictions.Add(1)
		return
	}
}

// Peek returns the value of key when it is kept and fresh, without
// filling it.
func (c *Map[V]) Peek(key string) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	if ok && c.o.Fresh(v) {
		return v, true
	}
	var zero V
	return zero, false
}

// Stats are a map's figures, for metrics and tests.
type Stats struct {
	Entries   int
	Bytes     int64
	Evictions uint64
}

// Stats returns how many values and bytes are kept and how many values
// the bounds have dropped so far.
func (c *Map[V]) Stats() Stats {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return Stats{Entries: len(c.m), Bytes: c.bytes, Evictions: c.evictions.Load()}
}

// Limit is the most values kept (0: no limit).
func (c *Map[V]) Limit() int { return c.o.Limit }

// SetLimit changes Limit (tests use a small one).
func (c *Map[V]) SetLimit(n int) {
	c.mu.Lock()
	c.o.Limit = n
	c.mu.Unlock()
}

// freshSince returns key's value if it is fresh and the map was not
// emptied since gen.
func (c *Map[V]) freshSince(gen uint64, key string) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[key]
	same := c.gen == gen
	c.mu.RUnlock()
	if ok && same && c.o.Fresh(v) {
		return v, true
	}
	var zero V
	return zero, false
}

func flightKey(gen uint64, key string) string { return fmt.Sprintf("%d/%s", gen, key) }

// Serve returns the value of key when it is kept, without waiting for a
// fill: a fresh value, or a stale one while Refill fills the key again in
// the background (one fill per key at a time, shared with Get). A reader
// that cannot fill a key itself (the fast lane) so never finds a hole when
// the TTL backstop passes. A refill that fails drops the stale value, and
// the key's next reader fills it (and answers the error) as on a miss.
func (c *Map[V]) Serve(key string) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[key]
	gen := c.gen
	c.mu.RUnlock()
	var zero V
	if !ok {
		return zero, false
	}
	if c.o.Fresh(v) {
		return v, true
	}
	if c.o.Refill == nil {
		return zero, false
	}
	c.flights.DoChan(flightKey(gen, key), func() (any, error) {
		if cur, ok := c.freshSince(gen, key); ok {
			return cur, nil
		}
		nv, err := c.o.Refill(key, v)
		if err != nil {
			c.dropStale(gen, key)
			return nil, err
		}
		c.store(gen, key, nv)
		return nv, nil
	})
	return v, true
}

// dropStale drops key's value if it is still the stale one of gen.
func (c *Map[V]) dropStale(gen uint64, key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok && c.gen == gen && !c.o.Fresh(v) {
		delete(c.m, key)
		c.bytes -= c.size(v)
	}
}

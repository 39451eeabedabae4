package keep

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func fill(v string) func() (string, error) { return func() (string, error) { return v, nil } }

func TestMapStaysWithinItsEntriesAndBytes(t *testing.T) {
	t.Parallel()
	m := New(Options[string]{Limit: 10, MaxBytes: 100, Size: func(v string) int64 { return int64(len(v)) }})
	for i := range 1000 {
		v, err := m.Get(fmt.Sprintf("k%d", i), fill(fmt.Sprintf("%08d", i)))
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf("%08d", i), v, "a value is served whether or not it is kept")
		s := m.Stats()
		require.LessOrEqual(t, s.Entries, 10)
		require.LessOrEqual(t, s.Bytes, int64(100))
		require.Equal(t, int64(8*s.Entries), s.Bytes)
	}
	// 100 bytes hold 12 values of 8, 10 entries hold 10: the entries bind.
	require.Equal(t, Stats{Entries: 10, Bytes: 80, Evictions: 990}, m.Stats())

	// A value bigger than every byte allowed is served, never kept.
	v, err := m.Get("big", fill(string(make([]byte, 101))))
	require.NoError(t, err)
	require.Len(t, v, 101)
	_, ok := m.Peek("big")
	require.False(t, ok)
	require.Equal(t, 10, m.Stats().Entries)

	m.Invalidate()
	require.Equal(t, Stats{Entries: 0, Bytes: 0, Evictions: 990}, m.Stats())
}

func TestMapRefillsAStaleValueInPlace(t *testing.T) {
	t.Parallel()
	stale := false
	m := New(Options[string]{Size: func(v string) int64 { return int64(len(v)) }, Fresh: func(string) bool { return !stale }})
	_, _ = m.Get("a", fill("12345"))
	stale = true
	v, _ := m.Get("a", fill("123"))
	require.Equal(t, "123", v)
	stale = false
	require.Equal(t, Stats{Entries: 1, Bytes: 3}, m.Stats(), "a replaced value no longer counts")
}

func TestMapSharesConcurrentFillsAndKeepsNoFailure(t *testing.T) {
	t.Parallel()
	m := New(Options[string]{})
	var calls atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			v, err := m.Get("k", func() (string, error) { calls.Add(1); <-release; return "v", nil })
			require.NoError(t, err)
			require.Equal(t, "v", v)
		})
	}
	for calls.Load() == 0 {
	}
	close(release)
	wg.Wait()
	require.Equal(t, int32(1), calls.Load())

	_, err := m.Get("bad", func() (string, error) { return "", errors.New("down") })
	require.Error(t, err)
	_, ok := m.Peek("bad")
	require.False(t, ok)
}

func TestAFillThatBeganBeforeAnInvalidateIsNotKept(t *testing.T) {
	t.Parallel()
	m := New(Options[string]{})
	_, _ = m.Get("k", func() (string, error) { m.Invalidate(); return "old", nil })
	_, ok := m.Peek("k")
	require.False(t, ok)
}

// Serve answers a stale value at once and fills it again behind it; a
// failed refill drops the stale value, so the next reader fills as on a
// miss; without Refill a stale value is not served.
func TestServeAnswersStaleWhileItRefills(t *testing.T) {
	t.Parallel()
	type val struct {
		s     string
		fresh bool
	}
	release := make(chan struct{})
	var refills atomic.Int32
	fail := atomic.Bool{}
	m := New(Options[val]{Fresh: func(v val) bool { return v.fresh },
		Refill: func(key string, old val) (val, error) {
			refills.Add(1)
			<-release
			if fail.Load() {
				return val{}, errors.New("upstream down")
			}
			return val{s: old.s + "+", fresh: true}, nil
		}})
	_, ok := m.Serve("a")
	require.False(t, ok, "nothing kept: the reader must fill")
	_, _ = m.Get("a", func() (val, error) { return val{s: "v1", fresh: false}, nil })

	for range 100 {
		v, ok := m.Serve("a")
		require.True(t, ok)
		require.Equal(t, "v1", v.s, "the stale value is served while the refill runs")
	}
	close(release)
	require.Eventually(t, func() bool { v, _ := m.Serve("a"); return v.s == "v1+" }, 5*time.Second, time.Millisecond)
	require.EqualValues(t, 1, refills.Load(), "one refill for every reader that found it stale")

	fail.Store(true)
	_, _ = m.Get("b", func() (val, error) { return val{s: "old"}, nil })
	v, ok := m.Serve("b")
	require.True(t, ok)
	require.Equal(t, "old", v.s)
	require.Eventually(t, func() bool { _, ok := m.Serve("b"); return !ok }, 5*time.Second, time.Millisecond,
		"a failed refill drops the stale value")

	plain := New(Options[val]{Fresh: func(v val) bool { return v.fresh }})
	_, _ = plain.Get("a", func() (val, error) { return val{s: "x"}, nil })
	_, ok = plain.Serve("a")
	require.False(t, ok)
}

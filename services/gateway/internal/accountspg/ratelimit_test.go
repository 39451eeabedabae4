package accountspg_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

// TestTakeTokenIsOneBucketForEveryCaller: a bucket of 5 hands out exactly
// 5 tokens to 40 racing callers (as replicas would race), says how long
// until the next, refills at its rate, and keeps other keys apart.
func TestTakeTokenIsOneBucketForEveryCaller(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := accountspg.New(pgtest.NewPool(t, accountspg.Migrate))
	var granted atomic.Int32
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			ok, wait, err := store.TakeToken(ctx, "/api/contact|203.0.113.9", 5, time.Minute)
			require.NoError(t, err)
			if ok {
				granted.Add(1)
			} else {
				require.Greater(t, wait, 50*time.Second, "a token comes back within a minute")
				require.LessOrEqual(t, wait, time.Minute)
			}
		})
	}
	wg.Wait()
	require.EqualValues(t, 5, granted.Load())

	ok, _, err := store.TakeToken(ctx, "/api/contact|198.51.100.7", 5, time.Minute)
	require.NoError(t, err)
	require.True(t, ok, "another visitor has a bucket of its own")

	// One token per 100 ms: after 250 ms, two are back.
	key := "/api/login|203.0.113.9"
	for range 3 {
		ok, _, err := store.TakeToken(ctx, key, 3, 100*time.Millisecond)
		require.NoError(t, err)
		require.True(t, ok)
	}
	ok, _, _ = store.TakeToken(ctx, key, 3, 100*time.Millisecond)
	require.False(t, ok)
	time.Sleep(250 * time.Millisecond)
	for range 2 {
		ok, _, err := store.TakeToken(ctx, key, 3, 100*time.Millisecond)
		require.NoError(t, err)
		require.True(t, ok)
	}

	n, err := store.SweepRateLimits(ctx, time.Nanosecond)
	require.NoError(t, err)
	require.EqualValues(t, 3, n)
}

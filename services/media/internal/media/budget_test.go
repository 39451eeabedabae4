package media

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestBudgetAdmitsWhatFitsAndQueuesTheRest: three 100 MB decodes fill a
// 300 MB budget, a fourth waits until one is done, a waiter that gives up
// takes nothing with it, and an upload larger than the whole budget is
// refused rather than waiting forever.
func TestBudgetAdmitsWhatFitsAndQueuesTheRest(t *testing.T) {
	t.Parallel()
	const mb = 1 << 20
	b := newBudget(300*mb, 8)
	ctx := context.Background()
	var releases []func()
	for range 3 {
		release, err := b.acquire(ctx, 100*mb)
		require.NoError(t, err)
		releases = append(releases, release)
	}
	require.Equal(t, BudgetStats{Total: 300 * mb, InUse: 300 * mb}, b.stats())

	fourth := make(chan error, 1)
	var releaseFourth func()
	go func() {
		var err error
		releaseFourth, err = b.acquire(ctx, 100*mb)
		fourth <- err
	}()
	require.Eventually(t, func() bool { return b.stats().Waits == 1 }, 5*time.Second, time.Millisecond)
	select {
	case err := <-fourth:
		t.Fatalf("a fourth 100 MB decode was admitted into a full 300 MB budget (err %v)", err)
	case <-time.After(100 * time.Millisecond):
	}

	// A waiter whose caller leaves returns at once and holds nothing.
	leaving, leave := context.WithCancel(ctx)
	left := make(chan error, 1)
	go func() { _, err := b.acquire(leaving, 10*mb); left <- err }()
	require.Eventually(t, func() bool { return b.stats().Waits == 2 }, 5*time.Second, time.Millisecond)
	leave()
	require.ErrorIs(t, <-left, context.Canceled)

	releases[0]()
	require.NoError(t, <-fourth)
	require.Equal(t, int64(300*mb), b.stats().InUse, "the cancelled waiter took nothing")
	releaseFourth()
	releases[1]()
	releases[2]()
	require.Equal(t, int64(0), b.stats().InUse)

	_, err := b.acquire(ctx, 301*mb)
	require.ErrorIs(t, err, ErrTooBigToProcess)
	release, err := b.acquire(ctx, 300*mb)
	require.NoError(t, err, "the whole budget, once free, is one upload's")
	release()
	require.Equal(t, int64(0), b.stats().Busy)
}

// TestBudgetNeverHoldsMoreThanItsTotal: many uploads of mixed sizes at
// once, each recording what was admitted beside it; all of them are
// processed and never more than the budget at a time.
func TestBudgetNeverHoldsMoreThanItsTotal(t *testing.T) {
	t.Parallel()
	b := newBudget(1000, 8)
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := int64(100 + 300*(i%3))
			release, err := b.acquire(context.Background(), n)
			if err != nil {
				t.Error(err)
				return
			}
			now := held.Add(n)
			for p := peak.Load(); now > p && !peak.CompareAndSwap(p, now); p = peak.Load() {
			}
			time.Sleep(time.Millisecond)
			held.Add(-n)
			release()
		}()
	}
	wg.Wait()
	require.LessOrEqual(t, peak.Load(), int64(1000))
	require.Greater(t, peak.Load(), int64(700), "uploads that fit together ran together")
	require.Equal(t, int64(0), b.stats().InUse)
}

// TestBudgetAdmitsOneUploadPerCore: memory to spare does not let more
// uploads be processed at once than there are cores.
func TestBudgetAdmitsOneUploadPerCore(t *testing.T) {
	t.Parallel()
	b := newBudget(1000, 1)
	release, err := b.acquire(context.Background(), 10)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = b.acquire(ctx, 10)
	require.ErrorIs(t, err, ErrBusy)
	require.Equal(t, int64(10), b.stats().InUse, "the memory of a refused upload is given back")
	release()
}

// TestBudgetRefusesInTimeToAnswer: an upload that cannot be admitted
// before its deadline is refused as busy while there is still time for
// the answer to reach the person, not when the deadline has passed.
func TestBudgetRefusesInTimeToAnswer(t *testing.T) {
	t.Parallel()
	b := newBudget(100, 8)
	release, err := b.acquire(context.Background(), 100)
	require.NoError(t, err)
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	deadline, _ := ctx.Deadline()
	_, err = b.acquire(ctx, 1)
	require.ErrorIs(t, err, ErrBusy)
	require.NoError(t, ctx.Err(), "refused before the deadline")
	require.GreaterOrEqual(t, time.Until(deadline), 900*time.Millisecond, "a second left to answer")
	require.Equal(t, BudgetStats{Total: 100, InUse: 100, Waits: 1, Busy: 1}, b.stats())
}

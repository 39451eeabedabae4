package media

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
)

// ErrBusy means an upload waited for memory to be processed in until too
// little of its time was left. Staff can simply try again.
var ErrBusy = errors.New("The server is busy processing other images; please try again in a minute.")

// ErrTooBigToProcess means an upload's header passed the pixel cap but
// processing it would need more memory than the whole decode budget (a
// 16-bit, interlaced or progressive image near the cap, a large WebP, a
// long animation), so it could never run without passing the limit.
var ErrTooBigToProcess = errors.New("This image is too large to process at its size (in pixels, or in frames for an animation). Please resize it and try again.")

// DefaultDecodeBudget is the memory uploads being processed may hold at
// once when none is configured: one 40 MP image (a 6300×6300 PNG costs
// 178 MB) beside the service's own ~38 MB, under its 256 MB soft limit.
const DefaultDecodeBudget = 192 << 20

// budget admits uploads to processing. Memory: the uploads being
// processed hold at most total bytes of Cost at once. Cores: at most one
// upload per core is processed at once (Process already encodes on every
// core), so uploads arriving together finish one after another instead of
// all late together. Uploads wait in arrival order (a large one is not
// passed by small ones), and one that cannot be admitted in time is
// refused. A waiting upload holds only its bytes (5 MB at most).
type budget struct {
	memory, cores *semaphore.Weighted
	total         int64
	// Counters for the service's metrics.
	inUse, waits, busy atomic.Int64
}

func newBudget(total int64, cores int) *budget {
	return &budget{memory: semaphore.NewWeighted(total), cores: semaphore.NewWeighted(int64(cores)), total: total}
}

// acquire admits an upload of Cost n, waiting until ctx is done or, when
// ctx has a deadline, until only a quarter of the time it had remains (at
// least a second): the rest is left for processing and for the answer
// (ErrBusy) to reach the person, which waiting to the deadline would not.
// n over the whole budget is never admitted.
func (b *budget) acquire(ctx context.Context, n int64) (release func(), err error) {
	if n > b.total {
		return nil, ErrTooBigToProcess
	}
	wait := ctx
	if deadline, ok := ctx.Deadline(); ok {
		reserve := max(time.Second, time.Until(deadline)/4)
		var cancel context.CancelFunc
		wait, cancel = context.WithDeadline(ctx, deadline.Add(-reserve))
		defer cancel()
	}
	waited := false
	take := func(s *semaphore.Weighted, n int64) error {
		if s.TryAcquire(n) {
			return nil
		}
		if !waited {
			waited = true
			b.waits.Add(1)
		}
		return s.Acquire(wait, n)
	}
	err = take(b.memory, n)
	if err == nil {
		if err = take(b.cores, 1); err != nil {
			b.memory.Release(n)
		}
	}
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return nil, ctx.Err() // the caller left; nobody to tell
		}
		b.busy.Add(1)
		return nil, ErrBusy
	}
	b.inUse.Add(n)
	return func() {
		b.inUse.Add(-n)
		b.cores.Release(1)
		b.memory.Release(n)
	}, nil
}

// BudgetStats is the decode budget's state, for metrics.
type BudgetStats struct {
	// Total and InUse are bytes of estimated peak memory.
	Total, InUse int64
	// Waits counts uploads that had to queue; Busy those refused with
	// ErrBusy after queueing.
	Waits, Busy int64
}

func (b *budget) stats() BudgetStats {
	return BudgetStats{Total: b.total, InUse: b.inUse.Load(), Waits: b.waits.Load(), Busy: b.busy.Load()}
}

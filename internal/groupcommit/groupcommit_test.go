package groupcommit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// recorder is a writer that records each batch it is given (the requests, in
// order) and answers each request with its double; a request "bad" fails
// any batch it is in.
type recorder struct {
	mu      sync.Mutex
	batches [][]string
	ctxs    []context.Context
	errs    []error       // each write's ctx.Err() as it wrote
	block   chan struct{} // non-nil: each write waits for it
}

var errBad = errors.New("a bad request")

func (l *recorder) write(ctx context.Context, calls []Call[string]) ([]string, error) {
	if l.block != nil {
		<-l.block
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var reqs, out []string
	for _, c := range calls {
		reqs, out = append(reqs, c.Req), append(out, c.Req+c.Req)
	}
	l.batches, l.ctxs, l.errs = append(l.batches, reqs), append(l.ctxs, ctx), append(l.errs, ctx.Err())
	if slices.Contains(reqs, "bad") {
		return nil, fmt.Errorf("write: %w", errBad)
	}
	return out, nil
}

func (l *recorder) seen() [][]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.batches)
}

// gathering batches only full batches of n (or what Close finds): which
// requests share a write is decided by the test, never by timing.
func gathering(t *testing.T, n int, w *recorder, cfg Config[string, string]) *Batcher[string, string] {
	t.Helper()
	cfg.Options = Options{Flushers: 1, MaxBatch: n, Linger: time.Hour}
	cfg.Write = w.write
	b := New(cfg)
	t.Cleanup(b.Close)
	return b
}

// submitAll submits every request at once and returns the results in
// their order.
func submitAll(ctx context.Context, b *Batcher[string, string], reqs ...string) []Result[string] {
	out := make([]Result[string], len(reqs))
	var wg sync.WaitGroup
	for i, r := range reqs {
		wg.Add(1)
		go func() { defer wg.Done(); out[i] = b.Submit(ctx, r) }()
	}
	wg.Wait()
	return out
}

func TestConcurrentRequestsShareOneWriteAndEachGetsItsOwnResult(t *testing.T) {
	t.Parallel()
	w := &recorder{}
	b := gathering(t, 4, w, Config[string, string]{})
	out := submitAll(context.Background(), b, "a", "b", "c", "d")
	for i, r := range out {
		require.NoError(t, r.Err)
		require.Equal(t, []string{"aa", "bb", "cc", "dd"}[i], r.Value)
		require.Equal(t, 4, r.Batch)
		require.False(t, r.Began.IsZero())
	}
	require.Len(t, w.seen(), 1, "four requests, one write")
	require.ElementsMatch(t, []string{"a", "b", "c", "d"}, w.seen()[0])
	require.Equal(t, Stats{Batches: 1, Requests: 4, Queued: 4}, b.Stats())
}

func TestABatchFailedByOneRequestIsWrittenAgainOneByOne(t *testing.T) {
	t.Parallel()
	w := &recorder{}
	b := gathering(t, 3, w, Config[string, string]{
		Split:      func(err error) bool { return errors.Is(err, errBad) },
		SplitOrder: func(x, y string) int { return -cmpString(x, y) }, // "c", "bad", "a"
	})
	out := submitAll(context.Background(), b, "a", "bad", "c")
	require.ErrorIs(t, out[1].Err, errBad)
	require.Equal(t, 1, out[1].Batch)
	require.Equal(t, "aa", out[0].Value)
	require.Equal(t, "cc", out[2].Value)
	seen := w.seen()
	require.Equal(t, [][]string{{"c"}, {"bad"}, {"a"}}, seen[1:], "each alone, in SplitOrder")
	require.Equal(t, Stats{Batches: 4, Requests: 3, Splits: 1, Queued: 3}, b.Stats())
}

func cmpString(x, y string) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func TestWithoutSplitAFailedBatchFailsEveryCaller(t *testing.T) {
	t.Parallel()
	w := &recorder{}
	b := gathering(t, 2, w, Config[string, string]{Split: func(error) bool { return false }})
	for _, r := range submitAll(context.Background(), b, "a", "bad") {
		require.ErrorIs(t, r.Err, errBad)
		require.Equal(t, 2, r.Batch)
	}
	require.Len(t, w.seen(), 1)
}

func TestACallerThatLeftIsNotWrittenAndCloseWritesWhatIsQueued(t *testing.T) {
	t.Parallel()
	w := &recorder{}
	b := gathering(t, 10, w, Config[string, string]{})

	gone, cancelGone := context.WithCancel(context.Background())
	cancelGone()
	r := b.Submit(gone, "gone")
	require.ErrorIs(t, r.Err, context.Canceled)
	require.Zero(t, r.Batch, "never queued")

	leaving, leave := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- b.Submit(leaving, "leaving").Err }()
	require.Eventually(t, func() bool { return b.Stats().Queued == 1 }, 10*time.Second, time.Millisecond)
	leave()
	require.ErrorIs(t, <-errc, context.Canceled)

	var out []Result[string]
	done := make(chan struct{})
	go func() { out = submitAll(context.Background(), b, "x", "y"); close(done) }()
	require.Eventually(t, func() bool { return b.Stats().Queued == 3 }, 10*time.Second, time.Millisecond)
	b.Close()
	<-done
	for _, r := range out {
		require.NoError(t, r.Err)
	}
	require.Len(t, w.seen(), 1)
	require.ElementsMatch(t, []string{"x", "y"}, w.seen()[0], "the caller that left is not written")

	require.ErrorIs(t, b.Submit(context.Background(), "late").Err, ErrClosed)
}

func TestABatchOutlivesACallerWhoLeavesAndKeepsTheLatestDeadline(t *testing.T) {
	t.Parallel()
	w := &recorder{block: make(chan struct{})}
	b := gathering(t, 2, w, Config[string, string]{})
	soon, cancelSoon := context.WithTimeout(context.Background(), time.Hour)
	later, cancelLater := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancelLater()
	results := make(chan Result[string], 2)
	go func() { results <- b.Submit(soon, "soon") }()
	go func() { results <- b.Submit(later, "later") }()
	require.Eventually(t, func() bool { return b.Stats().Queued == 2 }, 10*time.Second, time.Millisecond)
	// The batch is being written: one caller leaves, the other still waits.
	require.Eventually(t, func() bool { return b.Stats().Batches == 1 }, 10*time.Second, time.Millisecond)
	cancelSoon()
	require.ErrorIs(t, (<-results).Err, context.Canceled)
	close(w.block)
	require.Equal(t, "laterlater", (<-results).Value)

	require.NoError(t, w.errs[0], "not cancelled by the caller who left")
	d, ok := w.ctxs[0].Deadline()
	want, _ := later.Deadline()
	require.True(t, ok)
	require.Equal(t, want, d)
}

func TestABatchWithoutADeadlineGetsMaxTime(t *testing.T) {
	t.Parallel()
	w := &recorder{}
	b := New(Config[string, string]{Options: Options{Linger: -1}, Write: w.write, MaxTime: time.Minute})
	t.Cleanup(b.Close)
	before := time.Now()
	r := b.Submit(context.Background(), "a")
	require.NoError(t, r.Err)
	require.Equal(t, 1, r.Batch, "a negative Linger writes what is waiting at once")
	d, ok := w.ctxs[0].Deadline()
	require.True(t, ok)
	require.WithinDuration(t, before.Add(time.Minute), d, 10*time.Second)
}

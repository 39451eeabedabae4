// Package groupcommit writes the requests of concurrent callers together:
// each caller hands its request over and waits, and a flusher writes
// whatever is waiting in one go (one transaction, one commit), answering
// every caller of the batch only after that write. It knows nothing of
// what is written; the caller's Write does.
//
// Batching is natural: while one flusher's write is under way, the
// requests that arrive queue up for the next, so an idle writer adds no
// delay and a busy one writes many requests per commit.
package groupcommit

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// ErrClosed is what Submit returns once Close has been called.
var ErrClosed = errors.New("group commit closed")

// DefaultMaxTime bounds a batch none of whose callers set a deadline.
const DefaultMaxTime = 30 * time.Second

// Options tune the batching. The zero value is the default.
type Options struct {
	// Flushers is how many batches may be in flight at once (each holds,
	// say, a pool connection while it writes); 2 when zero.
	Flushers int
	// MaxBatch caps the requests of one batch; 128 when zero.
	MaxBatch int
	// Linger is how long a flusher waits for more requests after the first
	// when fewer than MaxBatch are queued: 1ms when zero; negative takes
	// only the requests already waiting. A millisecond costs each request
	// at most that and, under load, makes batches larger and writes fewer.
	Linger time.Duration
}

// Call is one waiting request and its caller's context (for what the
// write does on the caller's behalf, such as tracing).
type Call[Req any] struct {
	Ctx context.Context
	Req Req
}

// Config is what a Batcher writes with.
type Config[Req, Res any] struct {
	Options
	// Write writes calls in one go under ctx (see Batcher) and returns each
	// call's result in order; an error fails every call of the batch.
	Write func(ctx context.Context, calls []Call[Req]) ([]Res, error)
	// Split, when set, reports whether a batch's error may be one
	// request's doing (bad data, a constraint) rather than the writer
	// failing as a whole: the batch is then written again one request per
	// write, so one bad request costs only its own caller.
	Split func(error) bool
	// SplitOrder, when set, orders a split batch's requests before they are
	// written one by one.
	SplitOrder func(a, b Req) int
	// MaxTime bounds a batch none of whose callers set a deadline;
	// DefaultMaxTime when zero.
	MaxTime time.Duration
}

// Result is what a caller of Submit gets back.
type Result[Res any] struct {
	// Value is the request's result from Write, when Err is nil.
	Value Res
	// Err is the batch's error, the caller's context's, or ErrClosed.
	Err error
	// Batch is how many requests the write that answered carried (0 when
	// none was tried), and Began when it started.
	Batch int
	Began time.Time
}

// Stats count what a Batcher did.
type Stats struct {
	// Batches is the writes done (successful or not), splits' one-request
	// writes included.
	Batches int64
	// Requests is the requests answered by those writes.
	Requests int64
	// Splits is the batches that failed because of a request (Split) and
	// were written again one request per write.
	Splits int64
	// Queued is the requests handed to the flushers so far.
	Queued int64
}

type pending[Req, Res any] struct {
	call Call[Req]
	done chan Result[Res] // buffered: a flusher never blocks on a caller that left
}

// Batcher queues requests and writes them in batches. Close it when done,
// so the last batch is written.
type Batcher[Req, Res any] struct {
	cfg   Config[Req, Res]
	queue chan *pending[Req, Res]

	mu     sync.RWMutex // held for reading while sending to queue
	closed bool
	wg     sync.WaitGroup

	batches, requests, splits, queued atomic.Int64
}

// New starts cfg.Flushers flushers.
func New[Req, Res any](cfg Config[Req, Res]) *Batcher[Req, Res] {
	if cfg.Flushers <= 0 {
		cfg.Flushers = 2
	}
	if cfg.MaxBatch <= 0 {
		cfg.MaxBatch = 128
	}
	if cfg.Linger == 0 {
		cfg.Linger = time.Millisecond
	}
	if cfg.MaxTime <= 0 {
		cfg.MaxTime = DefaultMaxTime
	}
	b := &Batcher[Req, Res]{cfg: cfg, queue: make(chan *pending[Req, Res], cfg.MaxBatch*cfg.Flushers)}
	b.wg.Add(cfg.Flushers)
	for range cfg.Flushers {
		go b.flusher()
	}
	return b
}

// Submit queues req and waits for its batch to be written, or for ctx. A
// request whose caller has gone before its batch is written is dropped
// from it; one whose caller leaves during the write may still be written.
func (b *Batcher[Req, Res]) Submit(ctx context.Context, req Req) Result[Res] {
	if err := ctx.Err(); err != nil {
		return Result[Res]{Err: err}
	}
	p := &pending[Req, Res]{call: Call[Req]{Ctx: ctx, Req: req}, done: make(chan Result[Res], 1)}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return Result[Res]{Err: ErrClosed}
	}
	select {
	case b.queue <- p:
		b.mu.RUnlock()
		b.queued.Add(1)
	case <-ctx.Done():
		b.mu.RUnlock()
		return Result[Res]{Err: ctx.Err()}
	}
	select {
	case res := <-p.done:
		return res
	case <-ctx.Done():
		return Result[Res]{Err: ctx.Err()}
	}
}

// Close stops taking requests, writes every request already queued and
// returns when the flushers are done.
func (b *Batcher[Req, Res]) Close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.mu.Unlock()
	b.wg.Wait()
}

// Stats reports what the batcher has done so far.
func (b *Batcher[Req, Res]) Stats() Stats {
	return Stats{Batches: b.batches.Load(), Requests: b.requests.Load(), Splits: b.splits.Load(), Queued: b.queued.Load()}
}

func (b *Batcher[Req, Res]) flusher() {
	defer b.wg.Done()
	batch := make([]*pending[Req, Res], 0, b.cfg.MaxBatch)
	for first := range b.queue {
		batch = append(batch[:0], first)
		batch = b.gather(batch)
		b.write(batch)
		clear(batch) // drop references to answered requests
	}
}

// gather adds to batch what is already queued and, with a Linger, what
// arrives within it, up to MaxBatch.
func (b *Batcher[Req, Res]) gather(batch []*pending[Req, Res]) []*pending[Req, Res] {
	var linger <-chan time.Time // nil: take only what is waiting
	if b.cfg.Linger > 0 {
		t := time.NewTimer(b.cfg.Linger)
		defer t.Stop()
		linger = t.C
	}
	for len(batch) < b.cfg.MaxBatch {
		var p *pending[Req, Res]
		ok := true
		if linger == nil {
			select {
			case p, ok = <-b.queue:
			default:
				return batch
			}
		} else {
			select {
			case p, ok = <-b.queue:
			case <-linger:
				return batch
			}
		}
		if !ok { // closed: write what we have
			return batch
		}
		batch = append(batch, p)
	}
	return batch
}

// write writes batch in one go and answers each request; when Split says
// the failure may be one request's, each is written again on its own.
func (b *Batcher[Req, Res]) write(batch []*pending[Req, Res]) {
	live := batch[:0:0]
	for _, p := range batch {
		if p.call.Ctx.Err() != nil {
			continue // its caller has gone: write nothing for it
		}
		live = append(live, p)
	}
	if len(live) == 0 {
		return
	}
	began := time.Now()
	results, err := b.writeCalls(live)
	b.requests.Add(int64(len(live)))
	if err != nil && len(live) > 1 && b.cfg.Split != nil && b.cfg.Split(err) {
		b.splits.Add(1)
		if b.cfg.SplitOrder != nil {
			slices.SortStableFunc(live, func(x, y *pending[Req, Res]) int { return b.cfg.SplitOrder(x.call.Req, y.call.Req) })
		}
		for _, p := range live {
			began := time.Now()
			res, err := b.writeCalls([]*pending[Req, Res]{p})
			p.answer(res, 0, err, 1, began)
		}
		return
	}
	for i, p := range live {
		p.answer(results, i, err, len(live), began)
	}
}

// writeCalls is one Write of batch under its context.
func (b *Batcher[Req, Res]) writeCalls(batch []*pending[Req, Res]) ([]Res, error) {
	calls := make([]Call[Req], len(batch))
	for i, p := range batch {
		calls[i] = p.call
	}
	ctx, cancel := b.batchContext(calls)
	defer cancel()
	b.batches.Add(1)
	return b.cfg.Write(ctx, calls)
}

// answer tells p's caller its result, results[i] or err, from a write of
// n requests that began at began.
func (p *pending[Req, Res]) answer(results []Res, i int, err error, n int, began time.Time) {
	res := Result[Res]{Err: err, Batch: n, Began: began}
	if err == nil {
		res.Value = results[i]
	}
	p.done <- res
}

// batchContext is the context a batch is written under: not cancelled by
// any one caller leaving (the others still wait for the commit), with the
// latest deadline of its callers, so a hung writer fails the batch no
// later than its most patient caller gives up (MaxTime when one set none).
func (b *Batcher[Req, Res]) batchContext(calls []Call[Req]) (context.Context, context.CancelFunc) {
	var latest time.Time
	for _, c := range calls {
		d, ok := c.Ctx.Deadline()
		if !ok {
			latest = time.Now().Add(b.cfg.MaxTime)
			break
		}
		if d.After(latest) {
			latest = d
		}
	}
	return context.WithDeadline(context.WithoutCancel(calls[0].Ctx), latest)
}

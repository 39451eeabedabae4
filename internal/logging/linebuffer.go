package logging

import (
	"io"
	"sync"
	"time"
)

// LineBuffer batches whole log lines (each Write is one line, as slog's
// handlers write them) and hands them to w when max bytes are pending or
// every interval, whichever comes first, so a busy server's per-request
// log costs one write(2) per batch instead of one per request. A line is
// never split between batches. Close flushes what is pending.
type LineBuffer struct {
	mu   sync.Mutex
	w    io.Writer
	buf  []byte
	max  int
	stop chan struct{}
	done chan struct{}
}

// NewLineBuffer starts a LineBuffer writing to w.
func NewLineBuffer(w io.Writer, max int, interval time.Duration) *LineBuffer {
	b := &LineBuffer{w: w, buf: make([]byte, 0, max), max: max, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				_ = b.Flush()
			case <-b.stop:
				return
			}
		}
	}()
	return b
}

// Write appends one line.
func (b *LineBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.buf)+len(p) > b.max {
		if err := b.flushLocked(); err != nil {
			return 0, err
		}
		if len(p) > b.max {
			return b.w.Write(p)
		}
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// Flush writes what is pending.
func (b *LineBuffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.flushLocked()
}

func (b *LineBuffer) flushLocked() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.w.Write(b.buf)
	b.buf = b.buf[:0]
	return err
}

// Close stops the timer and flushes.
func (b *LineBuffer) Close() error {
	select {
	case <-b.stop:
	default:
		close(b.stop)
		<-b.done
	}
	return b.Flush()
}

package encoded

import (
	"sync"
	"sync/atomic"
)

// FileMin is the smallest body whose answers the fast lane sends from a
// file with sendfile instead of copying them into the socket (Answer). On
// the 23 KB home page the copy was what the gateway spent in the kernel
// beyond nginx, whose sendfile does not copy (issue 40); below a few
// kilobytes a copy costs less than making the file.
const FileMin = 8 << 10

// Answer is a variant's complete 200 answer — the prepared head, the Date
// field of one second, the body — in an in-memory file sealed against any
// change (memfd_create and F_ADD_SEALS), so its pages can be queued on a
// socket by sendfile in one system call, and bytes still queued can never
// change. Hold it from Variant.Answer until the send returns, then Release.
type Answer struct {
	sec  int64
	fd   int
	size int64
	// refs counts holders: the variant while it is the current second's,
	// and each send in flight. The last one closes the file.
	refs atomic.Int32
}

// FD is the file's descriptor.
func (a *Answer) FD() int { return a.fd }

// Size is the answer's length in bytes.
func (a *Answer) Size() int64 { return a.size }

// Release gives up a hold on the answer.
func (a *Answer) Release() {
	if a.refs.Add(-1) == 0 {
		closeFile(a.fd)
	}
}

func (a *Answer) acquire() bool {
	for {
		r := a.refs.Load()
		if r <= 0 {
			return false // closing: the variant has moved on
		}
		if a.refs.CompareAndSwap(r, r+1) {
			return true
		}
	}
}

// answers is a variant's current answer file; mu is held while one is made.
type answers struct {
	mu  sync.Mutex
	cur atomic.Pointer[Answer]
}

// held returns the current answer, held for the caller, if it is of the
// second sec; else nil and the current answer (nil if none).
func (f *answers) held(sec int64) (held, cur *Answer) {
	cur = f.cur.Load()
	if cur != nil && cur.sec == sec && cur.acquire() {
		return cur, cur
	}
	return nil, cur
}

// Answer returns the variant's 200 answer with date (the Date field line
// of the second sec and the blank line that ends the head) in a file, held
// for the caller, or nil: for a body under FileMin, before Prepare, when no
// file can be made (not on Linux, out of descriptors), or for a second
// older than the current answer's. The file of a second is made once, by
// its first request, and shared by the others.
func (v *Variant) Answer(sec int64, date []byte) *Answer {
	f := v.answers
	if f == nil {
		return nil
	}
	if a, _ := f.held(sec); a != nil {
		return a
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	a, cur := f.held(sec)
	if a != nil || (cur != nil && cur.sec > sec) {
		return a // or nil for a request that began in the second before: copy it
	}
	fd := sealedFile(v.heads.OK, date, v.Body)
	if fd < 0 {
		return nil
	}
	a = &Answer{sec: sec, fd: fd, size: int64(len(v.heads.OK) + len(date) + len(v.Body))}
	a.refs.Store(2) // the variant's and the caller's
	if old := f.cur.Swap(a); old != nil {
		old.Release()
	}
	return a
}

// dropAnswers releases the variants' hold on their current answers once
// their set is unreachable.
func dropAnswers(kept []*answers) {
	for _, f := range kept {
		if a := f.cur.Swap(nil); a != nil {
			a.Release()
		}
	}
}

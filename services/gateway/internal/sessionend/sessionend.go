// Package sessionend ends what a session holds open — the live lead
// stream — the moment the session ends on this gateway: signing out, a new
// sign-in in the same browser, or an account disabled or signed out here.
// A stream binds its request's context to its session and account; ending
// either cancels the context, and the stream's handler returns at once.
// Other gateway replicas do not hear of it: their streams ask Postgres
// again every few seconds (edge.DefaultEventsSessionCheck).
package sessionend

import (
	"context"
	"crypto/sha256"
	"sync"
)

// Registry holds the open streams of this gateway by session and account.
// The zero value is not usable; use New.
type Registry struct {
	mu   sync.Mutex
	open map[*bound]struct{}
}

type bound struct {
	session [sha256.Size]byte // of the session's id: the id itself is not kept
	user    string
	cancel  context.CancelFunc
}

// New returns an empty registry.
func New() *Registry { return &Registry{open: map[*bound]struct{}{}} }

// Bind returns ctx cancelled when the session whose cookie id is session,
// or any session of the account user, ends here (EndSession, EndUser), and
// release, to call when the stream is done (it cancels the context too).
func (r *Registry) Bind(ctx context.Context, session, user string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	b := &bound{session: sha256.Sum256([]byte(session)), user: user, cancel: cancel}
	r.mu.Lock()
	r.open[b] = struct{}{}
	r.mu.Unlock()
	return ctx, func() {
		r.mu.Lock()
		delete(r.open, b)
		r.mu.Unlock()
		cancel()
	}
}

// EndSession ends every stream bound to the session whose cookie id is
// session, and says how many it ended.
func (r *Registry) EndSession(session string) int {
	h := sha256.Sum256([]byte(session))
	return r.end(func(b *bound) bool { return b.session == h })
}

// EndUser ends every stream of the account user (accounts.User.ID), whatever
// its session, and says how many it ended: an account disabled, or all its
// sessions signed out, on this gateway.
func (r *Registry) EndUser(user string) int {
	return r.end(func(b *bound) bool { return user != "" && b.user == user })
}

// Open is how many streams are bound.
func (r *Registry) Open() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.open)
}

func (r *Registry) end(match func(*bound) bool) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for b := range r.open {
		if match(b) {
			b.cancel()
			delete(r.open, b)
			n++
		}
	}
	return n
}

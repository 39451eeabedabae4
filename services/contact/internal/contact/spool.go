package contact

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// A lead is money: the database being down, failing over or hung must not
// turn a visitor away (issue 36). When the store cannot take a lead within
// StoreBudget, the lead goes to a Spool — a replicated, durable queue beside
// the store — and the visitor is answered as for any stored lead. The spool
// hands its leads back (Restore) once the store takes writes again, each
// exactly once: the lead keeps the id and idempotency key it was given at
// submission, and the store stores a lead id or key only once.

// Spool keeps leads the store could not take until it can.
type Spool interface {
	// Hold keeps l durably (replicated and acknowledged) and returns nil
	// only then. Holding the same lead twice keeps it once.
	Hold(ctx context.Context, l Lead) error
}

// ErrRefused marks a store error caused by what the lead holds (Postgres
// refusing a value, a constraint), not by the store being unavailable:
// holding such a lead in the spool would only fail again when it drains.
var ErrRefused = errors.New("lead refused by the store")

// StoreBudget is how long a submission waits for the store before the lead
// goes to the spool. A healthy store commits a lead in milliseconds (group
// commit); a hung one never answers. Together with the spool's own write it
// keeps the visitor's answer within 2 s.
const StoreBudget = time.Second

// StoreRest is how long, after the store failed a lead, submissions go
// straight to the spool without trying it: during an outage or a failover
// each visitor then waits milliseconds, not StoreBudget. Then the next
// submissions try the store again.
const StoreRest = time.Second

// SpoolStats count what the spool did in this process.
type SpoolStats struct {
	// Held is the leads written to the spool; Restored the spooled leads
	// then stored (Created: new; the others were stored already).
	Held, Restored, Created int64
}

// spooling is the Service's part of the rule.
type spooling struct {
	spool     Spool
	restUntil atomic.Int64 // unix nanoseconds: skip the store until then
	held      atomic.Int64
	restored  atomic.Int64
	created   atomic.Int64
}

// WithSpool makes s hold in sp every lead its store cannot take.
func (s *Service) WithSpool(sp Spool) *Service {
	s.spooling.spool = sp
	return s
}

// SpoolStats reports what the spool did so far.
func (s *Service) SpoolStats() SpoolStats {
	return SpoolStats{Held: s.spooling.held.Load(), Restored: s.spooling.restored.Load(), Created: s.spooling.created.Load()}
}

// insert stores l, or holds it in the spool when the store cannot take it:
// a store error that is not ErrRefused, or no answer within StoreBudget.
// held says the lead went to the spool (its DuplicateOf is then settled
// when it is restored).
func (s *Service) insert(ctx context.Context, l Lead, events func(context.Context, Lead) ([]OutboxMessage, error)) (stored Lead, held bool, err error) {
	sp := &s.spooling
	if sp.spool == nil {
		stored, _, err = s.store.InsertLead(ctx, l, events)
		return stored, false, err
	}
	if time.Now().UnixNano() >= sp.restUntil.Load() {
		sctx, cancel := context.WithTimeout(ctx, StoreBudget)
		stored, _, err = s.store.InsertLead(sctx, l, events)
		cancel()
		if err == nil || errors.Is(err, ErrRefused) || ctx.Err() != nil {
			return stored, false, err
		}
		sp.restUntil.Store(time.Now().Add(StoreRest).UnixNano())
	}
	// The store may still commit the lead it timed out on: the spool then
	// holds the same lead (same id), which Restore finds stored.
	if herr := sp.spool.Hold(ctx, l); herr != nil {
		return Lead{}, false, errors.Join(err, herr)
	}
	sp.held.Add(1)
	return l, true, nil
}

// Restore stores a lead the spool held, with its events, exactly once: a
// lead whose id or idempotency key is stored already stores nothing
// (created=false). Its error means the store still cannot take it; the
// spool keeps it and tries again.
func (s *Service) Restore(ctx context.Context, l Lead) (created bool, err error) {
	_, created, err = s.store.InsertLead(ctx, l, s.submittedEvents(l))
	if err != nil {
		return false, err
	}
	if !created {
		// Found stored: possibly by a commit whose wait for the
		// synchronous standbys was cancelled (the submission's budget ran
		// out), visible on this primary but not yet replicated. The spool
		// lets go of the lead only once it is durable.
		if err := s.store.Sync(ctx); err != nil {
			return false, err
		}
	}
	s.spooling.restored.Add(1)
	if created {
		s.spooling.created.Add(1)
	}
	return created, nil
}

// Reimport stores a lead read back from the lead stream (after a restore
// from backup lost it): its leads.submitted event is already on the
// stream, so the outbox row that records it is stored as sent. A lead
// whose id is stored already stores nothing (created=false).
func (s *Service) Reimport(ctx context.Context, l Lead) (created bool, err error) {
	_, created, err = s.store.InsertLead(ctx, l, func(ctx context.Context, l Lead) ([]OutboxMessage, error) {
		msg, err := s.enc.LeadSubmitted(ctx, l)
		if err != nil {
			return nil, err
		}
		msg.Sent = true
		return []OutboxMessage{msg}, nil
	})
	return created, err
}

// submittedEvents is the events of a new lead: its leads.submitted, none
// for spam.
func (s *Service) submittedEvents(l Lead) func(context.Context, Lead) ([]OutboxMessage, error) {
	if l.IsSpam {
		return nil
	}
	return func(ctx context.Context, l Lead) ([]OutboxMessage, error) {
		msg, err := s.enc.LeadSubmitted(ctx, l)
		if err != nil {
			return nil, err
		}
		return []OutboxMessage{msg}, nil
	}
}

package contactpg

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Group commit. Every commit waits for Postgres to flush its WAL to disk,
// and with one transaction per lead that flush, not the work, bounded the
// intake. InsertLead therefore hands its lead to a flusher goroutine and
// waits: a flusher takes whatever leads are waiting (up to MaxBatch) and
// writes them, with their outbox rows, in ONE transaction; every caller of
// the batch is answered only after that commit. Batching is natural: while
// one flusher's commit is on its way to disk, the leads that arrive queue
// up for the next flusher, so an idle service adds no delay and a busy one
// writes many leads per flush.

// ErrClosed is returned by InsertLead once Close has been called.
var ErrClosed = errors.New("lead store closed")

// maxBatchTime bounds a batch whose callers set no deadline.
const maxBatchTime = 30 * time.Second

// BatchOptions tune the group commit. The zero value is the default.
type BatchOptions struct {
	// Flushers is how many batches may be in flight at once (each holds a
	// pool connection while it writes); 2 when zero.
	Flushers int
	// MaxBatch caps the leads of one transaction; 128 when zero, 2,427
	// at most (a statement's parameter limit).
	MaxBatch int
	// Linger is how long a flusher waits for more leads after the first
	// when fewer than MaxBatch are queued: 1ms when zero; negative takes
	// only the leads already waiting. A millisecond costs each lead at
	// most that and, under load, makes batches larger and commits fewer.
	Linger time.Duration
}

// BatchStats count what the group commit did.
type BatchStats struct {
	// Batches is the transactions written (successful or not), fallbacks
	// to one lead per transaction included.
	Batches int64
	// Leads is the requests answered by those transactions.
	Leads int64
	// Fallbacks is the batches that failed because of a row and were
	// written again one lead per transaction.
	Fallbacks int64
	// Queued is the requests handed to the flushers so far.
	Queued int64
}

// insertReq is one waiting InsertLead call.
type insertReq struct {
	ctx  context.Context
	lead contact.Lead
	msgs []contact.OutboxMessage
	done chan insertResult // buffered: a flusher never blocks on a caller that left
}

type insertResult struct {
	lead    contact.Lead
	created bool
	err     error
}

type batcher struct {
	store *Store
	opts  BatchOptions
	queue chan *insertReq

	mu     sync.RWMutex // held for reading while sending to queue
	closed bool
	wg     sync.WaitGroup

	batches, leads, fallbacks, queued atomic.Int64
}

func newBatcher(s *Store, opts BatchOptions) *batcher {
	if opts.Flushers <= 0 {
		opts.Flushers = 2
	}
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 128
	}
	// One statement takes at most 65,535 parameters.
	opts.MaxBatch = min(opts.MaxBatch, (65535-5)/leadParams)
	if opts.Linger == 0 {
		opts.Linger = time.Millisecond
	}
	b := &batcher{store: s, opts: opts, queue: make(chan *insertReq, opts.MaxBatch*opts.Flushers)}
	b.wg.Add(opts.Flushers)
	for range opts.Flushers {
		go b.flusher()
	}
	return b
}

// submit queues r and waits for its batch to commit, or for ctx.
func (b *batcher) submit(ctx context.Context, r *insertReq) insertResult {
	if err := ctx.Err(); err != nil {
		return insertResult{err: err}
	}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return insertResult{err: ErrClosed}
	}
	select {
	case b.queue <- r:
		b.mu.RUnlock()
		b.queued.Add(1)
	case <-ctx.Done():
		b.mu.RUnlock()
		return insertResult{err: ctx.Err()}
	}
	select {
	case res := <-r.done:
		return res
	case <-ctx.Done():
		// The lead may still be committed by its batch; the caller was
		// not told it was accepted, and a retry with the same
		// idempotency key finds it.
		return insertResult{err: ctx.Err()}
	}
}

// close stops taking leads, writes every lead already queued and returns
// when the flushers are done.
func (b *batcher) close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.queue)
	}
	b.mu.Unlock()
	b.wg.Wait()
}

func (b *batcher) flusher() {
	defer b.wg.Done()
	batch := make([]*insertReq, 0, b.opts.MaxBatch)
	for first := range b.queue {
		batch = append(batch[:0], first)
		batch = b.gather(batch)
		b.write(batch)
		clear(batch) // drop references to answered requests
	}
}

// gather adds to batch what is already queued and, with a Linger, what
// arrives within it, up to MaxBatch.
func (b *batcher) gather(batch []*insertReq) []*insertReq {
	var linger <-chan time.Time // nil: take only what is waiting
	if b.opts.Linger > 0 {
		t := time.NewTimer(b.opts.Linger)
		defer t.Stop()
		linger = t.C
	}
	for len(batch) < b.opts.MaxBatch {
		var r *insertReq
		ok := true
		if linger == nil {
			select {
			case r, ok = <-b.queue:
			default:
				return batch
			}
		} else {
			select {
			case r, ok = <-b.queue:
			case <-linger:
				return batch
			}
		}
		if !ok { // closed: write what we have
			return batch
		}
		batch = append(batch, r)
	}
	return batch
}

// write commits batch in one transaction and answers each request. When
// the transaction fails because of what one row holds, every lead is
// written again in a transaction of its own, so one bad lead costs only
// its own request.
func (b *batcher) write(batch []*insertReq) {
	live := batch[:0:0]
	for _, r := range batch {
		if r.ctx.Err() != nil {
			continue // its caller has gone: store nothing for it
		}
		live = append(live, r)
	}
	if len(live) == 0 {
		return
	}
	ctx, cancel := batchContext(live)
	defer cancel()
	results, err := b.store.writeLeads(ctx, live)
	b.batches.Add(1)
	b.leads.Add(int64(len(live)))
	if err != nil && len(live) > 1 && rowError(err) {
		b.fallbacks.Add(1)
		for _, r := range live {
			rctx, cancel := batchContext([]*insertReq{r})
			res, err := b.store.writeLeads(rctx, []*insertReq{r})
			cancel()
			b.batches.Add(1)
			if err != nil {
				r.done <- insertResult{err: err}
				continue
			}
			r.done <- res[0]
		}
		return
	}
	for i, r := range live {
		if err != nil {
			r.done <- insertResult{err: err}
			continue
		}
		r.done <- results[i]
	}
}

// batchContext is the context a batch is written under: not cancelled by
// any one caller leaving (the others still wait for the commit), with the
// latest deadline of its callers, so a hung database fails the batch no
// later than its most patient caller gives up.
func batchContext(reqs []*insertReq) (context.Context, context.CancelFunc) {
	var latest time.Time
	for _, r := range reqs {
		d, ok := r.ctx.Deadline()
		if !ok {
			latest = time.Now().Add(maxBatchTime)
			break
		}
		if d.After(latest) {
			latest = d
		}
	}
	return context.WithDeadline(context.WithoutCancel(reqs[0].ctx), latest)
}

// rowError reports whether err is Postgres refusing something a row holds
// (bad data, a constraint, a lock conflict between batches) rather than
// the database being unreachable or failing as a whole, for which writing
// the leads one at a time would only fail again, slower.
func rowError(err error) bool {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return false
	}
	switch pgErr.Code[:2] {
	case "08", "53", "57", "58", "XX": // connection, resources, operator intervention, system, internal
		return false
	}
	return true
}

// writeLeads inserts the leads of reqs and the outbox rows of those it
// creates in ONE statement (so one transaction and one commit, and one
// round trip to the database) and returns each request's result, in
// order. A request whose idempotency key is already stored, or is used by
// an earlier request of the same batch, gets that lead with created=false
// and stores nothing.
func (s *Store) writeLeads(ctx context.Context, reqs []*insertReq) ([]insertResult, error) {
	// leader[i] is the request whose lead request i stands for.
	leader := make([]int, len(reqs))
	firstWithKey := map[string]int{}
	var rows []int // requests whose lead is inserted
	for i, r := range reqs {
		leader[i] = i
		if k := r.lead.IdempotencyKey; k != "" {
			if j, ok := firstWithKey[k]; ok {
				leader[i] = j
				continue
			}
			firstWithKey[k] = i
		}
		rows = append(rows, i)
	}
	// Rows in key order: two batches that share keys then take the unique
	// index's locks in the same order and cannot deadlock.
	sort.SliceStable(rows, func(a, b int) bool {
		return reqs[rows[a]].lead.IdempotencyKey < reqs[rows[b]].lead.IdempotencyKey
	})

	sql, args := insertLeadsSQL(reqs, rows)
	stored, err := s.queryLeads(ctx, "insert leads", sql, args...)
	if err != nil {
		return nil, err
	}
	inserted := make(map[string]contact.Lead, len(stored))
	for _, l := range stored {
		inserted[l.ID] = l
	}

	out := make([]insertResult, len(reqs))
	var taken []string
	for _, i := range rows {
		if l, ok := inserted[reqs[i].lead.ID]; ok {
			out[i] = insertResult{lead: l, created: true}
		} else {
			taken = append(taken, reqs[i].lead.IdempotencyKey)
		}
	}
	if len(taken) > 0 {
		// These keys were used before (ON CONFLICT waited for the lead
		// holding each to commit): answer with those leads.
		earlier, err := s.queryLeads(ctx, "find leads by idempotency key",
			`SELECT `+leadColumns+` FROM contact.submissions WHERE idempotency_key = ANY($1)`, taken)
		if err != nil {
			return nil, err
		}
		byKey := make(map[string]contact.Lead, len(earlier))
		for _, l := range earlier {
			byKey[l.IdempotencyKey] = l
		}
		for _, i := range rows {
			if out[i].created {
				continue
			}
			l, ok := byKey[reqs[i].lead.IdempotencyKey]
			if !ok {
				return nil, fmt.Errorf("lead with idempotency key %q neither inserted nor found", reqs[i].lead.IdempotencyKey)
			}
			out[i] = insertResult{lead: l}
		}
	}
	for i := range reqs {
		if j := leader[i]; j != i {
			out[i] = insertResult{lead: out[j].lead}
		}
	}
	return out, nil
}

// queryLeads runs sql, which returns leadColumns, and collects the leads;
// errors are prefixed with what.
func (s *Store) queryLeads(ctx context.Context, what, sql string, args ...any) ([]contact.Lead, error) {
	rows, err := s.pool.Query(ctx, sql, args...)
	if err == nil {
		var leads []contact.Lead
		if leads, err = pgx.CollectRows(rows, scanLead); err == nil {
			return leads, nil
		}
	}
	return nil, fmt.Errorf("%s: %w", what, err)
}

// leadParams is the number of parameters one lead row takes.
const leadParams = 27

// insertLeadsSQL is the statement that writes the leads reqs[rows...] and
// the outbox messages of those it inserts, and returns the inserted leads.
// A lead whose idempotency key is taken is neither inserted nor returned,
// and its messages are not queued. The outbox rows get ids in the order
// of the leads and of each lead's messages, the order the relay publishes.
func insertLeadsSQL(reqs []*insertReq, rows []int) (string, []any) {
	var sql strings.Builder
	sql.WriteString(`WITH ins AS (INSERT INTO contact.submissions (id, form_variant, first_name, last_name, email, phone,
		address, city, urgency, issues, home_age, previous_repairs, description, preferred_contact_time, has_video,
		source_page, utm_source, utm_medium, utm_campaign, gclid, user_agent, ip_hash, idempotency_key, is_spam,
		duplicate_of, created_at, respond_by) VALUES `)
	args := make([]any, 0, len(rows)*leadParams+5)
	var msgLead, subjects, msgIDs []string
	var payloads [][]byte
	var headers []map[string]string
	for n, i := range rows {
		l := reqs[i].lead
		a := l.Attribution
		if n > 0 {
			sql.WriteString(", ")
		}
		sql.WriteString("(")
		for p := 1; p <= leadParams; p++ {
			if p > 1 {
				sql.WriteString(", ")
			}
			ph := "$" + strconv.Itoa(n*leadParams+p)
			switch p {
			case 1:
				ph += "::uuid"
			case 23: // idempotency_key: NULL when absent, so absent keys never conflict
				ph = "NULLIF(" + ph + "::text, '')"
			case 25: // duplicate_of
				ph = "NULLIF(" + ph + "::text, '')::uuid"
			}
			sql.WriteString(ph)
		}
		sql.WriteString(")")
		args = append(args, l.ID, l.FormVariant, l.FirstName, l.LastName, l.Email, l.Phone, l.Address, l.City, l.Urgency,
			l.Issues, l.HomeAge, l.PreviousRepairs, l.Description, l.PreferredContactTime, l.HasVideo, l.SourcePage,
			a.UTMSource, a.UTMMedium, a.UTMCampaign, a.GCLID, l.UserAgent, l.IPHash, l.IdempotencyKey, l.IsSpam,
			l.DuplicateOf, l.CreatedAt, l.RespondBy)
		for _, m := range reqs[i].msgs {
			h := m.Headers
			if h == nil {
				h = map[string]string{}
			}
			msgLead, subjects, msgIDs = append(msgLead, l.ID), append(subjects, m.Subject), append(msgIDs, m.MsgID)
			payloads, headers = append(payloads, m.Payload), append(headers, h)
		}
	}
	p := len(args)
	fmt.Fprintf(&sql, ` ON CONFLICT (idempotency_key) DO NOTHING RETURNING *),
	ob AS (INSERT INTO contact.outbox (subject, msg_id, payload, headers)
		SELECT m.subject, m.msg_id, m.payload, m.headers
		FROM unnest($%d::uuid[], $%d::text[], $%d::text[], $%d::bytea[], $%d::jsonb[])
			WITH ORDINALITY AS m(lead_id, subject, msg_id, payload, headers, n)
		JOIN ins ON ins.id = m.lead_id
		ORDER BY m.n)
	SELECT `+leadColumns+` FROM ins`, p+1, p+2, p+3, p+4, p+5)
	args = append(args, msgLead, subjects, msgIDs, payloads, headers)
	return sql.String(), args
}

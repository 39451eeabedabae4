package contact

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// Erasure (issue 39): a homeowner may ask for their personal data to be
// erased, and leads past the retention are erased on a schedule. An erased
// lead keeps its row for the dashboard (id, dates, status, city, source,
// the response times) and loses every field that says who the person is
// or what they wrote: names, e-mail, phone, address, descriptions, the
// browser, the campaign details beyond the source, an option typed in
// rather than chosen, and the staff's notes. The same transaction deletes
// the stored copies of the leads' events (the outbox) and their webhook
// deliveries with their logs, and queues leads.erased, which tells the
// systems downstream to erase their copies. Then the leads' messages are
// removed from the LEADS stream (StreamEraser), at once or, with NATS
// away, by the worker that retries every minute.

// Erasure errors.
var (
	// ErrErased: the lead's personal data is erased already (nothing left
	// to match, nothing to add a note to).
	ErrErased = errors.New("lead erased")
	// ErrSpoolBusy: leads taken during a database outage still wait in
	// the spool; one of them may be the person's, so an erase waits.
	ErrSpoolBusy = errors.New("leads still waiting in the spool")
)

// Why leads were erased.
const (
	ReasonRequest   = "request"   // the homeowner asked
	ReasonRetention = "retention" // older than the retention
	ReasonRestore   = "restore"   // applied again to a database restored from backup
)

// Limits of the erasure.
const (
	// MinPhoneDigits is the fewest digits a phone number needs to be
	// matched: a shorter one ("000", "n/a") is not a person's number and
	// could match strangers.
	MinPhoneDigits = 7
	// PreviewLimit is how many matching leads a preview lists.
	PreviewLimit = 50
	// RetentionBatch is how many leads one transaction of the retention
	// erases.
	RetentionBatch = 500
	// StreamWait is how long an erase request waits for the stream part
	// before answering (the worker finishes it if it takes longer).
	StreamWait = 15 * time.Second
	// MinRetention is the shortest retention accepted.
	MinRetention = 30 * 24 * time.Hour
	// StreamScanMargin is subtracted from the oldest erased lead's arrival
	// before the stream is scanned from it (clocks of the contact service
	// and of NATS may differ).
	StreamScanMargin = time.Hour
)

// Match is who an erasure covers besides the lead itself: the leads with
// this e-mail (lower case) or any of these phone digit strings. Empty
// fields match nothing.
type Match struct {
	Email  string
	Phones []string
}

// MatchOf is the match of a lead's homeowner: its e-mail trimmed and in
// lower case (byEmail), its phone's digits with and without the leading 1
// of a US number (byPhone; none when it has fewer than MinPhoneDigits).
func MatchOf(l Lead, byEmail, byPhone bool) Match {
	var m Match
	if byEmail {
		m.Email = NormalizeEmail(l.Email)
	}
	if byPhone {
		m.Phones = PhoneForms(l.Phone)
	}
	return m
}

// NormalizeEmail is an e-mail as leads are matched by it: trimmed, lower
// case (as the duplicate check compares them).
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// PhoneForms are the digit strings that are the same number as p: its
// digits, and for a US number the same with or without the country code
// ("(602) 555-0142" and "+1 602 555 0142"). None when p has fewer than
// MinPhoneDigits digits.
func PhoneForms(p string) []string {
	d := PhoneDigits(p)
	switch {
	case len(d) < MinPhoneDigits:
		return nil
	case len(d) == 10:
		return []string{d, "1" + d}
	case len(d) == 11 && d[0] == '1':
		return []string{d, d[1:]}
	}
	return []string{d}
}

// Selection says which leads one erase covers: the lead LeadID and those
// sharing its e-mail or phone (ByEmail, ByPhone; a request); the leads
// IDs (an erase applied again); or up to Limit leads not erased yet that
// arrived before Before (the retention).
type Selection struct {
	LeadID           string
	ByEmail, ByPhone bool
	IDs              []string
	Before           time.Time
	Limit            int
}

// MatchedLead is a lead an erase would cover, as a preview lists it.
type MatchedLead struct {
	ID, FirstName, LastName, City, Status string
	CreatedAt                             time.Time
	ByEmail, ByPhone                      bool
}

// ErasurePreview is what erasing a lead's homeowner would cover.
type ErasurePreview struct {
	// ByEmail and ByPhone count the leads not erased yet with the lead's
	// e-mail or phone; Total those with either (the lead included).
	ByEmail, ByPhone, Total int
	// Leads are the newest PreviewLimit of them.
	Leads []MatchedLead
	// ErasedAt is set when the lead was erased already.
	ErasedAt time.Time
}

// Erasure is what one erase did.
type Erasure struct {
	// ID is the erase's record, under which its stream part is done.
	ID      int64
	LeadIDs []string
	// Notes emptied, stored event copies and webhook deliveries deleted.
	Notes, OutboxMessages, WebhookDeliveries int
	// StreamMessages removed from LEADS by the time of the answer;
	// StreamPending when some may remain (the worker goes on).
	StreamMessages int
	StreamPending  bool
}

// StreamJob is the stream part of one or more erases: the leads, the
// oldest one's arrival (none of their messages is older), and the stream
// sequences recorded for their messages when they were published.
type StreamJob struct {
	LeadIDs []string
	Since   time.Time
	Seqs    []uint64
	// RecordedFrom is the lowest sequence the relay has recorded for any
	// lead still recorded; messages below it may predate the recording
	// and are found by scanning. Zero: nothing is recorded.
	RecordedFrom uint64
	// FullScan reads every lead message from Since on, whatever was
	// recorded (a homeowner's request); otherwise only the dead letters
	// and the messages before RecordedFrom are read (the retention).
	FullScan bool
}

// ErasureStore is the persistence of the erasure.
type ErasureStore interface {
	// PreviewErasure counts and lists the leads an erase of the lead's
	// homeowner would cover (by MatchOf of its e-mail and phone). ErrNotFound
	// when there is no such lead.
	PreviewErasure(ctx context.Context, leadID string) (ErasurePreview, error)
	// EraseLeads erases the selected leads in one transaction (see the
	// package comment), records the erase for its stream part and queues
	// the outbox message event returns for the erased ids. A selection
	// by lead: ErrNotFound when there is no such lead, ErrErased when it
	// was erased already. Nothing selected: a zero Erasure, no record.
	EraseLeads(ctx context.Context, sel Selection, reason, by string, at time.Time,
		event func(ids []string, reason string, at time.Time) (OutboxMessage, error)) (Erasure, error)
	// FinishStreamErasures takes up to a batch of erases whose stream part
	// is not done (none another worker holds), hands them to do as one
	// job and, when do succeeds, marks them done with how many messages
	// it removed and forgets their leads' recorded sequences. It returns
	// the ids of the erases it finished.
	FinishStreamErasures(ctx context.Context, do func(context.Context, StreamJob) (int, error)) (done []int64, removed int, err error)
	// WithRetentionLock runs fn unless another process holds the
	// retention's lock (ran false).
	WithRetentionLock(ctx context.Context, fn func(context.Context) error) (ran bool, err error)
}

// StreamEraser removes erased leads' messages from the lead stream.
type StreamEraser interface {
	// Remove deletes, overwriting them, the messages of job's leads and
	// returns how many it removed.
	Remove(ctx context.Context, job StreamJob) (int, error)
	// SpoolHeld is how many leads wait in the spool.
	SpoolHeld(ctx context.Context) (int, error)
}

// ErasedEvent encodes leads.erased for the erased ids.
type ErasedEvent func(ids []string, reason string, at time.Time) (OutboxMessage, error)

// erasing is the Service's part of the erasure (WithErasure).
type erasing struct {
	store  ErasureStore
	stream StreamEraser
	event  ErasedEvent
	// Counters for the metrics.
	byRequest, byRetention, streamRemoved atomic.Int64
}

// WithErasure lets s erase leads in store, their messages through stream,
// announcing each erase with event.
func (s *Service) WithErasure(store ErasureStore, stream StreamEraser, event ErasedEvent) *Service {
	s.erasing = &erasing{store: store, stream: stream, event: event}
	return s
}

// ErasureStats count what this process erased: leads by request and by
// the retention, and messages removed from the stream.
type ErasureStats struct {
	ByRequest, ByRetention, StreamMessages int64
}

// ErasureStats reports the counters.
func (s *Service) ErasureStats() ErasureStats {
	e := s.erasing
	if e == nil {
		return ErasureStats{}
	}
	return ErasureStats{ByRequest: e.byRequest.Load(), ByRetention: e.byRetention.Load(), StreamMessages: e.streamRemoved.Load()}
}

// PreviewErasure says what erasing lead id's homeowner would cover.
func (s *Service) PreviewErasure(ctx context.Context, id string) (ErasurePreview, error) {
	return s.erasing.store.PreviewErasure(ctx, id)
}

// ErasePerson erases lead id and, as asked, every lead with its e-mail or
// phone, on the homeowner's request made to by; then removes their
// messages from the stream for up to StreamWait.
func (s *Service) ErasePerson(ctx context.Context, id string, byEmail, byPhone bool, by string) (Erasure, error) {
	e := s.erasing
	// A lead taken while Postgres was away waits in the spool until it is
	// stored: it could be this person's, and would arrive unerased.
	if held, err := e.stream.SpoolHeld(ctx); err == nil && held > 0 {
		return Erasure{}, ErrSpoolBusy
	}
	res, err := e.store.EraseLeads(ctx, Selection{LeadID: id, ByEmail: byEmail, ByPhone: byPhone}, ReasonRequest, by, s.now().UTC(), e.event)
	if err != nil {
		return Erasure{}, err
	}
	e.byRequest.Add(int64(len(res.LeadIDs)))
	sctx, cancel := context.WithTimeout(ctx, StreamWait)
	defer cancel()
	done, removed, err := s.FinishStreamErasures(sctx)
	res.StreamPending = err != nil || !slices.Contains(done, res.ID)
	if !res.StreamPending {
		res.StreamMessages = removed
	}
	return res, nil
}

// EraseAgain erases the leads ids that are not erased yet (an erase found
// on the stream after a restore from backup); their stream part is left
// to the worker.
func (s *Service) EraseAgain(ctx context.Context, ids []string) (int, error) {
	res, err := s.erasing.store.EraseLeads(ctx, Selection{IDs: ids}, ReasonRestore, "", s.now().UTC(), s.erasing.event)
	return len(res.LeadIDs), err
}

// EraseOlderThan erases every lead not erased yet that arrived before
// before, batch leads per transaction, and returns how many.
func (s *Service) EraseOlderThan(ctx context.Context, before time.Time, batch int) (int, error) {
	e := s.erasing
	total := 0
	for {
		res, err := e.store.EraseLeads(ctx, Selection{Before: before, Limit: batch}, ReasonRetention, "", s.now().UTC(), e.event)
		if err != nil {
			return total, err
		}
		total += len(res.LeadIDs)
		e.byRetention.Add(int64(len(res.LeadIDs)))
		if len(res.LeadIDs) < batch {
			return total, nil
		}
	}
}

// FinishStreamErasures does the stream part of the erases waiting for it,
// a batch at a time, until none is left (or one fails). It returns the
// erases it finished and how many messages they removed.
func (s *Service) FinishStreamErasures(ctx context.Context) ([]int64, int, error) {
	e := s.erasing
	var all []int64
	total := 0
	for {
		done, removed, err := e.store.FinishStreamErasures(ctx, e.stream.Remove)
		all = append(all, done...)
		total += removed
		e.streamRemoved.Add(int64(removed))
		if err != nil || len(done) == 0 {
			return all, total, err
		}
	}
}

// ErasureWorker runs the erasure's schedules on every replica: each
// minute it finishes the stream part of erases that could not finish it
// (NATS away); each hour, when Retention is set, one replica at a time
// (the store's lock) erases the leads older than it.
type ErasureWorker struct {
	Service *Service
	Log     *slog.Logger
	// Retention erases the leads older than it; zero keeps leads forever.
	Retention time.Duration
	// StreamEvery and RetentionEvery are the periods (a minute and an
	// hour when zero); the first retention run is StreamEvery after start.
	StreamEvery, RetentionEvery time.Duration
	// Batch is how many leads one transaction of the retention erases
	// (RetentionBatch when zero).
	Batch int
}

// Run works until ctx ends.
func (w *ErasureWorker) Run(ctx context.Context) error {
	streamEvery, retentionEvery := w.StreamEvery, w.RetentionEvery
	if streamEvery == 0 {
		streamEvery = time.Minute
	}
	if retentionEvery == 0 {
		retentionEvery = time.Hour
	}
	nextRetention := time.Now().Add(streamEvery)
	streamFailing := false
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(streamEvery):
		}
		if w.Retention > 0 && !time.Now().Before(nextRetention) {
			nextRetention = time.Now().Add(retentionEvery)
			w.RunRetention(ctx)
		}
		done, removed, err := w.Service.FinishStreamErasures(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			if !streamFailing {
				w.Log.Warn("erasure: removing erased leads' messages from the stream failed; retrying every minute", "err", err)
			}
			streamFailing = true
		case len(done) > 0:
			w.Log.Info("erasure: erased leads' messages removed from the stream", "erasures", len(done), "messages", removed)
			streamFailing = false
		}
	}
}

// RunRetention erases the leads older than the retention, if this process
// gets the lock, and logs what it did.
func (w *ErasureWorker) RunRetention(ctx context.Context) {
	before := time.Now().Add(-w.Retention)
	n := 0
	ran, err := w.Service.erasing.store.WithRetentionLock(ctx, func(ctx context.Context) error {
		var err error
		n, err = w.Service.EraseOlderThan(ctx, before, cmp.Or(w.Batch, RetentionBatch))
		return err
	})
	switch {
	case err != nil && ctx.Err() == nil:
		w.Log.Warn("lead retention: erasing old leads failed; trying again next hour", "erased", n, "err", err)
	case ran:
		w.Log.Info("lead retention: personal fields erased", "leads", n, "older_than", before.UTC().Format(time.RFC3339),
			"retention", w.Retention.String())
	}
}

// ErasedOptions are the option values an erased lead keeps in its
// urgency, home age and issues: one of the forms' options is a category,
// not the visitor's words; a value typed in instead is erased.
type ErasedOptions struct {
	Urgencies, HomeAges, Issues []string
}

// KeptOptions lists them.
func KeptOptions() ErasedOptions {
	values := func(lists ...[]Option) []string {
		var out []string
		for _, list := range lists {
			for _, o := range list {
				if !slices.Contains(out, o.Value) {
					out = append(out, o.Value)
				}
			}
		}
		return out
	}
	return ErasedOptions{Urgencies: values(Urgencies), HomeAges: values(HomeAges), Issues: values(HomeIssues, ContactProblems)}
}

// Package contact is the lead domain: inspection requests from the site's
// two forms, spam and duplicate marking, idempotent submission, the staff
// inbox, and the events that announce new and changed leads.
package contact

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
)

// Sentinel errors the transport maps to codes.
var (
	ErrNotFound = errors.New("lead not found")
	// ErrStoreUnavailable means the lead could not be stored; the caller
	// must not be told it was accepted.
	ErrStoreUnavailable = errors.New("lead store unavailable")
	// ErrBadCursor means a page token was not one this service issued.
	ErrBadCursor = errors.New("bad page token")
)

// Form variants.
const (
	VariantHome    = "home"
	VariantContact = "contact"
)

// Reply promise and duplicate window.
const (
	RespondWithin   = 24 * time.Hour
	DuplicateWindow = 10 * time.Minute
)

// Attribution is where the visitor came from.
type Attribution struct {
	UTMSource, UTMMedium, UTMCampaign, GCLID string
}

// Lead is a stored inspection request.
type Lead struct {
	ID                   string
	FormVariant          string
	FirstName            string
	LastName             string
	Email                string
	Phone                string
	Address              string
	City                 string
	Urgency              string
	Issues               []string
	HomeAge              string
	PreviousRepairs      string
	Description          string
	PreferredContactTime string
	HasVideo             bool
	SourcePage           string
	Attribution          Attribution
	UserAgent            string
	IPHash               string
	IdempotencyKey       string
	IsRead               bool
	IsSpam               bool
	DuplicateOf          string
	CreatedAt            time.Time
	RespondBy            time.Time
	// Status is where the lead is in the pipeline (StatusNew…StatusSpam).
	Status string
	// Assignee is the staff e-mail working the lead, or empty.
	Assignee string
	// FirstResponseAt is the first status change or note after arrival;
	// zero while the lead awaits an answer.
	FirstResponseAt time.Time
	// UpdatedAt and UpdatedBy are the last staff change; zero before any.
	UpdatedAt time.Time
	UpdatedBy string
	// ErasedAt is when the lead's personal fields were erased (erase.go);
	// zero for a lead as submitted.
	ErasedAt time.Time
	// Language is the page's language the lead was sent from, a BCP 47
	// tag (NormalizeLanguage); empty when unknown (read as English).
	Language string
}

// Submission is what a form sends (already checked by the proto rules).
type Submission struct {
	Lead
	// Honeypot is the hidden field people never fill.
	Honeypot string
}

// Meta is what the edge knows about the request.
type Meta struct {
	UserAgent      string
	ClientIP       string
	IdempotencyKey string
}

// OutboxMessage is an event stored with the write that caused it and
// published by the relay.
type OutboxMessage struct {
	Subject string
	// MsgID becomes the Nats-Msg-Id header (JetStream de-duplication).
	MsgID   string
	Payload []byte
	// Headers carry trace context.
	Headers map[string]string
	// Sent says the message is on the stream already (a lead re-imported
	// from it): its outbox row is stored as published.
	Sent bool
}

// Encoder turns domain events into outbox messages.
type Encoder interface {
	LeadSubmitted(ctx context.Context, l Lead) (OutboxMessage, error)
	// LeadUpdated encodes one staff change: the lead after it and the
	// activity entry that records it.
	LeadUpdated(ctx context.Context, l Lead, a Activity) (OutboxMessage, error)
}

// Filter selects leads in the inbox.
type Filter string

// Inbox filters.
const (
	FilterAll     Filter = "all"
	FilterUnread  Filter = "unread"
	FilterOverdue Filter = "overdue"
	FilterSpam    Filter = "spam"
)

// Page is one page of the inbox.
type Page struct {
	Leads       []Lead
	NextCursor  string
	UnreadCount int
	// OverdueCount is the non-spam leads without a first response past
	// RespondBy: the replies the office has already promised and not yet
	// given.
	OverdueCount int
}

// Store is the persistence the domain needs.
type Store interface {
	// InsertLead stores the lead and the outbox messages events returns
	// for it in one transaction (which may be shared with leads submitted
	// at the same moment). Before events is called, a lead that is not
	// spam is linked (DuplicateOf) to the newest non-spam lead with the
	// same e-mail (case-insensitive) or phone digits created within
	// DuplicateWindow before it, among the leads stored and those written
	// with it. events may be nil (no messages); its error fails only this
	// lead. With an idempotency key already used it stores nothing and
	// returns the earlier lead with created=false. events gets the
	// context of the insert (its span), which the messages' trace context
	// is taken from.
	InsertLead(ctx context.Context, l Lead, events func(context.Context, Lead) ([]OutboxMessage, error)) (stored Lead, created bool, err error)
	ListLeads(ctx context.Context, q Query, now time.Time, limit int, cursor string) (Page, error)
	// GetLead returns one lead, or ErrNotFound.
	GetLead(ctx context.Context, id string) (Lead, error)
	// ExportLeads calls each for every matching lead, newest first, as the
	// rows arrive: it never holds the whole result in memory.
	ExportLeads(ctx context.Context, q Query, now time.Time, each func(Lead) error) error
	// ApplyChange locks the lead and applies c as by at at: the change,
	// the activity entry recording it, the first response when c is the
	// lead's first status change or note, and the outbox message event
	// returns, in one transaction. A change to what the lead already is
	// (same status, same assignee, same read flag) writes nothing and
	// returns a nil activity. ErrNotFound when there is no such lead.
	ApplyChange(ctx context.Context, id string, c Change, by string, at time.Time, event func(Lead, Activity) (OutboxMessage, error)) (Lead, *Activity, error)
	// ListActivity returns a lead's newest limit entries whose id is below
	// before, oldest first, and how many entries the lead has.
	ListActivity(ctx context.Context, id string, before int64, limit int) ([]Activity, int, error)
	// Sync returns once everything the store has committed so far is as
	// durable as a new commit: replicated to the synchronous standbys. A
	// commit whose wait for them was cancelled is visible on the primary
	// but may be lost with it; Sync makes what was read durable, or fails.
	Sync(ctx context.Context) error
	// LeadStats computes the response-time dashboard at now.
	LeadStats(ctx context.Context, now time.Time, weeks int) (Stats, error)
}

// Service implements the lead use cases.
type Service struct {
	store  Store
	enc    Encoder
	ipSalt string
	now    func() time.Time
	// spooling holds the leads the store cannot take (WithSpool).
	spooling spooling
	// erasing erases leads' personal data (WithErasure).
	erasing *erasing
}

// NewService returns a Service. ipSalt keys the client-IP hash so stored
// hashes cannot be reversed by hashing every address.
func NewService(store Store, enc Encoder, ipSalt string) *Service {
	return &Service{store: store, enc: enc, ipSalt: ipSalt, now: time.Now}
}

// leadIDSpace names lead ids made from idempotency keys (UUIDv5).
var leadIDSpace = uuid.MustParse("6c3f0f3e-2b1a-5d8e-9a47-4e2f8b1c7d55")

// LeadID is a new lead's id: made from its idempotency key when it has one,
// so every attempt of one submission (the visitor's retries, the gateway's,
// one answered from the store and one held in the spool) names the same
// lead, whichever of them is stored; random otherwise.
func LeadID(idempotencyKey string) string {
	if idempotencyKey == "" {
		return uuid.NewString()
	}
	return uuid.NewSHA1(leadIDSpace, []byte(idempotencyKey)).String()
}

// Submit stores a lead and queues its event. A filled honeypot stores the
// lead as spam and queues nothing; the caller answers as for any lead.
func (s *Service) Submit(ctx context.Context, sub Submission, meta Meta) (Lead, error) {
	now := s.now().UTC()
	l := Prepare(sub)
	l.IdempotencyKey = clean(meta.IdempotencyKey, 200)
	l.ID = LeadID(l.IdempotencyKey)
	l.CreatedAt = now
	l.RespondBy = now.Add(RespondWithin)
	l.IsSpam = strings.TrimSpace(sub.Honeypot) != ""
	l.Status = StatusNew
	if l.IsSpam {
		l.Status = StatusSpam
	}
	l.UserAgent = clean(meta.UserAgent, 500)
	if meta.ClientIP != "" {
		sum := sha256.Sum256([]byte(s.ipSalt + "|" + meta.ClientIP))
		l.IPHash = hex.EncodeToString(sum[:])
	}

	// The store settles DuplicateOf, which the event carries, so it
	// encodes the event once that is known. A lead the store cannot take
	// goes to the spool (spool.go) and is answered as stored.
	stored, _, err := s.insert(ctx, l, s.submittedEvents(l))
	if err != nil {
		return Lead{}, errors.Join(ErrStoreUnavailable, err)
	}
	return stored, nil
}

// List returns one page of the inbox, newest first.
func (s *Service) List(ctx context.Context, q Query, limit int, cursor string) (Page, error) {
	if limit <= 0 {
		limit = 50
	}
	q.Filter = DefaultFilter(q.Filter)
	return s.store.ListLeads(ctx, q, s.now(), limit, cursor)
}

// Get returns one lead.
func (s *Service) Get(ctx context.Context, id string) (Lead, error) {
	return s.store.GetLead(ctx, id)
}

// Export streams every lead matching q, newest first.
func (s *Service) Export(ctx context.Context, q Query, each func(Lead) error) error {
	q.Filter = DefaultFilter(q.Filter)
	return s.store.ExportLeads(ctx, q, s.now(), each)
}

// DefaultFilter reads an empty filter as FilterAll.
func DefaultFilter(f Filter) Filter {
	if f == "" {
		return FilterAll
	}
	return f
}

// Prepare is the lead a submission becomes, before its id and times: every
// field normalised. Its form variant comes settled: InferVariant needs
// whether hasVideo was sent at all, which only the request shows, and the
// proto's rules depend on the variant, so the transport infers it once,
// before they are checked (contactgrpc.SettleVariant).
func Prepare(sub Submission) Lead {
	return normalize(sub.Lead)
}

// normalize cleans every string (CleanText: what Postgres cannot store is
// dropped, never refused), trims it, caps lengths, infers nothing (the
// variant is settled before validation) and reads the optional choices: a
// known option becomes its value, anything else is kept as given (capped).
// Empty and repeated issues are dropped; at most MaxIssues are kept.
func normalize(l Lead) Lead {
	t := clean
	l.FormVariant = t(l.FormVariant, 20)
	l.FirstName, l.LastName = t(l.FirstName, 100), t(l.LastName, 100)
	l.Email = t(l.Email, 254)
	l.Phone = t(l.Phone, 40)
	l.Address = t(l.Address, 300)
	l.City = NormalizeCity(l.City)
	l.Urgency = Normalize(l.Urgency, Urgencies)
	l.HomeAge = Normalize(l.HomeAge, HomeAges)
	l.PreviousRepairs = t(l.PreviousRepairs, 2000)
	l.Description = t(l.Description, 5000)
	l.PreferredContactTime = t(l.PreferredContactTime, 200)
	l.SourcePage = t(l.SourcePage, 300)
	l.Language = NormalizeLanguage(l.Language)
	a := &l.Attribution
	a.UTMSource, a.UTMMedium, a.UTMCampaign, a.GCLID = t(a.UTMSource, 200), t(a.UTMMedium, 200), t(a.UTMCampaign, 200), t(a.GCLID, 200)
	issues := make([]string, 0, min(len(l.Issues), MaxIssues))
	seen := map[string]bool{}
	lists := IssueLists(l.FormVariant)
	for _, i := range l.Issues {
		if len(issues) == MaxIssues {
			break
		}
		if i = Normalize(i, lists...); i != "" && !seen[i] {
			seen[i] = true
			issues = append(issues, i)
		}
	}
	l.Issues = issues
	return l
}

// clean is s as it can be stored (CleanText), trimmed and capped at n
// runes, trimming again so a cut never leaves a trailing space (which the
// next normalisation would remove).
func clean(s string, n int) string {
	return strings.TrimSpace(capRunes(strings.TrimSpace(CleanText(s)), n))
}

func capRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// PhoneDigits keeps only the digits of a phone number, so "(602) 555-0142"
// and "602.555.0142" match.
func PhoneDigits(p string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, p)
}

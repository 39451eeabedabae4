package contact

import (
	"context"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Pipeline statuses (issue 28). Spam is a status too: a honeypot catch or
// a lead staff mark so; IsSpam mirrors it.
const (
	StatusNew       = "new"
	StatusContacted = "contacted"
	StatusScheduled = "scheduled"
	StatusWon       = "won"
	StatusLost      = "lost"
	StatusSpam      = "spam"
)

// Statuses lists every status, in pipeline order.
var Statuses = []string{StatusNew, StatusContacted, StatusScheduled, StatusWon, StatusLost, StatusSpam}

// Activity kinds.
const (
	KindStatus   = "status"
	KindNote     = "note"
	KindAssignee = "assignee"
	KindRead     = "read"
)

// Activity is one entry of a lead's history.
type Activity struct {
	ID     int64
	LeadID string
	Kind   string
	// From and To are the values before and after (read as "true" or
	// "false"); empty for a note.
	From, To string
	// Body is a note's text.
	Body      string
	Actor     string
	CreatedAt time.Time
}

// Change is one staff change to a lead: exactly one of its fields is set.
type Change struct {
	IsRead   *bool
	Status   *string
	Assignee *string
	// Note is a note's text (a note when not empty).
	Note string
}

// Kind is the activity kind c records.
func (c Change) Kind() string {
	switch {
	case c.Status != nil:
		return KindStatus
	case c.Assignee != nil:
		return KindAssignee
	case c.IsRead != nil:
		return KindRead
	}
	return KindNote
}

// Responds says whether c answers the lead: a status change or a note.
func (c Change) Responds() bool { k := c.Kind(); return k == KindStatus || k == KindNote }

// Query selects leads: a Filter and optional narrowing; zero values keep
// every lead.
type Query struct {
	Filter Filter
	// Status is a pipeline status other than spam (spam is Filter).
	Status string
	// City is a stored city value.
	City string
	// Source is a utm_source, or SourceDirect for none.
	Source string
	// From (inclusive) and To (exclusive) bound created_at.
	From, To time.Time
	// Text: every word must occur in the lead's search text.
	Text string
	// Assignee is an e-mail, or AssigneeNone for the unassigned.
	Assignee string
}

// SourceDirect selects leads without a utm_source; AssigneeNone the
// unassigned ones.
const (
	SourceDirect = "direct"
	AssigneeNone = "none"
)

// ResponseTimes is how fast a period's leads got their first answer.
type ResponseTimes struct {
	Leads, Responded, WithinPromise int
	// Median and P90 are over the answers measured after arrival.
	Median, P90       time.Duration
	Awaiting, Overdue int
}

// WeeklyCount is one week's leads with one key.
type WeeklyCount struct {
	WeekStart time.Time
	Key       string
	Count     int
}

// Stats is the response-time dashboard.
type Stats struct {
	LastWeek, LastMonth ResponseTimes
	ByCity, BySource    []WeeklyCount
}

// Limits of the pipeline's calls.
const (
	MaxBulk        = 200
	DefaultWeeks   = 12
	maxSearchWords = 8
)

// Page sizes of a lead's history: DefaultActivityPage when none is asked
// for, at most MaxActivityPage. A note is at most MaxNoteLen characters,
// so a page of the longest (about 20 KB each) stays near 2 MB, half of
// what one gRPC message carries.
const (
	DefaultActivityPage = 50
	MaxActivityPage     = 100
	MaxNoteLen          = 5000
)

// ErrInvalid is a change the service refuses (the transport's rules
// normally catch it first).
var ErrInvalid = errors.New("invalid change")

// Update applies one change (read flag, status, assignee or note) by by and
// queues its leads.updated. It returns the lead after it; a change to what
// the lead already is records nothing and publishes nothing.
func (s *Service) Update(ctx context.Context, id string, c Change, by string) (Lead, error) {
	l, _, err := s.apply(ctx, id, c, by)
	return l, err
}

// AddNote adds a note to a lead's history; it is the lead's first response
// when nothing answered it before.
func (s *Service) AddNote(ctx context.Context, id, body, by string) (Activity, error) {
	body = strings.TrimSpace(body)
	if body == "" {
		return Activity{}, ErrInvalid
	}
	_, a, err := s.apply(ctx, id, Change{Note: capRunes(body, MaxNoteLen)}, by)
	if err != nil {
		return Activity{}, err
	}
	return *a, nil
}

func (s *Service) apply(ctx context.Context, id string, c Change, by string) (Lead, *Activity, error) {
	if c.Status != nil && !slices.Contains(Statuses, *c.Status) {
		return Lead{}, nil, ErrInvalid
	}
	if c.Assignee != nil {
		a := strings.ToLower(strings.TrimSpace(*c.Assignee))
		c.Assignee = &a
	}
	return s.store.ApplyChange(ctx, id, c, by, s.now().UTC(), func(l Lead, a Activity) (OutboxMessage, error) {
		return s.enc.LeadUpdated(ctx, l, a)
	})
}

// Bulk applies one change to each lead of ids and returns how many it
// changed (a lead already so, or gone, is not counted).
func (s *Service) Bulk(ctx context.Context, ids []string, c Change, by string) (int, error) {
	if len(ids) == 0 || len(ids) > MaxBulk || c.Note != "" {
		return 0, ErrInvalid
	}
	n := 0
	for _, id := range ids {
		_, a, err := s.apply(ctx, id, c, by)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return n, err
		}
		if a != nil {
			n++
		}
	}
	return n, nil
}

// ActivityPage is a page of a lead's history.
type ActivityPage struct {
	// Entries, oldest first.
	Entries []Activity
	// NextCursor continues with the entries before these; empty when
	// these are the oldest.
	NextCursor string
	// Total is how many entries the history has.
	Total int
}

// Activity returns a page of a lead's history: its newest limit entries
// before cursor (empty: its newest), oldest first. A history grows
// without bound (a note a day for years), and one answer must fit one
// gRPC message, so it is read a page at a time.
func (s *Service) Activity(ctx context.Context, id string, limit int, cursor string) (ActivityPage, error) {
	if limit <= 0 {
		limit = DefaultActivityPage
	}
	limit = min(limit, MaxActivityPage)
	before := int64(math.MaxInt64)
	if cursor != "" {
		n, err := strconv.ParseInt(cursor, 10, 64)
		if err != nil || n <= 0 {
			return ActivityPage{}, ErrBadCursor
		}
		before = n
	}
	if _, err := s.store.GetLead(ctx, id); err != nil {
		return ActivityPage{}, err
	}
	acts, total, err := s.store.ListActivity(ctx, id, before, limit+1)
	if err != nil {
		return ActivityPage{}, err
	}
	p := ActivityPage{Entries: acts, Total: total}
	if len(acts) > limit {
		// One more than the page: it has entries before it.
		p.Entries = acts[1:]
		p.NextCursor = strconv.FormatInt(p.Entries[0].ID, 10)
	}
	return p, nil
}

// Stats returns the dashboard over the last weeks weeks (0: DefaultWeeks).
func (s *Service) Stats(ctx context.Context, weeks int) (Stats, error) {
	if weeks <= 0 {
		weeks = DefaultWeeks
	}
	return s.store.LeadStats(ctx, s.now().UTC(), weeks)
}

// MinSearchRun is how many letters or digits in a row every word of a
// search needs. The inbox finds a word inside a lead's text with a
// trigram index (contactpg), which serves a word of three or more: a
// search with a shorter word read every lead ("ab", "zq": 0.6–0.7 s p50
// at 1,000,000 leads, BenchmarkSearchLeads) or every lead holding its
// other words ("maria j": 0.24 s, the 62,500 Marias read to look for a
// "j"), so it is refused.
const MinSearchRun = 3

// ErrShortSearch: a word of the search has fewer than MinSearchRun
// letters or digits in a row.
var ErrShortSearch = errors.New("search word too short")

// MsgShortSearch is what staff read for ErrShortSearch.
const MsgShortSearch = "Search with words of at least 3 letters or digits: part of a name, phone number, e-mail or address."

// CheckSearch is ErrShortSearch when a word of words (SearchWords) holds
// no MinSearchRun letters or digits in a row: no trigram of it would find
// its leads. No words is no search, and fine.
func CheckSearch(words []string) error {
	for _, w := range words {
		run, long := 0, false
		for _, r := range w {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				run = 0
				continue
			}
			if run++; run >= MinSearchRun {
				long = true
				break
			}
		}
		if !long {
			return ErrShortSearch
		}
	}
	return nil
}

// SearchWords splits a search into at most eight lower-case words; a word
// that is a phone number's piece ("(602)", "555-0142") becomes its digits,
// as phones are searched by digits.
func SearchWords(q string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(q)) {
		if d := PhoneDigits(w); len(d) >= 3 && strings.Trim(w, "0123456789()-.+ ") == "" {
			w = d
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
		if len(out) == maxSearchWords {
			break
		}
	}
	return out
}

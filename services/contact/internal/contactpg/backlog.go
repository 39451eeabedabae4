package contactpg

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Backlog is what is waiting on the way from a homeowner to the office: leads stored but not yet on NATS,
// and leads the office has not answered within the promise.
type Backlog struct {
	// OldestUnpublished is when the oldest outbox row not yet published was written (zero: none waits).
	OldestUnpublished time.Time
	// Overdue counts the leads past their respond-by time without a first response (overdueSQL: the
	// inbox's Overdue view and badge, and the dashboard, count the same leads).
	Overdue int
}

// backlogSQL reads the outbox's head and counts the overdue leads ($1 is now).
const backlogSQL = `SELECT
	(SELECT created_at FROM contact.outbox WHERE published_at IS NULL ORDER BY id LIMIT 1),
	(SELECT count(*) FROM contact.submissions WHERE ` + overdueSQL + `)`

// Backlog reads both in one round trip. Each reads a partial index of the few rows still waiting, never
// the leads or outbox rows dealt with: the head of outbox_pending_idx (the relay's queue, in id order, so
// the row the relay will publish first) and submissions_awaiting_idx up to now.
func (s *Store) Backlog(ctx context.Context, now time.Time) (Backlog, error) {
	var b Backlog
	var oldest *time.Time
	if err := s.pool.QueryRow(ctx, backlogSQL, now).Scan(&oldest, &b.Overdue); err != nil {
		return Backlog{}, fmt.Errorf("backlog: %w", err)
	}
	if oldest != nil {
		b.OldestUnpublished = *oldest
	}
	return b, nil
}

// BacklogCacheFor is how long a Backlog read serves scrapes: every Prometheus server scrapes every contact
// replica, and each scrape should not cost Postgres a query.
const BacklogCacheFor = 5 * time.Second

// BacklogMetrics are the gauges of the backlog, read at scrape time through a cache: the outbox's
// oldest waiting row's age and the overdue leads. While Postgres does not answer they keep the last values
// read (the age still grows), so an outage does not look like an empty outbox.
type BacklogMetrics struct {
	store  *Store
	log    *slog.Logger
	maxAge time.Duration
	now    func() time.Time

	mu      sync.Mutex
	read    time.Time // when last is from
	last    Backlog
	failing bool
}

// NewBacklogMetrics reads s's backlog at most once per maxAge (the service uses BacklogCacheFor).
func NewBacklogMetrics(s *Store, log *slog.Logger, maxAge time.Duration) *BacklogMetrics {
	return &BacklogMetrics{store: s, log: log, maxAge: maxAge, now: time.Now}
}

// current returns the backlog, reading it again when the cached one is older than maxAge.
func (m *BacklogMetrics) current() (Backlog, time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if !m.read.IsZero() && now.Sub(m.read) < m.maxAge {
		return m.last, now
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	b, err := m.store.Backlog(ctx, now)
	switch {
	case err != nil && !m.failing:
		m.log.Warn("backlog metrics: cannot read the outbox and overdue leads; keeping the last values", "err", err)
	case err == nil && m.failing:
		m.log.Info("backlog metrics: reading again")
	}
	m.failing = err != nil
	// A failed read is retried after maxAge too, not at every scrape.
	m.read = now
	if err == nil {
		m.last = b
	}
	return m.last, now
}

// Collectors are contact_outbox_oldest_unpublished_age_seconds and contact_leads_overdue, for the
// registry.
func (m *BacklogMetrics) Collectors() []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "contact_outbox_oldest_unpublished_age_seconds",
			Help: "Age of the oldest contact.outbox row not yet published to NATS (0 when none waits): leads stored but not yet on their way to the office."},
			func() float64 {
				b, now := m.current()
				if b.OldestUnpublished.IsZero() {
					return 0
				}
				return max(now.Sub(b.OldestUnpublished).Seconds(), 0)
			}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "contact_leads_overdue",
			Help: "Leads past their respond-by time (the 24-hour promise) without a first response, spam excluded."},
			func() float64 { b, _ := m.current(); return float64(b.Overdue) }),
	}
}

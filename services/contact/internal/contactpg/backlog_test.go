package contactpg

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
)

// backlogFixture fills a fresh database: outbox rows published long ago and two waiting (the older written
// at oldest), and leads of every kind around the promise, of which exactly two are overdue.
func backlogFixture(t *testing.T, answered int) (*Store, time.Time) {
	t.Helper()
	ctx := context.Background()
	pool := pgtest.NewPool(t, Migrate)
	s := New(pool)
	t.Cleanup(s.Close)
	oldest := time.Now().Add(-90 * time.Second).UTC().Truncate(time.Microsecond)
	_, err := pool.Exec(ctx, `INSERT INTO contact.outbox (subject, msg_id, payload, created_at, published_at)
		SELECT 'leads.submitted', 'old-' || i, '{}', now() - interval '1 day', now() - interval '1 day' FROM generate_series(1, $1) i`, answered)
	require.NoError(t, err)
	// The relay's head is the lowest id: written first, and older than a later row.
	_, err = pool.Exec(ctx, `INSERT INTO contact.outbox (subject, msg_id, payload, created_at) VALUES
		('leads.submitted', 'waiting-1', '{}', $1), ('leads.updated', 'waiting-2', '{}', $1 + interval '30 seconds')`, oldest)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO contact.submissions
		(id, form_variant, first_name, last_name, email, phone, is_spam, status, first_response_at, created_at, respond_by)
		SELECT gen_random_uuid(), 'contact', 'Lead', k, k || '@example.com', '6025550100', k = 'spam', 'new',
			CASE WHEN k LIKE 'answered%' THEN c + interval '1 hour' END, c, c + interval '24 hours'
		FROM (VALUES ('overdue-1', now() - interval '30 hours'), ('overdue-2', now() - interval '25 hours'),
			('spam', now() - interval '30 hours'), ('answered-late', now() - interval '40 hours'),
			('due-soon', now() - interval '23 hours'), ('new', now())) v(k, c)`)
	require.NoError(t, err)
	// Years of answered leads, so the planner has a reason to pick the partial index.
	_, err = pool.Exec(ctx, `INSERT INTO contact.submissions
		(id, form_variant, first_name, last_name, email, phone, status, first_response_at, created_at, respond_by)
		SELECT gen_random_uuid(), 'contact', 'Lead', 'N' || i, 'l' || i || '@example.com', '6025550100', 'contacted',
			c + interval '2 hours', c, c + interval '24 hours'
		FROM generate_series(1, $1) i, LATERAL (SELECT now() - i * interval '1 hour' AS c) t`, answered)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `ANALYZE contact.outbox; ANALYZE contact.submissions`)
	require.NoError(t, err)
	return s, oldest
}

// The outbox and overdue gauges read the outbox's head and the leads the inbox calls overdue, each from
// its partial index (outbox_pending_idx, submissions_awaiting_idx), so a scrape costs the same at years of
// leads and outbox rows as on the first day.
func TestBacklogReadsTheWaitingRowsFromTheirIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, oldest := backlogFixture(t, 20000)
	now := time.Now()

	b, err := s.Backlog(ctx, now)
	require.NoError(t, err)
	require.True(t, b.OldestUnpublished.Equal(oldest), "the relay's head: %v, want %v", b.OldestUnpublished, oldest)
	require.Equal(t, 2, b.Overdue, "spam, answered, not yet due and new leads are not overdue")
	var badge int
	require.NoError(t, s.pool.QueryRow(ctx, `SELECT count(*) FROM contact.submissions WHERE `+overdueSQL, now).Scan(&badge))
	require.Equal(t, badge, b.Overdue, "the inbox's Overdue badge counts the same leads")

	text := explain(t, s.pool, backlogSQL, now)
	require.Contains(t, text, "outbox_pending_idx", text)
	require.Contains(t, text, "submissions_awaiting_idx", text)
	require.NotContains(t, text, "Seq Scan", text)

	// Everything published and answered: nothing waits.
	_, err = s.pool.Exec(ctx, `UPDATE contact.outbox SET published_at = now() WHERE published_at IS NULL`)
	require.NoError(t, err)
	_, err = s.pool.Exec(ctx, `UPDATE contact.submissions SET first_response_at = now() WHERE first_response_at IS NULL`)
	require.NoError(t, err)
	b, err = s.Backlog(ctx, now)
	require.NoError(t, err)
	require.Equal(t, Backlog{}, b)
}

// gauges gathers reg's values by metric name.
func gauges(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	out := map[string]float64{}
	for _, f := range families {
		out[f.GetName()] = f.GetMetric()[0].GetGauge().GetValue()
	}
	return out
}

// The alerts LeadOutboxBacklog and LeadsOverdue read these gauges: the age of the outbox's head, growing
// while it waits; the overdue leads; both read at most once per cache period, whatever the scrapes; and
// kept (the age still growing) while Postgres cannot be read.
func TestBacklogMetricsReadAtScrapeTimeThroughACache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, oldest := backlogFixture(t, 10)
	clock := time.Now()
	m := NewBacklogMetrics(s, slog.New(slog.DiscardHandler), time.Minute)
	m.now = func() time.Time { return clock }
	reg := prometheus.NewRegistry()
	reg.MustRegister(m.Collectors()...)

	g := gauges(t, reg)
	require.InDelta(t, clock.Sub(oldest).Seconds(), g["contact_outbox_oldest_unpublished_age_seconds"], 0.001)
	require.Equal(t, 2.0, g["contact_leads_overdue"])

	// Within the cache period the rows are not read again; the age follows the clock.
	_, err := s.pool.Exec(ctx, `UPDATE contact.outbox SET published_at = now() WHERE published_at IS NULL`)
	require.NoError(t, err)
	clock = clock.Add(30 * time.Second)
	g = gauges(t, reg)
	require.InDelta(t, clock.Sub(oldest).Seconds(), g["contact_outbox_oldest_unpublished_age_seconds"], 0.001)
	require.Equal(t, 2.0, g["contact_leads_overdue"])

	clock = clock.Add(31 * time.Second)
	g = gauges(t, reg)
	require.Equal(t, 0.0, g["contact_outbox_oldest_unpublished_age_seconds"], "nothing waits: 0, not absent")
	require.Equal(t, 2.0, g["contact_leads_overdue"])

	// A lead waits again, then Postgres goes away: the last values stay, and the age keeps growing.
	_, err = s.pool.Exec(ctx, `UPDATE contact.outbox SET published_at = NULL WHERE msg_id = 'waiting-2'`)
	require.NoError(t, err)
	clock = clock.Add(time.Minute)
	g = gauges(t, reg)
	waiting := oldest.Add(30 * time.Second)
	require.InDelta(t, clock.Sub(waiting).Seconds(), g["contact_outbox_oldest_unpublished_age_seconds"], 0.001)
	closed, err := pgdb.Open(ctx, slog.New(slog.DiscardHandler), s.pool.Config().ConnString(), 5*time.Second)
	require.NoError(t, err)
	closed.Close()
	m.store = &Store{pool: closed}
	clock = clock.Add(2 * time.Minute)
	g = gauges(t, reg)
	require.InDelta(t, clock.Sub(waiting).Seconds(), g["contact_outbox_oldest_unpublished_age_seconds"], 0.001)
	require.Equal(t, 2.0, g["contact_leads_overdue"])
}

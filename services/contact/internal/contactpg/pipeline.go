package contactpg

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// ApplyChange implements contact.Store: one transaction holds the lead's
// row lock, the change, its activity entry and its outbox message, so the
// history, the lead and the event never disagree.
func (s *Store) ApplyChange(ctx context.Context, id string, c contact.Change, by string, at time.Time,
	event func(contact.Lead, contact.Activity) (contact.OutboxMessage, error)) (contact.Lead, *contact.Activity, error) {
	var lead contact.Lead
	var act *contact.Activity
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+leadColumns+` FROM contact.submissions WHERE id = $1 FOR UPDATE`, id)
		if err != nil {
			return err
		}
		cur, err := pgx.CollectExactlyOneRow(rows, scanLead)
		if errors.Is(err, pgx.ErrNoRows) {
			return contact.ErrNotFound
		}
		if err != nil {
			return err
		}
		a := contact.Activity{LeadID: cur.ID, Kind: c.Kind(), Actor: by, CreatedAt: at}
		next := cur
		switch a.Kind {
		case contact.KindStatus:
			a.From, a.To = cur.Status, *c.Status
			next.Status = *c.Status
			next.IsSpam = next.Status == contact.StatusSpam
		case contact.KindAssignee:
			a.From, a.To = cur.Assignee, *c.Assignee
			next.Assignee = *c.Assignee
		case contact.KindRead:
			a.From, a.To = strconv.FormatBool(cur.IsRead), strconv.FormatBool(*c.IsRead)
			next.IsRead = *c.IsRead
		case contact.KindNote:
			a.Body = c.Note
		}
		if a.Kind != contact.KindNote && a.From == a.To {
			lead = cur // already so: nothing to record
			return nil
		}
		if c.Responds() && cur.FirstResponseAt.IsZero() {
			next.FirstResponseAt = at
		}
		next.UpdatedAt, next.UpdatedBy = at, by
		var firstResponse *time.Time
		if !next.FirstResponseAt.IsZero() {
			firstResponse = &next.FirstResponseAt
		}
		rows, err = tx.Query(ctx, `UPDATE contact.submissions SET status = $2, is_spam = $3, assignee = $4, is_read = $5,
			first_response_at = $6, updated_at = $7, updated_by = $8 WHERE id = $1 RETURNING `+leadColumns,
			id, next.Status, next.IsSpam, next.Assignee, next.IsRead, firstResponse, at, by)
		if err != nil {
			return err
		}
		if lead, err = pgx.CollectExactlyOneRow(rows, scanLead); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO contact.lead_activity (lead_id, kind, from_value, to_value, body, actor, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			id, a.Kind, a.From, a.To, a.Body, a.Actor, a.CreatedAt).Scan(&a.ID); err != nil {
			return fmt.Errorf("record activity: %w", err)
		}
		msg, err := event(lead, a)
		if err != nil {
			return err
		}
		act = &a
		return insertOutbox(ctx, tx, msg)
	})
	if errors.Is(err, contact.ErrNotFound) {
		return contact.Lead{}, nil, err
	}
	if err != nil {
		return contact.Lead{}, nil, fmt.Errorf("update lead: %w", err)
	}
	return lead, act, nil
}

// ListActivity implements contact.Store.
func (s *Store) ListActivity(ctx context.Context, id string, limit int) ([]contact.Activity, error) {
	rows, err := s.pool.Query(ctx, `SELECT * FROM (
		SELECT id, lead_id::text, kind, from_value, to_value, body, actor, created_at FROM contact.lead_activity
		WHERE lead_id = $1 ORDER BY id DESC LIMIT $2) a ORDER BY id`, id, limit)
	if err != nil {
		return nil, fmt.Errorf("list activity: %w", err)
	}
	acts, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (contact.Activity, error) {
		var a contact.Activity
		err := row.Scan(&a.ID, &a.LeadID, &a.Kind, &a.From, &a.To, &a.Body, &a.Actor, &a.CreatedAt)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("list activity: %w", err)
	}
	return acts, nil
}

// BusinessTimeZone is where weeks begin (Monday 00:00) for the per-week
// counts: the Phoenix Valley, which keeps no daylight saving time.
const BusinessTimeZone = "America/Phoenix"

// LeadStats implements contact.Store. Each figure reads only the recent leads
// (by arrival, through the created_at indexes) or the few awaiting an
// answer, so its cost follows the leads of the period, not all leads kept.
func (s *Store) LeadStats(ctx context.Context, now time.Time, weeks int) (contact.Stats, error) {
	var st contact.Stats
	for _, p := range []struct {
		into *contact.ResponseTimes
		days int
	}{{&st.LastWeek, 7}, {&st.LastMonth, 30}} {
		since := now.Add(-time.Duration(p.days) * 24 * time.Hour)
		var median, p90 *float64
		r := p.into
		// Response times are measured only for answers after arrival (a
		// lead handled before the pipeline existed counts as answered at
		// its arrival and is left out of the percentiles).
		if err := s.pool.QueryRow(ctx, `SELECT count(*),
				count(first_response_at),
				count(*) FILTER (WHERE first_response_at <= respond_by),
				percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))
					FILTER (WHERE first_response_at > created_at),
				percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at))
					FILTER (WHERE first_response_at > created_at),
				count(*) FILTER (WHERE first_response_at IS NULL),
				count(*) FILTER (WHERE first_response_at IS NULL AND respond_by < $1)
			FROM contact.submissions WHERE created_at >= $2 AND created_at <= $1 AND NOT is_spam`, now, since).
			Scan(&r.Leads, &r.Responded, &r.WithinPromise, &median, &p90, &r.Awaiting, &r.Overdue); err != nil {
			return contact.Stats{}, fmt.Errorf("lead stats: %w", err)
		}
		if median != nil {
			r.Median = time.Duration(*median * float64(time.Second))
		}
		if p90 != nil {
			r.P90 = time.Duration(*p90 * float64(time.Second))
		}
	}
	var err error
	if st.ByCity, err = s.weekly(ctx, now, weeks, "city"); err != nil {
		return contact.Stats{}, err
	}
	if st.BySource, err = s.weekly(ctx, now, weeks, "CASE WHEN utm_source = '' THEN 'direct' ELSE utm_source END"); err != nil {
		return contact.Stats{}, err
	}
	return st, nil
}

// weekly counts non-spam leads per business week and key over the last
// weeks weeks (the current one included), oldest week first.
func (s *Store) weekly(ctx context.Context, now time.Time, weeks int, key string) ([]contact.WeeklyCount, error) {
	rows, err := s.pool.Query(ctx, `WITH bounds AS (
			SELECT date_trunc('week', $1::timestamptz AT TIME ZONE '`+BusinessTimeZone+`') - make_interval(weeks => $2 - 1) AS first)
		SELECT (date_trunc('week', created_at AT TIME ZONE '`+BusinessTimeZone+`')) AT TIME ZONE '`+BusinessTimeZone+`' AS week,
			`+key+` AS k, count(*)
		FROM contact.submissions, bounds
		WHERE created_at >= bounds.first AT TIME ZONE '`+BusinessTimeZone+`' AND created_at <= $1 AND NOT is_spam
		GROUP BY 1, 2 ORDER BY 1, 3 DESC, 2`, now, weeks)
	if err != nil {
		return nil, fmt.Errorf("weekly leads: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (contact.WeeklyCount, error) {
		var w contact.WeeklyCount
		err := row.Scan(&w.WeekStart, &w.Key, &w.Count)
		return w, err
	})
	if err != nil {
		return nil, fmt.Errorf("weekly leads: %w", err)
	}
	return out, nil
}

package contactpg

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/errgroup"

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
		if a.Kind == contact.KindNote && !cur.ErasedAt.IsZero() {
			// A note about an erased person would bring their data back.
			return contact.ErrErased
		}
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
	if errors.Is(err, contact.ErrNotFound) || errors.Is(err, contact.ErrErased) {
		return contact.Lead{}, nil, err
	}
	if err != nil {
		return contact.Lead{}, nil, fmt.Errorf("update lead: %w", err)
	}
	return lead, act, nil
}

// ListActivity implements contact.Store: the lead's newest limit entries
// before the entry before (by id, which orders them), oldest first, and
// how many entries it has. The lead's index (lead_id, id) serves both.
func (s *Store) ListActivity(ctx context.Context, id string, before int64, limit int) ([]contact.Activity, int, error) {
	rows, err := s.pool.Query(ctx, `SELECT a.*, (SELECT count(*) FROM contact.lead_activity WHERE lead_id = $1) FROM (
		SELECT id, lead_id::text, kind, from_value, to_value, body, actor, created_at FROM contact.lead_activity
		WHERE lead_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3) a ORDER BY id`, id, before, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("list activity: %w", err)
	}
	total := 0
	acts, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (contact.Activity, error) {
		var a contact.Activity
		err := row.Scan(&a.ID, &a.LeadID, &a.Kind, &a.From, &a.To, &a.Body, &a.Actor, &a.CreatedAt, &total)
		return a, err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list activity: %w", err)
	}
	if len(acts) == 0 && before != math.MaxInt64 {
		// A page past the oldest entry: count the history anyway.
		if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM contact.lead_activity WHERE lead_id = $1`, id).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count activity: %w", err)
		}
	}
	return acts, total, nil
}

// LeadStats implements contact.Store. It reads only the leads of the
// period, from an index that holds the fields it needs (an index-only
// range of created_at): one pass for both periods' response times and, at
// the same time on another connection, one for the per-week counts. Its
// cost follows the leads of the period, not all leads kept.
func (s *Store) LeadStats(ctx context.Context, now time.Time, weeks int) (contact.Stats, error) {
	var st contact.Stats
	var g errgroup.Group
	g.Go(func() (err error) {
		st.LastWeek, st.LastMonth, err = s.responseTimes(ctx, now)
		return err
	})
	g.Go(func() (err error) {
		st.ByCity, st.BySource, err = s.weekly(ctx, now, weeks)
		return err
	})
	return st, g.Wait()
}

// responseTimes computes the last 7 and 30 days' figures in one pass.
// Response times are measured only for answers after arrival (a lead
// handled before the pipeline existed counts as answered at its arrival
// and is left out of the percentiles).
func (s *Store) responseTimes(ctx context.Context, now time.Time) (w, m contact.ResponseTimes, err error) {
	week, month := now.Add(-7*24*time.Hour), now.Add(-30*24*time.Hour)
	var wMedian, wP90, mMedian, mP90 *float64
	if err := s.pool.QueryRow(ctx, `WITH recent AS (
			SELECT created_at >= $2 AS in_week, first_response_at, created_at, respond_by,
				extract(epoch FROM first_response_at - created_at) AS secs
			FROM contact.submissions WHERE created_at >= $3 AND created_at <= $1 AND NOT is_spam)
		SELECT
			count(*) FILTER (WHERE in_week), count(first_response_at) FILTER (WHERE in_week),
			count(*) FILTER (WHERE in_week AND first_response_at <= respond_by),
			percentile_cont(0.5) WITHIN GROUP (ORDER BY secs) FILTER (WHERE in_week AND first_response_at > created_at),
			percentile_cont(0.9) WITHIN GROUP (ORDER BY secs) FILTER (WHERE in_week AND first_response_at > created_at),
			count(*) FILTER (WHERE in_week AND first_response_at IS NULL),
			count(*) FILTER (WHERE in_week AND first_response_at IS NULL AND respond_by < $1),
			count(*), count(first_response_at), count(*) FILTER (WHERE first_response_at <= respond_by),
			percentile_cont(0.5) WITHIN GROUP (ORDER BY secs) FILTER (WHERE first_response_at > created_at),
			percentile_cont(0.9) WITHIN GROUP (ORDER BY secs) FILTER (WHERE first_response_at > created_at),
			count(*) FILTER (WHERE first_response_at IS NULL),
			count(*) FILTER (WHERE first_response_at IS NULL AND respond_by < $1)
		FROM recent`, now, week, month).
		Scan(&w.Leads, &w.Responded, &w.WithinPromise, &wMedian, &wP90, &w.Awaiting, &w.Overdue,
			&m.Leads, &m.Responded, &m.WithinPromise, &mMedian, &mP90, &m.Awaiting, &m.Overdue); err != nil {
		return w, m, fmt.Errorf("lead stats: %w", err)
	}
	w.Median, w.P90, m.Median, m.P90 = seconds(wMedian), seconds(wP90), seconds(mMedian), seconds(mP90)
	return w, m, nil
}

func seconds(s *float64) time.Duration {
	if s == nil {
		return 0
	}
	return time.Duration(*s * float64(time.Second))
}

// weekOrigin is a Monday 00:00 in Phoenix (UTC−7 all year: the Valley
// keeps no daylight saving time), so 7-day bins from it are the business
// weeks, and a lead's week is plain arithmetic (date_bin), cheaper per row
// than a time-zone conversion.
const weekOrigin = "2001-01-01 00:00:00-07"

// weekly counts non-spam leads per business week, by city and by source
// ("direct" for none), over the last weeks weeks (the current one
// included), oldest week first: one hash aggregate over those weeks' leads
// by week, city and source, summed here both ways.
func (s *Store) weekly(ctx context.Context, now time.Time, weeks int) (byCity, bySource []contact.WeeklyCount, err error) {
	rows, err := s.pool.Query(ctx, `SELECT date_bin('7 days', created_at, '`+weekOrigin+`'), city, utm_source, count(*)
		FROM contact.submissions
		WHERE created_at >= date_bin('7 days', $1::timestamptz, '`+weekOrigin+`') - make_interval(weeks => $2 - 1)
			AND created_at <= $1 AND NOT is_spam
		GROUP BY 1, 2, 3`, now, weeks)
	if err != nil {
		return nil, nil, fmt.Errorf("weekly leads: %w", err)
	}
	type key struct {
		week time.Time
		k    string
	}
	cities, sources := map[key]int{}, map[key]int{}
	for rows.Next() {
		var week time.Time
		var city, source string
		var n int
		if err := rows.Scan(&week, &city, &source, &n); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("weekly leads: %w", err)
		}
		if source == "" {
			source = contact.SourceDirect
		}
		cities[key{week, city}] += n
		sources[key{week, source}] += n
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("weekly leads: %w", err)
	}
	sorted := func(m map[key]int) []contact.WeeklyCount {
		out := make([]contact.WeeklyCount, 0, len(m))
		for k, n := range m {
			out = append(out, contact.WeeklyCount{WeekStart: k.week, Key: k.k, Count: n})
		}
		// Oldest week first; in a week, the most leads first.
		slices.SortFunc(out, func(a, b contact.WeeklyCount) int {
			return cmp.Or(a.WeekStart.Compare(b.WeekStart), cmp.Compare(b.Count, a.Count), cmp.Compare(a.Key, b.Key))
		})
		return out
	}
	return sorted(cities), sorted(sources), nil
}

package contactpg

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

var _ contact.ErasureStore = (*Store)(nil)

// matchSQL selects the leads not erased yet that an erase of a homeowner
// covers: the lead ($1), those with its e-mail ($2, lower case; NULL for
// none) and those with one of its phone's digit strings ($3; NULL for
// none). The inbox's indexes on lower(email) and on the phone's digits
// serve the second and third.
const matchSQL = `erased_at IS NULL AND (id = $1 OR lower(email) = $2
	OR regexp_replace(phone, '[^0-9]', '', 'g') = ANY($3))`

// matchArgs are matchSQL's $2 and $3 for m.
func matchArgs(m contact.Match) (email *string, phones []string) {
	if m.Email != "" {
		email = &m.Email
	}
	return email, m.Phones
}

// PreviewErasure implements contact.ErasureStore.
func (s *Store) PreviewErasure(ctx context.Context, leadID string) (contact.ErasurePreview, error) {
	l, err := s.GetLead(ctx, leadID)
	if err != nil {
		return contact.ErasurePreview{}, err
	}
	if !l.ErasedAt.IsZero() {
		return contact.ErasurePreview{ErasedAt: l.ErasedAt}, nil
	}
	email, phones := matchArgs(contact.MatchOf(l, true, true))
	rows, err := s.pool.Query(ctx, `SELECT id::text, first_name, last_name, city, status, created_at,
			coalesce(lower(email) = $2, false), coalesce(regexp_replace(phone, '[^0-9]', '', 'g') = ANY($3), false),
			count(*) OVER (),
			count(*) FILTER (WHERE lower(email) = $2) OVER (),
			count(*) FILTER (WHERE regexp_replace(phone, '[^0-9]', '', 'g') = ANY($3)) OVER ()
		FROM contact.submissions WHERE `+matchSQL+` ORDER BY created_at DESC, id DESC LIMIT $4`,
		leadID, email, phones, contact.PreviewLimit)
	if err != nil {
		return contact.ErasurePreview{}, fmt.Errorf("preview erasure: %w", err)
	}
	var p contact.ErasurePreview
	p.Leads, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (contact.MatchedLead, error) {
		var m contact.MatchedLead
		err := row.Scan(&m.ID, &m.FirstName, &m.LastName, &m.City, &m.Status, &m.CreatedAt, &m.ByEmail, &m.ByPhone,
			&p.Total, &p.ByEmail, &p.ByPhone)
		return m, err
	})
	if err != nil {
		return contact.ErasurePreview{}, fmt.Errorf("preview erasure: %w", err)
	}
	return p, nil
}

// EraseLeads implements contact.ErasureStore: the selected leads are
// locked in id order (two erases at once cannot deadlock), emptied, their
// notes emptied, their outbox rows and webhook deliveries deleted, the
// erase recorded and leads.erased queued, in one transaction.
func (s *Store) EraseLeads(ctx context.Context, sel contact.Selection, reason, by string, at time.Time,
	event func(ids []string, reason string, at time.Time) (contact.OutboxMessage, error)) (contact.Erasure, error) {
	var res contact.Erasure
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ids, err := selectForErasure(ctx, tx, sel)
		if err != nil || len(ids) == 0 {
			return err
		}
		keep := contact.KeptOptions()
		rows, err := tx.Query(ctx, `UPDATE contact.submissions SET first_name = '', last_name = '', email = '', phone = '',
				address = '', previous_repairs = '', description = '', preferred_contact_time = '', source_page = '',
				utm_medium = '', utm_campaign = '', gclid = '', user_agent = '', ip_hash = '', idempotency_key = NULL,
				urgency = CASE WHEN urgency = ANY($3) THEN urgency ELSE '' END,
				home_age = CASE WHEN home_age = ANY($4) THEN home_age ELSE '' END,
				issues = ARRAY(SELECT i FROM unnest(issues) WITH ORDINALITY AS u(i, n) WHERE i = ANY($5) ORDER BY n),
				language = lower(split_part(language, '-', 1)),
				erased_at = $2
			WHERE id = ANY($1) RETURNING created_at`, ids, at, keep.Urgencies, keep.HomeAges, keep.Issues)
		if err != nil {
			return fmt.Errorf("erase leads: %w", err)
		}
		created, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
		if err != nil {
			return fmt.Errorf("erase leads: %w", err)
		}
		oldest := slices.MinFunc(created, time.Time.Compare)
		res.LeadIDs = ids
		// Notes are the staff's words about the person; the entry stays
		// (who wrote one, when) without its text.
		tag, err := tx.Exec(ctx, `UPDATE contact.lead_activity SET body = '' WHERE lead_id = ANY($1) AND body <> ''`, ids)
		if err != nil {
			return fmt.Errorf("erase notes: %w", err)
		}
		res.Notes = int(tag.RowsAffected())
		// The outbox's copies of their events, published (kept for
		// replay) or not yet (never to be published now). A row names its
		// lead in ce-subject, or (older rows) in its message id: the lead
		// id, or the lead id and "/activity".
		tag, err = tx.Exec(ctx, `DELETE FROM contact.outbox
			WHERE headers->>'ce-subject' = ANY($1::text[]) OR split_part(msg_id, '/', 1) = ANY($1::text[])`, ids)
		if err != nil {
			return fmt.Errorf("erase outbox: %w", err)
		}
		res.OutboxMessages = int(tag.RowsAffected())
		tag, err = tx.Exec(ctx, `DELETE FROM contact.webhook_deliveries WHERE lead_id = ANY($1::text[]) AND NOT test`, ids)
		if err != nil {
			return fmt.Errorf("erase webhook deliveries: %w", err)
		}
		res.WebhookDeliveries = int(tag.RowsAffected())
		if err := tx.QueryRow(ctx, `INSERT INTO contact.erasures (reason, lead_ids, oldest_lead_at, requested_by)
			VALUES ($1, $2, $3, $4) RETURNING id`, reason, ids, oldest, by).Scan(&res.ID); err != nil {
			return fmt.Errorf("record erasure: %w", err)
		}
		msg, err := event(ids, reason, at)
		if err != nil {
			return err
		}
		return insertOutbox(ctx, tx, msg)
	})
	if err != nil {
		return contact.Erasure{}, err
	}
	return res, nil
}

// selectForErasure locks and returns the ids of the leads sel covers, in
// id order.
func selectForErasure(ctx context.Context, tx pgx.Tx, sel contact.Selection) ([]string, error) {
	var rows pgx.Rows
	var err error
	switch {
	case sel.LeadID != "":
		var l contact.Lead
		var erased *time.Time
		err := tx.QueryRow(ctx, `SELECT email, phone, erased_at FROM contact.submissions WHERE id = $1 FOR UPDATE`, sel.LeadID).
			Scan(&l.Email, &l.Phone, &erased)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, contact.ErrNotFound
		}
		if err != nil {
			return nil, fmt.Errorf("erase: read lead: %w", err)
		}
		if erased != nil {
			return nil, contact.ErrErased
		}
		email, phones := matchArgs(contact.MatchOf(l, sel.ByEmail, sel.ByPhone))
		rows, err = tx.Query(ctx, `SELECT id::text FROM contact.submissions WHERE `+matchSQL+` ORDER BY id FOR UPDATE`,
			sel.LeadID, email, phones)
	case len(sel.IDs) > 0:
		rows, err = tx.Query(ctx, `SELECT id::text FROM contact.submissions WHERE id = ANY($1) AND erased_at IS NULL
			ORDER BY id FOR UPDATE`, sel.IDs)
	default:
		// The retention: the oldest first, skipping rows a staff change
		// holds (the next run takes them).
		rows, err = tx.Query(ctx, `SELECT id::text FROM (SELECT id FROM contact.submissions
			WHERE erased_at IS NULL AND created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED) o ORDER BY id`,
			sel.Before, sel.Limit)
	}
	if err != nil {
		return nil, fmt.Errorf("erase: select leads: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("erase: select leads: %w", err)
	}
	return ids, nil
}

// finishBatch is how many erases one stream job covers at most.
const finishBatch = 20

// FinishStreamErasures implements contact.ErasureStore. The erases stay
// locked (FOR UPDATE SKIP LOCKED) while do runs, so replicas never work on
// the same one.
func (s *Store) FinishStreamErasures(ctx context.Context, do func(context.Context, contact.StreamJob) (int, error)) ([]int64, int, error) {
	var done []int64
	removed := 0
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, lead_ids::text[], oldest_lead_at, reason FROM contact.erasures
			WHERE stream_done_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, finishBatch)
		if err != nil {
			return err
		}
		var job contact.StreamJob
		var id int64
		var ids []string
		var oldest time.Time
		var reason string
		_, err = pgx.ForEachRow(rows, []any{&id, &ids, &oldest, &reason}, func() error {
			done = append(done, id)
			job.LeadIDs = append(job.LeadIDs, ids...)
			if job.Since.IsZero() || oldest.Before(job.Since) {
				job.Since = oldest
			}
			// A homeowner's own request reads the whole stream from their
			// first lead on: nothing of theirs may depend on what was
			// recorded.
			job.FullScan = job.FullScan || reason == contact.ReasonRequest
			return nil
		})
		if err != nil || len(done) == 0 {
			return err
		}
		slices.Sort(job.LeadIDs)
		job.LeadIDs = slices.Compact(job.LeadIDs)
		rows, err = tx.Query(ctx, `SELECT seq FROM contact.lead_messages WHERE lead_id = ANY($1) ORDER BY seq`, job.LeadIDs)
		if err != nil {
			return err
		}
		if job.Seqs, err = pgx.CollectRows(rows, pgx.RowTo[uint64]); err != nil {
			return err
		}
		var from *int64
		if err := tx.QueryRow(ctx, `SELECT min(seq) FROM contact.lead_messages`).Scan(&from); err != nil {
			return err
		}
		if from != nil {
			job.RecordedFrom = uint64(*from)
		}
		if removed, err = do(ctx, job); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE contact.erasures SET stream_done_at = now(), stream_removed = $2 WHERE id = ANY($1)`,
			done, removed); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM contact.lead_messages WHERE lead_id = ANY($1)`, job.LeadIDs)
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("finish stream erasures: %w", err)
	}
	return done, removed, nil
}

// retentionLock is the advisory lock that lets one replica at a time run
// the retention.
const retentionLock = "contact:lead-retention"

// WithRetentionLock implements contact.ErasureStore with a session
// advisory lock held on one connection while fn runs (fn's own work uses
// other connections, a transaction per batch).
func (s *Store) WithRetentionLock(ctx context.Context, fn func(context.Context) error) (bool, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return false, fmt.Errorf("retention lock: %w", err)
	}
	defer conn.Release()
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, retentionLock).Scan(&got); err != nil {
		return false, fmt.Errorf("retention lock: %w", err)
	}
	if !got {
		return false, nil
	}
	defer func() {
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if _, err := conn.Exec(uctx, `SELECT pg_advisory_unlock(hashtext($1))`, retentionLock); err != nil {
			// A connection still holding the lock must not go back to
			// the pool: closing it ends the session and the lock.
			_ = conn.Conn().Close(uctx)
		}
	}()
	return true, fn(ctx)
}

package contactpg

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/valleytrenchless/site/internal/groupcommit"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Group commit (package groupcommit). Every commit waits for Postgres to
// flush its WAL to disk, and with one transaction per lead that flush, not
// the work, bounded the intake. InsertLead therefore hands its lead to the
// batcher and waits: a flusher writes whatever leads are waiting, with
// their outbox rows, in ONE transaction (writeLeads), and every caller of
// the batch is answered only after that commit. This file holds the lead
// rules of such a write: which requests are one lead, repeats linked, the
// statement; and when a failed batch is written again lead by lead.

// ErrClosed is returned by InsertLead once Close has been called.
var ErrClosed = groupcommit.ErrClosed

// BatchOptions tune the group commit (groupcommit.Options). The zero value
// is the default; MaxBatch is at most maxBatch, whatever it is set to.
type BatchOptions = groupcommit.Options

// maxBatch is the most leads one statement can insert: it takes at most
// 65,535 parameters.
const maxBatch = (65535 - 5) / leadParams

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
	lead   contact.Lead
	events func(context.Context, contact.Lead) ([]contact.OutboxMessage, error) // nil: none; called with the caller's context
}

// insertResult is one request's outcome of a batch that was written: its
// lead, or the error that request alone met (its events failed).
type insertResult struct {
	lead    contact.Lead
	created bool
	err     error
}

type batcher = groupcommit.Batcher[insertReq, insertResult]

func newBatcher(s *Store, opts BatchOptions) *batcher {
	opts.MaxBatch = min(opts.MaxBatch, maxBatch)
	return groupcommit.New(groupcommit.Config[insertReq, insertResult]{
		Options: opts,
		Write:   s.writeLeads,
		Split:   rowError,
		// Oldest first, so a repeat finds the lead it repeats stored.
		SplitOrder: func(a, b insertReq) int { return a.lead.CreatedAt.Compare(b.lead.CreatedAt) },
	})
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
	// connection, invalid transaction state (25006: a server that turned
	// read-only), resources, operator intervention, system, internal
	case "08", "25", "53", "57", "58", "XX":
		return false
	}
	return true
}

// refused reports whether err is Postgres refusing what a lead holds (a
// value it cannot store, a constraint): the lead would fail again however
// often it is written (contact.ErrRefused). Anything else — a connection
// lost, a server read-only, a timeout — is the store being unavailable.
func refused(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code[:2] == "22" || pgErr.Code[:2] == "23")
}

// writeLeads writes the leads of reqs and returns each request's result,
// in order, in two round trips to the database: one reading, for every
// lead that is not spam, the newest earlier lead it repeats and whether
// its idempotency key is taken; then ONE statement inserting the leads and
// the outbox rows of those it creates (so one transaction and one commit).
// A request whose idempotency key is already stored, or is used by an
// earlier request of the same batch, gets that lead with created=false and
// stores nothing; so does one whose lead id is stored already, or used by
// an earlier request of the batch (a lead the spool held and restores after
// the store committed it all the same). A request whose events fail gets that error alone (a
// lead linked to it in the batch then fails the foreign key, and the
// leads are written again one by one).
func (s *Store) writeLeads(ctx context.Context, calls []groupcommit.Call[insertReq]) ([]insertResult, error) {
	reqs := make([]insertReq, len(calls))
	for i, c := range calls {
		reqs[i] = c.Req
	}
	out := make([]insertResult, len(reqs))
	// leader[i] is the request whose lead request i stands for.
	leader := make([]int, len(reqs))
	firstWithKey, firstWithID := map[string]int{}, map[string]int{}
	var rows []int // requests whose lead is inserted
	for i, r := range reqs {
		leader[i] = i
		if j, ok := firstWithID[r.lead.ID]; ok {
			leader[i] = j
			continue
		}
		if k := r.lead.IdempotencyKey; k != "" {
			if j, ok := firstWithKey[k]; ok {
				leader[i] = j
				continue
			}
			firstWithKey[k] = i
		}
		firstWithID[r.lead.ID] = i
		rows = append(rows, i)
	}
	leads, err := s.linkDuplicates(ctx, reqs, rows)
	if err != nil {
		return nil, err
	}
	msgs := make([][]contact.OutboxMessage, len(reqs))
	encoded := rows[:0:0]
	for _, i := range rows {
		if ev := reqs[i].events; ev != nil {
			if msgs[i], err = ev(calls[i].Ctx, leads[i]); err != nil {
				out[i] = insertResult{err: fmt.Errorf("encode the lead's events: %w", err)}
				continue
			}
		}
		encoded = append(encoded, i)
	}
	rows = encoded
	if len(rows) == 0 {
		return out, nil
	}
	// Rows in key order: two batches that share keys then take the unique
	// index's locks in the same order and cannot deadlock.
	sort.SliceStable(rows, func(a, b int) bool {
		return leads[rows[a]].IdempotencyKey < leads[rows[b]].IdempotencyKey
	})

	sql, args := insertLeadsSQL(leads, msgs, rows)
	stored, err := s.queryLeads(ctx, "insert leads", sql, args...)
	if err != nil {
		return nil, err
	}
	inserted := make(map[string]contact.Lead, len(stored))
	for _, l := range stored {
		inserted[l.ID] = l
	}

	var takenIDs, takenKeys []string
	for _, i := range rows {
		if l, ok := inserted[leads[i].ID]; ok {
			out[i] = insertResult{lead: l, created: true}
		} else {
			takenIDs, takenKeys = append(takenIDs, leads[i].ID), append(takenKeys, leads[i].IdempotencyKey)
		}
	}
	if len(takenIDs) > 0 {
		// These ids or keys were stored before (ON CONFLICT waited for the
		// lead holding each to commit): answer with those leads.
		earlier, err := s.queryLeads(ctx, "find leads by id or idempotency key",
			`SELECT `+leadColumns+` FROM contact.submissions WHERE id = ANY($1::uuid[]) OR idempotency_key = ANY($2)`, takenIDs, takenKeys)
		if err != nil {
			return nil, err
		}
		byID, byKey := make(map[string]contact.Lead, len(earlier)), make(map[string]contact.Lead, len(earlier))
		for _, l := range earlier {
			byID[l.ID] = l
			if l.IdempotencyKey != "" {
				byKey[l.IdempotencyKey] = l
			}
		}
		for _, i := range rows {
			if out[i].created {
				continue
			}
			l, ok := byID[leads[i].ID]
			if !ok {
				l, ok = byKey[leads[i].IdempotencyKey]
			}
			if !ok {
				return nil, fmt.Errorf("lead %s (idempotency key %q) neither inserted nor found", leads[i].ID, leads[i].IdempotencyKey)
			}
			out[i] = insertResult{lead: l}
		}
	}
	for i := range reqs {
		if j := leader[i]; j != i {
			out[i] = out[j]
			out[i].created = false
		}
	}
	return out, nil
}

// linkDuplicates returns the leads of reqs, each lead of rows that is not
// spam linked (DuplicateOf) to the newest non-spam lead with the same
// e-mail (case-insensitive) or phone digits created within
// contact.DuplicateWindow before it: a stored lead, found in one query for
// the whole batch, or one of rows written with it, so that repeats sent
// at the same moment are linked as well as repeats minutes apart. A lead
// of rows whose idempotency key is already stored will not be inserted and
// is never linked to. (Two batches in flight at once do not see each
// other's leads; and should a key be stored between this read and the
// insert, the link to its lead fails the batch's foreign key and the
// leads are written again one by one, each with a fresh read.)
func (s *Store) linkDuplicates(ctx context.Context, reqs []insertReq, rows []int) ([]contact.Lead, error) {
	leads := make([]contact.Lead, len(reqs))
	var look []int // rows that are not spam
	for i, r := range reqs {
		leads[i] = r.lead
		leads[i].DuplicateOf = ""
	}
	for _, i := range rows {
		if !leads[i].IsSpam {
			look = append(look, i)
		}
	}
	if len(look) == 0 {
		return leads, nil
	}
	emails, phones, keys := make([]string, len(look)), make([]string, len(look)), make([]string, len(look))
	since := make([]time.Time, len(look))
	for n, i := range look {
		l := leads[i]
		emails[n], phones[n], keys[n] = l.Email, contact.PhoneDigits(l.Phone), l.IdempotencyKey
		since[n] = l.CreatedAt.Add(-contact.DuplicateWindow)
	}
	// For each lead, its newest match read backwards along each key's own
	// index ((key, created_at DESC)) with LIMIT 1: an OR of the two keys
	// read every earlier lead with either and sorted them, so a phone seen
	// thousands of times made every new lead slower.
	rs, err := s.pool.Query(ctx, `SELECT q.n, coalesce(d.id::text, ''), d.created_at,
			q.key <> '' AND EXISTS (SELECT 1 FROM contact.submissions k WHERE k.idempotency_key = q.key)
		FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[]) WITH ORDINALITY AS q(email, phone, since, key, n)
		LEFT JOIN LATERAL (SELECT m.id, m.created_at FROM (
			(SELECT id, created_at FROM contact.submissions
				WHERE lower(email) = lower(q.email) AND created_at >= q.since AND NOT is_spam
				ORDER BY lower(email), created_at DESC LIMIT 1)
			UNION ALL
			(SELECT id, created_at FROM contact.submissions
				WHERE q.phone <> '' AND regexp_replace(phone, '[^0-9]', '', 'g') = q.phone AND created_at >= q.since AND NOT is_spam
				ORDER BY regexp_replace(phone, '[^0-9]', '', 'g'), created_at DESC LIMIT 1)
		) m ORDER BY m.created_at DESC LIMIT 1) d ON true`, emails, phones, since, keys)
	if err != nil {
		return nil, fmt.Errorf("find repeated leads: %w", err)
	}
	type match struct {
		id    string
		at    time.Time
		taken bool
	}
	found := make([]match, len(look))
	var n int64
	var m match
	var at *time.Time // NULL: no match
	_, err = pgx.ForEachRow(rs, []any{&n, &m.id, &at, &m.taken}, func() error {
		m.at = time.Time{}
		if at != nil {
			m.at = *at
		}
		found[n-1] = m
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find repeated leads: %w", err)
	}
	for a, i := range look {
		best := found[a]
		l := leads[i]
		for b, j := range look {
			o := leads[j]
			earlier := o.CreatedAt.Before(l.CreatedAt) || (o.CreatedAt.Equal(l.CreatedAt) && j < i)
			if b == a || found[b].taken || !earlier || o.CreatedAt.Before(since[a]) || !o.CreatedAt.After(best.at) {
				continue
			}
			if strings.EqualFold(emails[b], emails[a]) || (phones[a] != "" && phones[b] == phones[a]) {
				best = match{id: o.ID, at: o.CreatedAt}
			}
		}
		leads[i].DuplicateOf = best.id
	}
	return leads, nil
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
const leadParams = 29

// insertLeadsSQL is the statement that writes the leads leads[rows...] and
// the outbox messages of those it inserts, and returns the inserted leads.
// A lead whose idempotency key is taken is neither inserted nor returned,
// and its messages are not queued. The outbox rows get ids in the order
// the leads arrived (CreatedAt) and of each lead's messages, the order the
// relay publishes.
func insertLeadsSQL(leads []contact.Lead, msgs [][]contact.OutboxMessage, rows []int) (string, []any) {
	var sql strings.Builder
	sql.WriteString(`WITH ins AS (INSERT INTO contact.submissions (id, form_variant, first_name, last_name, email, phone,
		address, city, urgency, issues, home_age, previous_repairs, description, preferred_contact_time, has_video,
		source_page, utm_source, utm_medium, utm_campaign, gclid, user_agent, ip_hash, idempotency_key, is_spam,
		duplicate_of, created_at, respond_by, status, language) VALUES `)
	args := make([]any, 0, len(rows)*leadParams+5)
	var msgLead, subjects, msgIDs []string
	var payloads [][]byte
	var sent []bool
	var headers []map[string]string
	for n, i := range rows {
		l := leads[i]
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
			l.DuplicateOf, l.CreatedAt, l.RespondBy, cmp.Or(l.Status, contact.StatusNew), l.Language)
	}
	// The outbox rows (whose ids are the order the relay publishes in) go
	// in the leads' order of arrival, not the key order the rows above are
	// in: consumers see a batch's leads as they came (issue 28: leads of the
	// same moment were published, and e-mailed, in a random order).
	byArrival := slices.Clone(rows)
	slices.SortStableFunc(byArrival, func(a, b int) int { return leads[a].CreatedAt.Compare(leads[b].CreatedAt) })
	for _, i := range byArrival {
		for _, m := range msgs[i] {
			h := m.Headers
			if h == nil {
				h = map[string]string{}
			}
			msgLead, subjects, msgIDs = append(msgLead, leads[i].ID), append(subjects, m.Subject), append(msgIDs, m.MsgID)
			payloads, headers, sent = append(payloads, m.Payload), append(headers, h), append(sent, m.Sent)
		}
	}
	p := len(args)
	// ON CONFLICT with no target: an idempotency key or a lead id stored
	// already (a restored or re-imported lead) inserts nothing.
	fmt.Fprintf(&sql, ` ON CONFLICT DO NOTHING RETURNING *),
	ob AS (INSERT INTO contact.outbox (subject, msg_id, payload, headers, published_at)
		SELECT m.subject, m.msg_id, m.payload, m.headers, CASE WHEN m.sent THEN now() END
		FROM unnest($%d::uuid[], $%d::text[], $%d::text[], $%d::bytea[], $%d::jsonb[], $%d::bool[])
			WITH ORDINALITY AS m(lead_id, subject, msg_id, payload, headers, sent, n)
		JOIN ins ON ins.id = m.lead_id
		ORDER BY m.n)
	SELECT `+leadColumns+` FROM ins`, p+1, p+2, p+3, p+4, p+5, p+6)
	args = append(args, msgLead, subjects, msgIDs, payloads, headers, sent)
	return sql.String(), args
}

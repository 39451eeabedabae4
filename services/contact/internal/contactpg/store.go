// Package contactpg is the contact service's Postgres store: leads in
// schema "contact", the outbox written in the same transaction, and the
// migrations.
package contactpg

import (
	"cmp"
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel/attribute"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/valleytrenchless/site/internal/pagecursor"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Schema is the Postgres schema this service owns.
const Schema = "contact"

// NotifyChannel is the LISTEN/NOTIFY channel that wakes the relay; the
// outbox's insert trigger (migration 003) notifies on it.
const NotifyChannel = "contact_outbox"

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies the service's migrations.
func Migrate(ctx context.Context, log *slog.Logger, pool *pgxpool.Pool) error {
	return pgdb.MigrateDir(ctx, log, pool, Schema, migrationFS, "migrations")
}

// Store implements contact.Store. Leads are written by group commit (see
// batch.go); call Close when done so the last batch is written.
type Store struct {
	pool  *pgxpool.Pool
	batch *batcher
}

// New returns a Store on pool with the default group commit.
func New(pool *pgxpool.Pool) *Store { return NewWithOptions(pool, BatchOptions{}) }

// NewWithOptions returns a Store on pool with the given group commit.
func NewWithOptions(pool *pgxpool.Pool, opts BatchOptions) *Store {
	s := &Store{pool: pool}
	s.batch = newBatcher(s, opts)
	return s
}

// Close stops taking leads and returns once every lead already handed
// over is committed (or has failed). Leads arriving later get ErrClosed.
func (s *Store) Close() { s.batch.Close() }

// Stats reports what the group commit has done so far.
func (s *Store) Stats() BatchStats {
	st := s.batch.Stats()
	return BatchStats{Batches: st.Batches, Leads: st.Requests, Fallbacks: st.Splits, Queued: st.Queued}
}

var _ contact.Store = (*Store)(nil)

const leadColumns = `id, form_variant, first_name, last_name, email, phone, address, city, urgency, issues, home_age,
	previous_repairs, description, preferred_contact_time, has_video, source_page, utm_source, utm_medium,
	utm_campaign, gclid, user_agent, ip_hash, coalesce(idempotency_key, ''), is_read, is_spam,
	coalesce(duplicate_of::text, ''), created_at, respond_by, status, assignee, first_response_at, updated_at, updated_by,
	erased_at, language`

func scanLead(row pgx.CollectableRow) (contact.Lead, error) {
	var l contact.Lead
	var id [16]byte
	var firstResponse, updated, erased *time.Time
	a := &l.Attribution
	err := row.Scan(&id, &l.FormVariant, &l.FirstName, &l.LastName, &l.Email, &l.Phone, &l.Address, &l.City, &l.Urgency,
		&l.Issues, &l.HomeAge, &l.PreviousRepairs, &l.Description, &l.PreferredContactTime, &l.HasVideo, &l.SourcePage,
		&a.UTMSource, &a.UTMMedium, &a.UTMCampaign, &a.GCLID, &l.UserAgent, &l.IPHash, &l.IdempotencyKey, &l.IsRead,
		&l.IsSpam, &l.DuplicateOf, &l.CreatedAt, &l.RespondBy, &l.Status, &l.Assignee, &firstResponse, &updated, &l.UpdatedBy,
		&erased, &l.Language)
	l.ID = fmt.Sprintf("%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:16])
	if firstResponse != nil {
		l.FirstResponseAt = *firstResponse
	}
	if updated != nil {
		l.UpdatedAt = *updated
	}
	if erased != nil {
		l.ErasedAt = *erased
	}
	return l, err
}

// InsertLead stores the lead and its outbox rows in one transaction, which
// may be shared with other leads submitted at the same moment, and wakes
// the relay at commit. It returns after that commit. The duplicate link is
// settled, and events called, by the batch that writes the lead.
//
// Its span covers the wait for a batch and the batch's commit; it says how
// many leads the commit carried and, as an event, when the batch began
// writing. Only the lead's id goes on it, never what the visitor typed.
func (s *Store) InsertLead(ctx context.Context, l contact.Lead, events func(context.Context, contact.Lead) ([]contact.OutboxMessage, error)) (contact.Lead, bool, error) {
	ctx, span := telemetry.Tracer().Start(ctx, "INSERT contact.submissions", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(semconv.DBSystemNamePostgreSQL, semconv.DBOperationName("INSERT"),
			semconv.DBCollectionName("contact.submissions"), attribute.Bool("trenchless.group_commit", true)))
	res := s.batch.Submit(ctx, insertReq{lead: l, events: events})
	if res.Batch > 0 {
		span.AddEvent("batch write began", trace.WithTimestamp(res.Began),
			trace.WithAttributes(semconv.DBOperationBatchSize(res.Batch)))
		span.SetAttributes(semconv.DBOperationBatchSize(res.Batch))
	}
	stored, err := res.Value, cmp.Or(res.Err, res.Value.err)
	if err != nil {
		telemetry.EndSpan(span, err)
		if refused(err) {
			return contact.Lead{}, false, errors.Join(contact.ErrRefused, err)
		}
		return contact.Lead{}, false, err
	}
	span.SetAttributes(attribute.String("trenchless.lead.id", stored.lead.ID), attribute.Bool("trenchless.lead.created", stored.created))
	span.End()
	return stored.lead, stored.created, nil
}

// insertOutbox queues msg; the outbox trigger wakes the relay at commit
// (the relay's poll is the backstop).
func insertOutbox(ctx context.Context, tx pgx.Tx, m contact.OutboxMessage) error {
	headers := m.Headers
	if headers == nil {
		headers = map[string]string{}
	}
	_, err := tx.Exec(ctx, `INSERT INTO contact.outbox (subject, msg_id, payload, headers) VALUES ($1, $2, $3, $4)`,
		m.Subject, m.MsgID, m.Payload, headers)
	if err != nil {
		return fmt.Errorf("insert outbox: %w", err)
	}
	return nil
}

func filterSQL(f contact.Filter) (string, error) {
	switch f {
	case contact.FilterAll:
		return "NOT is_spam", nil
	case contact.FilterUnread:
		return "NOT is_spam AND NOT is_read", nil
	case contact.FilterOverdue:
		return overdueSQL, nil
	case contact.FilterSpam:
		return "is_spam", nil
	}
	return "", fmt.Errorf("unknown filter %q", f)
}

// overdueSQL is a lead past the promise without a first response ($1 is
// now); the count, the filter and the dashboard use it, so they agree.
const overdueSQL = "NOT is_spam AND first_response_at IS NULL AND respond_by < $1"

// searchExpr is the lead's search text (migration 004: a stored column of
// contact.lead_search_text, with the trigram index).
const searchExpr = "search_text"

// querySQL is q's WHERE clause; its values are appended to args as
// parameters ($1 is now and $2 the limit, before them).
func querySQL(q contact.Query, args *[]any) (string, error) {
	where, search, err := querySQLParts(q, args)
	return where + search, err
}

// querySQLParts is querySQL in two: the conditions on the lead's fields
// (which indexes on created_at and the filters serve), and the search's
// (" AND search_text LIKE …" per word; empty without a search).
func querySQLParts(q contact.Query, args *[]any) (where, search string, err error) {
	where, err = filterSQL(q.Filter)
	if err != nil {
		return "", "", err
	}
	add := func(cond string, v any) {
		*args = append(*args, v)
		where += " AND " + strings.ReplaceAll(cond, "$?", fmt.Sprintf("$%d", len(*args)))
	}
	if q.Status != "" {
		add("status = $?", q.Status)
	}
	if q.City != "" {
		add("city = $?", q.City)
	}
	switch q.Source {
	case "":
	case contact.SourceDirect:
		where += " AND utm_source = ''"
	default:
		add("utm_source = $?", q.Source)
	}
	switch q.Assignee {
	case "":
	case contact.AssigneeNone:
		where += " AND assignee = ''"
	default:
		add("assignee = $?", strings.ToLower(q.Assignee))
	}
	if !q.From.IsZero() {
		add("created_at >= $?", q.From)
	}
	if !q.To.IsZero() {
		add("created_at < $?", q.To)
	}
	words := contact.SearchWords(q.Text)
	if err := contact.CheckSearch(words); err != nil {
		return "", "", err
	}
	for _, w := range words {
		*args = append(*args, pgdb.Contains(w))
		search += fmt.Sprintf(" AND %s LIKE $%d", searchExpr, len(*args))
	}
	return where, search, nil
}

// searchWindow is how many of the newest leads (within the other filters)
// a search reads first, in created_at order, before it asks the trigram
// index. A word in many leads ("sewer", "maria", two common words) fills a
// page from the newest few thousand; the index would instead hand over
// every lead that holds it, to be sorted. A rare word falls through to
// the index, which finds its few leads at once.
const searchWindow = 5000

// listSQL is the list's query of the whole table, newest first: where and
// search ($1 now, $2 the limit) asked of every lead, for a search of words
// words.
func listSQL(where, search string, words int) string {
	if words > 1 {
		// Words that the newest leads do not hold together are rare
		// together, but the planner multiplies each word's share as if they
		// were unrelated ("maria walker": 4,400 expected, none there) and
		// reads the list's order looking for them: every lead, 0.9–3.6 s at
		// 1,000,000. The trigram index finds the leads holding all the
		// words at once (20–40 ms), so they are gathered first, then
		// ordered.
		return `WITH found AS MATERIALIZED (SELECT * FROM contact.submissions
			WHERE ` + where + search + ` AND $1::timestamptz IS NOT NULL)
			SELECT ` + leadColumns + ` FROM found ORDER BY created_at DESC, id DESC LIMIT $2`
	}
	return `SELECT ` + leadColumns + ` FROM contact.submissions
		WHERE ` + where + search + ` AND $1::timestamptz IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT $2`
}

// decodeCursor reads the page token ListLeads hands out
// (pagecursor.EncodeTime of the last row's created_at and id).
func decodeCursor(c string) (time.Time, string, error) {
	t, id, err := pagecursor.DecodeTime(c)
	if err != nil || len(id) != 36 {
		return time.Time{}, "", contact.ErrBadCursor
	}
	return t, id, nil
}

// ListLeads returns a page of leads, newest first, with keyset paging.
func (s *Store) ListLeads(ctx context.Context, q contact.Query, now time.Time, limit int, cursor string) (contact.Page, error) {
	args := []any{now, limit + 1}
	where, search, err := querySQLParts(q, &args)
	if err != nil {
		return contact.Page{}, err
	}
	if cursor != "" {
		t, id, err := decodeCursor(cursor)
		if err != nil {
			return contact.Page{}, err
		}
		args = append(args, t, id)
		where += fmt.Sprintf(" AND (created_at, id) < ($%d, $%d::uuid)", len(args)-1, len(args))
	}
	var leads []contact.Lead
	if search != "" {
		// The newest searchWindow leads first. A full page from them is the
		// answer: every lead newer than its last one is in the window.
		leads, err = s.queryLeads(ctx, "search leads", `SELECT `+leadColumns+` FROM (
			SELECT * FROM contact.submissions WHERE `+where+` AND $1::timestamptz IS NOT NULL
			ORDER BY created_at DESC, id DESC LIMIT `+fmt.Sprint(searchWindow)+`) w
			WHERE true`+search+` ORDER BY created_at DESC, id DESC LIMIT $2`, args...)
		if err != nil {
			return contact.Page{}, err
		}
	}
	if len(leads) <= limit {
		leads, err = s.queryLeads(ctx, "list leads", listSQL(where, search, len(contact.SearchWords(q.Text))), args...)
		if err != nil {
			return contact.Page{}, err
		}
	}
	var p contact.Page
	if len(leads) > limit {
		leads = leads[:limit]
		last := leads[limit-1]
		p.NextCursor = pagecursor.EncodeTime(last.CreatedAt, last.ID)
	}
	p.Leads = leads
	// Overdue is defined as in filterSQL (respond_by before now), so the
	// badge and the overdue filter always agree.
	// Two partial indexes (unread; awaiting a first response) keep both
	// counts to the few leads the office has not dealt with yet.
	if err := s.pool.QueryRow(ctx, `SELECT
		(SELECT count(*) FROM contact.submissions WHERE NOT is_spam AND NOT is_read),
		(SELECT count(*) FROM contact.submissions WHERE `+overdueSQL+`)`, now).Scan(&p.UnreadCount, &p.OverdueCount); err != nil {
		return contact.Page{}, fmt.Errorf("count unread: %w", err)
	}
	return p, nil
}

// GetLead returns one lead by id.
func (s *Store) GetLead(ctx context.Context, id string) (contact.Lead, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+leadColumns+` FROM contact.submissions WHERE id = $1`, id)
	if err != nil {
		return contact.Lead{}, fmt.Errorf("get lead: %w", err)
	}
	l, err := pgx.CollectExactlyOneRow(rows, scanLead)
	if errors.Is(err, pgx.ErrNoRows) {
		return contact.Lead{}, contact.ErrNotFound
	}
	if err != nil {
		return contact.Lead{}, fmt.Errorf("get lead: %w", err)
	}
	return l, nil
}

// ExportLeads streams every matching lead, newest first. pgx hands rows
// over as they are read from the connection, so however many leads there
// are only one is decoded at a time; the connection is held until the
// caller has taken the last row.
func (s *Store) ExportLeads(ctx context.Context, q contact.Query, now time.Time, each func(contact.Lead) error) error {
	args := []any{now}
	where, err := querySQL(q, &args)
	if err != nil {
		return err
	}
	rows, err := s.pool.Query(ctx, `SELECT `+leadColumns+` FROM contact.submissions
		WHERE `+where+` AND $1::timestamptz IS NOT NULL ORDER BY created_at DESC, id DESC`, args...)
	if err != nil {
		return fmt.Errorf("export leads: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return fmt.Errorf("export leads: %w", err)
		}
		if err := each(l); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Sync implements contact.Store: a transaction that takes a transaction id
// and commits. Its commit record follows every earlier one in the WAL, and
// its commit waits (synchronous_commit) until the synchronous standbys have
// it, so everything committed before it is then replicated too.
func (s *Store) Sync(ctx context.Context) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT txid_current()`)
		return err
	})
	if err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return nil
}

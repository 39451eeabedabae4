// Package audit is the audit log: who did what, when, from where, with the
// before and after of what changed. The gateway sees every staff write and
// sensitive read, so it appends them all (Recorder), and owners read them
// on the admin's Audit tab (Handler). The table is append-only
// (migration 005): the application has no update or delete path, and the
// retention purge is the one exception.
package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pagecursor"
)

// Entry is one thing someone did.
type Entry struct {
	ID        int64
	At        time.Time
	ActorID   string // empty when unknown (a failed sign-in)
	Actor     string
	IP        string
	UserAgent string
	Kind      string
	Target    string
	Status    int
	// Changes are {"field": {"before": …, "after": …}}.
	Changes map[string]map[string]any
}

// Filter narrows a listing.
type Filter struct {
	Actor string    // exact e-mail, case-insensitive
	Kind  string    // a kind, or a family ending in "."
	From  time.Time // inclusive; zero: no bound
	To    time.Time // exclusive; zero: no bound
}

// Store keeps the log in Postgres (schema gateway).
type Store struct{ pool *pgxpool.Pool }

// NewStore returns a Store on pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// maxField caps what one entry keeps of user agents and targets.
const maxField = 512

func clip(s string) string {
	if len(s) <= maxField {
		return s
	}
	return strings.ToValidUTF8(s[:maxField], "")
}

// Append adds an entry.
func (s *Store) Append(ctx context.Context, e Entry) error {
	changes, err := json.Marshal(e.Changes)
	if err != nil || e.Changes == nil {
		changes = []byte("{}")
	}
	var actorID any
	if e.ActorID != "" {
		actorID = e.ActorID
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO gateway.audit_log (actor_id, actor, ip, user_agent, kind, target, status, changes)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		actorID, clip(e.Actor), clip(e.IP), clip(e.UserAgent), e.Kind, clip(e.Target), e.Status, changes)
	if err != nil {
		return fmt.Errorf("append audit entry: %w", err)
	}
	return nil
}

// where builds the filter's SQL (newest first, by id) and its arguments.
func where(f Filter, before int64) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, strings.ReplaceAll(cond, "$?", "$"+strconv.Itoa(len(args))))
	}
	if f.Actor != "" {
		add("actor = $?", strings.ToLower(strings.TrimSpace(f.Actor)))
	}
	switch {
	case strings.HasSuffix(f.Kind, "."):
		add("kind LIKE $?", strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(f.Kind)+"%")
	case f.Kind != "":
		add("kind = $?", f.Kind)
	}
	if !f.From.IsZero() {
		add("at >= $?", f.From)
	}
	if !f.To.IsZero() {
		add("at < $?", f.To)
	}
	if before > 0 {
		add("id < $?", before)
	}
	if len(conds) == 0 {
		return "", args
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

const columns = `id, at, coalesce(actor_id::text, ''), actor, ip, user_agent, kind, target, status, changes`

func scan(row pgx.CollectableRow) (Entry, error) {
	var e Entry
	var changes []byte
	if err := row.Scan(&e.ID, &e.At, &e.ActorID, &e.Actor, &e.IP, &e.UserAgent, &e.Kind, &e.Target, &e.Status, &changes); err != nil {
		return Entry{}, err
	}
	_ = json.Unmarshal(changes, &e.Changes)
	return e, nil
}

// ErrBadCursor is a cursor this store did not make.
var ErrBadCursor = errors.New("bad cursor")

// List returns a page of entries, newest first, and the cursor of the next
// (older) page, empty on the last.
func (s *Store) List(ctx context.Context, f Filter, cursor string, limit int) ([]Entry, string, error) {
	var before int64
	if cursor != "" {
		fields, err := pagecursor.Decode(cursor, 1, 0)
		if err == nil {
			before, err = strconv.ParseInt(fields[0], 10, 64)
		}
		if err != nil || before <= 0 {
			return nil, "", ErrBadCursor
		}
	}
	cond, args := where(f, before)
	args = append(args, limit+1)
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM gateway.audit_log`+cond+
		` ORDER BY id DESC LIMIT $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, "", fmt.Errorf("list audit: %w", err)
	}
	entries, err := pgx.CollectRows(rows, scan)
	if err != nil {
		return nil, "", fmt.Errorf("list audit: %w", err)
	}
	next := ""
	if len(entries) > limit {
		entries = entries[:limit]
		next = pagecursor.Encode(strconv.FormatInt(entries[limit-1].ID, 10))
	}
	return entries, next, nil
}

// Each calls fn for every entry the filter matches, newest first, reading
// in pages so that an export of years never holds more than one page.
func (s *Store) Each(ctx context.Context, f Filter, fn func(Entry) error) error {
	const page = 500
	cursor := ""
	for {
		entries, next, err := s.List(ctx, f, cursor, page)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if err := fn(e); err != nil {
				return err
			}
		}
		if next == "" {
			return nil
		}
		cursor = next
	}
}

// Purge deletes entries older than cutoff, in batches, and says how many:
// the one deletion the append-only trigger lets through.
func (s *Store) Purge(ctx context.Context, cutoff time.Time) (int64, error) {
	var total int64
	for {
		var n int64
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL trenchless.audit_purge = 'on'`); err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, `DELETE FROM gateway.audit_log WHERE id IN (
				SELECT id FROM gateway.audit_log WHERE at < $1 ORDER BY id LIMIT 1000)`, cutoff)
			n = tag.RowsAffected()
			return err
		})
		if err != nil {
			return total, fmt.Errorf("purge audit: %w", err)
		}
		total += n
		if n < 1000 {
			return total, nil
		}
	}
}

package contactpg

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/valleytrenchless/site/internal/pagecursor"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

// Webhooks implements webhook.Store on the contact service's database.
type Webhooks struct {
	pool *pgxpool.Pool
}

// NewWebhooks returns the webhook store on pool.
func NewWebhooks(pool *pgxpool.Pool) *Webhooks { return &Webhooks{pool: pool} }

var _ webhook.Store = (*Webhooks)(nil)

const endpointColumns = `e.id::text, e.url, e.description, e.events, e.body_template, e.secret, e.previous_secret,
	e.previous_secret_expires_at, e.secret_rotated_at, e.enabled, e.disabled_reason, e.failing_since,
	e.created_at, e.created_by, e.updated_at`

func scanEndpoint(row pgx.Row) (webhook.Endpoint, error) {
	var e webhook.Endpoint
	var prevExp, rotated, failing *time.Time
	err := row.Scan(&e.ID, &e.URL, &e.Description, &e.Events, &e.BodyTemplate, &e.Secret, &e.PreviousSecret,
		&prevExp, &rotated, &e.Enabled, &e.DisabledReason, &failing, &e.CreatedAt, &e.CreatedBy, &e.UpdatedAt)
	e.PreviousSecretExpiresAt, e.SecretRotatedAt, e.FailingSince = deref(prevExp), deref(rotated), deref(failing)
	if errors.Is(err, pgx.ErrNoRows) {
		return e, webhook.ErrNotFound
	}
	return e, err
}

func deref(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}

// orNull is t, or NULL when zero.
func orNull(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// ListEndpoints returns every endpoint, newest first.
func (w *Webhooks) ListEndpoints(ctx context.Context) ([]webhook.Endpoint, error) {
	rows, err := w.pool.Query(ctx, `SELECT `+endpointColumns+` FROM contact.webhook_endpoints e
		ORDER BY e.created_at DESC, e.id LIMIT $1`, webhook.MaxEndpoints)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (webhook.Endpoint, error) { return scanEndpoint(r) })
}

// CreateEndpoint stores e unless MaxEndpoints exist (checked under a lock,
// so two creations at once cannot pass it together).
func (w *Webhooks) CreateEndpoint(ctx context.Context, e webhook.Endpoint) error {
	return pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE contact.webhook_endpoints IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM contact.webhook_endpoints`).Scan(&n); err != nil {
			return err
		}
		if n >= webhook.MaxEndpoints {
			return webhook.ErrTooMany
		}
		_, err := tx.Exec(ctx, `INSERT INTO contact.webhook_endpoints (id, url, description, events, body_template,
			secret, enabled, created_at, created_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			e.ID, e.URL, e.Description, e.Events, e.BodyTemplate, e.Secret, e.Enabled, e.CreatedAt, e.CreatedBy, e.UpdatedAt)
		return err
	})
}

// GetEndpoint returns one endpoint.
func (w *Webhooks) GetEndpoint(ctx context.Context, id string) (webhook.Endpoint, error) {
	return scanEndpoint(w.pool.QueryRow(ctx, `SELECT `+endpointColumns+` FROM contact.webhook_endpoints e WHERE e.id = $1`, id))
}

// UpdateEndpoint changes an endpoint under a row lock.
func (w *Webhooks) UpdateEndpoint(ctx context.Context, id string, change func(*webhook.Endpoint) error) (webhook.Endpoint, error) {
	var out webhook.Endpoint
	err := pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		e, err := scanEndpoint(tx.QueryRow(ctx, `SELECT `+endpointColumns+` FROM contact.webhook_endpoints e WHERE e.id = $1 FOR UPDATE`, id))
		if err != nil {
			return err
		}
		if err := change(&e); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE contact.webhook_endpoints SET url = $2, description = $3, events = $4,
			body_template = $5, secret = $6, previous_secret = $7, previous_secret_expires_at = $8,
			secret_rotated_at = $9, enabled = $10, disabled_reason = $11, failing_since = $12, updated_at = $13
			WHERE id = $1`, e.ID, e.URL, e.Description, e.Events, e.BodyTemplate, e.Secret, e.PreviousSecret,
			orNull(e.PreviousSecretExpiresAt), orNull(e.SecretRotatedAt), e.Enabled, e.DisabledReason,
			orNull(e.FailingSince), e.UpdatedAt)
		out = e
		return err
	})
	return out, err
}

// DeleteEndpoint removes an endpoint; its deliveries and attempts go with
// it.
func (w *Webhooks) DeleteEndpoint(ctx context.Context, id string) error {
	tag, err := w.pool.Exec(ctx, `DELETE FROM contact.webhook_endpoints WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return webhook.ErrNotFound
	}
	return err
}

// Enqueue makes one delivery of ev per enabled endpoint that wants it. A
// redelivered event finds its deliveries made and adds none. An event of
// a lead whose personal data was erased makes none: the lead's row is
// read under a share lock, so an erase that is being made is waited for
// (and one that comes after finds these deliveries to delete).
func (w *Webhooks) Enqueue(ctx context.Context, ev webhook.Event, id func(string) string, body json.RawMessage) (int, error) {
	n := 0
	err := pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id::text FROM contact.webhook_endpoints WHERE enabled AND $1 = ANY(events)`, ev.Type)
		if err != nil {
			return err
		}
		endpoints, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil || len(endpoints) == 0 {
			return err
		}
		if uuid.Validate(ev.LeadID) == nil {
			var erased bool
			err := tx.QueryRow(ctx, `SELECT erased_at IS NOT NULL FROM contact.submissions WHERE id = $1 FOR SHARE`, ev.LeadID).Scan(&erased)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			if erased {
				return nil
			}
		}
		ids := make([]string, len(endpoints))
		for i, e := range endpoints {
			ids[i] = id(e)
		}
		tag, err := tx.Exec(ctx, `INSERT INTO contact.webhook_deliveries (id, endpoint_id, event_id, event, lead_id, body, event_time)
			SELECT d, e::uuid, $3, $4, $5, $6, $7 FROM unnest($1::text[], $2::text[]) AS u(d, e)
			ON CONFLICT DO NOTHING`, ids, endpoints, ev.ID, ev.Type, ev.LeadID, body, ev.Time)
		n = int(tag.RowsAffected())
		return err
	})
	return n, err
}

// AddDelivery stores one delivery (a test).
func (w *Webhooks) AddDelivery(ctx context.Context, d webhook.Delivery) error {
	_, err := w.pool.Exec(ctx, `INSERT INTO contact.webhook_deliveries (id, endpoint_id, event_id, event, lead_id, body,
		event_time, test, status, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		d.ID, d.EndpointID, d.EventID, d.Event, d.LeadID, d.Body, d.EventTime, d.Test, d.Status, d.NextAttemptAt, d.CreatedAt)
	return err
}

const deliveryColumns = `d.id, d.endpoint_id::text, d.event_id, d.event, d.lead_id, d.body, d.event_time, d.test,
	d.status, d.attempts, d.round_attempts, d.next_attempt_at, d.created_at`

func scanDelivery(row pgx.Row, more ...any) (webhook.Delivery, error) {
	var d webhook.Delivery
	err := row.Scan(append([]any{&d.ID, &d.EndpointID, &d.EventID, &d.Event, &d.LeadID, &d.Body, &d.EventTime, &d.Test,
		&d.Status, &d.Attempts, &d.RoundAttempts, &d.NextAttemptAt, &d.CreatedAt}, more...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, webhook.ErrNotFound
	}
	return d, err
}

// Claim takes up to limit due deliveries of enabled endpoints, oldest due
// first, and moves their next attempt past the lease, so no other worker
// takes them while this one sends; a worker that dies leaves them due
// again when the lease ends.
func (w *Webhooks) Claim(ctx context.Context, limit int, lease time.Duration) ([]webhook.Claimed, error) {
	rows, err := w.pool.Query(ctx, `WITH due AS (
			SELECT d.id FROM contact.webhook_deliveries d JOIN contact.webhook_endpoints e ON e.id = d.endpoint_id
			WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND e.enabled
			ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED)
		UPDATE contact.webhook_deliveries d SET next_attempt_at = now() + $2 * interval '1 millisecond'
		FROM due, contact.webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
		RETURNING `+deliveryColumns+`, `+endpointColumns, limit, lease.Milliseconds())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []webhook.Claimed
	for rows.Next() {
		var c webhook.Claimed
		var prevExp, rotated, failing *time.Time
		e := &c.Endpoint
		d, err := scanDelivery(rows, &e.ID, &e.URL, &e.Description, &e.Events, &e.BodyTemplate, &e.Secret, &e.PreviousSecret,
			&prevExp, &rotated, &e.Enabled, &e.DisabledReason, &failing, &e.CreatedAt, &e.CreatedBy, &e.UpdatedAt)
		if err != nil {
			return nil, err
		}
		e.PreviousSecretExpiresAt, e.SecretRotatedAt, e.FailingSince = deref(prevExp), deref(rotated), deref(failing)
		c.Delivery = d
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, nil
	}
	// An attempt still in progress on a delivery due again was begun by a
	// worker whose lease ran out: it died before it recorded the answer.
	ids := make([]string, len(out))
	for i, c := range out {
		ids[i] = c.Delivery.ID
	}
	if _, err := w.pool.Exec(ctx, `UPDATE contact.webhook_attempts SET finished = true, error = $2
		WHERE delivery_id = ANY($1) AND NOT finished`, ids, webhook.MsgInterrupted); err != nil {
		return nil, err
	}
	return out, nil
}

// Begin writes down an attempt of d, in progress, numbered after the
// delivery's last.
func (w *Webhooks) Begin(ctx context.Context, d webhook.Delivery, at time.Time) (int, error) {
	var n int
	err := w.pool.QueryRow(ctx, `WITH d AS (
			UPDATE contact.webhook_deliveries SET attempts = attempts + 1 WHERE id = $1 RETURNING id, attempts)
		INSERT INTO contact.webhook_attempts (delivery_id, number, at, finished) SELECT id, attempts, $2, false FROM d
		RETURNING number`, d.ID, at).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, webhook.ErrNotFound
	}
	return n, err
}

// Record stores the answer of a begun attempt and its outcome in one
// transaction.
func (w *Webhooks) Record(ctx context.Context, d webhook.Delivery, a webhook.Attempt, o webhook.Outcome) (webhook.Delivery, error) {
	var out webhook.Delivery
	err := pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		next := o.NextAttemptAt
		if next.IsZero() {
			next = a.At
		}
		var err error
		out, err = scanDelivery(tx.QueryRow(ctx, `UPDATE contact.webhook_deliveries d SET
			status = $2, round_attempts = $3, next_attempt_at = $4 WHERE id = $1 RETURNING `+deliveryColumns,
			d.ID, o.Status, o.RoundAttempts, next))
		if err != nil {
			return err
		}
		// The attempt's row is Begin's; a Claim that found it interrupted
		// meanwhile is overruled by the answer.
		tag, err := tx.Exec(ctx, `UPDATE contact.webhook_attempts SET status_code = $3, latency_ms = $4, response = $5,
			error = $6, finished = true WHERE delivery_id = $1 AND number = $2`, d.ID, a.Number, a.StatusCode,
			a.Latency.Milliseconds(), a.Response, a.Error)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return fmt.Errorf("record attempt %d of %s: it was not begun", a.Number, d.ID)
		}
		out.LastAttempt = &a
		if d.Test {
			return nil
		}
		switch {
		case o.Disable != "":
			tag, err := tx.Exec(ctx, `UPDATE contact.webhook_endpoints SET enabled = false, disabled_reason = $2,
				failing_since = coalesce(failing_since, $3), updated_at = now() WHERE id = $1 AND enabled`, d.EndpointID, o.Disable, o.FailingSince)
			if err == nil && tag.RowsAffected() == 1 && o.Notice != nil {
				// This attempt turned it off: the office hears of it once.
				err = insertOutbox(ctx, tx, *o.Notice)
			}
			return err
		case o.EndpointOK:
			_, err = tx.Exec(ctx, `UPDATE contact.webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, d.EndpointID)
		default:
			_, err = tx.Exec(ctx, `UPDATE contact.webhook_endpoints SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL`, d.EndpointID, o.FailingSince)
		}
		return err
	})
	return out, err
}

const lastAttemptColumns = `a.number, a.at, a.status_code, a.latency_ms, a.response, a.error, NOT a.finished`

// ListDeliveries returns a page of an endpoint's deliveries, newest first,
// each with its last attempt.
func (w *Webhooks) ListDeliveries(ctx context.Context, endpointID, pageToken string, limit int) ([]webhook.Delivery, string, error) {
	args := []any{endpointID, limit + 1}
	where := ""
	if pageToken != "" {
		t, id, err := pagecursor.DecodeTime(pageToken)
		if err != nil || !strings.HasPrefix(id, "msg_") {
			return nil, "", &webhook.InvalidError{Msg: "The page token is not one this list gave out."}
		}
		args = append(args, t, id)
		where = ` AND (d.created_at, d.id) < ($3, $4)`
	}
	rows, err := w.pool.Query(ctx, `SELECT `+deliveryColumns+`, `+lastAttemptColumns+`
		FROM contact.webhook_deliveries d LEFT JOIN LATERAL (
			SELECT * FROM contact.webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.number DESC LIMIT 1) a ON true
		WHERE d.endpoint_id = $1`+where+` ORDER BY d.created_at DESC, d.id DESC LIMIT $2`, args...)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	var out []webhook.Delivery
	for rows.Next() {
		var num, code *int
		var at *time.Time
		var latency *int64
		var resp, errText *string
		var inProgress *bool
		d, err := scanDelivery(rows, &num, &at, &code, &latency, &resp, &errText, &inProgress)
		if err != nil {
			return nil, "", err
		}
		if num != nil {
			d.LastAttempt = &webhook.Attempt{Number: *num, At: *at, StatusCode: *code,
				Latency: time.Duration(*latency) * time.Millisecond, Response: *resp, Error: *errText, InProgress: *inProgress}
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	next := ""
	if len(out) > limit {
		out = out[:limit]
		last := out[limit-1]
		next = pagecursor.EncodeTime(last.CreatedAt, last.ID)
	}
	return out, next, nil
}

// GetDelivery returns one delivery with every attempt, oldest first.
func (w *Webhooks) GetDelivery(ctx context.Context, endpointID, id string) (webhook.Delivery, []webhook.Attempt, error) {
	d, err := scanDelivery(w.pool.QueryRow(ctx, `SELECT `+deliveryColumns+` FROM contact.webhook_deliveries d
		WHERE d.endpoint_id = $1 AND d.id = $2`, endpointID, id))
	if err != nil {
		return d, nil, err
	}
	rows, err := w.pool.Query(ctx, `SELECT `+lastAttemptColumns+` FROM contact.webhook_attempts a
		WHERE a.delivery_id = $1 ORDER BY a.number`, id)
	if err != nil {
		return d, nil, err
	}
	attempts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (webhook.Attempt, error) {
		var a webhook.Attempt
		var ms int64
		err := r.Scan(&a.Number, &a.At, &a.StatusCode, &ms, &a.Response, &a.Error, &a.InProgress)
		a.Latency = time.Duration(ms) * time.Millisecond
		return a, err
	})
	if len(attempts) > 0 {
		d.LastAttempt = &attempts[len(attempts)-1]
	}
	return d, attempts, err
}

// Requeue makes an endpoint's deliveries since since pending again, due
// now, their schedule started over (tests stay as they were).
func (w *Webhooks) Requeue(ctx context.Context, endpointID string, since time.Time, includeDelivered bool) (int, error) {
	statuses := []string{webhook.StatusPending, webhook.StatusFailed}
	if includeDelivered {
		statuses = append(statuses, webhook.StatusDelivered)
	}
	tag, err := w.pool.Exec(ctx, `UPDATE contact.webhook_deliveries SET status = 'pending', round_attempts = 0,
		next_attempt_at = now() WHERE endpoint_id = $1 AND created_at >= $2 AND status = ANY($3) AND NOT test`,
		endpointID, since, statuses)
	if err != nil {
		return 0, fmt.Errorf("requeue: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Prune deletes up to limit finished deliveries made before before (their
// attempts go with them).
func (w *Webhooks) Prune(ctx context.Context, before time.Time, limit int) (int, error) {
	tag, err := w.pool.Exec(ctx, `DELETE FROM contact.webhook_deliveries WHERE id IN (
		SELECT id FROM contact.webhook_deliveries WHERE status <> 'pending' AND created_at < $1
		ORDER BY created_at LIMIT $2)`, before, limit)
	if err != nil {
		return 0, fmt.Errorf("prune: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

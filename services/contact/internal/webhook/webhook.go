// Package webhook sends lead events to the office's other systems (a CRM,
// a field-service tool, a Zapier zap) over HTTP, by the Standard Webhooks
// 1.0 spec: each delivery signed with the endpoint's secret
// (webhook-id, webhook-timestamp, webhook-signature), retried on Svix's
// schedule, every attempt logged with what the receiver answered.
//
// Deliveries are rows in Postgres: the stream consumer (contactnats)
// makes one per event and endpoint, and every replica's Worker claims the
// due ones, so a restart of any process mid-schedule loses nothing. The
// target is dialled through a Guard: no loopback, private, link-local or
// metadata address unless the operator allowed the host, checked on the
// address actually dialled, no redirects followed, answers capped.
package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// The events an endpoint can receive: the LEADS subjects.
const (
	EventSubmitted = "leads.submitted"
	EventUpdated   = "leads.updated"
)

// Events lists them in the order the admin shows them.
var Events = []string{EventSubmitted, EventUpdated}

// Limits and times.
const (
	// MaxEndpoints caps how many endpoints can exist.
	MaxEndpoints = 50
	// Timeout bounds one attempt, from dialling to the answer's end.
	Timeout = 10 * time.Second
	// ResponseLogLimit is how much of an answer the log keeps.
	ResponseLogLimit = 1024
	// RotationOverlap is how long a rotated-out secret still signs.
	RotationOverlap = 24 * time.Hour
	// DisableAfter is how long an endpoint may fail without a success
	// before it is disabled.
	DisableAfter = 5 * 24 * time.Hour
	// LogRetention is how long finished deliveries stay in the log.
	LogRetention = 30 * 24 * time.Hour
	// DefaultLease is how long a claimed delivery is hidden from other
	// workers: longer than an attempt can take (Timeout), so it is
	// retried only when its worker died.
	DefaultLease = time.Minute
)

// DefaultSchedule is Svix's retry schedule: the wait before each attempt
// (immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), eight
// attempts over about 27 hours.
var DefaultSchedule = []time.Duration{0, 5 * time.Second, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}

// Delivery statuses.
const (
	StatusPending   = "pending"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
)

// Why an endpoint was disabled.
const (
	DisabledGone    = "gone"    // the receiver answered 410 Gone
	DisabledFailing = "failing" // DisableAfter of failures
	DisabledStaff   = "staff"
)

// Endpoint is where events go.
type Endpoint struct {
	ID           string
	URL          string
	Description  string
	Events       []string
	BodyTemplate string
	// Secret signs every delivery; PreviousSecret too until
	// PreviousSecretExpiresAt.
	Secret                  string
	PreviousSecret          string
	PreviousSecretExpiresAt time.Time
	SecretRotatedAt         time.Time
	Enabled                 bool
	DisabledReason          string
	// FailingSince is the first failure of the current streak (zero while
	// the last attempt succeeded).
	FailingSince time.Time
	CreatedAt    time.Time
	CreatedBy    string
	UpdatedAt    time.Time
}

// Secrets are the secrets that sign a delivery made at now.
func (e Endpoint) Secrets(now time.Time) []string {
	if e.PreviousSecret != "" && now.Before(e.PreviousSecretExpiresAt) {
		return []string{e.Secret, e.PreviousSecret}
	}
	return []string{e.Secret}
}

// Event is one event from the stream, as every endpoint receives it.
type Event struct {
	// ID is the event's id on the stream (its Nats-Msg-Id, also ce-id).
	ID     string
	Type   string
	LeadID string
	Time   time.Time
	// Data is the message's body: the protobuf-JSON of the event.
	Data json.RawMessage
}

// Body is the standard body of a delivery (Standard Webhooks' payload
// structure): the event's type, its time and its data.
func (ev Event) Body() (json.RawMessage, error) {
	return json.Marshal(struct {
		Type      string          `json:"type"`
		Timestamp string          `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}{ev.Type, ev.Time.UTC().Format(time.RFC3339Nano), ev.Data})
}

// Delivery is one event for one endpoint.
type Delivery struct {
	// ID is the webhook-id header, the same on every attempt.
	ID         string
	EndpointID string
	EventID    string
	Event      string
	LeadID     string
	// Body is the standard body; a template is applied when sending.
	Body      json.RawMessage
	EventTime time.Time
	Test      bool
	Status    string
	Attempts  int
	// RoundAttempts counts attempts since the delivery was last queued.
	RoundAttempts int
	NextAttemptAt time.Time
	CreatedAt     time.Time
	LastAttempt   *Attempt
}

// Attempt is one try of a delivery.
type Attempt struct {
	Number     int
	At         time.Time
	StatusCode int
	Latency    time.Duration
	// Response is the first ResponseLogLimit bytes of the answer.
	Response string
	Error    string
	// InProgress is an attempt begun (Store.Begin) whose answer is not
	// recorded yet: its worker is sending it, or died before it recorded
	// one (the next Claim of the delivery then finishes it as
	// interrupted, MsgInterrupted).
	InProgress bool
}

// MsgInterrupted is the error of an attempt whose worker stopped between
// sending it and recording the answer.
const MsgInterrupted = "Interrupted: the service stopped before it recorded an answer. The receiver may have received this attempt; the next one carries the same webhook-id."

// OK reports whether the receiver took the delivery (any 2xx).
func (a Attempt) OK() bool { return a.StatusCode >= 200 && a.StatusCode < 300 && a.Error == "" }

// Outcome is what an attempt changes: the delivery's status and next
// attempt, and the endpoint's failure streak or its disabling.
type Outcome struct {
	Status        string
	NextAttemptAt time.Time
	RoundAttempts int
	// EndpointOK ends the endpoint's failure streak; otherwise
	// FailingSince starts (or keeps) it.
	EndpointOK   bool
	FailingSince time.Time
	// Disable, when set, disables the endpoint with this reason.
	Disable string
	// Notice, with Disable, is the event that tells the office (stored
	// with the change, in the outbox, only if this attempt is the one that
	// turned the endpoint off).
	Notice *contact.OutboxMessage
}

// Claimed is a due delivery a worker holds, with its endpoint.
type Claimed struct {
	Delivery Delivery
	Endpoint Endpoint
}

// Store keeps endpoints, deliveries and attempts.
type Store interface {
	ListEndpoints(ctx context.Context) ([]Endpoint, error)
	// CreateEndpoint stores e, refusing ErrTooMany past MaxEndpoints.
	CreateEndpoint(ctx context.Context, e Endpoint) error
	GetEndpoint(ctx context.Context, id string) (Endpoint, error)
	// UpdateEndpoint changes the endpoint under a row lock: change sees
	// it as stored and edits it; an error from change aborts.
	UpdateEndpoint(ctx context.Context, id string, change func(*Endpoint) error) (Endpoint, error)
	DeleteEndpoint(ctx context.Context, id string) error
	// Enqueue makes one delivery of ev for each enabled endpoint that
	// wants it (none twice for the same event) and returns how many.
	Enqueue(ctx context.Context, ev Event, id func(endpointID string) string, body json.RawMessage) (int, error)
	// AddDelivery stores one delivery (a test).
	AddDelivery(ctx context.Context, d Delivery) error
	// Claim takes up to limit due deliveries of enabled endpoints and
	// hides them from other workers for the lease. It finishes, as
	// interrupted (MsgInterrupted), their attempts still in progress: the
	// lease of the worker that began them ran out.
	Claim(ctx context.Context, limit int, lease time.Duration) ([]Claimed, error)
	// Begin writes down an attempt of d before it is sent, numbered after
	// the delivery's last, at at, in progress, and returns its number: a
	// worker that dies while sending leaves it in the log.
	Begin(ctx context.Context, d Delivery, at time.Time) (int, error)
	// Record stores the answer of attempt a (begun) and its outcome.
	Record(ctx context.Context, d Delivery, a Attempt, o Outcome) (Delivery, error)
	// ListDeliveries returns a page of an endpoint's deliveries, newest
	// first, each with its last attempt.
	ListDeliveries(ctx context.Context, endpointID, pageToken string, limit int) ([]Delivery, string, error)
	GetDelivery(ctx context.Context, endpointID, id string) (Delivery, []Attempt, error)
	// Requeue makes an endpoint's deliveries since since pending again,
	// due now, their schedule started over, and returns how many.
	Requeue(ctx context.Context, endpointID string, since time.Time, includeDelivered bool) (int, error)
	// Prune deletes up to limit finished deliveries (delivered or failed)
	// made before before, with their attempts, and returns how many.
	Prune(ctx context.Context, before time.Time, limit int) (int, error)
}

// Errors a caller can act on.
var (
	ErrNotFound = errors.New("webhook: not found")
	ErrTooMany  = errors.New("webhook: too many endpoints")
)

// InvalidError is input a person can correct; its message says how.
type InvalidError struct{ Msg string }

func (e *InvalidError) Error() string { return e.Msg }

func invalid(msg string) error { return &InvalidError{Msg: msg} }

package webhook

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// Service is the webhooks' rules: what staff may set, how a delivery is
// sent and signed, and what each answer changes.
type Service struct {
	Store Store
	Guard Guard
	Log   *slog.Logger
	// Schedule is the wait before each attempt (DefaultSchedule when
	// empty); tests compress it.
	Schedule []time.Duration
	// DisableAfter is how long an endpoint may fail before it is disabled
	// (DisableAfter when zero).
	DisableAfter time.Duration
	// Retention is how long finished deliveries stay in the log
	// (LogRetention when zero).
	Retention time.Duration
	// LeadField reports whether a lead has a field of that JSON name, for
	// checking templates (nil: any name).
	LeadField func(string) bool
	// Sample is the data of a test delivery (a sample lead event).
	Sample json.RawMessage
	// Notice encodes the event that tells the office an endpoint was
	// turned off (nil: none is sent).
	Notice func(e Endpoint, reason string, failingSince, at time.Time) (contact.OutboxMessage, error)
	// Lease is how long a claimed delivery is hidden from other workers
	// (DefaultLease when zero); longer than Timeout.
	Lease time.Duration

	clientOnce sync.Once
	client     *http.Client
	now        func() time.Time
}

func (s *Service) lease() time.Duration {
	if s.Lease > 0 {
		return s.Lease
	}
	return DefaultLease
}

func (s *Service) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}

func (s *Service) schedule() []time.Duration {
	if len(s.Schedule) == 0 {
		return DefaultSchedule
	}
	return s.Schedule
}

func (s *Service) disableAfter() time.Duration {
	if s.DisableAfter <= 0 {
		return DisableAfter
	}
	return s.DisableAfter
}

func (s *Service) httpClient() *http.Client {
	s.clientOnce.Do(func() { s.client = s.Guard.Client() })
	return s.client
}

// Input is what staff set on an endpoint; nil fields are left as they are.
type Input struct {
	URL          *string
	Description  *string
	Events       *[]string
	BodyTemplate *string
	Enabled      *bool
}

// apply checks in and writes it into e.
func (s *Service) apply(e *Endpoint, in Input) error {
	if in.URL != nil {
		u, err := s.Guard.CheckURL(*in.URL)
		if err != nil {
			return err
		}
		e.URL = u.String()
	}
	if in.Description != nil {
		e.Description = strings.TrimSpace(*in.Description)
	}
	if in.Events != nil {
		var evs []string
		for _, ev := range *in.Events {
			if !slices.Contains(Events, ev) {
				return invalid(fmt.Sprintf("Unknown event %q: choose %s.", ev, strings.Join(Events, " or ")))
			}
			if !slices.Contains(evs, ev) {
				evs = append(evs, ev)
			}
		}
		if len(evs) == 0 {
			return invalid("Choose at least one event to send.")
		}
		e.Events = evs
	}
	if in.BodyTemplate != nil {
		if err := CheckTemplate(*in.BodyTemplate, s.LeadField); err != nil {
			return err
		}
		e.BodyTemplate = strings.TrimSpace(*in.BodyTemplate)
	}
	if in.Enabled != nil && *in.Enabled != e.Enabled {
		e.Enabled = *in.Enabled
		if e.Enabled {
			e.DisabledReason, e.FailingSince = "", time.Time{}
		} else {
			e.DisabledReason = DisabledStaff
		}
	}
	return nil
}

// ListEndpoints returns every endpoint, newest first.
func (s *Service) ListEndpoints(ctx context.Context) ([]Endpoint, error) {
	return s.Store.ListEndpoints(ctx)
}

// CreateEndpoint adds an endpoint (leads.submitted when no event is
// chosen) and returns it with its secret.
func (s *Service) CreateEndpoint(ctx context.Context, in Input, by string) (Endpoint, error) {
	if in.URL == nil {
		return Endpoint{}, invalid("Enter the URL to send leads to.")
	}
	if in.Events == nil || len(*in.Events) == 0 {
		in.Events = &[]string{EventSubmitted}
	}
	now := s.clock().UTC()
	e := Endpoint{ID: uuid.NewString(), Enabled: true, Secret: NewSecret(), CreatedAt: now, UpdatedAt: now, CreatedBy: by}
	in.Enabled = nil
	if err := s.apply(&e, in); err != nil {
		return Endpoint{}, err
	}
	if err := s.Store.CreateEndpoint(ctx, e); err != nil {
		return Endpoint{}, err
	}
	return e, nil
}

// UpdateEndpoint changes what in gives.
func (s *Service) UpdateEndpoint(ctx context.Context, id string, in Input) (Endpoint, error) {
	return s.Store.UpdateEndpoint(ctx, id, func(e *Endpoint) error {
		if err := s.apply(e, in); err != nil {
			return err
		}
		e.UpdatedAt = s.clock().UTC()
		return nil
	})
}

// DeleteEndpoint removes an endpoint and its log.
func (s *Service) DeleteEndpoint(ctx context.Context, id string) error {
	return s.Store.DeleteEndpoint(ctx, id)
}

// RotateSecret makes a new secret; the old one signs too for
// RotationOverlap.
func (s *Service) RotateSecret(ctx context.Context, id string) (Endpoint, error) {
	return s.Store.UpdateEndpoint(ctx, id, func(e *Endpoint) error {
		now := s.clock().UTC()
		e.PreviousSecret, e.PreviousSecretExpiresAt = e.Secret, now.Add(RotationOverlap)
		e.Secret, e.SecretRotatedAt, e.UpdatedAt = NewSecret(), now, now
		return nil
	})
}

// deliveryID is the webhook-id of an event's delivery to an endpoint: the
// same however often the event is enqueued.
func deliveryID(endpointID, eventID string) string {
	sum := sha256.Sum256([]byte(endpointID + "\x00" + eventID))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:20]))
}

// Enqueue makes ev's deliveries (the stream consumer's call).
func (s *Service) Enqueue(ctx context.Context, ev Event) (int, error) {
	body, err := ev.Body()
	if err != nil {
		return 0, err
	}
	return s.Store.Enqueue(ctx, ev, func(endpointID string) string { return deliveryID(endpointID, ev.ID) }, body)
}

// SendTest sends a sample lead to the endpoint now (one attempt, no
// retries, the endpoint's failure streak untouched) and returns the
// delivery.
func (s *Service) SendTest(ctx context.Context, id string) (Delivery, error) {
	e, err := s.Store.GetEndpoint(ctx, id)
	if err != nil {
		return Delivery{}, err
	}
	now := s.clock().UTC()
	ev := Event{ID: "test_" + uuid.NewString(), Type: EventSubmitted, Time: now, Data: s.Sample}
	body, err := ev.Body()
	if err != nil {
		return Delivery{}, err
	}
	d := Delivery{ID: deliveryID(e.ID, ev.ID), EndpointID: e.ID, EventID: ev.ID, Event: ev.Type, Body: body,
		EventTime: now, Test: true, Status: StatusPending, NextAttemptAt: now.Add(s.lease()), CreatedAt: now}
	if err := s.Store.AddDelivery(ctx, d); err != nil {
		return Delivery{}, err
	}
	return s.attempt(ctx, Claimed{Delivery: d, Endpoint: e}, manual)
}

// Resend sends one delivery again now, with its webhook-id. Success
// marks it delivered; a failure leaves a pending delivery's schedule as it
// was.
func (s *Service) Resend(ctx context.Context, endpointID, id string) (Delivery, error) {
	e, err := s.Store.GetEndpoint(ctx, endpointID)
	if err != nil {
		return Delivery{}, err
	}
	d, _, err := s.Store.GetDelivery(ctx, endpointID, id)
	if err != nil {
		return Delivery{}, err
	}
	return s.attempt(ctx, Claimed{Delivery: d, Endpoint: e}, manual)
}

// ResendSince queues the endpoint's deliveries since a time to be sent
// again, their schedules started over.
func (s *Service) ResendSince(ctx context.Context, endpointID string, since time.Time, includeDelivered bool) (int, error) {
	if _, err := s.Store.GetEndpoint(ctx, endpointID); err != nil {
		return 0, err
	}
	return s.Store.Requeue(ctx, endpointID, since, includeDelivered)
}

// ListDeliveries returns a page of an endpoint's log.
func (s *Service) ListDeliveries(ctx context.Context, endpointID, pageToken string, limit int) ([]Delivery, string, error) {
	if _, err := s.Store.GetEndpoint(ctx, endpointID); err != nil {
		return nil, "", err
	}
	if limit <= 0 {
		limit = 50
	}
	return s.Store.ListDeliveries(ctx, endpointID, pageToken, min(limit, 200))
}

// GetDelivery returns one delivery and its attempts.
func (s *Service) GetDelivery(ctx context.Context, endpointID, id string) (Delivery, []Attempt, error) {
	return s.Store.GetDelivery(ctx, endpointID, id)
}

// how says whether an attempt is the schedule's or asked for by staff.
type how int

const (
	scheduled how = iota
	manual
)

// attempt sends c's delivery once and records the attempt and its
// outcome.
func (s *Service) attempt(ctx context.Context, c Claimed, h how) (Delivery, error) {
	// Written down before it leaves: no attempt the receiver may get is
	// missing from the log, even if this process dies before the answer.
	start := s.clock()
	n, err := s.Store.Begin(ctx, c.Delivery, start.UTC())
	if err != nil {
		return Delivery{}, err
	}
	a := s.send(ctx, c, Attempt{Number: n, At: start.UTC()}, start)
	o := s.decide(c, a, h)
	if o.Disable != "" && s.Notice != nil {
		msg, err := s.Notice(c.Endpoint, o.Disable, o.FailingSince, s.clock().UTC())
		if err != nil {
			return Delivery{}, err
		}
		o.Notice = &msg
	}
	d, err := s.Store.Record(ctx, c.Delivery, a, o)
	if err != nil {
		return Delivery{}, err
	}
	level := slog.LevelInfo
	if !a.OK() {
		level = slog.LevelWarn
	}
	s.Log.Log(ctx, level, "webhook attempt", "endpoint", c.Endpoint.ID, "delivery", d.ID, "event", d.Event,
		"attempt", a.Number, "status_code", a.StatusCode, "latency_ms", a.Latency.Milliseconds(), "error", a.Error,
		"outcome", o.Status, "disable", o.Disable)
	return d, nil
}

// send makes attempt a, begun at start: the body rendered, signed and
// POSTed through the guard.
func (s *Service) send(ctx context.Context, c Claimed, a Attempt, start time.Time) Attempt {
	d, e := c.Delivery, c.Endpoint
	fail := func(msg string) Attempt {
		a.Error, a.Latency = msg, s.clock().Sub(start)
		return a
	}
	u, err := s.Guard.CheckURL(e.URL)
	if err != nil {
		return fail("refused: " + err.Error())
	}
	body, err := Render(e.BodyTemplate, d.ID, d.Body)
	if err != nil {
		return fail("the body template could not be applied: " + err.Error())
	}
	hdr, err := Sign(d.ID, start, body, e.Secrets(start)...)
	if err != nil {
		return fail(err.Error())
	}
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), strings.NewReader(string(body)))
	if err != nil {
		return fail(err.Error())
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "ValleyTrenchless-Webhooks/1.0")
	req.Header.Set("webhook-id", hdr.ID)
	req.Header.Set("webhook-timestamp", hdr.Timestamp)
	req.Header.Set("webhook-signature", hdr.Signature)
	resp, err := s.httpClient().Do(req)
	if err != nil {
		var blocked *BlockedError
		if errors.As(err, &blocked) {
			return fail(blocked.Error())
		}
		if errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout") {
			return fail(fmt.Sprintf("no answer within %s", Timeout))
		}
		return fail(err.Error())
	}
	defer resp.Body.Close()
	head := make([]byte, ResponseLogLimit)
	n, _ := io.ReadFull(resp.Body, head)
	_, _ = io.CopyN(io.Discard, resp.Body, 64<<10) // lets the connection be reused; the rest is not read
	a.StatusCode, a.Response, a.Latency = resp.StatusCode, strings.ToValidUTF8(string(head[:n]), "\uFFFD"), s.clock().Sub(start)
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		a.Error = msgRedirect
	}
	return a
}

// decide is what an attempt changes.
func (s *Service) decide(c Claimed, a Attempt, h how) Outcome {
	d, e := c.Delivery, c.Endpoint
	if d.Test {
		o := Outcome{Status: StatusFailed, RoundAttempts: d.RoundAttempts + 1}
		if a.OK() {
			o.Status = StatusDelivered
		}
		return o
	}
	if a.OK() {
		return Outcome{Status: StatusDelivered, RoundAttempts: d.RoundAttempts + 1, EndpointOK: true}
	}
	o := Outcome{FailingSince: e.FailingSince}
	if o.FailingSince.IsZero() {
		o.FailingSince = a.At
	}
	switch {
	case h == manual:
		// Staff's extra try leaves the schedule as it was.
		o.Status, o.NextAttemptAt, o.RoundAttempts = d.Status, d.NextAttemptAt, d.RoundAttempts
		if o.Status != StatusPending {
			o.Status = StatusFailed
		}
	case d.RoundAttempts+1 < len(s.schedule()):
		o.Status, o.RoundAttempts = StatusPending, d.RoundAttempts+1
		o.NextAttemptAt = s.clock().UTC().Add(s.schedule()[o.RoundAttempts])
	default:
		o.Status, o.RoundAttempts = StatusFailed, d.RoundAttempts+1
	}
	switch {
	case a.StatusCode == http.StatusGone:
		o.Disable = DisabledGone
		o.Status = StatusFailed
	case s.clock().Sub(o.FailingSince) >= s.disableAfter():
		o.Disable = DisabledFailing
	}
	return o
}

// Worker sends due deliveries until ctx ends: every replica runs one, and
// each delivery is claimed by one at a time.
type Worker struct {
	Service *Service
	// Poll is how often it looks for due deliveries when idle (1 s when
	// zero).
	Poll time.Duration
	// Parallel is how many deliveries it sends at once (8 when zero).
	Parallel int
}

// Run sends due deliveries until ctx ends.
func (w *Worker) Run(ctx context.Context) error {
	poll, parallel := w.Poll, w.Parallel
	if poll <= 0 {
		poll = time.Second
	}
	if parallel <= 0 {
		parallel = 8
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	prune := time.NewTicker(time.Hour)
	defer prune.Stop()
	w.prune(ctx)
	// While Postgres is away the worker backs off (up to 30 s between
	// tries) and says so once, not every poll.
	var backoff time.Duration
	for {
		n, err := w.round(ctx, parallel)
		switch {
		case err != nil && ctx.Err() == nil:
			if backoff == 0 {
				w.Service.Log.WarnContext(ctx, "webhooks: could not claim deliveries; backing off", "err", err)
			}
			backoff = min(max(2*backoff, poll), 30*time.Second)
		case err == nil && backoff > 0:
			w.Service.Log.InfoContext(ctx, "webhooks: claiming deliveries again")
			backoff = 0
		}
		if n > 0 && err == nil {
			continue // more may be due
		}
		wait := t.C
		if backoff > 0 {
			wait = time.After(backoff)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-prune.C:
			w.prune(ctx)
		case <-wait:
		}
	}
}

// prune deletes the log's finished deliveries past the retention, a
// thousand at a time so no transaction holds many rows.
func (w *Worker) prune(ctx context.Context) {
	keep := w.Service.Retention
	if keep <= 0 {
		keep = LogRetention
	}
	before := w.Service.clock().Add(-keep)
	total := 0
	for ctx.Err() == nil {
		n, err := w.Service.Store.Prune(ctx, before, 1000)
		if err != nil {
			if ctx.Err() == nil {
				w.Service.Log.WarnContext(ctx, "webhooks: could not prune the log", "err", err)
			}
			return
		}
		total += n
		if n < 1000 {
			break
		}
	}
	if total > 0 {
		w.Service.Log.InfoContext(ctx, "webhooks: log pruned", "deliveries", total, "before", before)
	}
}

// round claims and sends one batch, and returns how many it claimed.
func (w *Worker) round(ctx context.Context, parallel int) (int, error) {
	claimed, err := w.Service.Store.Claim(ctx, parallel, w.Service.lease())
	if err != nil || len(claimed) == 0 {
		return 0, err
	}
	var wg sync.WaitGroup
	for _, c := range claimed {
		wg.Go(func() {
			if _, err := w.Service.attempt(ctx, c, scheduled); err != nil && ctx.Err() == nil {
				// The lease runs out and another round tries again.
				w.Service.Log.ErrorContext(ctx, "webhooks: could not record an attempt", "delivery", c.Delivery.ID, "err", err)
			}
		})
	}
	wg.Wait()
	return len(claimed), nil
}

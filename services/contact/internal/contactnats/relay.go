package contactnats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/valleytrenchless/site/internal/cloudevents"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/telemetry"
)

// Relay publishes outbox rows to JetStream. Several relays (replicas) may
// run at once: each batch locks its rows with FOR UPDATE SKIP LOCKED, and a
// row is marked published only after JetStream acknowledged it, so each row
// is published by one relay (TestRelaysRacingPublishEachLeadOnce). A
// publish repeated after a crash between ack and commit carries the same
// Nats-Msg-Id, which the stream's duplicate window drops. With several
// relays the stream keeps the outbox's order within a batch only: batches
// taken side by side are published side by side.
type Relay struct {
	Pool         *pgxpool.Pool
	JS           jetstream.JetStream
	Log          *slog.Logger
	Stream       StreamOptions
	Channel      string        // LISTEN/NOTIFY channel
	BatchSize    int           // rows per transaction; 100 when zero
	PollInterval time.Duration // backstop when no NOTIFY arrives; 5s when zero
	MaxBackoff   time.Duration // ceiling of the wait while NATS is down; 30s when zero
	// Retention is how long a published row is kept (for audit and manual
	// replay) before it is deleted; 7 days when zero. Pruning runs at most
	// once per PruneInterval (1 hour when zero).
	Retention     time.Duration
	PruneInterval time.Duration

	published   atomic.Int64
	streamReady bool
	lastPrune   time.Time
	ensuredOnce sync.Once
	ensured     chan struct{}
}

// Ensured is closed once the relay has first made sure the stream exists
// as configured. A consumer of the stream in the same process starts after
// it, so that its consumer is not created while the relay updates the
// stream (nats-server 2.15's file store races there: go test -race found
// it in the server).
func (r *Relay) Ensured() <-chan struct{} {
	r.ensuredOnce.Do(func() { r.ensured = make(chan struct{}) })
	return r.ensured
}

// PruneOutbox deletes rows published more than Retention ago and returns
// how many went. Unpublished rows are never touched.
func (r *Relay) PruneOutbox(ctx context.Context) (int64, error) {
	retention := r.Retention
	if retention == 0 {
		retention = 7 * 24 * time.Hour
	}
	tag, err := r.Pool.Exec(ctx, `DELETE FROM contact.outbox
		WHERE published_at IS NOT NULL AND published_at < now() - make_interval(secs => $1)`, retention.Seconds())
	if err != nil {
		return 0, fmt.Errorf("outbox prune: %w", err)
	}
	// The recorded sequences of messages the stream no longer keeps.
	if _, err := r.Pool.Exec(ctx, `DELETE FROM contact.lead_messages WHERE published_at < now() - make_interval(secs => $1)`,
		(StreamMaxAge + 24*time.Hour).Seconds()); err != nil {
		return 0, fmt.Errorf("lead messages prune: %w", err)
	}
	return tag.RowsAffected(), nil
}

// maybePrune prunes when PruneInterval has passed since the last time.
func (r *Relay) maybePrune(ctx context.Context) {
	every := r.PruneInterval
	if every == 0 {
		every = time.Hour
	}
	if time.Since(r.lastPrune) < every {
		return
	}
	r.lastPrune = time.Now()
	n, err := r.PruneOutbox(ctx)
	if err != nil {
		r.Log.Warn("outbox relay: prune failed", "err", err)
		return
	}
	if n > 0 {
		r.Log.Info("outbox relay: pruned published rows", "rows", n)
	}
}

// BatchTimeout bounds one batch: reading its rows, publishing them and
// marking them published. A healthy batch takes milliseconds.
const BatchTimeout = 30 * time.Second

// Published reports how many messages this relay has published.
func (r *Relay) Published() int64 { return r.published.Load() }

// Run relays until ctx ends.
func (r *Relay) Run(ctx context.Context) error {
	if r.BatchSize == 0 {
		r.BatchSize = 100
	}
	if r.PollInterval == 0 {
		r.PollInterval = 5 * time.Second
	}
	if r.MaxBackoff == 0 {
		r.MaxBackoff = 30 * time.Second
	}
	wake := make(chan struct{}, 1)
	go r.listen(ctx, wake)

	backoff := 100 * time.Millisecond
	for {
		// A deadline per batch: on a hung Postgres leader the batch fails
		// (and its connection is closed) instead of waiting for the old
		// leader to resume, so the next one reaches the new leader.
		bctx, cancel := context.WithTimeout(ctx, BatchTimeout)
		n, err := r.publishBatch(bctx)
		cancel()
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			r.Log.Warn("outbox relay: publishing paused", "err", err, "retry_in", backoff.String())
			if !sleep(ctx, backoff) {
				return nil
			}
			backoff = min(backoff*2, r.MaxBackoff)
			continue
		}
		backoff = 100 * time.Millisecond
		if n == r.BatchSize {
			continue // more waiting
		}
		r.maybePrune(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-wake:
		case <-time.After(r.PollInterval):
		}
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// listen holds a connection LISTENing on the channel and signals wake on
// every notification; it reconnects when the connection drops.
func (r *Relay) listen(ctx context.Context, wake chan<- struct{}) {
	for ctx.Err() == nil {
		err := func() error {
			conn, err := r.Pool.Acquire(ctx)
			if err != nil {
				return err
			}
			defer conn.Release()
			if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{r.Channel}.Sanitize()); err != nil {
				return err
			}
			for {
				if _, err := conn.Conn().WaitForNotification(ctx); err != nil {
					return err
				}
				select {
				case wake <- struct{}{}:
				default:
				}
			}
		}()
		if ctx.Err() != nil {
			return
		}
		r.Log.Warn("outbox relay: listen connection lost; polling meanwhile", "err", err)
		sleep(ctx, time.Second)
	}
}

// recorded are the stream sequences of the lead messages a batch
// published, which an erase of the lead deletes (contact.lead_messages).
type recorded struct {
	seqs            []int64
	leads, subjects []string
}

// add records o's sequence if o is a lead's message: leads.submitted or
// leads.updated, about the lead its ce-subject names (or, in a row from
// before the CloudEvents headers, its message id: the lead id, or the lead
// id and "/activity").
func (r *recorded) add(o outboxRow, seq uint64) {
	if o.subject != SubjectSubmitted && o.subject != SubjectUpdated {
		return
	}
	lead := o.headers[cloudevents.HeaderSubject]
	if lead == "" {
		lead, _, _ = strings.Cut(o.msgID, "/")
	}
	if uuid.Validate(lead) != nil || slices.Contains(r.seqs, int64(seq)) {
		return // a row published twice in one batch is one message: one row per sequence
	}
	r.seqs = append(r.seqs, int64(seq))
	r.leads = append(r.leads, lead)
	r.subjects = append(r.subjects, o.subject)
}

type outboxRow struct {
	id        int64
	subject   string
	msgID     string
	payload   []byte
	headers   map[string]string
	createdAt time.Time
}

// publishBatch publishes up to BatchSize pending rows in id order and marks
// the ones JetStream acknowledged. It stops at the first failure so order
// is kept.
func (r *Relay) publishBatch(ctx context.Context) (int, error) {
	if !r.streamReady {
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := EnsureStream(sctx, r.JS, r.Stream)
		cancel()
		if err != nil {
			return 0, err
		}
		r.streamReady = true
		select {
		case <-r.Ensured():
		default:
			close(r.ensured) // made by Ensured above
		}
	}
	published := 0
	var pubErr error
	err := pgx.BeginFunc(ctx, r.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, subject, msg_id, payload, headers, created_at FROM contact.outbox
			WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, r.BatchSize)
		if err != nil {
			return err
		}
		batch, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (outboxRow, error) {
			var o outboxRow
			var headers []byte
			err := row.Scan(&o.id, &o.subject, &o.msgID, &o.payload, &headers, &o.createdAt)
			if err == nil {
				err = json.Unmarshal(headers, &o.headers)
			}
			return o, err
		})
		if err != nil {
			return err
		}
		done := make([]int64, 0, len(batch))
		var rec recorded
		for _, o := range batch {
			msg := &nats.Msg{Subject: o.subject, Data: o.payload, Header: nats.Header{}}
			for k, v := range o.headers {
				msg.Header.Set(k, v)
			}
			if o.headers[cloudevents.HeaderSpecVersion] == "" {
				// A row an older version stored has no CloudEvents
				// attributes: every message carries them all the same.
				cloudevents.Event{ID: o.msgID, Source: cloudevents.SourceContact, Subject: o.subject, Time: o.createdAt}.Set(msg.Header)
			}
			// The send span continues the trace of the write that stored
			// the row (its context is in the row's headers), and the
			// message carries the send span's context on to consumers.
			sctx, span := msgtrace.StartSend(msgtrace.FromHeaders(ctx, o.headers),
				msgtrace.Message{Subject: o.subject, ID: o.msgID},
				trace.WithAttributes(attribute.Int64("trenchless.outbox.id", o.id),
					attribute.Float64("trenchless.outbox.wait_seconds", time.Since(o.createdAt).Seconds())))
			msgtrace.Inject(sctx, msg.Header)
			pctx, cancel := context.WithTimeout(sctx, 5*time.Second)
			ack, err := r.JS.PublishMsg(pctx, msg, jetstream.WithMsgID(o.msgID), jetstream.WithExpectStream(r.Stream.Name))
			cancel()
			telemetry.EndSpan(span, err)
			if err != nil {
				if errors.Is(err, jetstream.ErrStreamNotFound) || errors.Is(err, jetstream.ErrNoStreamResponse) {
					r.streamReady = false
				}
				pubErr = fmt.Errorf("publish %s %s: %w", o.subject, o.msgID, err)
				break
			}
			done = append(done, o.id)
			rec.add(o, ack.Sequence)
		}
		if len(done) > 0 {
			if _, err := tx.Exec(ctx, `UPDATE contact.outbox SET published_at = now() WHERE id = ANY($1)`, done); err != nil {
				return err
			}
		}
		if len(rec.seqs) > 0 {
			// A sequence seen before is this message again (a publish the
			// duplicate window dropped), or a stream made anew: the latest
			// publish is what the sequence holds.
			if _, err := tx.Exec(ctx, `INSERT INTO contact.lead_messages (seq, lead_id, subject)
				SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[])
				ON CONFLICT (seq) DO UPDATE SET lead_id = excluded.lead_id, subject = excluded.subject, published_at = now()`,
				rec.seqs, rec.leads, rec.subjects); err != nil {
				return fmt.Errorf("record lead messages: %w", err)
			}
		}
		published = len(done)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("outbox: %w", err)
	}
	r.published.Add(int64(published))
	return published, pubErr
}

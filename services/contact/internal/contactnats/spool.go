package contactnats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// The lead spool (issue 36): a JetStream work queue that keeps the leads
// Postgres could not take, replicated like LEADS, until a drainer stores
// them. It is the contact service's own: no other system reads it, and its
// messages are leads as the service holds them (IP hash and idempotency
// key included), not the public event.
const (
	SpoolStream   = "LEAD_SPOOL"
	SpoolSubject  = "contact.spool.lead"
	SpoolConsumer = "contact-spool-drain"
)

// spoolVersion is the record format; a drainer refuses (keeps) a record of
// a version it does not know rather than storing it wrongly.
const spoolVersion = 1

type spoolRecord struct {
	V    int          `json:"v"`
	Lead contact.Lead `json:"lead"`
}

// EnsureSpool creates the spool stream or updates it: file storage, work
// queue retention (a lead leaves once stored), replicas as LEADS, no age
// or size limit (a lead is never dropped), de-duplication by lead id.
func EnsureSpool(ctx context.Context, js jetstream.JetStream, replicas int) (jetstream.Stream, error) {
	s, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        SpoolStream,
		Description: "Leads the contact service could not store yet (its database down or failing over)",
		Subjects:    []string{SpoolSubject},
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.WorkQueuePolicy,
		Replicas:    max(replicas, 1),
		Duplicates:  MinDuplicateWindow,
		Discard:     jetstream.DiscardNew,
	})
	if err != nil {
		return nil, fmt.Errorf("ensure stream %s: %w", SpoolStream, err)
	}
	return s, nil
}

// Spool implements contact.Spool on the spool stream.
type Spool struct {
	JS       jetstream.JetStream
	Replicas int

	mu    sync.Mutex
	ready bool
}

var _ contact.Spool = (*Spool)(nil)

// Hold publishes l and returns once JetStream acknowledged it: stored by a
// quorum of the stream's replicas. The lead id is the message id, so a
// repeated Hold keeps one message.
func (s *Spool) Hold(ctx context.Context, l contact.Lead) error {
	if err := s.ensure(ctx); err != nil {
		return err
	}
	data, err := json.Marshal(spoolRecord{V: spoolVersion, Lead: l})
	if err != nil {
		return fmt.Errorf("spool lead: %w", err)
	}
	m := msgtrace.Message{Subject: SpoolSubject, ID: l.ID}
	ctx, span := msgtrace.StartSend(ctx, m)
	msg := nats.NewMsg(SpoolSubject)
	msg.Data = data
	msgtrace.Inject(ctx, msg.Header)
	_, err = s.JS.PublishMsg(ctx, msg, jetstream.WithMsgID(l.ID), jetstream.WithExpectStream(SpoolStream))
	telemetry.EndSpan(span, err)
	if err != nil {
		return fmt.Errorf("spool lead: %w", err)
	}
	return nil
}

// Ping reports whether the spool can take a lead now: its stream answers.
func (s *Spool) Ping(ctx context.Context) error {
	if err := s.ensure(ctx); err != nil {
		return err
	}
	_, err := s.JS.Stream(ctx, SpoolStream)
	return err
}

func (s *Spool) ensure(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ready {
		return nil
	}
	if _, err := EnsureSpool(ctx, s.JS, s.Replicas); err != nil {
		return err
	}
	s.ready = true
	return nil
}

// Drainer stores the spooled leads once the store takes them again: a
// durable pull consumer shared by every contact replica, a message acked
// only after its lead is stored (or found stored), so a drainer killed
// midway leaves its messages to be delivered again.
type Drainer struct {
	JS       jetstream.JetStream
	Log      *slog.Logger
	Replicas int
	// Restore stores one lead (contact.Service.Restore).
	Restore func(context.Context, contact.Lead) (bool, error)
	// Batch is how many leads are restored at once (their store calls
	// share commits); 64 when zero. Pause is the wait after the store
	// failed; 1s when zero.
	Batch int
	Pause time.Duration
}

// Run drains until ctx ends.
func (d *Drainer) Run(ctx context.Context) error {
	if d.Batch == 0 {
		d.Batch = 64
	}
	if d.Pause == 0 {
		d.Pause = time.Second
	}
	var cons jetstream.Consumer
	for cons == nil {
		c, err := d.consumer(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			d.Log.Warn("lead spool: drainer not ready", "err", err)
			if !sleep(ctx, d.Pause) {
				return nil
			}
			continue
		}
		cons = c
	}
	for ctx.Err() == nil {
		batch, err := cons.Fetch(d.Batch, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			if ctx.Err() == nil {
				d.Log.Warn("lead spool: fetch failed", "err", err)
				sleep(ctx, d.Pause)
			}
			continue
		}
		if failed := d.restoreAll(ctx, batch.Messages()); failed > 0 {
			sleep(ctx, d.Pause)
		}
	}
	return nil
}

func (d *Drainer) consumer(ctx context.Context) (jetstream.Consumer, error) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	st, err := EnsureSpool(cctx, d.JS, d.Replicas)
	if err != nil {
		return nil, err
	}
	return st.CreateOrUpdateConsumer(cctx, jetstream.ConsumerConfig{
		Durable:       SpoolConsumer,
		Description:   "Contact replicas storing spooled leads",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxDeliver:    -1, // a lead is never given up on
		MaxAckPending: 1024,
		Replicas:      d.Replicas,
	})
}

// restoreAll restores the leads of msgs side by side and acks each one
// stored; it returns how many failed (left for redelivery).
func (d *Drainer) restoreAll(ctx context.Context, msgs <-chan jetstream.Msg) (failed int) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	for m := range msgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := d.restore(ctx, m); err != nil {
				mu.Lock()
				failed++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return failed
}

func (d *Drainer) restore(ctx context.Context, m jetstream.Msg) error {
	var rec spoolRecord
	if err := json.Unmarshal(m.Data(), &rec); err != nil || rec.V != spoolVersion || rec.Lead.ID == "" {
		// Not a record this version can read: keep it (terminating it
		// would lose a lead) and say so loudly; an operator moves it.
		d.Log.Error("lead spool: record not readable; kept", "err", err, "version", rec.V, "msg_id", m.Headers().Get(jetstream.MsgIDHeader))
		_ = m.NakWithDelay(time.Minute)
		return errors.New("unreadable spool record")
	}
	pctx, span := msgtrace.StartProcess(ctx, m.Headers(), msgtrace.Message{Subject: SpoolSubject, ID: rec.Lead.ID, Consumer: SpoolConsumer})
	rctx, cancel := context.WithTimeout(pctx, 10*time.Second)
	created, err := d.Restore(rctx, rec.Lead)
	cancel()
	if err != nil {
		telemetry.EndSpan(span, err)
		if ctx.Err() == nil {
			d.Log.WarnContext(pctx, "lead spool: lead not stored yet", "lead_id", rec.Lead.ID, "err", err)
		}
		_ = m.NakWithDelay(time.Second)
		return err
	}
	actx, cancel := context.WithTimeout(ctx, 5*time.Second)
	err = m.DoubleAck(actx)
	cancel()
	telemetry.EndSpan(span, err)
	if err != nil {
		// Delivered again after AckWait and found stored then.
		d.Log.WarnContext(pctx, "lead spool: ack failed", "lead_id", rec.Lead.ID, "err", err)
		return nil
	}
	d.Log.InfoContext(pctx, "lead spool: lead stored", "lead_id", rec.Lead.ID, "created", created)
	return nil
}

// SpoolMetrics are the spool's figures for Prometheus: the leads held and
// restored by this replica, and the leads waiting in the spool (read from
// the stream at scrape time, at most every five seconds; the last value
// read while NATS does not answer).
func SpoolMetrics(js jetstream.JetStream, stats func() contact.SpoolStats) []prometheus.Collector {
	var mu sync.Mutex
	var read time.Time
	var waiting float64
	return []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "contact_leads_spooled_total",
			Help: "Leads this replica could not store in Postgres and held in the lead spool (JetStream) instead."},
			func() float64 { return float64(stats().Held) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "contact_spool_leads_restored_total",
			Help: "Spooled leads this replica stored in Postgres (or found stored already)."},
			func() float64 { return float64(stats().Restored) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "contact_lead_spool_messages",
			Help: "Leads waiting in the lead spool for Postgres to take them."},
			func() float64 {
				mu.Lock()
				defer mu.Unlock()
				if time.Since(read) < 5*time.Second {
					return waiting
				}
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				defer cancel()
				if s, err := js.Stream(ctx, SpoolStream); err == nil {
					if info, err := s.Info(ctx); err == nil {
						waiting, read = float64(info.State.Msgs), time.Now()
					}
				}
				return waiting
			}),
	}
}

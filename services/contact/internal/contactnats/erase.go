package contactnats

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/valleytrenchless/site/internal/cloudevents"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// StreamEraser implements contact.StreamEraser: it removes erased leads'
// messages from LEADS with JetStream's secure delete, which overwrites a
// message's bytes in the stream's files before it deletes it (on every
// replica), and reports how many leads wait in the spool.
//
// Which messages are the leads' is read from each message itself (its
// ce-subject, else its Nats-Msg-Id, else its body), never assumed:
//   - the sequences the relay recorded for the leads are checked and
//     deleted;
//   - the stream is then read from the oldest lead's arrival (a margin
//     earlier), one message at a time: for a homeowner's request
//     (job.FullScan) every lead message since then; for the retention
//     the dead letters (published by the notifier, so never recorded) and
//     the messages from before the relay recorded sequences.
//
// It reads and deletes with single-message requests
// ($JS.API.STREAM.MSG.GET and .DELETE on LEADS, and .INFO): no consumer.
// leads.erased and leads.webhook_disabled are never deleted.
type StreamEraser struct {
	JS     jetstream.JetStream
	Stream string // LEADS
}

var _ contact.StreamEraser = (*StreamEraser)(nil)

// erasable says whether a message on subject can carry a lead's data.
func erasable(subject string) bool {
	return subject == SubjectSubmitted || subject == SubjectUpdated || subject == SubjectDeadLetter
}

// leadOfMessage is the lead a message on LEADS is about: its ce-subject;
// for a message from before the CloudEvents headers its Nats-Msg-Id (the
// lead id, the lead id and "/activity", or "dead-letter:" and either); or
// the lead id in its body. Empty when none says.
func leadOfMessage(m *jetstream.RawStreamMsg) string {
	if about := m.Header.Get(cloudevents.HeaderSubject); about != "" {
		return about
	}
	id := strings.TrimPrefix(m.Header.Get(jetstream.MsgIDHeader), "dead-letter:")
	if id, _, _ = strings.Cut(id, "/"); id != "" {
		return id
	}
	return leadOfBody(m.Data)
}

// Remove implements contact.StreamEraser.
func (e *StreamEraser) Remove(ctx context.Context, job contact.StreamJob) (int, error) {
	s, err := e.JS.Stream(ctx, e.Stream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return 0, nil // no stream, no messages
	}
	if err != nil {
		return 0, fmt.Errorf("erase from %s: %w", e.Stream, err)
	}
	leads := make(map[string]bool, len(job.LeadIDs))
	for _, id := range job.LeadIDs {
		leads[id] = true
	}
	removed := 0
	remove := func(m *jetstream.RawStreamMsg) error {
		if !erasable(m.Subject) || !leads[leadOfMessage(m)] {
			return nil
		}
		err := s.SecureDeleteMsg(ctx, m.Sequence)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return nil // deleted meanwhile (aged out, or another eraser)
		}
		if err != nil {
			return fmt.Errorf("erase message %d from %s: %w", m.Sequence, e.Stream, err)
		}
		removed++
		return nil
	}
	for _, seq := range job.Seqs {
		m, err := s.GetMsg(ctx, seq)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			continue
		}
		if err != nil {
			return removed, fmt.Errorf("erase: read message %d of %s: %w", seq, e.Stream, err)
		}
		if err := remove(m); err != nil {
			return removed, err
		}
	}

	state := s.CachedInfo().State
	if state.Msgs == 0 {
		return removed, nil
	}
	through := state.LastSeq
	from, err := firstSince(ctx, s, state.FirstSeq, through, job.Since.Add(-contact.StreamScanMargin))
	if err != nil {
		return removed, fmt.Errorf("erase from %s: %w", e.Stream, err)
	}
	// Every lead message up to scanTo; after it only the dead letters.
	scanTo := through
	if !job.FullScan && job.RecordedFrom > 0 && job.RecordedFrom <= through {
		scanTo = job.RecordedFrom - 1
	}
	if err := walk(ctx, s, from, scanTo, "leads.>", remove); err != nil {
		return removed, fmt.Errorf("erase from %s: %w", e.Stream, err)
	}
	if scanTo < through {
		if err := walk(ctx, s, max(from, scanTo+1), through, SubjectDeadLetter, remove); err != nil {
			return removed, fmt.Errorf("erase from %s: %w", e.Stream, err)
		}
	}
	return removed, nil
}

// SpoolHeld implements contact.StreamEraser: the spool's message count.
func (e *StreamEraser) SpoolHeld(ctx context.Context) (int, error) {
	s, err := e.JS.Stream(ctx, SpoolStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return int(s.CachedInfo().State.Msgs), nil
}

// ErasureMetrics are the erasure's counters (contact.Service.ErasureStats)
// for Prometheus.
func ErasureMetrics(stats func() contact.ErasureStats) []prometheus.Collector {
	erased := prometheus.NewDesc("contact_leads_erased_total",
		"Leads whose personal fields this replica erased, by reason: request (a homeowner asked) or retention (CONTACT_LEAD_RETENTION).",
		[]string{"reason"}, nil)
	return []prometheus.Collector{
		erasedCollector{desc: erased, stats: stats},
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "contact_stream_messages_erased_total",
			Help: "Messages of erased leads this replica removed from LEADS (overwritten, then deleted)."},
			func() float64 { return float64(stats().StreamMessages) }),
	}
}

// erasedCollector reports contact_leads_erased_total for both reasons.
type erasedCollector struct {
	desc  *prometheus.Desc
	stats func() contact.ErasureStats
}

func (c erasedCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c erasedCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.stats()
	ch <- prometheus.MustNewConstMetric(c.desc, prometheus.CounterValue, float64(st.ByRequest), contact.ReasonRequest)
	ch <- prometheus.MustNewConstMetric(c.desc, prometheus.CounterValue, float64(st.ByRetention), contact.ReasonRetention)
}

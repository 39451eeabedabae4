package contactnats

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
)

// ReimportStats is what one re-import did.
type ReimportStats struct {
	// Read is the leads.submitted messages read; Imported the leads
	// stored by this run; Stored the leads found stored already.
	Read, Imported, Stored int
	// From and Through are the stream sequences read from (the first
	// message at or after since) and up to (the stream's last at the
	// start); zero when there was nothing to read.
	From, Through uint64
}

// Reimport reads, from the lead stream, every leads.submitted message
// stored at or after since — up to the last message the stream held when
// it began — and hands each lead to store (contact.Service.Reimport),
// which stores it unless its id is stored already. After a database is
// restored from backup, this brings back the leads that reached the stream
// after the restored point. Running it again stores nothing more.
//
// It reads with single-message gets ($JS.API.STREAM.MSG.GET), which the
// runbook's read-only operator identity may do: no consumer is created.
// Its first message is found by bisecting the sequences by time.
func Reimport(ctx context.Context, js jetstream.JetStream, stream string, since time.Time,
	store func(context.Context, contact.Lead) (bool, error)) (ReimportStats, error) {
	var st ReimportStats
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return st, fmt.Errorf("reimport: stream %s: %w", stream, err)
	}
	state := s.CachedInfo().State
	if state.Msgs == 0 || state.LastTime.Before(since) {
		return st, nil
	}
	through := state.LastSeq
	lo, err := firstSince(ctx, s, state.FirstSeq, through, since)
	if err != nil {
		return st, fmt.Errorf("reimport: %w", err)
	}
	st.From, st.Through = lo, through
	err = walk(ctx, s, lo, through, SubjectSubmitted, func(m *jetstream.RawStreamMsg) error {
		var ev contactv1.LeadSubmitted
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(m.Data, &ev); err != nil || ev.GetLead().GetId() == "" {
			return fmt.Errorf("message %d is not a lead: %v", m.Sequence, err)
		}
		st.Read++
		created, err := store(ctx, LeadFromProto(ev.GetLead()))
		if err != nil {
			return fmt.Errorf("lead %s: %w", ev.GetLead().GetId(), err)
		}
		if created {
			st.Imported++
		} else {
			st.Stored++
		}
		return nil
	})
	if err != nil {
		return st, fmt.Errorf("reimport: %w", err)
	}
	return st, nil
}

// walk hands fn every message on subject from sequence from through
// through, in order.
func walk(ctx context.Context, s jetstream.Stream, from, through uint64, subject string, fn func(*jetstream.RawStreamMsg) error) error {
	for seq := from; seq <= through; {
		m, err := nextMsg(ctx, s, seq, subject)
		if err != nil {
			return err
		}
		if m == nil || m.Sequence > through {
			return nil
		}
		if err := fn(m); err != nil {
			return err
		}
		seq = m.Sequence + 1
	}
	return nil
}

// nextMsg is the first message at or after seq on subject (a wildcard
// allowed), or nil when there is none: one single-message get
// ($JS.API.STREAM.MSG.GET), which needs no consumer.
func nextMsg(ctx context.Context, s jetstream.Stream, seq uint64, subject string) (*jetstream.RawStreamMsg, error) {
	m, err := s.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(subject))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read message %d: %w", seq, err)
	}
	return m, nil
}

// firstSince is the smallest sequence from first through through whose
// message was stored at or after since (through+1 when none was), found
// by bisecting the sequences by time: a few dozen gets however long the
// stream.
func firstSince(ctx context.Context, s jetstream.Stream, first, through uint64, since time.Time) (uint64, error) {
	lo, hi := first, through+1
	for lo < hi {
		mid := lo + (hi-lo)/2
		m, err := nextMsg(ctx, s, mid, ">")
		if err != nil {
			return 0, err
		}
		if m == nil || !m.Time.Before(since) {
			hi = mid
		} else {
			lo = m.Sequence + 1
		}
	}
	return lo, nil
}

// ReapplyErasures reads every leads.erased message stored at or after
// since and hands its lead ids to erase (contact.Service.EraseAgain),
// which erases those not erased yet. After a restore from backup, the
// database is as it was before the erases made since the restored point;
// this makes them again (their leads' messages were removed from LEADS
// when they were first made, so Reimport does not bring those leads
// back). It returns how many messages it read and leads it erased.
func ReapplyErasures(ctx context.Context, js jetstream.JetStream, stream string, since time.Time,
	erase func(context.Context, []string) (int, error)) (read, erased int, err error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return 0, 0, fmt.Errorf("reapply erasures: stream %s: %w", stream, err)
	}
	state := s.CachedInfo().State
	if state.Msgs == 0 || state.LastTime.Before(since) {
		return 0, 0, nil
	}
	from, err := firstSince(ctx, s, state.FirstSeq, state.LastSeq, since)
	if err != nil {
		return 0, 0, fmt.Errorf("reapply erasures: %w", err)
	}
	err = walk(ctx, s, from, state.LastSeq, SubjectErased, func(m *jetstream.RawStreamMsg) error {
		var ev contactv1.LeadsErased
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(m.Data, &ev); err != nil {
			return fmt.Errorf("message %d is not a LeadsErased: %w", m.Sequence, err)
		}
		read++
		n, err := erase(ctx, ev.GetLeadIds())
		erased += n
		return err
	})
	if err != nil {
		return read, erased, fmt.Errorf("reapply erasures: %w", err)
	}
	return read, erased, nil
}

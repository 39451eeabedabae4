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
	// next is the first message at or after seq on subject (nil: none).
	next := func(seq uint64, subject string) (*jetstream.RawStreamMsg, error) {
		m, err := s.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(subject))
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reimport: read message %d: %w", seq, err)
		}
		return m, nil
	}
	// The smallest sequence whose message is stored at or after since.
	lo, hi := state.FirstSeq, through+1
	for lo < hi {
		mid := lo + (hi-lo)/2
		m, err := next(mid, ">")
		if err != nil {
			return st, err
		}
		if m == nil || !m.Time.Before(since) {
			hi = mid
		} else {
			lo = m.Sequence + 1
		}
	}
	st.From, st.Through = lo, through
	for seq := lo; seq <= through; {
		m, err := next(seq, SubjectSubmitted)
		if err != nil {
			return st, err
		}
		if m == nil || m.Sequence > through {
			break
		}
		var ev contactv1.LeadSubmitted
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(m.Data, &ev); err != nil || ev.GetLead().GetId() == "" {
			return st, fmt.Errorf("reimport: message %d is not a lead: %v", m.Sequence, err)
		}
		st.Read++
		created, err := store(ctx, LeadFromProto(ev.GetLead()))
		if err != nil {
			return st, fmt.Errorf("reimport: lead %s: %w", ev.GetLead().GetId(), err)
		}
		if created {
			st.Imported++
		} else {
			st.Stored++
		}
		seq = m.Sequence + 1
	}
	return st, nil
}

package leadfeed

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
)

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func TestSlowSubscriberIsDroppedOthersKeepReceiving(t *testing.T) {
	t.Parallel()
	b := NewBroker(2)
	slow, fast := b.Subscribe(), b.Subscribe()
	defer fast.Close()
	for i := range 5 {
		e := Event{Name: EventLead, Data: []byte{byte('a' + i)}}
		b.Publish(e) // never blocks, whoever reads
		require.Equal(t, e, <-fast.C, "the reading subscriber gets every event, in order")
	}
	require.True(t, closed(slow.Done()), "the one that fell behind is ended")
	require.Equal(t, 1, b.Subscribers())
	slow.Close() // after being dropped: harmless

	// What it had queued before falling behind is still readable.
	require.Equal(t, "a", string((<-slow.C).Data))
}

func TestCloseEndsEverySubscription(t *testing.T) {
	t.Parallel()
	b := NewBroker(0)
	a, c := b.Subscribe(), b.Subscribe()
	b.Close()
	require.True(t, closed(a.Done()))
	require.True(t, closed(c.Done()))
	require.True(t, closed(b.Subscribe().Done()), "no new subscriptions after Close")
	require.Zero(t, b.Publish(Event{Name: EventLead}))
}

func TestEncodeWritesTheRESTShapeOnOneLine(t *testing.T) {
	t.Parallel()
	e, err := Encode(SubjectSubmitted, []byte(`{"lead":{"id":"x","firstName":"Maria","description":"line one\nline two","futureField":1}}`))
	require.NoError(t, err, "unknown fields from a newer publisher are ignored")
	require.Equal(t, EventLead, e.Name)
	require.NotContains(t, string(e.Data), "\n")
	require.Contains(t, string(e.Data), `"isRead":false`)
	require.Contains(t, string(e.Data), `"firstName":"Maria"`)

	e, err = Encode(SubjectUpdated, []byte(`{"leadId":"x","isRead":true}`))
	require.NoError(t, err)
	require.Equal(t, EventLeadUpdated, e.Name)

	_, err = Encode(SubjectSubmitted, []byte(`not json`))
	require.Error(t, err)
	_, err = Encode("leads.deadletter", []byte(`{}`))
	require.Error(t, err)
}

func TestNATSInterestOnlyWhileAnInboxIsOpen(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	nc, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	pub, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	t.Cleanup(pub.Close)
	require.NoError(t, nc.Flush())
	base := ns.NumSubscriptions()

	b := NewBroker(8)
	detach, err := Attach(slog.New(slog.NewTextHandler(io.Discard, nil)), nc, b)
	require.NoError(t, err)
	require.NoError(t, nc.Flush())
	require.Equal(t, base, ns.NumSubscriptions(), "no inbox open: no interest in lead events")

	payload, err := protojson.Marshal(&contactv1.LeadSubmitted{Lead: &contactv1.Lead{Id: "6f1c0f1e-5b7a-4d7e-9a53-1d3c6c7f0b11"}})
	require.NoError(t, err)
	for round := range 2 {
		a := b.Subscribe()
		// Confirmed before Subscribe returns: a publish from another
		// connection right away reaches it.
		require.Equal(t, base+2, ns.NumSubscriptions(), "round %d", round)
		c := b.Subscribe()
		require.Equal(t, base+2, ns.NumSubscriptions(), "one subscription per subject, however many inboxes")
		require.NoError(t, pub.Publish(SubjectSubmitted, payload))
		for _, s := range []*Subscription{a, c} {
			select {
			case e := <-s.C:
				require.Equal(t, EventLead, e.Name)
			case <-time.After(10 * time.Second):
				t.Fatal("the event never arrived")
			}
		}
		a.Close()
		require.Equal(t, base+2, ns.NumSubscriptions())
		c.Close()
		require.NoError(t, nc.Flush())
		require.Equal(t, base, ns.NumSubscriptions(), "the last inbox closed: interest dropped")
	}

	s := b.Subscribe()
	detach()
	require.NoError(t, nc.Flush())
	require.Equal(t, base, ns.NumSubscriptions(), "detached")
	s.Close()
}

package leadfeed

import (
	"testing"

	"github.com/stretchr/testify/require"
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

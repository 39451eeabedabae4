package changes_test

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/spantest"
	"github.com/valleytrenchless/site/services/gateway/internal/changes"
)

// target counts what the follower asks of the gateway; a refill waits
// for release, so events can pile up behind it.
type target struct {
	emptied atomic.Int64
	refills atomic.Int64
	release chan struct{}
}

func (t *target) InvalidatePublicCache() { t.emptied.Add(1) }

func (t *target) Refill(context.Context) error {
	t.refills.Add(1)
	<-t.release
	return nil
}

// Every event empties at once; a burst that arrives during a refill is
// served by ONE more refill, whose span is the child of the first event it
// serves and links the others; and each event's process span continues
// the trace of the write that sent it.
func TestEveryChangeEmptiesAtOnceAndABurstIsRefilledOnce(t *testing.T) {
	rec := spantest.Record(t)
	ns := natstest.Start(t)
	nc, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	defer nc.Close()
	tg := &target{release: make(chan struct{}, 16)}
	f := changes.New(slog.New(slog.NewTextHandler(io.Discard, nil)), tg)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go f.Run(ctx)
	sub, err := f.Subscribe(nc, "content.changed")
	require.NoError(t, err)
	defer sub.Unsubscribe()
	require.NoError(t, nc.Flush())

	publish := func(n int) {
		for i := range n {
			wctx, write := otel.Tracer("test").Start(context.Background(), "save")
			sctx, send := msgtrace.StartSend(wctx, msgtrace.Message{Subject: "content.changed"})
			m := &nats.Msg{Subject: "content.changed", Data: []byte{byte(i)}, Header: nats.Header{}}
			msgtrace.Inject(sctx, m.Header)
			require.NoError(t, nc.PublishMsg(m))
			send.End()
			write.End()
		}
		require.NoError(t, nc.Flush())
	}
	publish(1)
	require.Eventually(t, func() bool { return tg.refills.Load() == 1 }, 5*time.Second, 5*time.Millisecond, "the first change is refilled")
	publish(5) // while the first refill is still running
	require.Eventually(t, func() bool { return tg.emptied.Load() == 6 }, 5*time.Second, 5*time.Millisecond, "every change empties at once, refill or not")
	tg.release <- struct{}{}
	require.Eventually(t, func() bool { return tg.refills.Load() == 2 }, 5*time.Second, 5*time.Millisecond)
	tg.release <- struct{}{}
	require.Eventually(t, func() bool { return f.Refills() == 2 }, 5*time.Second, 5*time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	require.EqualValues(t, 2, tg.refills.Load(), "five changes during a refill make one more refill")

	var process, refill []sdktrace.ReadOnlySpan
	byID := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range rec.Ended() {
		byID[s.SpanContext().SpanID().String()] = s
		switch s.Name() {
		case "process content.changed":
			process = append(process, s)
		case "refill public pages":
			refill = append(refill, s)
		}
	}
	require.Len(t, process, 6)
	require.Len(t, refill, 2)
	for _, p := range process {
		send, ok := byID[p.Parent().SpanID().String()]
		require.True(t, ok)
		require.Equal(t, "send content.changed", send.Name())
	}
	second := refill[1]
	require.Equal(t, "process content.changed", byID[second.Parent().SpanID().String()].Name())
	require.Len(t, second.Links(), 4, "the burst's other four events are linked")
	for _, a := range second.Attributes() {
		if a.Key == "trenchless.refill.events" {
			require.EqualValues(t, 5, a.Value.AsInt64())
		}
	}

	// A reconnect (events may have been missed) empties and refills too.
	f.Missed()
	require.EqualValues(t, 7, tg.emptied.Load())
	tg.release <- struct{}{}
	require.Eventually(t, func() bool { return f.Refills() == 3 }, 5*time.Second, 5*time.Millisecond)
}

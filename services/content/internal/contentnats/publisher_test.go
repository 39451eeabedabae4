package contentnats_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/services/content/internal/content"
	"github.com/valleytrenchless/site/services/content/internal/contentnats"
)

// content.changed is a CloudEvent in binary mode: ce-* headers beside the
// trace context, each event its own id, the body unchanged.
func TestContentChangedIsACloudEvent(t *testing.T) {
	ns := natstest.Start(t)
	nc, err := nats.Connect(ns.URL)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	sub, err := nc.SubscribeSync(contentnats.Subject)
	require.NoError(t, err)
	require.NoError(t, nc.Flush())

	p := contentnats.NewPublisher(slog.New(slog.NewTextHandler(io.Discard, nil)), nc)
	changes := []content.Change{{Kind: "post", ID: "11111111-1111-4111-8111-111111111111"}, {Kind: "editable_content", ID: "home.hero.title"}}
	require.NoError(t, p.ContentChangedConfirmed(context.Background(), changes))

	ids := map[string]bool{}
	for _, c := range changes {
		m, err := sub.NextMsg(5 * time.Second)
		require.NoError(t, err)
		require.Equal(t, "1.0", m.Header.Get("ce-specversion"))
		require.Equal(t, "/trenchless/content", m.Header.Get("ce-source"))
		require.Equal(t, "com.valleytrenchless.content.changed", m.Header.Get("ce-type"))
		require.Equal(t, c.ID, m.Header.Get("ce-subject"))
		require.Equal(t, "application/json", m.Header.Get("content-type"))
		require.NotEmpty(t, m.Header.Get("ce-id"))
		ids[m.Header.Get("ce-id")] = true
		var ev contentv1.ContentChanged
		require.NoError(t, protojson.Unmarshal(m.Data, &ev))
		require.Equal(t, c.ID, ev.GetId())
		at, err := time.Parse(time.RFC3339Nano, m.Header.Get("ce-time"))
		require.NoError(t, err)
		require.True(t, at.Equal(ev.GetChangedAt().AsTime()), "ce-time is the event's changedAt")
	}
	require.Len(t, ids, 2, "each event its own id")
}

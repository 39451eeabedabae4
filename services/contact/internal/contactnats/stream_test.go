package contactnats

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
)

func natsURL() string {
	if u := os.Getenv("TEST_NATS_URL"); u != "" {
		return u
	}
	return nats.DefaultURL
}

func TestEnsureStreamCreatesThenUpdates(t *testing.T) {
	t.Parallel()
	nc, err := nats.Connect(natsURL(), nats.Timeout(3*time.Second))
	require.NoError(t, err, "NATS with JetStream must be running at %s", natsURL())
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	name := fmt.Sprintf("LEADS_TEST_%d", time.Now().UnixNano())
	subj := "test." + name + ".leads.>"
	t.Cleanup(func() { _ = js.DeleteStream(context.Background(), name) })

	s, err := EnsureStream(ctx, js, StreamOptions{Name: name, Subjects: []string{subj}, DuplicateWindow: time.Second})
	require.NoError(t, err)
	info, err := s.Info(ctx)
	require.NoError(t, err)
	require.Equal(t, jetstream.FileStorage, info.Config.Storage)
	require.Equal(t, MinDuplicateWindow, info.Config.Duplicates, "window is never below two minutes")

	// Ensuring again with a longer window updates in place.
	s, err = EnsureStream(ctx, js, StreamOptions{Name: name, Subjects: []string{subj}, DuplicateWindow: 10 * time.Minute})
	require.NoError(t, err)
	info, err = s.Info(ctx)
	require.NoError(t, err)
	require.Equal(t, 10*time.Minute, info.Config.Duplicates)

	// A message id published twice is stored once.
	for range 2 {
		_, err = js.Publish(ctx, "test."+name+".leads.submitted", []byte(`{}`), jetstream.WithMsgID("lead-1"))
		require.NoError(t, err)
	}
	info, err = s.Info(ctx)
	require.NoError(t, err)
	require.EqualValues(t, 1, info.State.Msgs)
}

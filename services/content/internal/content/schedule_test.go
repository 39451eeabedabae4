package content_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/content/internal/content"
	"github.com/valleytrenchless/site/services/content/internal/contentnats"
	"github.com/valleytrenchless/site/services/content/internal/contentpg"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// The schedule interval of these tests: short, so they are quick, and
// "on time" below means within it (plus slack for a shared CI machine).
const (
	testInterval = 250 * time.Millisecond
	onTimeSlack  = time.Second
)

// replicas are content services on one database, each with its own NATS
// connection and its own AnnounceScheduled loop, as pods of one Deployment
// are.
type replicas struct {
	svcs []*content.Service
	js   jetstream.JetStream
}

func startReplicas(t *testing.T, n int) (*replicas, *natstest.Server) {
	t.Helper()
	ns := natstest.Start(t)
	pool := pgtest.NewPool(t, contentpg.Migrate)
	connect := func() *nats.Conn {
		nc, err := nats.Connect(ns.URL, nats.MaxReconnects(-1), nats.ReconnectWait(50*time.Millisecond))
		require.NoError(t, err)
		t.Cleanup(nc.Close)
		return nc
	}
	// Every content.changed that reaches the server is kept, in the order
	// and at the time the server took it: a stream counts publishes across
	// a NATS restart, which a subscriber that must reconnect first cannot.
	js, err := jetstream.New(connect())
	require.NoError(t, err)
	_, err = js.CreateStream(context.Background(), jetstream.StreamConfig{
		Name: "CHANGES", Subjects: []string{contentnats.Subject}, Storage: jetstream.FileStorage,
	})
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	r := &replicas{js: js}
	for range n {
		svc := content.NewService(contentpg.New(pool), contentnats.NewPublisher(quiet, connect()))
		r.svcs = append(r.svcs, svc)
		wg.Add(1)
		go func() { defer wg.Done(); svc.AnnounceScheduled(ctx, quiet, testInterval) }()
	}
	t.Cleanup(func() { cancel(); wg.Wait() })
	return r, ns
}

// announcement is one content.changed about a post, as the server stored it.
type announcement struct {
	id string
	at time.Time
}

// announcements returns every content.changed the server has taken so far;
// it fails while the test's own connection is reconnecting.
func (r *replicas) announcements() ([]announcement, error) {
	ctx := context.Background()
	s, err := r.js.Stream(ctx, "CHANGES")
	if err != nil {
		return nil, err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return nil, err
	}
	var out []announcement
	for seq := info.State.FirstSeq; info.State.Msgs > 0 && seq <= info.State.LastSeq; seq++ {
		m, err := s.GetMsg(ctx, seq)
		if err != nil {
			return nil, err
		}
		var ev contentv1.ContentChanged
		if err := protojson.Unmarshal(m.Data, &ev); err != nil {
			return nil, err
		}
		if ev.GetKind() == "post" {
			out = append(out, announcement{id: ev.GetId(), at: m.Time})
		}
	}
	return out, nil
}

// announcedLive returns the times of the announcements of post id taken at
// or after since (false while they cannot be read).
func (r *replicas) announcedLive(id string, since time.Time) ([]time.Time, bool) {
	all, err := r.announcements()
	if err != nil {
		return nil, false
	}
	var out []time.Time
	for _, a := range all {
		if a.id == id && !a.at.Before(since) {
			out = append(out, a.at)
		}
	}
	return out, true
}

func post(slug string, at *time.Time) content.PostInput {
	return content.PostInput{Title: "Post " + slug, Slug: slug, Excerpt: "x", Content: "A body of words.", PublishedAt: at}
}

func sleepUntil(t time.Time) { time.Sleep(time.Until(t)) }

// TestScheduledPostsAreAnnouncedOnceAndOnTimeByThreeReplicas: three
// replicas each run the schedule; every post that goes live is announced
// by exactly one of them, within the interval of its publish time, and a
// post that was live when saved is announced by its save alone.
func TestScheduledPostsAreAnnouncedOnceAndOnTimeByThreeReplicas(t *testing.T) {
	t.Parallel()
	r, _ := startReplicas(t, 3)
	ctx := context.Background()

	// Five posts scheduled for one moment, saved through different
	// replicas; one published at once; and one published at once and then
	// moved to the same moment (it leaves the site now and comes back).
	// Half an interval off the replicas' ticks (which began just now), so
	// the announcement cannot come at the very moment by luck.
	at := time.Now().Add(1500*time.Millisecond + testInterval/2)
	var scheduled []string
	for i := range 5 {
		p, err := r.svcs[i%3].CreatePost(ctx, "ana", post(fmt.Sprintf("scheduled-%d", i), &at))
		require.NoError(t, err)
		scheduled = append(scheduled, p.ID)
	}
	live, err := r.svcs[1].CreatePost(ctx, "ana", post("live-now", nil))
	require.NoError(t, err)
	moved, err := r.svcs[2].CreatePost(ctx, "ana", post("moved", nil))
	require.NoError(t, err)
	_, err = r.svcs[0].UpdatePost(ctx, "ana", moved.ID, post("moved", &at))
	require.NoError(t, err)
	require.True(t, time.Now().Before(at), "the posts were saved before their time (a slow machine: raise the lead)")

	sleepUntil(at.Add(testInterval + onTimeSlack + time.Second))
	all, err := r.announcements()
	require.NoError(t, err)
	saves := map[string]int{}
	live2 := map[string][]time.Time{}
	for _, a := range all {
		if a.at.Before(at) {
			saves[a.id]++
		} else {
			live2[a.id] = append(live2[a.id], a.at)
		}
	}
	var latest time.Duration
	for _, id := range append(scheduled, moved.ID) {
		require.Len(t, live2[id], 1, "post %s announced once when it went live: %v", id, live2[id])
		late := live2[id][0].Sub(at)
		require.LessOrEqual(t, late, testInterval+onTimeSlack, "post %s announced %s after its time", id, late)
		latest = max(latest, late)
	}
	t.Logf("6 posts announced once each, at most %s after their time (interval %s)", latest.Round(time.Millisecond), testInterval)
	for _, id := range scheduled {
		require.Equal(t, 1, saves[id], "post %s: its save announced it once", id)
	}
	require.Equal(t, 2, saves[moved.ID], "the moved post: created and updated")
	require.Equal(t, 1, saves[live.ID], "the live post: its save")
	require.Empty(t, live2[live.ID], "a post live when saved is not announced again by the schedule")
}

// TestScheduledPostIsAnnouncedAfterNATSReturns: when NATS is down as a post
// goes live, the announcement is not lost with the failed publish: once
// NATS is back, one replica announces it, once.
func TestScheduledPostIsAnnouncedAfterNATSReturns(t *testing.T) {
	t.Parallel()
	r, ns := startReplicas(t, 2)
	ctx := context.Background()

	at := time.Now().Add(time.Second)
	p, err := r.svcs[0].CreatePost(ctx, "ana", post("during-outage", &at))
	require.NoError(t, err)
	require.Eventually(t, func() bool { got, ok := r.announcedLive(p.ID, time.Time{}); return ok && len(got) == 1 },
		5*time.Second, 20*time.Millisecond, "the save's own announcement")
	ns.Stop()
	sleepUntil(at.Add(4 * testInterval)) // rounds that cannot publish
	ns.Restart()
	back := time.Now()

	require.Eventually(t, func() bool { got, ok := r.announcedLive(p.ID, at); return ok && len(got) > 0 },
		10*time.Second, 50*time.Millisecond, "announced once NATS is back")
	time.Sleep(3 * testInterval) // any second announcement would come now
	after, ok := r.announcedLive(p.ID, at)
	require.True(t, ok)
	require.Len(t, after, 1, "announced once: %v", after)
	require.False(t, after[0].Before(back), "announced after NATS returned")
}

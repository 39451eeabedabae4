package webhook

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
)

// flakyStore fails Claim for its first failures calls (Postgres away),
// then claims nothing.
type flakyStore struct {
	Store
	mu       sync.Mutex
	failures int
	claims   int
}

func (f *flakyStore) Claim(context.Context, int, time.Duration) ([]Claimed, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.claims++
	if f.claims <= f.failures {
		return nil, errors.New("connection refused")
	}
	return nil, nil
}

func (f *flakyStore) Prune(context.Context, time.Time, int) (int, error) { return 0, nil }

func (f *flakyStore) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.claims
}

// While the database is away the worker says so once and backs off, then
// says when it claims again.
func TestTheWorkerBacksOffQuietlyWhileTheDatabaseIsAway(t *testing.T) {
	store := &flakyStore{failures: 5}
	var logs logtest.Buffer
	s := &Service{Store: store, Log: slog.New(slog.NewJSONHandler(&logs, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = (&Worker{Service: s, Poll: 5 * time.Millisecond}).Run(ctx) }()
	require.Eventually(t, func() bool { return store.count() > 7 }, 10*time.Second, 5*time.Millisecond)
	cancel()
	<-done
	out := logs.String()
	require.Equal(t, 1, strings.Count(out, "could not claim deliveries"), "one warning for five failures:\n%s", out)
	require.Equal(t, 1, strings.Count(out, "claiming deliveries again"))
}

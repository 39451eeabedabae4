package scratch

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/pgdb"
)

// write is one INSERT a writer made.
type write struct {
	id         string
	start, end time.Time
	err        error
}

// writer keeps writing through one pool, as a service's requests do: four
// at a time, each every 100 ms with a 2 s deadline.
type writer struct {
	name string
	pool *pgxpool.Pool
	mu   sync.Mutex
	all  []write
}

func (w *writer) run(ctx context.Context) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				id := fmt.Sprintf("%s-%d-%d", w.name, g, i)
				x := write{id: id, start: time.Now()}
				octx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				_, x.err = w.pool.Exec(octx, "INSERT INTO writes (id) VALUES ($1)", id)
				cancel()
				x.end = time.Now()
				w.mu.Lock()
				w.all = append(w.all, x)
				w.mu.Unlock()
				time.Sleep(100 * time.Millisecond)
			}
		})
	}
	wg.Wait()
}

// around sums up the writes around an event at t (until the next event,
// or the end): how many failed and succeeded, the longest time between
// two successful writes ending, and when the write that ended it did.
func (w *writer) around(t, until time.Time) (failed, ok int, pause time.Duration, back time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	all := slices.Clone(w.all)
	slices.SortFunc(all, func(a, b write) int { return a.end.Compare(b.end) })
	last := time.Time{}
	for _, x := range all {
		if x.end.Before(t) {
			if x.err == nil {
				last = x.end
			}
			continue
		}
		if x.start.After(until) {
			break
		}
		if x.err != nil {
			failed++
			continue
		}
		ok++
		if !last.IsZero() && x.end.Sub(last) > pause {
			pause, back = x.end.Sub(last), x.end
		}
		last = x.end
	}
	return failed, ok, pause, back
}

// The cluster harness and the pools on it (issue 36, ADR 0013): three
// pools write through the failover of a hung leader (SIGSTOP, 15 s), a
// planned switchover and a SIGKILLed leader, each reaching the leader its
// way (a multi-host URL with target_session_attrs=read-write at pgdb's
// connect timeout, the same at 5 s, HAProxy on Patroni's /primary). Each
// pool writes again after each event with no restart, and every write
// acknowledged is on the leader at the end (synchronous_mode_strict: no
// acknowledged commit lost). The figures are ADR 0013's.
func TestPGClusterFailover(t *testing.T) {
	dir, err := os.MkdirTemp("", "pgcluster-")
	require.NoError(t, err)
	require.NoError(t, os.Chmod(dir, 0o755)) // the postgres user's way in
	logs := dir + "/logs"
	require.NoError(t, os.MkdirAll(logs, 0o755))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("logs kept in %s", logs)
			return
		}
		os.RemoveAll(dir)
	})
	t0 := time.Now()
	c, err := StartPGCluster(dir, logs, PGClusterOptions{HAProxy: true})
	require.NoError(t, err)
	defer c.Close()
	t.Logf("three nodes whole in %s", time.Since(t0).Round(100*time.Millisecond))
	require.Equal(t, "pg1", c.Leader().Name)

	url, err := c.CreateDB("failover")
	require.NoError(t, err)
	_, err = WithDB(url, func(ctx context.Context, conn *pgx.Conn) (any, error) {
		return conn.Exec(ctx, "CREATE TABLE writes (id text PRIMARY KEY)")
	})
	require.NoError(t, err)
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx, stop := context.WithCancel(context.Background())
	var ws []*writer
	var running sync.WaitGroup
	for _, p := range []struct{ name, url string }{
		{"multi-host", url},
		{"multi-host-1s", url + "&connect_timeout=1"},
		{"multi-host-5s", url + "&connect_timeout=5"},
		{"haproxy", c.HAProxyURL("failover")},
	} {
		pool, err := pgdb.Open(ctx, quiet, p.url, 10*time.Second)
		require.NoError(t, err)
		defer pool.Close()
		w := &writer{name: p.name, pool: pool}
		ws = append(ws, w)
		running.Go(func() { w.run(ctx) })
	}
	time.Sleep(2 * time.Second)

	type event struct {
		what     string
		at       time.Time
		newWrite time.Duration // until the new leader took a write of its own
	}
	var events []event
	// firstWrite is how long after at a write straight to the new leader
	// (its own address) succeeded.
	firstWrite := func(at time.Time, not *PGNode) time.Duration {
		require.NoError(t, WaitFor("a new leader to take writes", 60*time.Second, func() bool {
			l := c.Leader()
			if l == nil || l == not {
				return false
			}
			_, err := WithDB(l.URL("failover")+"&connect_timeout=1", func(ctx context.Context, conn *pgx.Conn) (any, error) {
				return conn.Exec(ctx, "INSERT INTO writes (id) VALUES ($1)", fmt.Sprintf("probe-%d", time.Now().UnixNano()))
			})
			return err == nil
		}))
		return time.Since(at)
	}

	// A hung leader: the first host of the URL, every new connection's
	// first try.
	hung := c.Leader()
	at := time.Now()
	hung.Pause()
	d := firstWrite(at, hung)
	time.Sleep(time.Until(at.Add(15 * time.Second)))
	hung.Resume()
	events = append(events, event{"leader " + hung.Name + " SIGSTOPped 15 s", at, d})
	require.NoError(t, c.WaitHealthy(90*time.Second))
	time.Sleep(2 * time.Second)

	old := c.Leader()
	at = time.Now()
	require.NoError(t, c.Switchover(""))
	events = append(events, event{"switchover from " + old.Name, at, firstWrite(at, old)})
	require.NoError(t, c.WaitHealthy(90*time.Second))
	time.Sleep(2 * time.Second)

	killed := c.Leader()
	at = time.Now()
	killed.Kill()
	d = firstWrite(at, killed)
	require.NoError(t, killed.Start())
	events = append(events, event{"leader " + killed.Name + " SIGKILLed", at, d})
	require.NoError(t, c.WaitHealthy(90*time.Second))
	time.Sleep(3 * time.Second)
	end := time.Now()
	stop()
	running.Wait()

	for i, e := range events {
		until := end
		if i+1 < len(events) {
			until = events[i+1].at
		}
		t.Logf("%s: new leader took writes %s later", e.what, e.newWrite.Round(100*time.Millisecond))
		for _, w := range ws {
			failed, ok, pause, back := w.around(e.at, until)
			t.Logf("  %-14s writing again %5s after, longest pause between writes %5s; %4d writes failed, %5d ok", w.name,
				back.Sub(e.at).Round(100*time.Millisecond), pause.Round(100*time.Millisecond), failed, ok)
			require.Positive(t, ok, "%s wrote nothing after %s", w.name, e.what)
		}
	}
	// Every acknowledged write is on the leader.
	stored, err := WithDB(url, func(ctx context.Context, conn *pgx.Conn) (map[string]bool, error) {
		rows, err := conn.Query(ctx, "SELECT id FROM writes")
		if err != nil {
			return nil, err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		m := map[string]bool{}
		for _, id := range ids {
			m[id] = true
		}
		return m, err
	})
	require.NoError(t, err)
	acked, lost := 0, 0
	for _, w := range ws {
		for _, x := range w.all {
			if x.err == nil {
				acked++
				if !stored[x.id] {
					lost++
				}
			}
		}
	}
	t.Logf("%d writes acknowledged, %d of them lost", acked, lost)
	require.Zero(t, lost)
}

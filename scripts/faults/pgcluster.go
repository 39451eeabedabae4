package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// The Postgres drills (issue 36, part 3): the stack on a three-node
// Patroni cluster (scratch.PGCluster: synchronous replication, strict)
// and a three-node NATS cluster, under steady load through the gateways'
// balancer: leads at pgLeadRate, the public pages and API reads the site
// makes at pgReadRate, a staff note every 200 ms, and a probe of the
// database's own writes. Each drill fails on any lead not accepted (2xx
// within 2 s: the goal is none refused), any page read failed, a lead lost
// or half-written, or a cluster not whole again afterwards. One cluster
// serves the four drills, each in a database of its own.
const (
	pgLeadRate  = 50.0 // lead submits/s
	pgReadRate  = 20.0 // page and API reads/s
	pgStaffRate = 5.0  // staff notes/s: one every 200 ms
	pgProbeRate = 5.0  // write probes of the database/s
	// pgAccepted is how soon a lead must be answered 2xx to count as
	// accepted (issue 36).
	pgAccepted = 2 * time.Second
	// pgWarm and pgAfter are the load before the fault, and after the
	// cluster is whole again.
	pgWarm  = 5 * time.Second
	pgAfter = 5 * time.Second
	// pgHang is how long the leader stays SIGSTOPped; pgDown how long the
	// whole cluster stays down.
	pgHang = 20 * time.Second
	pgDown = 30 * time.Second
)

// pgDrills are the drills run on the Patroni cluster.
var pgDrills = []string{"pg-kill", "pg-switchover", "pg-hang", "pg-down"}

func init() {
	for _, n := range pgDrills {
		natsNodes[n] = 3
	}
}

// pgCluster is the run's Patroni cluster, started by the first drill that
// needs it.
var pgCluster struct {
	c   *scratch.PGCluster
	err error
}

// stackDB is where scenario name's stack makes its database: the Patroni
// cluster for the Postgres drills (started the first time), the run's
// Postgres for the others.
func stackDB(r *scratch.Run, name string) (scratch.DB, error) {
	if !slices.Contains(pgDrills, name) {
		return r.PG, nil
	}
	if pgCluster.c == nil && pgCluster.err == nil {
		t := time.Now()
		pgCluster.c, pgCluster.err = scratch.StartPGCluster(filepath.Join(r.Root, "pgcluster"), r.LogDir, scratch.PGClusterOptions{})
		if pgCluster.err == nil {
			fmt.Printf("Postgres cluster: three Patroni nodes whole in %s (logs %s/patroni-pg*.log)\n", time.Since(t).Round(100*time.Millisecond), r.LogDir)
		}
	}
	if pgCluster.err != nil {
		return nil, fmt.Errorf("start the Postgres cluster: %w", pgCluster.err)
	}
	return pgCluster.c, nil
}

// closePGCluster stops the cluster, if a drill started it.
func closePGCluster() {
	if pgCluster.c != nil {
		pgCluster.c.Close()
	}
}

// pgFault is what a drill did to the cluster.
type pgFault struct {
	// at is when the fault began; back when the node or cluster was
	// resumed or started again (zero when nothing needed to be).
	at, back time.Time
	// old is the leader before; note says what happened.
	old  *scratch.PGNode
	note string
}

// writeProbe is one write straight to the database (txid_current() commits
// with a transaction id, so only a primary with its synchronous standby
// answers), on a new connection through the services' URL.
type writeProbe struct {
	sent, done time.Time
	ok         bool
}

type writeProbes struct {
	mu  sync.Mutex
	all []writeProbe
}

func (p *writeProbes) run(ctx context.Context, url string) {
	scratch.Pace(ctx, pgProbeRate, 0, func(int) {
		x := writeProbe{sent: time.Now()}
		pctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if c, err := pgx.Connect(pctx, url); err == nil {
			_, err = c.Exec(pctx, "SELECT txid_current()")
			x.ok = err == nil
			c.Close(context.Background())
		}
		x.done = time.Now()
		p.mu.Lock()
		p.all = append(p.all, x)
		p.mu.Unlock()
	})
}

// outage is when, after t, the first probe failed and when the first one
// sent after the last failure before a success answered: the database
// not taking writes. failed is false when no probe failed; back is zero
// when none succeeded after.
func (p *writeProbes) outage(t time.Time) (failed bool, from, back time.Time) {
	p.mu.Lock()
	all := slices.Clone(p.all)
	p.mu.Unlock()
	slices.SortFunc(all, func(a, b writeProbe) int { return a.sent.Compare(b.sent) })
	for _, x := range all {
		switch {
		case x.sent.Before(t):
		case !x.ok && !failed:
			failed, from = true, x.sent
		case x.ok && failed:
			return true, from, x.done
		}
	}
	return failed, from, time.Time{}
}

// 11. The leader SIGKILLed (Patroni, its Postgres, every backend), and
// started again once another node leads.
func pgKillScenario(s *scratch.Stack, v *verdict) {
	pgDrill(s, v, "pgkill", func(c *scratch.PGCluster) pgFault {
		f := pgFault{old: c.Leader(), at: time.Now()}
		f.old.Kill()
		if _, err := waitNewLeader(c, f.old, 60*time.Second); err != nil {
			v.fail("%v", err)
		}
		if err := f.old.Start(); err != nil {
			v.fail("start %s again: %v", f.old.Name, err)
		}
		f.back = time.Now()
		f.note = fmt.Sprintf("leader %s SIGKILLed, started again %s later", f.old.Name, f.back.Sub(f.at).Round(100*time.Millisecond))
		return f
	})
}

// 12. A planned switchover (Patroni's REST API) to the synchronous
// standby.
func pgSwitchoverScenario(s *scratch.Stack, v *verdict) {
	pgDrill(s, v, "pgswitch", func(c *scratch.PGCluster) pgFault {
		f := pgFault{old: c.Leader(), at: time.Now()}
		if err := c.Switchover(""); err != nil {
			v.fail("%v", err)
		}
		f.note = fmt.Sprintf("switchover from %s answered in %s", f.old.Name, time.Since(f.at).Round(100*time.Millisecond))
		return f
	})
}

// 13. The leader hung for pgHang (SIGSTOP to Patroni, its Postgres and
// every backend: its ports still take connections, nothing answers),
// then resumed: it must find it lost the lock and follow.
func pgHangScenario(s *scratch.Stack, v *verdict) {
	pgDrill(s, v, "pghang", func(c *scratch.PGCluster) pgFault {
		f := pgFault{old: c.Leader(), at: time.Now()}
		f.old.Pause()
		time.Sleep(pgHang)
		f.old.Resume()
		f.back = time.Now()
		f.note = fmt.Sprintf("leader %s SIGSTOPped for %s, then SIGCONT", f.old.Name, f.back.Sub(f.at).Round(100*time.Millisecond))
		return f
	})
}

// 14. The whole cluster down for pgDown (every node SIGKILLed), then
// started again.
func pgDownScenario(s *scratch.Stack, v *verdict) {
	pgDrill(s, v, "pgdown", func(c *scratch.PGCluster) pgFault {
		f := pgFault{old: c.Leader(), at: time.Now()}
		var wg sync.WaitGroup
		for _, nd := range c.Nodes {
			wg.Go(nd.Kill)
		}
		wg.Wait()
		time.Sleep(time.Until(f.at.Add(pgDown)))
		f.back = time.Now()
		errs := make([]error, len(c.Nodes))
		for i, nd := range c.Nodes {
			wg.Go(func() { errs[i] = nd.Start() })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				v.fail("start %s again: %v", c.Nodes[i].Name, err)
			}
		}
		f.note = fmt.Sprintf("every node SIGKILLed, all started again %s later (their REST APIs up %s after that)",
			f.back.Sub(f.at).Round(100*time.Millisecond), time.Since(f.back).Round(100*time.Millisecond))
		return f
	})
}

// waitNewLeader waits until a node other than old leads.
func waitNewLeader(c *scratch.PGCluster, old *scratch.PGNode, timeout time.Duration) (*scratch.PGNode, error) {
	var l *scratch.PGNode
	err := scratch.WaitFor("a new Postgres leader", timeout, func() bool { l = c.Leader(); return l != nil && l != old })
	return l, err
}

// pgDrill runs one drill: the load, fault (which returns once it is done
// doing harm), the cluster whole again, the load a while longer, then the
// figures and the verdict.
func pgDrill(s *scratch.Stack, v *verdict, tag string, fault func(*scratch.PGCluster) pgFault) {
	c := s.PGCluster
	if c == nil {
		v.fail("the stack is not on a Patroni cluster")
		return
	}
	if err := c.WaitHealthy(120 * time.Second); err != nil {
		v.fail("before the drill: %v", err)
		return
	}
	staff, err := s.StaffClient()
	if err != nil {
		v.fail("%v", err)
		return
	}
	base := s.Base()
	rec := &recorder{}
	first := submitLead(rec, base, tag+"-first", 0)
	if !first.ok() {
		v.fail("the first lead: %d %s", first.status, first.err)
		return
	}

	ctx, stop := context.WithCancel(context.Background())
	var load sync.WaitGroup
	pr := &writeProbes{}
	load.Go(func() { scratch.Pace(ctx, pgLeadRate, 0, func(i int) { submitLead(rec, base, tag, i+1) }) })
	load.Go(func() {
		scratch.Pace(ctx, pgReadRate, 0, func(i int) {
			do(rec, "read", "GET", base+gatewayReads[i%len(gatewayReads)], nil, map[string]string{"X-Forwarded-For": scratch.VisitorIP(1<<22 + i)})
		})
	})
	load.Go(func() { scratch.Pace(ctx, pgStaffRate, 0, func(i int) { staffNote(rec, staff, base, first.id, i) }) })
	load.Go(func() { pr.run(ctx, s.DBURL+"&connect_timeout=1") })
	start := time.Now()
	time.Sleep(pgWarm)

	f := fault(c)
	// The load goes on until the database has taken writes for pgAfter.
	if err := scratch.WaitFor("the database to take writes", 120*time.Second, func() bool {
		failed, _, back := pr.outage(f.at)
		return !failed || !back.IsZero()
	}); err != nil {
		v.fail("%v", err)
	}
	time.Sleep(pgAfter)
	stop()
	load.Wait()
	took := time.Since(start)

	leads := rec.results("lead")
	reads := rec.results("read")
	notes := rec.results("staff")
	refused, slow := 0, 0
	for _, r := range leads {
		switch {
		case !r.ok():
			refused++
		case r.latency() > pgAccepted:
			slow++
		}
	}
	v.note("%s", f.note)
	v.note("%d lead submits at %.0f/s in %s: %v (status: count); %d refused, %d answered 2xx but later than %s; p50 %s, p99 %s, max %s",
		len(leads), pgLeadRate, took.Round(time.Second), counts(leads), refused, slow, pgAccepted,
		percentile(leads, .5).Round(time.Millisecond), percentile(leads, .99).Round(time.Millisecond), maxLatency(leads).Round(time.Millisecond))
	v.note("longest intake pause (no lead accepted): %s", intakePause(leads, start).Round(100*time.Millisecond))
	if slow > 0 {
		v.note("leads answered later than %s, by the second they were sent in (from the fault): %s", pgAccepted, slowTimeline(leads, f.at))
	}
	nf, span := refusedSpan(notes)
	v.note("staff notes every 200 ms: %v, %d refused over %s, slowest %s", counts(notes), nf, span.Round(100*time.Millisecond), maxLatency(notes).Round(time.Millisecond))
	failedReads := len(reads) - counts(reads)[200]
	v.note("%d page and API reads at %.0f/s: %v, %d failed, slowest %s", len(reads), pgReadRate, counts(reads), failedReads, maxLatency(reads).Round(time.Millisecond))
	switch failed, from, back := pr.outage(f.at); {
	case !failed:
		v.note("the database never refused a write (probes on new connections, %.0f/s)", pgProbeRate)
	case back.IsZero():
		v.fail("the database took no write again after the fault")
	default:
		line := fmt.Sprintf("the database took writes again %s after the fault (refused them for %s)",
			back.Sub(f.at).Round(100*time.Millisecond), back.Sub(from).Round(100*time.Millisecond))
		if !f.back.IsZero() && back.After(f.back) {
			line += fmt.Sprintf(", %s after the node(s) came back", back.Sub(f.back).Round(100*time.Millisecond))
		}
		v.note("%s", line)
	}

	if refused+slow > 0 {
		v.fail("%d leads not accepted (%d refused, %d slower than %s): the goal is none", refused+slow, refused, slow, pgAccepted)
	}
	if failedReads > 0 {
		v.fail("%d page reads failed: %v", failedReads, counts(reads))
	}
	// The accounting waits for the outbox; a lead held in contact's spool
	// while Postgres could not take it is not there until the spool has
	// been drained into Postgres.
	if err := spoolDrained(s, 60*time.Second); err != nil {
		v.fail("%v", err)
	}
	problems, figures := leadAccounting(s, leadIDs(leads)) // the first one too
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
	// The next drill needs the cluster whole: every node back, streaming,
	// synchronous.
	if err := c.WaitHealthy(120 * time.Second); err != nil {
		v.fail("after the fault: %v", err)
	}
	v.note("every standby streaming and synchronous again %s after the fault at the latest (checked after the accounting); leader now %s", time.Since(f.at).Round(100*time.Millisecond), leaderName(c))
}

func leaderName(c *scratch.PGCluster) string {
	if l := c.Leader(); l != nil {
		return l.Name
	}
	return "none"
}

// staffNote adds note i to lead id as the inbox's note form does.
func staffNote(rec *recorder, staff *http.Client, base, id string, i int) {
	body, _ := json.Marshal(map[string]string{"body": fmt.Sprintf("Called back, left a message (%d).", i)})
	r := result{kind: "staff", sent: time.Now()}
	code, answer, err := scratch.Send(staff, "POST", base+"/api/contact-submissions/"+id+"/notes", string(body),
		map[string]string{"Content-Type": "application/json"})
	r.done, r.status = time.Now(), code
	if err != nil {
		r.err = err.Error()
	} else if code/100 != 2 {
		r.message = answer
	}
	rec.add(r)
}

// intakePause is the longest time from start during which no lead was
// answered 2xx: between two accepted leads' answers, from start to the
// first, or from the last to the last answer of any kind.
func intakePause(leads []result, start time.Time) time.Duration {
	var oks []time.Time
	end := start
	for _, r := range leads {
		if r.done.After(end) {
			end = r.done
		}
		if r.ok() {
			oks = append(oks, r.done)
		}
	}
	slices.SortFunc(oks, func(a, b time.Time) int { return a.Compare(b) })
	longest, last := time.Duration(0), start
	for _, t := range append(oks, end) {
		longest = max(longest, t.Sub(last))
		last = t
	}
	return longest
}

// slowTimeline counts the leads answered later than pgAccepted by the
// second they were sent in, from at ("+3s: 12, +4s: 40").
func slowTimeline(leads []result, at time.Time) string {
	by := map[int]int{}
	for _, r := range leads {
		if r.ok() && r.latency() > pgAccepted {
			by[int(math.Floor(r.sent.Sub(at).Seconds()))]++
		}
	}
	secs := slices.Sorted(maps.Keys(by))
	parts := make([]string, len(secs))
	for i, sec := range secs {
		parts[i] = fmt.Sprintf("%+ds: %d", sec, by[sec])
	}
	return strings.Join(parts, ", ")
}

// refusedSpan counts the requests not answered 2xx and the time from the
// first of them being sent to the last one's answer.
func refusedSpan(rs []result) (int, time.Duration) {
	n := 0
	var first, last time.Time
	for _, r := range rs {
		if r.ok() {
			continue
		}
		n++
		if first.IsZero() || r.sent.Before(first) {
			first = r.sent
		}
		if r.done.After(last) {
			last = r.done
		}
	}
	if n == 0 {
		return 0, 0
	}
	return n, last.Sub(first)
}

// spoolDrained waits until contact's lead spool (the LEAD_SPOOL work
// queue) holds no lead; a stack without one has nothing to wait for.
func spoolDrained(s *scratch.Stack, timeout time.Duration) error {
	var held uint64
	err := scratch.WaitFor("the lead spool to drain into Postgres", timeout, func() bool {
		info, err := s.NATSCluster.StreamInfo("LEAD_SPOOL")
		if errors.Is(err, jetstream.ErrStreamNotFound) {
			return true
		}
		if err != nil {
			return false
		}
		held = info.State.Msgs
		return held == 0
	})
	if err != nil {
		return fmt.Errorf("%w: %d leads still held", err, held)
	}
	return nil
}

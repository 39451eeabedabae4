package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// leaderLog follows the LEADS stream's leader, as JetStream's stream info
// names it (a server_name: n1, n2, n3), every 100 ms from one connection
// as the read-only ops user.
type leaderLog struct {
	mu      sync.Mutex
	changes []leaderChange
}

// leaderChange is when the leader became who ("" while there is none, or
// while no server answers).
type leaderChange struct {
	at  time.Time
	who string
}

func followLeader(ctx context.Context, c *scratch.NATSCluster) (*leaderLog, error) {
	nc, err := c.Connect("ops")
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	l := &leaderLog{}
	go func() {
		defer nc.Close()
		for ctx.Err() == nil {
			who := ""
			qctx, cancel := context.WithTimeout(ctx, time.Second)
			if st, err := js.Stream(qctx, "LEADS"); err == nil && st.CachedInfo().Cluster != nil {
				who = st.CachedInfo().Cluster.Leader
			}
			cancel()
			l.mu.Lock()
			if n := len(l.changes); n == 0 || l.changes[n-1].who != who {
				l.changes = append(l.changes, leaderChange{time.Now(), who})
			}
			l.mu.Unlock()
			time.Sleep(100 * time.Millisecond)
		}
	}()
	return l, nil
}

// now is the leader last seen.
func (l *leaderLog) now() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.changes) == 0 {
		return ""
	}
	return l.changes[len(l.changes)-1].who
}

// firstAfter is the first leader other than not seen after t, and when;
// zero when none was.
func (l *leaderLog) firstAfter(t time.Time, not string) leaderChange {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.changes {
		if c.at.After(t) && c.who != "" && c.who != not {
			return c
		}
	}
	return leaderChange{}
}

// timeline is every change relative to start: "n1 at 0s, none at 8.1s, …".
func (l *leaderLog) timeline(start time.Time) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var parts []string
	for _, c := range l.changes {
		who := c.who
		if who == "" {
			who = "none"
		}
		parts = append(parts, fmt.Sprintf("%s at %s", who, max(c.at.Sub(start), 0).Round(100*time.Millisecond)))
	}
	return strings.Join(parts, ", ")
}

// 8. The lead stream on a three-node NATS cluster (issue 26, item 4 and
// item 5's first drill): LEADS with three replicas, every server fsyncing
// each write before acknowledging it (sync_interval: always). Under 2,000
// lead submits at 50/s through the gateway, the LEADS stream's leader is
// SIGKILLed at 8 s; the server that leads next (or another, if none does
// yet) at 20 s, which leaves one of three: no quorum; both are started
// again at 28 s. The 12 s between the kills outlast NATS's Raft election
// timeout (a random 4–9 s without the leader's heartbeat), so the drill
// sees both a failover and a lost quorum. Requires: every submit answered
// 2xx (the outbox holds what NATS cannot take), a new leader elected while
// two servers run, LEADS led again with every replica current within 60 s
// of the restart, and the lead accounting of the other drills.
func natsClusterScenario(s *scratch.Stack, v *verdict) {
	// Two replicas of every service, the leads sent through HAProxy in
	// front of both gateways: the stack as it is deployed.
	for _, k := range append([]string{"gateway"}, services...) {
		if err := s.Scale(k, 2); err != nil {
			v.fail("scale %s to two replicas: %v", k, err)
			return
		}
	}
	lb, err := s.StartHTTPLB(s.Instances("gateway")...)
	if err != nil {
		v.fail("start the load balancer: %v", err)
		return
	}
	base := lb.Base()
	c := s.NATSCluster
	info, err := c.StreamInfo("LEADS")
	if err != nil {
		v.fail("LEADS: %v", err)
		return
	}
	v.note("%d NATS servers; LEADS: %d replicas, file storage, leader %s; two replicas of every service, leads through HAProxy",
		len(c.Nodes), info.Config.Replicas, info.Cluster.Leader)
	if info.Config.Replicas != 3 {
		v.fail("LEADS has %d replicas, not 3", info.Config.Replicas)
	}
	ctx, stopFollowing := context.WithCancel(context.Background())
	defer stopFollowing()
	leaders, err := followLeader(ctx, c)
	if err != nil {
		v.fail("follow the leader: %v", err)
		return
	}

	rec := &recorder{}
	start := time.Now()
	var first, second *scratch.NATS
	var killedFirst, killedSecond, restarted time.Time
	var whole, drained time.Duration
	w1 := at(start, 8*time.Second, func() {
		first = c.Node(leaders.now())
		if first == nil {
			v.fail("no LEADS leader to kill at 8 s")
			first = c.Nodes[0]
		}
		killedFirst = time.Now()
		first.P.Kill()
	})
	w2 := at(start, 20*time.Second, func() {
		w1()
		second = c.Node(leaders.now())
		if second == nil || second == first {
			// No leader yet: another server.
			for _, n := range c.Nodes {
				if n != first {
					second = n
					break
				}
			}
		}
		killedSecond = time.Now()
		second.P.Kill()
	})
	w3 := at(start, 28*time.Second, func() {
		w2()
		for _, n := range []*scratch.NATS{first, second} {
			if err := n.Start(); err != nil {
				v.fail("restart %s: %v", n.Name, err)
			}
		}
		restarted = time.Now()
		if err := scratch.WaitFor("LEADS led, every replica current", 60*time.Second, func() bool { return leadsWhole(c) == nil }); err != nil {
			v.fail("%v: %v", err, leadsWhole(c))
		}
		whole = time.Since(restarted)
		// Every lead stored before the restart published.
		if err := scratch.WaitFor("the backlog to publish", 60*time.Second, func() bool {
			st, err := scratch.ReadLeads(s.DBURL, restarted)
			return err == nil && st.OldPending == 0
		}); err != nil {
			v.fail("%v", err)
		}
		drained = time.Since(restarted)
	})
	scratch.Pace(context.Background(), 50, 2000, func(i int) { submitLead(rec, base, "cluster", i) })
	w3()
	time.Sleep(time.Second) // the leader log's last look
	stopFollowing()

	leads := rec.results("lead")
	cs := counts(leads)
	failed := len(leads) - cs[200]
	v.note("2,000 submits at 50/s in %s: %v (status: count), %d failed, p50 %s, p99 %s, max %s", time.Since(start).Round(time.Second), cs, failed,
		percentile(leads, .5).Round(time.Millisecond), percentile(leads, .99).Round(time.Millisecond), maxLatency(leads).Round(time.Millisecond))
	if failed > 0 {
		v.fail("%d submits were not answered 2xx", failed)
	}
	elected := leaders.firstAfter(killedFirst, first.Name)
	v.note("leader %s SIGKILLed at %s; next leader %s", first.Name, killedFirst.Sub(start).Round(100*time.Millisecond), describe(elected, killedFirst))
	if elected.who == "" || elected.at.After(killedSecond) {
		v.fail("no new leader was elected in the %s two servers ran", killedSecond.Sub(killedFirst).Round(100*time.Millisecond))
	}
	v.note("%s SIGKILLed at %s (one server of three left); both started again at %s: leader %s, every replica current %s later, backlog published %s later",
		second.Name, killedSecond.Sub(start).Round(100*time.Millisecond), restarted.Sub(start).Round(100*time.Millisecond),
		describe(leaders.firstAfter(restarted, ""), restarted), whole.Round(10*time.Millisecond), drained.Round(10*time.Millisecond))
	v.note("leaders: %s", leaders.timeline(start))
	if info, err := c.StreamInfo("LEADS"); err != nil {
		v.fail("LEADS after: %v", err)
	} else {
		var peers []string
		for _, p := range info.Cluster.Replicas {
			peers = append(peers, fmt.Sprintf("%s current %t", p.Name, p.Current))
		}
		v.note("LEADS at the end: %d messages, leader %s, followers %s", info.State.Msgs, info.Cluster.Leader, strings.Join(peers, ", "))
	}
	problems, figures := leadAccounting(s, leadIDs(leads))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

// leadsWhole says what LEADS lacks of a leader and two current followers;
// nil when nothing.
func leadsWhole(c *scratch.NATSCluster) error {
	info, err := c.StreamInfo("LEADS")
	if err != nil {
		return err
	}
	if info.Cluster == nil || info.Cluster.Leader == "" {
		return fmt.Errorf("no leader")
	}
	current := 0
	for _, p := range info.Cluster.Replicas {
		if p.Current {
			current++
		}
	}
	if current != len(c.Nodes)-1 {
		return fmt.Errorf("%d of %d followers current", current, len(c.Nodes)-1)
	}
	return nil
}

// describe is "n2, 4.2s after" (after since), or "none".
func describe(c leaderChange, since time.Time) string {
	if c.who == "" {
		return "none"
	}
	return fmt.Sprintf("%s, %s after", c.who, c.at.Sub(since).Round(100*time.Millisecond))
}

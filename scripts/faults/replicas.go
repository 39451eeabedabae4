package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// services are the kinds whose calls the gateway (and content) spread over
// replicas with gRPC's own balancing (ADR 0008).
var services = []string{"content", "contact", "media"}

// mix is a steady load through the gateway that reaches every service on
// every request of some kind: the public reads are mostly answered from the
// gateway's cache, so staff reads (never cached) keep content and contact's
// inbox busy, image reads media, and leads contact.
type mix struct {
	reads, postReads, inboxReads, imageReads, leads float64
}

func (m mix) String() string {
	return fmt.Sprintf("%.0f public reads/s, %.0f staff post-list reads/s, %.0f staff inbox reads/s, %.0f image reads/s and %.0f leads/s",
		m.reads, m.postReads, m.inboxReads, m.imageReads, m.leads)
}

// load is one run of a mix.
type load struct {
	rec  *recorder
	stop func()
}

// startLoad runs m through the gateways at base until stop: public reads
// of paths (spread over visitor addresses), staff reads with staff's
// session and reads of the image at imagePath.
func startLoad(base string, m mix, staff *http.Client, paths []string, imagePath string) *load {
	rec := &recorder{}
	ctx, cancel := context.WithCancel(context.Background())
	u, _ := url.Parse(base)
	var cookies []string
	for _, c := range staff.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	session := map[string]string{"Cookie": strings.Join(cookies, "; "), "X-Forwarded-For": "192.0.2.10"}
	var wg sync.WaitGroup
	run := func(rate float64, fn func(i int)) {
		if rate <= 0 {
			return
		}
		wg.Add(1)
		go func() { defer wg.Done(); scratch.Pace(ctx, rate, 0, fn) }()
	}
	run(m.reads, func(i int) {
		do(rec, "read", "GET", base+paths[i%len(paths)], nil, map[string]string{"X-Forwarded-For": scratch.VisitorIP(i)})
	})
	run(m.postReads, func(int) { do(rec, "staff-read", "GET", base+"/api/admin/blog-posts", nil, session) })
	run(m.inboxReads, func(int) { do(rec, "staff-read", "GET", base+"/api/contact-submissions?limit=5", nil, session) })
	run(m.imageReads, func(i int) {
		do(rec, "image", "GET", base+imagePath+"?w=480", nil, map[string]string{"X-Forwarded-For": scratch.VisitorIP(1<<18 + i)})
	})
	run(m.leads, func(i int) { submitLead(rec, base, "replicas", i) })
	return &load{rec: rec, stop: func() { cancel(); wg.Wait() }}
}

// report notes the load's requests, failures, p99 and maximum latency, and
// fails the verdict for every failed request (a failure the visitor sees).
func (l *load) report(v *verdict, during string) []result {
	all := l.rec.results("")
	failed := 0
	for _, r := range all {
		if !r.ok() {
			failed++
		}
	}
	kinds := map[string]int{}
	for _, r := range all {
		kinds[r.kind]++
	}
	var p99 []string
	for _, k := range []string{"read", "staff-read", "image", "lead"} {
		p99 = append(p99, fmt.Sprintf("%s %s", k, percentile(l.rec.results(k), .99).Round(time.Millisecond)))
	}
	v.note("%s: %d requests %v, %d failed, p99 %s (%s), max %s", during, len(all), kinds, failed,
		percentile(all, .99).Round(time.Millisecond), strings.Join(p99, ", "), maxLatency(all).Round(time.Millisecond))
	failedRequests(v, all)
	return all
}

// tally is each replica's answered calls at one moment.
type tally map[*scratch.Instance]float64

// count reads every live replica's calls of kinds.
func count(s *scratch.Stack, kinds ...string) tally {
	t := tally{}
	for _, k := range kinds {
		for _, in := range s.Instances(k) {
			if n, err := in.Calls(); err == nil {
				t[in] = n
			}
		}
	}
	return t
}

// shares are each of ins' part of the calls all of them answered between
// two tallies (a replica missing from either counts none), and the total.
func shares(ins []*scratch.Instance, from, to tally) ([]float64, float64) {
	d := make([]float64, len(ins))
	total := 0.0
	for i, in := range ins {
		a, okA := from[in]
		b, okB := to[in]
		if okA && okB {
			d[i] = b - a
			total += d[i]
		}
	}
	if total > 0 {
		for i := range d {
			d[i] /= total
		}
	}
	return d, total
}

// even is the band a replica's share must be in: 0.7 to 1.3 times an even
// share, 35 % to 65 % for two replicas.
func even(share float64, n int) bool {
	return share >= 0.7/float64(n) && share <= 1.3/float64(n)
}

// measureShares counts each service's calls over window and notes (and
// checks) every replica's share.
func measureShares(v *verdict, s *scratch.Stack, when string, window time.Duration) {
	from := count(s, services...)
	time.Sleep(window)
	to := count(s, services...)
	var parts []string
	for _, k := range services {
		ins := s.Instances(k)
		sh, total := shares(ins, from, to)
		pct := make([]string, len(sh))
		for i, x := range sh {
			pct[i] = fmt.Sprintf("%.0f%%", 100*x)
			if !even(x, len(ins)) {
				v.fail("%s: %s replica %d of %d served %.0f%% of %.0f calls (an even share ±30%%: %.0f%%–%.0f%%)", when, k, i+1, len(ins),
					100*x, total, 70/float64(len(ins)), 130/float64(len(ins)))
			}
		}
		parts = append(parts, fmt.Sprintf("%s %s of %.0f", k, strings.Join(pct, "/"), total))
	}
	v.note("shares per replica %s (%s, from each replica's /metrics): %s", when, window, strings.Join(parts, "; "))
}

// timeToShare is how long after since the replica in first served at least
// 70 % of an even share of its kind's calls over two seconds, polled every
// second for up to limit.
func timeToShare(s *scratch.Stack, in *scratch.Instance, since time.Time, limit time.Duration) (time.Duration, error) {
	ticks := []tally{count(s, in.Kind)}
	for time.Since(since) < limit {
		time.Sleep(time.Second)
		ticks = append(ticks, count(s, in.Kind))
		ins := s.Instances(in.Kind)
		sh, _ := shares(ins, ticks[max(0, len(ticks)-3)], ticks[len(ticks)-1])
		for i, x := range ins {
			if x == in && sh[i] >= 0.7/float64(len(ins)) {
				return time.Since(since), nil
			}
		}
	}
	return 0, fmt.Errorf("%s's new replica %s had not its share %s after it was ready", in.Kind, in.Addr, limit)
}

// within30 is how soon a replica that joined must have its share.
const within30 = 30 * time.Second

// joined checks and notes how long the replica in took to get its share.
func joined(v *verdict, s *scratch.Stack, in *scratch.Instance, since time.Time, what string) {
	d, err := timeToShare(s, in, since, within30+10*time.Second)
	if err != nil {
		v.fail("%s: %v", what, err)
		return
	}
	v.note("%s: it served its share %s after it was ready", what, d.Round(100*time.Millisecond))
	if d > within30 {
		v.fail("%s: share reached after %s (limit 30 s)", what, d.Round(100*time.Millisecond))
	}
}

// twoOfEach brings the stack to two gateways, starts m through them (their
// balancer, or with haproxy an HAProxy in front of both) with public reads
// of paths, then scales every service from one replica to two under it and
// notes how soon each new one served its share (the clients knew only the
// first). nil when something did not start (the verdict says what).
func twoOfEach(v *verdict, s *scratch.Stack, m mix, haproxy bool, paths ...string) *load {
	if err := s.Scale("gateway", 2); err != nil {
		v.fail("scale the gateway to two replicas: %v", err)
		return nil
	}
	staff, err := s.StaffClient()
	if err != nil {
		v.fail("%v", err)
		return nil
	}
	img := upload(&recorder{}, staff, s.Base(), 1)
	if !img.ok() {
		v.fail("upload for the reads: %d %s", img.status, img.message)
		return nil
	}
	base, through := s.Base(), "the gateways' balancer"
	if haproxy {
		lb, err := s.StartHTTPLB(s.Instances("gateway")...)
		if err != nil {
			v.fail("start the load balancer: %v", err)
			return nil
		}
		base, through = lb.Base(), "HAProxy"
	}
	v.note("load through %s in front of two gateways: %s", through, m)
	l := startLoad(base, m, staff, paths, img.id)
	time.Sleep(2 * time.Second)
	ready := map[string]time.Time{}
	for _, k := range services {
		if err := s.Scale(k, 2); err != nil {
			v.fail("scale %s to two replicas: %v", k, err)
			l.stop()
			return nil
		}
		ready[k] = time.Now()
	}
	for _, k := range services {
		joined(v, s, s.Instances(k)[1], ready[k], k+" scaled from 1 to 2")
	}
	return l
}

// replicasMix is the replicas scenario's load.
var replicasMix = mix{reads: 60, postReads: 30, inboxReads: 15, imageReads: 30, leads: 20}

// 9. Every service scaled from one replica to two under steady load through
// HAProxy and two gateways (how soon each new one has its share), then each
// replica's share of its service's calls; a third content replica added
// and taken away again; one replica of each service in turn SIGKILLed and
// replaced. No request may fail.
func replicasScenario(s *scratch.Stack, v *verdict) {
	l := twoOfEach(v, s, replicasMix, true, "/api/blog-posts?limit=3", "/api/editable-content", "/", "/sitemap.xml")
	if l == nil {
		return
	}
	measureShares(v, s, "with two of each", 10*time.Second)

	// kubectl scale --replicas=3, under the load, then back to 2.
	if err := s.Scale("content", 3); err != nil {
		v.fail("scale content to 3: %v", err)
	} else {
		ins := s.Instances("content")
		joined(v, s, ins[len(ins)-1], time.Now(), "content scaled to 3")
		measureShares(v, s, "with three content", 10*time.Second)
	}
	if err := s.Scale("content", 2); err != nil {
		v.fail("scale content to 2: %v", err)
	}
	time.Sleep(2 * time.Second)

	// One replica of each service SIGKILLed: its endpoint goes, the pod
	// restarts after a back-off and joins again.
	for _, k := range services {
		old := s.Instances(k)[0]
		old.P.Kill()
		killed := time.Now()
		s.SetLive(k, s.Instances(k)[1:]...)
		time.Sleep(2 * time.Second)
		in, err := s.StartInstance(k)
		if err != nil {
			v.fail("restart %s: %v", k, err)
			continue
		}
		s.SetLive(k, append(s.Instances(k), in)...)
		joined(v, s, in, time.Now(), fmt.Sprintf("%s SIGKILLed, back %s later", k, time.Since(killed).Round(100*time.Millisecond)))
	}
	measureShares(v, s, "after the kills", 10*time.Second)
	l.stop()
	rs := l.report(v, "the whole drill")
	problems, figures := leadAccounting(s, leadIDs(rs))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// verdict is one scenario's outcome.
type verdict struct {
	name     string
	problems []string
	figures  []string
	took     time.Duration
}

func (v *verdict) fail(format string, args ...any) {
	v.problems = append(v.problems, fmt.Sprintf(format, args...))
}
func (v *verdict) note(format string, args ...any) {
	v.figures = append(v.figures, fmt.Sprintf(format, args...))
}

// at runs fn after d from start, in the background; the returned wait
// blocks until it has run.
func at(start time.Time, d time.Duration, fn func()) (wait func()) {
	done := make(chan struct{})
	go func() {
		time.Sleep(time.Until(start.Add(d)))
		fn()
		close(done)
	}()
	return func() { <-done }
}

// 1. NATS killed during 2,000 lead submits at 50/s, then restarted; and
// paused (SIGSTOP) for 10 s during the same load.
func natsScenario(s *scratch.Stack, v *verdict) {
	rec := &recorder{}
	start := time.Now()
	var killedAt, restartedAt, pausedAt, resumedAt time.Time
	var backlogAfterRestart, backlogAfterResume time.Duration
	// After each return, the time until every outbox row written before it
	// has been published.
	drained := func(back time.Time) time.Duration {
		err := scratch.WaitFor("the backlog to publish", 60*time.Second, func() bool {
			st, err := scratch.ReadLeads(s.DBURL, back)
			return err == nil && st.OldPending == 0
		})
		if err != nil {
			v.fail("%v", err)
		}
		return time.Since(back)
	}
	w1 := at(start, 8*time.Second, func() { killedAt = time.Now(); s.NATS.P.Kill() })
	w2 := at(start, 14*time.Second, func() {
		w1()
		if err := s.NATS.Start(); err != nil {
			v.fail("restart NATS: %v", err)
		}
		restartedAt = time.Now()
		backlogAfterRestart = drained(restartedAt)
	})
	w3 := at(start, 24*time.Second, func() { pausedAt = time.Now(); s.NATS.P.Signal(syscall.SIGSTOP) })
	w4 := at(start, 34*time.Second, func() {
		w3()
		s.NATS.P.Signal(syscall.SIGCONT)
		resumedAt = time.Now()
		backlogAfterResume = drained(resumedAt)
	})
	scratch.Pace(context.Background(), 50, 2000, func(i int) { submitLead(rec, s.Base(), "nats", i) })
	w2()
	w4()
	leads := rec.results("lead")
	c := counts(leads)
	v.note("2,000 submits at 50/s in %s: %v (status: count), p50 %s, p99 %s, max %s", time.Since(start).Round(time.Second), c,
		percentile(leads, .5).Round(time.Millisecond), percentile(leads, .99).Round(time.Millisecond), maxLatency(leads).Round(time.Millisecond))
	v.note("NATS killed at %s, back at %s (backlog published %s later); paused at %s for %s (backlog published %s after SIGCONT)",
		killedAt.Sub(start).Round(100*time.Millisecond), restartedAt.Sub(start).Round(100*time.Millisecond), backlogAfterRestart.Round(10*time.Millisecond),
		pausedAt.Sub(start).Round(100*time.Millisecond), resumedAt.Sub(pausedAt).Round(100*time.Millisecond), backlogAfterResume.Round(10*time.Millisecond))
	if c[200] != len(leads) {
		v.fail("not every submit was accepted while NATS was down: %v", c)
	}
	for _, d := range []time.Duration{backlogAfterRestart, backlogAfterResume} {
		if d > 30*time.Second {
			v.fail("the outbox took %s to drain after NATS came back (limit 30 s)", d.Round(100*time.Millisecond))
		}
	}
	problems, figures := leadAccounting(s, leadIDs(leads))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

// 2. Postgres stopped for 10 s during submits at 50/s: every lead is
// still accepted within 2 s (the contact service holds it in its spool on
// JetStream), the gateway's /readyz says which services' Postgres is down
// while contact stays ready, and once Postgres is back every accepted lead
// is stored once and on LEADS once.
func postgresScenario(s *scratch.Stack, v *verdict) {
	rec := &recorder{}
	ctx, stopLoad := context.WithCancel(context.Background())
	loadDone := make(chan struct{})
	go func() { scratch.Pace(ctx, 50, 0, func(i int) { submitLead(rec, s.Base(), "pg", i) }); close(loadDone) }()
	time.Sleep(3 * time.Second)

	var ready string
	o := breakDependency(v, rec, "lead", "Postgres", 10*time.Second, s.PG.Stop, func() {
		// /readyz on the gateway's metrics port names the dependency that
		// is down; contact, whose leads go to the spool, stays SERVING.
		if err := scratch.WaitFor("/readyz to name postgres", 15*time.Second, func() bool {
			resp, err := http.Get("http://" + s.Instances("gateway")[0].MetricsAddr + "/readyz")
			if err != nil {
				return false
			}
			defer resp.Body.Close()
			var b bytes.Buffer
			_, _ = b.ReadFrom(resp.Body)
			ready = strings.TrimSpace(b.String())
			return strings.Contains(ready, `["postgres"]`) && strings.Contains(ready, `"contact":"SERVING"`)
		}); err != nil {
			v.fail("%v (last answer %s)", err, ready)
		}
	}, s.PG.Start)
	v.note("/readyz while Postgres is down: %s", ready)
	time.Sleep(3 * time.Second)
	stopLoad()
	<-loadDone

	var during []result
	for _, r := range rec.results("lead") {
		if r.sent.After(o.stopped) && r.done.Before(o.up) {
			during = append(during, r)
		}
	}
	cd, all := counts(during), counts(rec.results("lead"))
	v.note("%d submits while Postgres was down: %v, p50 %s, p99 %s, slowest %s", len(during), cd,
		percentile(during, 0.5).Round(time.Millisecond), percentile(during, 0.99).Round(time.Millisecond), maxLatency(during).Round(time.Millisecond))
	v.note("every submit of the run: %v", all)
	if len(during) == 0 {
		v.fail("no submit was made while Postgres was down")
	}
	if all[200] != len(rec.results("lead")) {
		v.fail("not every submit was accepted: %v (goal: none refused)", all)
	}
	if m := maxLatency(during); m > 2*time.Second {
		v.fail("an answer while Postgres was down took %s (limit 2 s)", m.Round(time.Millisecond))
	}
	v.note("Postgres back after %s stopped; first lead sent after its start answered %s after it", o.up.Sub(o.stopped).Round(100*time.Millisecond),
		o.firstOK.Round(time.Millisecond))
	problems, figures := leadAccounting(s, leadIDs(rec.results("lead")))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

// outage is when a dependency went down and came back.
type outage struct {
	stopped, up, started time.Time
	// firstOK is how long after the restart the first request of the kind
	// sent after it succeeded.
	firstOK time.Duration
}

// breakDependency stops a dependency while the load runs, runs while (the
// checks made while it is down), keeps it down for at least down, starts it
// again and waits for the first request of kind sent after that to succeed:
// nothing but the dependency is restarted, so that shows recovery by
// itself.
func breakDependency(v *verdict, rec *recorder, kind, what string, down time.Duration, stop, while func(), start func() error) outage {
	stop()
	o := outage{stopped: time.Now()}
	while()
	time.Sleep(time.Until(o.stopped.Add(down)))
	o.up = time.Now()
	if err := start(); err != nil {
		v.fail("restart %s: %v", what, err)
	}
	o.started = time.Now()
	if err := scratch.WaitFor(kind+" to work again after "+what+" returned", 60*time.Second, func() bool {
		for _, r := range rec.results(kind) {
			if r.ok() && r.sent.After(o.started) {
				o.firstOK = r.done.Sub(o.started)
				return true
			}
		}
		return false
	}); err != nil {
		v.fail("%v", err)
	}
	return o
}

// photo is a small JPEG unlike any other of the run (its hash, and so its
// key, is new).
func photo(n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	for y := range 64 {
		for x := range 96 {
			img.Set(x, y, color.RGBA{uint8(x*3 + n), uint8(y*4 + n*7), uint8(n * 13), 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

// upload posts one image as the admin's media tab does.
func upload(rec *recorder, c *http.Client, base string, n int) result {
	req := scratch.NewUpload(base, fmt.Sprintf("photo-%d.jpg", n), photo(n))
	// Each its own address: the upload limit (20, then one per 3 s) is not
	// what the scenario measures.
	req.Header.Set("X-Forwarded-For", scratch.VisitorIP(1<<20+n))
	r := result{kind: "upload", sent: time.Now()}
	resp, err := c.Do(req)
	if err != nil {
		r.done, r.err = time.Now(), err.Error()
		rec.add(r)
		return r
	}
	defer resp.Body.Close()
	var parsed struct {
		URL     string `json:"url"`
		Message string `json:"message"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&parsed)
	r.done, r.status, r.id, r.message = time.Now(), resp.StatusCode, parsed.URL, parsed.Message
	rec.add(r)
	return r
}

// 3. MinIO stopped during uploads.
func minioScenario(s *scratch.Stack, v *verdict) {
	c, err := s.StaffClient()
	if err != nil {
		v.fail("%v", err)
		return
	}
	rec := &recorder{}
	ctx, stopLoad := context.WithCancel(context.Background())
	loadDone := make(chan struct{})
	go func() { scratch.Pace(ctx, 4, 0, func(i int) { upload(rec, c, s.Base(), i) }); close(loadDone) }()
	time.Sleep(3 * time.Second)
	o := breakDependency(v, rec, "upload", "MinIO", 8*time.Second, func() { s.MinIO.P.Stop(10 * time.Second) }, func() {}, s.MinIO.Start)
	time.Sleep(2 * time.Second)
	stopLoad()
	<-loadDone
	stoppedAt, upAt, firstOK := o.stopped, o.up, o.firstOK

	var during []result
	okURLs := map[string]bool{}
	for _, r := range rec.results("upload") {
		if r.sent.After(stoppedAt) && r.done.Before(upAt) {
			during = append(during, r)
		}
		if r.ok() {
			okURLs[r.id] = true
		}
	}
	cd := counts(during)
	msgs := map[string]bool{}
	for _, r := range during {
		msgs[r.message] = true
	}
	v.note("%d uploads while MinIO was down: %v, slowest %s, messages %q", len(during), cd, maxLatency(during).Round(time.Millisecond), keys(msgs))
	v.note("MinIO back: first upload stored %s after it started; %d uploads stored in all (%v)", firstOK.Round(time.Millisecond),
		len(okURLs), counts(rec.results("upload")))
	if len(during) == 0 || cd[503] != len(during) {
		v.fail("uploads while MinIO was down did not all answer 503: %v", cd)
	}
	for m := range msgs {
		if m == "" || strings.Contains(strings.ToLower(m), "minio") || strings.Contains(m, "rpc") {
			v.fail("503 message %q", m)
		}
	}
	// Every metadata row names objects that exist, and it is exactly the
	// uploads answered 2xx.
	rowKeys, err := scratch.WithDB(s.DBURL, func(ctx context.Context, conn *pgx.Conn) ([]string, error) {
		rows, err := conn.Query(ctx, "SELECT key FROM media.images")
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	})
	if err != nil {
		v.fail("reading media rows: %v", err)
		return
	}
	orphans := 0
	for _, k := range rowKeys {
		if !okURLs["/media/"+k] {
			v.fail("metadata row %s was never answered 2xx", k)
		}
		resp, err := http.Get(s.Base() + "/media/" + k + "?w=480")
		if err != nil || resp.StatusCode != 200 {
			orphans++
		}
		if err == nil {
			resp.Body.Close()
		}
	}
	v.note("%d metadata rows, %d without their objects", len(rowKeys), orphans)
	if orphans > 0 || len(rowKeys) != len(okURLs) {
		v.fail("%d orphan metadata rows; %d rows for %d stored uploads", orphans, len(rowKeys), len(okURLs))
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// rollingMix is the rolling restart's load.
var rollingMix = mix{reads: 150, postReads: 20, inboxReads: 10, imageReads: 30, leads: 20}

// 4. A rolling restart of every service, two replicas each, under steady
// load; each replica's share of its service's calls before and after (the
// services go from one replica to two under the load first).
func rollingScenario(s *scratch.Stack, v *verdict) {
	l := twoOfEach(v, s, rollingMix, false, "/api/blog-posts?limit=3", "/api/editable-content", "/api/blog-posts/cipp-pipe-lining-explained",
		"/sitemap.xml", "/")
	if l == nil {
		return
	}
	measureShares(v, s, "before", 5*time.Second)
	// Five rounds, each replacing both replicas of every service in turn,
	// half a second apart: 40 replacements under the load.
	const rounds = 5
	start := time.Now()
	took := map[string]time.Duration{}
	for range rounds {
		for _, k := range scratch.Kinds {
			t := time.Now()
			if err := s.RollingRestart(k); err != nil {
				v.fail("rolling restart of %s: %v", k, err)
			}
			took[k] += time.Since(t)
			time.Sleep(500 * time.Millisecond)
		}
	}
	rolled := time.Since(start)
	v.note("%d rounds in %s; replacing both replicas took on average: content %s, contact %s, media %s, gateway %s", rounds,
		rolled.Round(100*time.Millisecond), (took["content"] / rounds).Round(10*time.Millisecond), (took["contact"] / rounds).Round(10*time.Millisecond),
		(took["media"] / rounds).Round(10*time.Millisecond), (took["gateway"] / rounds).Round(10*time.Millisecond))
	time.Sleep(3 * time.Second)
	measureShares(v, s, "after", 5*time.Second)
	l.stop()
	rs := l.report(v, "before, during and after the restarts")
	problems, figures := leadAccounting(s, leadIDs(rs))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

// 5. The contact service killed (SIGKILL) in the middle of the load, then
// started again (as Kubernetes restarts a pod).
func killScenario(s *scratch.Stack, v *verdict) {
	rec := &recorder{}
	start := time.Now()
	var restarted time.Duration
	w := at(start, 6*time.Second, func() {
		old := s.Instances("contact")[0]
		old.P.Kill()
		killed := time.Now()
		s.SetLive("contact")        // its endpoint goes
		time.Sleep(2 * time.Second) // the pod's restart back-off
		in, err := s.StartInstance("contact")
		if err != nil {
			v.fail("restart contact: %v", err)
			return
		}
		s.SetLive("contact", in)
		restarted = time.Since(killed)
	})
	scratch.Pace(context.Background(), 50, 750, func(i int) { submitLead(rec, s.Base(), "kill", i) })
	w()
	leads := rec.results("lead")
	v.note("750 submits at 50/s, contact SIGKILLed at 6 s and ready again %s later: %v", restarted.Round(100*time.Millisecond), counts(leads))
	for _, r := range leads {
		if !r.ok() && r.status != 503 {
			v.fail("a submit answered %d %s (expected 2xx or 503)", r.status, r.err)
			break
		}
	}
	problems, figures := leadAccounting(s, leadIDs(leads))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

// 6. A flood from one address at ten times the rate limits (and more),
// while other addresses go on as usual.
func floodScenario(s *scratch.Stack, v *verdict) {
	gw := s.Instances("gateway")[0]
	rssBefore := gw.P.RSSKB()
	rec := &recorder{}
	ctx, stop := context.WithCancel(context.Background())
	peak := rssBefore
	var pmu sync.Mutex
	go func() {
		for ctx.Err() == nil {
			r := gw.P.RSSKB()
			pmu.Lock()
			peak = max(peak, r)
			pmu.Unlock()
			time.Sleep(100 * time.Millisecond)
		}
	}()
	const flooder = "203.0.113.66"
	var wg sync.WaitGroup
	wg.Add(2)
	// /api/contact allows 5 then 1 a minute, /api/login 5 then 1 per 12 s:
	// 100 requests a second each for 10 s is far beyond ten times either.
	go func() {
		defer wg.Done()
		scratch.Pace(context.Background(), 200, 2000, func(i int) {
			if i%2 == 0 {
				body := []byte(`{"firstName":"Flood","lastName":"Er","email":"flood@example.com","phone":"6025550000","issues":["gurgling"]}`)
				do(rec, "flood-contact", "POST", s.Base()+"/api/contact", body, map[string]string{"Content-Type": "application/json", "X-Forwarded-For": flooder})
			} else {
				body := []byte(`{"username":"nobody@example.com","password":"wrong password"}`)
				do(rec, "flood-login", "POST", s.Base()+"/api/login", body, map[string]string{"Content-Type": "application/json", "X-Forwarded-For": flooder})
			}
		})
	}()
	go func() {
		defer wg.Done()
		scratch.Pace(context.Background(), 10, 100, func(i int) { submitLead(rec, s.Base(), "neighbour", 100000+i) })
	}()
	wg.Wait()
	// Then many addresses at once: each leaves a bucket behind.
	scratch.Pace(context.Background(), 1000, 20000, func(i int) {
		do(rec, "spread", "POST", s.Base()+"/api/contact", []byte(`{}`), map[string]string{"Content-Type": "application/json", "X-Forwarded-For": scratch.VisitorIP(200000 + i)})
	})
	stop()
	time.Sleep(200 * time.Millisecond)
	rssAfter := gw.P.RSSKB()
	fc, fl, nb, sp := rec.results("flood-contact"), rec.results("flood-login"), rec.results("lead"), rec.results("spread")
	v.note("flood from %s: /api/contact %v, /api/login %v; other addresses' leads %v; 20,000 requests from distinct addresses %v",
		flooder, counts(fc), counts(fl), counts(nb), counts(sp))
	v.note("gateway RSS %d MB before, peak %d MB, %d MB after", rssBefore/1024, peak/1024, rssAfter/1024)
	for name, rs := range map[string][]result{"/api/contact": fc, "/api/login": fl} {
		limited, missing := 0, 0
		for _, r := range rs {
			if r.status == 429 {
				limited++
				if r.retryAfter == "" {
					missing++
				}
			}
		}
		if limited < len(rs)-10 {
			v.fail("%s: only %d of %d flood requests were refused with 429", name, limited, len(rs))
		}
		if missing > 0 {
			v.fail("%s: %d 429 answers without Retry-After", name, missing)
		}
	}
	if c := counts(nb); c[200] != len(nb) {
		v.fail("other addresses were affected: %v", c)
	}
	if c := counts(sp); c[429] > 0 {
		v.fail("distinct addresses were rate limited: %v", c)
	}
	if peak-rssBefore > 128*1024 {
		v.fail("gateway memory grew by %d MB", (peak-rssBefore)/1024)
	}
}

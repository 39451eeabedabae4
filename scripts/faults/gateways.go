package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// What the gateways scenario holds them to.
const (
	// agreeWithin is how soon a staff edit must be on every gateway.
	agreeWithin = time.Second
	// cacheTTL is the gateway's backstop lifetime of what it keeps
	// (edge.Options.CacheTTL's default): the longest a gateway that missed
	// every event may serve a stale answer.
	cacheTTL = 5 * time.Minute
	// scheduleInterval is how often the content service looks for
	// scheduled posts that went live (content.ScheduleInterval), so how
	// late after its publish time the announcement may come: well inside
	// agreeWithin, which a scheduled post must meet from its publish time.
	scheduleInterval = 500 * time.Millisecond
	// editableKey is the editable text the scenario edits: short, so every
	// page carries it in its editable-content block.
	editableKey = "home.blog.title"
)

// gatewayReads are the public reads of the steady load.
var gatewayReads = []string{"/api/blog-posts?limit=3", "/api/editable-content", "/api/blog-posts/cipp-pipe-lining-explained",
	"/", "/sitemap.xml", "/blog/cipp-pipe-lining-explained"}

// 7. Two gateways behind a real HTTP load balancer (HAProxy) under steady
// public reads and leads through it: a staff edit is on every gateway
// within a second, after NATS was stopped and started too; a session made
// on one works on the other and its sign-out is refused on the other at
// once; the live lead feed delivers every lead once on either; the rate
// limits hold per visitor across them; and a hung gateway (SIGSTOP for
// 10 s) is taken out with nothing lost.
func gatewaysScenario(s *scratch.Stack, v *verdict) {
	gw2, err := s.StartExtra("gateway")
	if err != nil {
		v.fail("start a second gateway: %v", err)
		return
	}
	gws := []*scratch.Instance{s.Instances("gateway")[0], gw2}
	lb, err := s.StartHTTPLB(gws...)
	if err != nil {
		v.fail("start the load balancer: %v", err)
		return
	}
	v.note("HAProxy on %s in front of gw1 %s and gw2 %s (configuration %s)", lb.Addr, gws[0].Addr, gws[1].Addr, lb.Config)
	staff, err := s.StaffClientAt(lb.Base())
	if err != nil {
		v.fail("%v", err)
		return
	}
	nc, err := s.NATSCluster.Connect("gateway")
	if err != nil {
		v.fail("connect to NATS: %v", err)
		return
	}
	defer nc.Close()
	announced := watchContentChanged(nc)

	balancedPerRequest(v, lb, gws)

	rec := &recorder{}
	ctx, stopLoad := context.WithCancel(context.Background())
	var load sync.WaitGroup
	load.Add(2)
	go func() {
		defer load.Done()
		scratch.Pace(ctx, 60, 0, func(i int) {
			do(rec, "read", "GET", lb.Base()+gatewayReads[i%len(gatewayReads)], nil, map[string]string{"X-Forwarded-For": scratch.VisitorIP(i)})
		})
	}()
	go func() {
		defer load.Done()
		scratch.Pace(ctx, 5, 0, func(i int) { submitLead(rec, lb.Base(), "gw", i) })
	}()
	loadStart := time.Now()
	time.Sleep(2 * time.Second)
	posts0 := requestCounts(gws, `method="post"`)

	ed := &editor{v: v, staff: staff, lb: lb, gws: gws, announced: announced}
	ed.editsAgree()
	sessionsAgree(v, s, gws)

	inboxes, err := openInboxes(staff.Jar, lb, gws)
	if err != nil {
		v.fail("open the live lead inboxes: %v", err)
	}
	if inboxes != nil {
		defer inboxes.close()
		inboxes.deliverOnce(v, rec, lb, "feed", 500_000, 20, true)
	}
	rateIDs := rateLimitAcross(v, lb, gws)
	posts1 := requestCounts(gws, `method="post"`)
	ed.natsRestart(s)
	if inboxes != nil {
		// Open across the restart: each gateway's lead subscriptions must
		// have come back with its connection.
		inboxes.deliverOnce(v, rec, lb, "feed-after", 600_000, 10, false)
		inboxes.close()
	}
	drill := hungGateway(v, rec, lb, gws, 1)
	time.Sleep(2 * time.Second)
	stopLoad()
	load.Wait()

	reads, leads := rec.results("read"), rec.results("lead")
	var calm []result
	for _, r := range append(reads, leads...) {
		if r.done.Before(drill) {
			calm = append(calm, r)
		}
	}
	v.note("before the hung-gateway drill (edits, NATS restart and all): %d requests, p50 %s, p99 %s, max %s", len(calm),
		percentile(calm, .5).Round(time.Millisecond), percentile(calm, .99).Round(time.Millisecond), maxLatency(calm).Round(time.Millisecond))
	v.note("steady load through the balancer for %s: %d reads %v (p99 %s, max %s), %d leads %v (p99 %s, max %s)",
		time.Since(loadStart).Round(time.Second), len(reads), counts(reads), percentile(reads, .99).Round(time.Millisecond),
		maxLatency(reads).Round(time.Millisecond), len(leads), counts(leads), percentile(leads, .99).Round(time.Millisecond),
		maxLatency(leads).Round(time.Millisecond))
	if posts0 != nil && posts1 != nil {
		a, b := posts1[0]-posts0[0], posts1[1]-posts0[1]
		v.note("POSTs answered per gateway while both ran (their own http_requests_total): gw1 %.0f (%.0f %%), gw2 %.0f (%.0f %%)",
			a, 100*a/max(a+b, 1), b, 100*b/max(a+b, 1))
		if share := a / max(a+b, 1); share < .35 || share > .65 {
			v.fail("the balancer did not share the leads: gw1 took %.0f %%", 100*share)
		}
	}
	failedRequests(v, append(reads, leads...))
	problems, figures := leadAccounting(s, append(leadIDs(leads), rateIDs...))
	v.problems, v.figures = append(v.problems, problems...), append(v.figures, figures...)
}

// direct asks one gateway without the balancer.
var direct = &http.Client{Timeout: 5 * time.Second}

// get is a GET of url: its status and body (0 and the error's text when
// there was no answer).
func get(c *http.Client, url string, hdr map[string]string) (int, string) {
	code, body, err := scratch.Send(c, "GET", url, "", hdr)
	if err != nil {
		return code, err.Error()
	}
	return code, body
}

// requestCounts sums each gateway's http_requests_total samples whose
// labels hold every one of match (e.g. `method="post"`), from its own
// /metrics; nil when one cannot be read.
func requestCounts(gws []*scratch.Instance, match ...string) []float64 {
	out := make([]float64, len(gws))
	for i, g := range gws {
		n, err := g.Metric("http_requests_total", match...)
		if err != nil {
			return nil
		}
		out[i] = n
	}
	return out
}

// balancedPerRequest sends 100 HEAD requests through the balancer over one
// kept-alive connection and counts, with each gateway's own request
// counter, where they went: round robin per request gives each half.
func balancedPerRequest(v *verdict, lb *scratch.HTTPLB, gws []*scratch.Instance) {
	const n = 100
	before := requestCounts(gws, `method="head"`)
	c := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{MaxConnsPerHost: 1, MaxIdleConnsPerHost: 1}}
	conns, codes := 0, map[int]int{}
	trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) {
		if !i.Reused {
			conns++
		}
	}}
	for range n {
		req, _ := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), "HEAD", lb.Base()+"/", nil)
		resp, err := c.Do(req)
		if err != nil {
			codes[0]++
			continue
		}
		resp.Body.Close()
		codes[resp.StatusCode]++
	}
	after := requestCounts(gws, `method="head"`)
	if before == nil || after == nil {
		v.fail("cannot read the gateways' /metrics")
		return
	}
	a, b := after[0]-before[0], after[1]-before[1]
	v.note("%d HEAD / through the balancer on %d kept-alive connection(s): %v; the gateways' own counters: gw1 %.0f, gw2 %.0f", n, conns, codes, a, b)
	if conns != 1 {
		v.fail("the client opened %d connections for %d requests (the check needs one)", conns, n)
	}
	if codes[200] != n || a < n/2-5 || b < n/2-5 {
		v.fail("requests of one kept-alive connection are not spread per request: gw1 %.0f, gw2 %.0f", a, b)
	}
}

// watchContentChanged records when each content.changed event arrived, by
// the id it names.
func watchContentChanged(nc *nats.Conn) func(id string) []time.Time {
	var mu sync.Mutex
	seen := map[string][]time.Time{}
	_, _ = nc.Subscribe("content.changed", func(m *nats.Msg) {
		var e struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(m.Data, &e)
		mu.Lock()
		seen[e.ID] = append(seen[e.ID], time.Now())
		mu.Unlock()
	})
	_ = nc.Flush()
	return func(id string) []time.Time {
		mu.Lock()
		defer mu.Unlock()
		return append([]time.Time(nil), seen[id]...)
	}
}

// probe is an address asked of every gateway directly, and when its answer
// shows a change.
type probe struct {
	path  string
	fresh func(code int, body string) bool
}

func has(s string) func(int, string) bool {
	return func(code int, body string) bool { return code == http.StatusOK && strings.Contains(body, s) }
}
func lacks(s string) func(int, string) bool {
	return func(code int, body string) bool { return code == http.StatusOK && !strings.Contains(body, s) }
}
func gone() func(int, string) bool {
	return func(code int, _ string) bool { return code == http.StatusNotFound }
}

// holdFresh is how long an answer that showed a change is asked again:
// it must not turn stale again (a fill that read before the change and was
// kept after it).
const holdFresh = 300 * time.Millisecond

// staleness asks every probe of every gateway every 20 ms, and returns for
// each gateway how long after since the last of its probes showed the
// change (negative: before since), with the answers that were stale again
// after being fresh, and why a probe never showed it within limit.
func staleness(gws []*scratch.Instance, probes []probe, since time.Time, limit time.Duration) (per []time.Duration, flips int, errs []string) {
	per = make([]time.Duration, len(gws))
	for i := range per {
		per[i] = math.MinInt64 // so that a probe fresh before since shows
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for gi, g := range gws {
		for _, p := range probes {
			wg.Go(func() {
				var freshAt time.Time
				flipped := 0
				for {
					code, body := get(direct, "http://"+g.Addr+p.path, nil)
					now := time.Now()
					switch {
					case p.fresh(code, body):
						if freshAt.IsZero() {
							freshAt = now
						}
					case !freshAt.IsZero():
						flipped++
					}
					if !freshAt.IsZero() && now.Sub(freshAt) >= holdFresh {
						break
					}
					if freshAt.IsZero() && now.Sub(since) > limit {
						mu.Lock()
						errs = append(errs, fmt.Sprintf("gw%d %s still stale %s after (last answer %d %.80q)", gi+1, p.path, limit, code, body))
						per[gi] = max(per[gi], now.Sub(since))
						mu.Unlock()
						return
					}
					time.Sleep(20 * time.Millisecond)
				}
				mu.Lock()
				per[gi] = max(per[gi], freshAt.Sub(since))
				flips += flipped
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	return per, flips, errs
}

// prime asks every probe of every gateway twice, so what they keep is
// kept before a change.
func prime(gws []*scratch.Instance, probes []probe) {
	for range 2 {
		for _, g := range gws {
			for _, p := range probes {
				get(direct, "http://"+g.Addr+p.path, nil)
			}
		}
	}
}

// editor makes staff edits through the balancer and measures how soon
// every gateway serves them.
type editor struct {
	v         *verdict
	staff     *http.Client
	lb        *scratch.HTTPLB
	gws       []*scratch.Instance
	announced func(id string) []time.Time
}

// send is a staff request through the balancer with a JSON body; it
// returns the answer's JSON and when it arrived.
func (e *editor) send(method, path string, body any) (map[string]any, time.Time, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.lb.Base()+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.staff.Do(req)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	at := time.Now()
	if resp.StatusCode/100 != 2 {
		return nil, at, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out, at, nil
}

// measure reports how soon after since every gateway served the change
// (probes), and fails past within.
func (e *editor) measure(kind string, probes []probe, since time.Time, within, limit time.Duration) []time.Duration {
	per, flips, errs := staleness(e.gws, probes, since, limit)
	worst := max(per[0], per[1])
	e.v.note("%s: on every gateway's HTML and cached JSON %s after (gw1 %s, gw2 %s; %d probes each)", kind,
		worst.Round(time.Millisecond), per[0].Round(time.Millisecond), per[1].Round(time.Millisecond), len(probes))
	for _, err := range errs {
		e.v.fail("%s: %s", kind, err)
	}
	if worst > within {
		e.v.fail("%s: a gateway served the old answer %s after (limit %s)", kind, worst.Round(time.Millisecond), within)
	}
	if flips > 0 {
		e.v.fail("%s: %d answers were stale again after being fresh", kind, flips)
	}
	return per
}

// editText changes the editable text through the balancer and measures it.
func (e *editor) editText(kind, text string, within, limit time.Duration) {
	probes := []probe{{"/", has(text)}, {"/api/editable-content", has(text)}}
	prime(e.gws, probes)
	_, at, err := e.send("PUT", "/api/admin/editable-content/"+editableKey, map[string]any{"content": text})
	if err != nil {
		e.v.fail("%s: %v", kind, err)
		return
	}
	e.measure(kind, probes, at, within, limit)
}

// editsAgree: an editable text, a new post, its update, a scheduled post
// going live and a deleted post, each on every gateway within agreeWithin.
func (e *editor) editsAgree() {
	n := time.Now().UnixNano()
	e.editText("editable text edited", fmt.Sprintf("Field notes %d", n), agreeWithin, 10*time.Second)

	slug, title := fmt.Sprintf("gateways-agree-%d", n), fmt.Sprintf("Gateways agree %d", n)
	post := func(title, slug string) map[string]any {
		return map[string]any{"title": title, "slug": slug, "excerpt": "Two gateways, one site.", "content": "Every gateway serves this post."}
	}
	list := "/api/blog-posts?limit=5"
	probes := []probe{{"/blog/" + slug, has(title)}, {list, has(slug)}, {"/sitemap.xml", has(slug)}}
	prime(e.gws, probes)
	created, at, err := e.send("POST", "/api/admin/blog-posts", post(title, slug))
	if err != nil {
		e.v.fail("create a post: %v", err)
		return
	}
	e.measure("post created", probes, at, agreeWithin, 10*time.Second)
	id, _ := created["id"].(string)

	title2 := title + " (revised)"
	probes = []probe{{"/blog/" + slug, has(title2)}, {"/api/blog-posts/" + slug, has(title2)}, {list, has(title2)}}
	prime(e.gws, probes)
	if _, at, err = e.send("PUT", "/api/admin/blog-posts/"+id, post(title2, slug)); err != nil {
		e.v.fail("update the post: %v", err)
	} else {
		e.measure("post updated", probes, at, agreeWithin, 10*time.Second)
	}

	e.scheduled(n)

	probes = []probe{{"/blog/" + slug, gone()}, {"/api/blog-posts/" + slug, gone()}, {list, lacks(slug)}, {"/sitemap.xml", lacks(slug)}}
	prime(e.gws, probes)
	if _, at, err = e.send("DELETE", "/api/admin/blog-posts/"+id, nil); err != nil {
		e.v.fail("delete the post: %v", err)
	} else {
		e.measure("post deleted", probes, at, agreeWithin, 10*time.Second)
	}
}

// scheduled creates a post that goes live 3 s later and measures how soon
// after its publish time every gateway serves it, and how soon after the
// content service announced it (content.changed).
func (e *editor) scheduled(n int64) {
	slug, title := fmt.Sprintf("gateways-scheduled-%d", n), fmt.Sprintf("Scheduled on every gateway %d", n)
	publish := time.Now().Add(3 * time.Second).UTC().Truncate(time.Millisecond)
	created, _, err := e.send("POST", "/api/admin/blog-posts", map[string]any{"title": title, "slug": slug, "excerpt": "Goes live on its own.",
		"content": "Published by the clock.", "isPublished": true, "publishedAt": publish.Format(time.RFC3339Nano)})
	if err != nil {
		e.v.fail("create a scheduled post: %v", err)
		return
	}
	id, _ := created["id"].(string)
	probes := []probe{{"/blog/" + slug, has(title)}, {"/api/blog-posts/" + slug, has(title)}, {"/api/blog-posts?limit=5", has(slug)}}
	// The save's own content.changed empties the caches; what is kept
	// from now on predates the publish time.
	time.Sleep(300 * time.Millisecond)
	prime(e.gws, probes)
	per := e.measure("scheduled post live (from its publish time)", probes, publish, agreeWithin, 15*time.Second)
	for i, d := range per {
		if d < 0 {
			e.v.fail("gw%d served the scheduled post %s before its publish time", i+1, -d)
		}
	}
	var ann time.Time
	for _, t := range e.announced(id) {
		if t.After(publish.Add(-100 * time.Millisecond)) {
			ann = t
			break
		}
	}
	if ann.IsZero() {
		e.v.fail("no content.changed announced the scheduled post going live")
		return
	}
	after := publish.Add(max(per[0], per[1])).Sub(ann)
	e.v.note("scheduled post: content.changed %s after its publish time (checked every %s); every gateway served it %s after that announcement",
		ann.Sub(publish).Round(time.Millisecond), scheduleInterval, after.Round(time.Millisecond))
	if after > agreeWithin {
		e.v.fail("a gateway served the scheduled post %s after its announcement (limit %s)", after.Round(time.Millisecond), agreeWithin)
	}
}

// natsRestart stops NATS, edits a text while it is down, starts it again
// and measures how soon every gateway serves that edit (its reconnect
// empties what it keeps: no event of the edit could reach it), then checks
// that an edit after the restart reaches every gateway within agreeWithin
// (each subscribed again).
func (e *editor) natsRestart(s *scratch.Stack) {
	text := fmt.Sprintf("Written while NATS was down %d", time.Now().UnixNano())
	probes := []probe{{"/", has(text)}, {"/api/editable-content", has(text)}}
	prime(e.gws, probes)
	s.NATSCluster.Stop()
	stopped := time.Now()
	if _, _, err := e.send("PUT", "/api/admin/editable-content/"+editableKey, map[string]any{"content": text}); err != nil {
		e.v.fail("edit while NATS is down: %v", err)
		return
	}
	time.Sleep(5 * time.Second)
	staleWhileDown := 0
	for _, g := range e.gws {
		if code, body := get(direct, "http://"+g.Addr+"/api/editable-content", nil); !has(text)(code, body) {
			staleWhileDown++
		}
	}
	for _, n := range s.NATSCluster.Nodes {
		if err := n.Start(); err != nil {
			e.v.fail("start NATS again: %v", err)
			return
		}
	}
	back := time.Now()
	if err := s.NATSCluster.WaitHealthy(30 * time.Second); err != nil {
		e.v.fail("%v", err)
	}
	per, _, errs := staleness(e.gws, probes, back, cacheTTL+10*time.Second)
	e.v.note("NATS stopped for %s; %d of %d gateways still served the old text after 5 s down (no event can reach them); the edit made while it was down was on gw1 %s, gw2 %s after NATS was back (TTL backstop %s)",
		back.Sub(stopped).Round(100*time.Millisecond), staleWhileDown, len(e.gws), per[0].Round(time.Millisecond), per[1].Round(time.Millisecond), cacheTTL)
	for _, err := range errs {
		e.v.fail("after NATS came back: %s", err)
	}
	e.editText("editable text edited after the NATS restart", fmt.Sprintf("Field notes again %d", time.Now().UnixNano()), agreeWithin, 10*time.Second)
}

// sessionsAgree signs in on gw1, uses the session on gw2, signs out on gw2
// and uses the old cookie on gw1 at once.
func sessionsAgree(v *verdict, s *scratch.Stack, gws []*scratch.Instance) {
	a, b := "http://"+gws[0].Addr, "http://"+gws[1].Addr
	c, err := s.StaffClientAt(a)
	if err != nil {
		v.fail("sign in on gw1: %v", err)
		return
	}
	var cookie []string
	u, _ := url.Parse(a)
	for _, k := range c.Jar.Cookies(u) {
		cookie = append(cookie, k.String())
	}
	hdr := map[string]string{"Cookie": strings.Join(cookie, "; ")}
	userOnB, _ := get(direct, b+"/api/user", hdr)
	adminOnB, _ := get(direct, b+"/api/admin/blog-posts", hdr)
	req, _ := http.NewRequest("POST", b+"/api/logout", nil)
	req.Header.Set("Cookie", hdr["Cookie"])
	logout := 0
	if resp, err := direct.Do(req); err == nil {
		resp.Body.Close()
		logout = resp.StatusCode
	}
	out := time.Now()
	userOnA, _ := get(direct, a+"/api/user", hdr)
	refusedAfter := time.Since(out)
	adminOnA, _ := get(direct, a+"/api/admin/blog-posts", hdr)
	v.note("session made on gw1: gw2 answers /api/user %d, /api/admin/blog-posts %d; signed out on gw2 (%d), the old cookie on gw1 at once (%s later): /api/user %d, /api/admin/blog-posts %d",
		userOnB, adminOnB, logout, refusedAfter.Round(time.Millisecond), userOnA, adminOnA)
	if userOnB != 200 || adminOnB != 200 {
		v.fail("a session made on gw1 does not work on gw2")
	}
	if logout/100 != 2 || userOnA != 401 || adminOnA != 401 {
		v.fail("sign-out on gw2 is not refused on gw1 at once")
	}
}

// inbox is one staff inbox's live lead stream.
type inbox struct {
	name   string // where it is connected
	mu     sync.Mutex
	got    map[string]int
	ended  error
	cancel context.CancelFunc
	done   chan struct{}
}

// inboxes are one inbox connected to each gateway directly, and one
// through the balancer (as a browser's is).
type inboxes struct {
	each   []*inbox
	opened time.Time
}

// openInboxes opens GET /api/contact-submissions/events as staff (jar's
// session) on every gateway and through lb; each answers once NATS has
// confirmed its gateway's interest in the lead subjects.
func openInboxes(jar http.CookieJar, lb *scratch.HTTPLB, gws []*scratch.Instance) (*inboxes, error) {
	ins := &inboxes{}
	for i, g := range append(slices.Clone(gws), nil) {
		name, base := "the balancer", lb.Base()
		if g != nil {
			name, base = fmt.Sprintf("gw%d", i+1), "http://"+g.Addr
		}
		in, err := openInbox(jar, name, base)
		if err != nil {
			ins.close()
			return nil, err
		}
		ins.each = append(ins.each, in)
	}
	ins.opened = time.Now()
	return ins, nil
}

func openInbox(jar http.CookieJar, name, base string) (*inbox, error) {
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/contact-submissions/events", nil)
	resp, err := (&http.Client{Jar: jar}).Do(req)
	if err != nil {
		cancel()
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		cancel()
		return nil, fmt.Errorf("%s: %s", base, resp.Status)
	}
	br := bufio.NewReader(resp.Body)
	if _, err := br.ReadString('\n'); err != nil { // "retry: 2000"
		resp.Body.Close()
		cancel()
		return nil, err
	}
	in := &inbox{name: name, got: map[string]int{}, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(in.done)
		defer resp.Body.Close()
		event := ""
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				in.mu.Lock()
				in.ended = err
				in.mu.Unlock()
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "lead":
				var e struct {
					Lead struct {
						ID string `json:"id"`
					} `json:"lead"`
				}
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &e)
				in.mu.Lock()
				in.got[e.Lead.ID]++
				in.mu.Unlock()
			case line == "":
				event = ""
			}
		}
	}()
	return in, nil
}

func (in *inbox) count(id string) int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.got[id]
}

func (ins *inboxes) close() {
	for _, in := range ins.each {
		in.cancel()
		<-in.done
	}
	ins.each = nil
}

// deliverOnce submits n leads through the balancer (visitors from, from+1,
// …) and checks that every inbox gets each exactly once; withLoad checks
// the steady load's leads answered since the inboxes opened too.
func (ins *inboxes) deliverOnce(v *verdict, rec *recorder, lb *scratch.HTTPLB, tag string, from, n int, withLoad bool) {
	var mine []string
	var mu sync.Mutex
	scratch.Pace(context.Background(), 10, n, func(i int) {
		if r := submitLead(rec, lb.Base(), tag, from+i); r.ok() {
			mu.Lock()
			mine = append(mine, r.id)
			mu.Unlock()
		}
	})
	// With the load: every lead answered 2xx since the inboxes opened
	// (the check's among them).
	all := mine
	if withLoad {
		cutoff := time.Now()
		all = nil
		for _, r := range rec.results("lead") {
			if r.ok() && r.sent.After(ins.opened) && r.done.Before(cutoff) {
				all = append(all, r.id)
			}
		}
	}
	if err := scratch.WaitFor("every inbox to get every lead", 10*time.Second, func() bool {
		for _, in := range ins.each {
			for _, id := range all {
				if in.count(id) == 0 {
					return false
				}
			}
		}
		return true
	}); err != nil {
		v.fail("%v", err)
	}
	time.Sleep(time.Second) // room for a duplicate to arrive
	for _, in := range ins.each {
		missing, twice := 0, 0
		for _, id := range all {
			switch in.count(id) {
			case 0:
				missing++
			case 1:
			default:
				twice++
			}
		}
		in.mu.Lock()
		ended := in.ended
		in.mu.Unlock()
		v.note("live lead feed (%s): the inbox on %s got %d of %d leads answered 2xx through the balancer (%d submitted for the check, %d of the steady load), %d more than once",
			tag, in.name, len(all)-missing, len(all), len(mine), len(all)-len(mine), twice)
		if missing > 0 || twice > 0 {
			v.fail("the inbox on %s missed %d leads and got %d twice", in.name, missing, twice)
		}
		if ended != nil {
			v.fail("the inbox on %s ended: %v", in.name, ended)
		}
	}
}

// rateLimitAcross sends 12 leads from one address through the balancer:
// exactly the documented burst of POST /api/contact (edge.DefaultLimits:
// 5, then one a minute) gets through, however the balancer spread them,
// and both gateways refused some. It returns the ids of those stored.
func rateLimitAcross(v *verdict, lb *scratch.HTTPLB, gws []*scratch.Instance) []string {
	const sent, burst, visitor = 12, 5, "198.51.100.26"
	before := requestCounts(gws, `method="post"`, `code="429"`)
	rec := &recorder{}
	for i := range sent {
		body, _ := json.Marshal(scratch.LeadPayload("rate", i))
		do(rec, "rate", "POST", lb.Base()+"/api/contact", body, map[string]string{
			"Content-Type": "application/json", "Idempotency-Key": fmt.Sprintf("rate-%d-%d", time.Now().UnixNano(), i), "X-Forwarded-For": visitor,
		})
	}
	after := requestCounts(gws, `method="post"`, `code="429"`)
	rs := rec.results("rate")
	c := counts(rs)
	var ids []string
	for _, r := range rs {
		if r.ok() {
			ids = append(ids, r.id)
		}
	}
	refused := []float64{0, 0}
	if before != nil && after != nil {
		refused = []float64{after[0] - before[0], after[1] - before[1]}
	}
	v.note("rate limit: %d leads from %s through the balancer: %v (documented: %d, then one a minute); 429s answered by gw1 %.0f, gw2 %.0f",
		sent, visitor, c, burst, refused[0], refused[1])
	if c[200] != burst || c[429] != sent-burst {
		v.fail("the limit per visitor did not hold across the gateways: %v (want %d×200, %d×429)", c, burst, sent-burst)
	}
	if refused[0] == 0 || refused[1] == 0 {
		v.fail("one gateway refused none of the visitor's requests: the check did not reach both")
	}
	return ids
}

// hungGateway SIGSTOPs gateway i for 10 s under the steady load (rec):
// the balancer's health check must take it out and no visitor may see a
// failure; then SIGCONT, and it must come back in. It returns when the
// gateway was stopped.
func hungGateway(v *verdict, rec *recorder, lb *scratch.HTTPLB, gws []*scratch.Instance, i int) time.Time {
	name, g := lb.Servers[i], gws[i]
	st0, _ := lb.Stats()
	stopped := time.Now()
	g.P.Signal(syscall.SIGSTOP)
	var down, resumed, up time.Time
	err := scratch.WaitFor(name+" to be taken out and come back", 40*time.Second, func() bool {
		st, err := lb.Stats()
		now := time.Now()
		if err == nil && down.IsZero() && strings.HasPrefix(st[name].Status, "DOWN") {
			down = now
		}
		if resumed.IsZero() && now.Sub(stopped) >= 10*time.Second {
			g.P.Signal(syscall.SIGCONT)
			resumed = now
		}
		if err == nil && !resumed.IsZero() && st[name].Status == "UP" {
			up = now
			return true
		}
		return false
	})
	if resumed.IsZero() {
		g.P.Signal(syscall.SIGCONT)
		resumed = time.Now()
	}
	if err != nil {
		v.fail("%v", err)
		up = time.Now()
	}
	time.Sleep(3 * time.Second)
	st1, _ := lb.Stats()
	retried, redispatched := 0, 0
	for _, n := range lb.Servers {
		retried += st1[n].Retries - st0[n].Retries
		redispatched += st1[n].Redispatches - st0[n].Redispatches
	}
	// Every request in flight at the SIGSTOP or sent until 3 s after the
	// gateway was back.
	var window []result
	for _, r := range rec.results("") {
		if r.done.After(stopped) && r.sent.Before(up.Add(3*time.Second)) {
			window = append(window, r)
		}
	}
	failed := 0
	for _, r := range window {
		if !r.ok() {
			failed++
		}
	}
	v.note("gw%d SIGSTOPped for %s under the load: taken out after %s (GET /readyz every %s, %s timeout, fall 2), back in %s after SIGCONT; a GET, HEAD or keyed POST unanswered for %s is resent to the other gateway",
		i+1, resumed.Sub(stopped).Round(100*time.Millisecond), down.Sub(stopped).Round(10*time.Millisecond),
		scratch.HTTPLBCheckInter, scratch.HTTPLBCheckTimeout, up.Sub(resumed).Round(10*time.Millisecond), scratch.HTTPLBAnswerTimeout)
	v.note("  from the SIGSTOP to 3 s after it was back: %d requests %v, %d failed as the visitor saw them, p99 %s, max %s; HAProxy resent %d requests (%d to the other gateway)",
		len(window), counts(window), failed, percentile(window, .99).Round(time.Millisecond), maxLatency(window).Round(time.Millisecond), retried, redispatched)
	if down.IsZero() {
		v.fail("the balancer never took the hung gateway out")
	}
	return stopped
}

// failedRequests fails the verdict for every request that did not succeed,
// naming the first few.
func failedRequests(v *verdict, rs []result) {
	failed := 0
	seen := map[string]bool{}
	for _, r := range rs {
		if r.ok() {
			continue
		}
		failed++
		if msg := fmt.Sprintf("%s %d %s %s", r.kind, r.status, r.err, r.message); !seen[msg] && len(seen) < 5 {
			seen[msg] = true
			v.fail("failed request at %s: %s", r.sent.Format("15:04:05.000"), msg)
		}
	}
	if failed > 0 {
		v.fail("%d of %d requests of the steady load failed", failed, len(rs))
	}
}

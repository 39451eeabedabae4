package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// Issue 25's findings. Each probe states the fixed behaviour, so it fails
// until the fix is in.

// firstSlug is a seeded article's slug, from the public list.
func firstSlug(e *env) (string, error) {
	r := e.anon.send("GET", e.s.Base()+"/api/blog-posts?limit=1", nil)
	var posts []struct {
		Slug string `json:"slug"`
	}
	if err := json.Unmarshal(r.body, &posts); err != nil || len(posts) == 0 {
		return "", fmt.Errorf("no seeded article: %s", r)
	}
	return posts[0].Slug, nil
}

// scrape reads the gateway's /metrics.
func scrape(g *gateway) string {
	r := newClient(nil, false).send("GET", "http://"+g.in.MetricsAddr+"/metrics", nil)
	return string(r.body)
}

// cacheBound is the gateways' GATEWAY_PUBLIC_CACHE_ENTRIES in the run:
// fewer than the public reads cache-flood asks for.
const cacheBound = 64

// cache-flood sends 3,000 GETs each of /api/blog-posts/<a seeded slug>?cb=<n>
// and /api/blog-posts?cb=<n> (every n unique) from one client over 16
// connections, then /api/blog-posts?limit=<n> for every valid n (0–100,
// each its own answer). Requires: the gateway's /metrics has
// public_cache_entries, public_cache_bytes and
// public_cache_evictions_total; the unknown cb parameter is not part of the
// cache key (public_cache_entries grows by at most the two reads, not with
// the cb values); the gateway's resident memory grows by less than 30 MB;
// after the limits, public_cache_entries is within the configured bound
// (cacheBound) and evictions were counted.
func cacheFlood(e *env, g *gateway, v *verdict) {
	const each, workers, maxGrowthMB = 3000, 16, 30
	slug, err := firstSlug(e)
	if err != nil {
		v.fail("%v", err)
		return
	}
	paths := []string{"/api/blog-posts/" + slug + "?cb=", "/api/blog-posts?cb="}
	for _, p := range paths {
		e.anon.send("GET", g.base()+p+"warm", nil)
	}
	before := scrape(g)
	rss0 := g.in.P.RSSKB()
	start := time.Now()
	statuses := tally{}
	var mu sync.Mutex
	get := func(path string) {
		r := e.anon.send("GET", g.base()+path, nil)
		mu.Lock()
		statuses[r.status]++
		mu.Unlock()
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				get(fmt.Sprintf("%s%d", paths[i%2], i))
			}
		})
	}
	for i := range 2 * each {
		next <- i
	}
	close(next)
	wg.Wait()
	took := time.Since(start)
	time.Sleep(500 * time.Millisecond)
	rss1 := g.in.P.RSSKB()
	flooded := scrape(g)
	for n := range 101 {
		get(fmt.Sprintf("/api/blog-posts?limit=%d", n))
	}
	filled := scrape(g)
	v.note("%d GETs with unique cb in %s, then 101 limits: %v", 2*each, took.Round(100*time.Millisecond), statuses)
	v.note("gateway RSS %d → %d MB (%+d MB)", rss0/1024, rss1/1024, (rss1-rss0)/1024)
	if statuses[200] != 2*each+101 {
		v.fail("not every read answered 200: %v", statuses)
	}
	if (rss1-rss0)/1024 >= maxGrowthMB {
		v.fail("gateway RSS grew by %d MB (limit %d)", (rss1-rss0)/1024, maxGrowthMB)
	}
	var figs []string
	for _, n := range []string{"public_cache_entries", "public_cache_bytes", "public_cache_evictions_total"} {
		b, ok0 := metric(before, n)
		f, ok1 := metric(flooded, n)
		a, ok2 := metric(filled, n)
		if !ok0 || !ok1 || !ok2 {
			v.fail("/metrics has no %s", n)
			continue
		}
		figs = append(figs, fmt.Sprintf("%s %.0f → %.0f after the flood → %.0f after the limits", n, b, f, a))
		switch {
		case n == "public_cache_entries" && f > b+2:
			v.fail("public_cache_entries grew by %.0f with unique cb values (the unknown parameter is in the cache key)", f-b)
		case n == "public_cache_entries" && a > cacheBound:
			v.fail("public_cache_entries %.0f past the bound of %d (GATEWAY_PUBLIC_CACHE_ENTRIES)", a, cacheBound)
		case n == "public_cache_evictions_total" && a == f:
			v.fail("no eviction counted past the bound of %d entries", cacheBound)
		}
	}
	if len(figs) > 0 {
		v.note("%s", strings.Join(figs, "; "))
	}
}

// postLead posts a lead (SPEC §7's home form, from scratch.LeadPayload with
// edits) to the gateway at base; hdr are extra header name, value pairs.
func postLead(c *client, base string, edit func(map[string]any), hdr ...string) reply {
	lead := scratch.LeadPayload("attack", int(time.Now().UnixNano()%1e6))
	lead["email"] = "attack-" + uuid.NewString()[:8] + "@example.com"
	if edit != nil {
		edit(lead)
	}
	return c.send("POST", base+"/api/contact", jsonBytes(lead), append([]string{"Idempotency-Key", uuid.NewString()}, hdr...)...)
}

// forged-metadata posts two valid leads from the socket's own address (no
// X-Forwarded-For), one with Grpc-Metadata-X-Client-Ip: 6.6.6.6; then sends
// Grpc-Metadata-X-Caller-Identity: forged to a staff route signed out, to an
// uncached public read signed out, and to a staff read as staff. Requires:
// both leads stored with the same ip_hash (the socket's address, not
// 6.6.6.6); 401 on the staff route signed out, 200 on the public read and
// on the staff read as staff (the header is not passed on as metadata).
func forgedMetadata(e *env, g *gateway, v *verdict) {
	plain := postLead(e.anon, g.base(), nil)
	forged := postLead(e.anon, g.base(), nil, "Grpc-Metadata-X-Client-Ip", "6.6.6.6")
	if plain.status != 200 || forged.status != 200 {
		v.fail("leads not accepted: %s / %s", plain, forged)
		return
	}
	hashes, err := scratch.WithDB(e.s.DBURL, func(ctx context.Context, c *pgx.Conn) ([]string, error) {
		var a, b string
		err := c.QueryRow(ctx, "SELECT (SELECT ip_hash FROM contact.submissions WHERE id = $1), (SELECT ip_hash FROM contact.submissions WHERE id = $2)",
			field(plain.body, "id"), field(forged.body, "id")).Scan(&a, &b)
		return []string{a, b}, err
	})
	if err != nil {
		v.fail("read ip_hash: %v", err)
		return
	}
	v.note("ip_hash without the header %.12s…, with it %.12s…", hashes[0], hashes[1])
	if hashes[0] != hashes[1] {
		v.fail("Grpc-Metadata-X-Client-Ip chose the stored address (ip_hash differs)")
	}
	const forgedID = "Grpc-Metadata-X-Caller-Identity"
	checks := []struct {
		what string
		c    *client
		path string
		want int
	}{
		{"staff route signed out", e.anon, "/api/contact-submissions", 401},
		{"uncached public read signed out", e.anon, "/api/blog-posts?limit=97", 200},
		{"staff read as staff", e.staff, "/api/admin/blog-posts", 200},
	}
	for _, ck := range checks {
		r := ck.c.send("GET", g.base()+ck.path, nil, forgedID, "forged")
		v.note("%s: %d", ck.what, r.status)
		if r.status != ck.want {
			v.fail("%s with %s: %s (want %d)", ck.what, forgedID, r, ck.want)
		}
	}
}

// The slowloris probes' connections and limits: the header timeout is
// 10 s, so every connection must be closed by 12 s.
const (
	slowConns    = 150
	dripConns    = 5 // of each kind
	closedBy     = 12 * time.Second
	idleGiveUp   = 15 * time.Second
	dripGiveUp   = 25 * time.Second
	dripHeadPart = "X-Drip: 1"
)

// slowlorisVerdict checks close times against closedBy.
func slowlorisVerdict(v *verdict, what string, n int, ds []time.Duration, open int, giveUp time.Duration, err error) {
	late := 0
	for _, d := range ds {
		if d > closedBy {
			late++
		}
	}
	v.note("%s: %d connections, closed after %s; %d still open at %s", what, n, closeFigures(ds), open, giveUp)
	if err != nil {
		v.fail("%s: %v", what, err)
	}
	if late > 0 {
		v.fail("%s: %d of %d not closed within %s of connect", what, late, len(ds), closedBy)
	}
}

// slowloris-idle opens 150 connections that send nothing. Requires: the
// server closes each within 12 s of connect (the header timeout is 10 s).
func slowlorisIdle(e *env, g *gateway, v *verdict) {
	ds, open, err := holdOpen(g.in.Addr, slowConns, "", "", idleGiveUp)
	slowlorisVerdict(v, "idle", slowConns, ds, open, idleGiveUp, err)
}

// slowloris-drip opens 10 connections that send the start of a request
// head ("GET /api/blog-posts HTTP/1.1", Host, "X-Drip: 1") at once and then
// one byte a second: five go on with CRLF line ends only, five end the
// dripped line with a bare LF at 8 s (which makes the fast lane hand the
// connection to net/http). Requires: the server closes each within 12 s of
// connect, hand-over or not.
func slowlorisDrip(e *env, g *gateway, v *verdict) {
	head := "GET /api/blog-posts HTTP/1.1\r\nHost: " + g.in.Addr + "\r\n" + dripHeadPart
	for _, d := range []struct{ what, drip string }{
		{"CRLF drip", "2345678\r\nX-More: aaaaaaaaaaaaaaaaaaaaaaaa"},
		{"drip with a bare LF at 8 s", "2345678\nX-More: aaaaaaaaaaaaaaaaaaaaaaaa"},
	} {
		ds, open, err := holdOpen(g.in.Addr, dripConns, head, d.drip, dripGiveUp)
		slowlorisVerdict(v, d.what, dripConns, ds, open, dripGiveUp, err)
	}
}

// markup is what text-markup hides under levels of escaping.
const markup = `<img src=x onerror=alert(1)><script>alert(1)</script>`

// text-markup creates, as staff, editable text items (contentType text)
// whose content is "Call us " + markup + " today" HTML-escaped 1 to 8 times
// (four times is &amp;amp;amp;lt;img …), then writes each again with PUT;
// it reads them back from the write answers and from GET
// /api/editable-content. A plain item goes first, to show writes work.
// Requires: the plain item stored, and no < or > in any stored value (a
// 4xx refusal stores nothing and passes; a 5xx fails).
func textMarkup(e *env, g *gateway, v *verdict) {
	stored := map[string]int{} // key → escaping levels
	answers := tally{}
	bad := 0
	check := func(where, key, content string) {
		if strings.ContainsAny(content, "<>") {
			bad++
			if bad <= 2 {
				v.fail("%s %s holds markup: %s", where, key, clip(content, 80))
			}
		}
	}
	for levels := 0; levels <= 8; levels++ {
		content := "Call us " + markup + " today"
		if levels == 0 {
			content = "Call us today"
		}
		for range levels {
			content = html.EscapeString(content)
		}
		key := fmt.Sprintf("attack.markup.%d", levels)
		for _, w := range []struct{ method, path string }{
			{"POST", "/api/admin/editable-content"},
			{"PUT", "/api/admin/editable-content/" + key},
		} {
			r := e.staff.send(w.method, g.base()+w.path, jsonBytes(map[string]string{
				"contentKey": key, "content": content, "contentType": "text", "category": "general", "description": "attack suite"}))
			answers[r.status]++
			switch {
			case r.status == 200:
				stored[key] = levels
				check(w.method+" answer", key, field(r.body, "content"))
			case levels == 0 || r.status >= 500 || r.status < 400:
				v.fail("%s %s (%d levels): %s", w.method, key, levels, r)
			}
		}
	}
	// The public read is refilled after content.changed reaches the
	// gateway; wait until it shows every stored item.
	var items []struct {
		ContentKey string `json:"contentKey"`
		Content    string `json:"content"`
	}
	var seen int
	_ = scratch.WaitFor("the public read to show the items", 10*time.Second, func() bool {
		r := e.anon.send("GET", g.base()+"/api/editable-content", nil)
		items = items[:0]
		_ = json.Unmarshal(r.body, &items)
		seen = 0
		for _, it := range items {
			if _, ok := stored[it.ContentKey]; ok {
				seen++
			}
		}
		return seen == len(stored)
	})
	for _, it := range items {
		if _, ok := stored[it.ContentKey]; ok {
			check("GET /api/editable-content", it.ContentKey, it.Content)
		}
	}
	v.note("writes answered %v; %d of 8 escaping levels and the plain item stored, %d read back publicly, %d stored values with < or >",
		answers, len(stored)-1, seen, bad)
	if seen != len(stored) {
		v.fail("the public read shows %d of the %d stored items", seen, len(stored))
	}
}

// parser-text sends GET /api/blog-posts?limit=abc, and POST /api/contact
// with the body [[[[[[ and with {"name": (cut short). Requires: 400 with a
// JSON {message, code, details} whose details is an array (never null),
// none of Go's or protojson's own words (strconv, ParseInt, proto:, syntax
// error, invalid character, unexpected EOF), and for limit=abc the field
// name limit in the message or a detail.
func parserText(e *env, g *gateway, v *verdict) {
	leaks := []string{"strconv", "ParseInt", "proto:", "syntax error", "invalid character", "unexpected EOF"}
	for _, c := range []struct {
		what, method, path, body, mention string
	}{
		{"limit=abc", "GET", "/api/blog-posts?limit=abc", "", "limit"},
		{"[[[[[[", "POST", "/api/contact", "[[[[[[", ""},
		{`{"name":`, "POST", "/api/contact", `{"name":`, ""},
	} {
		var body []byte
		if c.body != "" {
			body = []byte(c.body)
		}
		r := e.anon.send(c.method, g.base()+c.path, body, "X-Forwarded-For", e.ip())
		v.note("%s: %s", c.what, r)
		if r.status != 400 {
			v.fail("%s: status %d (want 400)", c.what, r.status)
		}
		var eb struct {
			Message *string         `json:"message"`
			Code    *string         `json:"code"`
			Details json.RawMessage `json:"details"`
		}
		if err := json.Unmarshal(r.body, &eb); err != nil || eb.Message == nil || eb.Code == nil {
			v.fail("%s: not a {message, code, details} body", c.what)
			continue
		}
		var details []map[string]any
		if !strings.HasPrefix(strings.TrimSpace(string(eb.Details)), "[") || json.Unmarshal(eb.Details, &details) != nil {
			v.fail("%s: details is %s, not an array", c.what, clip(string(eb.Details), 40))
		}
		for _, w := range leaks {
			if strings.Contains(string(r.body), w) {
				v.fail("%s: the body shows %q", c.what, w)
			}
		}
		if c.mention != "" && !strings.Contains(strings.ToLower(string(r.body)), c.mention) {
			v.fail("%s: neither the message nor a detail names %s", c.what, c.mention)
		}
	}
}

// smuggled is the request a disputed body hides.
func smuggled(host string) string {
	return "GET /api/blog-posts?limit=2 HTTP/1.1\r\nHost: " + host + "\r\n\r\n"
}

// cl-te sends a GET of a public read and a POST /api/contact, each with
// Content-Length and Transfer-Encoding: chunked, the body "0\r\n\r\n"
// followed by a second request (within the Content-Length). Requires: 400,
// and the server closes the connection without answering the second
// request.
func clTE(e *env, g *gateway, v *verdict) {
	host := g.in.Addr
	body := "0\r\n\r\n" + smuggled(host)
	for _, target := range []string{"GET /api/blog-posts?limit=3", "POST /api/contact"} {
		req := fmt.Sprintf("%s HTTP/1.1\r\nHost: %s\r\nX-Forwarded-For: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nTransfer-Encoding: chunked\r\n\r\n%s",
			target, host, e.ip(), len(body), body)
		x := roundTrip(host, []byte(req), 3*time.Second)
		st := x.statuses()
		v.note("%s: %v", target, x)
		switch {
		case x.err != nil:
			v.fail("%s: %v", target, x.err)
		case len(st) != 1 || st[0] != 400:
			v.fail("%s: answers %v (want one 400)", target, st)
		case !x.closed:
			v.fail("%s: the connection was left open", target)
		}
	}
}

// readyz-details asks GET /readyz on the public port and on the metrics
// port. Requires: the public answer is {"status":"ready"} (200) and names no
// upstream or dependency (content, contact, media, postgres); the metrics
// port's /readyz names every upstream.
func readyzDetails(e *env, g *gateway, v *verdict) {
	pub := e.anon.send("GET", g.base()+"/readyz", nil)
	v.note("public /readyz: %s", pub)
	var m map[string]any
	if pub.status != 200 || json.Unmarshal(pub.body, &m) != nil || len(m) != 1 || m["status"] != "ready" {
		v.fail(`the public /readyz is not just {"status":"ready"}`)
	}
	for _, name := range []string{"content", "contact", "media", "postgres"} {
		if strings.Contains(string(pub.body), name) {
			v.fail("the public /readyz names %s", name)
		}
	}
	priv := e.anon.send("GET", "http://"+g.in.MetricsAddr+"/readyz", nil)
	v.note("metrics port /readyz: %s", priv)
	for _, name := range []string{"content", "contact", "media"} {
		if priv.status != 200 || !strings.Contains(string(priv.body), name) {
			v.fail("the metrics port's /readyz does not name %s (%d)", name, priv.status)
		}
	}
}

// bigPNGSide makes a picture of just under 40 megapixels, the upload limit.
const bigPNGSide = 6300

// big-decode uploads three 6300×6300 flat-colour PNGs (~40 MP, about
// 100 KB each) at once as staff. Requires: the media process's peak
// resident memory (VmHWM) stays under 256 MB; each upload is stored (2xx)
// or refused with a retryable 503 or 429 carrying a message (no other
// 5xx, no dropped connection); the media process is still running.
func bigDecode(e *env, g *gateway, v *verdict) {
	const limitMB = 256
	media := e.s.Instances("media")[0].P
	hwm0 := media.PeakRSSKB()
	pngs := flatPNGs(bigPNGSide, 3)
	results := make([]reply, len(pngs))
	start := time.Now()
	var wg sync.WaitGroup
	for i, data := range pngs {
		wg.Go(func() {
			req := scratch.NewUpload(g.base(), fmt.Sprintf("big-%d.png", i), data)
			req.Header.Set("X-Forwarded-For", e.ip())
			results[i] = e.staff.do(req)
		})
	}
	wg.Wait()
	hwm := media.PeakRSSKB()
	statuses := tally{}
	for _, r := range results {
		statuses[r.status]++
		retryable := (r.status == 503 || r.status == 429) && field(r.body, "message") != ""
		if r.status/100 != 2 && !retryable {
			v.fail("an upload got %s", r)
		}
	}
	v.note("3 uploads of %d bytes (%d×%d) in %s: %v; media peak RSS %d MB (%d MB before)", len(pngs[0]), bigPNGSide, bigPNGSide,
		time.Since(start).Round(100*time.Millisecond), statuses, hwm/1024, hwm0/1024)
	if hwm/1024 >= limitMB {
		v.fail("media peak RSS %d MB (limit %d MB)", hwm/1024, limitMB)
	}
	if media.Exited() {
		v.fail("the media process exited (%v)", media.Cmd.ProcessState)
	}
}

// mail-lines runs the lead notifier against the stack's NATS with an
// in-process SMTP server and posts a lead whose address is
// "1 Main St\nPhone: +1-900-FAKE". Requires: the office e-mail for that
// lead has exactly one line starting with "Phone:".
func mailLines(e *env, g *gateway, v *verdict) {
	box, err := startMailbox()
	if err != nil {
		v.fail("SMTP server: %v", err)
		return
	}
	defer box.close()
	notifier, err := e.s.StartNotifier("NOTIFIER_SMTP_HOST=127.0.0.1", fmt.Sprintf("NOTIFIER_SMTP_PORT=%d", box.port))
	if err != nil {
		v.fail("%v", err)
		return
	}
	defer notifier.Stop(10 * time.Second)
	tag := "Mail" + uuid.NewString()[:8]
	r := postLead(e.anon, g.base(), func(l map[string]any) {
		l["lastName"] = tag
		l["address"] = "1 Main St\nPhone: +1-900-FAKE"
	}, "X-Forwarded-For", e.ip())
	if r.status != 200 {
		v.fail("lead not accepted: %s", r)
		return
	}
	var mail string
	if err := scratch.WaitFor("the lead's e-mail", 30*time.Second, func() bool {
		mail = box.find(tag)
		return mail != ""
	}); err != nil {
		v.fail("%v", err)
		return
	}
	_, body, _ := strings.Cut(mail, "\r\n\r\n")
	var phones []string
	for _, line := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n") {
		if strings.HasPrefix(line, "Phone:") {
			phones = append(phones, line)
		}
	}
	v.note("the e-mail's Phone: lines: %q", phones)
	if len(phones) != 1 {
		v.fail("the e-mail has %d lines starting with Phone:", len(phones))
	}
}

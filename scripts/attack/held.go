package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif" // decoders for the served images
	_ "image/jpeg"
	_ "image/png"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	_ "golang.org/x/image/webp"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// The probes that held when issue 25 was opened: they must stay PASS.

// smuggleVariant is one disputed framing. head is the request's first
// header lines (each ended as written; Host follows), body what follows the blank
// line; "{S}" in either stands for the smuggled request, "{N}" in head for
// the body's length.
type smuggleVariant struct {
	name, head, body string
}

// chunkOf is body as one chunk, then the last chunk.
func chunkOf(size, data string) string { return size + "\r\n" + data + "\r\n0\r\n\r\n" }

var smuggleVariants = []smuggleVariant{
	{"CL.CL (two values)", "Content-Length: 5\r\nContent-Length: {N}\r\n", "0\r\n\r\n{S}"},
	{"Content-Length list", "Content-Length: 5, {N}\r\n", "0\r\n\r\n{S}"},
	{"Content-Length +N", "Content-Length: +{N}\r\n", "0\r\n\r\n{S}"},
	{"TE xchunked", "Content-Length: {N}\r\nTransfer-Encoding: xchunked\r\n", "0\r\n\r\n{S}"},
	{"TE on a line with a leading space", " Transfer-Encoding: chunked\r\nContent-Length: {N}\r\n", "0\r\n\r\n{S}"},
	{"TE chunked, identity", "Content-Length: {N}\r\nTransfer-Encoding: chunked, identity\r\n", "0\r\n\r\n{S}"},
	{"TE mixed case", "Transfer-Encoding: ChUnKeD\r\n", "{C}"},
	{"TE value after a tab", "Transfer-Encoding:\tchunked\r\n", "{C}"},
	{"TE name, tab before the colon", "Content-Length: {N}\r\nTransfer-Encoding\t: chunked\r\n", "0\r\n\r\n{S}"},
	{"TE name, space before the colon", "Content-Length: {N}\r\nTransfer-Encoding : chunked\r\n", "0\r\n\r\n{S}"},
	{"CL name, space before the colon", "Content-Length : 5\r\n", "0\r\n\r\n{S}"},
	{"bare-LF line ends", "X-Note: bare\nContent-Length: {N}\n", "0\r\n\r\n{S}"},
	{"obs-fold continuation", "Content-Length: {N}\r\nX-Note: folded\r\n Transfer-Encoding: chunked\r\n", "0\r\n\r\n{S}"},
	{"chunk size 0x", "Transfer-Encoding: chunked\r\n", "0x{X}\r\n{S}\r\n0\r\n\r\n"},
	{"chunk size overflow", "Transfer-Encoding: chunked\r\n", "10000000000000000\r\n\r\n{S}"},
}

// smuggling sends each variant as a GET of a public read and as a POST
// /api/contact, a second request hidden where only a reading of the
// framing that differs from RFC 9112's would take it for a request, and
// reads the socket until the server closes it or 3 s pass. Requires: each
// is refused (4xx, or 501 for an unknown transfer coding) or answered
// once: never a second, smuggled answer on the socket.
func smuggling(e *env, g *gateway, v *verdict) {
	host := g.in.Addr
	s := smuggled(host)
	type outcome struct {
		name string
		x    exchange
	}
	var mu sync.Mutex
	var outs []outcome
	var wg sync.WaitGroup
	for _, sv := range smuggleVariants {
		for _, target := range []string{"GET /api/blog-posts?limit=3", "POST /api/contact"} {
			body := strings.NewReplacer("{C}", chunkOf(fmt.Sprintf("%x", len(s)), s), "{S}", s, "{X}", fmt.Sprintf("%x", len(s))).Replace(sv.body)
			head := strings.ReplaceAll(sv.head, "{N}", fmt.Sprint(len(body)))
			eol := "\r\n"
			if strings.Contains(sv.name, "bare-LF") {
				eol = "\n"
			}
			req := target + " HTTP/1.1" + eol + head + "Host: " + host + eol + "X-Forwarded-For: " + e.ip() + eol + eol + body
			wg.Go(func() {
				x := roundTrip(host, []byte(req), 3*time.Second)
				mu.Lock()
				outs = append(outs, outcome{sv.name + " / " + strings.Fields(target)[0], x})
				mu.Unlock()
			})
		}
	}
	wg.Wait()
	answers := tally{}
	for _, o := range outs {
		st := o.x.statuses()
		switch {
		case o.x.err != nil:
			v.fail("%s: %v", o.name, o.x.err)
		case len(st) > 1:
			v.fail("%s: %d answers on one request (smuggled): %v", o.name, len(st), st)
		case len(st) == 0:
			answers[0]++
		default:
			answers[st[0]]++
		}
	}
	v.note("%d variants × GET and POST: first answers %v (0: none before the close or 3 s), no second answer", len(smuggleVariants), answers)
}

// csrf-origins sends state-changing requests — POST /api/contact and POST
// /api/login signed out, PUT /api/admin/editable-content/{key} and DELETE
// /api/admin/media/{key} as staff — each with Origin: https://evil.example,
// Origin: null, the site's host on another port, Sec-Fetch-Site:
// cross-site with a foreign Referer and no Origin, and Sec-Fetch-Site:
// same-site; then with the site's own Origin and with Sec-Fetch-Site:
// same-origin. Requires: every foreign one refused with 403, every own one
// through (not 403). originProtected is Go's CrossOriginProtection, which
// reads Sec-Fetch-Site and Origin only: a request with neither is taken for
// same-origin or a non-browser one, so a foreign Referer alone (no browser
// sends one without Origin on a cross-site POST) passes; its status is
// shown, not judged.
func csrfOrigins(e *env, g *gateway, v *verdict) {
	const key = "attack.csrf"
	own := e.s.Base()
	create := e.staff.send("POST", g.base()+"/api/admin/editable-content", jsonBytes(map[string]string{
		"contentKey": key, "content": "CSRF probe text", "contentType": "text", "category": "general", "description": "attack suite"}), "Origin", own)
	if create.status != 200 {
		v.fail("create %s: %s", key, create)
		return
	}
	lead := func() []byte {
		l := scratch.LeadPayload("csrf", int(e.ips.Add(1)))
		return jsonBytes(l)
	}
	targets := []struct {
		what, method, path string
		c                  *client
		body               func() []byte
	}{
		{"POST /api/contact", "POST", "/api/contact", e.anon, lead},
		{"POST /api/login", "POST", "/api/login", newClient(nil, true), func() []byte {
			return jsonBytes(map[string]string{"username": "scratch@valleytrenchless.example", "password": "scratch-run-staff-password"})
		}},
		{"PUT /api/admin/editable-content/" + key, "PUT", "/api/admin/editable-content/" + key, e.staff, func() []byte {
			return jsonBytes(map[string]string{"content": "changed by the CSRF probe"})
		}},
		{"DELETE /api/admin/media/{key}", "DELETE", "/api/admin/media/" + strings.Repeat("0", 64) + ".png", e.staff, func() []byte { return nil }},
	}
	foreign := []struct {
		what string
		hdr  []string
	}{
		{"Origin evil", []string{"Origin", "https://evil.example"}},
		{"Origin null", []string{"Origin", "null"}},
		{"Origin other port", []string{"Origin", "http://127.0.0.1:1"}},
		{"cross-site Referer", []string{"Sec-Fetch-Site", "cross-site", "Referer", "https://evil.example/page"}},
		{"same-site", []string{"Sec-Fetch-Site", "same-site"}},
	}
	ownHdrs := []struct {
		what string
		hdr  []string
	}{
		{"own Origin", []string{"Origin", own}},
		{"same-origin", []string{"Sec-Fetch-Site", "same-origin"}},
	}
	refused, through, refererOnly := 0, tally{}, tally{}
	for _, t := range targets {
		send := func(hdr []string) reply {
			return t.c.send(t.method, g.base()+t.path, t.body(), append([]string{"X-Forwarded-For", e.ip()}, hdr...)...)
		}
		for _, f := range foreign {
			if r := send(f.hdr); r.status == 403 {
				refused++
			} else {
				v.fail("%s with %s: %s (want 403)", t.what, f.what, r)
			}
		}
		for _, o := range ownHdrs {
			r := send(o.hdr)
			through[r.status]++
			if r.status == 403 || r.status == 0 {
				v.fail("%s with %s: %s (want it through)", t.what, o.what, r)
			}
		}
		refererOnly[send([]string{"Referer", "https://evil.example/page"}).status]++
	}
	v.note("%d of %d foreign requests refused 403; own ones answered %v; foreign Referer alone (not judged) %v",
		refused, len(targets)*len(foreign), through, refererOnly)
}

// staffRoute is one method and path the authorisation matrix checks.
type staffRoute struct{ method, path string }

// staffRoutes are every staff route: the OpenAPI paths under /api/admin
// and /api/contact-submissions (path parameters filled with values that
// name nothing), the upload and the live lead stream.
func staffRoutes() ([]staffRoute, error) {
	raw, err := os.ReadFile("gen/openapi/api.swagger.json")
	if err != nil {
		return nil, err
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	fill := map[string]string{"key": strings.Repeat("0", 64) + ".png", "contentKey": "attack.authz"}
	param := regexp.MustCompile(`\{([^}]+)\}`)
	var out []staffRoute
	for p, methods := range doc.Paths {
		if !strings.HasPrefix(p, "/api/admin") && !strings.HasPrefix(p, "/api/contact-submissions") {
			continue
		}
		p = param.ReplaceAllStringFunc(p, func(m string) string {
			if v, ok := fill[m[1:len(m)-1]]; ok {
				return v
			}
			return uuid.NewString()
		})
		for m := range methods {
			out = append(out, staffRoute{strings.ToUpper(m), p})
		}
	}
	out = append(out, staffRoute{"POST", "/api/upload-image"}, staffRoute{"GET", "/api/contact-submissions/events"})
	slices.SortFunc(out, func(a, b staffRoute) int { return strings.Compare(a.path+a.method, b.path+b.method) })
	return out, nil
}

// authz-matrix sends every staff route (staffRoutes) signed out, as a
// signed-in visitor who is not staff (a registered account), and as staff;
// writes carry {} (the upload an empty file). Requires: 401 signed out,
// 403 as the visitor, neither as staff.
func authzMatrix(e *env, g *gateway, v *verdict) {
	routes, err := staffRoutes()
	if err != nil {
		v.fail("read the OpenAPI paths: %v", err)
		return
	}
	roles := []struct {
		name string
		c    *client
		ok   func(int) bool
		want string
	}{
		{"signed out", e.anon, func(s int) bool { return s == 401 }, "401"},
		{"visitor", e.visitor, func(s int) bool { return s == 403 }, "403"},
		{"staff", e.staff, func(s int) bool { return s != 401 && s != 403 && s != 0 }, "neither 401 nor 403"},
	}
	cells, staffStatuses := 0, tally{}
	for _, rt := range routes {
		for _, role := range roles {
			status := authzCell(e, g, role.c, rt)
			cells++
			if role.name == "staff" {
				staffStatuses[status]++
			}
			if !role.ok(status) {
				v.fail("%s %s %s: %d (want %s)", role.name, rt.method, rt.path, status, role.want)
			}
		}
	}
	v.note("%d routes × 3 roles = %d cells; staff answers %v", len(routes), cells, staffStatuses)
}

// authzCell sends one route as one role and returns the status; the live
// stream is read up to its head only.
func authzCell(e *env, g *gateway, c *client, rt staffRoute) int {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var req *http.Request
	switch {
	case rt.path == "/api/upload-image":
		req = scratch.NewUpload(g.base(), "empty.png", nil)
	case rt.method == "GET" || rt.method == "DELETE":
		req, _ = http.NewRequest(rt.method, g.base()+rt.path, nil)
	default:
		req, _ = http.NewRequest(rt.method, g.base()+rt.path, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("X-Forwarded-For", e.ip())
	resp, err := c.hc.Do(req.WithContext(ctx))
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// upload-polyglots uploads as staff an SVG with a script, an HTML page
// named .png, a GIF that is also JavaScript (GIF89a/*…*/=alert(1)), a PNG
// with a script after IEND and a JPEG with a script in a comment segment and
// its EXIF description. Requires: each refused with 4xx, or stored
// re-encoded: the bytes served at /media/<key> decode as an image and carry
// no "<script" or "alert(", with X-Content-Type-Options: nosniff and an
// image Content-Type.
func uploadPolyglots(e *env, g *gateway, v *verdict) {
	files := []struct {
		name, file string
		data       []byte
	}{
		{"SVG with a script", "x.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">` + scriptTag + `</svg>`)},
		{"HTML named .png", "page.png", []byte("<!doctype html><html><body>" + scriptTag + "</body></html>")},
		{"GIF/JS polyglot", "poly.gif", gifJSPolyglot()},
		{"PNG with a script after IEND", "trailer.png", pngWithTrailer()},
		{"JPEG with a script in COM and EXIF", "exif.jpg", jpegWithScriptComments()},
	}
	var figs []string
	for _, f := range files {
		req := scratch.NewUpload(g.base(), f.file, f.data)
		req.Header.Set("X-Forwarded-For", e.ip())
		r := e.staff.do(req)
		switch {
		case r.status >= 400 && r.status < 500:
			figs = append(figs, fmt.Sprintf("%s %d", f.name, r.status))
			continue
		case r.status != 200:
			v.fail("%s: %s", f.name, r)
			continue
		}
		url := field(r.body, "url")
		served := e.anon.send("GET", g.base()+url, nil)
		ct := served.header.Get("Content-Type")
		_, format, err := image.Decode(bytes.NewReader(served.body))
		figs = append(figs, fmt.Sprintf("%s stored, served %d %s (%s)", f.name, served.status, ct, format))
		switch {
		case served.status != 200:
			v.fail("%s: %s served %s", f.name, url, served)
		case err != nil:
			v.fail("%s: the served bytes do not decode: %v", f.name, err)
		case !strings.HasPrefix(ct, "image/"):
			v.fail("%s: served as %q", f.name, ct)
		case served.header.Get("X-Content-Type-Options") != "nosniff":
			v.fail("%s: served without X-Content-Type-Options: nosniff", f.name)
		case bytes.Contains(bytes.ToLower(served.body), []byte("<script")) || bytes.Contains(served.body, []byte("alert(")):
			v.fail("%s: the served bytes still hold the script", f.name)
		}
	}
	v.note("%s", strings.Join(figs, "; "))
}

// csv-injection posts a lead whose first name is =HYPERLINK("http://evil")
// and last name @SUM(1+1), and exports the leads as staff
// (/api/contact-submissions/export.csv). Requires: no cell of its row
// starts with = + - @, a tab or a carriage return (contactgrpc.SafeCells
// puts an apostrophe before them).
func csvInjection(e *env, g *gateway, v *verdict) {
	const formula = `=HYPERLINK("http://evil")`
	r := postLead(e.anon, g.base(), func(l map[string]any) {
		l["firstName"], l["lastName"] = formula, "@SUM(1+1)"
	}, "X-Forwarded-For", e.ip())
	if r.status != 200 {
		v.fail("lead not accepted: %s", r)
		return
	}
	exp := e.staff.send("GET", g.base()+"/api/contact-submissions/export.csv", nil)
	rows, err := csv.NewReader(bytes.NewReader(exp.body)).ReadAll()
	if exp.status != 200 || err != nil {
		v.fail("export: %d %v", exp.status, err)
		return
	}
	found := 0
	for _, row := range rows {
		if !slices.ContainsFunc(row, func(c string) bool { return strings.Contains(c, "HYPERLINK") }) {
			continue
		}
		found++
		for _, c := range row {
			if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
				v.fail("a cell starts with a formula: %q", c)
			}
			if strings.Contains(c, "HYPERLINK") || strings.Contains(c, "SUM(") {
				v.note("exported as %q", c)
			}
		}
	}
	if found != 1 {
		v.fail("the export has %d rows for the lead", found)
	}
}

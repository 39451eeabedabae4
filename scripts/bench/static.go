package main

import (
	"cmp"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// staticTarget is one set of public reads served by both servers.
type staticTarget struct {
	name    string
	gateway []string // paths on the gateway
	nginx   []string // the same bytes' paths on nginx
	headers map[string]string
	largest int // index of the largest answer
}

// raw fetches a URL without decoding its body.
var raw = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableCompression: true}}

func get(u string, headers map[string]string) (*http.Response, []byte, error) {
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := raw.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	return resp, b, err
}

// sitePages are the public pages the sitemap lists (following an index of
// sitemaps one level), as paths.
func sitePages(base string) ([]string, error) {
	paths, _, err := sitemapURLs(base)
	if err != nil {
		return nil, fmt.Errorf("sitemap: %w", err)
	}
	if !slices.Contains(paths, "/") {
		return nil, fmt.Errorf("the sitemap lists no home page: %v", paths)
	}
	return paths, nil
}

// fileFor names the file nginx serves a gateway path's bytes from.
func fileFor(path, ext string) string {
	if path == "/" {
		return "/index" + ext
	}
	r := strings.NewReplacer("/", "_", "?", "_", "=", "-", "&", "_")
	return "/" + r.Replace(strings.Trim(path, "/")) + ext
}

// mirror copies what the gateway serves for each page and JSON read
// (identity, gzip and brotli) into nginx's root, and returns the gateway's
// response headers for the home page, which nginx then adds to every
// answer.
func mirror(base, www string, pages, json []string) (http.Header, error) {
	var home http.Header
	type item struct{ path, ext string }
	var items []item
	for _, p := range pages {
		items = append(items, item{p, ".html"})
	}
	for _, p := range json {
		items = append(items, item{p, ".json"})
	}
	for _, it := range items {
		for _, enc := range []struct{ accept, suffix string }{{"", ""}, {"gzip", ".gz"}, {"br", ".br"}} {
			resp, b, err := get(base+it.path, map[string]string{"Accept-Encoding": enc.accept})
			if err != nil {
				return nil, err
			}
			if got := resp.Header.Get("Content-Encoding"); got != enc.accept {
				return nil, fmt.Errorf("GET %s with Accept-Encoding %q answered Content-Encoding %q", it.path, enc.accept, got)
			}
			if err := os.WriteFile(filepath.Join(www, fileFor(it.path, it.ext)+enc.suffix), b, 0o644); err != nil {
				return nil, err
			}
			if it.path == "/" && enc.accept == "" {
				home = resp.Header
			}
		}
	}
	return home, nil
}

// nginxConf serves www on addr with precompressed files and the gateway's
// own security headers, one worker, an access log.
func nginxConf(root, www, addr string, headers http.Header) string {
	var add strings.Builder
	skip := map[string]bool{"Date": true, "Content-Length": true, "Content-Type": true, "Content-Encoding": true, "Etag": true,
		"Last-Modified": true, "Vary": true, "Accept-Ranges": true, "X-Cache": true}
	keys := make([]string, 0, len(headers))
	for k := range headers {
		if !skip[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&add, "    add_header %s %q always;\n", k, headers.Get(k))
	}
	tmp := filepath.Join(root, "nginx-tmp")
	return fmt.Sprintf(`load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes 1;
daemon off;
pid %[1]s/nginx.pid;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log %[1]s/logs/nginx-access.log;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=1000 inactive=60s;
  client_body_temp_path %[2]s/body;
  proxy_temp_path %[2]s/proxy;
  fastcgi_temp_path %[2]s/fastcgi;
  uwsgi_temp_path %[2]s/uwsgi;
  scgi_temp_path %[2]s/scgi;
  server {
    listen %[3]s;
    root %[4]s;
    gzip_static on;
    gzip_vary on;
    brotli_static on;
%[5]s  }
}
`, root, tmp, addr, www, add.String())
}

func startNginx(root string, headers http.Header, www string) (*scratch.Proc, string, error) {
	addr := scratch.FreeAddr()
	conf := filepath.Join(root, "nginx.conf")
	if err := os.WriteFile(conf, []byte(nginxConf(root, www, addr, headers)), 0o644); err != nil {
		return nil, "", err
	}
	_ = os.MkdirAll(filepath.Join(root, "nginx-tmp"), 0o755)
	bin, err := lookTool("nginx")
	if err != nil {
		return nil, "", err
	}
	p, err := scratch.StartProc(filepath.Join(root, "logs"), "nginx", bin, []string{"-p", root, "-c", conf, "-e", filepath.Join(root, "logs", "nginx-error.log")},
		nil, scratch.ProcOptions{CPUs: serverCPU})
	if err != nil {
		return nil, "", err
	}
	if err := scratch.WaitFor("nginx to serve", 15*time.Second, func() bool { return p.Exited() || scratch.HTTPOK("http://"+addr+"/index.html") }); err != nil || p.Exited() {
		p.Kill()
		return nil, "", fmt.Errorf("nginx did not start (%v): see %s", err, filepath.Join(root, "logs"))
	}
	return p, "http://" + addr, nil
}

// benchStatic measures public bytes: the cached JSON reads and every
// prerendered page, gzip and brotli, on nginx and on the gateway.
func benchStatic(c config, s *scratch.Stack, root string, r *report) error {
	base := s.Base()
	pages, err := sitePages(base)
	if err != nil {
		return err
	}
	json := []string{"/api/blog-posts?limit=3", "/api/editable-content"}
	www := filepath.Join(root, "www")
	if err := os.MkdirAll(www, 0o755); err != nil {
		return err
	}
	headers, err := mirror(base, www, pages, json)
	if err != nil {
		return err
	}
	ng, nginxBase, err := startNginx(root, headers, www)
	if err != nil {
		return err
	}
	defer ng.Stop(10 * time.Second)
	pl, plainBase, err := startPlain(root, www, headers)
	if err != nil {
		return err
	}
	defer pl.Stop(10 * time.Second)
	r.nginxVersion = nginxVersion()
	r.pages = len(pages)

	// JSON is asked for as a browser asks (its fetch sends this header).
	browser := map[string]string{"Accept-Encoding": "gzip, deflate, br"}
	var targets []staticTarget
	for _, p := range json {
		targets = append(targets, staticTarget{name: "JSON `" + p + "` (br)", gateway: []string{p}, nginx: []string{fileFor(p, ".json")}, headers: browser})
	}
	nginxPages := make([]string, len(pages))
	for i, p := range pages {
		nginxPages[i] = fileFor(p, ".html")
	}
	for _, enc := range []struct{ name, suffix string }{{"gzip", ".gz"}, {"br", ".br"}} {
		h := map[string]string{"Accept-Encoding": enc.name}
		largest, size := 0, int64(0)
		for i, p := range nginxPages {
			if st, err := os.Stat(filepath.Join(www, p+enc.suffix)); err == nil && st.Size() > size {
				largest, size = i, st.Size()
			}
		}
		targets = append(targets,
			staticTarget{name: "`/` (" + enc.name + ")", gateway: []string{"/"}, nginx: []string{"/index.html"}, headers: h},
			staticTarget{name: fmt.Sprintf("all %d pages in turn (%s)", len(pages), enc.name), gateway: pages, nginx: nginxPages, headers: h, largest: largest})
	}
	dir := filepath.Join(root, "scripts")
	_ = os.MkdirAll(dir, 0o755)
	// Warm both servers: files in the page cache, the gateway's filled
	// pages and cached reads in memory.
	for _, t := range targets {
		if _, err := runWrk(dir, nginxBase, t.nginx, t.headers, time.Second, 8); err != nil {
			return err
		}
		if _, err := runWrk(dir, base, t.gateway, t.headers, time.Second, 8); err != nil {
			return err
		}
	}
	for _, t := range targets {
		row := staticRow{name: t.name}
		// The three servers in turn, rounds times; each figure is the
		// median round (something else on the machine can slow one run).
		var ng, pl, gw []maxRate
		servers := []struct {
			base  string
			paths []string
			out   *[]maxRate
		}{{nginxBase, t.nginx, &ng}, {plainBase, t.nginx, &pl}, {base, t.gateway, &gw}}
		for i := range staticRounds(c.rounds) {
			fmt.Printf("bench: %s: maximum rates (nginx, net/http alone, gateway)...\n", t.name)
			// Odd rounds run the servers in reverse: a machine that slows
			// or speeds up during a round then favours neither.
			order := slices.Clone(servers)
			if i%2 == 1 {
				slices.Reverse(order)
			}
			for _, run := range order {
				srv, load := readTicks()
				m, err := runWrk(dir, run.base, run.paths, t.headers, c.dur, 32)
				if err != nil {
					return err
				}
				m.steal = stealSince(srv, load)
				*run.out = append(*run.out, m)
			}
			row.ratios = append(row.ratios, gw[i].rps/ng[i].rps)
			row.steals = append(row.steals, max(gw[i].steal, ng[i].steal))
		}
		row.ratio = pairedRatio(row.ratios, row.steals)
		row.nginxMax, row.plainMax, row.gatewayMax = median(ng, byRate), median(pl, byRate), median(gw, byRate)
		rate := int(row.nginxMax.rps / 2)
		// fortio asks for one path: a row of several pages is held at the
		// rate on its largest.
		fixed := t.largest
		if len(t.gateway) > 1 {
			row.fixedPath = t.gateway[fixed]
		}
		fmt.Printf("bench: %s: both at %d req/s...\n", t.name, rate)
		if row.nginxFixed, err = runFortio(nginxBase, t.nginx[fixed], t.headers, rate, c.dur, 32); err != nil {
			return err
		}
		if row.gatewayFixed, err = runFortio(base, t.gateway[fixed], t.headers, rate, c.dur, 32); err != nil {
			return err
		}
		fmt.Printf("bench: %s: nginx %.0f req/s, net/http alone %.0f, gateway %.0f req/s (%.2fx, the median round's ratio); at %d req/s p99 nginx %s ms, gateway %s ms\n", t.name,
			row.nginxMax.rps, row.plainMax.rps, row.gatewayMax.rps, row.ratio, rate, ms(row.nginxFixed.p99), ms(row.gatewayFixed.p99))
		r.static = append(r.static, row)
	}
	return nil
}

// median sorts runs by key and returns the middle one.
func median[R any, K cmp.Ordered](runs []R, key func(R) K) R {
	slices.SortFunc(runs, func(a, b R) int { return cmp.Compare(key(a), key(b)) })
	return runs[len(runs)/2]
}

// staticRounds is how many rounds a row of public bytes gets: at least
// five. This machine's speed drifts by a tenth or more from one run to the
// next, as much as the gap being measured; the gateway's ratio is the
// median of five rounds' own ratios, each taken within its round.
func staticRounds(rounds int) int { return max(rounds, 5) }

// quietSteal is the most CPU time the hypervisor may take from a round
// for its ratio to count: on a shared host, stolen time slows whichever
// server it falls on (5 to 20 % of a run was seen), which is the very
// difference being measured.
const quietSteal = 0.02

// pairedRatio is the median of the rounds' ratios, counting only quiet
// rounds (steal at most quietSteal on both servers' runs) when there are
// any, else every round.
func pairedRatio(ratios, steals []float64) float64 {
	var quiet []float64
	for i, r := range ratios {
		if steals[i] <= quietSteal {
			quiet = append(quiet, r)
		}
	}
	if len(quiet) == 0 {
		quiet = slices.Clone(ratios)
	}
	return median(quiet, func(f float64) float64 { return f })
}

// byRate is a maximum-rate run's key for median.
func byRate(r maxRate) float64 { return r.rps }

func nginxVersion() string {
	bin, err := lookTool("nginx")
	if err != nil {
		return "?"
	}
	out, _ := execOutput(bin, "-v")
	return strings.TrimSpace(strings.TrimPrefix(out, "nginx version: "))
}

package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// namedGet is one GET a part measures: its name in the table and its path
// at the gateway ("" when the data holds nothing to ask it of: n/a).
type namedGet struct{ name, path string }

// timing is what timeGet measured of one request.
type timing struct {
	p50, p99 time.Duration
	runs     int
	// header and body are the first answer's (body as sent: not decoded
	// when the request asked for an encoding).
	header http.Header
	body   []byte
}

// timeGet asks GET u with c warm times unmeasured, then runs times, one at
// a time as a person asks, and returns the client's p50 and p99. A budget
// above zero ends the measured runs once it has passed (after at least
// five), so a slow answer cannot hold the run for minutes. hdr adds
// request headers (nil: none). Any answer but 200 is an error.
func timeGet(c *http.Client, u string, hdr http.Header, warm, runs int, budget time.Duration) (timing, error) {
	var t timing
	var took []time.Duration
	start := time.Now()
	for i := 0; i < warm+runs; i++ {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return t, err
		}
		for k, v := range hdr {
			req.Header[k] = v
		}
		t0 := time.Now()
		resp, err := c.Do(req)
		if err != nil {
			return t, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		d := time.Since(t0)
		if err != nil {
			return t, err
		}
		if resp.StatusCode != http.StatusOK {
			return t, fmt.Errorf("GET %s: %s: %.200s", u, resp.Status, body)
		}
		if i == 0 {
			t.header, t.body = resp.Header, body
		}
		if i >= warm {
			took = append(took, d)
			if budget > 0 && len(took) >= 5 && time.Since(start) > budget {
				break
			}
		}
		if i == 0 && budget > 0 && d > budget/5 {
			warm = min(warm, 1) // a slow answer: no long warm-up either
		}
	}
	slices.Sort(took)
	t.runs = len(took)
	t.p50, t.p99 = took[len(took)/2], took[len(took)*99/100]
	return t, nil
}

// pageItems is how many items a list answer carries: a bare JSON array's
// length, or that of the first list field of a JSON object (submissions,
// images, items, posts); -1 when the answer is no list.
func pageItems(body []byte) int {
	var arr []json.RawMessage
	if json.Unmarshal(body, &arr) == nil {
		return len(arr)
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(body, &obj) != nil {
		return -1
	}
	for _, k := range []string{"submissions", "images", "items", "posts"} {
		if v, ok := obj[k]; ok && json.Unmarshal(v, &arr) == nil {
			return len(arr)
		}
	}
	return -1
}

// nextToken is a list answer's next page token: the X-Next-Page-Token
// header (a bare-array answer), else the JSON object's nextPageToken.
func nextToken(h http.Header, body []byte) string {
	if v, ok := h["X-Next-Page-Token"]; ok {
		return strings.Join(v, "")
	}
	var p struct {
		Next string `json:"nextPageToken"`
	}
	_ = json.Unmarshal(body, &p)
	return p.Next
}

// withPageToken is path with its pageToken set to token.
func withPageToken(path, token string) string {
	p, q, _ := strings.Cut(path, "?")
	v, _ := url.ParseQuery(q)
	v.Set("pageToken", token)
	return p + "?" + v.Encode()
}

// pageAt is the path of page n of a paged list (1: path itself), reached
// by following each page's next token as the staff screens do; "" when
// the list has fewer pages. n < 0 asks for the last page (at most 2,000
// pages on); pages is the number of the page returned.
func pageAt(c *http.Client, base, path string, n int) (at string, pages int, err error) {
	at = path
	for pages = 1; n < 0 && pages < 2000 || pages < n; pages++ {
		resp, err := c.Get(base + at)
		if err != nil {
			return "", 0, err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return "", 0, err
		}
		if resp.StatusCode != http.StatusOK {
			return "", 0, fmt.Errorf("GET %s: %s: %.200s", at, resp.Status, body)
		}
		next := nextToken(resp.Header, body)
		if next == "" {
			if n < 0 {
				return at, pages, nil
			}
			return "", pages, nil
		}
		at = withPageToken(path, next)
	}
	return at, pages, nil
}

// sitemapURLs reads base's /sitemap.xml: the page paths it lists and, when
// it is an index of sitemaps, those sitemaps' paths, whose pages it lists
// too (one level, as the protocol allows).
func sitemapURLs(base string) (pages, sitemaps []string, err error) {
	var read func(path string, depth int) error
	read = func(path string, depth int) error {
		_, b, err := get(base+path, nil)
		if err != nil {
			return err
		}
		var doc struct {
			XMLName xml.Name
			URLs    []struct {
				Loc string `xml:"loc"`
			} `xml:"url"`
			Maps []struct {
				Loc string `xml:"loc"`
			} `xml:"sitemap"`
		}
		if err := xml.Unmarshal(b, &doc); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		for _, m := range doc.Maps {
			p, err := localPath(m.Loc)
			if err != nil {
				return err
			}
			sitemaps = append(sitemaps, p)
			if depth == 0 {
				if err := read(p, 1); err != nil {
					return err
				}
			}
		}
		for _, u := range doc.URLs {
			p, err := localPath(u.Loc)
			if err != nil {
				return err
			}
			pages = append(pages, p)
		}
		return nil
	}
	err = read("/sitemap.xml", 0)
	return pages, sitemaps, err
}

// localPath is an absolute URL's path (and query), "/" for none.
func localPath(loc string) (string, error) {
	u, err := url.Parse(loc)
	if err != nil {
		return "", err
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return p, nil
}

// resetPeak starts the process's VmHWM over from its VmRSS now (Linux's
// clear_refs "5"), so PeakRSSKB reads the peak of what follows.
func resetPeak(p *scratch.Proc) error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", p.Cmd.Process.Pid), []byte("5"), 0)
}

package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/scratch"
)

// uncachedRate is the fixed rate of staff reads (issue 17: 500 req/s).
const uncachedRate = 500

// benchUncached measures reads nothing caches — the staff's post list and
// single posts, each gateway → content → Postgres, with the session checked
// on every request — at a fixed rate.
func benchUncached(c config, s *scratch.Stack, r *report) error {
	staff, err := s.StaffClient()
	if err != nil {
		return err
	}
	base := s.Base()
	const path = "/api/admin/blog-posts?limit=20"
	if resp, err := staff.Get(base + path); err != nil {
		return err
	} else if resp.Body.Close(); resp.StatusCode != http.StatusOK {
		return fmt.Errorf("staff post list: %s", resp.Status)
	}
	u, _ := url.Parse(base)
	var cookies []string
	for _, ck := range staff.Jar.Cookies(u) {
		cookies = append(cookies, ck.Name+"="+ck.Value)
	}
	headers := map[string]string{"Cookie": strings.Join(cookies, "; ")}
	// Warm the connections and the services' statement caches.
	if _, err := runFortio(base, path, headers, 100, 2*time.Second, 16); err != nil {
		return err
	}
	fmt.Printf("bench: uncached staff reads at %d req/s...\n", uncachedRate)
	res, err := runFortio(base, path, headers, uncachedRate, c.dur, 16)
	if err != nil {
		return err
	}
	r.uncached = &uncachedRow{path: path, fixedRate: res}
	fmt.Printf("bench: uncached reads at %d req/s: p50 %s ms, p99 %s ms, success %.4f\n", uncachedRate, ms(res.p50), ms(res.p99), res.success)
	return nil
}

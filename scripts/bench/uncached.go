package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// uncachedRate is the fixed rate of staff reads (issue 17: 500 req/s).
const uncachedRate = 500

// benchUncached measures reads nothing caches: each post as the staff
// editor opens it (GET /api/admin/blog-posts/{id}, every post in turn),
// gateway → content → Postgres, signed in (the session is looked up on
// every request), at a fixed rate.
func benchUncached(c config, s *scratch.Stack, r *report) error {
	staff, err := s.StaffClient()
	if err != nil {
		return err
	}
	base := s.Base()
	resp, err := staff.Get(base + "/api/admin/blog-posts?limit=50")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("staff post list: %s", resp.Status)
	}
	var posts []struct {
		ID string `json:"id"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&posts); err != nil {
		return fmt.Errorf("staff post list: %w", err)
	}
	if len(posts) == 0 {
		return fmt.Errorf("the scratch stack has no posts to read")
	}
	var paths []string
	for _, p := range posts {
		paths = append(paths, "/api/admin/blog-posts/"+p.ID)
	}
	u, _ := url.Parse(base)
	var cookies []string
	for _, ck := range staff.Jar.Cookies(u) {
		cookies = append(cookies, ck.Name+"="+ck.Value)
	}
	headers := map[string]string{"Cookie": strings.Join(cookies, "; ")}
	// Warm the connections and the services' statement caches.
	if _, err := runVegeta(base, paths, headers, 100, 2*time.Second); err != nil {
		return err
	}
	// Rounds as for the maximum rates: a stall of the shared host in one
	// round shows in its p99, and the median round is the one reported.
	var rounds []fixedRate
	for i := range c.rounds {
		fmt.Printf("bench: uncached staff reads at %d req/s, round %d of %d...\n", uncachedRate, i+1, c.rounds)
		res, err := runVegeta(base, paths, headers, uncachedRate, c.dur)
		if err != nil {
			return err
		}
		fmt.Printf("bench: uncached reads at %d req/s: p50 %s ms, p99 %s ms, success %.4f\n", uncachedRate, ms(res.p50), ms(res.p99), res.success)
		rounds = append(rounds, res)
	}
	mid := median(rounds, func(f fixedRate) time.Duration { return f.p99 }) // sorts rounds by p99
	r.uncached = &uncachedRow{posts: len(paths), fixedRate: mid, rounds: rounds}
	return nil
}

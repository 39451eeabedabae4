package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// growthHeading is the growth section's heading; -only growth -out replaces
// the section under it (see mergeReport).
const growthHeading = "## Growth: 1,000,000 leads, 10,000 posts, 5,000 images, 2,000 texts"

// growthMarkdown is the growth part's section of the report.
func (r *report) growthMarkdown(g *growthReport) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	sm, bg := g.size[small], g.size[big]
	if sm == nil || bg == nil {
		return ""
	}
	count := func(s *growthSize) string {
		return fmt.Sprintf("%s posts, %s leads, %s images, %s texts", thousands(s.counts[0]), thousands(s.counts[1]), thousands(s.counts[2]), thousands(s.counts[3]))
	}
	w("%s\n\n", growthHeading)
	w("Issue 29: the site after five busy years, against today's, on one scratch stack in one run (%s, %s; `go run ./scripts/bench -only growth`). "+
		"**small** is the stack as it starts (%s); then leads over five years (10 %% spam, every status, 14 cities, 5 sources), "+
		"posts of 300–3,000 words of HTML over five years (%d scheduled for the coming three months, %d drafts, half with a library image), image rows and short and long texts are written by COPY (%s: %s) and every process is restarted: **big** (%s). "+
		"Staff calls go through the gateway signed in, one at a time, %d times after %d warm-up requests (%d for public reads, which ask for brotli or gzip as a browser does), at most %s of measured runs each; the client's time. A call whose p99 misses its goal in that round (a staff call only when its p50 is within half the goal: a tail, not a slow call) is measured a second time; the table shows both rounds' p99 and the second counts. "+
		"Every server runs on CPU %s; this machine's two cores were shared with other work during the run, so single figures are noisy. "+
		"Goals: every staff call p99 ≤ %s ms; each public read's p99 unchanged within noise (big ≤ %.1f× small + %s ms, or within the spread of the public reads' p99s at the small size, here up to %s ms: the same page answered from memory has a p99 anywhere in it on this machine); every affected page current ≤ %s s after a save; memory bounded by configuration, not by data (reading everything grows a process by at most %d MB: the export over the process before it, all articles over the first thousand).\n\n",
		g.started.UTC().Format("2006-01-02 15:04 UTC"), "in "+g.took.Round(time.Second).String(), count(sm), growthScheduled, growthDrafts,
		g.seeded.Round(time.Second), strings.Join(g.seedSteps, ", "), count(bg), growthStaffRuns, growthWarm, growthPublicRuns, growthBudget, serverCPU,
		ms(goalGrowthStaffP99), growthNoiseFactor, ms(growthNoiseAbs), ms(publicFloor(g)), secs(goalGrowthFresh), growthMemSlackKB>>10)

	w("| Group | Call | small: answer | p50 ms | p99 ms | big: answer | p50 ms | p99 ms | goal |\n|---|---|---:|---:|---:|---:|---:|---:|---|\n")
	floor := publicFloor(g)
	for _, c := range g.calls {
		verdict := "—"
		switch ref := publicRef(g, c); {
		case !c.public && (present(c.fig[small]) || present(c.fig[big])):
			verdict = r.verdict(meetsGoal(false, c.fig[small], nil, floor) && meetsGoal(false, c.fig[big], nil, floor))
		case c.public && present(c.fig[big]) && ref != nil:
			verdict = r.verdict(meetsGoal(true, c.fig[big], ref, floor))
		}
		w("| %s | %s | %s | %s |\n", c.group, c.name, strings.Join(append(figCells(c.fig[small], c.public), figCells(c.fig[big], c.public)...), " | "), verdict)
	}
	w("\n")

	w("CSV export of every lead (`/api/contact-submissions/export.csv?filter=all`), signed in; resident memory of the gateway and the contact service before the export and at its peak (VmHWM restarted from VmRSS before it, and VmRSS sampled every 50 ms):\n\n")
	w("| Size | rows | MB | took | rows/s | gateway MB before → peak | contact MB before → peak | goal |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
	for size, s := range g.size {
		e := s.export
		verdict := "—"
		if size == big {
			verdict = r.verdict(e.err == "" && e.gwPeak-e.gwBefore <= growthMemSlackKB && e.ctPeak-e.ctBefore <= growthMemSlackKB)
		}
		rate := 0.0
		if e.took > 0 {
			rate = float64(e.rows) / e.took.Seconds()
		}
		w("| %s | %s | %.1f | %s s | %.0f | %d → %d | %d → %d | %s%s |\n", sizeNames[size], thousands(e.rows), float64(e.bytes)/1e6, secs(e.took), rate,
			e.gwBefore>>10, e.gwPeak>>10, e.ctBefore>>10, e.ctPeak>>10, verdict, errNote(e.err))
	}
	w("\n")

	w("Edits through the staff API, signed in: the footer's text (`PUT /api/admin/editable-content/footer.blurb`; it is on every page) and the newest live post (`PUT /api/admin/blog-posts/{id}`, a new excerpt and paragraph). From sending the save, each page the gateway serves that shows it is asked again and again (a visitor's request, no cookies) until it shows the new text; the last one's time counts:\n\n")
	w("| Edit | Size | pages | saved in | all current after | last to be | goal |\n|---|---|---:|---:|---:|---|---|\n")
	for _, which := range []string{"text", "post"} {
		for size, s := range g.size {
			f := s.textFresh
			if which == "post" {
				f = s.postFresh
			}
			w("| %s | %s | %d | %s ms | %s ms | `%s` | %s%s |\n", f.what, sizeNames[size], len(f.pages), ms(f.save), ms(f.current), f.slowest,
				r.verdict(f.err == "" && f.current <= goalGrowthFresh), errNote(f.err))
		}
	}
	w("\n")

	w("Every live article asked once (three at a time, brotli or gzip accepted; for at most %s), as crawlers and visitors together do over time: resident memory of the gateway (before, after the first thousand or fifth, after; peak) and of the content service:\n\n", growthSweepMax)
	w("| Size | articles asked | took | errors | gateway MB: before → after the first → after all | gateway peak MB | content MB after / peak | goal |\n|---|---:|---:|---:|---:|---:|---:|---|\n")
	for size, s := range g.size {
		a := s.articles
		verdict := "—"
		if size == big {
			verdict = r.verdict(a.errs == 0 && a.asked == a.n && a.gwEnd-a.gwMid <= growthMemSlackKB)
			if a.asked < a.n {
				verdict += fmt.Sprintf(" (%s not asked within %s)", thousands(a.n-a.asked), growthSweepMax)
			}
		}
		w("| %s | %s of %s | %s s | %d | %d → %d (%s) → %d | %d | %d / %d | %s |\n", sizeNames[size], thousands(a.asked), thousands(a.n), secs(a.took), a.errs,
			a.gwStart>>10, a.gwMid>>10, thousands(a.mid), a.gwEnd>>10, a.gwHWM>>10, a.ctEnd>>10, a.ctHWM>>10, verdict)
	}
	w("\n")

	w("Start-up: each process restarted at each size (a service's new replica beside the old one, as a rolling update starts it; the gateway after the old one stopped), timed from its start until ready (gRPC health SERVING; the gateway's `/readyz` 200), polled every 100 ms:\n\n")
	w("| Process | small | big |\n|---|---:|---:|\n")
	for _, k := range scratch.Kinds {
		w("| %s | %s s | %s s |\n", k, secs(sm.startup[k]), secs(bg.startup[k]))
	}
	w("\n")
	return b.String()
}

// publicFloor is the spread of the public reads' p99 at the small size:
// the highest. These reads answer from memory in a fraction of a
// millisecond; on a shared machine any of them has a p99 up to this for
// reasons that have nothing to do with the data.
func publicFloor(g *growthReport) time.Duration {
	var floor time.Duration
	for _, c := range g.calls {
		if f := c.fig[small]; c.public && present(f) && f.err == "" {
			floor = max(floor, f.p99)
		}
	}
	return floor
}

// publicRef is what a public read's big figure is held against: its own
// small figure, or for a sitemap of an index (the small site had none)
// the small /sitemap.xml; nil when there is none.
func publicRef(g *growthReport, c *growthCall) *growthFig {
	ref := c.fig[small]
	if c.public && !present(ref) && strings.HasPrefix(c.name, "sitemap ") {
		ref = g.call("Public", "/sitemap.xml", true).fig[small]
	}
	if !present(ref) || ref.err != "" {
		return nil
	}
	return ref
}

// meetsGoal reports whether f meets its call's goal: a staff call's p99
// at most goalGrowthStaffP99; a public read's p99 within noise of ref's
// (see the section's text). A call not asked at this size (no path)
// meets it.
func meetsGoal(public bool, f, ref *growthFig, floor time.Duration) bool {
	switch {
	case !present(f):
		return true
	case f.err != "":
		return false
	case !public:
		return f.p99 <= goalGrowthStaffP99
	case ref == nil:
		return true
	}
	return f.p99 <= max(time.Duration(float64(ref.p99)*growthNoiseFactor)+growthNoiseAbs, floor)
}

func present(f *growthFig) bool { return f != nil && f.path != "" }

// figCells are a call's answer, p50 and p99 cells at one size.
func figCells(f *growthFig, public bool) []string {
	switch {
	case !present(f):
		return []string{"n/a", "", ""}
	case f.err != "":
		msg := f.err
		if i := strings.Index(msg, ": "); i > 0 && strings.HasPrefix(msg, "GET ") {
			msg = msg[i+2:]
		}
		return []string{"error: " + mdCell(msg, 80), "", ""}
	}
	answer := ""
	switch {
	case public:
		answer = fmt.Sprintf("%.1f KB", float64(f.wire)/1024)
	case f.items >= 0:
		answer = fmt.Sprintf("%d", f.items)
		if f.count != "" {
			answer += " (" + f.count + ")"
		}
	default:
		answer = fmt.Sprintf("%.1f KB", float64(f.wire)/1024)
	}
	p99 := ms(f.p99)
	if f.runs < growthStaffRuns {
		p99 += fmt.Sprintf(" (%d runs)", f.runs)
	}
	if f.firstP99 > 0 {
		p99 += fmt.Sprintf(" (first round %s)", ms(f.firstP99))
	}
	return []string{answer, ms(f.p50), p99}
}

// mdCell keeps s on one table cell: no pipes or newlines, at most n runes.
func mdCell(s string, n int) string {
	s = strings.NewReplacer("|", "/", "\n", " ", "`", "'").Replace(s)
	if r := []rune(s); len(r) > n {
		s = string(r[:n]) + "…"
	}
	return s
}

func errNote(err string) string {
	if err == "" {
		return ""
	}
	return " " + mdCell(err, 160)
}

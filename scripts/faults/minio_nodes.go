package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// minioNodes are the scenarios run on a distributed MinIO, and its node
// count (scratch.Options.MinIONodes); the others run one MinIO.
var minioNodes = map[string]int{"minio-nodes": 4}

// The drill's load and timing.
const (
	minioUploadRate = 4.0  // uploads/s through the gateway
	minioReadRate   = 30.0 // image reads/s through the gateway
	minioSeed       = 30   // images uploaded before the load
	minioDown       = 20 * time.Second
	minioBucket     = "media" // the media service's default MEDIA_BUCKET
	// mediaAskedAgain is in the media service's log line for a read that
	// MinIO answered only when asked again.
	mediaAskedAgain = "objects only when asked again"
)

// distinctPhoto is a small JPEG whose pixels carry all of n, so no two of a
// run are the same image (photo repeats after 256).
func distinctPhoto(n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	for y := range 64 {
		for x := range 96 {
			img.Set(x, y, color.RGBA{uint8(x*2 + n), uint8(y*3 + n>>8), uint8(n>>4 + x + y), 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

// uploadDistinct posts distinctPhoto(n) as the admin's media tab does.
func uploadDistinct(rec *recorder, c *http.Client, base string, n int) result {
	req := scratch.NewUpload(base, fmt.Sprintf("site-%d.jpg", n), distinctPhoto(n))
	req.Header.Set("X-Forwarded-For", scratch.VisitorIP(1<<21+n)) // the upload limit is not what this measures
	r := result{kind: "upload", sent: time.Now()}
	resp, err := c.Do(req)
	if err != nil {
		r.done, r.err = time.Now(), err.Error()
		rec.add(r)
		return r
	}
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	resp.Body.Close()
	r.done, r.status = time.Now(), resp.StatusCode
	if i := strings.Index(b.String(), `"url":"`); i >= 0 {
		r.id, _, _ = strings.Cut(b.String()[i+len(`"url":"`):], `"`)
	}
	if !r.ok() {
		r.message = b.String()
	}
	rec.add(r)
	return r
}

// stored is the image URLs uploaded so far, for the reads to pick from.
type stored struct {
	mu   sync.Mutex
	urls []string
}

func (s *stored) add(u string) {
	if u == "" {
		return
	}
	s.mu.Lock()
	s.urls = append(s.urls, u)
	s.mu.Unlock()
}

func (s *stored) pick(i int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.urls[i%len(s.urls)]
}

// phase is a stretch of the drill, from one event to the next.
type phase struct {
	name       string
	from, till time.Time
}

// 10. Media on a distributed MinIO (4 nodes × 2 drives, one erasure set,
// EC:4; HAProxy in front as a Service is): under uploads (4/s) and image
// reads (30/s) through the gateway, one node is SIGKILLed and kept down
// 20 s, then started again; once it is back, a drive of another, running
// node is wiped (everything in it removed, as a disk replaced by a blank
// one). Requires: every upload and every read answered 2xx (but an upload
// in flight at the kill, see below), the node that was down given the
// objects written without it, the wiped drive healed
// by MinIO itself (every object back on it) within 3 minutes, the bucket
// versioned, and every image row's objects readable at the end.
func minioNodesScenario(s *scratch.Stack, v *verdict) {
	c := s.MinIOCluster
	if c == nil {
		v.fail("the stack has no MinIO cluster (Options.MinIONodes)")
		return
	}
	staff, err := s.StaffClient()
	if err != nil {
		v.fail("%v", err)
		return
	}
	cl, err := c.Client()
	if err != nil {
		v.fail("%v", err)
		return
	}
	ctx := context.Background()
	if vc, err := cl.GetBucketVersioning(ctx, minioBucket); err != nil || !vc.Enabled() {
		v.fail("bucket %s versioning: %+v, %v (the media service turns it on)", minioBucket, vc, err)
	} else {
		v.note("%d MinIO nodes × %d drives, one erasure set; bucket %q versioning %s", len(c.Nodes), len(c.Nodes[0].Drives), minioBucket, vc.Status)
	}

	// Images to read from the start.
	imgs := &stored{}
	seed := &recorder{}
	for i := range minioSeed {
		r := uploadDistinct(seed, staff, s.Base(), i)
		if !r.ok() {
			v.fail("seed upload %d: %d %s %s", i, r.status, r.err, r.message)
			return
		}
		imgs.add(r.id)
	}

	rec := &recorder{}
	loadCtx, stopLoad := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		scratch.Pace(loadCtx, minioUploadRate, 0, func(i int) {
			imgs.add(uploadDistinct(rec, staff, s.Base(), minioSeed+i).id)
		})
	}()
	go func() {
		defer wg.Done()
		scratch.Pace(loadCtx, minioReadRate, 0, func(i int) {
			u := imgs.pick(i * 7)
			hdr := map[string]string{"X-Forwarded-For": scratch.VisitorIP(1<<19 + i)}
			switch i % 3 {
			case 1:
				u += "?w=480"
			case 2:
				hdr["Accept"] = "image/webp,*/*"
			}
			do(rec, "image", "GET", s.Base()+u, nil, hdr)
		})
	}()
	start := time.Now()

	// HAProxy's view of the killed node, every 100 ms.
	down := c.Nodes[1]
	var lbOut time.Time
	var lbMu sync.Mutex
	go func() {
		for loadCtx.Err() == nil {
			if st, err := c.LBStatus(); err == nil && strings.HasPrefix(st[down.Name], "DOWN") {
				lbMu.Lock()
				if lbOut.IsZero() {
					lbOut = time.Now()
				}
				lbMu.Unlock()
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()

	time.Sleep(5 * time.Second)
	killedAt := time.Now()
	down.Kill()
	time.Sleep(minioDown)
	restartAt := time.Now()
	if err := down.Start(); err != nil {
		v.fail("restart %s: %v", down.Name, err)
	}
	rejoinedAt := time.Now()

	// The objects written while the node was down reach its drives: a
	// read of an object that lacks copies on drives that are back queues
	// it for healing (MinIO's heal on read; the scanner would find the
	// others later), and the load reads every image again and again.
	keys, err := c.Keys(ctx, minioBucket)
	if err != nil {
		v.fail("list the bucket: %v", err)
	}
	missingOnDown := func() int {
		n := 0
		for k := range down.Drives {
			n += len(down.MissingOn(k, minioBucket, keys))
		}
		return n
	}
	lacked := missingOnDown()
	caughtUp := waitEvery(time.Second, 2*time.Minute, func() bool { return missingOnDown() == 0 })
	caughtUpAt := time.Now()
	if !caughtUp {
		v.fail("%s still lacks %d object copies 2 minutes after it rejoined", down.Name, missingOnDown())
	}
	time.Sleep(3 * time.Second)

	// A drive of a running node replaced by a blank one.
	wiped := c.Nodes[2]
	keysAtWipe, err := c.Keys(ctx, minioBucket)
	if err != nil {
		v.fail("list the bucket: %v", err)
	}
	wipedAt := time.Now()
	if err := wiped.WipeDrive(0); err != nil {
		v.fail("wipe %s: %v", wiped.Drives[0], err)
	}
	// Healed: MinIO's log says the drive's heal finished, no drive is
	// healing (/minio/health/cluster), and every object is on the drive.
	finished := "Healing of drive '" + wiped.Drives[0] + "' is finished"
	var healingSeen, formattedAt, finishedAt, backAt time.Time
	maxHealing := 0
	healed := waitEvery(500*time.Millisecond, 3*time.Minute, func() bool {
		if formattedAt.IsZero() && wiped.Formatted(0) {
			formattedAt = time.Now()
		}
		h, _, err := wiped.HealingDrives()
		if err == nil && h > 0 {
			maxHealing = max(maxHealing, h)
			if healingSeen.IsZero() {
				healingSeen = time.Now()
			}
		}
		if finishedAt.IsZero() && len(wiped.LogLines(finished)) > 0 {
			finishedAt = time.Now()
		}
		missing := len(wiped.MissingOn(0, minioBucket, keysAtWipe))
		if missing == 0 && backAt.IsZero() {
			backAt = time.Now()
		}
		return err == nil && h == 0 && missing == 0 && !finishedAt.IsZero()
	})
	if !healed {
		v.fail("%s not healed 3 minutes after the wipe: %d of %d objects missing on it", wiped.Drives[0],
			len(wiped.MissingOn(0, minioBucket, keysAtWipe)), len(keysAtWipe))
	}
	healedAt := time.Now()
	time.Sleep(5 * time.Second)
	stopLoad()
	wg.Wait()
	end := time.Now()

	// Figures by phase.
	rel := func(t time.Time) string { return t.Sub(start).Round(100 * time.Millisecond).String() }
	phases := []phase{
		{"all nodes up", start, killedAt},
		{fmt.Sprintf("%s SIGKILLed until it rejoined", down.Name), killedAt, rejoinedAt},
		{"after it rejoined", rejoinedAt, wipedAt},
		{fmt.Sprintf("%s wiped until healed", wiped.Drives[0][strings.Index(wiped.Drives[0], "minio-cluster"):]), wipedAt, healedAt},
		{"after the heal", healedAt, end},
	}
	uploads, reads := rec.results("upload"), rec.results("image")
	for _, ph := range phases {
		v.note("%s (%s–%s): %s; %s", ph.name, rel(ph.from), rel(ph.till), minioFigures("uploads", uploads, ph), minioFigures("reads", reads, ph))
	}
	lbMu.Lock()
	out := lbOut
	lbMu.Unlock()
	lbNote := "never"
	if !out.IsZero() {
		lbNote = out.Sub(killedAt).Round(100*time.Millisecond).String() + " after the kill"
	}
	v.note("%s killed at %s, kept down %s; HAProxy took it out %s; started at %s, serving again %s later, lacking %d object copies (of %d objects); all on its drives %s after that",
		down.Name, rel(killedAt), restartAt.Sub(killedAt).Round(100*time.Millisecond), lbNote, rel(restartAt),
		rejoinedAt.Sub(restartAt).Round(100*time.Millisecond), lacked, len(keys), caughtUpAt.Sub(rejoinedAt).Round(100*time.Millisecond))
	seen := "never seen (over between two looks)"
	if !healingSeen.IsZero() {
		seen = fmt.Sprintf("first seen %s after the wipe (%d drive)", healingSeen.Sub(wipedAt).Round(100*time.Millisecond), maxHealing)
	}
	v.note("%s wiped at %s (%d objects in the bucket): formatted again by MinIO %s after the wipe; X-Minio-Healing-Drives %s; every object back on the drive %s after the wipe; MinIO's log says the heal finished %s after it",
		wiped.Drives[0], rel(wipedAt), len(keysAtWipe), since(formattedAt, wipedAt), seen, since(backAt, wipedAt), since(finishedAt, wipedAt))
	for _, l := range wiped.LogLines("Healing") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "Healing") {
			v.note("%s log: %s", wiped.Name, l)
		}
	}

	// An upload whose object the killed node was committing when it died
	// can fail: the node held MinIO's lock on that object name on the
	// other nodes, and a second attempt (HAProxy's, minio-go's) waits for
	// the lock until MinIO drops it as stale (it is never refreshed again;
	// up to two minutes), past the gateway's deadline. Only an upload in
	// flight at the kill may fail; every other upload and every read must
	// succeed.
	inFlight, inFlightFailed := 0, 0
	for _, r := range uploads {
		if r.sent.Before(killedAt) && r.done.After(killedAt) {
			inFlight++
			if !r.ok() {
				inFlightFailed++
				v.note("an upload in flight when %s died, sent %s before: %d after %s (%s)", down.Name,
					killedAt.Sub(r.sent).Round(time.Millisecond), r.status, r.latency().Round(100*time.Millisecond), strings.TrimSpace(r.message+r.err))
			}
		}
	}
	v.note("%d uploads in flight when %s was killed, %d of them failed", inFlight, down.Name, inFlightFailed)
	// A node just back can answer NoSuchKey for a stored image for a
	// moment; the media service asks again (media.DefaultMissingWaits).
	again := 0
	for _, n := range s.LogsMention(mediaAskedAgain) {
		again += n
	}
	v.note("%d image reads found their objects only when the media service asked MinIO again", again)
	for _, ph := range []struct {
		what string
		rs   []result
	}{{"uploads", uploads}, {"reads", reads}} {
		failed := 0
		for _, r := range ph.rs {
			if !r.ok() && (ph.what == "reads" || !r.sent.Before(killedAt) || !r.done.After(killedAt)) {
				failed++
				if failed <= 3 {
					v.fail("%s at %s failed: %d %s %s", ph.what, rel(r.sent), r.status, r.err, strings.TrimSpace(r.message))
				}
			}
		}
		if failed > 3 {
			v.fail("%d %s failed in all", failed, ph.what)
		}
	}

	// At the end: every object on every drive, and every image row's
	// objects served.
	if keys, err := c.Keys(ctx, minioBucket); err != nil {
		v.fail("list the bucket: %v", err)
	} else {
		missing := 0
		for _, n := range c.Nodes {
			for k := range n.Drives {
				missing += len(n.MissingOn(k, minioBucket, keys))
			}
		}
		v.note("at the end: %d objects, each on all %d drives but %d copies", len(keys), len(c.Endpoints), missing)
		if missing > 0 {
			v.fail("%d object copies missing on the drives", missing)
		}
	}
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
	unread := 0
	for _, k := range rowKeys {
		for _, q := range []string{"", "?w=480"} {
			resp, err := http.Get(s.Base() + "/media/" + k + q)
			if err != nil || resp.StatusCode != 200 {
				unread++
			}
			if err == nil {
				resp.Body.Close()
			}
		}
	}
	rows := map[string]bool{}
	for _, k := range rowKeys {
		rows["/media/"+k] = true
	}
	okUploads, lost := 0, 0
	for _, r := range append(seed.results("upload"), uploads...) {
		if r.ok() {
			okUploads++
			if !rows[r.id] {
				lost++
			}
		}
	}
	v.note("%d image rows for %d uploads answered 2xx, %d of those without a row; %d reads of every row's image (original and 480 px) failed",
		len(rowKeys), okUploads, lost, unread)
	if unread > 0 || lost > 0 {
		v.fail("%d image reads failed at the end; %d uploads answered 2xx have no row", unread, lost)
	}
}

// waitEvery checks ok every interval until it holds (true) or timeout
// passes (false).
func waitEvery(interval, timeout time.Duration, ok func() bool) bool {
	deadline := time.Now().Add(timeout)
	for !ok() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(interval)
	}
	return true
}

// minioFigures is "N uploads, F failed, p50 …, p99 …, max …" for the
// requests of rs sent within ph.
func minioFigures(what string, rs []result, ph phase) string {
	var in []result
	for _, r := range rs {
		if !r.sent.Before(ph.from) && r.sent.Before(ph.till) {
			in = append(in, r)
		}
	}
	failed := 0
	for _, r := range in {
		if !r.ok() {
			failed++
		}
	}
	return fmt.Sprintf("%d %s, %d failed, p50 %s, p99 %s, max %s", len(in), what, failed,
		percentile(in, .5).Round(time.Millisecond), percentile(in, .99).Round(time.Millisecond), maxLatency(in).Round(time.Millisecond))
}

// since is t-from, or "never" for a zero t.
func since(t, from time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Sub(from).Round(100 * time.Millisecond).String()
}

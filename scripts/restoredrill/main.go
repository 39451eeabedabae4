// Command restoredrill is `make restore-drill`: issue 36's backup and
// point-in-time restore, actually run against the whole stack from the
// built binaries (bin/, `make build`).
//
// A scratch Postgres archives its WAL continuously through pgBackRest
// (Debian's) to an S3 repository: a MinIO of the drill's own, over TLS.
// The stack runs on that Postgres, with its own NATS (the LEADS stream)
// and media MinIO. The drill sends leads through the gateway all along and
// makes staff edits (posts created and revised, Site Content texts, image
// uploads), takes a full base backup, keeps writing, makes the archive
// catch up (pgbackrest check), writes more leads that are only in the WAL
// segment Postgres had not finished, then loses the machine: SIGKILL to
// every Postgres process, data directory deleted. It restores the latest
// backup with the archive (pgbackrest restore), starts Postgres, and
// re-imports from LEADS every lead newer than the restored database
// (`contact leads reimport --since`, run twice: idempotent). Then, with
// -pitr, the same again after a mistaken delete of a post: a restore to
// the moment before it (--type=time). It checks that every lead answered
// 2xx is stored once and on LEADS once, and that every post, text and
// image staff were answered 2xx for is back, and reports the RPO (leads
// back from the WAL archive, from the stream, lost) and the RTO (loss to
// taking leads again; to the re-import done). Exit status 1 on any loss.
//
//	go run ./scripts/restoredrill [-bins bin] [-pitr=false] [-keep]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// margin is how far before the newest restored lead the re-import starts
// reading LEADS: a lead's created_at is its transaction's start, so one
// that started earlier may have committed after the last replayed one;
// and LEADS stamps messages with the NATS server's clock, not Postgres's.
const margin = 2 * time.Minute

// leadRate is the visitors' leads a second, all through the drill.
const leadRate = 10

func main() {
	bins := flag.String("bins", "bin", "folder with the built binaries (make build)")
	pitr := flag.Bool("pitr", true, "after the restore to the latest point, a restore to a point in time before a mistaken delete")
	keep := flag.Bool("keep", false, "keep the work folder (logs, data) after the run")
	flag.Parse()
	os.Exit(run(*bins, *pitr, *keep))
}

// drill is the run's state and findings.
type drill struct {
	start    time.Time
	c        *cluster
	repo     *repository
	s        *scratch.Stack
	load     *leadLoad
	staff    *staff
	problems []string
	figures  []string
	// restores are the losses and what came back after each.
	restores []*restore
}

// restore is one loss of the database and its recovery.
type restore struct {
	name string
	// lost is when the machine died; restored when Postgres took writes
	// again; writable when a staff edit was answered 2xx again;
	// reimported when the re-import's first run ended.
	lost, restored, writable, reimported time.Time
	restoreTook, recoveryTook            time.Duration
	// snapshot are the lead ids the restored database held before the
	// re-import; since is what the re-import was given.
	snapshot map[string]bool
	since    time.Time
	runs     []string
	// after are the lead ids stored once the re-import ran.
	after map[string]bool
}

func (d *drill) say(format string, args ...any) {
	fmt.Printf("%7.1fs  %s\n", time.Since(d.start).Seconds(), fmt.Sprintf(format, args...))
}

func (d *drill) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	d.problems = append(d.problems, msg)
	d.say("PROBLEM: %s", msg)
}

func (d *drill) note(format string, args ...any) {
	d.figures = append(d.figures, fmt.Sprintf(format, args...))
}

func run(bins string, pitr, keep bool) int {
	d := &drill{start: time.Now()}
	r, err := scratch.NewRun("restoredrill", bins, scratch.PostgresOptions{Durable: true})
	if err != nil {
		return fail(err)
	}
	defer func() { r.Close(keep || len(d.problems) > 0) }()
	if err := d.setUp(r); err != nil {
		d.fail("%v", err)
	} else {
		d.exercise(pitr)
	}
	d.load.pause()
	if d.s != nil {
		d.account()
		d.s.Close()
	}
	if d.c != nil {
		d.c.stop()
	}
	if d.repo != nil && d.repo.P != nil {
		d.repo.P.Stop(10 * time.Second)
	}
	d.report()
	if len(d.problems) > 0 {
		return 1
	}
	return 0
}

// setUp starts Postgres with archiving, the repository, the stanza and the
// stack.
func (d *drill) setUp(r *scratch.Run) (err error) {
	d.load = &leadLoad{}
	if d.c, err = newCluster(r.Root, r.LogDir, r.PG); err != nil {
		return err
	}
	repo, err := startRepository(filepath.Join(r.Root, "repo"), r.LogDir, filepath.Join(filepath.Dir(d.c.conf), "ca.crt"), d.c)
	d.repo = repo
	if err != nil {
		return err
	}
	if err := d.c.writeOwned(d.c.conf, []byte(pgbackrestConf(d.c, repo)), 0o600); err != nil {
		return err
	}
	if err := d.c.start(); err != nil {
		return err
	}
	if err := d.c.exited(); err != nil {
		return err
	}
	d.say("Postgres on port %s started with archive_mode=on", d.c.port)
	if _, err := d.c.pgbackrest("stanza-create"); err != nil {
		return err
	}
	t := time.Now()
	if _, err := d.c.pgbackrest("check"); err != nil {
		return err
	}
	d.say("Postgres archiving through pgBackRest to s3://%s (MinIO over TLS at %s); stanza %q created, check %s", repoBucket, repo.Addr, stanza, since(t))
	if d.s, err = scratch.StartStack(r.Root, r.PG, "drill", scratch.Options{Bins: r.Bins}); err != nil {
		return err
	}
	c, err := d.s.StaffClient()
	if err != nil {
		return err
	}
	keys, err := textKeys(d.s.DBURL, 3)
	if err != nil || len(keys) == 0 {
		return fmt.Errorf("no Site Content texts to edit (%v)", err)
	}
	d.staff = &staff{base: d.s.Base(), c: c, posts: map[string][2]string{}, texts: map[string]string{}}
	for _, k := range keys {
		d.staff.texts[k] = ""
	}
	d.load.base = d.s.Base()
	d.say("stack started (content, contact, media, gateway, NATS, media MinIO); leads at %d/s through the gateway from now on", leadRate)
	return nil
}

// exercise is the drill proper: writes, backup, more writes, the loss, the
// restore, the re-import; then the point-in-time one.
func (d *drill) exercise(pitr bool) {
	d.load.run(leadRate)
	if err := d.staff.edits("before-backup"); err != nil {
		d.fail("staff edits: %v", err)
		return
	}
	time.Sleep(3 * time.Second)
	t := time.Now()
	if _, err := d.c.pgbackrest("--type=full", "backup"); err != nil {
		d.fail("%v", err)
		return
	}
	info, _ := d.c.pgbackrest("info")
	d.note("full backup under load: %s (%s)", since(t), backupLine(info))
	d.say("full backup taken in %s", since(t))
	for _, round := range []string{"after-backup-1", "after-backup-2"} {
		if err := d.staff.edits(round); err != nil {
			d.fail("staff edits: %v", err)
			return
		}
		time.Sleep(2 * time.Second)
	}
	t = time.Now()
	if _, err := d.c.pgbackrest("check"); err != nil {
		d.fail("%v", err)
		return
	}
	d.say("WAL switched and archived (pgbackrest check, %s); %d leads answered 2xx so far; staff: %d posts, %d texts, %d images",
		since(t), len(d.acked(time.Now())), len(d.staff.posts), len(d.staff.texts), len(d.staff.images))
	// Leads only in the WAL segment Postgres is writing: never archived
	// (archive_timeout is 60 s), gone with the disk.
	time.Sleep(5 * time.Second)
	r := d.lose("latest")
	if r == nil || !d.restore(r) {
		return
	}
	if !pitr {
		return
	}

	// A mistaken delete, and a restore to the moment before it.
	if err := d.staff.edits("before-mistake"); err != nil {
		d.fail("staff edits: %v", err)
		return
	}
	time.Sleep(2 * time.Second)
	target := time.Now()
	time.Sleep(time.Second)
	var victim string
	for id, p := range d.staff.posts {
		if strings.Contains(p[0], "before-backup") {
			victim = id
		}
	}
	if _, err := d.staff.send("DELETE", "/api/admin/blog-posts/"+victim, nil); err != nil {
		d.fail("the mistaken delete: %v", err)
		return
	}
	d.say("post %s deleted by mistake %s after the target time; leads go on", victim, since(target))
	time.Sleep(4 * time.Second)
	// The archive must reach past the target for recovery to stop there.
	if _, err := d.c.pgbackrest("check"); err != nil {
		d.fail("%v", err)
		return
	}
	time.Sleep(2 * time.Second)
	r = d.lose("point in time, before the mistaken delete")
	if r == nil {
		return
	}
	d.restoreAt(r, target)
}

// acked are the lead ids answered 2xx for submits sent before t.
func (d *drill) acked(t time.Time) []string {
	var out []string
	for _, l := range d.load.leads() {
		if l.ok() && l.sent.Before(t) {
			out = append(out, l.id)
		}
	}
	return out
}

// lose waits for the outbox to be published (every lead answered 2xx so
// far on LEADS) and then loses the machine: Postgres SIGKILLed with all its
// processes, its data directory deleted. The visitors go on sending leads.
func (d *drill) lose(name string) *restore {
	d.load.pause()
	if err := scratch.WaitFor("the outbox to drain", 60*time.Second, func() bool {
		st, err := scratch.ReadLeads(d.s.DBURL, time.Now())
		return err == nil && st.Pending == 0
	}); err != nil {
		d.fail("%v", err)
	}
	r := &restore{name: name, lost: time.Now()}
	d.c.crash()
	if err := d.c.destroy(); err != nil {
		d.fail("delete the data directory: %v", err)
		return nil
	}
	d.restores = append(d.restores, r)
	d.load.run(leadRate)
	d.say("machine lost: Postgres SIGKILLed, data directory deleted (%d leads answered 2xx before it)", len(d.acked(r.lost)))
	return r
}

// restore brings the database back to the latest point the archive holds.
func (d *drill) restore(r *restore) bool {
	return d.recover(r, "--type=default")
}

// restoreAt brings it back to target, and promotes it there.
func (d *drill) restoreAt(r *restore, target time.Time) bool {
	return d.recover(r, "--type=time", "--target="+target.UTC().Format("2006-01-02 15:04:05.000000+00"), "--target-action=promote")
}

// recover runs pgbackrest restore with args, starts Postgres, waits until
// it takes writes and leads are accepted, and re-imports the leads newer
// than the restored database from LEADS, twice.
func (d *drill) recover(r *restore, args ...string) bool {
	t := time.Now()
	if _, err := d.c.pgbackrest(append([]string{"restore"}, args...)...); err != nil {
		d.fail("%v", err)
		return false
	}
	r.restoreTook = since(t)
	t = time.Now()
	if err := d.c.start(); err != nil {
		d.fail("start the restored Postgres: %v", err)
		return false
	}
	if err := d.c.promoted(120 * time.Second); err != nil {
		d.fail("%v", err)
		return false
	}
	if err := d.c.exited(); err != nil {
		d.fail("%v", err)
		return false
	}
	r.recoveryTook, r.restored = since(t), time.Now()
	d.say("restored (%s) in %s, WAL replayed and promoted in %s: %s", r.name, r.restoreTook, r.recoveryTook,
		d.c.logMentions("last completed transaction"))

	// The newest lead the restored database holds: its last replayed
	// transaction bounds it (leads written since by the running stack are
	// newer).
	newest, err := scratch.WithDB(d.s.DBURL, func(ctx context.Context, c *pgx.Conn) (time.Time, error) {
		var t time.Time
		return t, c.QueryRow(ctx, `SELECT max(created_at) FROM contact.submissions
			WHERE created_at <= pg_last_xact_replay_timestamp()`).Scan(&t)
	})
	if err != nil {
		d.fail("newest restored lead: %v", err)
		return false
	}
	st, err := scratch.ReadLeads(d.s.DBURL, time.Now())
	if err != nil {
		d.fail("read the restored leads: %v", err)
		return false
	}
	r.snapshot = st.Leads
	// Writes through the stack again: a staff edit answered 2xx (leads
	// may have been answered 2xx all along, held in contact's spool).
	if err := scratch.WaitFor("a staff edit to be accepted again", 60*time.Second, func() bool {
		return d.staff.editText(fmt.Sprintf("after the %s restore", r.name)) == nil
	}); err != nil {
		d.fail("%v", err)
	}
	r.writable = time.Now()

	r.since = newest.Add(-margin)
	for i := range 2 {
		t := time.Now()
		line, err := reimport(d.s, r.since)
		if i == 0 {
			r.reimported = time.Now()
		}
		if err != nil {
			d.fail("re-import (run %d): %v", i+1, err)
			return false
		}
		r.runs = append(r.runs, line)
		d.say("bin/contact leads reimport --since %s (newest restored lead %s minus %s), run %d, %s: %s",
			r.since.UTC().Format(time.RFC3339), newest.UTC().Format("15:04:05.000"), margin, i+1, since(t), line)
	}
	if m := reimportFigures.FindStringSubmatch(r.runs[1]); m == nil || m[2] != "0" {
		d.fail("the second re-import imported leads again: %q", r.runs[1])
	}
	if st, err = scratch.ReadLeads(d.s.DBURL, time.Now()); err != nil {
		d.fail("read the leads after the re-import: %v", err)
		return false
	}
	r.after = st.Leads
	return true
}

// reimportFigures reads the re-import's summary line.
var reimportFigures = regexp.MustCompile(`reimport: (\d+) messages read, (\d+) leads imported, (\d+) already stored`)

// reimport runs contact's re-import against the stack's database and NATS,
// as the stack configures contact, and returns its summary line.
func reimport(s *scratch.Stack, since time.Time) (string, error) {
	cmd := exec.Command(filepath.Join(s.Bins(), "contact"), "leads", "reimport", "--since", since.UTC().Format(time.RFC3339Nano))
	cmd.Env = append(os.Environ(), append([]string{"LOG_LEVEL=warn", "CONTACT_DB_URL=" + s.DBURL}, s.NATSCluster.Env("CONTACT", "contact")...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	for _, line := range strings.Split(string(out), "\n") {
		if reimportFigures.MatchString(line) {
			return strings.TrimSpace(line), nil
		}
	}
	return "", fmt.Errorf("no summary line in its output: %s", strings.TrimSpace(string(out)))
}

// account checks every lead and staff record, and works out the RPO and
// RTO of each restore.
func (d *drill) account() {
	leads := d.load.leads()
	var ok []string
	codes := map[int]int{}
	for _, l := range leads {
		codes[l.status]++
		if l.ok() {
			ok = append(ok, l.id)
		}
	}
	d.note("leads sent %d, answers %v (0: no answer)", len(leads), codes)
	problems, figures := scratch.AccountLeads(d.s.DBURL, d.s.NATSCluster.URL(), ok)
	for _, f := range figures {
		d.note("%s", f)
	}
	for _, p := range problems {
		d.fail("%s", p)
	}
	for _, r := range d.restores {
		if r.after == nil {
			continue
		}
		fromWAL, fromStream, lost := 0, 0, 0
		for _, id := range d.acked(r.lost) {
			switch {
			case r.snapshot[id]:
				fromWAL++
			case r.after[id]:
				fromStream++
			default:
				lost++
			}
		}
		var sent, accepted int
		for _, l := range leads {
			if l.sent.After(r.lost) && l.sent.Before(r.reimported) {
				sent++
				if l.ok() {
					accepted++
				}
			}
		}
		d.note("restore to the %s: RPO: of %d leads answered 2xx before the loss, %d came back from the WAL archive, %d from LEADS (re-import), %d lost",
			r.name, len(d.acked(r.lost)), fromWAL, fromStream, lost)
		d.note("restore to the %s: RTO: loss to Postgres restored and taking writes %s (pgbackrest restore %s, Postgres start and WAL replay %s), to a staff edit answered 2xx %s, to the re-import done %s; leads sent meanwhile %d, answered 2xx %d",
			r.name, r.restored.Sub(r.lost).Round(100*time.Millisecond), r.restoreTook, r.recoveryTook,
			r.writable.Sub(r.lost).Round(100*time.Millisecond), r.reimported.Sub(r.lost).Round(100*time.Millisecond), sent, accepted)
		d.note("restore to the %s: re-import --since %s: %s; again: %s", r.name, r.since.UTC().Format(time.RFC3339), r.runs[0], r.runs[1])
		if lost > 0 {
			d.fail("restore to the %s: %d leads answered 2xx are lost", r.name, lost)
		}
	}
	if d.staff == nil {
		return
	}
	posts, texts, images, err := d.staff.missingRecords(d.s.DBURL)
	if err != nil {
		d.fail("read the staff records: %v", err)
		return
	}
	d.note("staff records back: posts %d of %d, texts %d of %d, images %d of %d (each record in Postgres, each image served from the media MinIO)",
		len(d.staff.posts)-len(posts), len(d.staff.posts), len(d.staff.texts)-len(texts), len(d.staff.texts), len(d.staff.images)-len(images), len(d.staff.images))
	for _, p := range posts {
		d.fail("post not as saved: %s", p)
	}
	for _, t := range texts {
		d.fail("text not as saved: %s", t)
	}
	for _, i := range images {
		d.fail("image not back: %s", i)
	}
}

func (d *drill) report() {
	fmt.Println()
	for _, f := range d.figures {
		fmt.Printf("    %s\n", f)
	}
	for _, p := range d.problems {
		fmt.Printf("    PROBLEM: %s\n", p)
	}
	word := "PASS"
	if len(d.problems) > 0 {
		word = "FAIL"
	}
	fmt.Printf("--- %s restore-drill (%s)\n", word, since(d.start).Round(time.Second))
}

// backupLine is the size line of pgbackrest info's newest backup.
func backupLine(info string) string {
	var last []string
	for _, line := range strings.Split(info, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "full backup:") || strings.HasPrefix(line, "diff backup:") || strings.HasPrefix(line, "incr backup:") {
			last = []string{line}
		} else if len(last) > 0 && (strings.HasPrefix(line, "database size:") || strings.HasPrefix(line, "repo1: backup")) {
			last = append(last, line)
		}
	}
	return strings.Join(last, "; ")
}

func since(t time.Time) time.Duration { return time.Since(t).Round(100 * time.Millisecond) }

func fail(err error) int {
	fmt.Fprintln(os.Stderr, "restoredrill:", err)
	return 1
}

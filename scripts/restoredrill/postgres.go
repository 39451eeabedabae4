package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// stanza is the pgBackRest stanza: the one Postgres cluster it backs up.
const stanza = "trenchless"

// cluster is the run's Postgres server as the drill drives it. scratch's
// Postgres made it (initdb, its port) and the stack's databases are on
// it, but the drill starts and kills it itself: pgBackRest reaches
// Postgres only through a Unix socket, which scratch's server has none
// of, and the drill kills the whole process group, as a machine's death
// does.
type cluster struct {
	bin, data, sock, logDir, port string
	// conf is pgBackRest's configuration file.
	conf string
	cred *syscall.Credential
	uid  int
	gid  int
	p    *scratch.Proc
}

// archiveSettings are what postgresql.conf gets for continuous archiving
// (docs/operations.md "Backing up and restoring"). They are written into
// the data directory, so the base backup carries them and a restored
// server archives again as soon as it is promoted.
func (c *cluster) archiveSettings() string {
	return fmt.Sprintf(`
# Continuous archiving to the S3 repository through pgBackRest (restore drill).
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=%s --stanza=%s archive-push %%p'
archive_timeout = 60s
`, c.conf, stanza)
}

// newCluster takes over the scratch server pg made in root: it stops it
// and adds the archive settings; start starts it as the drill's.
func newCluster(root, logDir string, pg *scratch.Postgres) (*cluster, error) {
	bin, err := scratch.PGBinDir()
	if err != nil {
		return nil, err
	}
	_, port, _ := net.SplitHostPort(pg.Addr())
	c := &cluster{bin: bin, data: filepath.Join(root, "pgdata"), sock: filepath.Join(root, "pgsock"), logDir: logDir, port: port,
		conf: filepath.Join(root, "pgbackrest", "pgbackrest.conf"), uid: os.Getuid(), gid: os.Getgid()}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root needs a postgres user: %w", err)
		}
		c.uid, _ = strconv.Atoi(u.Uid)
		c.gid, _ = strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(c.uid), Gid: uint32(c.gid)}
	}
	for _, d := range []string{c.sock, filepath.Dir(c.conf), filepath.Join(filepath.Dir(c.conf), "log"),
		filepath.Join(filepath.Dir(c.conf), "lock"), filepath.Join(filepath.Dir(c.conf), "spool")} {
		if err := c.ownDir(d, 0o700); err != nil {
			return nil, err
		}
	}
	pg.Stop()
	f, err := os.OpenFile(filepath.Join(c.data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	_, err = f.WriteString(c.archiveSettings())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// ownDir makes dir (mode) owned by the user Postgres runs as.
func (c *cluster) ownDir(dir string, mode os.FileMode) error {
	if err := os.MkdirAll(dir, mode); err != nil {
		return err
	}
	if err := os.Chmod(dir, mode); err != nil {
		return err
	}
	return os.Chown(dir, c.uid, c.gid)
}

// writeOwned writes a file the postgres user owns and reads.
func (c *cluster) writeOwned(path string, data []byte, mode os.FileMode) error {
	if err := os.WriteFile(path, data, mode); err != nil {
		return err
	}
	return os.Chown(path, c.uid, c.gid)
}

// url is the connection URL of database db, over TCP as the services reach it.
func (c *cluster) url(db string) string {
	return "postgres://postgres@127.0.0.1:" + c.port + "/" + db + "?sslmode=disable"
}

// start starts the server and waits until it accepts connections (a
// restored one may still be replaying WAL then: see promoted).
func (c *cluster) start() error {
	args := []string{"-D", c.data, "-p", c.port, "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=" + c.sock,
		"-c", "max_connections=400"}
	p, err := scratch.StartProc(c.logDir, "postgres", filepath.Join(c.bin, "postgres"), args, nil, scratch.ProcOptions{Cred: c.cred})
	if err != nil {
		return err
	}
	c.p = p
	return scratch.WaitFor("postgres to accept connections", 120*time.Second, func() bool {
		if p.Exited() {
			return true
		}
		conn, err := pgx.Connect(context.Background(), c.url("postgres"))
		if err != nil {
			return false
		}
		conn.Close(context.Background())
		return true
	})
}

// promoted waits until the server has left recovery and takes writes.
func (c *cluster) promoted(timeout time.Duration) error {
	return scratch.WaitFor("postgres to finish recovery", timeout, func() bool {
		if c.p.Exited() {
			return true
		}
		inRecovery, err := scratch.WithDB(c.url("postgres"), func(ctx context.Context, conn *pgx.Conn) (bool, error) {
			var r bool
			return r, conn.QueryRow(ctx, "SELECT pg_is_in_recovery()").Scan(&r)
		})
		return err == nil && !inRecovery
	})
}

// exited says whether the server has stopped, with where its log is.
func (c *cluster) exited() error {
	if c.p != nil && c.p.Exited() {
		return fmt.Errorf("postgres exited; see %s", filepath.Join(c.logDir, "postgres.log"))
	}
	return nil
}

// crash is the machine dying: SIGKILL to the postmaster and every process
// it started (its process group), nothing flushed, nothing archived.
func (c *cluster) crash() {
	if c.p == nil || c.p.Exited() {
		return
	}
	_ = syscall.Kill(-c.p.Cmd.Process.Pid, syscall.SIGKILL)
	<-c.p.Done
}

// stop is a fast shutdown.
func (c *cluster) stop() {
	if c.p == nil || c.p.Exited() {
		return
	}
	c.p.Signal(syscall.SIGINT)
	select {
	case <-c.p.Done:
	case <-time.After(30 * time.Second):
		c.crash()
	}
}

// destroy is the lost disk: the data directory is gone.
func (c *cluster) destroy() error {
	if err := os.RemoveAll(c.data); err != nil {
		return err
	}
	// What the new disk has: an empty directory for the data, owned by
	// the postgres user, as pgBackRest's restore wants it.
	return c.ownDir(c.data, 0o700)
}

// pgbackrest runs pgBackRest as the postgres user (it reads the data
// directory and the WAL Postgres writes as that user) with the drill's
// configuration and stanza, and returns what it printed.
func (c *cluster) pgbackrest(args ...string) (string, error) {
	cmd := exec.Command("pgbackrest", append([]string{"--config=" + c.conf, "--stanza=" + stanza}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	cmd.Dir = "/"
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("pgbackrest %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return string(out), nil
}

// logMentions is the last line of the server's log holding s.
func (c *cluster) logMentions(s string) string {
	b, _ := os.ReadFile(filepath.Join(c.logDir, "postgres.log"))
	lines := strings.Split(string(b), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], s) {
			return strings.TrimSpace(lines[i])
		}
	}
	return ""
}

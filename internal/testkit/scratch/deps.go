package scratch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/testkit/miniotest"
)

// Postgres is a Postgres cluster of the run's own (initdb in the work
// folder, its own port), so stopping it never touches the machine's.
type Postgres struct {
	bin, data, logDir, addr string
	durable                 bool
	cpus                    string
	cred                    *syscall.Credential
	P                       *Proc
}

// PostgresOptions shape the cluster.
type PostgresOptions struct {
	// Durable keeps Postgres's defaults (fsync and synchronous commit on),
	// as production runs; otherwise both are off, for speed.
	Durable bool
	// CPUs pins the server to those CPUs.
	CPUs string
}

// PGBinDir is the folder of the newest installed Postgres server binaries.
func PGBinDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i], nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("no initdb found (install Debian's postgresql)")
}

// NewPostgres initialises a cluster in dir and starts it. Postgres refuses
// to run as root, so as root it runs as the postgres user.
func NewPostgres(dir, logDir string, o PostgresOptions) (*Postgres, error) {
	bin, err := PGBinDir()
	if err != nil {
		return nil, err
	}
	pg := &Postgres{bin: bin, data: filepath.Join(dir, "pgdata"), logDir: logDir, addr: FreeAddr(), durable: o.Durable, cpus: o.CPUs}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root needs a postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		pg.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.MkdirAll(pg.data, 0o700); err != nil {
			return nil, err
		}
		if err := os.Chown(pg.data, uid, gid); err != nil {
			return nil, err
		}
	}
	p, err := StartProc(logDir, "initdb", filepath.Join(bin, "initdb"),
		[]string{"-D", pg.data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"}, nil, ProcOptions{Cred: pg.cred})
	if err != nil {
		return nil, err
	}
	<-p.Done
	if !p.Cmd.ProcessState.Success() {
		return nil, fmt.Errorf("initdb failed: see %s", filepath.Join(logDir, "initdb.log"))
	}
	return pg, pg.Start()
}

// Start starts the server (again) and waits until it accepts connections.
func (pg *Postgres) Start() error {
	_, port, _ := net.SplitHostPort(pg.addr)
	args := []string{"-D", pg.data, "-p", port, "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
		"-c", "max_connections=400"}
	if !pg.durable {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off")
	}
	p, err := StartProc(pg.logDir, "postgres", filepath.Join(pg.bin, "postgres"), args, nil, ProcOptions{Cred: pg.cred, CPUs: pg.cpus})
	if err != nil {
		return err
	}
	pg.P = p
	return WaitFor("postgres to accept connections", 30*time.Second, func() bool {
		c, err := pgx.Connect(context.Background(), pg.URL("postgres"))
		if err != nil {
			return false
		}
		c.Close(context.Background())
		return true
	})
}

// Stop is a fast shutdown (SIGINT): what an operator's "stop" does.
func (pg *Postgres) Stop() {
	pg.P.Signal(syscall.SIGINT)
	select {
	case <-pg.P.Done:
	case <-time.After(30 * time.Second):
		pg.P.Kill()
	}
}

// Addr is the server's host:port.
func (pg *Postgres) Addr() string { return pg.addr }

// URL is the connection URL of database db.
func (pg *Postgres) URL(db string) string {
	return "postgres://postgres@" + pg.addr + "/" + db + "?sslmode=disable"
}

// CreateDB makes a fresh database and returns its URL.
func (pg *Postgres) CreateDB(name string) (string, error) {
	ctx := context.Background()
	c, err := pgx.Connect(ctx, pg.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return pg.URL(name), nil
}

// MinIO is a MinIO server of the run's own.
type MinIO struct {
	bin, data, logDir string
	Addr              string
	P                 *Proc
}

// MinIO's root credentials in a scratch run.
const (
	MinIOUser   = "scratch"
	MinIOSecret = "scratch-secret-key"
)

// StartMinIO starts the tool cache's MinIO (scripts/tools.sh).
func StartMinIO(dir, logDir string) (*MinIO, error) {
	m := &MinIO{bin: miniotest.Binary(), Addr: FreeAddr(), data: filepath.Join(dir, "minio"), logDir: logDir}
	return m, m.Start()
}

// Start starts the server (again) and waits until it is live.
func (m *MinIO) Start() error {
	p, err := StartProc(m.logDir, "minio", m.bin, []string{"server", m.data, "--address", m.Addr, "--console-address", "127.0.0.1:0", "--quiet"},
		[]string{"MINIO_ROOT_USER=" + MinIOUser, "MINIO_ROOT_PASSWORD=" + MinIOSecret, "MINIO_BROWSER=off"}, ProcOptions{})
	if err != nil {
		return err
	}
	m.P = p
	return WaitFor("minio to be live", 30*time.Second, func() bool { return HTTPOK("http://" + m.Addr + "/minio/health/live") })
}

// Balancer is a TCP load balancer in front of the gateways' replicas, as a
// Kubernetes Service with a virtual IP is: each new connection goes to the
// next ready backend; a backend taken out gets no new connections, and its
// open ones end when it closes them. (The services' replicas need none:
// their clients balance over the addresses the stack's DNS gives.)
type Balancer struct {
	ln       net.Listener
	mu       sync.Mutex
	backends []string
	next     int
}

// NewBalancer listens on a free loopback port.
func NewBalancer() (*Balancer, error) { return NewBalancerAt("127.0.0.1:0") }

// NewBalancerAt listens on addr: with one backend, a relay that makes a
// server on loopback reachable at another address (e.g. from pods).
func NewBalancerAt(addr string) (*Balancer, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	b := &Balancer{ln: ln}
	go b.serve()
	return b, nil
}

// Addr is where clients connect.
func (b *Balancer) Addr() string { return b.ln.Addr().String() }

// Set replaces the backends new connections go to.
func (b *Balancer) Set(backends ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.backends = append([]string(nil), backends...)
}

func (b *Balancer) pick() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.backends) == 0 {
		return ""
	}
	b.next++
	return b.backends[b.next%len(b.backends)]
}

func (b *Balancer) serve() {
	for {
		c, err := b.ln.Accept()
		if err != nil {
			return
		}
		go func() {
			defer c.Close()
			to := b.pick()
			if to == "" {
				return
			}
			up, err := net.DialTimeout("tcp", to, 2*time.Second)
			if err != nil {
				return
			}
			defer up.Close()
			done := make(chan struct{}, 2)
			go func() { _, _ = io.Copy(up, c); up.(*net.TCPConn).CloseWrite(); done <- struct{}{} }()
			go func() { _, _ = io.Copy(c, up); c.(*net.TCPConn).CloseWrite(); done <- struct{}{} }()
			<-done
			<-done
		}()
	}
}

// Close stops accepting connections.
func (b *Balancer) Close() { b.ln.Close() }

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/valleytrenchless/site/internal/miniotest"
)

// freeAddr returns a loopback address nothing listens on right now.
func freeAddr() string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// proc is one process of the stack, started from its binary.
type proc struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

// startProc starts bin with args and env (added to this process's), its
// output in logDir/name.log. cred, when set, runs it as that user.
func startProc(logDir, name, bin string, args, env []string, cred *syscall.Credential) (*proc, error) {
	logf, err := os.OpenFile(filepath.Join(logDir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: cred}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &proc{name: name, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logf.Close(); close(p.done) }()
	return p, nil
}

func (p *proc) signal(s syscall.Signal) { _ = p.cmd.Process.Signal(s) }

// stop sends SIGTERM (as Kubernetes does) and waits up to grace, then kills.
func (p *proc) stop(grace time.Duration) {
	select {
	case <-p.done:
		return
	default:
	}
	p.signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(grace):
		p.signal(syscall.SIGKILL)
		<-p.done
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill() {
	p.signal(syscall.SIGKILL)
	<-p.done
}

// rssKB is the process's resident memory.
func (p *proc) rssKB() int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

// waitFor polls ok every 100 ms until it holds or timeout passes.
func waitFor(what string, timeout time.Duration, ok func() bool) error {
	deadline := time.Now().Add(timeout)
	for !ok() {
		if time.Now().After(deadline) {
			return fmt.Errorf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

func httpOK(url string) bool {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode == 200
}

// postgres is a Postgres cluster of the fault run's own (initdb in the work
// folder, its own port), so stopping it never touches the machine's.
type postgres struct {
	bin, data, logDir, addr string
	cred                    *syscall.Credential
	p                       *proc
}

func pgBinDir() (string, error) {
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

// newPostgres initialises a cluster in dir. Postgres refuses to run as
// root, so as root it runs as the postgres user.
func newPostgres(dir, logDir string) (*postgres, error) {
	bin, err := pgBinDir()
	if err != nil {
		return nil, err
	}
	pg := &postgres{bin: bin, data: filepath.Join(dir, "pgdata"), logDir: logDir, addr: freeAddr()}
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
	p, err := startProc(logDir, "initdb", filepath.Join(bin, "initdb"),
		[]string{"-D", pg.data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"}, nil, pg.cred)
	if err != nil {
		return nil, err
	}
	<-p.done
	if !p.cmd.ProcessState.Success() {
		return nil, fmt.Errorf("initdb failed: see %s", filepath.Join(logDir, "initdb.log"))
	}
	return pg, pg.start()
}

func (pg *postgres) start() error {
	_, port, _ := net.SplitHostPort(pg.addr)
	p, err := startProc(pg.logDir, "postgres", filepath.Join(pg.bin, "postgres"), []string{"-D", pg.data, "-p", port,
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off",
		"-c", "max_connections=400", "-c", "synchronous_commit=off"}, nil, pg.cred)
	if err != nil {
		return err
	}
	pg.p = p
	return waitFor("postgres to accept connections", 30*time.Second, func() bool {
		c, err := pgx.Connect(context.Background(), pg.url("postgres"))
		if err != nil {
			return false
		}
		c.Close(context.Background())
		return true
	})
}

// stop is a fast shutdown (SIGINT): what an operator's "stop" does.
func (pg *postgres) stop() {
	pg.p.signal(syscall.SIGINT)
	select {
	case <-pg.p.done:
	case <-time.After(30 * time.Second):
		pg.p.kill()
	}
}

func (pg *postgres) url(db string) string {
	return "postgres://postgres@" + pg.addr + "/" + db + "?sslmode=disable"
}

// createDB makes a fresh database for one scenario.
func (pg *postgres) createDB(name string) (string, error) {
	ctx := context.Background()
	c, err := pgx.Connect(ctx, pg.url("postgres"))
	if err != nil {
		return "", err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", err
	}
	return pg.url(name), nil
}

// natsServer is a NATS JetStream server of the scenario's own: its port,
// its store folder.
type natsServer struct {
	bin, addr, store, logDir string
	p                        *proc
}

func startNATS(dir, logDir string) (*natsServer, error) {
	bin := "/usr/sbin/nats-server"
	if p, err := exec.LookPath("nats-server"); err == nil {
		bin = p
	}
	n := &natsServer{bin: bin, addr: freeAddr(), store: filepath.Join(dir, "nats"), logDir: logDir}
	return n, n.start()
}

func (n *natsServer) url() string { return "nats://" + n.addr }

func (n *natsServer) start() error {
	host, port, _ := net.SplitHostPort(n.addr)
	p, err := startProc(n.logDir, "nats", n.bin, []string{"-a", host, "-p", port, "-js", "-sd", n.store}, nil, nil)
	if err != nil {
		return err
	}
	n.p = p
	return waitFor("nats to listen", 15*time.Second, func() bool {
		c, err := net.DialTimeout("tcp", n.addr, time.Second)
		if err != nil {
			return false
		}
		c.Close()
		return true
	})
}

// minio is a MinIO server of the scenario's own.
type minio struct {
	bin, addr, data, logDir string
	p                       *proc
}

const minioUser, minioSecret = "faults", "faults-secret-key"

func startMinIO(dir, logDir string) (*minio, error) {
	m := &minio{bin: miniotest.Binary(), addr: freeAddr(), data: filepath.Join(dir, "minio"), logDir: logDir}
	return m, m.start()
}

func (m *minio) start() error {
	p, err := startProc(m.logDir, "minio", m.bin, []string{"server", m.data, "--address", m.addr, "--console-address", "127.0.0.1:0", "--quiet"},
		[]string{"MINIO_ROOT_USER=" + minioUser, "MINIO_ROOT_PASSWORD=" + minioSecret, "MINIO_BROWSER=off"}, nil)
	if err != nil {
		return err
	}
	m.p = p
	return waitFor("minio to be live", 30*time.Second, func() bool { return httpOK("http://" + m.addr + "/minio/health/live") })
}

// balancer is a TCP load balancer in front of a service's replicas, as a
// Kubernetes Service is: each new connection goes to the next ready
// backend; a backend taken out gets no new connections, and its open ones
// end when it closes them.
type balancer struct {
	ln       net.Listener
	mu       sync.Mutex
	backends []string
	next     int
}

func newBalancer() (*balancer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &balancer{ln: ln}
	go b.serve()
	return b, nil
}

func (b *balancer) addr() string { return b.ln.Addr().String() }

func (b *balancer) set(backends ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.backends = append([]string(nil), backends...)
}

func (b *balancer) pick() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.backends) == 0 {
		return ""
	}
	b.next++
	return b.backends[b.next%len(b.backends)]
}

func (b *balancer) serve() {
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

func (b *balancer) close() { b.ln.Close() }

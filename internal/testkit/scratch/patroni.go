package scratch

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
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
)

// A Postgres cluster with automatic failover, as production runs it
// (issue 36, ADR 0013): Patroni (Debian's patroni 3.0.2, with upstream's
// fix of its etcd3 leader lock: patroni_etcd3_fix.py) manages each node's
// Postgres, streaming replication between them, and a leader lock in etcd
// (Debian's etcd-server 3.4, through Patroni's etcd3 API). Every process
// runs on loopback ports of its own; Postgres and Patroni as the postgres
// user when the run is root (Postgres refuses root).
//
// One etcd member serves the cluster's lock: the drills fail Postgres
// nodes, not the lock's store, and three members would cost the run's two
// cores a Raft group more for nothing the drills look at. Production runs
// three (or five) members on separate machines, as it runs three Patroni
// nodes.

// The failover timing (Patroni's dynamic configuration; ADR 0013). The
// leader renews its lock every PatroniLoopWait; a leader that cannot (dead,
// hung, or cut off from etcd for PatroniRetryTimeout) loses it PatroniTTL
// after its last renewal, and a synchronous standby takes over. Patroni
// asks loop_wait + 2 × retry_timeout ≤ ttl.
const (
	PatroniTTL          = 8 * time.Second
	PatroniLoopWait     = 1 * time.Second
	PatroniRetryTimeout = 3 * time.Second
)

// PGClusterOptions shape a Patroni cluster.
type PGClusterOptions struct {
	// Nodes is how many Postgres nodes: 3 when 0.
	Nodes int
	// HAProxy starts HAProxy in front of the nodes, sending each new
	// connection to the node whose Patroni answers GET /primary with 200
	// (HAProxyURL). URL is the multi-host URL either way.
	HAProxy bool
	// Durable keeps fsync on (as production runs); otherwise it is off,
	// for speed. Commits wait for the synchronous standbys either way.
	Durable bool
}

// PGCluster is a Patroni cluster of the run's own.
type PGCluster struct {
	// Scope is Patroni's cluster name (its keys in etcd).
	Scope string
	Nodes []*PGNode
	// Etcd is the lock's store; HAProxy the balancer (PGClusterOptions).
	Etcd, HAProxy *Proc
	etcdAddr      string
	haAddr        string
	dir, logDir   string
	// python runs launcher (patroniLauncher) for each node.
	python, launcher string
}

// PGNode is one node: Patroni and the Postgres it runs.
type PGNode struct {
	// Name is Patroni's member name: pg1, pg2, …
	Name string
	// Addr is its Postgres's host:port, API its Patroni REST API's.
	Addr, API string
	// P is Patroni (Postgres runs in a session of its own, which Patroni
	// started: see Pause and Kill).
	P               *Proc
	dir, data, conf string
	logDir          string
	cmd             []string // Patroni's command; its file is appended
	cred            *syscall.Credential
	mu              sync.Mutex
	paused          []int // pids SIGSTOPped by Pause
}

// postgresCred is the postgres user's identity when the run is root, nil
// otherwise.
func postgresCred() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root needs a postgres user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// patroniLauncher runs Debian's Patroni 3.0.2 with upstream's fix of its
// etcd3 leader lock backported (a resumed hung leader took the lock back
// from the standby promoted meanwhile, and the commits that one had
// acknowledged were rewound away: ADR 0013). Newer Patroni runs as it is.
//
//go:embed patroni_etcd3_fix.py
var patroniLauncher []byte

// PatroniPython is the Python that runs Debian's patroni, with its
// package importable (scripts/ensure-deps.sh patroni).
func PatroniPython() (string, error) {
	if err := exec.Command("/usr/bin/python3", "-c", "import patroni.__main__").Run(); err != nil {
		return "", errors.New("patroni not found: install Debian's patroni and etcd-server (scripts/ensure-deps.sh patroni)")
	}
	return "/usr/bin/python3", nil
}

// EtcdBinary is Debian's etcd (package etcd-server).
func EtcdBinary() (string, error) {
	for _, p := range []string{"etcd", "/usr/bin/etcd"} {
		if b, err := exec.LookPath(p); err == nil {
			return b, nil
		}
	}
	return "", errors.New("etcd not found: install Debian's etcd-server (scripts/ensure-deps.sh patroni)")
}

// StartPGCluster starts etcd and the nodes in dir (logs in logDir): the
// first bootstraps the cluster, the others are cloned from it
// (pg_basebackup) and follow it; it returns once one node leads, every
// other streams from it as its synchronous standby.
func StartPGCluster(dir, logDir string, o PGClusterOptions) (_ *PGCluster, err error) {
	n := o.Nodes
	if n == 0 {
		n = 3
	}
	python, err := PatroniPython()
	if err != nil {
		return nil, err
	}
	etcd, err := EtcdBinary()
	if err != nil {
		return nil, err
	}
	bin, err := PGBinDir()
	if err != nil {
		return nil, err
	}
	cred, err := postgresCred()
	if err != nil {
		return nil, err
	}
	c := &PGCluster{Scope: "scratch", dir: dir, logDir: logDir, etcdAddr: FreeAddr(), python: python,
		launcher: filepath.Join(dir, "patroni_etcd3_fix.py")}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(c.launcher, patroniLauncher, 0o644); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	peer := FreeAddr()
	c.Etcd, err = StartProc(logDir, "etcd", etcd, []string{
		"--name", "e1", "--data-dir", filepath.Join(dir, "etcd"),
		"--listen-client-urls", "http://" + c.etcdAddr, "--advertise-client-urls", "http://" + c.etcdAddr,
		"--listen-peer-urls", "http://" + peer, "--initial-advertise-peer-urls", "http://" + peer,
		"--initial-cluster", "e1=http://" + peer, "--initial-cluster-state", "new",
		"--log-level", "warn", "--logger", "zap",
	}, nil, ProcOptions{})
	if err != nil {
		return nil, err
	}
	if err := WaitFor("etcd to be healthy", 30*time.Second, func() bool { return HTTPOK("http://" + c.etcdAddr + "/health") }); err != nil {
		return nil, err
	}
	for i := range n {
		nd := &PGNode{Name: fmt.Sprintf("pg%d", i+1), Addr: FreeAddr(), API: FreeAddr(), logDir: logDir, cred: cred,
			cmd: []string{python, c.launcher}}
		nd.dir = filepath.Join(dir, nd.Name)
		nd.data = filepath.Join(nd.dir, "data")
		nd.conf = filepath.Join(nd.dir, "patroni.yml")
		if err := os.MkdirAll(nd.dir, 0o700); err != nil {
			return nil, err
		}
		if err := os.WriteFile(nd.conf, []byte(c.patroniConfig(nd, n, bin, o.Durable)), 0o600); err != nil {
			return nil, err
		}
		if cred != nil {
			for _, p := range []string{nd.dir, nd.conf} {
				if err := os.Chown(p, int(cred.Uid), int(cred.Gid)); err != nil {
					return nil, err
				}
			}
		}
		nd.P = &Proc{Done: make(chan struct{})} // not started yet
		close(nd.P.Done)
		c.Nodes = append(c.Nodes, nd)
	}
	// The first node bootstraps alone (initdb), the others then clone it.
	if err := c.Nodes[0].Start(); err != nil {
		return nil, err
	}
	if _, err := c.WaitLeader(60 * time.Second); err != nil {
		return nil, err
	}
	for _, nd := range c.Nodes[1:] {
		if err := nd.Start(); err != nil {
			return nil, err
		}
	}
	if o.HAProxy {
		if err := c.startHAProxy(); err != nil {
			return nil, err
		}
	}
	if err := c.WaitHealthy(90 * time.Second); err != nil {
		return nil, err
	}
	return c, nil
}

// patroniConfig is node nd's patroni.yml. The bootstrap section is the
// cluster's dynamic configuration, written to etcd by the node that
// bootstraps.
func (c *PGCluster) patroniConfig(nd *PGNode, nodes int, bin string, durable bool) string {
	fsync := "off"
	if durable {
		fsync = "on"
	}
	return fmt.Sprintf(`# Written by internal/testkit/scratch (StartPGCluster).
scope: %[1]s
name: %[2]s
log:
  level: INFO
  format: '%%(asctime)s %%(levelname)s: %%(message)s'
restapi:
  listen: %[3]s
  connect_address: %[3]s
etcd3:
  hosts: %[4]s
  protocol: http
bootstrap:
  dcs:
    ttl: %[5]d
    loop_wait: %[6]d
    retry_timeout: %[7]d
    maximum_lag_on_failover: 1048576
    # A commit is acknowledged once every synchronous standby has it, and
    # only they may be promoted; strict: with no standby left, commits wait
    # rather than be acknowledged by the primary alone. Both standbys are
    # synchronous (Patroni lists the ones streaming: one, if one is lost),
    # so the leader's successor is the standby furthest ahead and the other
    # follows it as it is: with one synchronous standby, the other could
    # have received more than the one promoted and had to be rewound
    # before anything could commit again (about 25 s here).
    synchronous_mode: true
    synchronous_mode_strict: true
    synchronous_node_count: %[14]d
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 400
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        wal_log_hints: 'on'
        hot_standby: 'on'
        # A standby whose new leader has no slot for it yet retries in
        # half a second, not five.
        wal_retrieve_retry_interval: 500ms
        fsync: '%[8]s'
  initdb:
  - encoding: UTF8
  - auth: trust
postgresql:
  listen: %[9]s
  connect_address: %[9]s
  data_dir: %[10]s
  bin_dir: %[11]s
  pgpass: %[12]s
  authentication:
    superuser:
      username: postgres
      password: scratch
    replication:
      username: replicator
      password: scratch
  parameters:
    unix_socket_directories: '%[13]s'
  basebackup:
  - checkpoint: fast
  pg_hba:
  - local all all trust
  - host all all 127.0.0.1/32 trust
  - host replication all 127.0.0.1/32 trust
watchdog:
  mode: off
`, c.Scope, nd.Name, nd.API, c.etcdAddr, int(PatroniTTL.Seconds()), int(PatroniLoopWait.Seconds()), int(PatroniRetryTimeout.Seconds()),
		fsync, nd.Addr, nd.data, bin, filepath.Join(nd.dir, "pgpass"), nd.dir, max(nodes-1, 1))
}

// Start starts the node's Patroni (again, after Kill or Stop): it starts
// Postgres, rewinds it if it was a primary that fell behind, and follows
// the leader (or bootstraps the cluster, the first time of the first
// node).
func (nd *PGNode) Start() error {
	p, err := StartProc(nd.logDir, "patroni-"+nd.Name, nd.cmd[0], append(nd.cmd[1:], nd.conf), []string{"HOME=" + nd.dir}, ProcOptions{Cred: nd.cred})
	if err != nil {
		return err
	}
	nd.mu.Lock()
	nd.P, nd.paused = p, nil
	nd.mu.Unlock()
	return WaitFor("patroni "+nd.Name+"'s REST API", 30*time.Second, func() bool {
		if p.Exited() {
			return true
		}
		c, err := net.DialTimeout("tcp", nd.API, time.Second)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

// URL is a connection URL of database db on this node alone.
func (nd *PGNode) URL(db string) string {
	return "postgres://postgres@" + nd.Addr + "/" + db + "?sslmode=disable"
}

// Status is what the node's Patroni says of itself (GET /patroni): its
// role ("master" or "replica") and state ("running", …); an error when it
// does not answer within timeout.
func (nd *PGNode) Status(timeout time.Duration) (role, state string, err error) {
	var st struct{ Role, State string }
	err = getJSON("http://"+nd.API+"/patroni", timeout, &st)
	return st.Role, st.State, err
}

// IsPrimary reports whether GET /primary answers 200 within timeout: what
// HAProxy's check asks.
func (nd *PGNode) IsPrimary(timeout time.Duration) bool {
	c := http.Client{Timeout: timeout}
	resp, err := c.Get("http://" + nd.API + "/primary")
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == 200
}

// postmaster is the pid of the node's running postmaster, or 0.
func (nd *PGNode) postmaster() int {
	b, err := os.ReadFile(filepath.Join(nd.data, "postmaster.pid"))
	if err != nil {
		return 0
	}
	pid, _ := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	if pid <= 0 {
		return 0
	}
	cmd, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil || !bytes.Contains(cmd, []byte(nd.data)) {
		return 0
	}
	return pid
}

// children are the pids whose parent is pid (a postmaster's backends,
// walsenders, checkpointer, …: each in a session of its own, so no
// process group holds them all).
func children(pid int) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		cpid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, not ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 {
			if ppid, _ := strconv.Atoi(f[1]); ppid == pid {
				out = append(out, cpid)
			}
		}
	}
	return out
}

// stopAll SIGSTOPs Patroni (its process group: pg_ctl, pg_basebackup, …),
// then the postmaster, then every process the postmaster has (it forks
// none while stopped), and returns the Postgres pids stopped.
func (nd *PGNode) stopAll() []int {
	if !nd.P.Exited() {
		_ = syscall.Kill(-nd.P.Cmd.Process.Pid, syscall.SIGSTOP)
	}
	pm := nd.postmaster()
	if pm == 0 {
		return nil
	}
	_ = syscall.Kill(pm, syscall.SIGSTOP)
	pids := append([]int{pm}, children(pm)...)
	for _, p := range pids[1:] {
		_ = syscall.Kill(p, syscall.SIGSTOP)
	}
	return pids
}

// Kill is the node's sudden death (SIGKILL to Patroni, its Postgres and
// every Postgres process): nothing is shut down, every connection to it
// is reset.
func (nd *PGNode) Kill() {
	nd.mu.Lock()
	defer nd.mu.Unlock()
	pids := nd.stopAll()
	for _, p := range pids {
		_ = syscall.Kill(p, syscall.SIGKILL)
	}
	if !nd.P.Exited() {
		_ = syscall.Kill(-nd.P.Cmd.Process.Pid, syscall.SIGKILL)
		<-nd.P.Done
	}
	for _, p := range pids {
		waitGone(p, 10*time.Second)
	}
	nd.paused = nil
}

// waitGone waits until pid is no longer a live process (a killed process
// not reaped by its parent is a zombie: gone for this purpose).
func waitGone(pid int, timeout time.Duration) {
	_ = WaitFor(fmt.Sprintf("pid %d to exit", pid), timeout, func() bool {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return true
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		return len(f) > 0 && f[0] == "Z"
	})
}

// Pause freezes the whole node, as a hung machine is (SIGSTOP to Patroni,
// its Postgres and every Postgres process): its ports still accept
// connections, and nothing answers.
func (nd *PGNode) Pause() {
	nd.mu.Lock()
	defer nd.mu.Unlock()
	nd.paused = nd.stopAll()
}

// Resume undoes Pause (SIGCONT), Postgres and Patroni at once, as a machine
// that comes back.
func (nd *PGNode) Resume() {
	nd.mu.Lock()
	defer nd.mu.Unlock()
	for _, p := range nd.paused {
		_ = syscall.Kill(p, syscall.SIGCONT)
	}
	if !nd.P.Exited() {
		_ = syscall.Kill(-nd.P.Cmd.Process.Pid, syscall.SIGCONT)
	}
	nd.paused = nil
}

// Stop is an orderly stop of the node: SIGTERM to Patroni, which stops
// Postgres (fast shutdown) and, on the leader, gives up the lock.
func (nd *PGNode) Stop() {
	nd.Resume()
	nd.P.Stop(60 * time.Second)
	if pm := nd.postmaster(); pm != 0 { // Patroni killed before Postgres stopped
		_ = syscall.Kill(pm, syscall.SIGQUIT)
		waitGone(pm, 10*time.Second)
	}
}

// Leader is the node whose Patroni answers GET /primary with 200 now, or
// nil.
func (c *PGCluster) Leader() *PGNode {
	type answer struct {
		nd *PGNode
		ok bool
	}
	ch := make(chan answer, len(c.Nodes))
	for _, nd := range c.Nodes {
		go func() { ch <- answer{nd, !nd.P.Exited() && nd.IsPrimary(time.Second)} }()
	}
	var leader *PGNode
	for range c.Nodes {
		if a := <-ch; a.ok {
			leader = a.nd
		}
	}
	return leader
}

// WaitLeader waits until a node leads and returns it.
func (c *PGCluster) WaitLeader(timeout time.Duration) (*PGNode, error) {
	var l *PGNode
	err := WaitFor("a Postgres leader", timeout, func() bool { l = c.Leader(); return l != nil })
	return l, err
}

// ClusterMember is one member as Patroni's GET /cluster lists it.
type ClusterMember struct {
	Name, Role, State, Host string
	Port                    int
	Timeline                int
	Lag                     any // bytes behind the leader, or "unknown"
}

// Members is the cluster as node nd's Patroni sees it (GET /cluster).
func (c *PGCluster) Members(nd *PGNode) ([]ClusterMember, error) {
	var st struct{ Members []ClusterMember }
	err := getJSON("http://"+nd.API+"/cluster", 2*time.Second, &st)
	return st.Members, err
}

// Healthy says what the cluster lacks of a leader with every other node
// streaming from it as a synchronous standby; nil when nothing.
func (c *PGCluster) Healthy() error {
	l := c.Leader()
	if l == nil {
		return errors.New("no leader")
	}
	type repl struct {
		Name, State, SyncState string
	}
	rs, err := WithDB(l.URL("postgres"), func(ctx context.Context, conn *pgx.Conn) ([]repl, error) {
		rows, err := conn.Query(ctx, "SELECT application_name, state, sync_state FROM pg_stat_replication")
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowToStructByPos[repl])
	})
	if err != nil {
		return fmt.Errorf("leader %s: %w", l.Name, err)
	}
	streaming, sync := 0, 0
	for _, r := range rs {
		if r.State == "streaming" {
			streaming++
		}
		if r.SyncState == "sync" {
			sync++
		}
	}
	if streaming != len(c.Nodes)-1 || sync != len(c.Nodes)-1 {
		return fmt.Errorf("leader %s: %d of %d standbys streaming, %d synchronous (%v)", l.Name, streaming, len(c.Nodes)-1, sync, rs)
	}
	// And Patroni knows it: the synchronous standbys are in etcd (only
	// they may be promoted), every member running.
	ms, err := c.Members(l)
	if err != nil {
		return fmt.Errorf("leader %s: %w", l.Name, err)
	}
	roles := map[string]int{}
	for _, m := range ms {
		roles[m.Role]++
		if m.State != "running" {
			return fmt.Errorf("%s is %s", m.Name, m.State)
		}
	}
	if len(ms) != len(c.Nodes) || roles["leader"] != 1 || roles["sync_standby"] != len(c.Nodes)-1 {
		return fmt.Errorf("patroni's members: %v", ms)
	}
	return nil
}

// WaitHealthy waits until Healthy says nothing is missing.
func (c *PGCluster) WaitHealthy(timeout time.Duration) error {
	var last error
	err := WaitFor("the Postgres cluster to be whole", timeout, func() bool { last = c.Healthy(); return last == nil })
	if err != nil {
		return fmt.Errorf("%w: %v", err, last)
	}
	return nil
}

// Switchover asks the leader's Patroni for a planned switchover (POST
// /switchover) to candidate (a node's name; empty: Patroni picks the
// synchronous standby), and returns when Patroni says it is done.
func (c *PGCluster) Switchover(candidate string) error {
	l := c.Leader()
	if l == nil {
		return errors.New("switchover: no leader")
	}
	body, _ := json.Marshal(map[string]string{"leader": l.Name, "candidate": candidate})
	hc := http.Client{Timeout: 60 * time.Second}
	resp, err := hc.Post("http://"+l.API+"/switchover", "application/json", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("switchover: %w", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return fmt.Errorf("switchover: %s: %s", resp.Status, strings.TrimSpace(string(b)))
	}
	return nil
}

// Stop stops every node in order (Stop), the replicas first.
func (c *PGCluster) Stop() {
	l := c.Leader()
	for _, nd := range c.Nodes {
		if nd != l {
			nd.Stop()
		}
	}
	if l != nil {
		l.Stop()
	}
}

// Start starts every node's Patroni again and waits until the cluster is
// whole.
func (c *PGCluster) Start() error {
	for _, nd := range c.Nodes {
		if nd.P.Exited() {
			if err := nd.Start(); err != nil {
				return err
			}
		}
	}
	return c.WaitHealthy(120 * time.Second)
}

// Close stops the nodes (all at once: no failover for nothing), HAProxy
// and etcd.
func (c *PGCluster) Close() {
	if c.HAProxy != nil {
		c.HAProxy.Stop(5 * time.Second)
	}
	var wg sync.WaitGroup
	for _, nd := range c.Nodes {
		wg.Go(nd.Stop)
	}
	wg.Wait()
	if c.Etcd != nil {
		c.Etcd.Stop(10 * time.Second)
	}
}

// URL is the URL the services use for database db: every node, and
// target_session_attrs=read-write, so pgx connects to the one that takes
// writes (ADR 0013).
func (c *PGCluster) URL(db string) string {
	hosts := make([]string, len(c.Nodes))
	for i, nd := range c.Nodes {
		hosts[i] = nd.Addr
	}
	return "postgres://postgres@" + strings.Join(hosts, ",") + "/" + db + "?sslmode=disable&target_session_attrs=read-write"
}

// HAProxyURL is database db through HAProxy (PGClusterOptions.HAProxy),
// or "" without it.
func (c *PGCluster) HAProxyURL(db string) string {
	if c.haAddr == "" {
		return ""
	}
	return "postgres://postgres@" + c.haAddr + "/" + db + "?sslmode=disable"
}

// CreateDB makes a fresh database on the leader and returns its URL.
func (c *PGCluster) CreateDB(name string) (string, error) {
	_, err := WithDB(c.URL("postgres"), func(ctx context.Context, conn *pgx.Conn) (struct{}, error) {
		_, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
		return struct{}{}, err
	})
	if err != nil {
		return "", err
	}
	return c.URL(name), nil
}

// PGHAProxy* are HAProxy's check settings in front of the nodes: a node is
// out after two failed checks of GET /primary (at most about inter +
// timeout + fastinter + timeout: 2.85 s), and in after one good one.
const (
	PGHAProxyCheckInter   = time.Second
	PGHAProxyCheckFast    = 250 * time.Millisecond
	PGHAProxyCheckTimeout = 800 * time.Millisecond
)

// startHAProxy starts HAProxy in TCP mode in front of the nodes.
func (c *PGCluster) startHAProxy() error {
	bin, err := HAProxyBinary()
	if err != nil {
		return err
	}
	c.haAddr = FreeAddr()
	var servers strings.Builder
	for _, nd := range c.Nodes {
		_, apiPort, _ := net.SplitHostPort(nd.API)
		fmt.Fprintf(&servers, "  server %s %s check port %s\n", nd.Name, nd.Addr, apiPort)
	}
	conf := fmt.Sprintf(`# Written by internal/testkit/scratch (StartPGCluster): HAProxy in front of the
# Postgres nodes, each connection sent to the one whose Patroni says it is
# the primary.
global
  log stderr format raw local0 notice
  maxconn 4096

defaults
  mode tcp
  log global
  timeout connect 1s
  timeout client 30m
  timeout server 30m
  timeout check %[1]dms

listen postgres
  bind %[2]s
  option httpchk
  http-check send meth GET uri /primary
  http-check expect status 200
  # A node no longer primary loses its open connections at once, as well
  # as new ones.
  default-server inter %[3]dms fastinter %[4]dms downinter %[3]dms fall 2 rise 1 on-marked-down shutdown-sessions
%[5]s`, PGHAProxyCheckTimeout.Milliseconds(), c.haAddr, PGHAProxyCheckInter.Milliseconds(), PGHAProxyCheckFast.Milliseconds(), servers.String())
	path := filepath.Join(c.dir, "haproxy-postgres.cfg")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command(bin, "-c", "-q", "-f", path).CombinedOutput(); err != nil {
		return fmt.Errorf("haproxy refuses %s: %v: %s", path, err, out)
	}
	if c.HAProxy, err = StartProc(c.logDir, "haproxy-postgres", bin, []string{"-db", "-f", path}, nil, ProcOptions{}); err != nil {
		return err
	}
	return WaitFor("haproxy to reach the leader", 30*time.Second, func() bool {
		conn, err := pgx.Connect(context.Background(), c.HAProxyURL("postgres")+"&connect_timeout=1")
		if err != nil {
			return false
		}
		conn.Close(context.Background())
		return true
	})
}

func getJSON(url string, timeout time.Duration, v any) error {
	c := http.Client{Timeout: timeout}
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

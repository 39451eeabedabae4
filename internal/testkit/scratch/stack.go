package scratch

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/valleytrenchless/site/internal/grpcdial"
)

// Kinds of service, in the order a stack starts them.
var Kinds = []string{"content", "contact", "media", "gateway"}

// Instance is one running replica of a service.
type Instance struct {
	Kind, Addr string
	// MetricsAddr is its /metrics listener (Options.Metrics), or empty.
	MetricsAddr string
	P           *Proc
}

// Calls is how many calls of the product's API (not health, not
// reflection) the service replica has answered: its
// grpc_server_handled_total, read from its own /metrics.
func (in *Instance) Calls() (float64, error) {
	return in.Metric("grpc_server_handled_total", `grpc_service="trenchless.`)
}

// Metric sums the replica's samples of the metric name whose labels hold
// every one of match (e.g. `grpc_code="OK"`), read from its own /metrics
// (Options.Metrics).
func (in *Instance) Metric(name string, match ...string) (float64, error) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get("http://" + in.MetricsAddr + "/metrics")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	total := 0.0
	sc := bufio.NewScanner(resp.Body)
lines:
	for sc.Scan() {
		line := sc.Text()
		labels, ok := strings.CutPrefix(line, name+"{")
		if !ok {
			continue
		}
		for _, m := range match {
			if !strings.Contains(labels, m) {
				continue lines
			}
		}
		n, err := strconv.ParseFloat(line[strings.LastIndexByte(line, ' ')+1:], 64)
		if err != nil {
			return 0, fmt.Errorf("%s /metrics: %q: %w", in.P.Name, line, err)
		}
		total += n
	}
	return total, sc.Err()
}

// Options shape a stack.
type Options struct {
	// Bins is the folder with the built binaries (make build).
	Bins string
	// WebDir is the built web app the gateway serves; empty serves a
	// one-page stand-in.
	WebDir string
	// Balanced puts the gateway behind a Balancer (the load balancer in
	// front of a cluster's gateways), so its replicas can be replaced under
	// load; otherwise clients reach its single replica directly. The
	// services need no such thing: their clients balance over the replicas
	// the stack's DNS names (ADR 0008), whatever their number.
	Balanced bool
	// CPUs pins each kind's processes (taskset's list); missing kinds run
	// anywhere.
	CPUs map[string]string
	// Env adds environment variables per kind.
	Env map[string][]string
	// Metrics gives every replica a metrics listener of its own
	// (Instance.MetricsAddr); otherwise none has one.
	Metrics bool
	// NATSNodes is how many NATS servers: 1 (also when 0), or 3 for a
	// JetStream cluster, on which contact creates LEADS with 3 replicas.
	NATSNodes int
	// SecureNATS runs NATS as docs/operations.md configures it (TLS with
	// client certificates, a user per binary), and gives every binary its
	// identity and certificate (NATSOptions.Secure).
	SecureNATS bool
	// MinIONodes is how many MinIO servers: 1 (also when 0), or 4 for a
	// distributed MinIO (two drives each, HAProxy in front:
	// StartMinIOCluster) that media reaches through HAProxy.
	MinIONodes int
}

// Stack is the whole product from its built binaries, on the run's own
// ports, database, NATS and MinIO.
type Stack struct {
	Name, Dir, LogDir, DBURL string
	// PG is the stack's Postgres when it runs on one (StartStack's db);
	// PGCluster when it runs on a Patroni cluster.
	PG        *Postgres
	PGCluster *PGCluster
	// NATS is the stack's NATS server, a cluster's first node.
	NATS *NATS
	// NATSCluster is every NATS server (one unless Options.NATSNodes).
	NATSCluster *NATSCluster
	// MinIO is the stack's one MinIO server, nil with Options.MinIONodes.
	MinIO *MinIO
	// MinIOCluster is the distributed MinIO (Options.MinIONodes), or nil.
	MinIOCluster *MinIOCluster
	o            Options

	mu    sync.Mutex
	lb    map[string]*Balancer
	fixed map[string]string // the gateway's address when not Balanced
	// dns answers each service kind's name (DNSName) with the addresses
	// of its live replicas, as a cluster's DNS does for a headless
	// Service; ports holds each service kind's port, on which all its
	// replicas listen, each at a loopback address of its own.
	dns   *DNS
	ports map[string]net.Listener
	live  map[string][]*Instance
	// extra are processes started beside the replicas (StartExtra,
	// StartNotifier), stopped first by Close.
	extra []*Proc
	seq   int
}

// DB is where a stack's database is made: a Postgres of the run's own
// (*Postgres), or a Patroni cluster (*PGCluster), whose URL reaches
// whichever node leads.
type DB interface {
	// CreateDB makes a fresh database and returns the URL the services
	// use.
	CreateDB(name string) (string, error)
}

// StartStack starts NATS, MinIO and one replica of every service in
// root/name, with a database of its own in db.
func StartStack(root string, db DB, name string, o Options) (_ *Stack, err error) {
	dir := filepath.Join(root, name)
	s := &Stack{Name: name, Dir: dir, LogDir: filepath.Join(dir, "logs"), o: o,
		lb: map[string]*Balancer{}, fixed: map[string]string{}, ports: map[string]net.Listener{}, live: map[string][]*Instance{}}
	s.PG, _ = db.(*Postgres)
	s.PGCluster, _ = db.(*PGCluster)
	if err := os.MkdirAll(s.LogDir, 0o755); err != nil {
		return nil, err
	}
	if s.o.WebDir == "" {
		s.o.WebDir = filepath.Join(dir, "web")
		if err := os.MkdirAll(s.o.WebDir, 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(s.o.WebDir, "index.html"), []byte(`<!doctype html><html lang="en"><head><title>site</title><meta name="description" content="Scratch run"></head><body></body></html>`), 0o644); err != nil {
			return nil, err
		}
	}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.DBURL, err = db.CreateDB("scratch_" + name); err != nil {
		return nil, err
	}
	if s.NATSCluster, err = StartNATSCluster(dir, s.LogDir, NATSOptions{Nodes: o.NATSNodes, Secure: o.SecureNATS}); err != nil {
		return nil, err
	}
	s.NATS = s.NATSCluster.Nodes[0]
	if o.MinIONodes > 1 {
		if s.MinIOCluster, err = StartMinIOCluster(dir, s.LogDir, MinIOClusterOptions{Nodes: o.MinIONodes}); err != nil {
			return nil, err
		}
	} else if s.MinIO, err = StartMinIO(dir, s.LogDir); err != nil {
		return nil, err
	}
	if s.dns, err = StartDNS(); err != nil {
		return nil, err
	}
	for _, k := range Kinds {
		switch {
		case k != "gateway":
			if s.ports[k], err = ReservePort(); err != nil {
				return nil, err
			}
		case o.Balanced:
			b, err := NewBalancer()
			if err != nil {
				return nil, err
			}
			s.lb[k] = b
		default:
			s.fixed[k] = FreeAddr()
		}
	}
	for _, k := range Kinds {
		in, err := s.StartInstance(k)
		if err != nil {
			return nil, err
		}
		s.SetLive(k, in)
	}
	return s, nil
}

// Addr is where clients reach kind: a service's gRPC target
// (dns://<the stack's DNS>/content.scratch.:<port>, every live replica),
// the gateway's balancer, or its one replica.
func (s *Stack) Addr(kind string) string {
	if s.ports[kind] != nil {
		return s.dns.Target(DNSName(kind), s.port(kind))
	}
	if b := s.lb[kind]; b != nil {
		return b.Addr()
	}
	return s.fixed[kind]
}

// DNSName is the name the stack's DNS answers with kind's live replicas.
func DNSName(kind string) string { return kind + ".scratch." }

// port is the service kind's port, every replica's.
func (s *Stack) port(kind string) string {
	return strconv.Itoa(s.ports[kind].Addr().(*net.TCPAddr).Port)
}

// Base is the gateway's URL as clients reach it.
func (s *Stack) Base() string { return "http://" + s.Addr("gateway") }

// Bins is the folder of the binaries the stack runs.
func (s *Stack) Bins() string { return s.o.Bins }

func (s *Stack) env(kind, addr, metricsAddr string) []string {
	env := []string{"LOG_LEVEL=info"}
	switch kind {
	case "content":
		env = append(env, "CONTENT_GRPC_ADDR="+addr, "CONTENT_METRICS_ADDR="+metricsAddr, "CONTENT_DB_URL="+s.DBURL,
			"CONTENT_MEDIA_ADDR="+s.Addr("media"))
		env = append(env, s.NATSCluster.Env("CONTENT", "content")...)
	case "contact":
		env = append(env, "CONTACT_GRPC_ADDR="+addr, "CONTACT_METRICS_ADDR="+metricsAddr, "CONTACT_DB_URL="+s.DBURL,
			"CONTACT_STREAM_REPLICAS="+strconv.Itoa(s.NATSCluster.Replicas()))
		env = append(env, s.NATSCluster.Env("CONTACT", "contact")...)
	case "media":
		env = append(env, "MEDIA_GRPC_ADDR="+addr, "MEDIA_METRICS_ADDR="+metricsAddr, "MEDIA_DB_URL="+s.DBURL,
			"MEDIA_S3_ENDPOINT="+s.S3Endpoint(), "MEDIA_S3_ACCESS_KEY="+MinIOUser, "MEDIA_S3_SECRET_KEY="+MinIOSecret)
	default:
		env = append(env, "GATEWAY_HTTP_ADDR="+addr, "GATEWAY_METRICS_ADDR="+metricsAddr, "GATEWAY_DB_URL="+s.DBURL,
			"GATEWAY_PUBLIC_ORIGIN="+s.Base(),
			"GATEWAY_CONTENT_ADDR="+s.Addr("content"), "GATEWAY_CONTACT_ADDR="+s.Addr("contact"), "GATEWAY_MEDIA_ADDR="+s.Addr("media"),
			"GATEWAY_TRUSTED_PROXY_HEADER=X-Forwarded-For", "GATEWAY_WEB_DIR="+s.o.WebDir, "GATEWAY_SHUTDOWN_TIMEOUT=15s")
		env = append(env, s.NATSCluster.Env("GATEWAY", "gateway")...)
	}
	return append(env, s.o.Env[kind]...)
}

// StartInstance starts a new replica of kind and waits until it is ready:
// gRPC health SERVING for a service, /readyz 200 for the gateway (as a
// Kubernetes readiness probe would). A service replica listens on the
// kind's port at a loopback address of its own, as a pod has its own IP;
// a gateway gets a port of its own in a balanced stack, otherwise the
// kind's one address. It is not live (SetLive) until the caller says so.
func (s *Stack) StartInstance(kind string) (*Instance, error) {
	addr := s.fixed[kind]
	switch {
	case s.ports[kind] != nil:
		addr = "" // start gives it its own address
	case s.o.Balanced:
		addr = FreeAddr()
	}
	return s.start(kind, addr, nil)
}

// StartExtra starts one more replica of kind on a port of its own, with env
// added to the kind's (e.g. a gateway with GATEWAY_FAST_LANE=false beside
// the usual one). It is outside the kind's balancer and live replicas;
// Close stops it.
func (s *Stack) StartExtra(kind string, env ...string) (*Instance, error) {
	in, err := s.start(kind, FreeAddr(), env)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.extra = append(s.extra, in.P)
	s.mu.Unlock()
	return in, nil
}

// start starts a replica of kind on addr (empty: the kind's port at the
// replica's own loopback address) and waits until it is ready.
func (s *Stack) start(kind, addr string, env []string) (*Instance, error) {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
	if addr == "" {
		addr = net.JoinHostPort(ReplicaIP(n).String(), s.port(kind))
	}
	metrics := ""
	if s.o.Metrics {
		metrics = FreeAddr()
	}
	p, err := StartProc(s.LogDir, fmt.Sprintf("%s-%d", kind, n), filepath.Join(s.o.Bins, kind), nil,
		append(s.env(kind, addr, metrics), env...), ProcOptions{CPUs: s.o.CPUs[kind]})
	if err != nil {
		return nil, err
	}
	in := &Instance{Kind: kind, Addr: addr, MetricsAddr: metrics, P: p}
	ready := func() bool { return Serving(addr) }
	if kind == "gateway" {
		ready = func() bool { return HTTPOK("http://" + addr + "/readyz") }
	}
	if err := WaitFor(kind+" replica to be ready", 60*time.Second, func() bool { return p.Exited() || ready() }); err != nil {
		p.Kill()
		return nil, err
	}
	if p.Exited() {
		return nil, fmt.Errorf("%s exited at start; see %s", kind, filepath.Join(s.LogDir, p.Name+".log"))
	}
	return in, nil
}

// SetLive makes instances the kind's live replicas: the addresses its DNS
// name resolves to (a headless Service's ready endpoints), or the
// gateway's balancer's targets.
func (s *Stack) SetLive(kind string, ins ...*Instance) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live[kind] = ins
	addrs := make([]string, len(ins))
	ips := make([]net.IP, len(ins))
	for i, in := range ins {
		addrs[i] = in.Addr
		host, _, _ := net.SplitHostPort(in.Addr)
		ips[i] = net.ParseIP(host)
	}
	if s.ports[kind] != nil {
		s.dns.Set(DNSName(kind), ips...)
	}
	if b := s.lb[kind]; b != nil {
		b.Set(addrs...)
	}
}

// Instances are kind's live replicas.
func (s *Stack) Instances(kind string) []*Instance {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Instance(nil), s.live[kind]...)
}

// Scale brings kind to n live replicas, as `kubectl scale` does: each new
// one joins once it is ready; surplus ones, the newest first, leave the
// Service and are then stopped (SIGTERM, drain, exit). A gateway stack
// must be balanced to hold more than one.
func (s *Stack) Scale(kind string, n int) error {
	for cur := s.Instances(kind); len(cur) < n; cur = s.Instances(kind) {
		in, err := s.StartInstance(kind)
		if err != nil {
			return err
		}
		s.SetLive(kind, append(cur, in)...)
	}
	for cur := s.Instances(kind); len(cur) > n; cur = s.Instances(kind) {
		s.SetLive(kind, cur[:len(cur)-1]...)
		cur[len(cur)-1].P.Stop(30 * time.Second)
	}
	return nil
}

// ResolveSettle is how long a rolling restart of a service waits between
// stopping one replica and the next (counting the new replica's start):
// the first one's GOAWAY made every client resolve the name again, which
// gRPC does at most every grpcdial.MinResolutionInterval, so each knows
// the new replicas before the next old one goes. The chart's
// minReadySeconds does the same in a cluster (ADR 0008).
const ResolveSettle = grpcdial.MinResolutionInterval + 500*time.Millisecond

// RollingRestart replaces each replica of kind as a Deployment's rolling
// update does: start the new one, wait until it is ready, take the old one
// out of the Service, SIGTERM it and wait for it to drain and exit. A
// gateway stack must be balanced.
func (s *Stack) RollingRestart(kind string) error {
	var stopped time.Time
	for _, old := range s.Instances(kind) {
		in, err := s.StartInstance(kind)
		if err != nil {
			return err
		}
		var keep []*Instance
		for _, x := range s.Instances(kind) {
			if x != old {
				keep = append(keep, x)
			}
		}
		s.SetLive(kind, append(keep, in)...)
		if s.ports[kind] != nil {
			time.Sleep(time.Until(stopped.Add(ResolveSettle)))
		}
		old.P.Stop(30 * time.Second)
		stopped = time.Now()
	}
	return nil
}

// LogsMention counts, per log file, the lines of every process of the
// stack that contain any of words.
func (s *Stack) LogsMention(words ...string) map[string]int {
	out := map[string]int{}
	files, _ := filepath.Glob(filepath.Join(s.LogDir, "*.log"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			for _, w := range words {
				if strings.Contains(line, w) {
					out[filepath.Base(f)]++
					break
				}
			}
		}
	}
	return out
}

// StaffClient creates a staff account with the gateway's operator command
// and returns a client signed in as it.
func (s *Stack) StaffClient() (*http.Client, error) { return s.StaffClientAt(s.Base()) }

// StaffClientAt is StaffClient signed in through base (one gateway, or a
// load balancer in front of several).
func (s *Stack) StaffClientAt(base string) (*http.Client, error) {
	cmd := exec.Command(filepath.Join(s.Bins(), "gateway"), "users", "create", "--email", "scratch@valleytrenchless.example", "--password-stdin", "--if-missing")
	cmd.Env = append(cmd.Environ(), "GATEWAY_DB_URL="+s.DBURL)
	cmd.Stdin = strings.NewReader("scratch-run-staff-password\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("create staff: %v: %s", err, out)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 60 * time.Second}
	body, _ := json.Marshal(map[string]string{"username": "scratch@valleytrenchless.example", "password": "scratch-run-staff-password"})
	req, _ := http.NewRequest("POST", base+"/api/login", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", "192.0.2.10")
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("staff login: %d", resp.StatusCode)
	}
	return c, nil
}

// StartNotifier starts the lead notifier (bin/notifier) on the stack's
// NATS, with env added (its SMTP server, say), and waits until it is
// connected (its health SERVING). Close stops it.
func (s *Stack) StartNotifier(env ...string) (*Proc, error) {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
	health := FreeAddr()
	p, err := StartProc(s.LogDir, fmt.Sprintf("notifier-%d", n), filepath.Join(s.o.Bins, "notifier"), nil,
		append(append([]string{"LOG_LEVEL=info", "NOTIFIER_HEALTH_ADDR=" + health, "NOTIFIER_METRICS_ADDR="}, s.NATSCluster.Env("NOTIFIER", "notifier")...), env...), ProcOptions{})
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.extra = append(s.extra, p)
	s.mu.Unlock()
	if err := WaitFor("the notifier to connect", 30*time.Second, func() bool { return p.Exited() || Serving(health) }); err != nil || p.Exited() {
		return nil, fmt.Errorf("notifier not ready (%v); see %s", err, filepath.Join(s.LogDir, p.Name+".log"))
	}
	return p, nil
}

// Close stops every process the stack started, the extra ones and the
// gateway first.
func (s *Stack) Close() {
	s.mu.Lock()
	extra := s.extra
	s.mu.Unlock()
	for _, p := range extra {
		p.Stop(20 * time.Second)
	}
	for _, k := range []string{"gateway", "media", "contact", "content"} {
		for _, in := range s.Instances(k) {
			in.P.Stop(20 * time.Second)
		}
		if b := s.lb[k]; b != nil {
			b.Close()
		}
		if l := s.ports[k]; l != nil {
			l.Close()
		}
	}
	if s.dns != nil {
		s.dns.Close()
	}
	if s.MinIO != nil && s.MinIO.P != nil {
		s.MinIO.P.Stop(10 * time.Second)
	}
	if s.MinIOCluster != nil {
		s.MinIOCluster.Stop()
	}
	if s.NATSCluster != nil {
		s.NATSCluster.Stop()
	}
}

// Run is one run's work folder (stacks, logs, data) with a Postgres
// cluster of its own in it.
type Run struct {
	Name, Root, LogDir string
	// Bins is the absolute folder of the built binaries.
	Bins string
	PG   *Postgres
}

// NewRun checks that bins holds every service binary and the others named
// in also, makes a work folder for the run called name and starts its
// Postgres cluster there.
func NewRun(name, bins string, pgo PostgresOptions, also ...string) (_ *Run, err error) {
	r := &Run{Name: name}
	if r.Bins, err = filepath.Abs(bins); err != nil {
		return nil, err
	}
	for _, b := range append(slices.Clone(Kinds), also...) {
		if _, err := os.Stat(filepath.Join(r.Bins, b)); err != nil {
			return nil, fmt.Errorf("%w: run make build first", err)
		}
	}
	if r.Root, err = os.MkdirTemp("", name+"-"); err != nil {
		return nil, err
	}
	_ = os.Chmod(r.Root, 0o755) // the postgres user must reach its data folder
	r.LogDir = filepath.Join(r.Root, "logs")
	_ = os.MkdirAll(r.LogDir, 0o755)
	fmt.Printf("%s: work folder %s\n", name, r.Root)
	if r.PG, err = NewPostgres(r.Root, r.LogDir, pgo); err != nil {
		os.RemoveAll(r.Root)
		return nil, err
	}
	return r, nil
}

// Close stops the cluster and removes the work folder, or with keep says
// where it is.
func (r *Run) Close(keep bool) {
	r.PG.Stop()
	if keep {
		fmt.Printf("%s: logs and data kept in %s\n", r.Name, r.Root)
		return
	}
	os.RemoveAll(r.Root)
}

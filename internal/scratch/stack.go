package scratch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
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

// Options shape a stack.
type Options struct {
	// Bins is the folder with the built binaries (make build).
	Bins string
	// WebDir is the built web app the gateway serves; empty serves a
	// one-page stand-in.
	WebDir string
	// Balanced puts every service behind a Balancer (a Kubernetes
	// Service), so replicas can be replaced under load; otherwise clients
	// reach the single replica directly.
	Balanced bool
	// CPUs pins each kind's processes (taskset's list); missing kinds run
	// anywhere.
	CPUs map[string]string
	// Env adds environment variables per kind.
	Env map[string][]string
	// Metrics gives every replica a metrics listener of its own
	// (Instance.MetricsAddr); otherwise none has one.
	Metrics bool
}

// Stack is the whole product from its built binaries, on the run's own
// ports, database, NATS and MinIO.
type Stack struct {
	Name, Dir, LogDir, DBURL string
	PG                       *Postgres
	NATS                     *NATS
	MinIO                    *MinIO
	o                        Options

	mu    sync.Mutex
	lb    map[string]*Balancer
	fixed map[string]string // the replica's address of each kind when not Balanced
	live  map[string][]*Instance
	// extra are processes started beside the replicas (StartExtra,
	// StartNotifier), stopped first by Close.
	extra []*Proc
	seq   int
}

// StartStack starts NATS, MinIO and one replica of every service in
// root/name, with a database of its own in pg.
func StartStack(root string, pg *Postgres, name string, o Options) (_ *Stack, err error) {
	dir := filepath.Join(root, name)
	s := &Stack{Name: name, Dir: dir, LogDir: filepath.Join(dir, "logs"), PG: pg, o: o,
		lb: map[string]*Balancer{}, fixed: map[string]string{}, live: map[string][]*Instance{}}
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
	if s.DBURL, err = pg.CreateDB("scratch_" + name); err != nil {
		return nil, err
	}
	if s.NATS, err = StartNATS(dir, s.LogDir); err != nil {
		return nil, err
	}
	if s.MinIO, err = StartMinIO(dir, s.LogDir); err != nil {
		return nil, err
	}
	for _, k := range Kinds {
		if !o.Balanced {
			s.fixed[k] = FreeAddr()
			continue
		}
		b, err := NewBalancer()
		if err != nil {
			return nil, err
		}
		s.lb[k] = b
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

// Addr is where clients reach kind: its balancer, or its one replica.
func (s *Stack) Addr(kind string) string {
	if b := s.lb[kind]; b != nil {
		return b.Addr()
	}
	return s.fixed[kind]
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
			"CONTENT_NATS_URL="+s.NATS.URL(), "CONTENT_MEDIA_ADDR="+s.Addr("media"))
	case "contact":
		env = append(env, "CONTACT_GRPC_ADDR="+addr, "CONTACT_METRICS_ADDR="+metricsAddr, "CONTACT_DB_URL="+s.DBURL,
			"CONTACT_NATS_URL="+s.NATS.URL())
	case "media":
		env = append(env, "MEDIA_GRPC_ADDR="+addr, "MEDIA_METRICS_ADDR="+metricsAddr, "MEDIA_DB_URL="+s.DBURL,
			"MEDIA_S3_ENDPOINT="+s.MinIO.Addr, "MEDIA_S3_ACCESS_KEY="+MinIOUser, "MEDIA_S3_SECRET_KEY="+MinIOSecret)
	default:
		env = append(env, "GATEWAY_HTTP_ADDR="+addr, "GATEWAY_METRICS_ADDR="+metricsAddr, "GATEWAY_DB_URL="+s.DBURL,
			"GATEWAY_NATS_URL="+s.NATS.URL(), "GATEWAY_PUBLIC_ORIGIN="+s.Base(),
			"GATEWAY_CONTENT_ADDR="+s.Addr("content"), "GATEWAY_CONTACT_ADDR="+s.Addr("contact"), "GATEWAY_MEDIA_ADDR="+s.Addr("media"),
			"GATEWAY_TRUSTED_PROXY_HEADER=X-Forwarded-For", "GATEWAY_WEB_DIR="+s.o.WebDir, "GATEWAY_SHUTDOWN_TIMEOUT=15s")
	}
	return append(env, s.o.Env[kind]...)
}

// StartInstance starts a new replica of kind and waits until it is ready:
// gRPC health SERVING for a service, /readyz 200 for the gateway (as a
// Kubernetes readiness probe would). A balanced stack gives it a port of
// its own; otherwise it takes the kind's one address.
func (s *Stack) StartInstance(kind string) (*Instance, error) {
	addr := s.fixed[kind]
	if s.o.Balanced {
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

// start starts a replica of kind on addr and waits until it is ready.
func (s *Stack) start(kind, addr string, env []string) (*Instance, error) {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
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

// SetLive makes instances the kind's live replicas (its balancer's targets).
func (s *Stack) SetLive(kind string, ins ...*Instance) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live[kind] = ins
	if b := s.lb[kind]; b != nil {
		addrs := make([]string, len(ins))
		for i, in := range ins {
			addrs[i] = in.Addr
		}
		b.Set(addrs...)
	}
}

// Instances are kind's live replicas.
func (s *Stack) Instances(kind string) []*Instance {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Instance(nil), s.live[kind]...)
}

// ScaleToTwo brings kind to two replicas (Kubernetes' replicas: 2); the
// stack must be balanced.
func (s *Stack) ScaleToTwo(kind string) error {
	cur := s.Instances(kind)
	in, err := s.StartInstance(kind)
	if err != nil {
		return err
	}
	s.SetLive(kind, append(cur, in)...)
	return nil
}

// RollingRestart replaces each replica of kind as a Deployment's rolling
// update does: start the new one, wait until it is ready, take the old one
// out of the Service, SIGTERM it and wait for it to drain and exit. The
// stack must be balanced.
func (s *Stack) RollingRestart(kind string) error {
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
		old.P.Stop(30 * time.Second)
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
func (s *Stack) StaffClient() (*http.Client, error) {
	cmd := exec.Command(filepath.Join(s.Bins(), "gateway"), "users", "create", "--email", "scratch@valleytrenchless.example", "--password-stdin", "--if-missing")
	cmd.Env = append(cmd.Environ(), "GATEWAY_DB_URL="+s.DBURL)
	cmd.Stdin = strings.NewReader("scratch-run-staff-password\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("create staff: %v: %s", err, out)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 60 * time.Second}
	body, _ := json.Marshal(map[string]string{"username": "scratch@valleytrenchless.example", "password": "scratch-run-staff-password"})
	req, _ := http.NewRequest("POST", s.Base()+"/api/login", bytes.NewReader(body))
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
		append([]string{"LOG_LEVEL=info", "NOTIFIER_NATS_URL=" + s.NATS.URL(), "NOTIFIER_HEALTH_ADDR=" + health}, env...), ProcOptions{})
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
	}
	if s.MinIO != nil && s.MinIO.P != nil {
		s.MinIO.P.Stop(10 * time.Second)
	}
	if s.NATS != nil && s.NATS.P != nil {
		s.NATS.P.Signal(syscall.SIGCONT) // a paused server must run to exit
		s.NATS.P.Stop(10 * time.Second)
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

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// Kinds of service, in the order the stack starts them.
var kinds = []string{"content", "contact", "media", "gateway"}

// instance is one running replica of a service.
type instance struct {
	kind, addr string
	p          *proc
}

// stack is the whole product from its built binaries, on the scenario's own
// ports, database, NATS and MinIO. Every service sits behind a balancer (a
// Kubernetes Service): the gateway dials the services' balancers, clients
// call the gateway's, so a replica can be replaced under load.
type stack struct {
	name, dir, logDir, bins, dbURL string
	pg                             *postgres
	nats                           *natsServer
	minio                          *minio
	webDir                         string

	mu   sync.Mutex
	lb   map[string]*balancer
	live map[string][]*instance
	seq  int
}

// base is the gateway's URL as clients reach it.
func (s *stack) base() string { return "http://" + s.lb["gateway"].addr() }

// startStack starts NATS, MinIO and one replica of every service.
func startStack(root, bins string, pg *postgres, name string) (_ *stack, err error) {
	dir := filepath.Join(root, name)
	s := &stack{name: name, dir: dir, logDir: filepath.Join(dir, "logs"), bins: bins, pg: pg,
		lb: map[string]*balancer{}, live: map[string][]*instance{}}
	if err := os.MkdirAll(s.logDir, 0o755); err != nil {
		return nil, err
	}
	s.webDir = filepath.Join(dir, "web")
	if err := os.MkdirAll(s.webDir, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(s.webDir, "index.html"), []byte(`<!doctype html><html lang="en"><head><title>site</title><meta name="description" content="Fault run"></head><body></body></html>`), 0o644); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			s.close()
		}
	}()
	if s.dbURL, err = pg.createDB("faults_" + name); err != nil {
		return nil, err
	}
	if s.nats, err = startNATS(dir, s.logDir); err != nil {
		return nil, err
	}
	if s.minio, err = startMinIO(dir, s.logDir); err != nil {
		return nil, err
	}
	for _, k := range kinds {
		b, err := newBalancer()
		if err != nil {
			return nil, err
		}
		s.lb[k] = b
	}
	for _, k := range kinds {
		in, err := s.startInstance(k)
		if err != nil {
			return nil, err
		}
		s.setLive(k, in)
	}
	return s, nil
}

func (s *stack) env(kind, addr string) []string {
	common := []string{"LOG_LEVEL=info"}
	lb := func(k string) string { return s.lb[k].addr() }
	switch kind {
	case "content":
		return append(common, "CONTENT_GRPC_ADDR="+addr, "CONTENT_METRICS_ADDR=", "CONTENT_DB_URL="+s.dbURL,
			"CONTENT_NATS_URL="+s.nats.url(), "CONTENT_MEDIA_ADDR="+lb("media"))
	case "contact":
		return append(common, "CONTACT_GRPC_ADDR="+addr, "CONTACT_METRICS_ADDR=", "CONTACT_DB_URL="+s.dbURL,
			"CONTACT_NATS_URL="+s.nats.url())
	case "media":
		return append(common, "MEDIA_GRPC_ADDR="+addr, "MEDIA_METRICS_ADDR=", "MEDIA_DB_URL="+s.dbURL,
			"MEDIA_S3_ENDPOINT="+s.minio.addr, "MEDIA_S3_ACCESS_KEY="+minioUser, "MEDIA_S3_SECRET_KEY="+minioSecret)
	default:
		return append(common, "GATEWAY_HTTP_ADDR="+addr, "GATEWAY_METRICS_ADDR=", "GATEWAY_DB_URL="+s.dbURL,
			"GATEWAY_NATS_URL="+s.nats.url(), "GATEWAY_PUBLIC_ORIGIN="+s.base(),
			"GATEWAY_CONTENT_ADDR="+lb("content"), "GATEWAY_CONTACT_ADDR="+lb("contact"), "GATEWAY_MEDIA_ADDR="+lb("media"),
			"GATEWAY_TRUSTED_PROXY_HEADER=X-Forwarded-For", "GATEWAY_WEB_DIR="+s.webDir, "GATEWAY_SHUTDOWN_TIMEOUT=15s")
	}
}

// startInstance starts a new replica of kind on its own port and waits until
// it is ready: gRPC health SERVING for a service, /readyz 200 for the
// gateway (as a Kubernetes readiness probe would).
func (s *stack) startInstance(kind string) (*instance, error) {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
	addr := freeAddr()
	p, err := startProc(s.logDir, fmt.Sprintf("%s-%d", kind, n), filepath.Join(s.bins, kind), nil, s.env(kind, addr), nil)
	if err != nil {
		return nil, err
	}
	in := &instance{kind: kind, addr: addr, p: p}
	var ready func() bool
	if kind == "gateway" {
		ready = func() bool { return httpOK("http://" + addr + "/readyz") }
	} else {
		ready = func() bool { return serving(addr) }
	}
	if err := waitFor(kind+" replica to be ready", 60*time.Second, func() bool {
		select {
		case <-p.done:
			return true
		default:
		}
		return ready()
	}); err != nil {
		p.kill()
		return nil, err
	}
	select {
	case <-p.done:
		return nil, fmt.Errorf("%s exited at start; see %s", kind, filepath.Join(s.logDir, p.name+".log"))
	default:
	}
	return in, nil
}

// serving asks a gRPC server's health service.
func serving(addr string) bool {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return false
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err == nil && resp.GetStatus() == healthpb.HealthCheckResponse_SERVING
}

// setLive makes instances the kind's balancer targets.
func (s *stack) setLive(kind string, ins ...*instance) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.live[kind] = ins
	addrs := make([]string, len(ins))
	for i, in := range ins {
		addrs[i] = in.addr
	}
	s.lb[kind].set(addrs...)
}

func (s *stack) instances(kind string) []*instance {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*instance(nil), s.live[kind]...)
}

// scale brings kind to two replicas (Kubernetes' replicas: 2).
func (s *stack) scaleToTwo(kind string) error {
	cur := s.instances(kind)
	in, err := s.startInstance(kind)
	if err != nil {
		return err
	}
	s.setLive(kind, append(cur, in)...)
	return nil
}

// rollingRestart replaces each replica of kind as a Deployment's rolling
// update does: start the new one, wait until it is ready, take the old one
// out of the Service, SIGTERM it and wait for it to drain and exit.
func (s *stack) rollingRestart(kind string) error {
	for _, old := range s.instances(kind) {
		in, err := s.startInstance(kind)
		if err != nil {
			return err
		}
		var keep []*instance
		for _, x := range s.instances(kind) {
			if x != old {
				keep = append(keep, x)
			}
		}
		s.setLive(kind, append(keep, in)...)
		old.p.stop(30 * time.Second)
	}
	return nil
}

// logsMention counts log lines of every process of the stack that contain
// any of words.
func (s *stack) logsMention(words ...string) map[string]int {
	out := map[string]int{}
	files, _ := filepath.Glob(filepath.Join(s.logDir, "*.log"))
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

func (s *stack) close() {
	for _, k := range []string{"gateway", "media", "contact", "content"} {
		for _, in := range s.instances(k) {
			in.p.stop(20 * time.Second)
		}
		if b := s.lb[k]; b != nil {
			b.close()
		}
	}
	if s.minio != nil && s.minio.p != nil {
		s.minio.p.stop(10 * time.Second)
	}
	if s.nats != nil && s.nats.p != nil {
		s.nats.p.signal(syscall.SIGCONT) // a paused server must run to exit
		s.nats.p.stop(10 * time.Second)
	}
}

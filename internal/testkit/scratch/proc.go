// Package scratch starts the whole product from its built binaries on the
// caller's own ports, database, NATS and MinIO processes, so a run can
// kill, pause, load or attack them without touching anything else on the
// machine: `make faults`, `make bench` and `make attack` use it. Every
// process logs to a file of its own in the run's log folder.
package scratch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/valleytrenchless/site/internal/testkit/freeport"
)

// FreeAddr returns a loopback address nothing listens on right now.
func FreeAddr() string {
	return freeport.Addr()
}

// Proc is one process of the run, started from its binary.
type Proc struct {
	Name string
	Cmd  *exec.Cmd
	// Done is closed when the process has exited.
	Done chan struct{}
}

// ProcOptions are the optional ways to start a process.
type ProcOptions struct {
	// Cred runs it as that user.
	Cred *syscall.Credential
	// CPUs pins it to those CPUs (taskset's list, e.g. "0").
	CPUs string
}

// StartProc starts bin with args and env (added to this process's), its
// output in logDir/name.log.
func StartProc(logDir, name, bin string, args, env []string, o ProcOptions) (*Proc, error) {
	logf, err := os.OpenFile(filepath.Join(logDir, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	if o.CPUs != "" {
		args = append([]string{"-c", o.CPUs, bin}, args...)
		bin = "taskset"
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: o.Cred}
	if o.Cred != nil {
		// Another user (postgres, for Patroni) may not enter the caller's
		// working directory: a clone under `mktemp -d` is 0700, and
		// Patroni's multiprocessing children chdir to it and die.
		cmd.Dir = "/"
	}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &Proc{Name: name, Cmd: cmd, Done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logf.Close(); close(p.Done) }()
	return p, nil
}

// Signal sends s to the process.
func (p *Proc) Signal(s syscall.Signal) { _ = p.Cmd.Process.Signal(s) }

// Exited reports whether the process has ended.
func (p *Proc) Exited() bool {
	select {
	case <-p.Done:
		return true
	default:
		return false
	}
}

// Stop sends SIGTERM (as Kubernetes does) and waits up to grace, then kills.
func (p *Proc) Stop(grace time.Duration) {
	if p.Exited() {
		return
	}
	p.Signal(syscall.SIGTERM)
	select {
	case <-p.Done:
	case <-time.After(grace):
		p.Signal(syscall.SIGKILL)
		<-p.Done
	}
}

// Kill sends SIGKILL and waits for the process to be gone.
func (p *Proc) Kill() {
	p.Signal(syscall.SIGKILL)
	<-p.Done
}

// RSSKB is the process's resident memory now.
func (p *Proc) RSSKB() int { return p.status("VmRSS:") }

// PeakRSSKB is the most resident memory the process has had.
func (p *Proc) PeakRSSKB() int { return p.status("VmHWM:") }

func (p *Proc) status(field string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.Cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

// WaitFor polls ok every 100 ms until it holds or timeout passes.
func WaitFor(what string, timeout time.Duration, ok func() bool) error {
	deadline := time.Now().Add(timeout)
	for !ok() {
		if time.Now().After(deadline) {
			return fmt.Errorf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

// HTTPOK reports whether a GET of url answers 200.
func HTTPOK(url string) bool {
	c := http.Client{Timeout: 2 * time.Second}
	resp, err := c.Get(url)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode == 200
}

// Serving asks a gRPC server's health service whether it is SERVING.
func Serving(addr string) bool {
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

// Package kubetest runs Kubernetes for the chart's tests, from the binaries
// scripts/kube-tools.sh builds into the tool cache: a control plane on
// loopback (etcd, kube-apiserver, kube-controller-manager; for a node also
// kube-scheduler), and in node.go a node on this machine (containerd,
// kubelet, kube-proxy, CoreDNS) whose pods live on a bridge of its own.
// Everything it starts is stopped, and everything it changes on the host
// put back, when the test ends.
package kubetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/freeport"
)

// Options shape the control plane.
type Options struct {
	// Node readies it for a kubelet: Node and RBAC authorization with the
	// NodeRestriction admission plugin, a scheduler, and controllers acting
	// with their own service accounts, as a real cluster runs. Without it
	// Pods are created and admitted but stay Pending.
	Node bool
}

// Cluster is a control plane on free loopback ports.
type Cluster struct {
	Dir, Kubeconfig, APIURL string
	PKI                     *PKI

	mu    sync.Mutex
	procs []*Proc
}

// Command runs name with args and returns stdout and stderr, and an error
// carrying stderr.
func Command(env []string, name string, args ...string) (string, string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		err = fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), stderr.String(), err
}

// NeedTools fails the test, never skips it, when a binary is missing.
func NeedTools(t testing.TB, bins ...string) {
	t.Helper()
	for _, bin := range bins {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not on PATH: build the control plane with scripts/kube-tools.sh (a node: scripts/kube-tools.sh node) and helm with scripts/tools.sh helm; make chart-test and make cluster-test do that: %v", bin, err)
		}
	}
}

// Start starts the control plane and stops it when the test ends.
func Start(t testing.TB, o Options) *Cluster {
	t.Helper()
	NeedTools(t, "etcd", "kube-apiserver", "kube-controller-manager", "kubectl", "helm")
	if o.Node {
		NeedTools(t, "kube-scheduler")
	}
	c := &Cluster{Dir: t.TempDir()}
	t.Cleanup(func() { c.stop(t) })
	c.PKI = NewPKI(t, c.Dir)
	ports := FreePorts(t, 6)
	etcdURL := "http://127.0.0.1:" + ports[0]
	peerURL := "http://127.0.0.1:" + ports[1]
	c.APIURL = "https://127.0.0.1:" + ports[2]

	c.Run(t, "etcd", "--name=kubetest", "--data-dir="+filepath.Join(c.Dir, "etcd"),
		"--listen-client-urls="+etcdURL, "--advertise-client-urls="+etcdURL,
		"--listen-peer-urls="+peerURL, "--initial-advertise-peer-urls="+peerURL,
		"--initial-cluster=kubetest="+peerURL, "--listen-metrics-urls=http://127.0.0.1:"+ports[3],
		"--log-level=warn")
	c.WaitFor(t, "etcd", 30*time.Second, func() error { return Get(http.DefaultClient, etcdURL+"/health") })

	authz, admission := "RBAC", "PodSecurity"
	if o.Node {
		authz, admission = "Node,RBAC", "NodeRestriction,PodSecurity"
	}
	c.Run(t, "kube-apiserver", "--etcd-servers="+etcdURL,
		"--bind-address=127.0.0.1", "--advertise-address=127.0.0.1", "--secure-port="+ports[2],
		"--endpoint-reconciler-type=none", "--service-cluster-ip-range=10.96.0.0/12",
		"--authorization-mode="+authz, "--client-ca-file="+c.PKI.CA,
		"--tls-cert-file="+c.PKI.ServerCert, "--tls-private-key-file="+c.PKI.ServerKey,
		// The API server reaches kubelets (logs, exec) as an admin.
		"--kubelet-client-certificate="+c.PKI.AdminCert, "--kubelet-client-key="+c.PKI.AdminKey,
		"--kubelet-preferred-address-types=InternalIP",
		"--service-account-issuer=https://kubernetes.default.svc", "--service-account-key-file="+c.PKI.SAPub,
		"--service-account-signing-key-file="+c.PKI.SAKey, "--enable-admission-plugins="+admission,
		"--cert-dir="+filepath.Join(c.Dir, "apiserver-certs"), "--v=0")
	c.Kubeconfig = c.WriteKubeconfig(t, "admin", c.PKI.AdminCert, c.PKI.AdminKey)
	client := c.PKI.Client(t)
	c.WaitFor(t, "kube-apiserver", 60*time.Second, func() error { return Get(client, c.APIURL+"/readyz") })

	kcm := c.Kubeconfig
	if o.Node {
		cert, key := c.PKI.Issue(t, "kcm", pkix.Name{CommonName: "system:kube-controller-manager"}, x509.ExtKeyUsageClientAuth, nil, nil)
		kcm = c.WriteKubeconfig(t, "kcm", cert, key)
	}
	c.Run(t, "kube-controller-manager", "--kubeconfig="+kcm, "--leader-elect=false",
		"--bind-address=127.0.0.1", "--secure-port="+ports[4], "--authentication-kubeconfig="+kcm,
		"--authorization-kubeconfig="+kcm, "--service-account-private-key-file="+c.PKI.SAKey,
		"--root-ca-file="+c.PKI.CA, "--use-service-account-credentials="+strconv.FormatBool(o.Node),
		"--allocate-node-cidrs=false", "--v=0")
	if o.Node {
		cert, key := c.PKI.Issue(t, "scheduler", pkix.Name{CommonName: "system:kube-scheduler"}, x509.ExtKeyUsageClientAuth, nil, nil)
		sched := c.WriteKubeconfig(t, "scheduler", cert, key)
		c.Run(t, "kube-scheduler", "--kubeconfig="+sched, "--leader-elect=false",
			"--bind-address=127.0.0.1", "--secure-port="+ports[5],
			"--authentication-kubeconfig="+sched, "--authorization-kubeconfig="+sched, "--v=0")
	}
	return c
}

// Proc is a process the cluster started.
type Proc struct {
	Cmd  *exec.Cmd
	Log  string
	done chan struct{}
}

// Exited says whether the process has ended.
func (p *Proc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Stop ends the process and its group: SIGTERM, SIGKILL after 10 s.
func (p *Proc) Stop() {
	_ = syscall.Kill(-p.Cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-p.Cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
	}
}

// Run starts a process of the cluster (name on PATH, or a path), logging
// to Dir/<base of name>.log; the cluster stops it, newest first.
func (c *Cluster) Run(t testing.TB, name string, args ...string) *Proc {
	t.Helper()
	logPath := filepath.Join(c.Dir, filepath.Base(name)+".log")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = f, f
	// Its own process group; killed with the test binary if that dies first
	// (a timeout panic skips Cleanup).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	p := &Proc{Cmd: cmd, Log: logPath, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(p.done) }()
	c.mu.Lock()
	c.procs = append(c.procs, p)
	c.mu.Unlock()
	return p
}

// stop ends the processes newest first and, when the test failed, prints
// the end of each log.
func (c *Cluster) stop(t testing.TB) {
	c.mu.Lock()
	procs := c.procs
	c.mu.Unlock()
	for i := len(procs) - 1; i >= 0; i-- {
		procs[i].Stop()
	}
	if t.Failed() {
		for _, p := range procs {
			l := p.Log
			b, _ := os.ReadFile(l)
			if len(b) > 3000 {
				b = b[len(b)-3000:]
			}
			t.Logf("--- end of %s:\n%s", filepath.Base(l), b)
		}
	}
}

// WaitFor polls ready every 200 ms until it returns nil, failing the test
// after timeout or as soon as a process of the cluster has exited.
func (c *Cluster) WaitFor(t testing.TB, what string, timeout time.Duration, ready func() error) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		err := ready()
		if err == nil {
			return
		}
		c.mu.Lock()
		procs := c.procs
		c.mu.Unlock()
		for _, p := range procs {
			if p.Exited() {
				t.Fatalf("%s exited: %v (see %s)", p.Cmd.Path, p.Cmd.ProcessState, p.Log)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready after %s: %v", what, timeout, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// Get asks url and wants 200 within 2 s.
func Get(client *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: %s", url, resp.Status)
	}
	return nil
}

// FreePorts are n loopback ports free at the time of the call.
func FreePorts(t testing.TB, n int) []string {
	t.Helper()
	var ports []string
	for range n {
		port, err := freeport.Port()
		if err != nil {
			t.Fatal(err)
		}
		ports = append(ports, strconv.Itoa(port))
	}
	return ports
}

// WriteKubeconfig writes Dir/<name>.kubeconfig for the client certificate
// and returns its path.
func (c *Cluster) WriteKubeconfig(t testing.TB, name, cert, key string) string {
	t.Helper()
	cfg := strings.Join([]string{
		"apiVersion: v1", "kind: Config", "current-context: kubetest",
		"clusters:", "- name: kubetest", "  cluster:", "    server: " + c.APIURL, "    certificate-authority: " + c.PKI.CA,
		"users:", "- name: " + name, "  user:", "    client-certificate: " + cert, "    client-key: " + key,
		"contexts:", "- name: kubetest", "  context:", "    cluster: kubetest", "    user: " + name,
	}, "\n") + "\n"
	path := filepath.Join(c.Dir, name+".kubeconfig")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// PKI is a throw-away certificate authority and the files the control
// plane needs: the API server's serving certificate, an admin client
// certificate (group system:masters) and the service-account key.
type PKI struct {
	Dir, CA, ServerCert, ServerKey, AdminCert, AdminKey, SAKey, SAPub string

	caCert *x509.Certificate
	caKey  *rsa.PrivateKey
	mu     sync.Mutex
	serial int64
}

// NewPKI writes a CA and the control plane's files into dir.
func NewPKI(t testing.TB, dir string) *PKI {
	t.Helper()
	p := &PKI{Dir: dir, serial: 1}
	now := time.Now()
	p.caKey = newKey(t)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "kubetest-ca"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &p.caKey.PublicKey, p.caKey)
	if err != nil {
		t.Fatal(err)
	}
	if p.caCert, err = x509.ParseCertificate(der); err != nil {
		t.Fatal(err)
	}
	p.CA = p.write(t, "ca.crt", &pem.Block{Type: "CERTIFICATE", Bytes: der})
	p.ServerCert, p.ServerKey = p.Issue(t, "server", pkix.Name{CommonName: "kube-apiserver"}, x509.ExtKeyUsageServerAuth,
		[]net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.96.0.1")},
		[]string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc"})
	p.AdminCert, p.AdminKey = p.Issue(t, "admin", pkix.Name{CommonName: "kubetest-admin", Organization: []string{"system:masters"}},
		x509.ExtKeyUsageClientAuth, nil, nil)
	sa := newKey(t)
	saPub, err := x509.MarshalPKIXPublicKey(&sa.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	p.SAKey = p.write(t, "sa.key", keyPEM(sa))
	p.SAPub = p.write(t, "sa.pub", &pem.Block{Type: "PUBLIC KEY", Bytes: saPub})
	return p
}

// Issue writes name.crt and name.key, a certificate for subject signed by
// the CA, and returns their paths.
func (p *PKI) Issue(t testing.TB, name string, subject pkix.Name, usage x509.ExtKeyUsage, ips []net.IP, dns []string) (cert, key string) {
	t.Helper()
	p.mu.Lock()
	p.serial++
	serial := p.serial
	p.mu.Unlock()
	k := newKey(t)
	now := time.Now()
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: subject, NotBefore: now.Add(-time.Hour),
		NotAfter: now.Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage: []x509.ExtKeyUsage{usage}, IPAddresses: ips, DNSNames: dns}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.caCert, &k.PublicKey, p.caKey)
	if err != nil {
		t.Fatal(err)
	}
	return p.write(t, name+".crt", &pem.Block{Type: "CERTIFICATE", Bytes: der}), p.write(t, name+".key", keyPEM(k))
}

// Client is an HTTP client that trusts the CA and presents the admin
// certificate.
func (p *PKI) Client(t testing.TB) *http.Client {
	t.Helper()
	cert, err := tls.LoadX509KeyPair(p.AdminCert, p.AdminKey)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(p.caCert)
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}}}}
}

func (p *PKI) write(t testing.TB, name string, b *pem.Block) string {
	t.Helper()
	path := filepath.Join(p.Dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(b), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func newKey(t testing.TB) *rsa.PrivateKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func keyPEM(k *rsa.PrivateKey) *pem.Block {
	return &pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)}
}

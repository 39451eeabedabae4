//go:build charttest

package charttest

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
	"syscall"
	"testing"
	"time"
)

// cluster is a Kubernetes control plane on loopback: etcd, kube-apiserver
// and kube-controller-manager built from source by scripts/kube-tools.sh.
// There is no scheduler and no kubelet: Pods are created and admitted
// (Pod Security included) but stay Pending, and hooked Jobs never finish.
type cluster struct {
	dir        string
	kubeconfig string
	procs      []*exec.Cmd
	logs       []string
}

// startCluster starts the control plane on free loopback ports and stops
// it when the test ends. It fails, never skips, when a binary is missing.
func startCluster(t *testing.T) *cluster {
	t.Helper()
	for _, bin := range []string{"etcd", "kube-apiserver", "kube-controller-manager", "kubectl", "helm"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Fatalf("%s not on PATH: build the control plane with scripts/kube-tools.sh and helm with scripts/tools.sh helm (make chart-test does both): %v", bin, err)
		}
	}
	c := &cluster{dir: t.TempDir()}
	t.Cleanup(func() { c.stop(t) })
	pki := writePKI(t, c.dir)
	ports := freePorts(t, 5)
	etcdURL := "http://127.0.0.1:" + ports[0]
	peerURL := "http://127.0.0.1:" + ports[1]
	apiURL := "https://127.0.0.1:" + ports[2]

	c.start(t, "etcd", "--name=charttest", "--data-dir="+filepath.Join(c.dir, "etcd"),
		"--listen-client-urls="+etcdURL, "--advertise-client-urls="+etcdURL,
		"--listen-peer-urls="+peerURL, "--initial-advertise-peer-urls="+peerURL,
		"--initial-cluster=charttest="+peerURL, "--listen-metrics-urls=http://127.0.0.1:"+ports[3],
		"--log-level=warn")
	waitFor(t, c, "etcd", 30*time.Second, func() error { return get(http.DefaultClient, etcdURL+"/health") })

	c.start(t, "kube-apiserver", "--etcd-servers="+etcdURL,
		"--bind-address=127.0.0.1", "--advertise-address=127.0.0.1", "--secure-port="+ports[2],
		"--endpoint-reconciler-type=none", "--service-cluster-ip-range=10.96.0.0/12",
		"--authorization-mode=RBAC", "--client-ca-file="+pki.ca,
		"--tls-cert-file="+pki.serverCert, "--tls-private-key-file="+pki.serverKey,
		"--service-account-issuer=https://kubernetes.default.svc", "--service-account-key-file="+pki.saPub,
		"--service-account-signing-key-file="+pki.saKey, "--enable-admission-plugins=PodSecurity",
		"--cert-dir="+filepath.Join(c.dir, "apiserver-certs"), "--v=0")
	c.kubeconfig = writeKubeconfig(t, c.dir, apiURL, pki)
	client := pki.client(t)
	waitFor(t, c, "kube-apiserver", 60*time.Second, func() error { return get(client, apiURL+"/readyz") })

	c.start(t, "kube-controller-manager", "--kubeconfig="+c.kubeconfig, "--leader-elect=false",
		"--bind-address=127.0.0.1", "--secure-port="+ports[4], "--authentication-kubeconfig="+c.kubeconfig,
		"--authorization-kubeconfig="+c.kubeconfig, "--service-account-private-key-file="+pki.saKey,
		"--root-ca-file="+pki.ca, "--use-service-account-credentials=false", "--v=0")
	return c
}

func (c *cluster) start(t *testing.T, name string, args ...string) {
	t.Helper()
	logPath := filepath.Join(c.dir, name+".log")
	f, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = f, f
	// Its own process group; killed with the test binary if that dies first
	// (a timeout panic skips Cleanup).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	f.Close()
	c.procs = append(c.procs, cmd)
	c.logs = append(c.logs, logPath)
}

// stop ends the processes newest first and, when the test failed, prints
// the end of each log.
func (c *cluster) stop(t *testing.T) {
	for i := len(c.procs) - 1; i >= 0; i-- {
		p := c.procs[i]
		_ = p.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = p.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = p.Process.Kill()
			<-done
		}
	}
	if t.Failed() {
		for _, l := range c.logs {
			b, _ := os.ReadFile(l)
			if len(b) > 3000 {
				b = b[len(b)-3000:]
			}
			t.Logf("--- end of %s:\n%s", filepath.Base(l), b)
		}
	}
}

func waitFor(t *testing.T, c *cluster, what string, timeout time.Duration, ready func() error) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		err := ready()
		if err == nil {
			return
		}
		for _, p := range c.procs {
			if p.ProcessState != nil {
				t.Fatalf("%s exited: %v", p.Path, p.ProcessState)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready after %s: %v", what, timeout, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func get(client *http.Client, url string) error {
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

func freePorts(t *testing.T, n int) []string {
	t.Helper()
	var ports []string
	var lns []net.Listener
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		lns = append(lns, ln)
		ports = append(ports, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	}
	for _, ln := range lns {
		ln.Close()
	}
	return ports
}

// pki holds the files of a throw-away certificate authority.
type pki struct {
	ca, serverCert, serverKey, adminCert, adminKey, saKey, saPub string
}

func (p pki) client(t *testing.T) *http.Client {
	t.Helper()
	cert, err := tls.LoadX509KeyPair(p.adminCert, p.adminKey)
	if err != nil {
		t.Fatal(err)
	}
	caPEM, err := os.ReadFile(p.ca)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(caPEM)
	return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}}}}
}

// writePKI makes a CA, the API server's serving certificate, an admin
// client certificate (group system:masters) and the service-account key.
func writePKI(t *testing.T, dir string) pki {
	t.Helper()
	write := func(name string, blocks ...*pem.Block) string {
		var b bytes.Buffer
		for _, bl := range blocks {
			if err := pem.Encode(&b, bl); err != nil {
				t.Fatal(err)
			}
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	newKey := func() *rsa.PrivateKey {
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	keyPEM := func(k *rsa.PrivateKey) *pem.Block {
		return &pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)}
	}
	now := time.Now()
	caKey := newKey()
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "charttest-ca"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	issue := func(serial int64, subject pkix.Name, usage x509.ExtKeyUsage, ips []net.IP, dns []string) (*pem.Block, *pem.Block) {
		k := newKey()
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: subject, NotBefore: now.Add(-time.Hour),
			NotAfter: now.Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
			ExtKeyUsage: []x509.ExtKeyUsage{usage}, IPAddresses: ips, DNSNames: dns}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, caCert, &k.PublicKey, caKey)
		if err != nil {
			t.Fatal(err)
		}
		return &pem.Block{Type: "CERTIFICATE", Bytes: der}, keyPEM(k)
	}
	serverCert, serverKey := issue(2, pkix.Name{CommonName: "kube-apiserver"}, x509.ExtKeyUsageServerAuth,
		[]net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.96.0.1")},
		[]string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc"})
	adminCert, adminKey := issue(3, pkix.Name{CommonName: "charttest-admin", Organization: []string{"system:masters"}},
		x509.ExtKeyUsageClientAuth, nil, nil)
	sa := newKey()
	saPubDER, err := x509.MarshalPKIXPublicKey(&sa.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return pki{
		ca:         write("ca.crt", &pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		serverCert: write("server.crt", serverCert), serverKey: write("server.key", serverKey),
		adminCert: write("admin.crt", adminCert), adminKey: write("admin.key", adminKey),
		saKey: write("sa.key", keyPEM(sa)), saPub: write("sa.pub", &pem.Block{Type: "PUBLIC KEY", Bytes: saPubDER}),
	}
}

func writeKubeconfig(t *testing.T, dir, server string, p pki) string {
	t.Helper()
	cfg := strings.Join([]string{
		"apiVersion: v1", "kind: Config", "current-context: charttest",
		"clusters:", "- name: charttest", "  cluster:", "    server: " + server, "    certificate-authority: " + p.ca,
		"users:", "- name: admin", "  user:", "    client-certificate: " + p.adminCert, "    client-key: " + p.adminKey,
		"contexts:", "- name: charttest", "  context:", "    cluster: charttest", "    user: admin",
	}, "\n") + "\n"
	path := filepath.Join(dir, "kubeconfig")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

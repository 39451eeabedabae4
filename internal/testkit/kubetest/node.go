package kubetest

import (
	"context"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The node's network: pods on a bridge of the test's own, the host at its
// gateway address (which is also the node's IP), Services on the API
// server's range, cluster DNS at its usual address.
const (
	NodeName  = "kubetest-node"
	Bridge    = "ktest0"
	PodCIDR   = "10.244.0.0/24"
	NodeIP    = "10.244.0.1"
	DNSIP     = "10.96.0.10"
	bridgeMAC = "02:42:0a:f4:00:01"
	cniDir    = "/usr/lib/cni"
	// Pods get addresses from firstPodIP on; the ones between NodeIP and it
	// are the host's (HostIP), for what runs outside the cluster.
	firstPodIP = "10.244.0.16"
	pauseName  = "registry.kubetest.local/pause:1"
)

// NodeOptions shape the node.
type NodeOptions struct {
	// ProxyMode is kube-proxy's mode: iptables (default) or nftables.
	ProxyMode string
}

// Node is a kubelet registered with the cluster as system:node:NodeName,
// running pods through Debian's containerd and runc on a CNI bridge, with
// kube-proxy for Services and CoreDNS answering cluster.local at DNSIP.
type Node struct {
	c        *Cluster
	dir      string
	Socket   string // containerd's
	procs    map[string]*Proc
	restores []func()
	hostIPs  int
}

// NeedNode fails the test unless this machine can run a node: root, and the
// binaries from scripts/kube-tools.sh node and Debian's containerd, runc,
// CNI plugins, iptables and nftables (scripts/ensure-deps.sh installs them).
func NeedNode(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatal("a node needs root (network namespaces, mounts, cgroups)")
	}
	NeedTools(t, "kubelet", "kube-proxy", "kube-scheduler", "coredns", "crictl", "containerd", "containerd-shim-runc-v2", "ctr", "runc", "iptables", "nft")
	for _, p := range []string{"bridge", "host-local", "loopback", "portmap"} {
		if _, err := os.Stat(filepath.Join(cniDir, p)); err != nil {
			t.Fatalf("CNI plugin %s missing (apt-get install containernetworking-plugins): %v", p, err)
		}
	}
}

// StartNode brings up the node on c (started with Options.Node) and takes
// it down again, host changes undone, when the test ends.
func StartNode(t testing.TB, c *Cluster, o NodeOptions) *Node {
	t.Helper()
	NeedNode(t)
	if o.ProxyMode == "" {
		o.ProxyMode = "iptables"
	}
	n := &Node{c: c, dir: filepath.Join(c.Dir, "node"), procs: map[string]*Proc{}}
	if err := os.MkdirAll(n.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The pods' users (65532) must reach their volumes under the kubelet's
	// root, which lives here.
	for d := c.Dir; d != "/" && d != os.TempDir(); d = filepath.Dir(d) {
		_ = os.Chmod(d, 0o755)
	}
	t.Cleanup(func() { n.down(t) })
	n.saveHost()

	// The bridge exists before the first pod so that the node has an
	// address of its own (a loopback node IP is refused) and CoreDNS can
	// bind it; the CNI bridge plugin adopts it.
	run(t, "ip", "link", "add", Bridge, "type", "bridge")
	n.restores = append(n.restores, func() { _ = exec.Command("ip", "link", "del", Bridge).Run() })
	// A MAC of its own: a bridge left to pick one takes the lowest of its
	// ports' and changes it as pods come and go, and the pods, whose ARP
	// caches still hold the old one, lose the host (and everything on it)
	// for up to half a minute at a time.
	run(t, "ip", "link", "set", Bridge, "address", bridgeMAC)
	run(t, "ip", "addr", "add", NodeIP+"/24", "dev", Bridge)
	run(t, "ip", "link", "set", Bridge, "up")

	n.startContainerd(t)
	n.importImage(t, pauseImage(t, n.dir), "")
	n.startKubelet(t)
	n.startProxy(t, o.ProxyMode)
	n.startDNS(t)
	return n
}

// saveHost records what the node changes on the host and arranges for it
// to be put back: forwarding and route_localnet (the bridge plugin and
// kube-proxy set them), nftables tables and chains kube-proxy or
// iptables-nft leave behind, folders containerd and libcni create.
func (n *Node) saveHost() {
	sysctls := []string{"/proc/sys/net/ipv4/ip_forward", "/proc/sys/net/ipv4/conf/all/route_localnet"}
	for _, p := range sysctls {
		if b, err := os.ReadFile(p); err == nil {
			n.restores = append(n.restores, func() { _ = os.WriteFile(p, b, 0o644) })
		}
	}
	before, _ := exec.Command("nft", "list", "tables").Output()
	n.restores = append(n.restores, func() {
		out, _ := exec.Command("nft", "list", "tables").Output()
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.Fields(line)
			if len(f) != 3 || slices.Contains(strings.Split(string(before), "\n"), line) {
				continue
			}
			_ = exec.Command("nft", "delete", "table", f[1], f[2]).Run()
		}
	})
	// The kubelet writes /var/log/containers (links to the pods' logs) and
	// /var/lib/kubelet/device-plugins whatever its root folder.
	for _, h := range []string{"/run/containerd", "/var/lib/cni", "/run/netns", "/var/log/containers", "/var/lib/kubelet"} {
		if _, err := os.Stat(h); err != nil {
			n.restores = append(n.restores, func() { _ = os.RemoveAll(h) })
		}
	}
}

// run runs name with args and returns its standard output.
func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, _, err := Command(nil, name, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (n *Node) start(t testing.TB, name string, args ...string) {
	n.procs[name] = n.c.Run(t, name, args...)
}

func (n *Node) startContainerd(t testing.TB) {
	t.Helper()
	n.Socket = filepath.Join(n.dir, "containerd.sock")
	cni := filepath.Join(n.dir, "cni")
	if err := os.MkdirAll(cni, 0o755); err != nil {
		t.Fatal(err)
	}
	conflist := fmt.Sprintf(`{"cniVersion":"0.4.0","name":"kubetest","plugins":[
 {"type":"bridge","bridge":%q,"isGateway":true,"ipMasq":false,"hairpinMode":true,
  "ipam":{"type":"host-local","ranges":[[{"subnet":%q,"gateway":%q,"rangeStart":%q}]],"routes":[{"dst":"0.0.0.0/0"}],"dataDir":%q}},
 {"type":"portmap","capabilities":{"portMappings":true}}
]}`, Bridge, PodCIDR, NodeIP, firstPodIP, filepath.Join(n.dir, "cni-ipam"))
	write(t, filepath.Join(cni, "10-kubetest.conflist"), conflist)
	// restrict_oom_score_adj: the CRI asks for oom_score_adj -998 for the
	// sandbox, which root here may not set (no CAP_SYS_RESOURCE); runc then
	// fails to start it. SystemdCgroup off: cgroupfs, as the kubelet.
	conf := fmt.Sprintf(`version = 2
root = %[1]q
state = %[2]q
[grpc]
  address = %[3]q
[ttrpc]
  address = %[4]q
[plugins."io.containerd.internal.v1.opt"]
  path = %[5]q
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = %[6]q
  restrict_oom_score_adj = true
  disable_apparmor = true
  enable_selinux = false
  [plugins."io.containerd.grpc.v1.cri".containerd]
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
        Root = %[7]q
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = %[8]q
    conf_dir = %[9]q
`, filepath.Join(n.dir, "containerd/root"), filepath.Join(n.dir, "containerd/state"), n.Socket,
		filepath.Join(n.dir, "containerd-ttrpc.sock"), filepath.Join(n.dir, "containerd/opt"), pauseName,
		filepath.Join(n.dir, "runc"), cniDir, cni)
	write(t, filepath.Join(n.dir, "containerd.toml"), conf)
	n.start(t, "containerd", "--config", filepath.Join(n.dir, "containerd.toml"))
	n.c.WaitFor(t, "containerd", 30*time.Second, func() error {
		return exec.Command("ctr", "-a", n.Socket, "version").Run()
	})
}

// ImportLayout loads an OCI image layout folder (make images writes one
// per image) into the node's containerd as base:<its ref name> and
// base@<its digest>, as if pulled from a registry.
func (n *Node) ImportLayout(t testing.TB, layout, base string) {
	t.Helper()
	tarPath := filepath.Join(n.dir, filepath.Base(layout)+fmt.Sprintf("-%d.tar", time.Now().UnixNano()))
	run(t, "tar", "-C", layout, "-cf", tarPath, ".")
	n.importImage(t, tarPath, base)
	_ = os.Remove(tarPath)
}

func (n *Node) importImage(t testing.TB, tarPath, base string) {
	t.Helper()
	args := []string{"-a", n.Socket, "-n", "k8s.io", "images", "import"}
	if base != "" {
		args = append(args, "--base-name", base, "--digests")
	}
	run(t, "ctr", append(args, tarPath)...)
}

// Images lists the image references containerd holds for pods.
func (n *Node) Images(t testing.TB) []string {
	t.Helper()
	return strings.Fields(run(t, "ctr", "-a", n.Socket, "-n", "k8s.io", "images", "ls", "-q"))
}

func (n *Node) startKubelet(t testing.TB) {
	t.Helper()
	c := n.c
	cert, key := c.PKI.Issue(t, "node", pkix.Name{CommonName: "system:node:" + NodeName, Organization: []string{"system:nodes"}},
		x509.ExtKeyUsageClientAuth, nil, nil)
	kubeconfig := c.WriteKubeconfig(t, "node", cert, key)
	ports := FreePorts(t, 2)
	conf := fmt.Sprintf(`apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
failCgroupV1: false
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://%s
oomScoreAdj: 0
failSwapOn: false
makeIPTablesUtilChains: false
localStorageCapacityIsolation: false
resolvConf: ""
evictionHard: {}
address: %s
port: %s
healthzBindAddress: 127.0.0.1
healthzPort: %s
readOnlyPort: 0
clusterDNS: [%s]
clusterDomain: cluster.local
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: %s}
authorization: {mode: Webhook}
podCIDR: %s
serializeImagePulls: false
syncFrequency: 10s
podLogsDir: %s
`, n.Socket, NodeIP, ports[0], ports[1], DNSIP, c.PKI.CA, PodCIDR, n.podLogs())
	write(t, filepath.Join(n.dir, "kubelet.yaml"), conf)
	n.start(t, "kubelet", "--config="+filepath.Join(n.dir, "kubelet.yaml"), "--kubeconfig="+kubeconfig,
		"--hostname-override="+NodeName, "--node-ip="+NodeIP, "--root-dir="+filepath.Join(n.dir, "kubelet"),
		"--cert-dir="+filepath.Join(n.dir, "kubelet-pki"), "--v=1")
	c.WaitFor(t, "the node to register and turn Ready", 120*time.Second, func() error {
		_, _, err := n.Kubectl("wait", "--for=condition=Ready", "node/"+NodeName, "--timeout=2s")
		return err
	})
}

// HostIP adds one more address of the host on the node's bridge and
// returns it: a place for a dependency that runs outside the cluster (a
// database, say) which pods reach as they would a machine of their own.
func (n *Node) HostIP(t testing.TB) string {
	t.Helper()
	n.hostIPs++
	if n.hostIPs > 14 {
		t.Fatal("kubetest: at most 14 host addresses")
	}
	ip := fmt.Sprintf("10.244.0.%d", 1+n.hostIPs)
	run(t, "ip", "addr", "add", ip+"/32", "dev", Bridge)
	return ip
}

// ContainerSpec is what the runtime was told to run for one container.
type ContainerSpec struct {
	Name, Image                   string
	UID                           uint32
	ReadonlyRoot, NoNewPrivileges bool
	Capabilities                  []string // the bounding set
	// Seccomp is the filter's default action ("" without a filter).
	Seccomp string
}

// ContainerSpecs reads the OCI runtime spec of every running container.
func (n *Node) ContainerSpecs(t testing.TB) []ContainerSpec {
	t.Helper()
	crictl := func(args ...string) string {
		return run(t, "crictl", append([]string{"--runtime-endpoint", "unix://" + n.Socket}, args...)...)
	}
	var out []ContainerSpec
	for _, id := range strings.Fields(crictl("ps", "-q")) {
		var info struct {
			Status struct {
				Metadata struct{ Name string }
				Image    struct{ Image string }
			}
			Info struct {
				RuntimeSpec struct {
					Process struct {
						User            struct{ UID uint32 }
						NoNewPrivileges bool
						Capabilities    struct{ Bounding []string }
					}
					Root  struct{ Readonly bool }
					Linux struct {
						Seccomp *struct{ DefaultAction string }
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(crictl("inspect", id)), &info); err != nil {
			t.Fatal(err)
		}
		rs := info.Info.RuntimeSpec
		cs := ContainerSpec{Name: info.Status.Metadata.Name, Image: info.Status.Image.Image, UID: rs.Process.User.UID,
			ReadonlyRoot: rs.Root.Readonly, NoNewPrivileges: rs.Process.NoNewPrivileges, Capabilities: rs.Process.Capabilities.Bounding}
		if rs.Linux.Seccomp != nil {
			cs.Seccomp = rs.Linux.Seccomp.DefaultAction
		}
		out = append(out, cs)
	}
	return out
}

func (n *Node) podLogs() string { return filepath.Join(n.dir, "pod-logs") }

// ShipLogs copies what every container writes into dir, as a cluster's log
// shipper does, so the logs of pods deleted on the way (a rolling update,
// a forced deletion) can still be read: dir/<namespace>_<pod>_<uid>/<container>/N.log.
// It stops when the test ends.
func (n *Node) ShipLogs(t testing.TB, dir string) {
	t.Helper()
	done := make(chan struct{})
	stopped := make(chan struct{})
	offsets := map[string]int64{}
	ship := func() {
		files, _ := filepath.Glob(filepath.Join(n.podLogs(), "*", "*", "*.log"))
		for _, f := range files {
			rel, _ := filepath.Rel(n.podLogs(), f)
			in, err := os.Open(f)
			if err != nil {
				continue
			}
			if _, err := in.Seek(offsets[rel], 0); err == nil {
				dst := filepath.Join(dir, rel)
				_ = os.MkdirAll(filepath.Dir(dst), 0o755)
				if out, err := os.OpenFile(dst, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
					k, _ := io.Copy(out, in)
					offsets[rel] += k
					out.Close()
				}
			}
			in.Close()
		}
	}
	go func() {
		defer close(stopped)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				ship()
				return
			case <-tick.C:
				ship()
			}
		}
	}()
	t.Cleanup(func() { close(done); <-stopped })
}

// Kubectl runs kubectl as the cluster's admin.
func (n *Node) Kubectl(args ...string) (string, string, error) {
	return Command([]string{"KUBECONFIG=" + n.c.Kubeconfig}, "kubectl", args...)
}

func (n *Node) startProxy(t testing.TB, mode string) {
	t.Helper()
	c := n.c
	cert, key := c.PKI.Issue(t, "proxy", pkix.Name{CommonName: "system:kube-proxy"}, x509.ExtKeyUsageClientAuth, nil, nil)
	kubeconfig := c.WriteKubeconfig(t, "proxy", cert, key)
	if _, _, err := n.Kubectl("create", "clusterrolebinding", "kubetest-proxy", "--clusterrole=system:node-proxier", "--user=system:kube-proxy"); err != nil {
		t.Fatal(err)
	}
	ports := FreePorts(t, 2)
	conf := fmt.Sprintf(`apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: %s
clientConnection: {kubeconfig: %s}
hostnameOverride: %s
bindAddress: 127.0.0.1
healthzBindAddress: 127.0.0.1:%s
metricsBindAddress: 127.0.0.1:%s
clusterCIDR: %s
nodePortAddresses: ["%s/32"]
conntrack: {maxPerCore: 0, min: 0, tcpEstablishedTimeout: 0s, tcpCloseWaitTimeout: 0s, udpTimeout: 0s, udpStreamTimeout: 0s}
oomScoreAdj: 0
`, mode, kubeconfig, NodeName, ports[0], ports[1], PodCIDR, NodeIP)
	write(t, filepath.Join(n.dir, "kube-proxy.yaml"), conf)
	n.start(t, "kube-proxy", "--config="+filepath.Join(n.dir, "kube-proxy.yaml"), "--v=1")
	n.restores = append(n.restores, func() {
		out, _ := exec.Command("kube-proxy", "--cleanup").CombinedOutput()
		_ = os.WriteFile(filepath.Join(n.dir, "kube-proxy-cleanup.log"), out, 0o644)
		// --cleanup leaves the (empty) KUBE-FIREWALL chain of iptables mode.
		for _, ipt := range []string{"iptables", "ip6tables"} {
			for _, chain := range []string{"INPUT", "OUTPUT"} {
				_ = exec.Command(ipt, "-D", chain, "-j", "KUBE-FIREWALL").Run()
			}
			_ = exec.Command(ipt, "-F", "KUBE-FIREWALL").Run()
			_ = exec.Command(ipt, "-X", "KUBE-FIREWALL").Run()
		}
	})
	c.WaitFor(t, "kube-proxy", 30*time.Second, func() error { return Get(http.DefaultClient, "http://127.0.0.1:"+ports[0]+"/healthz") })
}

// startDNS runs CoreDNS on the host at the node's address (the API server
// is on loopback, which a pod cannot reach), reading Services with its own
// identity, behind the kube-dns Service at DNSIP as kubeadm's is.
func (n *Node) startDNS(t testing.TB) {
	t.Helper()
	c := n.c
	cert, key := c.PKI.Issue(t, "coredns", pkix.Name{CommonName: "kubetest:coredns"}, x509.ExtKeyUsageClientAuth, nil, nil)
	kubeconfig := c.WriteKubeconfig(t, "coredns", cert, key)
	for _, args := range [][]string{
		{"create", "clusterrole", "kubetest-coredns", "--verb=list,watch", "--resource=endpoints,endpointslices.discovery.k8s.io,services,pods,namespaces"},
		{"create", "clusterrolebinding", "kubetest-coredns", "--clusterrole=kubetest-coredns", "--user=kubetest:coredns"},
	} {
		if _, _, err := n.Kubectl(args...); err != nil {
			t.Fatal(err)
		}
	}
	health := FreePorts(t, 1)[0]
	// Names outside the cluster get NXDOMAIN, as from an upstream that has
	// none of them (there is no network to forward to).
	corefile := fmt.Sprintf(`cluster.local:53 in-addr.arpa:53 ip6.arpa:53 {
    bind %[1]s
    errors
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig %[2]s kubetest
        pods insecure
    }
    health 127.0.0.1:%[3]s
}
.:53 {
    bind %[1]s
    template ANY ANY {
        rcode NXDOMAIN
    }
}
`, NodeIP, kubeconfig, health)
	write(t, filepath.Join(n.dir, "Corefile"), corefile)
	n.start(t, "coredns", "-conf", filepath.Join(n.dir, "Corefile"))
	n.Apply(t, fmt.Sprintf(`apiVersion: v1
kind: Service
metadata: {name: kube-dns, namespace: kube-system, labels: {k8s-app: kube-dns}}
spec:
  clusterIP: %[1]s
  ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: kube-dns-host, namespace: kube-system, labels: {kubernetes.io/service-name: kube-dns}}
addressType: IPv4
endpoints: [{addresses: ["%[2]s"], conditions: {ready: true}}]
ports: [{name: dns, port: 53, protocol: UDP}, {name: dns-tcp, port: 53, protocol: TCP}]
`, DNSIP, NodeIP))
	c.WaitFor(t, "CoreDNS through the kube-dns Service", 30*time.Second, func() error {
		_, err := n.Resolve("kube-dns.kube-system.svc.cluster.local")
		return err
	})
}

// Resolve asks the cluster's DNS (through the kube-dns Service) for name.
func (n *Node) Resolve(name string) ([]string, error) {
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, DNSIP+":53")
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return r.LookupHost(ctx, name)
}

// Apply applies manifests with kubectl (server-side).
func (n *Node) Apply(t testing.TB, manifests string) {
	t.Helper()
	path := filepath.Join(n.dir, fmt.Sprintf("apply-%d.yaml", time.Now().UnixNano()))
	write(t, path, manifests)
	if _, _, err := n.Kubectl("apply", "--server-side", "-f", path); err != nil {
		t.Fatal(err)
	}
}

// down stops the node and puts the host back as it was.
func (n *Node) down(t testing.TB) {
	if p := n.procs["kubelet"]; p != nil {
		p.Stop()
	}
	// Every sandbox removed: the CNI DEL runs and the netns go.
	if n.procs["containerd"] != nil {
		out, err := exec.Command("crictl", "--runtime-endpoint", "unix://"+n.Socket, "--timeout", "30s", "rmp", "-f", "-a").CombinedOutput()
		if err != nil {
			t.Logf("crictl rmp: %v: %s", err, out)
		}
	}
	for _, name := range []string{"coredns", "kube-proxy", "containerd"} {
		if p := n.procs[name]; p != nil {
			p.Stop()
		}
	}
	// Shims containerd left (their own process groups), for this root only.
	if out, err := exec.Command("pgrep", "-f", "containerd-shim-runc-v2 .*-address "+n.Socket).Output(); err == nil {
		for _, pid := range strings.Fields(string(out)) {
			_ = exec.Command("kill", "-KILL", pid).Run()
		}
	}
	// Mounts under the node's folder: volumes, overlay root filesystems, shm.
	for range 3 {
		b, _ := os.ReadFile("/proc/mounts")
		var ms []string
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) > 1 && strings.HasPrefix(f[1], n.dir) {
				ms = append(ms, f[1])
			}
		}
		slices.Sort(ms)
		for i := len(ms) - 1; i >= 0; i-- {
			_ = exec.Command("umount", "-l", ms[i]).Run()
		}
	}
	// The kubelet's pod cgroups (cgroupfs driver).
	cgs, _ := filepath.Glob("/sys/fs/cgroup/*/kubepods")
	if d, err := os.Stat("/sys/fs/cgroup/kubepods"); err == nil && d.IsDir() {
		cgs = append(cgs, "/sys/fs/cgroup/kubepods")
	}
	for _, cg := range cgs {
		var dirs []string
		_ = filepath.WalkDir(cg, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				dirs = append(dirs, p)
			}
			return nil
		})
		for i := len(dirs) - 1; i >= 0; i-- {
			_ = os.Remove(dirs[i])
		}
	}
	for i := len(n.restores) - 1; i >= 0; i-- {
		n.restores[i]()
	}
}

func write(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

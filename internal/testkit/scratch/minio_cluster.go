package scratch

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/valleytrenchless/site/internal/testkit/miniotest"
)

// MinIOClusterOptions shape a distributed MinIO.
type MinIOClusterOptions struct {
	// Nodes and DrivesPerNode: 4 and 2 when 0, one erasure set of 8
	// drives (MinIO's default parity for 8 is EC:4: reads need 4 drives,
	// writes 5, so one node of four may be lost, and a drive more).
	Nodes, DrivesPerNode int
}

// MinIOCluster is MinIO in distributed mode on loopback: each node a server
// of its own (its own port, its own drive folders) and every node given
// every drive, the erasure set spanning them all; HAProxy in front, as a
// load balancer or a Kubernetes Service is in a deployment, so clients
// have one address and a node that is gone is skipped.
//
// MinIO's ellipsis form (`http://minio{1...4}:9000/mnt/d{1...2}`) expands
// to every combination of host and folder, and MinIO refuses one path
// served by two ports of one address, so on one machine the nodes cannot
// share a pattern: each endpoint is listed (http://127.0.0.1:<node's
// port>/<dir>/m<n>/d<k>), which MinIO takes as one pool.
type MinIOCluster struct {
	Nodes []*MinIONode
	// Addr is where clients reach the cluster (HAProxy); StatsAddr serves
	// HAProxy's statistics.
	Addr, StatsAddr string
	// LB is HAProxy.
	LB *Proc
	// Endpoints are the drives as every node is started with them.
	Endpoints []string
	logDir    string
}

// MinIONode is one server of a MinIOCluster.
type MinIONode struct {
	// Name is m1, m2, …; Addr its own S3 address (host:port).
	Name, Addr string
	// Drives are its drive folders.
	Drives []string
	c      *MinIOCluster
	P      *Proc
}

// MinIOLBCheck is how often HAProxy asks each node whether it serves
// reads (/minio/health/cluster/read: its object layer is up and the
// erasure set has read quorum); a node is out after two failed checks.
const MinIOLBCheck = time.Second

// StartMinIOCluster starts o.Nodes MinIO servers with o.DrivesPerNode
// drive folders each under dir and HAProxy in front, logging into logDir,
// and waits until every node reports the cluster healthy
// (/minio/health/cluster: write quorum) and HAProxy has every node up.
func StartMinIOCluster(dir, logDir string, o MinIOClusterOptions) (*MinIOCluster, error) {
	if o.Nodes == 0 {
		o.Nodes = 4
	}
	if o.DrivesPerNode == 0 {
		o.DrivesPerNode = 2
	}
	c := &MinIOCluster{logDir: logDir}
	for i := range o.Nodes {
		n := &MinIONode{Name: fmt.Sprintf("m%d", i+1), Addr: FreeAddr(), c: c}
		for k := range o.DrivesPerNode {
			d := filepath.Join(dir, "minio-cluster", n.Name, fmt.Sprintf("d%d", k+1))
			if err := os.MkdirAll(d, 0o755); err != nil {
				return nil, err
			}
			n.Drives = append(n.Drives, d)
			c.Endpoints = append(c.Endpoints, "http://"+n.Addr+d)
		}
		c.Nodes = append(c.Nodes, n)
	}
	for _, n := range c.Nodes {
		if err := n.start(); err != nil {
			c.Stop()
			return nil, err
		}
	}
	if err := c.WaitHealthy(90 * time.Second); err != nil {
		c.Stop()
		return nil, err
	}
	if err := c.startLB(dir); err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

// Start starts the node again (after Kill), on the same port and drives,
// and waits until it serves with the others (its /minio/health/cluster
// says 200) and HAProxy has it back.
func (n *MinIONode) Start() error {
	if err := n.start(); err != nil {
		return err
	}
	return WaitFor(n.Name+" to rejoin", 90*time.Second, func() bool {
		if n.P.Exited() {
			return true
		}
		st, _ := n.c.LBStatus()
		return HTTPOK("http://"+n.Addr+"/minio/health/cluster") && strings.HasPrefix(st[n.Name], "UP")
	})
}

func (n *MinIONode) start() error {
	// MINIO_CI_CD lets drives live on the root filesystem (a distributed
	// MinIO otherwise refuses them) and keeps each server's buffer pool
	// small. In a container (a /.dockerenv, as on CI) MinIO waits for
	// every host to resolve to an address other than loopback, as pods'
	// names do, unless told which endpoints are its own
	// (_MINIO_SERVER_LOCAL, MinIO's own switch for that).
	p, err := StartProc(n.c.logDir, "minio-"+n.Name, miniotest.Binary(),
		append([]string{"server", "--address", n.Addr, "--console-address", "127.0.0.1:0"}, n.c.Endpoints...),
		[]string{"MINIO_ROOT_USER=" + MinIOUser, "MINIO_ROOT_PASSWORD=" + MinIOSecret, "MINIO_BROWSER=off", "MINIO_CI_CD=on",
			"_MINIO_SERVER_LOCAL=" + n.Addr}, ProcOptions{})
	if err != nil {
		return err
	}
	n.P = p
	return nil
}

// Kill is kill -9: the node is gone at once, as a machine that lost power.
func (n *MinIONode) Kill() { n.P.Kill() }

// Alive reports whether the node's process runs.
func (n *MinIONode) Alive() bool { return n.P != nil && !n.P.Exited() }

// WipeDrive empties the node's drive k (0-based) at once, as a failed disk
// replaced by a blank one: its format, its buckets, its objects are moved
// out (renamed, so the node writing meanwhile cannot race the removal) and
// then removed. The node keeps running; MinIO finds the drive unformatted,
// formats it and heals the erasure set onto it by itself.
func (n *MinIONode) WipeDrive(k int) error {
	drive := n.Drives[k]
	trash, err := os.MkdirTemp(filepath.Dir(drive), filepath.Base(drive)+"-wiped-")
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(drive)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.Rename(filepath.Join(drive, e.Name()), filepath.Join(trash, e.Name())); err != nil {
			return err
		}
	}
	return os.RemoveAll(trash)
}

// HealingDrives is how many drives of the cluster the node says are being
// healed (the X-Minio-Healing-Drives header of /minio/health/cluster; none
// when absent), and whether it answered 200 (write quorum).
func (n *MinIONode) HealingDrives() (healing int, healthy bool, err error) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get("http://" + n.Addr + "/minio/health/cluster")
	if err != nil {
		return 0, false, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	if h := resp.Header.Get("X-Minio-Healing-Drives"); h != "" {
		_, _ = fmt.Sscan(h, &healing)
	}
	return healing, resp.StatusCode == http.StatusOK, nil
}

// MissingOn lists which of keys (object names in bucket) have no metadata
// file (<key>/xl.meta, which holds small objects inline) on the node's
// drive k: what a drive lacks until it is healed.
func (n *MinIONode) MissingOn(k int, bucket string, keys []string) []string {
	var out []string
	for _, key := range keys {
		if _, err := os.Stat(filepath.Join(n.Drives[k], bucket, filepath.FromSlash(key), "xl.meta")); err != nil {
			out = append(out, key)
		}
	}
	return out
}

// Formatted reports whether the node's drive k holds MinIO's format
// (.minio.sys/format.json): gone with a wipe, written again when MinIO
// takes the blank drive back into its erasure set.
func (n *MinIONode) Formatted(k int) bool {
	_, err := os.Stat(filepath.Join(n.Drives[k], ".minio.sys", "format.json"))
	return err == nil
}

// LogLines are the node's log lines holding s.
func (n *MinIONode) LogLines(s string) []string {
	b, _ := os.ReadFile(filepath.Join(n.c.logDir, "minio-"+n.Name+".log"))
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

// WaitHealthy waits until every running node says the cluster has write
// quorum (/minio/health/cluster 200); nodes that are down are skipped.
func (c *MinIOCluster) WaitHealthy(timeout time.Duration) error {
	return WaitFor("the MinIO cluster to be healthy", timeout, func() bool {
		for _, n := range c.Nodes {
			if !n.Alive() {
				continue
			}
			if !HTTPOK("http://" + n.Addr + "/minio/health/cluster") {
				return false
			}
		}
		return true
	})
}

// Node is the node named name (m1, …), or nil.
func (c *MinIOCluster) Node(name string) *MinIONode {
	for _, n := range c.Nodes {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// Client is an S3 client of the cluster through HAProxy, as root.
func (c *MinIOCluster) Client() (*minio.Client, error) {
	return minio.New(c.Addr, &minio.Options{Creds: credentials.NewStaticV4(MinIOUser, MinIOSecret, "")})
}

// Keys lists every object name in bucket.
func (c *MinIOCluster) Keys(ctx context.Context, bucket string) ([]string, error) {
	cl, err := c.Client()
	if err != nil {
		return nil, err
	}
	var keys []string
	for o := range cl.ListObjects(ctx, bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			return nil, o.Err
		}
		keys = append(keys, o.Key)
	}
	return keys, nil
}

// Stop stops HAProxy and every node.
func (c *MinIOCluster) Stop() {
	if c.LB != nil {
		c.LB.Stop(5 * time.Second)
	}
	for _, n := range c.Nodes {
		if n.P != nil {
			n.P.Stop(10 * time.Second)
		}
	}
}

// minioLBConfig is HAProxy's configuration in front of the nodes: least
// connections, a check of each node's read health, and a request that met
// a refused connection, a closed one without an answer, or a 503 (a node
// still starting) sent again to another node. S3 requests are safe to send
// twice (a PUT of the same object under the same name); HAProxy resends
// only bodies it holds whole (up to its 16 KiB buffer): the client retries
// the rest (minio-go resends a 502 or 503 itself).
func minioLBConfig(addr, stats string, nodes []*MinIONode) string {
	var servers strings.Builder
	for _, n := range nodes {
		fmt.Fprintf(&servers, "  server %s %s check\n", n.Name, n.Addr)
	}
	inter := MinIOLBCheck.Milliseconds()
	return fmt.Sprintf(`# Written by internal/testkit/scratch (StartMinIOCluster): HAProxy in front of the MinIO nodes.
global
  log stderr format raw local0 notice
  maxconn 4096

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  option dontlognull
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout check 800ms

frontend s3
  bind %[1]s
  default_backend minio

backend minio
  balance leastconn
  option httpchk
  http-check send meth GET uri /minio/health/cluster/read
  http-check expect status 200
  default-server inter %[2]dms fastinter %[3]dms downinter %[2]dms fall 2 rise 2
  retries 3
  option redispatch 1
  option http-buffer-request
  retry-on conn-failure empty-response 503
%[4]s
listen stats
  bind %[5]s
  stats enable
  stats uri /stats
`, addr, inter, inter/4, servers.String(), stats)
}

func (c *MinIOCluster) startLB(dir string) error {
	bin, err := HAProxyBinary()
	if err != nil {
		return err
	}
	c.Addr, c.StatsAddr = FreeAddr(), FreeAddr()
	conf := filepath.Join(dir, "minio-lb.cfg")
	if err := os.WriteFile(conf, []byte(minioLBConfig(c.Addr, c.StatsAddr, c.Nodes)), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command(bin, "-c", "-q", "-f", conf).CombinedOutput(); err != nil {
		return fmt.Errorf("haproxy refuses %s: %v: %s", conf, err, out)
	}
	if c.LB, err = StartProc(c.logDir, "minio-lb", bin, []string{"-db", "-f", conf}, nil, ProcOptions{}); err != nil {
		return err
	}
	if err := WaitFor("haproxy to report every MinIO node up", 30*time.Second, func() bool {
		if c.LB.Exited() {
			return true
		}
		st, err := c.LBStatus()
		if err != nil {
			return false
		}
		for _, n := range c.Nodes {
			if !strings.HasPrefix(st[n.Name], "UP") {
				return false
			}
		}
		return true
	}); err != nil || c.LB.Exited() {
		return fmt.Errorf("haproxy in front of MinIO not ready (%v); see %s", err, filepath.Join(c.logDir, "minio-lb.log"))
	}
	return nil
}

// LBStatus is HAProxy's status of each node by name: UP, DOWN, or a
// transition ("UP 1/2": one check failed).
func (c *MinIOCluster) LBStatus() (map[string]string, error) {
	hc := http.Client{Timeout: 2 * time.Second}
	resp, err := hc.Get("http://" + c.StatsAddr + "/stats;csv")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("haproxy stats: %s", resp.Status)
	}
	r := csv.NewReader(resp.Body)
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, errors.Join(errors.New("haproxy stats unreadable"), err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[strings.TrimPrefix(name, "# ")] = i
	}
	out := map[string]string{}
	for _, row := range rows[1:] {
		if len(row) > col["status"] && row[col["pxname"]] == "minio" && row[col["svname"]] != "BACKEND" {
			out[row[col["svname"]]] = row[col["status"]]
		}
	}
	return out, nil
}

// S3Endpoint is where the stack's media service reaches its object store:
// the one MinIO, or the cluster's HAProxy (Options.MinIONodes).
func (s *Stack) S3Endpoint() string {
	if s.MinIOCluster != nil {
		return s.MinIOCluster.Addr
	}
	return s.MinIO.Addr
}

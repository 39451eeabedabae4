package scratch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/valleytrenchless/site/internal/testkit/natsrunbook"
	"github.com/valleytrenchless/site/internal/testkit/toolcache"
)

// NATSOptions shape the stack's NATS.
type NATSOptions struct {
	// Nodes is how many servers: 1 (also when 0), or 3 for a JetStream
	// cluster: routes between them on loopback, file storage each in a
	// folder of its own, and `sync_interval: always` (every write fsynced
	// before it is acknowledged, as docs/operations.md asks of production).
	Nodes int
	// Secure runs every server with the runbook's nats-server.conf
	// (docs/operations.md, read from the page): TLS with client
	// certificates from a private CA, a user per binary allowed only what
	// it does. A cluster's routes use TLS too, with the servers'
	// certificate, verified both ways.
	Secure bool
	// Advertise, when set, is the host:port each server (by index) tells
	// clients to reach it at (client_advertise), e.g. a relay that pods
	// outside the host's loopback can reach; clients learn the other
	// servers of a cluster from it.
	Advertise []string
}

// NATS is one nats-server of the run's own: its ports, its configuration
// file, its store folder.
type NATS struct {
	// Name is its server_name (n1, n2, …), as JetStream names a stream's
	// leader.
	Name                            string
	bin, addr, monitor, conf, label string
	logDir                          string
	P                               *Proc
}

// URL is the server's client URL.
func (n *NATS) URL() string { return "nats://" + n.addr }

// Start starts the server (again, with the same file and store) and waits
// until it listens. A cluster's node is ready for JetStream later
// (NATSCluster.WaitHealthy).
func (n *NATS) Start() error {
	p, err := StartProc(n.logDir, n.label, n.bin, []string{"-c", n.conf}, nil, ProcOptions{})
	if err != nil {
		return err
	}
	n.P = p
	err = WaitFor(n.label+" to listen", 15*time.Second, func() bool {
		if p.Exited() {
			return true
		}
		c, err := net.DialTimeout("tcp", n.addr, time.Second)
		if err != nil {
			return false
		}
		c.Close()
		return true
	})
	if err == nil && p.Exited() {
		err = fmt.Errorf("%s exited at start; see %s", n.label, filepath.Join(n.logDir, n.label+".log"))
	}
	return err
}

// Healthy reports whether the server's /healthz answers 200: JetStream up,
// a meta leader known, and its streams current (a node brought back has
// caught up).
func (n *NATS) Healthy() bool { return !n.P.Exited() && HTTPOK("http://"+n.monitor+"/healthz") }

// NATSCluster is the stack's NATS: one server, or a cluster of them;
// plain, or as the runbook configures it.
type NATSCluster struct {
	Nodes []*NATS
	// Secure holds the private CA, the certificates and the users' NKeys
	// when the servers run the runbook's file; nil otherwise.
	Secure *natsrunbook.Secure
}

// NATSServerBin is the nats-server to run: $NATS_SERVER_BIN, or the tool
// cache's (scripts/tools.sh nats-server: v2.15.2), else PATH's or Debian's
// (2.9, too old for the runbook's file and for a cluster: pinned says it
// must be the tool cache's or the variable's).
func NATSServerBin(pinned bool) (string, error) {
	if b := os.Getenv("NATS_SERVER_BIN"); b != "" {
		return b, nil
	}
	tool := toolcache.Bin("nats-server", "")
	if _, err := os.Stat(tool); err == nil {
		return tool, nil
	}
	if pinned {
		return "", fmt.Errorf("no nats-server at %s: run scripts/tools.sh nats-server (the runbook's file and a cluster need v2.15.2, not Debian's 2.9)", tool)
	}
	if p, err := exec.LookPath("nats-server"); err == nil {
		return p, nil
	}
	return "/usr/sbin/nats-server", nil
}

// StartNATSCluster writes each server's file into dir and starts them,
// logging into logDir, and waits until JetStream is ready on every one.
func StartNATSCluster(dir, logDir string, o NATSOptions) (*NATSCluster, error) {
	nodes := max(o.Nodes, 1)
	bin, err := NATSServerBin(o.Secure || nodes > 1)
	if err != nil {
		return nil, err
	}
	c := &NATSCluster{}
	if o.Secure {
		page, err := natsrunbook.Page()
		if err != nil {
			return nil, err
		}
		conf, err := natsrunbook.ReadConfig(page)
		if err != nil {
			return nil, err
		}
		if c.Secure, err = natsrunbook.New(filepath.Join(dir, "nats-secrets"), conf, "127.0.0.1"); err != nil {
			return nil, err
		}
	}
	routes := make([]string, nodes)
	for i := range routes {
		routes[i] = FreeAddr()
	}
	for i := range nodes {
		n := &NATS{Name: fmt.Sprintf("n%d", i+1), bin: bin, addr: FreeAddr(), monitor: FreeAddr(), logDir: logDir, label: "nats"}
		if nodes > 1 {
			n.label = "nats-" + n.Name
		}
		store := filepath.Join(dir, n.label)
		host, port, _ := net.SplitHostPort(n.addr)
		head := fmt.Sprintf("server_name: %s\nhost: %s\nport: %s\nhttp: %s\n", n.Name, host, port, n.monitor)
		if i < len(o.Advertise) {
			head += fmt.Sprintf("client_advertise: %q\n", o.Advertise[i])
		}
		var conf string
		if c.Secure != nil {
			// The runbook's file, its client port replaced by this node's.
			conf = c.Secure.Config(store)
			if strings.Count(conf, "\nport: 4222\n") != 1 {
				return nil, errors.New("scratch: the runbook's nats-server.conf no longer has one line `port: 4222` to replace")
			}
			conf = strings.Replace(conf, "\nport: 4222\n", "\n"+head, 1)
		} else {
			conf = head + "jetstream {\n  store_dir: " + strconv.Quote(store) + "\n"
			if nodes > 1 {
				conf += "  sync_interval: always\n"
			}
			conf += "}\n"
		}
		if nodes > 1 {
			conf += c.clusterBlock(routes, i)
		}
		n.conf = filepath.Join(dir, n.label+".conf")
		if err := os.WriteFile(n.conf, []byte(conf), 0o600); err != nil {
			return nil, err
		}
		c.Nodes = append(c.Nodes, n)
	}
	for _, n := range c.Nodes {
		if err := n.Start(); err != nil {
			c.Stop()
			return nil, err
		}
	}
	if err := c.WaitHealthy(60 * time.Second); err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

// clusterBlock is node i's cluster block: its route port, every node's
// route, and with Secure the servers' certificate for the routes, verified
// both ways.
func (c *NATSCluster) clusterBlock(routes []string, i int) string {
	urls := make([]string, len(routes))
	for j, r := range routes {
		urls[j] = "nats-route://" + r
	}
	b := fmt.Sprintf("cluster {\n  name: scratch\n  listen: %s\n  routes: [%s]\n", routes[i], strings.Join(urls, ", "))
	if c.Secure != nil {
		d := c.Secure.ServerTLS
		b += fmt.Sprintf("  tls {\n    cert_file: %q\n    key_file: %q\n    ca_file: %q\n    verify: true\n    timeout: 2\n  }\n",
			filepath.Join(d, "tls.crt"), filepath.Join(d, "tls.key"), filepath.Join(d, "ca.crt"))
	}
	return b + "}\n"
}

// URL is every server's client URL, comma separated: what each binary's
// NATS_URL gets.
func (c *NATSCluster) URL() string {
	urls := make([]string, len(c.Nodes))
	for i, n := range c.Nodes {
		urls[i] = n.URL()
	}
	return strings.Join(urls, ",")
}

// Replicas is the LEADS stream's replica count on these servers (contact's
// STREAM_REPLICAS): 3 on a cluster, else 1.
func (c *NATSCluster) Replicas() int { return min(len(c.Nodes), 3) }

// Env is what a binary reading prefix (CONTENT, …) needs to reach the
// servers as user (content, contact, gateway, notifier): their URLs, and
// with Secure its NKey seed, the CA and its client certificate.
func (c *NATSCluster) Env(prefix, user string) []string {
	if c.Secure != nil {
		return c.Secure.Env(prefix, user, c.URL())
	}
	return []string{prefix + "_NATS_URL=" + c.URL()}
}

// Connect connects as user (with Secure: its identity and certificate;
// otherwise anonymously).
func (c *NATSCluster) Connect(user string) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name("scratch-" + user), nats.Timeout(5 * time.Second)}
	if c.Secure != nil {
		as, err := c.Secure.Options(user)
		if err != nil {
			return nil, err
		}
		opts = append(opts, as...)
	}
	return nats.Connect(c.URL(), opts...)
}

// StreamInfo is the state of stream name, read as the runbook's read-only
// ops user: messages, and on a cluster its leader and replicas.
func (c *NATSCluster) StreamInfo(name string) (*jetstream.StreamInfo, error) {
	s, _, done, err := openStream(func() (*nats.Conn, error) { return c.Connect("ops") }, name, 5*time.Second)
	if err != nil {
		return nil, err
	}
	defer done()
	return s.CachedInfo(), nil
}

// openStream connects (connect) and looks stream name up, all within
// timeout; it returns the stream, the context to go on reading it in, and
// done, which closes the connection.
func openStream(connect func() (*nats.Conn, error), name string, timeout time.Duration) (jetstream.Stream, context.Context, func(), error) {
	nc, err := connect()
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	done := func() { cancel(); nc.Close() }
	js, err := jetstream.New(nc)
	if err == nil {
		var s jetstream.Stream
		if s, err = js.Stream(ctx, name); err == nil {
			return s, ctx, done, nil
		}
	}
	done()
	return nil, nil, nil, err
}

// Node is the server named name (n1, …), or nil.
func (c *NATSCluster) Node(name string) *NATS {
	for _, n := range c.Nodes {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// WaitHealthy waits until every server is healthy (/healthz); one that
// has exited is an error.
func (c *NATSCluster) WaitHealthy(timeout time.Duration) error {
	for _, n := range c.Nodes {
		if n.P.Exited() {
			return fmt.Errorf("%s exited; see %s", n.label, filepath.Join(n.logDir, n.label+".log"))
		}
	}
	return WaitFor("NATS to be healthy", timeout, func() bool {
		for _, n := range c.Nodes {
			if !n.Healthy() {
				return false
			}
		}
		return true
	})
}

// Stop stops every server (a paused one is resumed first, to exit).
func (c *NATSCluster) Stop() {
	for _, n := range c.Nodes {
		if n.P != nil {
			n.P.Signal(syscall.SIGCONT)
			n.P.Stop(10 * time.Second)
		}
	}
}

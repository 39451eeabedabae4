package scratch

import (
	"fmt"
	"net"
	"strings"
	"sync"

	"golang.org/x/net/dns/dnsmessage"
)

// DNS is a name server on loopback that answers A queries for the names
// it holds, as a cluster's DNS answers for a headless Service: one record
// per ready replica, changed as replicas come and go. A gRPC client dials
// Target(name, port) and balances over the addresses itself (grpcdial),
// exactly as in the cluster. Every other question gets an empty answer
// (AAAA, for a name it holds) or NXDOMAIN.
type DNS struct {
	pc      net.PacketConn
	mu      sync.Mutex
	records map[string][]net.IP // by lower-case, fully qualified name (with its final dot)
	done    chan struct{}
}

// StartDNS listens on a free loopback UDP port and answers until Close.
func StartDNS() (*DNS, error) {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	d := &DNS{pc: pc, records: map[string][]net.IP{}, done: make(chan struct{})}
	go d.serve()
	return d, nil
}

// Addr is the server's host:port.
func (d *DNS) Addr() string { return d.pc.LocalAddr().String() }

// Target is the gRPC target that resolves name (fully qualified, e.g.
// "content.scratch.") with this server: dns://<server>/<name>:<port>.
func (d *DNS) Target(name, port string) string {
	return "dns://" + d.Addr() + "/" + net.JoinHostPort(name, port)
}

// Set makes ips the A records of name (none: the name has no address).
func (d *DNS) Set(name string, ips ...net.IP) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.records[strings.ToLower(strings.TrimSuffix(name, "."))+"."] = append([]net.IP(nil), ips...)
}

// Close stops answering.
func (d *DNS) Close() {
	d.pc.Close()
	<-d.done
}

func (d *DNS) serve() {
	defer close(d.done)
	buf := make([]byte, 512)
	for {
		n, from, err := d.pc.ReadFrom(buf)
		if err != nil {
			return
		}
		if answer, err := d.answer(buf[:n]); err == nil {
			_, _ = d.pc.WriteTo(answer, from)
		}
	}
}

// answer builds the response to one query.
func (d *DNS) answer(query []byte) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	ips, known := d.records[strings.ToLower(q.Name.String())]
	d.mu.Unlock()
	rh := dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired}
	if !known {
		rh.RCode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, rh)
	b.EnableCompression()
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	if err := b.Question(q); err != nil {
		return nil, err
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	if q.Type == dnsmessage.TypeA {
		for _, ip := range ips {
			var a dnsmessage.AResource
			copy(a.A[:], ip.To4())
			// TTL 0: nothing may keep an answer; the client asks again
			// whenever it re-resolves.
			if err := b.AResource(dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET}, a); err != nil {
				return nil, fmt.Errorf("dns answer: %w", err)
			}
		}
	}
	return b.Finish()
}

// ReservePort picks a port for a service's replicas, which listen on it
// each at a loopback address of its own (ReplicaIP), and holds it on
// 127.0.0.1 until the returned listener is closed, so that FreeAddr (and
// another stack) never hands it out meanwhile.
func ReservePort() (net.Listener, error) {
	return net.Listen("tcp", "127.0.0.1:0")
}

// ReplicaIP is replica n's (from 1) loopback address: 127.0.1.1,
// 127.0.1.2, …, 127.0.2.1 after 254 (Linux answers on all of 127/8).
func ReplicaIP(n int) net.IP {
	return net.IPv4(127, 0, byte(1+(n-1)/254), byte(1+(n-1)%254))
}

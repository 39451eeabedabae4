package grpcdial_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/grpcdial"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
	"github.com/valleytrenchless/site/internal/testkit/tlstest"
)

// fakeMedia counts its calls and fails them with fail when it is set. LookupImages is a read
// (NO_SIDE_EFFECTS in the proto), UpdateImage a write.
type fakeMedia struct {
	mediav1.UnimplementedMediaServiceServer
	lookups, updates atomic.Int64
	fail             atomic.Pointer[status.Status]
}

func (f *fakeMedia) LookupImages(context.Context, *mediav1.LookupImagesRequest) (*mediav1.LookupImagesResponse, error) {
	f.lookups.Add(1)
	if st := f.fail.Load(); st != nil {
		return nil, st.Err()
	}
	return &mediav1.LookupImagesResponse{}, nil
}

func (f *fakeMedia) UpdateImage(context.Context, *mediav1.UpdateImageRequest) (*mediav1.UpdateImageResponse, error) {
	f.updates.Add(1)
	if st := f.fail.Load(); st != nil {
		return nil, st.Err()
	}
	return &mediav1.UpdateImageResponse{}, nil
}

// replica is one server of a service under test, at a loopback address of its own.
type replica struct {
	ip   net.IP
	fake *fakeMedia
	// stop stops it as SIGTERM does (GOAWAY, calls in flight finish) and waits for that.
	stop func()
}

// service is a name in a DNS server of the test's own and the port its replicas share, as a
// headless Service is.
type service struct {
	t    *testing.T
	dns  *scratch.DNS
	port string
	age  time.Duration
	// name is what the replicas' DNS name is, and tlsDir their certificate directory (empty: plain text).
	name, tlsDir string
	seq          int
	live         []*replica
}

const name = "media.test."

func newService(t *testing.T, age time.Duration) *service {
	t.Helper()
	dns, err := scratch.StartDNS()
	require.NoError(t, err)
	t.Cleanup(dns.Close)
	hold, err := scratch.ReservePort()
	require.NoError(t, err)
	t.Cleanup(func() { hold.Close() })
	return &service{t: t, dns: dns, port: strconv.Itoa(hold.Addr().(*net.TCPAddr).Port), age: age, name: name}
}

// add starts a replica and, with publish, puts it in the DNS answer.
func (s *service) add(publish bool) *replica {
	s.t.Helper()
	srv, err := grpcserver.New(slog.New(slog.DiscardHandler), grpcserver.Options{Signer: testSigner, MaxConnectionAge: s.age, TLSDir: s.tlsDir})
	require.NoError(s.t, err)
	s.seq++
	r := &replica{ip: scratch.ReplicaIP(s.seq), fake: &fakeMedia{}}
	mediav1.RegisterMediaServiceServer(srv.GRPC(), r.fake)
	ln, err := net.Listen("tcp", net.JoinHostPort(r.ip.String(), s.port))
	require.NoError(s.t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	r.stop = sync.OnceFunc(func() { cancel(); require.NoError(s.t, <-done) })
	s.t.Cleanup(r.stop)
	if publish {
		s.publish(append(s.live, r)...)
	}
	return r
}

// publish makes rs the replicas the name resolves to.
func (s *service) publish(rs ...*replica) {
	s.live = rs
	ips := make([]net.IP, len(rs))
	for i, r := range rs {
		ips[i] = r.ip
	}
	s.dns.Set(s.name, ips...)
}

// testSigner mints and verifies the replicas' caller tokens.
var testSigner = func() *identity.Signer {
	s, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	if err != nil {
		panic(err)
	}
	return s
}()

// asCaller sends the token a real caller of each method sends (the
// services check every method's access rule): the content service's for a
// lookup, an editor's for an image's change.
func asCaller() grpc.DialOption {
	return grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn,
		invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		c := identity.Caller{Service: "content"}
		if strings.HasSuffix(method, "/UpdateImage") {
			c = identity.Caller{Email: "ed@valleytrenchless.example", Staff: true, Role: identity.RoleEditor}
		}
		return invoker(testSigner.OutgoingContext(ctx, c), method, req, reply, cc, opts...)
	})
}

// client dials the name through the test's DNS server, with the certificate directory tlsDir.
func (s *service) client(tlsDir ...string) mediav1.MediaServiceClient {
	s.t.Helper()
	conn, err := grpcdial.New(s.dns.Target(s.name, s.port), strings.Join(tlsDir, ""), asCaller())
	require.NoError(s.t, err)
	s.t.Cleanup(func() { conn.Close() })
	return mediav1.NewMediaServiceClient(conn)
}

func lookup(c mediav1.MediaServiceClient) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := c.LookupImages(ctx, &mediav1.LookupImagesRequest{})
	return err
}

// Every client spreads its calls over every replica the name resolves to, one after another.
func TestCallsGoRoundRobinOverTheReplicasTheNameResolvesTo(t *testing.T) {
	t.Parallel()
	s := newService(t, 0)
	rs := []*replica{s.add(true), s.add(true), s.add(true)}
	c := s.client()
	// The first calls go to whichever replica is connected first.
	require.Eventually(t, func() bool {
		require.NoError(t, lookup(c))
		return rs[0].fake.lookups.Load() > 0 && rs[1].fake.lookups.Load() > 0 && rs[2].fake.lookups.Load() > 0
	}, 10*time.Second, 10*time.Millisecond)
	before := []int64{rs[0].fake.lookups.Load(), rs[1].fake.lookups.Load(), rs[2].fake.lookups.Load()}
	for range 300 {
		require.NoError(t, lookup(c))
	}
	for i, r := range rs {
		require.Equal(t, int64(100), r.fake.lookups.Load()-before[i], "replica %d's share of 300 calls", i+1)
	}
}

// gRPC resolves the name again only when a connection ends: the servers' MaxConnectionAge is what
// brings a replica added later its share.
func TestAReplicaAddedLaterGetsItsShareOnceConnectionsAge(t *testing.T) {
	t.Parallel()
	s := newService(t, time.Second)
	first := s.add(true)
	c := s.client()
	require.NoError(t, lookup(c))
	added := s.add(true)
	start := time.Now()
	require.Eventually(t, func() bool {
		require.NoError(t, lookup(c))
		return added.fake.lookups.Load() > 0
	}, 10*time.Second, 10*time.Millisecond)
	t.Logf("the added replica got its first call %s after it was published", time.Since(start).Round(time.Millisecond))
	a, b := first.fake.lookups.Load(), added.fake.lookups.Load()
	for range 100 {
		require.NoError(t, lookup(c))
	}
	require.InDelta(t, 50, added.fake.lookups.Load()-b, 10, "then it takes half the calls")
	require.InDelta(t, 50, first.fake.lookups.Load()-a, 10)
}

// A replica taken out of the answer and stopped (SIGTERM: GOAWAY, calls in flight finish) costs
// no call, and one published later gets calls (a connection ended, so the name was resolved again).
func TestAReplicaLeavingFailsNoCall(t *testing.T) {
	t.Parallel()
	s := newService(t, 0)
	a, b := s.add(true), s.add(true)
	c := s.client()
	var failed, calls atomic.Int64
	ctx, stopLoad := context.WithCancel(context.Background())
	done := make(chan struct{})
	for range 8 {
		go func() {
			for ctx.Err() == nil {
				calls.Add(1)
				if err := lookup(c); err != nil {
					failed.Add(1)
					t.Log(err)
				}
			}
			done <- struct{}{}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	s.publish(b)
	a.stop()
	third := s.add(true)
	time.Sleep(time.Second)
	stopLoad()
	for range 8 {
		<-done
	}
	require.Zero(t, failed.Load(), "of %d calls", calls.Load())
	require.Positive(t, third.fake.lookups.Load(), "the replica that joined got calls")
}

// Only the methods the protos mark idempotent are retried on Unavailable; a write fails as it came.
func TestOnlyIdempotentMethodsAreRetried(t *testing.T) {
	t.Parallel()
	s := newService(t, 0)
	bad, good := s.add(true), s.add(true)
	c := s.client()
	require.Eventually(t, func() bool {
		require.NoError(t, lookup(c))
		return bad.fake.lookups.Load() > 0 && good.fake.lookups.Load() > 0
	}, 10*time.Second, 10*time.Millisecond)
	bad.fake.fail.Store(status.New(codes.Unavailable, "down"))
	for range 30 {
		require.NoError(t, lookup(c), "a read meets the failing replica and is retried on the other")
	}
	require.Positive(t, bad.fake.lookups.Load())

	failed := 0
	for range 20 {
		_, err := c.UpdateImage(context.Background(), &mediav1.UpdateImageRequest{Key: strings.Repeat("a", 64) + ".jpg"})
		if err != nil {
			require.Equal(t, codes.Unavailable, status.Code(err))
			failed++
		}
	}
	require.Positive(t, failed, "a write that meets the failing replica is not retried")
	require.Equal(t, int64(failed), bad.fake.updates.Load(), "each failed write was sent once")
}

// The service config names the idempotent methods of every linked proto, and no other.
func TestTheRetryPolicyFollowsTheProtosIdempotencyLevel(t *testing.T) {
	t.Parallel()
	_ = contactv1.File_trenchless_contact_v1_contact_proto // linked, as in the gateway
	var cfg struct {
		LoadBalancingConfig []map[string]any `json:"loadBalancingConfig"`
		MethodConfig        []struct {
			Name []struct{ Service, Method string } `json:"name"`
		} `json:"methodConfig"`
	}
	require.NoError(t, json.Unmarshal([]byte(grpcdial.ServiceConfig()), &cfg))
	require.Contains(t, cfg.LoadBalancingConfig[0], "round_robin")
	retried := map[string]bool{}
	for _, n := range cfg.MethodConfig[0].Name {
		retried[n.Service+"/"+n.Method] = true
	}
	for m, want := range map[string]bool{
		"trenchless.media.v1.MediaService/LookupImages":                true,
		"trenchless.media.v1.MediaService/GetImage":                    true,
		"trenchless.contact.v1.ContactService/SubmitInspectionRequest": true, // the Idempotency-Key
		"trenchless.contact.v1.LeadInboxService/ListLeads":             true,
		"trenchless.media.v1.MediaService/UploadImage":                 false,
		"trenchless.media.v1.MediaService/UpdateImage":                 false,
		"trenchless.contact.v1.LeadInboxService/UpdateLead":            false,
	} {
		require.Equal(t, want, retried[m], m)
	}
}

// As the chart has it: the replicas serve mutual TLS with a certificate for the Service's short name,
// which the client dials as dns:///<name>:<port>; it checks that name on every replica.
func TestMutualTLSWithEveryReplicaOfTheName(t *testing.T) {
	t.Parallel()
	ca := tlstest.NewCA(t, "trenchless internal")
	s := newService(t, 0)
	s.name, s.tlsDir = "site-trenchless-media", ca.Dir(t, "media", "site-trenchless-media")
	a, b := s.add(true), s.add(true)
	c := s.client(ca.Dir(t, "gateway", "gateway"))
	require.Eventually(t, func() bool {
		require.NoError(t, lookup(c))
		return a.fake.lookups.Load() > 0 && b.fake.lookups.Load() > 0
	}, 10*time.Second, 10*time.Millisecond)

	other := newService(t, 0)
	other.name, other.tlsDir = "site-trenchless-media", ca.Dir(t, "media", "site-trenchless-content")
	other.add(true)
	require.ErrorContains(t, lookup(other.client(ca.Dir(t, "gateway", "gateway"))), "certificate is valid for site-trenchless-content, not site-trenchless-media")
}

// A plain host:port still works (make run), with the same policy.
func TestAPlainAddressIsOneReplica(t *testing.T) {
	t.Parallel()
	s := newService(t, 0)
	r := s.add(false)
	conn, err := grpcdial.New(net.JoinHostPort(r.ip.String(), s.port), "", asCaller())
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, lookup(mediav1.NewMediaServiceClient(conn)))
	require.Equal(t, int64(1), r.fake.lookups.Load())
}

// A server closes a connection pinged more often than it allows; the clients' pings stay within it.
func TestServersAllowTheClientsKeepalivePings(t *testing.T) {
	t.Parallel()
	require.Less(t, grpcserver.KeepaliveMinTime, grpcdial.KeepaliveTime)
}

// Package grpcdial is how a binary dials another's gRPC server, written once: the transport (mutual TLS from
// a certificate directory, or plain text), tracing, and how calls spread over a service's replicas (ADR 0008):
// round_robin over every address the target resolves to, re-resolved as replicas come and go, retries of the
// methods the protos mark idempotent, and keepalive pings.
package grpcdial

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/resolver/dns"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/valleytrenchless/site/internal/mtls"
)

// MinResolutionInterval is the least time between two DNS resolutions of one target. gRPC resolves again only
// when a connection ends (a server's MaxConnectionAge, a replica leaving, a failure), and by default not sooner
// than 30 s after the last time: a replica that joined just after a resolution would wait that long, and a
// rolling update that replaces the last known replica before the client has resolved again would leave it
// with none. One second still bounds the queries a failing connection can cause (it reconnects with backoff).
const MinResolutionInterval = time.Second

// KeepaliveTime is how long a connection may be silent before the client pings it (gRPC's minimum), and
// KeepaliveTimeout how long it waits for the answer before it drops the connection and resolves again: a
// replica whose node vanished without closing its connections stops getting calls within 15 s. Servers
// (package grpcserver) allow pings this often.
const (
	KeepaliveTime    = 10 * time.Second
	KeepaliveTimeout = 5 * time.Second
)

// The retry policy for idempotent methods: up to 4 attempts, the retries after a random pause of up to 50,
// 100 and 200 ms, on Unavailable only (the replica went away, or said it cannot serve now: another may). The
// throttle (per client and target) stops retrying once failed attempts outnumber successful ones by 10 (a
// service down everywhere: no retry storm on top of its outage), and allows it again as calls succeed; one
// replica of two failing every call keeps failures and successes even, so its calls are still retried.
const (
	retryAttempts  = 4
	retryBackoff   = "0.05s"
	retryMaxPause  = "0.2s"
	throttleTokens = 20
	throttleRatio  = 1
)

func init() {
	// It must be set before any channel is built, so in init rather than New.
	dns.SetMinResolutionInterval(MinResolutionInterval)
}

// New returns a client for target; it connects lazily, so the server may start later. target is host:port
// (resolved once, and again whenever a connection ends) or a gRPC name such as dns:///content:9101 (a
// Kubernetes headless Service: one address per ready replica) or dns://<server>/name:port; calls go round
// robin over every address it resolves to. With tlsDir (tls.crt, tls.key, ca.crt, package mtls) the
// connection is mutual TLS: the server must present a certificate that ca.crt signed for the target's host,
// and the client presents tls.crt. An empty tlsDir dials in plain text: on one machine, or under a service
// mesh that encrypts between pods itself (ADR 0007). opts come after the defaults.
func New(target, tlsDir string, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	creds := insecure.NewCredentials()
	if tlsDir != "" {
		cfg, err := mtls.Client(tlsDir)
		if err != nil {
			return nil, fmt.Errorf("dial %s: %w", target, err)
		}
		creds = credentials.NewTLS(cfg)
	}
	defaults := []grpc.DialOption{
		grpc.WithTransportCredentials(creds),
		grpc.WithStatsHandler(otelgrpc.NewClientHandler()),
		// The service config is ours alone: a DNS TXT record cannot change it.
		grpc.WithDisableServiceConfig(),
		grpc.WithDefaultServiceConfig(ServiceConfig()),
		grpc.WithKeepaliveParams(keepalive.ClientParameters{Time: KeepaliveTime, Timeout: KeepaliveTimeout, PermitWithoutStream: true}),
	}
	conn, err := grpc.NewClient(target, append(defaults, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", target, err)
	}
	return conn, nil
}

// ServiceConfig is the service config of every client (JSON): round_robin, and the retry policy for every
// method of the binary's linked protos whose idempotency_level says a repeat is safe (NO_SIDE_EFFECTS or
// IDEMPOTENT).
var ServiceConfig = sync.OnceValue(func() string {
	type name struct {
		Service string `json:"service"`
		Method  string `json:"method"`
	}
	type retryPolicy struct {
		MaxAttempts          int      `json:"maxAttempts"`
		InitialBackoff       string   `json:"initialBackoff"`
		MaxBackoff           string   `json:"maxBackoff"`
		BackoffMultiplier    float64  `json:"backoffMultiplier"`
		RetryableStatusCodes []string `json:"retryableStatusCodes"`
	}
	type methodConfig struct {
		Name        []name      `json:"name"`
		RetryPolicy retryPolicy `json:"retryPolicy"`
	}
	cfg := struct {
		LoadBalancingConfig []map[string]struct{} `json:"loadBalancingConfig"`
		MethodConfig        []methodConfig        `json:"methodConfig,omitempty"`
		RetryThrottling     map[string]float64    `json:"retryThrottling"`
	}{
		LoadBalancingConfig: []map[string]struct{}{{"round_robin": {}}},
		RetryThrottling:     map[string]float64{"maxTokens": throttleTokens, "tokenRatio": throttleRatio},
	}
	var names []name
	protoregistry.GlobalFiles.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		for i := range fd.Services().Len() {
			s := fd.Services().Get(i)
			for j := range s.Methods().Len() {
				m := s.Methods().Get(j)
				if opts, ok := m.Options().(*descriptorpb.MethodOptions); ok &&
					opts.GetIdempotencyLevel() != descriptorpb.MethodOptions_IDEMPOTENCY_UNKNOWN {
					names = append(names, name{Service: string(s.FullName()), Method: string(m.Name())})
				}
			}
		}
		return true
	})
	if len(names) > 0 {
		slices.SortFunc(names, func(a, b name) int {
			return cmp.Or(strings.Compare(a.Service, b.Service), strings.Compare(a.Method, b.Method))
		})
		cfg.MethodConfig = []methodConfig{{Name: names, RetryPolicy: retryPolicy{
			MaxAttempts: retryAttempts, InitialBackoff: retryBackoff, MaxBackoff: retryMaxPause, BackoffMultiplier: 2,
			RetryableStatusCodes: []string{"UNAVAILABLE"},
		}}}
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		panic(err)
	}
	return string(b)
})

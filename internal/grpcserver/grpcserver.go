// Package grpcserver starts a service's gRPC server with the interceptors
// every service shares: metrics, logging, panic recovery, caller identity,
// a refusal of text Postgres cannot hold (NUL), protovalidate and error
// sanitising; plus health and reflection, and a graceful stop when the
// context ends.
package grpcserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"runtime/debug"
	"time"

	"buf.build/go/protovalidate"
	grpcprom "github.com/grpc-ecosystem/go-grpc-middleware/providers/prometheus"
	pvinterceptor "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/protovalidate"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/recovery"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/contrib/instrumentation/google.golang.org/grpc/otelgrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/reflection"
	"google.golang.org/grpc/status"

	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/mtls"
	"github.com/valleytrenchless/site/internal/pgdb"
	"github.com/valleytrenchless/site/internal/telemetry"
)

// Options configure a Server.
type Options struct {
	// Signer verifies the caller identity the gateway attaches.
	Signer *identity.Signer
	// Registry receives the gRPC server metrics.
	Registry *prometheus.Registry
	// ShutdownTimeout bounds the graceful stop; 10s when zero.
	ShutdownTimeout time.Duration
	// BeforeValidate runs after the caller check and before the NUL check
	// and protovalidate: for a service that settles, from the request
	// itself, something its rules depend on (the contact service infers
	// which form sent a lead), or cleans a request rather than refuse it
	// (the contact service drops NUL characters from a lead).
	BeforeValidate []grpc.UnaryServerInterceptor
	// TLSDir makes the server mutual TLS with that certificate directory
	// (tls.crt, tls.key, ca.crt; package mtls): only clients presenting a
	// certificate its ca.crt signed get in. Empty: plain text, as on one
	// machine or under a mesh that encrypts between pods (ADR 0007).
	TLSDir string
	// HealthAddr, when set, also serves the health service alone, in plain
	// text, on that address: Kubernetes' gRPC probes cannot speak TLS. It
	// tells what the main port's health tells, nothing else.
	HealthAddr string
	// MaxConnectionAge ends every client connection this long after it
	// opened (±10 %, gRPC's jitter); MaxConnectionAge when zero.
	MaxConnectionAge time.Duration
}

// MaxConnectionAge is how long a client connection lives before the server
// asks the client (GOAWAY) to open a new one. A gRPC client keeps its
// connections and resolves the service's name again only when one ends, so
// this is what brings a replica added under load its share of the calls
// (ADR 0008): each client resolves again at the latest when its oldest
// connection ages out, 16.5 s after it opened, and the replica takes its
// share within about 20 s. Shorter costs a new connection (and with mutual
// TLS a handshake) per client and replica that often; longer leaves a new
// replica idle longer.
const MaxConnectionAge = 15 * time.Second

// MaxConnectionAgeGrace is how long calls in flight on an aged connection
// may still run before it is closed (new calls go to a new connection at
// once): longer than any call of the product's, so ageing never cuts one.
// Most have the gateway's 10 s deadline, but a CSV export may stream for
// its 5 minutes, and an image streams as slowly as the visitor downloads
// it.
const MaxConnectionAgeGrace = 10 * time.Minute

// KeepaliveMinTime is how often a client may ping: more often than this the
// server closes the connection ("too many pings"). grpcdial pings a silent
// connection every 10 s, gRPC's shortest.
const KeepaliveMinTime = 5 * time.Second

// Server is a gRPC server with health reporting.
type Server struct {
	log        *slog.Logger
	grpc       *grpc.Server
	health     *health.Server
	timeout    time.Duration
	healthAddr string

	initMetrics func()
}

// New builds the server. Register services on GRPC() before Serve.
func New(log *slog.Logger, opts Options) (*Server, error) {
	if opts.Signer == nil {
		return nil, errors.New("grpcserver: a Signer is required")
	}
	validator, err := protovalidate.New()
	if err != nil {
		return nil, fmt.Errorf("grpcserver: validator: %w", err)
	}
	metrics := grpcprom.NewServerMetrics(grpcprom.WithServerHandlingTimeHistogram())
	if opts.Registry != nil {
		opts.Registry.MustRegister(metrics)
	}
	recover := recovery.WithRecoveryHandlerContext(func(ctx context.Context, p any) error {
		log.ErrorContext(ctx, "panic in handler", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		return status.Error(codes.Internal, "internal error")
	})
	unary := []grpc.UnaryServerInterceptor{
		metrics.UnaryServerInterceptor(),
		unaryLogger(log),
		sanitizeUnary(log),
		recovery.UnaryServerInterceptor(recover),
		opts.Signer.UnaryServerInterceptor(),
	}
	unary = append(unary, opts.BeforeValidate...)
	unary = append(unary, refuseNULUnary, pvinterceptor.UnaryServerInterceptor(validator))
	age := opts.MaxConnectionAge
	if age == 0 {
		age = MaxConnectionAge
	}
	serverOpts := []grpc.ServerOption{
		grpc.StatsHandler(otelgrpc.NewServerHandler()),
		grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionAge: age, MaxConnectionAgeGrace: MaxConnectionAgeGrace}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: KeepaliveMinTime, PermitWithoutStream: true}),
	}
	if opts.TLSDir != "" {
		cfg, err := mtls.Server(opts.TLSDir)
		if err != nil {
			return nil, fmt.Errorf("grpcserver: %w", err)
		}
		serverOpts = append(serverOpts, grpc.Creds(credentials.NewTLS(cfg)))
	}
	srv := grpc.NewServer(append(serverOpts,
		grpc.ChainUnaryInterceptor(unary...),
		grpc.ChainStreamInterceptor(
			metrics.StreamServerInterceptor(),
			streamLogger(log),
			sanitizeStream(log),
			recovery.StreamServerInterceptor(recover),
			opts.Signer.StreamServerInterceptor(),
			refuseNULStream,
			pvinterceptor.StreamServerInterceptor(validator),
		))...,
	)
	hs := newHealth()
	healthpb.RegisterHealthServer(srv, hs)
	reflection.Register(srv)
	timeout := opts.ShutdownTimeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	s := &Server{log: log, grpc: srv, health: hs, timeout: timeout, healthAddr: opts.HealthAddr}
	if opts.Registry != nil {
		s.initMetrics = func() { metrics.InitializeMetrics(srv) }
	}
	return s, nil
}

// GRPC returns the underlying server for service registration.
func (s *Server) GRPC() *grpc.Server { return s.grpc }

// Health returns the health server; services may report per-dependency
// status on it (the empty service name is the whole server).
func (s *Server) Health() *health.Server { return s.health }

// ListenAndServe listens on addr and serves until ctx ends.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("grpc listen %s: %w", addr, err)
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx ends, then reports NOT_SERVING, drains calls
// in flight for up to the shutdown timeout, and stops.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if s.initMetrics != nil {
		s.initMetrics()
	}
	s.log.Info("grpc listening", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- s.grpc.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.health.Shutdown()
	done := make(chan struct{})
	go func() { s.grpc.GracefulStop(); close(done) }()
	select {
	case <-done:
	case <-time.After(s.timeout):
		s.log.Warn("graceful stop timed out; stopping")
		s.grpc.Stop()
	}
	return nil
}

// sanitize turns any error that is not a gRPC status into a logged,
// generic Internal error, so raw error text never reaches a client.
func sanitize(ctx context.Context, log *slog.Logger, method string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	if errors.Is(err, context.Canceled) {
		return status.Error(codes.Canceled, "request cancelled")
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return status.Error(codes.DeadlineExceeded, "request timed out")
	}
	if pgdb.Unavailable(err) {
		// A failover or an outage, not a fault of the call: the caller
		// tries again (the edge answers 503 with Retry-After).
		log.WarnContext(ctx, "database unavailable", "method", method, "err", err)
		return status.Error(codes.Unavailable, "database unavailable")
	}
	log.ErrorContext(ctx, "unexpected error", "method", method, "err", err)
	return status.Error(codes.Internal, "internal error")
}

func sanitizeUnary(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		resp, err := handler(ctx, req)
		return resp, sanitize(ctx, log, info.FullMethod, err)
	}
}

func sanitizeStream(log *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		return sanitize(ss.Context(), log, info.FullMethod, handler(srv, ss))
	}
}

func logCall(ctx context.Context, log *slog.Logger, method string, start time.Time, err error) {
	code := status.Code(err)
	level := slog.LevelInfo
	switch code {
	case codes.Internal, codes.Unknown, codes.DataLoss:
		level = slog.LevelError
	case codes.Unavailable, codes.DeadlineExceeded:
		level = slog.LevelWarn
	}
	if method == healthpb.Health_Check_FullMethodName && err == nil {
		level = slog.LevelDebug
	}
	log.Log(ctx, level, "grpc call", "method", method, "code", code.String(), "duration_ms", float64(time.Since(start).Microseconds())/1000)
}

func unaryLogger(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		start := time.Now()
		resp, err := handler(ctx, req)
		logCall(ctx, log, info.FullMethod, start, err)
		return resp, err
	}
}

func streamLogger(log *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		start := time.Now()
		err := handler(srv, ss)
		logCall(ss.Context(), log, info.FullMethod, start, err)
		return err
	}
}

// Check is a dependency probe; the server reports NOT_SERVING while any
// check fails, so the gateway's /readyz and Kubernetes probes see it.
type Check struct {
	Name string
	Fn   func(context.Context) error
	// ReportOnly reports the dependency under its own name (health's
	// List) without making the server NOT_SERVING: one the server works
	// around (the contact service takes leads into its spool while
	// Postgres is down), which another check covers.
	ReportOnly bool
}

// CheckInterval is how often dependency checks run.
const CheckInterval = 2 * time.Second

// Run serves gRPC on grpcAddr, /metrics on metricsAddr and the health
// port when Options named one, runs the dependency checks, and returns when
// ctx ends (after a graceful stop) or when a server fails.
func (s *Server) Run(ctx context.Context, grpcAddr, metricsAddr string, reg *prometheus.Registry, checks ...Check) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	servers := []func() error{
		func() error { return s.ListenAndServe(ctx, grpcAddr) },
		func() error { return telemetry.ServeMetrics(ctx, s.log, metricsAddr, reg) },
	}
	if s.healthAddr != "" {
		servers = append(servers, func() error { return serveHealth(ctx, s.log, s.healthAddr, s.health) })
	}
	errc := make(chan error, len(servers))
	for _, serve := range servers {
		go func() { errc <- serve() }()
	}
	go watch(ctx, s.log, s.health, checks)
	errs := []error{<-errc}
	cancel()
	for range servers[1:] {
		errs = append(errs, <-errc)
	}
	return errors.Join(errs...)
}

func servingStatus(ok bool) healthpb.HealthCheckResponse_ServingStatus {
	if ok {
		return healthpb.HealthCheckResponse_SERVING
	}
	return healthpb.HealthCheckResponse_NOT_SERVING
}

// watch runs the checks every CheckInterval and reports the whole server
// (the empty service name) SERVING only while all of them pass.
func watch(ctx context.Context, log *slog.Logger, hs *health.Server, checks []Check) {
	failing := map[string]bool{}
	for {
		healthy := true
		for _, c := range checks {
			cctx, cancel := context.WithTimeout(ctx, CheckInterval)
			err := c.Fn(cctx)
			cancel()
			if ctx.Err() != nil {
				return
			}
			if err != nil {
				healthy = healthy && c.ReportOnly
				if !failing[c.Name] {
					log.Warn("dependency unhealthy", "dependency", c.Name, "err", err)
				}
			} else if failing[c.Name] {
				log.Info("dependency healthy again", "dependency", c.Name)
			}
			failing[c.Name] = err != nil
			// Each dependency also has its own status (health's List shows
			// them), so a caller can say which one is down.
			hs.SetServingStatus(c.Name, servingStatus(err == nil))
		}
		hs.SetServingStatus("", servingStatus(healthy))
		select {
		case <-ctx.Done():
			return
		case <-time.After(CheckInterval):
		}
	}
}

// LivenessService is the health service name a liveness probe asks for: it
// is SERVING from start until shutdown whatever the dependencies say, so a
// database outage makes pods unready (the empty name) without restarting
// them.
const LivenessService = "liveness"

// newHealth is a health server with LivenessService SERVING.
func newHealth() *health.Server {
	hs := health.NewServer()
	hs.SetServingStatus(LivenessService, healthpb.HealthCheckResponse_SERVING)
	return hs
}

// ServeHealth serves only the gRPC health service on addr, driven by checks
// like Run's, until ctx ends: the probe port of a binary that serves no API
// (the lead notifier). An empty addr disables it.
func ServeHealth(ctx context.Context, log *slog.Logger, addr string, checks ...Check) error {
	if addr == "" {
		<-ctx.Done()
		return nil
	}
	hs := newHealth()
	hctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go watch(hctx, log, hs, checks)
	return serveHealth(ctx, log, addr, hs)
}

// serveHealth serves hs alone, in plain text, on addr until ctx ends.
func serveHealth(ctx context.Context, log *slog.Logger, addr string, hs *health.Server) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("health listen %s: %w", addr, err)
	}
	srv := grpc.NewServer()
	healthpb.RegisterHealthServer(srv, hs)
	log.Info("health listening", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	hs.Shutdown()
	srv.Stop()
	return nil
}

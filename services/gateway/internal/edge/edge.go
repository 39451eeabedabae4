// Package edge is the gateway's HTTP surface: the grpc-gateway mux that maps
// SPEC §7's REST paths onto the services, the JSON error shape, health and
// readiness, and the built web app.
package edge

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/identity"
)

// Upstreams are the client connections to the services.
type Upstreams struct {
	Content *grpc.ClientConn
	Contact *grpc.ClientConn
	Media   *grpc.ClientConn
}

// Options configure the edge.
type Options struct {
	Upstreams Upstreams
	// WebDir is the built web app (web/dist); empty serves no site.
	WebDir string
	// UpstreamTimeout bounds every API call.
	UpstreamTimeout time.Duration
	// ReadyTimeout bounds each upstream health check of /readyz.
	ReadyTimeout time.Duration
	// Signer mints the caller token services verify.
	Signer *identity.Signer
	// Identity returns the signed-in caller of a request, if any.
	Identity func(*http.Request) (identity.Caller, bool)
}

// New builds the edge handler.
func New(ctx context.Context, log *slog.Logger, o Options) (http.Handler, error) {
	if o.UpstreamTimeout == 0 {
		o.UpstreamTimeout = 10 * time.Second
	}
	if o.ReadyTimeout == 0 {
		o.ReadyTimeout = time.Second
	}
	if o.Identity == nil {
		o.Identity = func(*http.Request) (identity.Caller, bool) { return identity.Caller{}, false }
	}
	callerMD := func(r *http.Request) metadata.MD {
		md := metadata.Pairs("x-client-ip", clientIP(r))
		if c, ok := o.Identity(r); ok && o.Signer != nil {
			md.Set(identity.MetadataKey, o.Signer.Mint(c))
		}
		return md
	}
	outgoing := func(r *http.Request) context.Context {
		return metadata.NewOutgoingContext(r.Context(), callerMD(r))
	}
	gw := runtime.NewServeMux(
		runtime.WithMarshalerOption(runtime.MIMEWildcard, &runtime.HTTPBodyMarshaler{Marshaler: &runtime.JSONPb{
			MarshalOptions:   protojson.MarshalOptions{EmitUnpopulated: true},
			UnmarshalOptions: protojson.UnmarshalOptions{DiscardUnknown: true},
		}}),
		runtime.WithErrorHandler(func(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, _ *http.Request, err error) {
			WriteError(ctx, log, w, err)
		}),
		runtime.WithIncomingHeaderMatcher(incomingHeaders),
		runtime.WithOutgoingHeaderMatcher(outgoingHeaders),
		runtime.WithMetadata(func(_ context.Context, r *http.Request) metadata.MD { return callerMD(r) }),
	)
	u := o.Upstreams
	for _, reg := range []func() error{
		func() error { return contentv1.RegisterContentServiceHandler(ctx, gw, u.Content) },
		func() error { return contentv1.RegisterContentAdminServiceHandler(ctx, gw, u.Content) },
		func() error { return contactv1.RegisterContactServiceHandler(ctx, gw, u.Contact) },
		func() error { return contactv1.RegisterLeadInboxServiceHandler(ctx, gw, u.Contact) },
		func() error { return mediav1.RegisterMediaServiceHandler(ctx, gw, u.Media) },
	} {
		if err := reg(); err != nil {
			return nil, err
		}
	}

	mediaClient := mediav1.NewMediaServiceClient(u.Media)
	mux := http.NewServeMux()
	mux.Handle("/api/", withTimeout(gw, o.UpstreamTimeout))
	mux.Handle("POST /api/upload-image", withTimeout(uploadHandler(log, mediaClient, outgoing), 2*o.UpstreamTimeout))
	mux.Handle("GET /media/{key}", mediaHandler(log, mediaClient))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.Handle("GET /readyz", readyz(log, o.ReadyTimeout, map[string]*grpc.ClientConn{
		"content": u.Content, "contact": u.Contact, "media": u.Media,
	}))
	if o.WebDir != "" {
		mux.Handle("/", site(o.WebDir))
	}
	return mux, nil
}

// incomingHeaders forwards the headers services read, besides
// grpc-gateway's defaults (which include X-Forwarded-For and User-Agent as
// grpcgateway-user-agent).
func incomingHeaders(key string) (string, bool) {
	switch strings.ToLower(key) {
	case "idempotency-key":
		return "idempotency-key", true
	}
	return runtime.DefaultHeaderMatcher(key)
}

// outgoingHeaders lets services set only the response headers the edge
// expects from them.
func outgoingHeaders(key string) (string, bool) {
	switch strings.ToLower(key) {
	case "content-disposition":
		return "Content-Disposition", true
	}
	return "", false
}

// clientIP is the visitor's address as the edge sees it.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func withTimeout(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), d)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// readyz reports 200 when every upstream's gRPC health check says SERVING,
// and 503 (naming the failing ones) otherwise.
func readyz(log *slog.Logger, timeout time.Duration, conns map[string]*grpc.ClientConn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		states := map[string]string{}
		ready := true
		for name, conn := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(r.Context(), timeout)
				defer cancel()
				resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
				state := resp.GetStatus().String()
				if err != nil {
					state = "UNREACHABLE"
				}
				mu.Lock()
				defer mu.Unlock()
				states[name] = state
				if state != healthpb.HealthCheckResponse_SERVING.String() {
					ready = false
					log.WarnContext(r.Context(), "upstream not ready", "upstream", name, "state", state, "err", err)
				}
			}()
		}
		wg.Wait()
		code, word := http.StatusOK, "ready"
		if !ready {
			code, word = http.StatusServiceUnavailable, "not ready"
		}
		writeJSON(w, code, map[string]any{"status": word, "upstreams": states})
	})
}

// site serves the built web app: real files as they are (hashed assets
// cached for a year), and index.html for client-side routes.
func site(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		clean := path.Clean("/" + r.URL.Path)
		if strings.HasPrefix(clean, "/api/") {
			WriteError(r.Context(), slog.Default(), w, errNotFound)
			return
		}
		p := filepath.Join(dir, filepath.FromSlash(clean))
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			if strings.HasPrefix(clean, "/assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFile(w, r, filepath.Join(dir, "index.html"))
	})
}

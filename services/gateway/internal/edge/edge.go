// Package edge is the gateway's HTTP surface: the grpc-gateway mux that maps
// SPEC §7's REST paths onto the services, authorisation, limits, security
// headers, the public-read cache, health and readiness, image upload and
// serving; it mounts the sign-in routes (package signin) and the built web
// app (package site), and writes errors with package httperr.
package edge

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/gateway/internal/audit"
	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
	"github.com/valleytrenchless/site/services/gateway/internal/httpobs"
	"github.com/valleytrenchless/site/services/gateway/internal/leadfeed"
	"github.com/valleytrenchless/site/services/gateway/internal/sessionend"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
	"github.com/valleytrenchless/site/services/gateway/internal/site"
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
	// Sessions resolves sign-in and serves the auth routes; nil serves
	// none (tests use Identity instead).
	Sessions *signin.Handler
	// Routes are more of the gateway's own routes beside sign-in's
	// (passkeys), mounted like them; only with Sessions.
	Routes []Routes
	// Audit, when set, appends every staff write and sensitive read to the
	// audit log (it needs Sessions).
	Audit *audit.Recorder
	// Identity returns the signed-in caller when Sessions is nil.
	Identity func(*http.Request) (identity.Caller, bool)
	// PublicOrigin is the site's own origin (scheme://host[:port]), used
	// for canonical URLs, the sitemap and the feed.
	PublicOrigin string
	// TrustedOrigins may also send state-changing requests (e.g. a dev
	// server).
	TrustedOrigins []string
	// TrustedProxyHeader is the only header believed for the client IP
	// (e.g. X-Forwarded-For set by the ingress); empty uses the socket.
	TrustedProxyHeader string
	// CSP names the video and map-tile hosts; the site also serves every
	// page with the map tiles' data block.
	CSP CSPOptions
	// CompanyName titles pages and the feed.
	CompanyName string
	// Limits per path (POST only); nil uses DefaultLimits.
	Limits map[string]RateLimit
	// SharedLimit, when set, holds the limits across every gateway
	// replica (the gateway's Postgres); nil: each replica's own only.
	SharedLimit SharedLimit
	// CacheTTL is the backstop lifetime of cached public reads.
	CacheTTL time.Duration
	// CacheLimits bound the public-read cache; zero fields take
	// DefaultCacheLimits'.
	CacheLimits CacheLimits
	// SiteKeepBytes bounds what the site keeps in memory besides the
	// build's pages (site.Options.KeepBytes; 0: site.DefaultKeepBytes).
	SiteKeepBytes int64
	// ExportTimeout bounds the CSV export instead of UpstreamTimeout;
	// zero means DefaultExportTimeout.
	ExportTimeout time.Duration
	// LeadFeed feeds GET /api/contact-submissions/events; nil serves no
	// live stream.
	LeadFeed *leadfeed.Broker
	// EventsHeartbeat is the live stream's keep-alive interval; zero means
	// DefaultEventsHeartbeat.
	EventsHeartbeat time.Duration
	// EventsSessionCheck is how often a live stream checks that its
	// caller is still signed in as staff; zero means
	// DefaultEventsSessionCheck.
	EventsSessionCheck time.Duration
	// StaffLimits are the per-account limits of the staff routes; nil
	// means DefaultStaffLimits.
	StaffLimits *StaffLimits
	// SessionEnds ends a live stream the moment its session ends on this
	// gateway (sessionend.Registry.EndUser ends an account's); nil: the
	// edge keeps its own.
	SessionEnds *sessionend.Registry
}

// Routes mount routes of the gateway's own (as signin.Handler does):
// wrap adds the body cap and the rate limit of the path it is given.
type Routes interface {
	Register(mux *http.ServeMux, wrap func(path string, h http.Handler) http.Handler)
}

// DefaultLimits are the per-IP token buckets of the abuse-prone routes.
var DefaultLimits = map[string]RateLimit{
	"/api/contact":  {Every: time.Minute, Burst: 5},
	"/api/login":    {Every: 12 * time.Second, Burst: 5},
	"/api/register": {Every: time.Minute, Burst: 3},
	// Reset mails: each address also gets three, then one every 20 minutes
	// (signin.resetBurst).
	"/api/password-reset": {Every: time.Minute, Burst: 3},
	"/api/upload-image":   {Every: 3 * time.Second, Burst: 20},
}

// Edge is the gateway's handler.
type Edge struct {
	http.Handler
	// ReadyDetails is /readyz with each upstream's state and the
	// dependencies each reports down, for the metrics port: the public
	// /readyz says only ready or not.
	ReadyDetails http.Handler
	cache        *publicCache
	// site serves the web app; nil without one.
	site *site.Site
	// upstreams and readyTimeout are what /readyz asks, by upstream name.
	upstreams    map[string]*grpc.ClientConn
	readyTimeout time.Duration
	// warming holds /readyz at "not ready" while Warm fills the pages.
	warming *atomic.Bool
	log     *slog.Logger
}

// InvalidatePublicCache drops cached public reads, and the site's reads
// and the pages filled from them (on content.changed and NATS reconnect).
func (e *Edge) InvalidatePublicCache() {
	e.cache.Invalidate()
	if e.site != nil {
		e.site.Invalidate()
	}
}

// wholeSegment is a path variable of one segment as grpc-gateway prints it
// ({id=*}).
var wholeSegment = regexp.MustCompile(`\{([^=}]+)=\*\}`)

// routeTemplate is a grpc-gateway pattern as OpenTelemetry's http.route
// writes a route: /api/posts/{id=*} becomes /api/posts/{id}.
func routeTemplate(pattern string) string { return wholeSegment.ReplaceAllString(pattern, "{$1}") }

// Refill fills the site's public pages again after InvalidatePublicCache.
func (e *Edge) Refill(ctx context.Context) error {
	if e.site == nil {
		return nil
	}
	return e.site.Refill(ctx)
}

// WarmWait is the longest Warm waits for the upstreams to serve before it
// fills the pages anyway.
const WarmWait = 30 * time.Second

// Warm fills the site's public pages before the gateway says it is ready:
// the fast lane answers only what is kept, and a connection whose first
// request it cannot answer is net/http's for good (a new gateway's first
// 128 connections: 45–48k answers/s for / without this, 101–113k with it). /readyz says "not ready" from the call
// until the pages are filled, in the background; the fill waits (up to
// WarmWait) until every upstream serves, so the pages hold the current
// texts. A page that cannot be filled is left to its first request. The
// channel is closed when it is over.
func (e *Edge) Warm(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	if e.site == nil {
		close(done)
		return done
	}
	e.warming.Store(true)
	go func() {
		defer close(done)
		defer e.warming.Store(false)
		start := time.Now()
		for !e.upstreamsServing(ctx) {
			if time.Since(start) > WarmWait {
				e.log.WarnContext(ctx, "warm: the upstreams do not all serve yet; filling the pages anyway", "waited", WarmWait)
				break
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
		n, err := e.site.Fill(ctx)
		if err != nil {
			e.log.WarnContext(ctx, "warm: a page could not be filled; the rest fill on request", "filled", n, "err", err)
			return
		}
		e.log.InfoContext(ctx, "warm: public pages filled", "pages", n, "took_ms", time.Since(start).Milliseconds())
	}()
	return done
}

// upstreamsServing reports whether every upstream's health says SERVING.
func (e *Edge) upstreamsServing(ctx context.Context) bool {
	for _, conn := range e.upstreams {
		if state, _, _ := checkUpstream(ctx, e.readyTimeout, conn, false); state != healthpb.HealthCheckResponse_SERVING.String() {
			return false
		}
	}
	return true
}

// Ready returns the answer kept for a GET or HEAD of path?query when it
// is ready to be written as it is, with no work (package fastlane writes
// it without net/http): a public read the cache holds, or a public page or
// article the site has filled. Anything else, or an answer not kept yet,
// is nil: net/http then serves the request, which fills what it needs.
func (e *Edge) Ready(path, query string) *encoded.Set {
	if isPublicReadPath(path) {
		return e.cache.ready(path, query)
	}
	if e.site != nil {
		return e.site.Ready(path)
	}
	return nil
}

// CacheStats returns the public cache's figures.
func (e *Edge) CacheStats() CacheStats { return e.cache.stats() }

// New builds the edge.
func New(ctx context.Context, log *slog.Logger, o Options) (*Edge, error) {
	if o.UpstreamTimeout == 0 {
		o.UpstreamTimeout = 10 * time.Second
	}
	if o.ReadyTimeout == 0 {
		o.ReadyTimeout = time.Second
	}
	if o.CacheTTL == 0 {
		o.CacheTTL = 5 * time.Minute
	}
	if o.CacheLimits.Entries == 0 {
		o.CacheLimits.Entries = DefaultCacheLimits.Entries
	}
	if o.CacheLimits.Bytes == 0 {
		o.CacheLimits.Bytes = DefaultCacheLimits.Bytes
	}
	if o.Limits == nil {
		o.Limits = DefaultLimits
	}
	if o.ExportTimeout == 0 {
		o.ExportTimeout = DefaultExportTimeout
	}
	if o.EventsHeartbeat == 0 {
		o.EventsHeartbeat = DefaultEventsHeartbeat
	}
	if o.EventsSessionCheck == 0 {
		o.EventsSessionCheck = DefaultEventsSessionCheck
	}
	if o.CompanyName == "" {
		o.CompanyName = "Valley Trenchless Pros"
	}
	caller := o.Identity
	if o.Sessions != nil {
		caller = func(r *http.Request) (identity.Caller, bool) {
			s, ok := signin.FromContext(r.Context())
			if !ok {
				return identity.Caller{}, false
			}
			return signin.CallerOf(s.User), true
		}
	}
	if caller == nil {
		caller = func(*http.Request) (identity.Caller, bool) { return identity.Caller{}, false }
	}
	clientIP := clientIPFunc(o.TrustedProxyHeader)
	callerMD := func(r *http.Request) metadata.MD {
		md := metadata.Pairs("x-client-ip", clientIP(r))
		if c, ok := caller(r); ok && o.Signer != nil {
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
			if body, ok := parseErrorBody(err); ok {
				writeBody(w, http.StatusBadRequest, body)
				return
			}
			WriteError(ctx, log, w, err)
		}),
		runtime.WithIncomingHeaderMatcher(incomingHeaders),
		runtime.WithOutgoingHeaderMatcher(outgoingHeaders),
		runtime.WithForwardResponseOption(pageHeaders),
		runtime.WithMetadata(func(_ context.Context, r *http.Request) metadata.MD { return callerMD(r) }),
		runtime.WithMiddlewares(func(next runtime.HandlerFunc) runtime.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request, params map[string]string) {
				if p, ok := runtime.HTTPPattern(r.Context()); ok {
					httpobs.SetRoute(r.Context(), routeTemplate(p.String()))
				}
				next(w, r, params)
			}
		}),
	)
	u := o.Upstreams
	// Every call through the edge meets its method's access rule here, for
	// the caller the request's handler put in its context, before it
	// leaves; the service checks it again on arrival.
	content, contact, media := identity.AccessConn{ClientConnInterface: u.Content},
		identity.AccessConn{ClientConnInterface: u.Contact}, identity.AccessConn{ClientConnInterface: u.Media}
	for _, reg := range []func() error{
		func() error {
			return contentv1.RegisterContentServiceHandlerClient(ctx, gw, contentv1.NewContentServiceClient(content))
		},
		func() error {
			return contentv1.RegisterContentAdminServiceHandlerClient(ctx, gw, contentv1.NewContentAdminServiceClient(content))
		},
		func() error {
			return contactv1.RegisterContactServiceHandlerClient(ctx, gw, contactv1.NewContactServiceClient(contact))
		},
		func() error {
			return contactv1.RegisterLeadInboxServiceHandlerClient(ctx, gw, contactv1.NewLeadInboxServiceClient(contact))
		},
		func() error {
			return contactv1.RegisterWebhookAdminServiceHandlerClient(ctx, gw, contactv1.NewWebhookAdminServiceClient(contact))
		},
		func() error {
			return mediav1.RegisterMediaServiceHandlerClient(ctx, gw, mediav1.NewMediaServiceClient(media))
		},
	} {
		if err := reg(); err != nil {
			return nil, err
		}
	}

	limiters := map[string]*limiter{}
	for path, l := range o.Limits {
		limiters[path] = newLimiter(l)
	}
	limit := func(path string, h http.Handler) http.Handler {
		if l, ok := limiters[path]; ok {
			return rateLimited(log, path, l, o.SharedLimit, clientIP, h)
		}
		return h
	}

	security := SecurityHeaders(o.CSP.ContentSecurityPolicy())
	cache := newPublicCache(o.CacheTTL, o.CacheLimits, security)
	api := cache.handler(withTimeout(gw, o.UpstreamTimeout))
	mux := http.NewServeMux()
	mux.Handle("/api/", capJSONBody(log, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// grpc-gateway forwards these whatever its matcher says: sessions
		// are cookies, read here, and a client does not set the edge's
		// upstream deadline.
		r.Header.Del("Authorization")
		r.Header.Del("Grpc-Timeout")
		var h http.Handler = api
		if isStaffPath(r.URL.Path) {
			h = staffOnly(log, caller, h)
		} else if c, ok := caller(r); ok {
			r = r.WithContext(identity.WithCaller(r.Context(), c))
		}
		if r.URL.Path == leadPath {
			h = repairedLeadBody(h)
		}
		if o.Sessions != nil && assigns(r) {
			// Inside staffOnly: the caller is known before the body is read.
			h = staffOnly(log, caller, o.Sessions.CheckAssignee(api))
		}
		limit(r.URL.Path, h).ServeHTTP(w, r)
	})))
	mediaClient := mediav1.NewMediaServiceClient(media)
	mux.Handle("POST /api/upload-image", limit("/api/upload-image",
		allowed(log, caller, authv1.Access_ACCESS_CONTENT, withTimeout(uploadHandler(log, mediaClient, outgoing), 2*o.UpstreamTimeout))))
	mux.Handle("GET /media/{key}", mediaHandler(log, mediaClient))
	// The lead export and the live lead stream are long-lived answers:
	// routed here, ahead of the /api/ catch-all, they skip UpstreamTimeout
	// and the public cache, and keep the staff-only check.
	mux.Handle("GET /api/contact-submissions/export.csv", allowed(log, caller, authv1.Access_ACCESS_LEADS,
		exportHandler(log, contactv1.NewLeadInboxServiceClient(contact), outgoing, o.ExportTimeout)))
	if o.LeadFeed != nil {
		// A stream outlives its request's session check: it asks again,
		// without counting as activity, and ends when the session has (or
		// its account no longer works the leads).
		stillStaff := func(r *http.Request) bool {
			c, ok := caller(r)
			return identity.Allows(authv1.Access_ACCESS_LEADS, c, ok) == nil
		}
		if o.Sessions != nil {
			stillStaff = func(r *http.Request) bool {
				u, ok, err := o.Sessions.StillSignedIn(r)
				if err != nil {
					// Not knowing is not a reason to cut the inbox off.
					log.WarnContext(r.Context(), "live leads: cannot check the session", "err", err)
					return true
				}
				c := signin.CallerOf(u)
				return ok && identity.Allows(authv1.Access_ACCESS_LEADS, c, true) == nil
			}
		}
		mux.Handle("GET /api/contact-submissions/events", allowed(log, caller, authv1.Access_ACCESS_LEADS,
			leadEvents(log, o.LeadFeed, o.EventsHeartbeat, o.EventsSessionCheck, stillStaff)))
	}
	if o.Sessions != nil {
		wrap := func(path string, h http.Handler) http.Handler {
			if strings.HasPrefix(path, "/api/") {
				return capJSONBody(log, limit(path, h))
			}
			return h
		}
		o.Sessions.Register(mux, wrap)
		for _, routes := range o.Routes {
			routes.Register(mux, wrap)
		}
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	upstreams := map[string]*grpc.ClientConn{"content": u.Content, "contact": u.Contact, "media": u.Media}
	warming := new(atomic.Bool)
	mux.Handle("GET /readyz", readyz(log, o.ReadyTimeout, upstreams, warming, false))
	var web *site.Site
	if o.WebDir != "" {
		var err error
		web, err = site.New(log, site.Options{Dir: o.WebDir, Origin: strings.TrimRight(o.PublicOrigin, "/"), Company: o.CompanyName,
			Reads: site.ContentService{Client: contentv1.NewContentServiceClient(u.Content), Timeout: o.UpstreamTimeout},
			TTL:   o.CacheTTL, MapTiles: o.CSP.MapTiles.block(), Headers: security, KeepBytes: o.SiteKeepBytes})
		if err != nil {
			return nil, err
		}
		mux.Handle("/", web)
	}

	var h http.Handler = staffRateLimited(log, o.StaffLimits, o.SharedLimit, caller, endsWithItsSession(o.Sessions, o.SessionEnds, mux))
	h, err := originProtected(log, o.TrustedOrigins, h)
	if err != nil {
		return nil, err
	}
	if o.Sessions != nil {
		if o.Audit != nil {
			h = o.Audit.Middleware(h)
		}
		h = o.Sessions.Middleware(h)
	}
	h = securityHeaders(security, refuseChunkedBodies(log, h))
	return &Edge{Handler: h, cache: cache, site: web, ReadyDetails: readyz(log, o.ReadyTimeout, upstreams, warming, true),
		upstreams: upstreams, readyTimeout: o.ReadyTimeout, warming: warming, log: log}, nil
}

// assigns reports whether r may name a lead's assignee (a lead's change,
// or a bulk change).
func assigns(r *http.Request) bool {
	return (r.Method == http.MethodPatch && strings.HasPrefix(r.URL.Path, "/api/contact-submissions/")) ||
		(r.Method == http.MethodPost && r.URL.Path == "/api/contact-submissions/bulk")
}

// incomingHeaders forwards the only request headers services read, and
// nothing else a client chose: grpc-gateway's default would also turn
// every Grpc-Metadata-* header into metadata (a client could name its own
// x-client-ip, or put a caller token of its own first). What services know
// of the caller and its address the edge sets itself (callerMD).
// Authorization never reaches the matcher: the API handler drops it
// (grpc-gateway forwards it unasked).
func incomingHeaders(key string) (string, bool) {
	switch strings.ToLower(key) {
	case "idempotency-key":
		return "idempotency-key", true
	case "user-agent":
		return "grpcgateway-user-agent", true
	}
	return "", false
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

// pageHeaders puts a paged answer's next page and counts in headers: a
// list answered as a bare JSON array (GET /api/admin/blog-posts, SPEC §7)
// has nowhere else to carry them.
func pageHeaders(_ context.Context, w http.ResponseWriter, m proto.Message) error {
	h := w.Header()
	if p, ok := m.(interface{ GetNextPageToken() string }); ok && p.GetNextPageToken() != "" {
		h.Set("X-Next-Page-Token", p.GetNextPageToken())
	}
	if p, ok := m.(interface{ GetTotalSize() int32 }); ok {
		h.Set("X-Total-Count", strconv.Itoa(int(p.GetTotalSize())))
	}
	if p, ok := m.(interface{ GetPostCount() int32 }); ok {
		h.Set("X-Post-Count", strconv.Itoa(int(p.GetPostCount())))
	}
	return nil
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

// readyz reports 200 when every upstream's gRPC health check says SERVING
// and the pages are not being warmed (Warm), and 503 otherwise. With details it names each upstream's state and,
// where an upstream reports them (health's List), the dependencies it
// finds down, e.g. {"down": {"contact": ["postgres"]}}; without, only
// {"status": …}: the public port does not tell anyone how the product is
// built or what is failing (the log and the metrics port do).
func readyz(log *slog.Logger, timeout time.Duration, conns map[string]*grpc.ClientConn, warming *atomic.Bool, details bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		states := map[string]string{}
		down := map[string][]string{}
		ready := true
		for name, conn := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				state, deps, err := checkUpstream(r.Context(), timeout, conn, true)
				mu.Lock()
				defer mu.Unlock()
				states[name] = state
				if len(deps) > 0 {
					down[name] = deps
				}
				if state != healthpb.HealthCheckResponse_SERVING.String() {
					ready = false
					log.WarnContext(r.Context(), "upstream not ready", "upstream", name, "state", state, "down", deps, "err", err)
				}
			}()
		}
		wg.Wait()
		warm := warming.Load()
		ready = ready && !warm
		code, body := http.StatusOK, map[string]any{"status": "ready"}
		if !ready {
			code, body = http.StatusServiceUnavailable, map[string]any{"status": "not ready"}
		}
		if details {
			body["upstreams"], body["down"] = states, down
			if warm {
				body["warming"] = true
			}
		}
		writeJSON(w, code, body)
	})
}

// checkUpstream asks an upstream's gRPC health within timeout: its state
// (SERVING, NOT_SERVING, or UNREACHABLE when it does not answer) and, with
// deps and when it is not serving, the dependencies it reports down.
func checkUpstream(ctx context.Context, timeout time.Duration, conn *grpc.ClientConn, deps bool) (string, []string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	client := healthpb.NewHealthClient(conn)
	resp, err := client.Check(ctx, &healthpb.HealthCheckRequest{})
	state := resp.GetStatus().String()
	if err != nil {
		state = "UNREACHABLE"
	}
	// A dependency reported down while the upstream still serves (one it
	// works around: grpcserver.Check.ReportOnly) is listed too.
	var down []string
	if deps && err == nil {
		if list, err := client.List(ctx, &healthpb.HealthListRequest{}); err == nil {
			for dep, st := range list.GetStatuses() {
				if dep != "" && st.GetStatus() != healthpb.HealthCheckResponse_SERVING {
					down = append(down, dep)
				}
			}
			slices.Sort(down)
		}
	}
	return state, down, err
}

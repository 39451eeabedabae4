package edge

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// MaxJSONBody caps JSON request bodies.
const MaxJSONBody = 64 << 10

// MaxPostJSONBody caps a staff blog-post body (create, update, preview): a
// post's content may be 200,000 characters, up to 4 bytes each in UTF-8,
// plus JSON escaping and the other fields.
const MaxPostJSONBody = 1 << 20

// jsonBodyLimit is the cap for a request's JSON body.
func jsonBodyLimit(path string) int64 {
	if path == "/api/admin/blog-posts" || strings.HasPrefix(path, "/api/admin/blog-posts/") {
		return MaxPostJSONBody
	}
	return MaxJSONBody
}

// CSPOptions name the only third-party hosts pages may use.
type CSPOptions struct {
	// VideoHost is framed for embedded videos (privacy-enhanced YouTube).
	VideoHost string
	// MapTiles is the risk map's street map: its scheme, host and port
	// may serve images (and the site hands pages its URL).
	MapTiles MapTiles
	// UpgradeInsecure adds upgrade-insecure-requests (https deployments;
	// it would break a plain-http local site).
	UpgradeInsecure bool
}

// ContentSecurityPolicy returns the site's policy: no inline or
// third-party script, frames only from the video host, images also from
// the map tiles.
func (o CSPOptions) ContentSecurityPolicy() string {
	frame := "'none'"
	if o.VideoHost != "" {
		frame = o.VideoHost
	}
	img := "'self' data: blob:"
	if src := o.MapTiles.Source(); src != "" {
		img += " " + src
	}
	directives := []string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src " + img,
		"font-src 'self'",
		"connect-src 'self'",
		"media-src 'self'",
		"frame-src " + frame,
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}
	if o.UpgradeInsecure {
		directives = append(directives, "upgrade-insecure-requests")
	}
	return strings.Join(directives, "; ")
}

// SecurityHeaders are the headers every response carries, under their
// canonical keys.
func SecurityHeaders(csp string) http.Header {
	return http.Header{
		"Content-Security-Policy":    {csp},
		"Strict-Transport-Security":  {"max-age=63072000; includeSubDomains"},
		"X-Content-Type-Options":     {"nosniff"},
		"X-Frame-Options":            {"DENY"},
		"Referrer-Policy":            {"strict-origin-when-cross-origin"},
		"Permissions-Policy":         {"camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"},
		"Cross-Origin-Opener-Policy": {"same-origin"},
	}
}

// securityHeaders sets the headers every response carries. The values are
// made once and shared: each is a one-element slice (full, so an Add by a
// later handler copies it rather than writing into the shared array) under
// its canonical key, so setting them costs no allocation.
func securityHeaders(fixed http.Header, next http.Handler) http.Handler {
	type kv struct {
		key   string
		value []string
	}
	var headers []kv
	for k, v := range fixed {
		headers = append(headers, kv{k, v[:len(v):len(v)]})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range headers {
			h[kv.key] = kv.value
		}
		next.ServeHTTP(w, r)
	})
}

// ClientIPFunc is clientIPFunc for the gateway's other parts (the audit
// log records the address the edge's limits see).
func ClientIPFunc(trustedHeader string) func(*http.Request) string {
	return clientIPFunc(trustedHeader)
}

// clientIPFunc resolves the visitor's address: from the configured trusted
// proxy header only (its last entry, the one our proxy added), or else the
// connection's address. A header the proxy did not set is never believed.
// It runs where the address is needed (rate limits, the services'
// metadata), not for every request: attaching it to each request's context
// copied the request.
func clientIPFunc(trustedHeader string) func(*http.Request) string {
	return func(r *http.Request) string {
		if trustedHeader != "" {
			if v := r.Header.Values(trustedHeader); len(v) > 0 {
				last := v[len(v)-1]
				if i := strings.LastIndexByte(last, ','); i >= 0 {
					last = last[i+1:]
				}
				if ip := strings.TrimSpace(last); net.ParseIP(ip) != nil {
					return ip
				}
			}
		}
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			return r.RemoteAddr
		}
		return host
	}
}

// RateLimit is a token bucket per client IP.
type RateLimit struct {
	Every time.Duration // one token per Every
	Burst int
}

// limiter keeps one bucket per IP and forgets idle ones.
type limiter struct {
	limit RateLimit
	mu    sync.Mutex
	ips   map[string]*bucket
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(l RateLimit) *limiter { return &limiter{limit: l, ips: map[string]*bucket{}} }

// allow reports whether ip may proceed, and otherwise how long to wait.
func (l *limiter) allow(ip string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.ips[ip]
	if !ok {
		if len(l.ips) > 100_000 {
			l.sweep(now)
		}
		b = &bucket{lim: rate.NewLimiter(rate.Every(l.limit.Every), l.limit.Burst)}
		l.ips[ip] = b
	}
	b.seen = now
	r := b.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// sweep drops buckets idle long enough to be full again.
func (l *limiter) sweep(now time.Time) {
	full := l.limit.Every * time.Duration(l.limit.Burst)
	for ip, b := range l.ips {
		if now.Sub(b.seen) > full {
			delete(l.ips, ip)
		}
	}
}

// SharedLimit takes a token from the bucket key, shared by every gateway
// replica, that holds l.Burst tokens and refills one per l.Every; when none
// is left it says how long until one is.
type SharedLimit func(ctx context.Context, key string, l RateLimit) (ok bool, wait time.Duration, err error)

// rateLimited refuses a visitor's state change past its route's limit,
// counted per client address (take).
func rateLimited(log *slog.Logger, path string, l *limiter, shared SharedLimit, clientIP func(*http.Request) string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		ip := clientIP(r)
		if ok, wait := take(r, log, path, l, ip, shared, path+"|"+ip); !ok {
			writeTooMany(w, wait, "Too many attempts. Please wait %d seconds and try again, or call us.")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// take takes a token for key from the replica's own bucket l first: it
// turns a flood away without a database call. What it lets through is
// counted again in the bucket sharedKey all replicas share (when shared is
// set), so a limit holds however a load balancer spreads the requests. If
// the shared bucket cannot be read, the replica's own decides: a lead is
// never refused for it. name says in the log which limit it was.
func take(r *http.Request, log *slog.Logger, name string, l *limiter, key string, shared SharedLimit, sharedKey string) (bool, time.Duration) {
	ok, wait := l.allow(key, time.Now())
	if ok && shared != nil {
		sok, swait, err := shared(r.Context(), sharedKey, l.limit)
		if err != nil {
			log.WarnContext(r.Context(), "shared rate limit unavailable; the replica's own applies", "path", name, "err", err)
		} else {
			ok, wait = sok, swait
		}
	}
	return ok, wait
}

// writeTooMany answers 429 with Retry-After and message, a format given
// the whole seconds to wait.
func writeTooMany(w http.ResponseWriter, wait time.Duration, message string) {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeBody(w, http.StatusTooManyRequests, ErrorBody{
		Message: fmt.Sprintf(message, secs), Code: "resource_exhausted", Details: []FieldViolation{},
	})
}

// MsgLengthRequired is the answer to a request whose body is framed by
// Transfer-Encoding.
const MsgLengthRequired = "Send the request body with a Content-Length header."

// refuseChunkedBodies answers 400, and closes the connection, when a
// request's body is framed by Transfer-Encoding. A request carrying both
// Content-Length and Transfer-Encoding is the classic desync behind a proxy
// that reads the other one (RFC 9112 §6.3 lets a server refuse it and then
// requires the close) — and net/http drops the Content-Length before a
// handler could see both, so every chunked body is refused: no client of
// this API sends one (browsers and the ingress send a Content-Length).
func refuseChunkedBodies(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.TransferEncoding) > 0 {
			w.Header().Set("Connection", "close")
			writeStatus(r.Context(), log, w, http.StatusBadRequest, status.Error(codes.InvalidArgument, MsgLengthRequired))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// capJSONBody refuses JSON bodies over their cap (jsonBodyLimit) with 413.
func capJSONBody(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := jsonBodyLimit(r.URL.Path)
		if r.ContentLength > limit {
			writeStatus(r.Context(), log, w, http.StatusRequestEntityTooLarge, status.Error(codes.InvalidArgument, "The request is too large."))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// staffOnly answers 401 to signed-out and 403 to signed-in non-staff
// callers, and 503 when the caller's session could not be looked up (the
// database failing over: staff keep their session and retry); staff pass (and the services check the signed identity again).
// No staff answer is stored by the browser or anything between: leads and
// drafts stay off shared disks.
func staffOnly(log *slog.Logger, caller func(*http.Request) (identity.Caller, bool), next http.Handler) http.Handler {
	return allowed(log, caller, authv1.Access_ACCESS_STAFF, next)
}

// allowed refuses a caller the access rule does not admit (a role's
// refusal is 403, like the services'), and hands the caller on in the
// request's context, where the upstream connections check each method's
// own rule before the call leaves (identity.AccessConn).
func allowed(log *slog.Logger, caller func(*http.Request) (identity.Caller, bool), access authv1.Access, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Cache-Control"] = noStore
		c, ok := caller(r)
		if !ok && signin.SessionUnknown(r.Context()) {
			w.Header().Set("Retry-After", "5")
			WriteError(r.Context(), log, w, status.Error(codes.Unavailable, "session lookup failed"))
			return
		}
		if err := identity.Allows(access, c, ok); err != nil {
			WriteError(r.Context(), log, w, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(identity.WithCaller(r.Context(), c)))
	})
}

var noStore = []string{"no-store"}

// isStaffPath lists the protected API paths.
func isStaffPath(p string) bool {
	return strings.HasPrefix(p, "/api/admin/") || p == "/api/admin" || p == "/api/upload-image" ||
		p == "/api/contact-submissions" || strings.HasPrefix(p, "/api/contact-submissions/")
}

// originProtected refuses cross-origin state-changing requests (Go's
// CrossOriginProtection: Sec-Fetch-Site, else Origin against Host).
func originProtected(log *slog.Logger, trusted []string, next http.Handler) (http.Handler, error) {
	cop := http.NewCrossOriginProtection()
	for _, o := range trusted {
		if err := cop.AddTrustedOrigin(o); err != nil {
			return nil, fmt.Errorf("trusted origin %q: %w", o, err)
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.WarnContext(r.Context(), "cross-origin request refused", "origin", r.Header.Get("Origin"), "path", r.URL.Path)
		WriteError(r.Context(), log, w, status.Error(codes.PermissionDenied, "This request must come from the site itself."))
	}))
	return cop.Handler(next), nil
}

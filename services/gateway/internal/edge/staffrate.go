package edge

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// StaffLimits are the per-account token buckets of the staff routes
// (isStaffPath: /api/admin/*, /api/contact-submissions*, the export, the
// live stream, /api/upload-image): every call of a signed-in account
// counts, whichever gateway replica answers it (SharedLimit), whatever its
// method. A zero field takes DefaultStaffLimits'.
type StaffLimits struct {
	// API is every staff call but the two below.
	API RateLimit
	// Export is GET /api/contact-submissions/export.csv.
	Export RateLimit
	// Upload is POST /api/upload-image (also limited per address:
	// DefaultLimits).
	Upload RateLimit
	// Off turns the per-account limits off: for load drills and
	// benchmarks, whose one account does a whole office's work
	// (GATEWAY_STAFF_RATE_LIMITS=false).
	Off bool
}

// DefaultStaffLimits leave a day's work alone — a page of the admin asks
// for a handful of reads at once, a bulk change 200 leads in one call —
// and stop a stolen session or a script from reading the leads out
// quickly: 120 calls, then 10 a second; five exports, then one every 30
// seconds; twenty uploads, then one every 3 seconds.
var DefaultStaffLimits = StaffLimits{
	API:    RateLimit{Every: 100 * time.Millisecond, Burst: 120},
	Export: RateLimit{Every: 30 * time.Second, Burst: 5},
	Upload: RateLimit{Every: 3 * time.Second, Burst: 20},
}

// msgStaffTooMany is a staff call past its account's limit.
const msgStaffTooMany = "Too many requests from your account. Please wait %d seconds and try again."

// staffRateLimited answers 429 (Retry-After, msgStaffTooMany) to a staff
// call past its account's bucket. The account is the session's user id
// (the caller's e-mail where the edge runs without sessions). A call
// without an account goes on, to be refused by the staff check.
func staffRateLimited(log *slog.Logger, limits *StaffLimits, shared SharedLimit, caller func(*http.Request) (identity.Caller, bool), next http.Handler) http.Handler {
	if limits != nil && limits.Off {
		return next
	}
	l := DefaultStaffLimits
	if limits != nil {
		l = limits.withDefaults()
	}
	buckets := map[string]*limiter{"api": newLimiter(l.API), "export": newLimiter(l.Export), "upload": newLimiter(l.Upload)}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isStaffPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		account := ""
		if s, ok := signin.FromContext(r.Context()); ok {
			account = s.User.ID
		} else if c, ok := caller(r); ok {
			account = c.Email
		}
		if account == "" {
			next.ServeHTTP(w, r)
			return
		}
		class := "api"
		switch r.URL.Path {
		case "/api/contact-submissions/export.csv":
			class = "export"
		case "/api/upload-image":
			class = "upload"
		}
		if ok, wait := take(r, log, "staff "+class, buckets[class], account, shared, "account:"+class+"|"+account); !ok {
			writeTooMany(w, wait, msgStaffTooMany)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// withDefaults is l with its zero fields DefaultStaffLimits'.
func (l StaffLimits) withDefaults() StaffLimits {
	for _, f := range []struct{ set, def *RateLimit }{
		{&l.API, &DefaultStaffLimits.API}, {&l.Export, &DefaultStaffLimits.Export}, {&l.Upload, &DefaultStaffLimits.Upload},
	} {
		if f.set.Every == 0 || f.set.Burst == 0 {
			*f.set = *f.def
		}
	}
	return l
}

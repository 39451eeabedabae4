// Command gateway is the only public entry: it maps SPEC §7's REST API onto
// the content, contact and media gRPC services, signs staff in, and serves
// the web app. `gateway users …` manages local accounts (see docs/configuration.md);
// `gateway migrate` applies the gateway's schema migrations and exits.
package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"

	"github.com/valleytrenchless/site/internal/boot"
	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/grpcdial"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/telemetry"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/audit"
	"github.com/valleytrenchless/site/services/gateway/internal/changes"
	"github.com/valleytrenchless/site/services/gateway/internal/edge"
	"github.com/valleytrenchless/site/services/gateway/internal/fastlane"
	"github.com/valleytrenchless/site/services/gateway/internal/httpobs"
	"github.com/valleytrenchless/site/services/gateway/internal/leadfeed"
	"github.com/valleytrenchless/site/services/gateway/internal/passkeys"
	"github.com/valleytrenchless/site/services/gateway/internal/sessionend"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

func main() {
	log := logging.New("gateway")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if len(os.Args) > 1 && os.Args[1] == "users" {
		err = usersCommand(ctx, log, os.Args[2:], os.Stdin, os.Stdout)
	} else {
		err = run(ctx, log, os.Args[1:])
	}
	if err != nil {
		log.Error("gateway stopped", "err", err)
		os.Exit(1)
	}
}

// Config is read from GATEWAY_* environment variables.
type Config struct {
	boot.Common
	natsconn.NATS
	HTTPAddr string `env:"HTTP_ADDR" default:"127.0.0.1:8080"`
	// FastLane answers kept pages and public reads without net/http
	// (package fastlane, ADR 0006); false serves everything with net/http.
	FastLane           bool          `env:"FAST_LANE" default:"true"`
	MetricsAddr        string        `env:"METRICS_ADDR" default:"127.0.0.1:9200"`
	PublicOrigin       string        `env:"PUBLIC_ORIGIN" default:"http://127.0.0.1:8080"`
	TrustedOrigins     []string      `env:"TRUSTED_ORIGINS"`
	TrustedProxyHeader string        `env:"TRUSTED_PROXY_HEADER"`
	ContentAddr        string        `env:"CONTENT_ADDR" default:"127.0.0.1:9101"`
	ContactAddr        string        `env:"CONTACT_ADDR" default:"127.0.0.1:9102"`
	MediaAddr          string        `env:"MEDIA_ADDR" default:"127.0.0.1:9103"`
	WebDir             string        `env:"WEB_DIR" default:"web/dist"`
	UpstreamTimeout    time.Duration `env:"UPSTREAM_TIMEOUT" default:"10s"`
	CompanyName        string        `env:"COMPANY_NAME" default:"Valley Trenchless Pros"`
	StaffDomain        string        `env:"STAFF_DOMAIN" default:"valleytrenchless.example"`
	OIDCIssuer         string        `env:"OIDC_ISSUER"`
	OIDCClientID       string        `env:"OIDC_CLIENT_ID"`
	OIDCClientSecret   string        `env:"OIDC_CLIENT_SECRET" secret:"true"`
	OIDCRedirectURL    string        `env:"OIDC_REDIRECT_URL"`
	// OIDCAutoRole, when set (owner, editor or sales), admits a
	// company-domain Google account no owner has invited, with that role;
	// empty: only invited people (and the very first account) get in.
	OIDCAutoRole string `env:"OIDC_AUTO_ROLE"`
	// AuditRetention is how long the audit log keeps an entry (0: for
	// good).
	AuditRetention     time.Duration `env:"AUDIT_RETENTION" default:"17520h"`
	RegistrationOpen   bool          `env:"REGISTRATION_OPEN"`
	SessionIdle        time.Duration `env:"SESSION_IDLE" default:"8h"`
	SessionAbsolute    time.Duration `env:"SESSION_ABSOLUTE" default:"168h"`
	VideoHost          string        `env:"VIDEO_HOST" default:"https://www.youtube-nocookie.com"`
	MapTileURL         string        `env:"MAP_TILE_URL" default:"https://tile.openstreetmap.org/{z}/{x}/{y}.png"`
	MapTileAttribution string        `env:"MAP_TILE_ATTRIBUTION" default:"© OpenStreetMap contributors"`
	// StaffRateLimits limits each staff account's calls to the staff
	// routes (edge.DefaultStaffLimits), across every replica; false only
	// for load drills and benchmarks that do an office's work as one account.
	StaffRateLimits bool `env:"STAFF_RATE_LIMITS" default:"true"`
	// PublicCacheEntries and PublicCacheBytes bound the public-read cache
	// (every encoding of each answer counted).
	PublicCacheEntries int `env:"PUBLIC_CACHE_ENTRIES" default:"2048"`
	PublicCacheBytes   int `env:"PUBLIC_CACHE_BYTES" default:"67108864"`
	// SiteKeepBytes bounds what the site keeps besides the build's pages:
	// filled articles, the reads they were filled from, the sitemaps and
	// the feed (site.Options.KeepBytes).
	SiteKeepBytes int `env:"SITE_KEEP_BYTES" default:"67108864"`
	// PasskeyOrigin is the origin passkeys are made for, when browsers open
	// the site by another than PublicOrigin (a development server at an IP
	// address, which no browser makes passkeys for: http://localhost:8080).
	PasskeyOrigin string `env:"PASSKEY_ORIGIN"`
	// The mail server for a forgotten password's reset link (the same one
	// the notifier mails the office through); no host: no reset by
	// e-mail, and the sign-in page says to ask an owner for a link.
	SMTPHost     string `env:"SMTP_HOST"`
	SMTPPort     int    `env:"SMTP_PORT" default:"587"`
	SMTPUsername string `env:"SMTP_USERNAME"`
	SMTPPassword string `env:"SMTP_PASSWORD" secret:"true"`
	MailFrom     string `env:"MAIL_FROM" default:"website@valleytrenchless.example"`
}

// resetMail is what sends reset links: nil without a mail server.
func (c Config) resetMail() func(context.Context, mail.Message) error {
	if c.SMTPHost == "" {
		return nil
	}
	return mail.SMTP{Host: c.SMTPHost, Port: c.SMTPPort, Username: c.SMTPUsername, Password: c.SMTPPassword, From: c.MailFrom}.Send
}

// cookieKey derives the flow-cookie key from the identity secret, so one
// secret serves both without being used twice for the same purpose.
func cookieKey(identityKey string) []byte {
	m := hmac.New(sha256.New, []byte(identityKey))
	m.Write([]byte("gateway oidc flow cookie"))
	return m.Sum(nil)
}

func run(ctx context.Context, log *slog.Logger, args []string) error {
	// Configuration.
	migrateOnly, err := boot.ParseArgs("gateway", args)
	if err != nil {
		return err
	}
	var cfg Config
	if err := config.Load("GATEWAY", &cfg); err != nil {
		return err
	}
	log.Info("starting", "config", config.LogValue("GATEWAY", &cfg))
	if migrateOnly {
		return boot.MigrateOnly(ctx, log, cfg.Common, accountspg.Migrate)
	}
	origin, err := url.Parse(cfg.PublicOrigin)
	if err != nil || origin.Scheme == "" || origin.Host == "" {
		return fmt.Errorf("GATEWAY_PUBLIC_ORIGIN must look like https://www.example.com")
	}
	tiles, err := edge.ParseMapTiles(cfg.MapTileURL, cfg.MapTileAttribution)
	if err != nil {
		return fmt.Errorf("GATEWAY_MAP_TILE_URL, GATEWAY_MAP_TILE_ATTRIBUTION: %w", err)
	}
	if cfg.OIDCAutoRole != "" && !identity.ValidRole(cfg.OIDCAutoRole) {
		return fmt.Errorf("GATEWAY_OIDC_AUTO_ROLE=%q: use owner, editor or sales, or leave it empty", cfg.OIDCAutoRole)
	}
	if cfg.OIDCRedirectURL == "" {
		cfg.OIDCRedirectURL = cfg.PublicOrigin + "/auth/google/callback"
	}

	// Tracing, metrics, caller identity, Postgres (accounts and sessions).
	deps, stop, err := boot.Start(ctx, log, "gateway", cfg.Common)
	if err != nil {
		return err
	}
	defer stop()
	if err := accountspg.Migrate(ctx, log, deps.Pool); err != nil {
		return err
	}
	store := accountspg.New(deps.Pool)
	accts := accounts.NewService(store, cfg.SessionIdle, cfg.SessionAbsolute)
	accts.SetPasswordWords(cfg.CompanyName, cfg.StaffDomain)
	// The audit log: staff writes and sensitive reads, sign-ins included.
	auditLog := audit.NewStore(deps.Pool)
	recorder := audit.NewRecorder(auditLog, log, edge.ClientIPFunc(cfg.TrustedProxyHeader))
	// Open live streams by session and account: a disabled account's end
	// at once on this gateway.
	streams := sessionend.New()
	sessions, err := signin.New(ctx, log, signin.Config{
		StaffDomain: cfg.StaffDomain, Issuer: cfg.OIDCIssuer, ClientID: cfg.OIDCClientID, ClientSecret: cfg.OIDCClientSecret,
		RedirectURL: cfg.OIDCRedirectURL, SecureCookies: origin.Scheme == "https", RegistrationOpen: cfg.RegistrationOpen,
		CookieKey: cookieKey(cfg.IdentityKey), PublicOrigin: cfg.PublicOrigin, AutoRole: cfg.OIDCAutoRole,
		Throttle: store.TakeToken, ThrottlePeek: store.PeekToken, Audit: recorder.SignIn, Ended: func(id string) { streams.EndUser(id) },
		Mail: cfg.resetMail(), CompanyName: cfg.CompanyName,
	}, accts)
	if err != nil {
		return err
	}
	// Passkeys, and the owner's policy that requires them (or Google).
	passkeyOrigin := cfg.PasskeyOrigin
	if passkeyOrigin == "" {
		passkeyOrigin = cfg.PublicOrigin
	}
	pk, err := passkeys.New(log, passkeys.Config{Origin: passkeyOrigin, SiteName: cfg.CompanyName}, passkeys.NewStore(deps.Pool), store)
	if err != nil {
		return err
	}
	passkeyRoutes := passkeys.NewHandler(log, pk, sessions, origin.Scheme == "https")
	sessions.GatePasswordSignIn(passkeyRoutes.PasswordGate)
	go sweep(ctx, log, accts, store, auditLog, cfg.AuditRetention)

	// Upstreams: connections are lazy, so the gateway starts before the
	// services and /readyz tells when they are up. Each address is a gRPC
	// target: host:port, or dns:///<name>:<port> naming every replica (a
	// headless Service), over which calls go round robin (ADR 0008).
	var ups edge.Upstreams
	for _, u := range []struct {
		addr string
		conn **grpc.ClientConn
	}{{cfg.ContentAddr, &ups.Content}, {cfg.ContactAddr, &ups.Contact}, {cfg.MediaAddr, &ups.Media}} {
		c, err := grpcdial.New(u.addr, cfg.GRPCTLSDir)
		if err != nil {
			return err
		}
		defer c.Close()
		*u.conn = c
	}

	// HTTP. The live lead feed is fed from NATS below.
	feed := leadfeed.NewBroker(leadfeed.DefaultBuffer)
	e, err := edge.New(ctx, log, edge.Options{
		LeadFeed:  feed,
		Upstreams: ups, WebDir: cfg.WebDir, UpstreamTimeout: cfg.UpstreamTimeout, Signer: deps.Signer, Sessions: sessions,
		PublicOrigin: cfg.PublicOrigin, TrustedOrigins: cfg.TrustedOrigins, TrustedProxyHeader: cfg.TrustedProxyHeader,
		CSP: edge.CSPOptions{VideoHost: cfg.VideoHost, MapTiles: tiles, UpgradeInsecure: origin.Scheme == "https"}, CompanyName: cfg.CompanyName,
		CacheLimits: edge.CacheLimits{Entries: cfg.PublicCacheEntries, Bytes: int64(cfg.PublicCacheBytes)}, SiteKeepBytes: int64(cfg.SiteKeepBytes),
		StaffLimits: &edge.StaffLimits{Off: !cfg.StaffRateLimits},
		SharedLimit: func(ctx context.Context, key string, l edge.RateLimit) (bool, time.Duration, error) {
			// A slow database must not hold a lead up: past this, the
			// replica's own limit decides.
			ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
			defer cancel()
			return store.TakeToken(ctx, key, l.Burst, l.Every)
		},
		Routes: []edge.Routes{passkeyRoutes, audit.NewHandler(auditLog, log, sessions.Owner)}, Audit: recorder, SessionEnds: streams,
	})
	if err != nil {
		return err
	}

	// The public pages are filled before /readyz says ready, so the fast
	// lane answers a new replica's first visitors.
	e.Warm(ctx)

	// content.changed empties the public-read cache and the filled pages;
	// the pages visitors were reading are then filled again in the
	// background.
	changed := changes.New(log, e)
	go changed.Run(ctx)
	nc, err := cfg.NATS.Connect(log, "gateway",
		nats.ReconnectHandler(func(*nats.Conn) { changed.Missed() })) // events may have been missed
	if err != nil {
		return err
	}
	defer nc.Close()
	if _, err := changed.Subscribe(nc, "content.changed"); err != nil {
		return fmt.Errorf("subscribe content.changed: %w", err)
	}
	// One subscription per lead subject while an inbox is open, fanned
	// out to every open inbox.
	unsubscribe, err := leadfeed.Attach(log, nc, feed)
	if err != nil {
		return err
	}
	defer unsubscribe()

	reg := deps.Registry
	reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "public_cache_hits_total", Help: "Public reads answered from memory."},
			func() float64 { return float64(e.CacheStats().Hits) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "public_cache_entries", Help: "Public reads kept in memory."},
			func() float64 { return float64(e.CacheStats().Entries) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "public_cache_bytes", Help: "Bytes of the public reads kept in memory, every encoding counted."},
			func() float64 { return float64(e.CacheStats().Bytes) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "public_cache_evictions_total", Help: "Public reads dropped to keep the cache within GATEWAY_PUBLIC_CACHE_ENTRIES and GATEWAY_PUBLIC_CACHE_BYTES."},
			func() float64 { return float64(e.CacheStats().Evictions) }),
		natsconn.ConnectedGauge(nc))
	reg.MustRegister(e.UpstreamReadyGauges()...)
	// One log line per request, written in batches (at most every half
	// second) rather than one write per request.
	accessOut := logging.NewLineBuffer(os.Stderr, 64<<10, 500*time.Millisecond)
	defer accessOut.Close()
	obs := httpobs.New(httpobs.Options{Service: "gateway", Registry: reg,
		Traced: func(r *http.Request) bool { return httpobs.ServicePaths(r.URL.Path) && !edge.IsPublicRead(r) },
		Log:    &httpobs.AccessLog{Service: "gateway", Out: accessOut}})
	srv := &http.Server{
		Handler:           obs.Handler(e),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	// Shutdown waits for requests to finish, and a live lead stream never
	// does on its own: end them all as the drain begins.
	srv.RegisterOnShutdown(feed.Close)
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.HTTPAddr, err)
	}
	log.Info("gateway listening", "url", "http://"+ln.Addr().String(), "fast_lane", cfg.FastLane)

	// Serve until SIGTERM, then drain. With the fast lane, it accepts every
	// connection and hands net/http those it cannot answer.
	errc := make(chan error, 3)
	mctx, cancelMetrics := context.WithCancel(context.Background())
	defer cancelMetrics()
	go func() {
		errc <- telemetry.ServeMetrics(mctx, log, cfg.MetricsAddr, reg, telemetry.Route{Pattern: "GET /readyz", Handler: e.ReadyDetails})
	}()
	var lane *fastlane.Lane
	if cfg.FastLane {
		lane = fastlane.New(fastlane.Options{Source: e.Ready, Record: obs.Record,
			ReadHeaderTimeout: srv.ReadHeaderTimeout, IdleTimeout: srv.IdleTimeout, WriteTimeout: srv.WriteTimeout})
		go func() { errc <- lane.Serve(ln) }()
		go func() { errc <- srv.Serve(lane.Handoff()) }()
	} else {
		go func() { errc <- srv.Serve(ln) }()
	}
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if lane != nil {
		lane.Close()
	}
	err = srv.Shutdown(sctx)
	if lane != nil {
		err = errors.Join(err, lane.Wait(sctx))
	}
	return err
}

// sweep removes expired sessions and idle rate-limit buckets, hourly.
func sweep(ctx context.Context, log *slog.Logger, accts *accounts.Service, store *accountspg.Store, auditLog *audit.Store, keepAudit time.Duration) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := accts.SweepSessions(ctx); err != nil {
				log.Warn("session sweep failed", "err", err)
			} else if n > 0 {
				log.Info("expired sessions removed", "count", n)
			}
			if _, err := store.SweepRateLimits(ctx, time.Hour); err != nil {
				log.Warn("rate-limit sweep failed", "err", err)
			}
			if keepAudit <= 0 { // 0: kept for good
				continue
			}
			if n, err := auditLog.Purge(ctx, time.Now().Add(-keepAudit)); err != nil {
				log.Warn("audit retention failed", "err", err)
			} else if n > 0 {
				log.Info("audit entries past their retention removed", "count", n, "retention", keepAudit)
			}
		}
	}
}

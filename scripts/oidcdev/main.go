// Command oidcdev is a local OpenID Connect provider for `make run` and the
// browser tests: the same provider the Go sign-in tests use
// (internal/testkit/oidctest), served on its own address. It signs in whoever was
// queued last, without a password, so it must never face a network anyone
// else can reach; the gateway trusts it only when GATEWAY_OIDC_ISSUER names
// it.
//
//	oidcdev [-addr 127.0.0.1:9096] [-client-id trenchless-web] [-client-secret dev-oidc-secret] [-email ana@valleytrenchless.example]
//
// Besides the OIDC endpoints it answers POST /next-user with
// {"email": "...", "emailVerified": true, "hd": "..."} (optionally
// "subject"): who signs in next. Start the gateway with
// GATEWAY_OIDC_ISSUER=http://<addr>, GATEWAY_OIDC_CLIENT_ID and
// GATEWAY_OIDC_CLIENT_SECRET set to the same values.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/valleytrenchless/site/internal/logging"
	"github.com/valleytrenchless/site/internal/testkit/oidctest"
)

func main() {
	log := logging.New("oidcdev")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, log, os.Args[1:]); err != nil {
		log.Error("oidcdev stopped", "err", err)
		os.Exit(1)
	}
}

// config is read from the flags.
type config struct {
	addr, issuer, clientID, clientSecret, email string
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("oidcdev", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", "127.0.0.1:9096", "listen address")
	fs.StringVar(&c.issuer, "issuer", "", "issuer URL as the gateway reaches it (default http://<addr>)")
	fs.StringVar(&c.clientID, "client-id", "trenchless-web", "the one OAuth client id accepted")
	fs.StringVar(&c.clientSecret, "client-secret", "dev-oidc-secret", "that client's secret")
	fs.StringVar(&c.email, "email", "", "a verified user (hd = its domain) signed in until POST /next-user says otherwise; empty signs in no one")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.issuer == "" {
		c.issuer = "http://" + c.addr
	}
	c.issuer = strings.TrimRight(c.issuer, "/")
	return c, nil
}

func run(ctx context.Context, log *slog.Logger, args []string) error {
	cfg, err := parseFlags(args)
	if err != nil {
		return err
	}
	p, err := oidctest.New()
	if err != nil {
		return fmt.Errorf("signing key: %w", err)
	}
	p.Issuer, p.ClientID, p.ClientSecret = cfg.issuer, cfg.clientID, cfg.clientSecret
	if cfg.email != "" {
		p.SignInAs(verifiedUser(cfg.email))
	}

	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.addr, err)
	}
	if host, _, _ := net.SplitHostPort(cfg.addr); !isLoopback(host) {
		log.Warn("listening beyond loopback: anyone who reaches this address can sign in as anyone", "addr", cfg.addr)
	}
	srv := &http.Server{Handler: handler(log, p), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	// The secret is a flag the caller chose; it is never logged.
	log.Info("oidcdev listening", "issuer", cfg.issuer, "discovery", cfg.issuer+"/.well-known/openid-configuration", "client_id", cfg.clientID)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// verifiedUser is a verified account of its own domain, as Google reports a
// Workspace user.
func verifiedUser(email string) oidctest.User {
	_, domain, _ := strings.Cut(email, "@")
	return oidctest.User{Subject: "dev-" + strings.ToLower(email), Email: email, EmailVerified: true, HD: domain}
}

// nextUser is the body of POST /next-user.
type nextUser struct {
	// Subject defaults to one derived from the e-mail.
	Subject       string `json:"subject"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	// HD is the hosted-domain claim; empty leaves it out.
	HD string `json:"hd"`
}

// handler serves the provider and the test-control endpoint.
func handler(log *slog.Logger, p *oidctest.Provider) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", p.Handler())
	mux.HandleFunc("POST /next-user", func(w http.ResponseWriter, r *http.Request) {
		var u nextUser
		dec := json.NewDecoder(io.LimitReader(r.Body, 4<<10))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&u); err != nil || strings.TrimSpace(u.Email) == "" {
			http.Error(w, `want {"email": "...", "emailVerified": true, "hd": "..."}`, http.StatusBadRequest)
			return
		}
		if u.Subject == "" {
			u.Subject = "dev-" + strings.ToLower(u.Email)
		}
		p.SignInAs(oidctest.User{Subject: u.Subject, Email: u.Email, EmailVerified: u.EmailVerified, HD: u.HD})
		log.Info("next sign-in queued", "email", u.Email, "email_verified", u.EmailVerified, "hd", u.HD)
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

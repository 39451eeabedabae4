// Package natsconn connects a binary to NATS with the identity and TLS its configuration names.
package natsconn

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// NATS is the connection's configuration; embed it in a binary's Config so it reads PREFIX_NATS_URL and so
// on. The files are mounted from Secrets; their paths are not secret, what they hold is.
type NATS struct {
	// URL of the server(s), comma separated. nats:// upgrades to TLS when the server requires it; tls://
	// insists. A user:password or token in it is hidden in the start-up log.
	URL string `env:"NATS_URL" default:"nats://127.0.0.1:4222" secret:"userinfo"`
	// Creds is a .creds file: a user JWT and its NKey seed (NATS operator mode, `nsc generate creds`).
	// It is read at every (re)connect, so a rotated file is used from the next reconnect.
	Creds string `env:"NATS_CREDS"`
	// NKeySeed is a file holding a user's NKey seed, for a server that lists the user by its public key.
	NKeySeed string `env:"NATS_NKEY_SEED"`
	// CA is a PEM file of the authorities trusted for the server's certificate (a private CA); empty trusts
	// the system's.
	CA string `env:"NATS_CA"`
	// Cert and Key are the client certificate and its key, for a server that verifies clients; both or
	// neither. Read at every (re)connect, like CA.
	Cert string `env:"NATS_CERT"`
	Key  string `env:"NATS_KEY"`
}

// Validate reports every setting that cannot work, naming it without the binary's prefix.
func (c NATS) Validate() error {
	var problems []error
	if c.Creds != "" && c.NKeySeed != "" {
		problems = append(problems, errors.New("NATS_CREDS and NATS_NKEY_SEED both name an identity: set one"))
	}
	if (c.Cert == "") != (c.Key == "") {
		problems = append(problems, errors.New("NATS_CERT and NATS_KEY go together (the client certificate and its key): set both or neither"))
	}
	for _, f := range []struct{ key, path string }{
		{"NATS_CREDS", c.Creds}, {"NATS_NKEY_SEED", c.NKeySeed}, {"NATS_CA", c.CA}, {"NATS_CERT", c.Cert}, {"NATS_KEY", c.Key},
	} {
		if f.path == "" {
			continue
		}
		if err := readable(f.path); err != nil {
			problems = append(problems, fmt.Errorf("%s: %w", f.key, err))
		}
	}
	return errors.Join(problems...)
}

func readable(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fmt.Errorf("%s is a directory, not a file", path)
	}
	return nil
}

// InboxPrefix is where a binary named name receives replies (JetStream API answers, publish acks, pulled
// messages): its own, so a server can let each user subscribe to its replies only. The default _INBOX.>
// shared by every client would let any of them read the leads delivered to another.
func InboxPrefix(name string) string { return "_INBOX_" + name }

// Connect connects as name (the connection name the server shows, and the inbox prefix) with the identity and
// TLS files configured. Like every binary's connection it keeps retrying forever, from the start and after
// refused credentials too (the operator may be fixing the server's side), and it logs why it cannot connect
// and what the server refused (a permission violation never fails a call, so it would go unseen). extra
// options come last and win.
func (c NATS) Connect(log *slog.Logger, name string, extra ...nats.Option) (*nats.Conn, error) {
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	var failures failureLog
	opts := []nats.Option{
		nats.Name(name),
		nats.CustomInboxPrefix(InboxPrefix(name)),
		nats.MaxReconnects(-1),
		nats.RetryOnFailedConnect(true),
		nats.IgnoreAuthErrorAbort(),
		nats.ReconnectErrHandler(func(_ *nats.Conn, err error) {
			if failures.due(err) {
				log.Warn("nats: cannot connect; retrying", "err", err)
			}
		}),
		nats.ErrorHandler(func(_ *nats.Conn, sub *nats.Subscription, err error) {
			args := []any{"err", err}
			if sub != nil {
				args = append(args, "subject", sub.Subject)
			}
			log.Error("nats: the server refused", args...)
		}),
	}
	if c.Creds != "" {
		opts = append(opts, nats.UserCredentials(c.Creds))
	}
	if c.NKeySeed != "" {
		o, err := nats.NkeyOptionFromSeed(c.NKeySeed)
		if err != nil {
			return nil, fmt.Errorf("nats: NATS_NKEY_SEED: %w", err)
		}
		opts = append(opts, o)
	}
	if c.CA != "" {
		opts = append(opts, nats.RootCAs(c.CA))
	}
	if c.Cert != "" {
		opts = append(opts, nats.ClientCert(c.Cert, c.Key))
	}
	nc, err := nats.Connect(c.URL, append(opts, extra...)...)
	if err != nil {
		return nil, fmt.Errorf("nats: %w", err)
	}
	return nc, nil
}

// failureLog tells whether a connect failure is worth a log line: a new reason, or the same one a minute
// after it was last logged (an outage retries every two seconds).
type failureLog struct {
	mu     sync.Mutex
	last   string
	logged time.Time
}

func (s *failureLog) due(err error) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err.Error() == s.last && time.Since(s.logged) < time.Minute {
		return false
	}
	s.last, s.logged = err.Error(), time.Now()
	return true
}

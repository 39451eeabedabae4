// Package natsrunbook runs NATS as docs/operations.md configures it, for the end-to-end test and the scratch
// stack (make attack) alike: the runbook's nats-server.conf read from the page, a private CA with the
// server's certificate and one per user, an NKey for each user the file names (plus "other", a user of
// another account on the same server), what a binary needs to connect as one of them, and the refusals the
// file promises, checked against a running server (Probe).
package natsrunbook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/testkit/tlstest"
)

// Other is a user of another account (OTHER, with JetStream of its own) on the same server: a second
// tenant, who must not see LEADS.
const Other = "other"

// The paths of the runbook's file that a run replaces with its own.
const (
	tlsDir   = `"/etc/nats/tls/`
	storeDir = `store_dir: "/data/jetstream"`
)

// ReadConfig returns the nats-server.conf of the runbook page at page: the ```conf block that starts with
// the line "# nats-server.conf". Reading it from the page keeps what is documented and what runs the same
// text.
func ReadConfig(page string) (string, error) {
	b, err := os.ReadFile(page)
	if err != nil {
		return "", err
	}
	_, rest, ok := strings.Cut(string(b), "```conf\n# nats-server.conf\n")
	if !ok {
		return "", fmt.Errorf("%s has no ```conf block starting with # nats-server.conf", page)
	}
	block, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		return "", fmt.Errorf("%s: the nats-server.conf block does not end", page)
	}
	return "# nats-server.conf\n" + block + "\n", nil
}

// Page is the runbook, docs/operations.md, found from the working directory upwards (a command run from
// anywhere in the repository).
func Page() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "docs", "operations.md"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("natsrunbook: no go.mod above the working directory, so no docs/operations.md")
		}
		dir = parent
	}
}

// NewUser makes an NKey user: its seed in the file path (what a binary's NATS_NKEY_SEED names) and its
// public key (what a server lists).
func NewUser(path string) (publicKey string, err error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return "", err
	}
	seed, err := kp.Seed()
	if err != nil {
		return "", err
	}
	if publicKey, err = kp.PublicKey(); err != nil {
		return "", err
	}
	return publicKey, os.WriteFile(path, seed, 0o600)
}

// Secure is everything a server run with the runbook's file needs, written under one folder: the private
// CA, the server's certificate, and per user an NKey seed and a client certificate; besides, a certificate
// of another CA and a seed the server does not know, for the refusals.
type Secure struct {
	// CAFile is the private CA's certificate (what a binary's NATS_CA names).
	CAFile string
	// ServerTLS is the server's certificate directory (tls.crt, tls.key, ca.crt), also good for routes.
	ServerTLS string
	// Users are the users the file names ($NAME_NKEY), lower case, in the file's order, then Other.
	Users []string

	conf                      string
	keys, seeds, certs        map[string]string
	strangerCert, unknownSeed string
}

// New writes the CA, certificates and seeds for conf (the runbook's file, ReadConfig) into dir, the
// server's certificate naming hosts.
func New(dir, conf string, hosts ...string) (*Secure, error) {
	for _, fixed := range []string{tlsDir, storeDir} {
		if !strings.Contains(conf, fixed) {
			return nil, fmt.Errorf("natsrunbook: the file no longer has %s, which a run replaces with its own", fixed)
		}
	}
	s := &Secure{conf: conf, keys: map[string]string{}, seeds: map[string]string{}, certs: map[string]string{}}
	ca, err := tlstest.NewAuthority("trenchless nats")
	if err != nil {
		return nil, err
	}
	s.ServerTLS = filepath.Join(dir, "server")
	s.CAFile = filepath.Join(s.ServerTLS, "ca.crt")
	if err := issue(ca, s.ServerTLS, "nats", hosts...); err != nil {
		return nil, err
	}
	for _, m := range regexp.MustCompile(`\$([A-Z]+)_NKEY`).FindAllStringSubmatch(conf, -1) {
		if user := strings.ToLower(m[1]); s.keys[user] == "" {
			s.Users = append(s.Users, user)
			s.keys[user] = "?"
		}
	}
	s.Users = append(s.Users, Other)
	for _, user := range s.Users {
		s.seeds[user] = filepath.Join(dir, user+".seed")
		if s.keys[user], err = NewUser(s.seeds[user]); err != nil {
			return nil, err
		}
		s.certs[user] = filepath.Join(dir, "users", user)
		if err := issue(ca, s.certs[user], user, user); err != nil {
			return nil, err
		}
	}
	stranger, err := tlstest.NewAuthority("someone else")
	if err != nil {
		return nil, err
	}
	s.strangerCert = filepath.Join(dir, "stranger")
	if err := issue(stranger, s.strangerCert, "contact", "contact"); err != nil {
		return nil, err
	}
	s.unknownSeed = filepath.Join(dir, "unknown.seed")
	if _, err := NewUser(s.unknownSeed); err != nil {
		return nil, err
	}
	return s, nil
}

func issue(ca *tlstest.CA, dir, commonName string, hosts ...string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	_, err := ca.IssueFiles(dir, commonName, hosts...)
	return err
}

// Config is the runbook's file ready to run with its store in store: the server's certificate in place of
// /etc/nats/tls, each $NAME_NKEY defined ahead of the file's text (as an operator may in nats-server's
// environment), and the account OTHER with the user Other added to the file's accounts. Its `port: 4222`
// stays for the caller to replace or override.
func (s *Secure) Config(store string) string {
	conf := strings.ReplaceAll(s.conf, tlsDir, `"`+s.ServerTLS+"/")
	conf = strings.ReplaceAll(conf, storeDir, "store_dir: "+strconv.Quote(store))
	conf = strings.Replace(conf, "\naccounts {\n", "\naccounts {\n  # Not the runbook's: another tenant of the same server.\n  OTHER {\n    jetstream: enabled\n    users: [{nkey: $OTHER_NKEY}]\n  }\n", 1)
	var defs strings.Builder
	for _, user := range s.Users {
		fmt.Fprintf(&defs, "%s_NKEY: %q\n", strings.ToUpper(user), s.keys[user])
	}
	return defs.String() + conf
}

// Seed is the file holding user's NKey seed.
func (s *Secure) Seed(user string) string { return s.seeds[user] }

// Env is what a binary reading prefix (CONTENT, GATEWAY, …) needs to connect to url as user.
func (s *Secure) Env(prefix, user, url string) []string {
	dir := s.certs[user]
	return []string{prefix + "_NATS_URL=" + url, prefix + "_NATS_NKEY_SEED=" + s.seeds[user], prefix + "_NATS_CA=" + s.CAFile,
		prefix + "_NATS_CERT=" + filepath.Join(dir, "tls.crt"), prefix + "_NATS_KEY=" + filepath.Join(dir, "tls.key")}
}

// Options connect as user: its NKey, its client certificate, the private CA, and the reply inbox of its
// binary.
func (s *Secure) Options(user string) ([]nats.Option, error) {
	seed, err := nats.NkeyOptionFromSeed(s.seeds[user])
	if err != nil {
		return nil, err
	}
	return []nats.Option{seed, nats.RootCAs(s.CAFile), s.clientCert(s.certs[user]), nats.CustomInboxPrefix(natsconn.InboxPrefix(InboxName(user)))}, nil
}

func (s *Secure) clientCert(dir string) nats.Option {
	return nats.ClientCert(filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key"))
}

// InboxName is the connection name user's binary connects with, which names its reply inbox.
func InboxName(user string) string {
	if user == "notifier" {
		return "lead-notifier"
	}
	return user
}

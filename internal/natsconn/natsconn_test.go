package natsconn_test

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/config"
	"github.com/valleytrenchless/site/internal/natsconn"
	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/tlstest"
)

func file(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
	return p
}

func TestValidateNamesWhatCannotWork(t *testing.T) {
	t.Parallel()
	seed, creds, cert, key := file(t, "seed", "S"), file(t, "creds", "C"), file(t, "tls.crt", "c"), file(t, "tls.key", "k")
	missing := filepath.Join(t.TempDir(), "absent.creds")
	cases := []struct {
		name string
		cfg  natsconn.NATS
		want []string
	}{
		{"nothing but a URL", natsconn.NATS{URL: "nats://127.0.0.1:4222"}, nil},
		{"everything that goes together", natsconn.NATS{Creds: creds, CA: cert, Cert: cert, Key: key}, nil},
		{"two identities", natsconn.NATS{Creds: creds, NKeySeed: seed}, []string{"NATS_CREDS and NATS_NKEY_SEED both name an identity: set one"}},
		{"a certificate without its key", natsconn.NATS{Cert: cert}, []string{"NATS_CERT and NATS_KEY go together"}},
		{"a key without its certificate", natsconn.NATS{Key: key}, []string{"NATS_CERT and NATS_KEY go together"}},
		{"a file that is not there", natsconn.NATS{Creds: missing}, []string{"NATS_CREDS: open " + missing + ": no such file or directory"}},
		{"a directory for a file", natsconn.NATS{CA: t.TempDir()}, []string{"NATS_CA: ", "is a directory, not a file"}},
		{"every problem at once", natsconn.NATS{Creds: missing, NKeySeed: seed, Cert: cert},
			[]string{"both name an identity", "NATS_CERT and NATS_KEY go together", "NATS_CREDS: open"}},
	}
	for _, c := range cases {
		err := c.cfg.Validate()
		if c.want == nil {
			require.NoError(t, err, c.name)
			continue
		}
		require.Error(t, err, c.name)
		for _, w := range c.want {
			require.Contains(t, err.Error(), w, c.name)
		}
		_, err = c.cfg.Connect(slog.New(slog.DiscardHandler), "test")
		require.ErrorContains(t, err, c.want[0], "%s: Connect refuses it before dialling", c.name)
	}
}

func TestSettingsLoadUnderTheBinarysPrefix(t *testing.T) {
	t.Setenv("DEMO_NATS_URL", "tls://app:hunter2@nats:4222")
	t.Setenv("DEMO_NATS_NKEY_SEED", "/etc/trenchless/nats-nkey/nkey.seed")
	var cfg struct{ natsconn.NATS }
	require.NoError(t, config.Load("DEMO", &cfg))
	require.Equal(t, "/etc/trenchless/nats-nkey/nkey.seed", cfg.NATS.NKeySeed)
	logs := &logtest.Buffer{}
	slog.New(slog.NewTextHandler(logs, nil)).Info("starting", "config", config.LogValue("DEMO", &cfg))
	require.Contains(t, logs.String(), "DEMO_NATS_URL=tls://***@nats:4222")
	require.Contains(t, logs.String(), "DEMO_NATS_NKEY_SEED=/etc/trenchless/nats-nkey/nkey.seed", "a path is not a secret")
	require.NotContains(t, logs.String(), "hunter2")
}

// startServer runs a server requiring TLS with client certificates from a private CA, and one user known by
// its NKey who may publish content.> and receive its replies only. It returns that user's settings.
func startServer(t *testing.T) natsconn.NATS {
	t.Helper()
	ca := tlstest.NewCA(t, "nats ca")
	dir := ca.Dir(t, "nats", "127.0.0.1")
	seed, pub := natstest.NewUser(t)
	srv := natstest.StartConfig(t, fmt.Sprintf(`
tls { cert_file: %q, key_file: %q, ca_file: %q, verify: true }
authorization {
  users: [{ nkey: %q, permissions: { publish: { allow: ["content.>"] }, subscribe: { allow: ["_INBOX_content.>"] } } }]
}`, filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key"), filepath.Join(dir, "ca.crt"), pub), nil)
	client := ca.Dir(t, "content", "content")
	return natsconn.NATS{URL: srv.ClientURL(), NKeySeed: seed, CA: filepath.Join(client, "ca.crt"),
		Cert: filepath.Join(client, "tls.crt"), Key: filepath.Join(client, "tls.key")}
}

func TestConnectPresentsTheIdentityAndCertificate(t *testing.T) {
	t.Parallel()
	cfg := startServer(t)

	logs := &logtest.Buffer{}
	nc, err := cfg.Connect(slog.New(slog.NewJSONHandler(logs, nil)), "content")
	require.NoError(t, err)
	defer nc.Close()
	require.Eventually(t, nc.IsConnected, 10*time.Second, 20*time.Millisecond, "logs: %s", logs)
	require.True(t, nc.TLSRequired())
	require.Equal(t, "_INBOX_content.", nc.NewInbox()[:len("_INBOX_content.")], "replies come to the binary's own inbox")
	require.NoError(t, nc.Publish("content.changed", []byte("{}")))
	require.NoError(t, nc.Flush())

	// What the server refuses is logged, though no call fails.
	require.NoError(t, nc.Publish("leads.submitted", []byte("{}")))
	require.Eventually(t, func() bool {
		return contains(logs.String(), `"msg":"nats: the server refused"`, `Permissions Violation for Publish to \"leads.submitted\"`)
	}, 10*time.Second, 20*time.Millisecond, "logs: %s", logs)
}

func TestRefusedConnectionsAreLoggedAndRetried(t *testing.T) {
	t.Parallel()
	good := startServer(t)
	stranger, noCert := good, good
	stranger.NKeySeed, _ = natstest.NewUser(t)
	noCert.Cert, noCert.Key = "", ""

	for name, cfg := range map[string]natsconn.NATS{"an unknown user": stranger, "no client certificate": noCert} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			logs := &logtest.Buffer{}
			nc, err := cfg.Connect(slog.New(slog.NewJSONHandler(logs, nil)), "content")
			require.NoError(t, err)
			defer nc.Close()
			require.Eventually(t, func() bool { return contains(logs.String(), `"msg":"nats: cannot connect; retrying"`) },
				10*time.Second, 20*time.Millisecond, "logs: %s", logs)
			require.False(t, nc.IsConnected())
			time.Sleep(5 * time.Second) // past two refusals, after which nats.go would otherwise give up for good
			require.Equal(t, nats.RECONNECTING, nc.Status(), "still trying")
		})
	}
}

func contains(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func TestConnectTakesEveryServerOfACluster(t *testing.T) {
	t.Parallel()
	srv, down := natstest.Start(t), natstest.Start(t)
	down.Stop()
	// A cluster's URLs, comma separated, the first of a server that is down.
	cfg := natsconn.NATS{URL: down.URL + "," + srv.URL}
	nc, err := cfg.Connect(slog.New(slog.NewJSONHandler(&logtest.Buffer{}, nil)), "content", nats.DontRandomize())
	require.NoError(t, err)
	defer nc.Close()
	require.Eventually(t, nc.IsConnected, 10*time.Second, 20*time.Millisecond)
	require.Equal(t, srv.URL, nc.ConnectedUrl())
	require.Len(t, nc.Servers(), 2)
}

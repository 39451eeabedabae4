package config

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type shared struct {
	Env string `env:"ENV" default:"development"`
}

type sample struct {
	shared
	Addr     string        `env:"ADDR" default:"127.0.0.1:9000"`
	DBURL    string        `env:"DB_URL" default:"postgres://app:hunter2@db:5432/x"`
	Key      string        `env:"KEY" secret:"true"`
	Timeout  time.Duration `env:"TIMEOUT" default:"5s"`
	Replicas int           `env:"REPLICAS" default:"1"`
	Debug    bool          `env:"DEBUG"`
	Hosts    []string      `env:"HOSTS" default:"a, b,,c"`
	Must     string        `env:"MUST" required:"true" default:"x"`
	Broker   string        `env:"BROKER" default:"nats://t0ken@a:4222,nats://u:pw@b:4222,nats://c:4222" secret:"userinfo"`
	ignored  string
}

func lookupFrom(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestLoadDefaultsAndOverrides(t *testing.T) {
	t.Parallel()
	var c sample
	require.NoError(t, load("SVC", &c, lookupFrom(map[string]string{
		"SVC_ADDR": "0.0.0.0:1", "SVC_KEY": "s3cret", "SVC_DEBUG": "true", "SVC_REPLICAS": "3",
	})))
	require.Equal(t, "0.0.0.0:1", c.Addr)
	require.Equal(t, 5*time.Second, c.Timeout)
	require.Equal(t, 3, c.Replicas)
	require.True(t, c.Debug)
	require.Equal(t, []string{"a", "b", "c"}, c.Hosts)
	require.Equal(t, "s3cret", c.Key)
	require.Empty(t, c.ignored)
	require.Equal(t, "development", c.Env, "embedded structs are loaded too")
}

func TestLoadReportsEveryBadValue(t *testing.T) {
	t.Parallel()
	var c sample
	err := load("SVC", &c, lookupFrom(map[string]string{
		"SVC_TIMEOUT": "soon", "SVC_REPLICAS": "many", "SVC_MUST": "",
	}))
	require.Error(t, err)
	for _, want := range []string{"SVC_TIMEOUT", "SVC_REPLICAS", "SVC_MUST is required"} {
		require.Contains(t, err.Error(), want)
	}
}

func TestLogValueMasksSecrets(t *testing.T) {
	t.Parallel()
	var c sample
	require.NoError(t, load("SVC", &c, lookupFrom(map[string]string{"SVC_KEY": "s3cret"})))
	var sb strings.Builder
	slog.New(slog.NewTextHandler(&sb, nil)).Info("config", "cfg", LogValue("SVC", &c))
	out := sb.String()
	require.NotContains(t, out, "s3cret")
	require.NotContains(t, out, "hunter2")
	require.Contains(t, out, "SVC_KEY=***")
	require.Contains(t, out, "app:***@db")
	require.Contains(t, out, "SVC_ENV=development")
	require.NotContains(t, out, "t0ken")
	require.NotContains(t, out, "pw@")
	require.Contains(t, out, "SVC_BROKER=nats://***@a:4222,nats://***@b:4222,nats://c:4222")
}

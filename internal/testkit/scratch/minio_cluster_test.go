package scratch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/stretchr/testify/require"
)

// The harness's distributed MinIO: objects go on through HAProxy with a
// node SIGKILLed, the node gets what was written without it once it is
// back, and a wiped drive is healed by MinIO itself.
func TestMinIOClusterLosesANodeAndHealsADrive(t *testing.T) {
	if testing.Short() {
		t.Skip("starts four MinIO servers")
	}
	dir := t.TempDir()
	logDir := filepath.Join(dir, "logs")
	require.NoError(t, os.MkdirAll(logDir, 0o755))
	started := time.Now()
	c, err := StartMinIOCluster(dir, logDir, MinIOClusterOptions{})
	require.NoError(t, err)
	t.Logf("healthy, behind HAProxy, in %s", time.Since(started).Round(100*time.Millisecond))
	t.Cleanup(c.Stop)
	require.Len(t, c.Endpoints, 8)

	cl, err := c.Client()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	require.NoError(t, cl.MakeBucket(ctx, "bkt", minio.MakeBucketOptions{}))
	put := func(name string) {
		t.Helper()
		body := []byte("object " + name)
		_, err := cl.PutObject(ctx, "bkt", name, bytes.NewReader(body), int64(len(body)), minio.PutObjectOptions{})
		require.NoError(t, err, name)
	}
	get := func(name string) {
		t.Helper()
		o, err := cl.GetObject(ctx, "bkt", name, minio.GetObjectOptions{})
		require.NoError(t, err, name)
		b, err := io.ReadAll(o)
		require.NoError(t, err, name)
		require.Equal(t, "object "+name, string(b))
	}
	for i := range 10 {
		put(fmt.Sprintf("before/%d", i))
	}

	m2 := c.Node("m2")
	m2.Kill()
	for i := range 10 {
		put(fmt.Sprintf("without-m2/%d", i))
		get(fmt.Sprintf("before/%d", i))
	}
	restarted := time.Now()
	require.NoError(t, m2.Start())
	t.Logf("m2 back in %s", time.Since(restarted).Round(100*time.Millisecond))
	keys, err := c.Keys(ctx, "bkt")
	require.NoError(t, err)
	require.Len(t, keys, 20)
	t.Logf("m2 lacks %d objects on its first drive", len(m2.MissingOn(0, "bkt", keys)))
	// Reading an object that lacks copies on drives that are back queues
	// it for healing (MinIO's heal on read), once the other nodes have
	// reconnected to them.
	require.NoError(t, WaitFor("m2 to get the objects written without it", time.Minute, func() bool {
		for _, k := range keys {
			get(k)
		}
		return len(m2.MissingOn(0, "bkt", keys)) == 0 && len(m2.MissingOn(1, "bkt", keys)) == 0
	}), "missing on m2: %q %q", m2.MissingOn(0, "bkt", keys), m2.MissingOn(1, "bkt", keys))
	t.Logf("m2 has every object %s after it was back", time.Since(restarted).Round(100*time.Millisecond))

	m3 := c.Node("m3")
	wiped := time.Now()
	require.NoError(t, m3.WipeDrive(0))
	require.False(t, m3.Formatted(0))
	require.Len(t, m3.MissingOn(0, "bkt", keys), 20)
	for _, k := range keys {
		get(k)
	}
	require.NoError(t, WaitFor("m3's first drive to heal", 3*time.Minute, func() bool {
		h, _, err := m3.HealingDrives()
		return err == nil && h == 0 && len(m3.MissingOn(0, "bkt", keys)) == 0 &&
			len(m3.LogLines("Healing of drive '"+m3.Drives[0]+"' is finished")) == 1
	}))
	t.Logf("wiped drive healed in %s: %q", time.Since(wiped).Round(100*time.Millisecond), m3.LogLines("Healing of drive"))
	require.True(t, m3.Formatted(0), "formatted again")
}

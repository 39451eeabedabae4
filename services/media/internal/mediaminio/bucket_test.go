package mediaminio

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/miniotest"
)

func TestEnsureBucketAndOutage(t *testing.T) {
	t.Parallel()
	srv := miniotest.Start(t)
	s, err := New(Options{Endpoint: srv.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	require.NoError(t, s.EnsureBucket(ctx))
	require.NoError(t, s.EnsureBucket(ctx), "idempotent")
	ok, err := s.client.BucketExists(ctx, "media")
	require.NoError(t, err)
	require.True(t, ok)
	require.NoError(t, s.Ping(ctx))

	srv.Stop()
	pctx, pcancel := context.WithTimeout(ctx, 3*time.Second)
	defer pcancel()
	require.Error(t, s.Ping(pctx), "an unreachable MinIO is reported")
}

// Replicas starting together on a new MinIO each create the bucket; none
// of them fails for having lost the race.
func TestEnsureBucketRacingReplicas(t *testing.T) {
	t.Parallel()
	srv := miniotest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	stores := make([]*Store, 8)
	for i := range stores {
		s, err := New(Options{Endpoint: srv.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media"})
		require.NoError(t, err)
		stores[i] = s
	}
	errs := make([]error, len(stores))
	startGun := make(chan struct{})
	var wg sync.WaitGroup
	for i, s := range stores {
		wg.Add(1)
		go func() { defer wg.Done(); <-startGun; errs[i] = s.EnsureBucket(ctx) }()
	}
	close(startGun)
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
}

package mediaminio

import (
	"context"
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

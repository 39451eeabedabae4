package mediaminio

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/miniotest"
	"github.com/valleytrenchless/site/services/media/internal/media"
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

// logTo is a logger writing text lines to b.
func logTo(b *syncBuffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// MinIO versions the bucket EnsureBucket creates: an image removed
// (RemovePrefix) stays as a noncurrent version, and can be read back.
func TestEnsureBucketTurnsVersioningOn(t *testing.T) {
	t.Parallel()
	srv := miniotest.Start(t)
	var logs syncBuffer
	s, err := New(Options{Endpoint: srv.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media", Log: logTo(&logs)})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	require.NoError(t, s.EnsureBucket(ctx))
	cfg, err := s.client.GetBucketVersioning(ctx, "media")
	require.NoError(t, err)
	require.True(t, cfg.Enabled(), "versioning: %+v", cfg)
	require.Contains(t, logs.String(), "bucket versioning turned on")

	require.NoError(t, s.Put(ctx, "abc/orig.jpg", []byte("first image"), "image/jpeg"))
	require.NoError(t, s.RemovePrefix(ctx, "abc/"))
	_, _, err = s.Get(ctx, "abc/orig.jpg")
	require.ErrorIs(t, err, media.ErrNotFound, "removed for the service")
	var kept []minio.ObjectInfo
	for o := range s.client.ListObjects(ctx, "media", minio.ListObjectsOptions{Prefix: "abc/", Recursive: true, WithVersions: true}) {
		require.NoError(t, o.Err)
		if !o.IsDeleteMarker {
			kept = append(kept, o)
		}
	}
	require.Len(t, kept, 1, "the removed image is kept as a noncurrent version")
	obj, err := s.client.GetObject(ctx, "media", "abc/orig.jpg", minio.GetObjectOptions{VersionID: kept[0].VersionID})
	require.NoError(t, err)
	b, err := io.ReadAll(obj)
	require.NoError(t, err)
	require.Equal(t, "first image", string(b))

	// A second replica finds it on and says so; nothing is changed.
	var logs2 syncBuffer
	s2, err := New(Options{Endpoint: srv.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media", Log: logTo(&logs2)})
	require.NoError(t, err)
	require.NoError(t, s2.EnsureBucket(ctx))
	require.Contains(t, logs2.String(), "bucket versioning is on")
}

// Versioning an operator suspended is left suspended.
func TestEnsureBucketLeavesSuspendedVersioning(t *testing.T) {
	t.Parallel()
	srv := miniotest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := New(Options{Endpoint: srv.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media"})
	require.NoError(t, err)
	require.NoError(t, s.EnsureBucket(ctx))
	require.NoError(t, s.client.SuspendVersioning(ctx, "media"))

	var logs syncBuffer
	s2, err := New(Options{Endpoint: srv.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media", Log: logTo(&logs)})
	require.NoError(t, err)
	require.NoError(t, s2.EnsureBucket(ctx))
	cfg, err := s2.client.GetBucketVersioning(ctx, "media")
	require.NoError(t, err)
	require.True(t, cfg.Suspended(), "versioning: %+v", cfg)
	require.Contains(t, logs.String(), "suspended")
}

// fakeS3 is an S3 API whose bucket exists and has never been versioned,
// and which answers a request to turn versioning on with status put. It
// counts those requests.
func fakeS3(t *testing.T, put int) (addr string, puts *atomic.Int32) {
	puts = &atomic.Int32{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		switch {
		case q.Has("location"):
			fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">us-east-1</LocationConstraint>`)
		case q.Has("versioning") && r.Method == http.MethodGet:
			fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></VersioningConfiguration>`)
		case q.Has("versioning") && r.Method == http.MethodPut:
			puts.Add(1)
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(put)
			fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>%s</Code><Message>refused by the test</Message><Resource>/media</Resource><RequestId>1</RequestId></Error>`,
				map[int]string{501: "NotImplemented", 403: "AccessDenied", 503: "ServiceUnavailable"}[put])
		case r.Method == http.MethodHead:
			w.WriteHeader(http.StatusOK)
		default:
			w.WriteHeader(http.StatusNotImplemented)
		}
	}))
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://"), puts
}

// A store that refuses versioning (no such API, or credentials not allowed
// to set it) does not stop the service: EnsureBucket succeeds, a warning is
// logged once and the store is not asked again. One that fails to answer
// is asked again at the next check, without a warning.
func TestEnsureBucketVersioningRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status    int
		refused   bool
		wantCalls int32
	}{
		{http.StatusNotImplemented, true, 1},
		{http.StatusForbidden, true, 1},
		{http.StatusServiceUnavailable, false, 3},
	} {
		t.Run(strconv.Itoa(tc.status), func(t *testing.T) {
			t.Parallel()
			addr, puts := fakeS3(t, tc.status)
			var logs syncBuffer
			s, err := New(Options{Endpoint: addr, AccessKey: "k", SecretKey: "secret", Bucket: "media", Log: logTo(&logs)})
			require.NoError(t, err)
			for range 3 {
				// minio-go retries a 503 itself, until the context ends.
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				require.NoError(t, s.EnsureBucket(ctx))
				cancel()
			}
			if tc.refused {
				require.Equal(t, tc.wantCalls, puts.Load(), "asked once")
				require.Equal(t, 1, strings.Count(logs.String(), "refuses bucket versioning"), logs.String())
				require.Contains(t, logs.String(), "level=WARN")
			} else {
				require.GreaterOrEqual(t, puts.Load(), tc.wantCalls, "asked again at each check")
				require.NotContains(t, logs.String(), "level=WARN")
			}
		})
	}
}

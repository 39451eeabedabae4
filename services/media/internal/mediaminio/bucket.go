// Package mediaminio is the media service's object store: a MinIO (S3)
// bucket that holds images and their variants.
package mediaminio

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync/atomic"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/valleytrenchless/site/services/media/internal/media"
)

// Options locate the bucket.
type Options struct {
	Endpoint  string
	AccessKey string
	SecretKey string
	UseSSL    bool
	Bucket    string
	// Log says whether the bucket is versioned (EnsureBucket); nil logs
	// nothing.
	Log *slog.Logger
}

// Store wraps the bucket.
type Store struct {
	client *minio.Client
	bucket string
	log    *slog.Logger
	// versioning is set once the bucket's versioning has been settled:
	// turned on, found on or suspended, or refused by the store.
	versioning atomic.Bool
}

// New returns a Store; it does not contact the server.
func New(o Options) (*Store, error) {
	c, err := minio.New(o.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""), Secure: o.UseSSL})
	if err != nil {
		return nil, fmt.Errorf("minio client: %w", err)
	}
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Store{client: c, bucket: o.Bucket, log: log}, nil
}

// EnsureBucket creates the bucket when it is missing and, the first time
// it can, turns its versioning on (ensureVersioning). Replicas starting
// together all find it missing and all create it: the ones that lose find
// it created by the same account, which is what they wanted.
func (s *Store) EnsureBucket(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("check bucket %s: %w", s.bucket, err)
	}
	if !ok {
		err = s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{})
		if err != nil && minio.ToErrorResponse(err).Code != "BucketAlreadyOwnedByYou" {
			return fmt.Errorf("create bucket %s: %w", s.bucket, err)
		}
	}
	if !s.versioning.Load() {
		s.ensureVersioning(ctx)
	}
	return nil
}

// ensureVersioning turns the bucket's versioning on when it has never been
// set, so an image deleted or overwritten by mistake (or by a bug) stays in
// the bucket as a noncurrent version. A bucket whose versioning an operator
// suspended is left so. A store that refuses (an S3 API without
// versioning, or credentials not allowed to set it) is logged as a warning
// once and not asked again: the service works without it. A store that
// does not answer is asked again at the next health check.
func (s *Store) ensureVersioning(ctx context.Context) {
	cfg, err := s.client.GetBucketVersioning(ctx, s.bucket)
	if err == nil {
		switch {
		case cfg.Enabled():
			s.versioning.Store(true)
			s.log.Info("bucket versioning is on", "bucket", s.bucket)
			return
		case cfg.Suspended():
			s.versioning.Store(true)
			s.log.Warn("bucket versioning is suspended; left so: a deleted image cannot be recovered from the bucket", "bucket", s.bucket)
			return
		}
		err = s.client.EnableVersioning(ctx, s.bucket)
	}
	switch {
	case err == nil:
		s.versioning.Store(true)
		s.log.Info("bucket versioning turned on", "bucket", s.bucket)
	case refused(err):
		s.versioning.Store(true)
		s.log.Warn("the object store refuses bucket versioning; the service runs without it: a deleted image cannot be recovered from the bucket",
			"bucket", s.bucket, "err", err)
	default:
		s.log.Debug("bucket versioning not settled yet", "bucket", s.bucket, "err", err)
	}
}

// refused reports whether err is the store's answer that it will not do
// what was asked (4xx, or 501 Not Implemented), not a failure to reach it.
func refused(err error) bool {
	code := minio.ToErrorResponse(err).StatusCode
	return code >= 400 && code < 500 || code == http.StatusNotImplemented
}

// Ping reports whether the bucket is reachable (the health check).
func (s *Store) Ping(ctx context.Context) error {
	_, err := s.client.BucketExists(ctx, s.bucket)
	return err
}

var _ media.Objects = (*Store)(nil)

// unavailable wraps an error that means the store could not be reached.
func unavailable(op string, err error) error {
	return fmt.Errorf("%s: %w: %w", op, media.ErrStorageUnavailable, err)
}

// Put writes an object.
func (s *Store) Put(ctx context.Context, name string, data []byte, contentType string) error {
	_, err := s.client.PutObject(ctx, s.bucket, name, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{
		ContentType:  contentType,
		CacheControl: "public, max-age=31536000, immutable",
	})
	if err != nil {
		return unavailable("put "+name, err)
	}
	return nil
}

// Get opens an object for reading.
func (s *Store) Get(ctx context.Context, name string) (io.ReadCloser, media.ObjectInfo, error) {
	obj, err := s.client.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, media.ObjectInfo{}, unavailable("get "+name, err)
	}
	st, err := obj.Stat()
	if err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, media.ObjectInfo{}, media.ErrNotFound
		}
		return nil, media.ObjectInfo{}, unavailable("stat "+name, err)
	}
	return obj, media.ObjectInfo{ContentType: st.ContentType, Size: st.Size}, nil
}

// RemovePrefix deletes every object under prefix.
func (s *Store) RemovePrefix(ctx context.Context, prefix string) error {
	objs := s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true})
	for res := range s.client.RemoveObjects(ctx, s.bucket, objs, minio.RemoveObjectsOptions{}) {
		if res.Err != nil {
			return unavailable("remove "+res.ObjectName, res.Err)
		}
	}
	// A listing error (store down) arrives as an object with Err set and is
	// not removed; check once more that nothing is left.
	for o := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true, MaxKeys: 1}) {
		if o.Err != nil {
			return unavailable("list "+prefix, o.Err)
		}
		return unavailable("remove "+prefix, fmt.Errorf("object %s still present", o.Key))
	}
	return nil
}

// Package mediaminio is the media service's object store: a MinIO (S3)
// bucket that holds images and their variants.
package mediaminio

import (
	"bytes"
	"context"
	"fmt"
	"io"

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
}

// Store wraps the bucket.
type Store struct {
	client *minio.Client
	bucket string
}

// New returns a Store; it does not contact the server.
func New(o Options) (*Store, error) {
	c, err := minio.New(o.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""), Secure: o.UseSSL})
	if err != nil {
		return nil, fmt.Errorf("minio client: %w", err)
	}
	return &Store{client: c, bucket: o.Bucket}, nil
}

// EnsureBucket creates the bucket when it is missing. Replicas starting
// together all find it missing and all create it: the ones that lose find
// it created by the same account, which is what they wanted.
func (s *Store) EnsureBucket(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("check bucket %s: %w", s.bucket, err)
	}
	if ok {
		return nil
	}
	err = s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{})
	if err != nil && minio.ToErrorResponse(err).Code != "BucketAlreadyOwnedByYou" {
		return fmt.Errorf("create bucket %s: %w", s.bucket, err)
	}
	return nil
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

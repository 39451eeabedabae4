package mediagrpc_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/miniotest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/media/internal/media"
	"github.com/valleytrenchless/site/services/media/internal/mediagrpc"
	"github.com/valleytrenchless/site/services/media/internal/mediaminio"
	"github.com/valleytrenchless/site/services/media/internal/mediapg"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type env struct {
	minio   *miniotest.Server
	pool    *pgxpool.Pool
	svc     *media.Service
	client  mediav1.MediaServiceClient
	staff   context.Context
	visitor context.Context
	// service is the content service calling on its own behalf.
	service context.Context
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t, media.Options{})
}

func newEnvWith(t *testing.T, o media.Options) *env {
	t.Helper()
	m := miniotest.Start(t)
	objects, err := mediaminio.New(mediaminio.Options{Endpoint: m.Endpoint, AccessKey: miniotest.AccessKey, SecretKey: miniotest.SecretKey, Bucket: "media"})
	require.NoError(t, err)
	require.NoError(t, objects.EnsureBucket(context.Background()))
	pool := pgtest.NewPool(t, mediapg.Migrate)
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	srv, err := grpcserver.New(quiet, grpcserver.Options{Signer: signer})
	require.NoError(t, err)
	svc := media.NewService(mediapg.New(pool), objects, o)
	mediav1.RegisterMediaServiceServer(srv.GRPC(), mediagrpc.New(quiet, svc))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(); cancel(); <-done })
	return &env{
		minio: m, pool: pool, svc: svc, client: mediav1.NewMediaServiceClient(conn),
		staff:   signer.OutgoingContext(context.Background(), identity.Caller{Email: "ana@valleytrenchless.example", Staff: true}),
		visitor: signer.OutgoingContext(context.Background(), identity.Caller{Email: "joe@example.com"}),
		service: signer.OutgoingContext(context.Background(), identity.Caller{Service: "content"}),
	}
}

func jpegOf(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	return b.Bytes()
}

func upload(ctx context.Context, c mediav1.MediaServiceClient, name string, data []byte) (*mediav1.UploadImageResponse, error) {
	stream, err := c.UploadImage(ctx)
	if err != nil {
		return nil, err
	}
	// A Send that fails because the server already ended the call (e.g. it
	// refused the caller) returns io.EOF; the call's status comes from
	// CloseAndRecv, as gRPC documents.
	if err := stream.Send(&mediav1.UploadImageRequest{Part: &mediav1.UploadImageRequest_Metadata{Metadata: &mediav1.UploadImageMetadata{Filename: name}}}); err != nil {
		if !errors.Is(err, io.EOF) {
			return nil, err
		}
		data = nil
	}
	for len(data) > 0 {
		n := min(len(data), mediagrpc.ChunkSize)
		if err := stream.Send(&mediav1.UploadImageRequest{Part: &mediav1.UploadImageRequest_Chunk{Chunk: data[:n]}}); err != nil {
			break // the server ended the call; CloseAndRecv has its status
		}
		data = data[n:]
	}
	return stream.CloseAndRecv()
}

func download(t *testing.T, c mediav1.MediaServiceClient, key string, width int32, webp bool) (*mediav1.GetImageInfo, []byte, error) {
	t.Helper()
	stream, err := c.GetImage(context.Background(), &mediav1.GetImageRequest{Key: key, Width: width, AcceptWebp: webp})
	if err != nil {
		return nil, nil, err
	}
	first, err := stream.Recv()
	if err != nil {
		return nil, nil, err
	}
	var body []byte
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return first.GetInfo(), body, nil
		}
		if err != nil {
			return nil, nil, err
		}
		body = append(body, m.GetChunk()...)
	}
}

func reason(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetReason()
		}
	}
	return ""
}

func TestUploadServeDedupeLibraryAndDelete(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	data := jpegOf(1200, 800)

	_, err := upload(context.Background(), e.client, "a.jpg", data)
	require.Equal(t, codes.Unauthenticated, status.Code(err))
	_, err = upload(e.visitor, e.client, "a.jpg", data)
	require.Equal(t, codes.PermissionDenied, status.Code(err))

	resp, err := upload(e.staff, e.client, "C:\\Users\\ana\\job site.jpg", data)
	require.NoError(t, err)
	require.Equal(t, media.HashOf(data)+".jpg", resp.GetKey())
	require.Equal(t, "/media/"+resp.GetKey(), resp.GetUrl())
	require.EqualValues(t, 1200, resp.GetWidth())

	// The same bytes again are the same image, stored once.
	again, err := upload(e.staff, e.client, "copy.jpg", data)
	require.NoError(t, err)
	require.Equal(t, resp.GetKey(), again.GetKey())
	var rows int
	require.NoError(t, e.pool.QueryRow(context.Background(), "SELECT count(*) FROM media.images").Scan(&rows))
	require.Equal(t, 1, rows)

	// Serving: original format, WebP when accepted, variants by width, and
	// full size for a width the image has no variant for.
	info, body, err := download(t, e.client, resp.GetKey(), 0, false)
	require.NoError(t, err)
	require.Equal(t, "image/jpeg", info.GetContentType())
	require.EqualValues(t, len(body), info.GetSize())
	cfg, _, err := image.DecodeConfig(bytes.NewReader(body))
	require.NoError(t, err)
	require.Equal(t, 1200, cfg.Width)
	info, body, err = download(t, e.client, resp.GetKey(), 480, true)
	require.NoError(t, err)
	require.Equal(t, "image/webp", info.GetContentType())
	require.Equal(t, "RIFF", string(body[:4]))
	require.Contains(t, info.GetEtag(), "w480.webp")
	info, _, err = download(t, e.client, resp.GetKey(), 1600, false)
	require.NoError(t, err)
	require.Contains(t, info.GetEtag(), "full.jpg", "never upscaled: 1600 serves the 1200-wide original")

	_, _, err = download(t, e.client, "0000000000000000000000000000000000000000000000000000000000000000.jpg", 0, false)
	require.Equal(t, codes.NotFound, status.Code(err))
	for _, bad := range []string{"../../etc/passwd", resp.GetKey() + "/../x", "abc.svg", ""} {
		_, _, err = download(t, e.client, bad, 0, false)
		require.Equal(t, codes.InvalidArgument, status.Code(err), bad)
	}

	// Library: listed with its variants, alt text, then deleted with every
	// object.
	list, err := e.client.ListImages(e.staff, &mediav1.ListImagesRequest{})
	require.NoError(t, err)
	require.Len(t, list.GetImages(), 1)
	img := list.GetImages()[0]
	require.Equal(t, "job site.jpg", img.GetOriginalName(), "path stripped from the name")
	require.Len(t, img.GetVariants(), 5, "full JPEG, and 480 and 960 each as JPEG and WebP")
	_, err = e.client.ListImages(e.visitor, &mediav1.ListImagesRequest{})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
	up, err := e.client.UpdateImage(e.staff, &mediav1.UpdateImageRequest{Key: resp.GetKey(), AltText: " Liner cured in a 4-inch clay line "})
	require.NoError(t, err)
	require.Equal(t, "Liner cured in a 4-inch clay line", up.GetImage().GetAltText())
	_, err = e.client.DeleteImage(e.staff, &mediav1.DeleteImageRequest{Key: resp.GetKey()})
	require.NoError(t, err)
	_, _, err = download(t, e.client, resp.GetKey(), 480, true)
	require.Equal(t, codes.NotFound, status.Code(err), "variants are gone too")
	_, err = e.client.DeleteImage(e.staff, &mediav1.DeleteImageRequest{Key: resp.GetKey()})
	require.Equal(t, codes.NotFound, status.Code(err))
}

func TestUploadRejections(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	_, err := upload(e.staff, e.client, "x.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	require.Equal(t, mediagrpc.ReasonUnsupported, reason(err))
	require.Equal(t, media.ErrUnsupported.Error(), status.Convert(err).Message())

	big := append(jpegOf(64, 64), make([]byte, media.MaxBytes)...)
	_, err = upload(e.staff, e.client, "big.jpg", big)
	require.Equal(t, codes.OutOfRange, status.Code(err))
	require.Equal(t, mediagrpc.ReasonTooLarge, reason(err))

	var png8 bytes.Buffer
	_ = png.Encode(&png8, image.NewGray(image.Rect(0, 0, 10, 10)))
	_, err = upload(e.staff, e.client, "cut.png", png8.Bytes()[:30])
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	require.Equal(t, media.ErrCorrupt.Error(), status.Convert(err).Message())
}

func TestMinIOOutageIs503WithNothingHalfWritten(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.minio.Stop()
	ctx, cancel := context.WithTimeout(e.staff, 30*time.Second)
	defer cancel()
	_, err := upload(ctx, e.client, "a.jpg", jpegOf(300, 200))
	require.Equal(t, codes.Unavailable, status.Code(err))
	require.Equal(t, mediagrpc.MsgStorageUnavailable, status.Convert(err).Message())
	require.Equal(t, mediagrpc.ReasonStorageUnavailable, reason(err), "the edge shows this message, not its generic one")
	var rows int
	require.NoError(t, e.pool.QueryRow(context.Background(), "SELECT count(*) FROM media.images").Scan(&rows))
	require.Zero(t, rows, "no metadata without objects")

	// When MinIO returns, uploads work again without a restart.
	e.minio.Restart(t)
	resp, err := upload(e.staff, e.client, "a.jpg", jpegOf(300, 200))
	require.NoError(t, err)
	info, _, err := download(t, e.client, resp.GetKey(), 0, true)
	require.NoError(t, err)
	require.Equal(t, "image/jpeg", info.GetContentType(), "full size has no WebP twin: the original is served")
}

// A stored image whose objects the store says are missing is asked for
// again (a distributed MinIO node just back answers NoSuchKey for a
// moment, make faults' minio-nodes): served once they are there, 503 (not
// "no such image") when they never come; a key without a row is still 404
// at once.
func TestAStoredImagesObjectsMissingForAMomentAreWaitedFor(t *testing.T) {
	t.Parallel()
	waits := make([]time.Duration, 20)
	for i := range waits {
		waits[i] = 100 * time.Millisecond
	}
	e := newEnvWith(t, media.Options{MissingWaits: waits, Log: quiet})
	data := jpegOf(300, 200)
	resp, err := upload(e.staff, e.client, "a.jpg", data)
	require.NoError(t, err)
	hash, _, _ := strings.Cut(resp.GetKey(), ".")
	s3, err := minio.New(e.minio.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(miniotest.AccessKey, miniotest.SecretKey, "")})
	require.NoError(t, err)
	ctx := context.Background()
	full := media.ObjectName(hash, "full", "jpg")
	obj, err := s3.GetObject(ctx, "media", full, minio.GetObjectOptions{})
	require.NoError(t, err)
	want, err := io.ReadAll(obj)
	require.NoError(t, err)
	remove := func() {
		t.Helper()
		for o := range s3.ListObjects(ctx, "media", minio.ListObjectsOptions{Prefix: hash + "/", Recursive: true}) {
			require.NoError(t, o.Err)
			require.NoError(t, s3.RemoveObject(ctx, "media", o.Key, minio.RemoveObjectOptions{}))
		}
	}

	remove()
	back := make(chan error, 1)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, err := s3.PutObject(ctx, "media", full, bytes.NewReader(want), int64(len(want)), minio.PutObjectOptions{ContentType: "image/jpeg"})
		back <- err
	}()
	info, body, err := download(t, e.client, resp.GetKey(), 480, true)
	require.NoError(t, err, "served once the store has the object again")
	require.NoError(t, <-back)
	require.Equal(t, want, body)
	require.Contains(t, info.GetEtag(), "full.jpg", "the only rendition back is the full size")

	remove()
	_, _, err = download(t, e.client, resp.GetKey(), 0, false)
	require.Equal(t, codes.Unavailable, status.Code(err), "the row says the image exists: the store is at fault")
	require.Equal(t, mediagrpc.ReasonStorageUnavailable, reason(err))

	_, err = e.client.DeleteImage(e.staff, &mediav1.DeleteImageRequest{Key: resp.GetKey()})
	require.NoError(t, err)
	_, _, err = download(t, e.client, resp.GetKey(), 0, false)
	require.Equal(t, codes.NotFound, status.Code(err), "no row, no objects: no such image")
}

// LookupImages is how the content service sizes article images: only a
// service may call it, and it answers the stored images among the keys.
func TestLookupImages(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	wide, err := upload(e.staff, e.client, "wide.jpg", jpegOf(1000, 600))
	require.NoError(t, err)
	small, err := upload(e.staff, e.client, "small.jpg", jpegOf(400, 300))
	require.NoError(t, err)
	unknown := strings.Repeat("ab", 32) + ".png"

	resp, err := e.client.LookupImages(e.service, &mediav1.LookupImagesRequest{Keys: []string{wide.GetKey(), unknown, small.GetKey(), wide.GetKey()}})
	require.NoError(t, err)
	byKey := map[string]*mediav1.Image{}
	for _, img := range resp.GetImages() {
		byKey[img.GetKey()] = img
	}
	require.Len(t, resp.GetImages(), 2, "unknown keys are left out, a repeated key answered once")
	w := byKey[wide.GetKey()]
	require.EqualValues(t, 1000, w.GetWidth())
	require.EqualValues(t, 600, w.GetHeight())
	widths := map[int32][]string{}
	for _, v := range w.GetVariants() {
		widths[v.GetWidth()] = append(widths[v.GetWidth()], v.GetFormat())
	}
	require.ElementsMatch(t, []string{"jpeg", "webp"}, widths[480])
	require.ElementsMatch(t, []string{"jpeg", "webp"}, widths[960])
	require.NotContains(t, widths, int32(1600), "never upscaled")
	s := byKey[small.GetKey()]
	require.EqualValues(t, 400, s.GetWidth())
	for _, v := range s.GetVariants() {
		require.EqualValues(t, 400, v.GetWidth(), "a 400-wide image has no smaller renditions")
	}

	// People cannot call it, staff included; nor can a port reached
	// directly without a token.
	_, err = e.client.LookupImages(context.Background(), &mediav1.LookupImagesRequest{Keys: []string{wide.GetKey()}})
	require.Equal(t, codes.Unauthenticated, status.Code(err))
	for _, ctx := range []context.Context{e.staff, e.visitor} {
		_, err = e.client.LookupImages(ctx, &mediav1.LookupImagesRequest{Keys: []string{wide.GetKey()}})
		require.Equal(t, codes.PermissionDenied, status.Code(err))
	}

	// At most 50 keys, each a key.
	many := make([]string, 51)
	for i := range many {
		many[i] = wide.GetKey()
	}
	_, err = e.client.LookupImages(e.service, &mediav1.LookupImagesRequest{Keys: many})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	_, err = e.client.LookupImages(e.service, &mediav1.LookupImagesRequest{Keys: []string{"../../etc/passwd"}})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	resp, err = e.client.LookupImages(e.service, &mediav1.LookupImagesRequest{})
	require.NoError(t, err)
	require.Empty(t, resp.GetImages())
}

// TestUploadsQueueForTheDecodeBudget: with the decode budget taken by an
// upload being processed, another upload waits for it and is stored; one
// whose time would run out while it waits is refused as busy, while there
// is still time to tell staff so; and an image that alone needs more than
// the whole budget is refused at once, before it is decoded.
func TestUploadsQueueForTheDecodeBudget(t *testing.T) {
	t.Parallel()
	flat := image.NewRGBA(image.Rect(0, 0, 3000, 3000))
	for i := range flat.Pix {
		flat.Pix[i] = uint8(90 + i%4*40)
	}
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, flat))
	big := b.Bytes()
	hd, err := media.Inspect(big)
	require.NoError(t, err)
	e := newEnvWith(t, media.Options{DecodeBudget: hd.Cost}) // room for exactly the big one

	first := make(chan error, 1)
	go func() { _, err := upload(e.staff, e.client, "big.png", big); first <- err }()
	require.Eventually(t, func() bool { return e.svc.BudgetStats().InUse == hd.Cost }, 30*time.Second, time.Millisecond)

	queued := make(chan error, 1)
	go func() { _, err := upload(e.staff, e.client, "small.jpg", jpegOf(640, 480)); queued <- err }()
	short, cancel := context.WithTimeout(e.staff, 1100*time.Millisecond)
	defer cancel()
	_, err = upload(short, e.client, "hurried.jpg", jpegOf(320, 240))
	require.Equal(t, codes.Unavailable, status.Code(err), "%v", err)
	require.Equal(t, mediagrpc.ReasonBusy, reason(err))
	require.Equal(t, media.ErrBusy.Error(), status.Convert(err).Message())
	require.NoError(t, short.Err(), "refused before the caller's deadline")

	require.NoError(t, <-first)
	require.NoError(t, <-queued, "the queued upload is processed once the budget is free")
	stats := e.svc.BudgetStats()
	require.Equal(t, media.BudgetStats{Total: hd.Cost, InUse: 0, Waits: 2, Busy: 1}, stats)

	// A 16-bit PNG of the same size needs twice the memory: refused from
	// its header alone (all this upload is).
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, 3000), 3000)
	ihdr = append(ihdr, 16, 2, 0, 0, 0)
	header := binary.BigEndian.AppendUint32([]byte("\x89PNG\r\n\x1a\n"), uint32(len(ihdr)))
	header = append(append(header, "IHDR"...), ihdr...)
	header = binary.BigEndian.AppendUint32(header, crc32.ChecksumIEEE(append([]byte("IHDR"), ihdr...)))
	_, err = upload(e.staff, e.client, "deep.png", header)
	require.Equal(t, codes.InvalidArgument, status.Code(err), "%v", err)
	require.Equal(t, media.ErrTooBigToProcess.Error(), status.Convert(err).Message())
	require.Equal(t, stats, e.svc.BudgetStats(), "refused without queueing")
}

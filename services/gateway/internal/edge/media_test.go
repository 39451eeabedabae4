package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
)

// recordingMedia stands in for the media service at the gRPC boundary so
// these tests can watch exactly what the edge sends and how it maps
// answers; the real service is tested against MinIO in services/media.
type recordingMedia struct {
	mediav1.UnimplementedMediaServiceServer
	mu       sync.Mutex
	received []byte
	token    string
	objects  map[string][]byte // object name → bytes
}

func (f *recordingMedia) UploadImage(stream grpc.ClientStreamingServer[mediav1.UploadImageRequest, mediav1.UploadImageResponse]) error {
	md, _ := metadata.FromIncomingContext(stream.Context())
	var got []byte
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		got = append(got, m.GetChunk()...)
	}
	f.mu.Lock()
	f.received = got
	if v := md.Get(identity.MetadataKey); len(v) > 0 {
		f.token = v[0]
	}
	f.mu.Unlock()
	if bytes.HasPrefix(got, []byte("<svg")) {
		st, _ := status.New(codes.InvalidArgument, "Only JPEG, PNG, WebP and GIF images can be uploaded.").
			WithDetails(&errdetails.ErrorInfo{Reason: "UNSUPPORTED_MEDIA_TYPE"})
		return st.Err()
	}
	if bytes.Equal(got, []byte("store is down")) {
		st, _ := status.New(codes.Unavailable, "Image storage is unavailable right now.").
			WithDetails(&errdetails.ErrorInfo{Reason: "STORAGE_UNAVAILABLE"})
		return st.Err()
	}
	if bytes.Equal(got, []byte("busy")) {
		st, _ := status.New(codes.Unavailable, "The server is busy processing other images; please try again in a minute.").
			WithDetails(&errdetails.ErrorInfo{Reason: "BUSY"})
		return st.Err()
	}
	return stream.SendAndClose(&mediav1.UploadImageResponse{Url: "/media/k.jpg", Key: "k.jpg", Width: 10, Height: 20})
}

func (f *recordingMedia) GetImage(req *mediav1.GetImageRequest, stream grpc.ServerStreamingServer[mediav1.GetImageResponse]) error {
	ext, ctype := "jpg", "image/jpeg"
	if req.GetAcceptWebp() {
		ext, ctype = "webp", "image/webp"
	}
	name := "full." + ext
	if req.GetWidth() > 0 {
		name = "w480." + ext
	}
	data, ok := f.objects[req.GetKey()+"/"+name]
	if !ok {
		return status.Error(codes.NotFound, "That image does not exist.")
	}
	_ = stream.Send(&mediav1.GetImageResponse{Part: &mediav1.GetImageResponse_Info{Info: &mediav1.GetImageInfo{
		ContentType: ctype, Size: int64(len(data)), Etag: `"` + req.GetKey() + "-" + name + `"`}}})
	for len(data) > 0 {
		n := min(len(data), 1000)
		_ = stream.Send(&mediav1.GetImageResponse{Part: &mediav1.GetImageResponse_Chunk{Chunk: data[:n]}})
		data = data[n:]
	}
	return nil
}

const testKey = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg"

func mediaEdge(t *testing.T, staff bool) (*httptest.Server, *recordingMedia, *identity.Signer) {
	t.Helper()
	f := &recordingMedia{objects: map[string][]byte{
		testKey + "/full.jpg":  bytes.Repeat([]byte{0xFF}, 2500),
		testKey + "/full.webp": []byte("RIFF-webp-full"),
		testKey + "/w480.webp": []byte("RIFF-webp-480"),
	}}
	conn := grpctest.Serve(t, func(srv *grpc.Server) { mediav1.RegisterMediaServiceServer(srv, f) })
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	h, err := New(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), Options{
		Upstreams: Upstreams{Content: conn, Contact: conn, Media: conn},
		Signer:    signer,
		Identity: func(*http.Request) (identity.Caller, bool) {
			return identity.Caller{Email: "ana@valleytrenchless.example", Staff: true}, staff
		},
	})
	require.NoError(t, err)
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	return hs, f, signer
}

func multipartBody(t *testing.T, field string, data []byte) (string, *bytes.Buffer) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	require.NoError(t, mw.WriteField("alt", "ignored"))
	fw, err := mw.CreateFormFile(field, "job.jpg")
	require.NoError(t, err)
	_, _ = fw.Write(data)
	require.NoError(t, mw.Close())
	return mw.FormDataContentType(), &b
}

func postUpload(t *testing.T, base string, data []byte) (*http.Response, ErrorBody, map[string]any) {
	t.Helper()
	ct, body := multipartBody(t, "file", data)
	resp, err := http.Post(base+"/api/upload-image", ct, body)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var eb ErrorBody
	var ok map[string]any
	if resp.StatusCode == 200 {
		require.NoError(t, json.Unmarshal(raw, &ok))
	} else {
		require.NoError(t, json.Unmarshal(raw, &eb), string(raw))
	}
	return resp, eb, ok
}

func TestUploadStreamsUpTo5MBExactly(t *testing.T) {
	t.Parallel()
	hs, f, signer := mediaEdge(t, true)
	exact := bytes.Repeat([]byte{7}, maxImageBytes)
	resp, _, ok := postUpload(t, hs.URL, exact)
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "/media/k.jpg", ok["url"])
	require.Len(t, f.received, maxImageBytes, "every byte reached the service")
	c, err := signer.Verify(f.token)
	require.NoError(t, err, "the staff identity travels as a signed token")
	require.True(t, c.Staff)

	f.received = nil
	resp, eb, _ := postUpload(t, hs.URL, append(exact, 7))
	require.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	require.Equal(t, "Image must be 5 MB or smaller.", eb.Message)
	require.Nil(t, f.received, "an oversize upload is cut off, not completed")
}

func TestUploadErrorsMapToHTTP(t *testing.T) {
	t.Parallel()
	hs, _, _ := mediaEdge(t, true)
	resp, eb, _ := postUpload(t, hs.URL, []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	require.Equal(t, http.StatusUnsupportedMediaType, resp.StatusCode)
	require.Equal(t, "Only JPEG, PNG, WebP and GIF images can be uploaded.", eb.Message)
	resp, eb, _ = postUpload(t, hs.URL, []byte("store is down"))
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Equal(t, "Image storage is unavailable right now.", eb.Message, "the service's own message for people")
	resp, eb, _ = postUpload(t, hs.URL, []byte("busy"))
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Equal(t, "The server is busy processing other images; please try again in a minute.", eb.Message)
	require.Equal(t, "60", resp.Header.Get("Retry-After"))

	r, err := http.Post(hs.URL+"/api/upload-image", "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, 400, r.StatusCode)

	ct, body := multipartBody(t, "picture", []byte("x"))
	r, err = http.Post(hs.URL+"/api/upload-image", ct, body)
	require.NoError(t, err)
	r.Body.Close()
	require.Equal(t, 400, r.StatusCode, "no field named file")
}

func get2(t *testing.T, url string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestMediaServingHeadersNegotiationAnd304(t *testing.T) {
	t.Parallel()
	hs, _, _ := mediaEdge(t, false)
	resp, body := get2(t, hs.URL+"/media/"+testKey, nil)
	require.Equal(t, 200, resp.StatusCode)
	require.Len(t, body, 2500, "streamed across several chunks")
	require.Equal(t, "image/jpeg", resp.Header.Get("Content-Type"))
	require.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	require.Equal(t, "public, max-age=31536000, immutable", resp.Header.Get("Cache-Control"))
	require.Equal(t, "Accept", resp.Header.Get("Vary"))
	require.Equal(t, "default-src 'none'; sandbox; frame-ancestors 'none'", resp.Header.Get("Content-Security-Policy"))
	etag := resp.Header.Get("ETag")
	require.NotEmpty(t, etag)

	resp, body = get2(t, hs.URL+"/media/"+testKey, map[string]string{"If-None-Match": etag})
	require.Equal(t, http.StatusNotModified, resp.StatusCode)
	require.Empty(t, body)

	resp, body = get2(t, hs.URL+"/media/"+testKey+"?w=480", map[string]string{"Accept": "image/avif,image/webp,*/*"})
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "image/webp", resp.Header.Get("Content-Type"))
	require.Equal(t, "RIFF-webp-480", string(body))

	resp, _ = get2(t, hs.URL+"/media/"+testKey+"?w=123", nil)
	require.Equal(t, 400, resp.StatusCode)
	for _, p := range []string{"/media/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg", "/media/..%2F..%2Fetc%2Fpasswd",
		"/media/" + testKey + "%2F..%2Fx", "/media/x.svg", "/media/" + strings.ToUpper(testKey)} {
		resp, _ = get2(t, hs.URL+p, nil)
		require.Equal(t, 404, resp.StatusCode, p)
	}
}

func TestAnonymousUploadCarriesNoIdentity(t *testing.T) {
	t.Parallel()
	hs, f, _ := mediaEdge(t, false)
	_, _, _ = postUpload(t, hs.URL, []byte("abc"))
	require.Empty(t, f.token, "no identity token is minted for an anonymous request")
}

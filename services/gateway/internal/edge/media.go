package edge

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// Upload limits: the image itself, and the whole multipart request (the
// image plus headers and other fields).
const (
	maxImageBytes   = 5 << 20
	maxUploadBody   = maxImageBytes + 64<<10
	uploadChunkSize = 64 << 10
)

const msgTooLarge = "Image must be 5 MB or smaller."

var mediaKey = regexp.MustCompile(`^[a-f0-9]{64}\.(jpg|png|gif|webp)$`)

// uploadHandler streams the multipart field "file" to the media service in
// chunks; it never holds the body, and stops reading past 5 MB.
func uploadHandler(log *slog.Logger, client mediav1.MediaServiceClient, outgoing func(*http.Request) context.Context) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := outgoing(r)
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "multipart/form-data" {
			writeStatus(ctx, log, w, http.StatusBadRequest, status.Error(codes.InvalidArgument, "Send the image as multipart/form-data with the field \"file\"."))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxUploadBody)
		mr, err := r.MultipartReader()
		if err != nil {
			writeStatus(ctx, log, w, http.StatusBadRequest, status.Error(codes.InvalidArgument, "The upload could not be read."))
			return
		}
		for {
			part, err := mr.NextPart()
			if err != nil {
				writeReadError(ctx, log, w, err, "Choose an image to upload (form field \"file\").")
				return
			}
			if part.FormName() != "file" {
				_ = part.Close()
				continue
			}
			streamUpload(ctx, log, w, client, part.FileName(), part)
			return
		}
	})
}

func streamUpload(ctx context.Context, log *slog.Logger, w http.ResponseWriter, client mediav1.MediaServiceClient, filename string, body io.Reader) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := client.UploadImage(ctx)
	if err != nil {
		WriteError(ctx, log, w, err)
		return
	}
	if err := stream.Send(&mediav1.UploadImageRequest{Part: &mediav1.UploadImageRequest_Metadata{
		Metadata: &mediav1.UploadImageMetadata{Filename: truncate(filename, 255)},
	}}); err != nil {
		_, err = stream.CloseAndRecv()
		writeUploadError(ctx, log, w, err)
		return
	}
	buf := make([]byte, uploadChunkSize)
	total := 0
	for {
		n, rerr := io.ReadFull(body, buf)
		if n > 0 {
			total += n
			if total > maxImageBytes {
				cancel()
				writeStatus(ctx, log, w, http.StatusRequestEntityTooLarge, status.Error(codes.OutOfRange, msgTooLarge))
				return
			}
			if err := stream.Send(&mediav1.UploadImageRequest{Part: &mediav1.UploadImageRequest_Chunk{Chunk: buf[:n]}}); err != nil {
				break // the service ended the call; CloseAndRecv has its status
			}
		}
		if errors.Is(rerr, io.EOF) || errors.Is(rerr, io.ErrUnexpectedEOF) {
			break
		}
		if rerr != nil {
			writeReadError(ctx, log, w, rerr, "The upload was interrupted. Please try again.")
			return
		}
	}
	resp, err := stream.CloseAndRecv()
	if err != nil {
		writeUploadError(ctx, log, w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"url": resp.GetUrl(), "key": resp.GetKey(), "width": resp.GetWidth(), "height": resp.GetHeight()})
}

// writeUploadError maps the media service's reasons to 413 and 415, and
// keeps its own message for a store that is down and for a decode budget
// that stays full (503, the latter with Retry-After): an Unavailable
// without such a reason may be gRPC's own and gets the generic message.
func writeUploadError(ctx context.Context, log *slog.Logger, w http.ResponseWriter, err error) {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			switch info.GetReason() {
			case "IMAGE_TOO_LARGE":
				writeStatus(ctx, log, w, http.StatusRequestEntityTooLarge, err)
				return
			case "UNSUPPORTED_MEDIA_TYPE":
				writeStatus(ctx, log, w, http.StatusUnsupportedMediaType, err)
				return
			case "STORAGE_UNAVAILABLE", "BUSY":
				log.WarnContext(ctx, "upload refused", "reason", info.GetReason())
				if info.GetReason() == "BUSY" {
					w.Header().Set("Retry-After", "60")
				}
				writeBody(w, http.StatusServiceUnavailable, ErrorBody{Message: status.Convert(err).Message(), Code: "unavailable", Details: []FieldViolation{}})
				return
			}
		}
	}
	WriteError(ctx, log, w, err)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// mediaHandler serves GET/HEAD /media/{key}[?w=480|960|1600], streamed from
// the media service, WebP when the browser accepts it.
func mediaHandler(log *slog.Logger, client mediav1.MediaServiceClient) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.PathValue("key")
		if !mediaKey.MatchString(key) {
			http.NotFound(w, r)
			return
		}
		width := 0
		if v := r.URL.Query().Get("w"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || (n != 480 && n != 960 && n != 1600) {
				writeStatus(r.Context(), log, w, http.StatusBadRequest, status.Error(codes.InvalidArgument, "w must be 480, 960 or 1600."))
				return
			}
			width = n
		}
		acceptWebP := strings.Contains(r.Header.Get("Accept"), "image/webp")
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		stream, err := client.GetImage(ctx, &mediav1.GetImageRequest{Key: key, Width: int32(width), AcceptWebp: acceptWebP})
		var first *mediav1.GetImageResponse
		if err == nil {
			first, err = stream.Recv()
		}
		if err != nil {
			if status.Code(err) == codes.NotFound || status.Code(err) == codes.InvalidArgument {
				http.NotFound(w, r)
				return
			}
			WriteError(ctx, log, w, err)
			return
		}
		info := first.GetInfo()
		h := w.Header()
		h.Set("ETag", info.GetEtag())
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("Vary", "Accept")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox; frame-ancestors 'none'")
		if encoded.ETagMatch(r.Header.Get("If-None-Match"), info.GetEtag()) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Type", info.GetContentType())
		h.Set("Content-Length", strconv.FormatInt(info.GetSize(), 10))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodHead {
			return
		}
		for {
			msg, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				log.WarnContext(ctx, "image stream broke off", "key", key, "err", err)
				return
			}
			if _, err := w.Write(msg.GetChunk()); err != nil {
				return
			}
		}
	})
}

// writeReadError answers a failure to read the upload body: 413 when it
// passed the size limit, otherwise 400 with msg.
func writeReadError(ctx context.Context, log *slog.Logger, w http.ResponseWriter, err error, msg string) {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeStatus(ctx, log, w, http.StatusRequestEntityTooLarge, status.Error(codes.OutOfRange, msgTooLarge))
		return
	}
	writeStatus(ctx, log, w, http.StatusBadRequest, status.Error(codes.InvalidArgument, msg))
}

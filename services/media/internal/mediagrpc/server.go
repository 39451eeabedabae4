// Package mediagrpc adapts the media domain to the generated gRPC service:
// streamed uploads and downloads, and the staff library calls.
package mediagrpc

import (
	"context"
	"errors"
	"io"
	"log/slog"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/media/internal/media"
)

// ErrorInfo reasons the edge turns into 413, 415 and 503.
const (
	ReasonTooLarge    = "IMAGE_TOO_LARGE"
	ReasonUnsupported = "UNSUPPORTED_MEDIA_TYPE"
	// ReasonStorageUnavailable marks an Unavailable written for people:
	// the object store is down, the message says so.
	ReasonStorageUnavailable = "STORAGE_UNAVAILABLE"
	// ReasonBusy marks an Unavailable written for people: the upload
	// waited for memory to be processed in until its time ran short.
	ReasonBusy = "BUSY"
	// Domain is the ErrorInfo domain of this service.
	Domain = "media.trenchless"
)

// ChunkSize is the size of streamed chunks.
const ChunkSize = 64 << 10

// Server implements mediav1.MediaServiceServer.
type Server struct {
	mediav1.UnimplementedMediaServiceServer
	svc *media.Service
	log *slog.Logger
}

// New returns a Server over svc.
func New(log *slog.Logger, svc *media.Service) *Server { return &Server{svc: svc, log: log} }

// UploadImage receives metadata then chunks, never holding more than the
// 5 MB limit plus one chunk.
func (s *Server) UploadImage(stream grpc.ClientStreamingServer[mediav1.UploadImageRequest, mediav1.UploadImageResponse]) error {
	ctx := stream.Context()
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return err
	}
	first, err := stream.Recv()
	if status.Code(err) == codes.InvalidArgument {
		return err // the shared rules refused it (a NUL in its file name)
	}
	if err != nil {
		return status.Error(codes.InvalidArgument, "The upload ended before it began.")
	}
	meta := first.GetMetadata()
	if meta == nil {
		return status.Error(codes.InvalidArgument, "An upload starts with its metadata.")
	}
	data := make([]byte, 0, 256<<10)
	for {
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		chunk := msg.GetChunk()
		if msg.GetMetadata() != nil {
			return status.Error(codes.InvalidArgument, "Metadata may only be sent once.")
		}
		if len(data)+len(chunk) > media.MaxBytes {
			return s.errToStatus(ctx, media.ErrTooLarge)
		}
		data = append(data, chunk...)
	}
	img, err := s.svc.Upload(ctx, c.Email, meta.GetFilename(), data)
	if err != nil {
		return s.errToStatus(ctx, err)
	}
	return stream.SendAndClose(&mediav1.UploadImageResponse{Url: img.URL(), Key: img.Key, Width: int32(img.Width), Height: int32(img.Height)})
}

// GetImage streams one rendition: the info first, then chunks.
func (s *Server) GetImage(req *mediav1.GetImageRequest, stream grpc.ServerStreamingServer[mediav1.GetImageResponse]) error {
	ctx := stream.Context()
	rc, info, err := s.svc.Open(ctx, req.GetKey(), int(req.GetWidth()), req.GetAcceptWebp())
	if err != nil {
		return s.errToStatus(ctx, err)
	}
	defer rc.Close()
	if err := stream.Send(&mediav1.GetImageResponse{Part: &mediav1.GetImageResponse_Info{Info: &mediav1.GetImageInfo{
		ContentType: info.ContentType, Size: info.Size, Etag: info.ETag,
	}}}); err != nil {
		return err
	}
	buf := make([]byte, ChunkSize)
	for {
		n, err := rc.Read(buf)
		if n > 0 {
			if serr := stream.Send(&mediav1.GetImageResponse{Part: &mediav1.GetImageResponse_Chunk{Chunk: buf[:n]}}); serr != nil {
				return serr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return s.errToStatus(ctx, errors.Join(media.ErrStorageUnavailable, err))
		}
	}
}

// ListImages returns a page of the library.
func (s *Server) ListImages(ctx context.Context, req *mediav1.ListImagesRequest) (*mediav1.ListImagesResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	imgs, next, err := s.svc.List(ctx, int(req.GetPageSize()), req.GetPageToken())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	out := make([]*mediav1.Image, len(imgs))
	for i, img := range imgs {
		out[i] = toProto(img)
	}
	return &mediav1.ListImagesResponse{Images: out, NextPageToken: next}, nil
}

// LookupImages answers other services about stored images. It has no HTTP
// route; the caller must be a service.
func (s *Server) LookupImages(ctx context.Context, req *mediav1.LookupImagesRequest) (*mediav1.LookupImagesResponse, error) {
	if _, err := identity.RequireService(ctx); err != nil {
		return nil, err
	}
	imgs, err := s.svc.Lookup(ctx, req.GetKeys())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	out := make([]*mediav1.Image, len(imgs))
	for i, img := range imgs {
		out[i] = toProto(img)
	}
	return &mediav1.LookupImagesResponse{Images: out}, nil
}

// UpdateImage sets the alt text.
func (s *Server) UpdateImage(ctx context.Context, req *mediav1.UpdateImageRequest) (*mediav1.UpdateImageResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	img, err := s.svc.SetAltText(ctx, req.GetKey(), req.GetAltText())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	return &mediav1.UpdateImageResponse{Image: toProto(img)}, nil
}

// DeleteImage removes an image and its variants.
func (s *Server) DeleteImage(ctx context.Context, req *mediav1.DeleteImageRequest) (*mediav1.DeleteImageResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	if err := s.svc.Delete(ctx, req.GetKey()); err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	return &mediav1.DeleteImageResponse{}, nil
}

// MsgStorageUnavailable is what staff read when an upload cannot be stored.
const MsgStorageUnavailable = "Image storage is unavailable right now, so the image was not saved. Please try again in a minute."

func withReason(c codes.Code, msg, reason string) error {
	st := status.New(c, msg)
	if ds, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: Domain}); err == nil {
		return ds.Err()
	}
	return st.Err()
}

// errToStatus is the service's one mapping from domain errors to gRPC codes;
// anything else is returned as it is, for grpcserver's interceptor to answer
// (and log) once for every service: a timeout is DeadlineExceeded there.
func (s *Server) errToStatus(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, media.ErrTooLarge):
		return withReason(codes.OutOfRange, media.ErrTooLarge.Error(), ReasonTooLarge)
	case errors.Is(err, media.ErrUnsupported):
		return withReason(codes.InvalidArgument, media.ErrUnsupported.Error(), ReasonUnsupported)
	case errors.Is(err, media.ErrCorrupt), errors.Is(err, media.ErrTooManyPix), errors.Is(err, media.ErrTooBigToProcess), errors.Is(err, media.ErrEmpty):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, media.ErrNotFound):
		return status.Error(codes.NotFound, "That image does not exist.")
	case errors.Is(err, media.ErrBadCursor):
		return status.Error(codes.InvalidArgument, "The page token is not valid; start from the first page.")
	case errors.Is(err, media.ErrStorageUnavailable):
		s.log.WarnContext(ctx, "object store unavailable", "err", err)
		return withReason(codes.Unavailable, MsgStorageUnavailable, ReasonStorageUnavailable)
	case errors.Is(err, media.ErrBusy):
		s.log.WarnContext(ctx, "upload refused: the decode budget stayed full")
		return withReason(codes.Unavailable, media.ErrBusy.Error(), ReasonBusy)
	}
	return err // grpcserver's interceptor answers the rest (outages, timeouts, cancels, internal errors)
}

func toProto(i media.Image) *mediav1.Image {
	vs := make([]*mediav1.Variant, len(i.Variants))
	for k, v := range i.Variants {
		vs[k] = &mediav1.Variant{Width: int32(v.Width), Height: int32(v.Height), Format: v.Format, Bytes: v.Bytes}
	}
	return &mediav1.Image{
		Key: i.Key, Url: i.URL(), OriginalName: i.OriginalName, Mime: i.Mime, Width: int32(i.Width), Height: int32(i.Height),
		Bytes: i.Bytes, AltText: i.AltText, Variants: vs, UploadedBy: i.UploadedBy, CreatedAt: timestamppb.New(i.CreatedAt),
	}
}

// Package contentmedia is the content service's client of the media
// service: it looks up media-library images for the article renderer,
// calling as the content service itself (a service caller token, as the
// gateway mints caller tokens for people).
package contentmedia

import (
	"context"
	"slices"

	"google.golang.org/grpc"

	mediav1 "github.com/valleytrenchless/site/gen/trenchless/media/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/content/internal/render"
)

// ServiceName is how the content service names itself to other services.
const ServiceName = "content"

// maxKeys is LookupImagesRequest's limit.
const maxKeys = 50

// Library implements render.Library on the media service.
type Library struct {
	client mediav1.MediaServiceClient
	signer *identity.Signer
}

var _ render.Library = (*Library)(nil)

// New returns a Library calling the media service over conn, with caller
// tokens from signer.
func New(conn grpc.ClientConnInterface, signer *identity.Signer) *Library {
	return &Library{client: mediav1.NewMediaServiceClient(conn), signer: signer}
}

// LookupImages asks the media service about keys, 50 at a time.
func (l *Library) LookupImages(ctx context.Context, keys []string) (map[string]render.Image, error) {
	out := make(map[string]render.Image, len(keys))
	for chunk := range slices.Chunk(keys, maxKeys) {
		// A token per call: it lives 60 s, a lookup far less.
		cctx := l.signer.OutgoingContext(ctx, identity.Caller{Service: ServiceName})
		resp, err := l.client.LookupImages(cctx, &mediav1.LookupImagesRequest{Keys: chunk})
		if err != nil {
			return nil, err
		}
		for _, img := range resp.GetImages() {
			out[img.GetKey()] = fromProtoImage(img)
		}
	}
	return out, nil
}

// fromProtoImage keeps an image's full size and the distinct widths of its
// stored renditions (each width is stored in more than one format).
func fromProtoImage(img *mediav1.Image) render.Image {
	var widths []int
	for _, v := range img.GetVariants() {
		if w := int(v.GetWidth()); !slices.Contains(widths, w) {
			widths = append(widths, w)
		}
	}
	slices.Sort(widths)
	return render.Image{Width: int(img.GetWidth()), Height: int(img.GetHeight()), VariantWidths: widths}
}

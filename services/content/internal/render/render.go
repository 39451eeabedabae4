// Package render turns a post into the HTML the site shows: the article body
// (markdown, or the sanitised HTML of the staff editor) and the hero image,
// with width, height and srcset for images from the media library. It is the
// only article renderer (ADR 0003): the edge fills it into the served page
// and the app shows the same string.
package render

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/valleytrenchless/site/services/content/internal/content"
)

// DefaultHeroImage is the hero of a post without an image (served by the
// web app from web/public).
const DefaultHeroImage = "/images/article-default.svg"

// Sizes of images whose real size is unknown: a hero is drawn at 1200×630
// (the Open Graph shape); a body image at 16:9, with the fit class so it is
// shown whole (object-fit: contain) inside that box.
const (
	FallbackHeroWidth  = 1200
	FallbackHeroHeight = 630
	FallbackWidth      = 1200
	FallbackHeight     = 675
	// FitClass marks a body image drawn in the fallback box.
	FitClass = "article__img--fit"
	// BodyImageSizes is the width a body image takes: the article column
	// (45rem) on wide screens, the viewport below 50rem.
	BodyImageSizes = "(min-width: 50rem) 45rem, 100vw"
)

// variantWidths are the widths the media service makes renditions at and
// the edge accepts as /media/{key}?w= (services/gateway/internal/edge's
// mediaHandler). A variant is made only below the original's width, so
// each image's stored variants say which of these exist.
var variantWidths = []int{480, 960, 1600}

// ResponsiveImage is an image with what a browser needs to pick a size and
// reserve its box before it loads.
type ResponsiveImage struct {
	Src    string
	Srcset string
	Width  int
	Height int
}

// Image is a media-library image: its full size and the widths of its stored
// variants.
type Image struct {
	Width         int
	Height        int
	VariantWidths []int
}

// Library looks stored images up by key (64 hex digits, a dot and the
// extension). Keys it does not know are absent from the answer.
type Library interface {
	LookupImages(ctx context.Context, keys []string) (map[string]Image, error)
}

// Images are the library's answers for one rendering; an image absent from
// it is rendered as one from elsewhere.
type Images map[string]Image

// LookupTimeout bounds a library lookup: a slow media service makes images
// lose their srcset, never a read fail or hang.
const LookupTimeout = 2 * time.Second

// Renderer renders posts, asking the media library about their images.
type Renderer struct {
	lib Library
	log *slog.Logger
}

// New returns a Renderer over lib.
func New(lib Library, log *slog.Logger) *Renderer {
	return &Renderer{lib: lib, log: log}
}

// Lookup asks the library about keys (duplicates and empty keys ignored).
// When the library cannot answer it logs a warning and returns no images:
// they are then rendered with fallback sizes.
func (r *Renderer) Lookup(ctx context.Context, keys []string) Images {
	keys = slices.DeleteFunc(slices.Compact(slices.Sorted(slices.Values(keys))), func(k string) bool { return k == "" })
	if len(keys) == 0 {
		return Images{}
	}
	ctx, cancel := context.WithTimeout(ctx, LookupTimeout)
	defer cancel()
	found, err := r.lib.LookupImages(ctx, keys)
	if err != nil {
		r.log.WarnContext(ctx, "media library lookup failed; rendering images without srcset", "keys", len(keys), "err", err)
		return Images{}
	}
	return found
}

// Post renders one post's body and hero with a single library lookup.
func (r *Renderer) Post(ctx context.Context, body, imageURL string) (string, ResponsiveImage) {
	imgs := r.Lookup(ctx, Keys(body, imageURL))
	return Body(body, imgs), Hero(imageURL, imgs)
}

// Keys returns the media-library keys a post refers to: its hero's and its
// body images'.
func Keys(body, imageURL string) []string {
	var keys []string
	if k, ok := MediaKey(imageURL); ok {
		keys = append(keys, k)
	}
	if content.IsHTML(body) {
		keys = append(keys, htmlImageKeys(sanitized(body))...)
	}
	return keys
}

// sanitized is content.SanitizeHTML, remembered: a post's body is
// sanitised both to find its images and to render it.
func sanitized(body string) string { return sanitizeMemo.do(body, content.SanitizeHTML) }

// mediaSrc is a media-library address: /media/{key}, optionally with a
// query (?w=960).
var mediaSrc = regexp.MustCompile(`^/media/([a-f0-9]{64}\.(?:jpg|png|gif|webp))(?:\?[^#]*)?$`)

// MediaKey returns the library key of a media-library address.
func MediaKey(src string) (string, bool) {
	m := mediaSrc.FindStringSubmatch(strings.TrimSpace(src))
	if m == nil {
		return "", false
	}
	return m[1], true
}

// Body renders a post body: HTML (content.IsHTML) is sanitised again and
// its tables and images completed; anything else is markdown.
func Body(body string, imgs Images) string {
	if content.IsHTML(body) {
		return HTML(body, imgs)
	}
	return Markdown(body)
}

// Hero is the post's hero image: its image_url, or DefaultHeroImage when it
// has none. A media-library image gets its real size and a srcset of its
// stored renditions; any other (or one the library cannot answer for) gets
// the 1200×630 box and itself as the only candidate. Srcset is never empty.
func Hero(imageURL string, imgs Images) ResponsiveImage {
	src := strings.TrimSpace(imageURL)
	if src == "" {
		src = DefaultHeroImage
	}
	if key, ok := MediaKey(src); ok {
		if im, ok := imgs[key]; ok && im.Width > 0 && im.Height > 0 {
			return ResponsiveImage{Src: src, Srcset: srcset(key, im), Width: im.Width, Height: im.Height}
		}
	}
	return ResponsiveImage{Src: src, Srcset: srcsetURL(src) + " " + strconv.Itoa(FallbackHeroWidth) + "w", Width: FallbackHeroWidth, Height: FallbackHeroHeight}
}

// srcset lists a library image's stored variants at the widths the edge
// serves, then the full size: every candidate resolves, and each descriptor
// is the width of the bytes served for it.
func srcset(key string, im Image) string {
	var parts []string
	for _, w := range slices.Sorted(slices.Values(im.VariantWidths)) {
		if w < im.Width && slices.Contains(variantWidths, w) && !slices.Contains(parts, variantCandidate(key, w)) {
			parts = append(parts, variantCandidate(key, w))
		}
	}
	parts = append(parts, "/media/"+key+" "+strconv.Itoa(im.Width)+"w")
	return strings.Join(parts, ", ")
}

func variantCandidate(key string, w int) string {
	return "/media/" + key + "?w=" + strconv.Itoa(w) + " " + strconv.Itoa(w) + "w"
}

// srcsetURL makes a URL safe as a srcset candidate, where white space ends
// the URL and a trailing comma ends the candidate.
func srcsetURL(u string) string {
	var b strings.Builder
	for i, r := range u {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r':
			fmt.Fprintf(&b, "%%%02X", r)
		case r == ',' && strings.TrimRight(u[i:], ",") == "":
			b.WriteString("%2C")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

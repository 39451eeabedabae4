// Package media is the image domain: deciding what an upload is from its
// bytes, refusing anything that is not a real image, stripping metadata by
// re-encoding, and making the responsive variants.
package media

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/chai2010/webp"
	xwebp "golang.org/x/image/webp"
)

// Limits.
const (
	// MaxBytes is the upload limit (SPEC §9: 5MB).
	MaxBytes = 5 << 20
	// MaxPixels stops decompression bombs: a small file that decodes to a
	// huge bitmap is refused before it is decoded.
	MaxPixels = 40_000_000
	// MaxSide refuses absurd aspect ratios (a 1×40,000,000 strip).
	MaxSide = 12_000
)

// VariantWidths are the responsive widths; an image is never upscaled.
var VariantWidths = []int{480, 960, 1600}

// Errors a person can act on.
var (
	ErrTooLarge    = errors.New("Image must be 5 MB or smaller.")
	ErrUnsupported = errors.New("Only JPEG, PNG, WebP and GIF images can be uploaded.")
	ErrCorrupt     = errors.New("This file could not be read as an image. It may be damaged or incomplete.")
	ErrTooManyPix  = errors.New("This image is too large in pixels (over 40 megapixels). Please resize it and try again.")
	ErrEmpty       = errors.New("The file is empty.")
)

// Format is a supported image format.
type Format struct {
	Name string // jpeg, png, gif, webp
	Ext  string // jpg, png, gif, webp
	Mime string
}

// Supported formats.
var (
	JPEG = Format{"jpeg", "jpg", "image/jpeg"}
	PNG  = Format{"png", "png", "image/png"}
	GIF  = Format{"gif", "gif", "image/gif"}
	WEBP = Format{"webp", "webp", "image/webp"}
)

// FormatByExt finds a format from a key's extension.
func FormatByExt(ext string) (Format, bool) {
	for _, f := range []Format{JPEG, PNG, GIF, WEBP} {
		if f.Ext == ext {
			return f, true
		}
	}
	return Format{}, false
}

// Sniff decides the format from the leading bytes only (never from a file
// name or a client's content type).
func Sniff(b []byte) (Format, error) {
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return JPEG, nil
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, nil
	case bytes.HasPrefix(b, []byte("GIF87a")) || bytes.HasPrefix(b, []byte("GIF89a")):
		return GIF, nil
	case len(b) >= 12 && bytes.Equal(b[0:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WEBP")):
		return WEBP, nil
	}
	return Format{}, ErrUnsupported
}

// Rendition is one encoded output.
type Rendition struct {
	// Name is "full" or "w480", "w960", "w1600".
	Name   string
	Width  int
	Height int
	Format Format
	Data   []byte
}

// Processed is an accepted upload.
type Processed struct {
	// Hash is the hex SHA-256 of the uploaded bytes (the content key).
	Hash       string
	Format     Format
	Width      int
	Height     int
	Renditions []Rendition
}

// Key is the public key: hash plus the original format's extension.
func (p Processed) Key() string { return p.Hash + "." + p.Format.Ext }

// HashOf returns the content hash of an upload.
func HashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// ReadLimited reads r up to MaxBytes and fails with ErrTooLarge on one
// byte more, without holding more than MaxBytes+1 in memory.
func ReadLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxBytes {
		return nil, ErrTooLarge
	}
	if len(data) == 0 {
		return nil, ErrEmpty
	}
	return data, nil
}

// Decode sniffs and fully decodes data, applying the JPEG's EXIF
// orientation (the EXIF itself is dropped by re-encoding). Whatever Inspect
// refuses is refused before anything is decoded.
func Decode(data []byte) (image.Image, Format, *gif.GIF, error) {
	hd, err := Inspect(data)
	if err != nil {
		return nil, hd.Format, nil, err
	}
	f := hd.Format
	var img image.Image
	var anim *gif.GIF
	switch f {
	case JPEG:
		img, err = jpeg.Decode(bytes.NewReader(data))
		if err == nil {
			img = orient(img, jpegOrientation(data))
		}
	case PNG:
		img, err = png.Decode(bytes.NewReader(data))
	case GIF:
		anim, err = gif.DecodeAll(bytes.NewReader(data))
		if err == nil {
			if len(anim.Image) == 0 {
				err = ErrCorrupt
			} else {
				img = gifFrame(anim)
			}
		}
	case WEBP:
		img, err = xwebp.Decode(bytes.NewReader(data))
	}
	if err != nil {
		return nil, f, nil, ErrCorrupt
	}
	return img, f, anim, nil
}

// gifFrame renders the first frame onto the logical screen.
func gifFrame(g *gif.GIF) image.Image {
	w, h := g.Config.Width, g.Config.Height
	if w == 0 || h == 0 {
		b := g.Image[0].Bounds()
		w, h = b.Max.X, b.Max.Y
	}
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(canvas, g.Image[0].Bounds(), g.Image[0], g.Image[0].Bounds().Min, draw.Over)
	return canvas
}

// Process validates and renders an upload: the full-size image and each
// narrower variant, each in the original format and as WebP.
func Process(data []byte) (Processed, error) {
	img, f, anim, err := Decode(data)
	if err != nil {
		return Processed{}, err
	}
	b := img.Bounds()
	p := Processed{Hash: HashOf(data), Format: f, Width: b.Dx(), Height: b.Dy()}

	// Plan the renditions: the full-size image in its own format (that
	// re-encode is what strips metadata), and each narrower width in the
	// own format and as WebP. Widths are made largest first, each from the
	// previous one, which is several times cheaper than scaling the full
	// image three times; resize streams, so no full-size intermediate is
	// ever allocated.
	type job struct {
		name string
		img  image.Image
		f    Format
		anim *gif.GIF
	}
	jobs := []job{{"full", img, f, anim}}
	src := img
	for i := len(VariantWidths) - 1; i >= 0; i-- {
		w := VariantWidths[i]
		if w >= p.Width {
			continue
		}
		h := max(1, (p.Height*w+p.Width/2)/p.Width)
		small := resize(src, w, h)
		src = small
		for _, vf := range uniqueFormats(f, WEBP) {
			jobs = append(jobs, job{fmt.Sprintf("w%d", w), small, vf, nil})
		}
	}
	// Encode in parallel, the encoders being independent and CPU-bound, in
	// two waves: the full size and the variants in other formats while the
	// full-size bitmap is alive, then, with it released, the WebP variants
	// (libwebp holds up to ten bytes per pixel of its own), so the two
	// never add up (cost).
	var waves [2][]int
	for i, j := range jobs {
		if j.name != "full" && j.f == WEBP {
			waves[1] = append(waves[1], i)
		} else {
			waves[0] = append(waves[0], i)
		}
	}
	out := make([]Rendition, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for k, wave := range waves {
		if k == 1 && len(wave) > 0 && rgbaBytes*p.Width*p.Height > releaseBytes {
			// The full-size bitmap is garbage now, but the Go heap keeps
			// its pages until the scavenger gets to them, and libwebp's
			// C memory would come on top: hand them back first.
			debug.FreeOSMemory()
		}
		var wg sync.WaitGroup
		for _, i := range wave {
			j := jobs[i]
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				data, err := encode(j.img, j.f, j.anim)
				b := j.img.Bounds()
				out[i], errs[i] = Rendition{Name: j.name, Width: b.Dx(), Height: b.Dy(), Format: j.f, Data: data}, err
				jobs[i] = job{} // the full-size image can go once it is encoded
			}()
		}
		wg.Wait()
	}
	if err := errors.Join(errs...); err != nil {
		return Processed{}, err
	}
	p.Renditions = out
	return p, nil
}

func uniqueFormats(a, b Format) []Format {
	if a == b {
		return []Format{a}
	}
	return []Format{a, b}
}

// webSafe maps img onto the 216-colour web-safe cube by arithmetic, not
// by searching a palette per pixel: a still GIF variant costs milliseconds
// instead of seconds.
func webSafe(img image.Image) *image.Paletted {
	src := img.(image.RGBA64Image) // as resize reads rows
	b := img.Bounds()
	out := image.NewPaletted(image.Rect(0, 0, b.Dx(), b.Dy()), palette.WebSafe)
	q := func(v uint32) uint8 { return uint8((v>>8 + 25) / 51) }
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			c := src.RGBA64At(b.Min.X+x, b.Min.Y+y)
			out.Pix[y*out.Stride+x] = q(uint32(c.R))*36 + q(uint32(c.G))*6 + q(uint32(c.B))
		}
	}
	return out
}

// toRGBA returns img as *image.RGBA, what chai2010/webp hands libwebp as
// it is: given anything else it converts pixel by pixel through At, which
// allocates a boxed colour for each (160 MB of garbage for a 40 MP WebP).
func toRGBA(img image.Image) *image.RGBA {
	if m, ok := img.(*image.RGBA); ok {
		return m
	}
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
	return out
}

// encode writes img in f with no metadata. An animated GIF keeps its frames.
func encode(img image.Image, f Format, anim *gif.GIF) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch f {
	case JPEG:
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	case PNG:
		err = png.Encode(&buf, img)
	case GIF:
		if anim != nil && len(anim.Image) > 1 {
			clean := &gif.GIF{Image: anim.Image, Delay: anim.Delay, Disposal: anim.Disposal, LoopCount: anim.LoopCount, Config: anim.Config, BackgroundIndex: anim.BackgroundIndex}
			err = gif.EncodeAll(&buf, clean)
		} else {
			err = gif.Encode(&buf, webSafe(img), nil)
		}
	case WEBP:
		err = webp.Encode(&buf, toRGBA(img), &webp.Options{Quality: 80})
	default:
		err = ErrUnsupported
	}
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", f.Name, err)
	}
	return buf.Bytes(), nil
}

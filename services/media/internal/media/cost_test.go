package media

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color/palette"
	"image/gif"
	"image/png"
	"os"
	"runtime"
	"testing"

	"github.com/chai2010/webp"
	"github.com/stretchr/testify/require"
)

// pngHeader is a PNG's signature and IHDR: a w×h image of colour type ct
// and depth bits, Adam7-interlaced or not. All Inspect reads.
func pngHeader(w, h int, ct, depth byte, interlaced bool) []byte {
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h))
	il := byte(0)
	if interlaced {
		il = 1
	}
	return pngChunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", append(ihdr, depth, ct, 0, 0, il))
}

func pngChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	out = append(append(out, typ...), data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
}

// flatPNG is a w×h PNG of one colour (bpp bytes per pixel in the file),
// written a row at a time, optionally Adam7-interlaced (which Go's encoder
// never writes).
func flatPNG(t testing.TB, w, h int, ct, depth byte, bpp int, interlaced bool) []byte {
	t.Helper()
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	require.NoError(t, err)
	rows := func(pw, ph int) {
		row := make([]byte, 1+bpp*pw)
		row[0] = 1 // filter Sub: all but the first pixel are zeros
		for i := 1; i <= bpp; i++ {
			row[i] = byte(40 * i)
		}
		for range ph {
			_, _ = zw.Write(row)
		}
	}
	if !interlaced {
		rows(w, h)
	} else {
		for _, p := range [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}} {
			if pw, ph := (w-p[0]+p[2]-1)/p[2], (h-p[1]+p[3]-1)/p[3]; pw > 0 && ph > 0 {
				rows(pw, ph)
			}
		}
	}
	require.NoError(t, zw.Close())
	out := pngHeader(w, h, ct, depth, interlaced)
	if ct == 3 {
		out = pngChunk(out, "PLTE", []byte{0, 0, 0, 40, 80, 120})
	}
	return pngChunk(pngChunk(out, "IDAT", idat.Bytes()), "IEND", nil)
}

func animatedGIF(t testing.TB, w, h, frames int) []byte {
	t.Helper()
	a := &gif.GIF{}
	for f := range frames {
		p := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
		for i := range p.Pix {
			p.Pix[i] = uint8(f)
		}
		a.Image = append(a.Image, p)
		a.Delay = append(a.Delay, 10)
	}
	var b bytes.Buffer
	require.NoError(t, gif.EncodeAll(&b, a))
	return b.Bytes()
}

// TestDecodeBytesCoverWhatDecodingAllocates: for each kind of image, what
// the header says decoding will take covers everything Decode allocates:
// the bitmap of the type the decoder really returns, progressive
// coefficients, interlace passes, every GIF frame, the rotated copy. Not
// parallel: it reads the process's allocation counter.
func TestDecodeBytesCoverWhatDecodingAllocates(t *testing.T) {
	const w, h = 1200, 900
	src := image.NewRGBA(image.Rect(0, 0, w, h)) // smooth, so every kind fits in 5 MB
	translucent := image.NewNRGBA(src.Bounds())
	for i := 0; i < len(src.Pix); i += 4 {
		x, y := i/4%w, i/4/w
		copy(src.Pix[i:], []byte{uint8(x * 255 / w), uint8(y * 255 / h), 120, 255})
		copy(translucent.Pix[i:], []byte{uint8(x * 255 / w), uint8(y * 255 / h), 120, uint8(x * 200 / w)})
	}
	enc := func(f func(*bytes.Buffer) error) []byte {
		var b bytes.Buffer
		require.NoError(t, f(&b))
		return b.Bytes()
	}
	progressive, err := os.ReadFile("testdata/progressive.jpg") // jpegtran -progressive; Go cannot write one
	require.NoError(t, err)
	cases := map[string][]byte{
		"png rgb 8":        flatPNG(t, w, h, 2, 8, 3, false),
		"png rgba 8":       flatPNG(t, w, h, 6, 8, 4, false),
		"png rgb 16":       flatPNG(t, w, h, 2, 16, 6, false),
		"png rgba 16":      flatPNG(t, w, h, 6, 16, 8, false),
		"png grey 8":       flatPNG(t, w, h, 0, 8, 1, false),
		"png grey 16":      flatPNG(t, w, h, 0, 16, 2, false),
		"png paletted":     flatPNG(t, w, h, 3, 8, 1, false),
		"png interlaced":   flatPNG(t, w, h, 2, 8, 3, true),
		"png by Go":        enc(func(b *bytes.Buffer) error { return png.Encode(b, translucent) }),
		"jpeg 4:2:0":       encodeJPEG(t, src),
		"jpeg rotated":     withExif(encodeJPEG(t, src), 6),
		"jpeg progressive": progressive,
		"jpeg grey":        encodeJPEG(t, image.NewGray(src.Bounds())),
		"gif still":        enc(func(b *bytes.Buffer) error { return gif.Encode(b, webSafe(src), nil) }),
		"gif animated":     animatedGIF(t, w, h, 5),
		"webp lossy":       enc(func(b *bytes.Buffer) error { return webp.Encode(b, src, &webp.Options{Quality: 80}) }),
		"webp lossless":    enc(func(b *bytes.Buffer) error { return webp.Encode(b, src, &webp.Options{Lossless: true}) }),
		"webp with alpha":  enc(func(b *bytes.Buffer) error { return webp.Encode(b, translucent, &webp.Options{Quality: 80}) }),
	}
	for name, data := range cases {
		hd, err := Inspect(data)
		require.NoError(t, err, name)
		decode, _ := decodeBytes(data, hd.Format, hd.Width, hd.Height)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		img, _, _, err := Decode(data)
		runtime.ReadMemStats(&after)
		require.NoError(t, err, name)
		require.Equal(t, image.Pt(hd.Width, hd.Height), img.Bounds().Size(), "%s: the header's size is the stored image's", name)
		allocated := int64(after.TotalAlloc - before.TotalAlloc)
		t.Logf("%-16s %5.1f MB estimated, %5.1f MB allocated", name, float64(decode)/(1<<20), float64(allocated)/(1<<20))
		require.GreaterOrEqual(t, decode+256<<10, allocated, name) // inflate's window, row buffers, Huffman tables
		require.Greater(t, hd.Cost, decode)
	}
}

// TestDefaultBudgetFitsA40MPImageAndNoHeavierOne: with the default budget
// a 6300×6300 8-bit PNG (the largest ordinary upload the pixel cap
// allows; a 131 KB file, e2e) is processed, but not two at once; the same
// pixels at 16 bits, interlaced, or as a six-frame animation (a 180 KB
// GIF) need more than the whole budget and are refused before they are
// decoded. Headers only: they are all Inspect reads.
func TestDefaultBudgetFitsA40MPImageAndNoHeavierOne(t *testing.T) {
	t.Parallel()
	const side = 6300
	ordinary, err := Inspect(pngHeader(side, side, 2, 8, false))
	require.NoError(t, err)
	require.LessOrEqual(t, ordinary.Cost, int64(DefaultDecodeBudget))
	require.Greater(t, 2*ordinary.Cost, int64(DefaultDecodeBudget), "two at once would not fit")

	animation := binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16([]byte("GIF89a"), side), side)
	animation = append(animation, 0, 0, 0)
	for range 6 {
		animation = append(animation, 0x2C, 0, 0, 0, 0)
		animation = binary.LittleEndian.AppendUint16(binary.LittleEndian.AppendUint16(animation, side), side)
		animation = append(animation, 0, 8, 1, 0, 0) // no palette, LZW code size, one data byte, end
	}
	for name, data := range map[string][]byte{
		"16-bit":     pngHeader(side, side, 2, 16, false),
		"interlaced": pngHeader(side, side, 2, 8, true),
		"animation":  append(animation, 0x3B),
	} {
		hd, err := Inspect(data)
		require.NoError(t, err, name)
		require.Greater(t, hd.Cost, int64(DefaultDecodeBudget), name)
	}
}

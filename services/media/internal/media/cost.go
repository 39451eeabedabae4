package media

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"runtime"

	xwebp "golang.org/x/image/webp"
)

// Peak memory. A 116 KB PNG can decode to 159 MB, so what an upload costs
// is read from its header before anything is decoded: the bitmap the
// decoder will return and what it holds on the way (JPEG's progressive
// coefficients, PNG's interlace passes, every GIF frame), the conversions
// Process makes (EXIF rotation, WebP's RGBA), the variants and their
// encoders. Each figure below follows the decoder's or encoder's own
// allocations (TestDecodeBytesCoverWhatDecodingAllocates holds the
// decoders to them). Against the peak resident memory of Process on 40 MP
// images of every kind the estimates came out 7-15 MB above (PNG, JPEG,
// GIF) or up to twice it (WebP, whose libwebp figure is a worst case);
// e2e/media_memory_test.go measures the real binary.

// Header is what an upload's header says, read without decoding it.
type Header struct {
	Format Format
	Width  int
	Height int
	// Cost is the most memory, in bytes, that processing the upload
	// holds at once (Process, on GOMAXPROCS encoders).
	Cost int64
}

const (
	// rgbaBytes per pixel: *image.RGBA and NRGBA, what resize makes and
	// what libwebp is handed.
	rgbaBytes = 4
	// webpEncodeBytes per pixel is libwebp's own memory while encoding
	// (lossy, quality 80): 5.5 for a photograph, 7.4 for grain, 10 for a
	// flat or translucent image, measured at 1.6 and 3 MP. It is C
	// memory, outside the Go heap's limit.
	webpEncodeBytes = 10
	// lzwBytes is an LZW decoder's tables, made anew for each GIF frame.
	lzwBytes = 32 << 10
	// jpegCoefBytes per sample: a progressive JPEG's decoder keeps every
	// 8×8 block's coefficients (64 int32) until the last scan.
	jpegCoefBytes = 4
	// fixedBytes covers what does not grow with the image: row buffers,
	// encoder tables, Huffman and LZW state, goroutine stacks, the heap's
	// own overhead (4-6 MB beyond the figures here in every measurement).
	fixedBytes = 8 << 20
	// releaseBytes: past this full-size bitmap, Process hands the Go
	// heap's free pages back to the system before the WebP wave.
	releaseBytes = 32 << 20
)

// Inspect sniffs data and reads its header, refusing what Decode would
// refuse before decoding (not an image, unreadable header, over the pixel
// cap), and estimates the upload's Cost.
func Inspect(data []byte) (Header, error) {
	if len(data) > MaxBytes {
		return Header{}, ErrTooLarge
	}
	f, err := Sniff(data)
	if err != nil {
		return Header{}, err
	}
	var cfg image.Config
	switch f {
	case JPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(data))
	case PNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(data))
	case GIF:
		cfg, err = gif.DecodeConfig(bytes.NewReader(data))
	case WEBP:
		cfg, err = xwebp.DecodeConfig(bytes.NewReader(data))
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return Header{Format: f}, ErrCorrupt
	}
	w, h := cfg.Width, cfg.Height
	if w > MaxSide || h > MaxSide || w*h > MaxPixels {
		return Header{Format: f}, ErrTooManyPix
	}
	if f == JPEG && jpegOrientation(data) >= 5 {
		w, h = h, w // stored sideways; Decode stands it up
	}
	return Header{Format: f, Width: w, Height: h, Cost: cost(data, f, w, h, runtime.GOMAXPROCS(0))}, nil
}

// cost adds up Process's peak for a w×h upload of format f on encoders
// parallel encoders. Process works in two waves: while the full-size
// bitmap is alive, its re-encode and the variants not in WebP; once it is
// released, the WebP variants (libwebp's memory is the larger
// part of a variant's cost). The variants' bitmaps and every encoded
// rendition live through both.
func cost(data []byte, f Format, w, h, encoders int) int64 {
	decode, full := decodeBytes(data, f, w, h)
	var bitmaps, outputs, scratch int64
	var webp []int64 // each WebP variant's encoder, largest first
	for i := len(VariantWidths) - 1; i >= 0; i-- {
		vw := VariantWidths[i]
		if vw >= w {
			continue
		}
		vh := max(1, (h*vw+w/2)/w)
		area := int64(vw) * int64(vh)
		bitmaps += rgbaBytes * area
		outputs += area // both encodings of the variant, generously
		webp = append(webp, webpEncodeBytes*area)
		// resize: a source row and a ring of filtered rows (the kernel's
		// reach, four source rows per destination row at most) as float32.
		scratch = max(scratch, 16*(int64(w)+int64(4*h/vh+3)*int64(vw)))
	}
	var wave2 int64
	for i := 0; i < len(webp) && i < encoders; i++ {
		wave2 += webp[i]
	}
	return fixedBytes + bitmaps + outputs + max(decode+full+scratch, wave2)
}

// decodeBytes is what Decode allocates for a w×h upload of format f, and
// what re-encoding it at full size adds.
func decodeBytes(data []byte, f Format, w, h int) (decode, full int64) {
	px := int64(w) * int64(h)
	switch f {
	case JPEG:
		decode = jpegDecodeBytes(data, w, h)
		full = 2 * int64(len(data)) // the re-encoded file, with its buffer's growth
	case PNG:
		decode = pngDecodeBytes(data, w, h)
		full = 2 * int64(len(data))
	case GIF:
		pixels, frames := gifFrames(data)
		// DecodeAll holds every frame (one byte a pixel, and an LZW
		// decoder's tables while it is read) and the first is drawn onto an
		// RGBA canvas; a still image is re-encoded from a web-safe copy.
		decode = pixels + frames*lzwBytes + rgbaBytes*px
		full = 2 * int64(len(data))
		if frames <= 1 {
			full += px
		}
	case WEBP:
		decode = webpDecodeBytes(data, w, h)
		full = (rgbaBytes + webpEncodeBytes) * px // converted to RGBA for libwebp, then encoded
	}
	return decode, full
}

// jpegDecodeBytes follows image/jpeg: one byte per sample of each
// component's plane (MCU-aligned), four more per sample when progressive,
// an RGBA copy for RGB and CMYK files, and the RGBA image orient makes.
func jpegDecodeBytes(data []byte, w, h int) int64 {
	var (
		jfif, adobeRGB, progressive bool
		comps                       [][3]byte // id, h, v
	)
	for marker, seg := range jpegSegments(data) {
		switch {
		case marker == 0xE0 && bytes.HasPrefix(seg, []byte("JFIF\x00")):
			jfif = true
		case marker == 0xEE && len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")):
			adobeRGB = seg[11] == 0 // transform 0: RGB (or CMYK), not YCbCr
		case (marker == 0xC0 || marker == 0xC1 || marker == 0xC2) && len(seg) >= 6:
			progressive = marker == 0xC2
			n := int(seg[5])
			for i := range n {
				if 6+3*i+2 < len(seg) {
					c := seg[6+3*i:]
					comps = append(comps, [3]byte{c[0], c[1] >> 4, c[1] & 0x0f})
				}
			}
		}
	}
	px := int64(w) * int64(h)
	hmax, vmax := 1, 1
	for _, c := range comps {
		hmax, vmax = max(hmax, int(c[1])), max(vmax, int(c[2]))
	}
	mcuW, mcuH := int64((w+8*hmax-1)/(8*hmax)), int64((h+8*vmax-1)/(8*vmax))
	var samples int64
	for _, c := range comps {
		samples += mcuW * 8 * int64(c[1]) * mcuH * 8 * int64(c[2])
	}
	if len(comps) == 0 {
		samples = 3 * px
	}
	total := samples
	if progressive {
		total += jpegCoefBytes * samples
	}
	rgb := len(comps) == 3 && !jfif && (adobeRGB || (comps[0][0] == 'R' && comps[1][0] == 'G' && comps[2][0] == 'B'))
	if rgb || len(comps) == 4 {
		total += rgbaBytes * px
	}
	if jpegOrientation(data) > 1 {
		total += rgbaBytes * px
	}
	return total
}

// pngDecodeBytes follows image/png: the image type its colour type and
// depth decode to (transparency turns grey and truecolour into NRGBA),
// and for an interlaced file its seven passes, as large as the image
// together, allocated before the collector can take any back.
func pngDecodeBytes(data []byte, w, h int) int64 {
	if len(data) < 29 {
		return 8 * int64(w) * int64(h)
	}
	depth, colour, interlaced := data[24], data[25], data[28] == 1
	trns := false
	for i := 8; i+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[i:]))
		typ := string(data[i+4 : i+8])
		if typ == "IDAT" || n < 0 || n > len(data) {
			break
		}
		trns = trns || typ == "tRNS"
		i += 12 + n
	}
	var perPixel int64
	switch {
	case colour == 3: // paletted
		perPixel = 1
	case colour == 0 && !trns: // grey
		perPixel = max(1, int64(depth)/8)
	case depth == 16:
		perPixel = 8
	default:
		perPixel = 4
	}
	total := perPixel * int64(w) * int64(h)
	if interlaced {
		total *= 2
	}
	return total
}

// gifFrames counts the frames and adds up their area, walking the blocks
// without decompressing anything: DecodeAll keeps every frame, and a
// 180 KB file can hold six frames of 40 MP.
func gifFrames(data []byte) (pixels, frames int64) {
	if len(data) < 13 {
		return 0, 0
	}
	i := 13
	if data[10]&0x80 != 0 {
		i += 3 << (data[10]&7 + 1)
	}
	skipSubBlocks := func() {
		for i < len(data) && data[i] != 0 {
			i += int(data[i]) + 1
		}
		i++
	}
	for i < len(data) {
		switch data[i] {
		case 0x21: // extension: label, then sub-blocks
			i += 2
			skipSubBlocks()
		case 0x2C: // image descriptor
			if i+10 > len(data) {
				return pixels, frames
			}
			fw, fh := binary.LittleEndian.Uint16(data[i+5:]), binary.LittleEndian.Uint16(data[i+7:])
			pixels += int64(fw) * int64(fh)
			frames++
			flags := data[i+9]
			i += 10
			if flags&0x80 != 0 {
				i += 3 << (flags&7 + 1)
			}
			i++ // LZW minimum code size
			skipSubBlocks()
		default: // trailer, or something DecodeAll will refuse
			return pixels, frames
		}
	}
	return pixels, frames
}

// webpDecodeBytes follows x/image/webp: the compressed frame read into
// memory; lossy decodes to 4:2:0 YCbCr on whole macroblocks, lossless to
// NRGBA plus a second copy while a colour-indexing transform is undone;
// alpha is a plane of its own, itself decoded as a lossless image.
func webpDecodeBytes(data []byte, w, h int) int64 {
	mbW, mbH := int64((w+15)/16*16), int64((h+15)/16*16)
	lossy := mbW * mbH * 3 / 2
	lossless := 2 * rgbaBytes * int64(w) * int64(h)
	total := int64(len(data))
	for i := 12; i+8 <= len(data); {
		n := int(binary.LittleEndian.Uint32(data[i+4:]))
		switch string(data[i : i+4]) {
		case "VP8 ":
			return total + lossy
		case "VP8L":
			return total + lossless
		case "ALPH":
			total += int64(w)*int64(h) + lossless
		}
		if n < 0 || n > len(data) {
			break // the decoder refuses it
		}
		i += 8 + n + n&1
	}
	return total + max(lossy, lossless)
}

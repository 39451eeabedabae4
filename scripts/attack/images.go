package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
)

// flatPNGs are n side×side opaque RGB PNGs of flat colour, each its own
// colour (so its own key): a few hundred KB that decode to 4 bytes a pixel.
func flatPNGs(side, n int) [][]byte {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	out := make([][]byte, n)
	for i := range n {
		c := color.NRGBA{uint8(40 + 60*i), 120, uint8(200 - 50*i), 255}
		for p := 0; p < len(img.Pix); p += 4 {
			img.Pix[p], img.Pix[p+1], img.Pix[p+2], img.Pix[p+3] = c.R, c.G, c.B, c.A
		}
		var b bytes.Buffer
		if err := enc.Encode(&b, img); err != nil {
			panic(err)
		}
		out[i] = b.Bytes()
	}
	return out
}

// picture is a small image with some detail.
func picture(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 5), uint8(x ^ y), 255})
		}
	}
	return img
}

const scriptTag = "<script>alert(1)</script>"

// pngWithTrailer is a valid PNG with a script after its IEND chunk.
func pngWithTrailer() []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, picture(64, 48))
	b.WriteString(scriptTag)
	return b.Bytes()
}

// gifJSPolyglot is a valid GIF that is also JavaScript: its width, the
// bytes after "GIF89a", is "/*" (10,799 pixels), so a script parser reads
// the header and the image data as a comment, and after the GIF's trailer
// comes "*/=alert(1);".
func gifJSPolyglot() []byte {
	const width = 0x2a2f // "/*" little-endian
	for h := 40; ; h++ {
		img := image.NewPaletted(image.Rect(0, 0, width, h), palette.Plan9[:16])
		for i := range img.Pix {
			img.Pix[i] = uint8(i % 16)
		}
		var b bytes.Buffer
		_ = gif.Encode(&b, img, nil)
		// A "*/" inside would end the comment early: try another height.
		if !bytes.Contains(b.Bytes()[8:], []byte("*/")) {
			b.WriteString("*/=alert(1);")
			return b.Bytes()
		}
	}
}

// jpegWithScriptComments is a valid JPEG carrying a script in a comment
// segment and in its EXIF ImageDescription.
func jpegWithScriptComments() []byte {
	var b bytes.Buffer
	_ = jpeg.Encode(&b, picture(64, 48), &jpeg.Options{Quality: 90})
	img := b.Bytes()
	// EXIF: a little-endian TIFF with one IFD entry, ImageDescription.
	desc := append([]byte(scriptTag), 0)
	tiff := []byte("II*\x00\x08\x00\x00\x00")
	tiff = binary.LittleEndian.AppendUint16(tiff, 1)      // one entry
	tiff = binary.LittleEndian.AppendUint16(tiff, 0x010e) // ImageDescription
	tiff = binary.LittleEndian.AppendUint16(tiff, 2)      // ASCII
	tiff = binary.LittleEndian.AppendUint32(tiff, uint32(len(desc)))
	tiff = binary.LittleEndian.AppendUint32(tiff, 8+2+12+4) // after the IFD
	tiff = binary.LittleEndian.AppendUint32(tiff, 0)        // no next IFD
	tiff = append(tiff, desc...)
	exif := append([]byte("Exif\x00\x00"), tiff...)
	var out bytes.Buffer
	out.Write(img[:2]) // SOI
	segment(&out, 0xe1, exif)
	segment(&out, 0xfe, []byte(scriptTag))
	out.Write(img[2:])
	return out.Bytes()
}

// segment writes a JPEG marker segment.
func segment(b *bytes.Buffer, marker byte, data []byte) {
	b.Write([]byte{0xff, marker})
	_ = binary.Write(b, binary.BigEndian, uint16(len(data)+2))
	b.Write(data)
}

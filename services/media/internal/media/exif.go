package media

import (
	"encoding/binary"
	"image"
	"iter"
)

// jpegSegments yields the marker and payload (after its length) of each
// segment of a JPEG's header, up to its first scan; it stops early at
// anything malformed (the decoder reports that).
func jpegSegments(b []byte) iter.Seq2[byte, []byte] {
	return func(yield func(byte, []byte) bool) {
		if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
			return
		}
		for i := 2; i+4 <= len(b); {
			if b[i] != 0xFF {
				return
			}
			marker := b[i+1]
			if marker == 0xDA || marker == 0xD9 { // start of scan / end
				return
			}
			size := int(binary.BigEndian.Uint16(b[i+2 : i+4]))
			if size < 2 || i+2+size > len(b) {
				return
			}
			if !yield(marker, b[i+4:i+2+size]) {
				return
			}
			i += 2 + size
		}
	}
}

// jpegOrientation returns the EXIF orientation (1-8) of a JPEG, or 1. Phone
// photos are often stored sideways with this tag; since re-encoding drops
// the EXIF block, the rotation is applied to the pixels instead.
func jpegOrientation(b []byte) int {
	for marker, seg := range jpegSegments(b) {
		if marker == 0xE1 && len(seg) > 14 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
	}
	return 1
}

func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:8]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	n := int(bo.Uint16(t[off : off+2]))
	for k := 0; k < n; k++ {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:e+2]) == 0x0112 { // Orientation, SHORT
			v := int(bo.Uint16(t[e+8 : e+10]))
			if v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient applies an EXIF orientation to img. Pixels are read with
// RGBA64At, which every decoder's image type has: At would allocate a
// boxed colour per pixel, hundreds of megabytes of garbage for a large
// photo.
func orient(img image.Image, o int) image.Image {
	src, ok := img.(image.RGBA64Image)
	if o <= 1 || o > 8 || !ok {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var dx, dy int
			switch o {
			case 2:
				dx, dy = w-1-x, y
			case 3:
				dx, dy = w-1-x, h-1-y
			case 4:
				dx, dy = x, h-1-y
			case 5:
				dx, dy = y, x
			case 6:
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8:
				dx, dy = y, w-1-x
			}
			out.SetRGBA64(dx, dy, src.RGBA64At(b.Min.X+x, b.Min.Y+y))
		}
	}
	return out
}

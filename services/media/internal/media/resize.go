package media

import (
	"image"
	"image/color"
	"math"

	xdraw "golang.org/x/image/draw"
)

// Resizing. x/image/draw's kernel scalers filter the whole source
// horizontally into a float64 buffer of (destination width × source
// height) pixels before filtering vertically: 123 MB to make the 1600 px
// variant of a 3200×2400 photo, which dominated an upload's memory. resize
// uses the same kernel, the same weights and the same two passes, but
// streams them: a source row is converted and filtered horizontally when
// the first destination row that needs it is made, kept in a small ring of
// rows while later destination rows still need it, and each destination
// row is then a weighted sum of ring rows. Memory is the destination plus
// a few rows, whatever the source's size.

// taps are one destination coordinate's source range and weights
// (normalised to sum to 1).
type taps struct {
	start   int
	weights []float32
}

// kernelTaps computes, for each of dn destination coordinates, the source
// coordinates in [0, sn) the kernel q reaches and their weights, exactly
// as x/image/draw does (the kernel widened by the scale when shrinking).
func kernelTaps(q *xdraw.Kernel, dn, sn int) ([]taps, int) {
	scale := float64(sn) / float64(dn)
	halfWidth, argScale := q.Support, 1.0
	if scale > 1 {
		halfWidth *= scale
		argScale = 1 / scale
	}
	out := make([]taps, dn)
	widest := 0
	for d := range out {
		center := (float64(d)+0.5)*scale - 0.5
		i := max(0, int(math.Floor(center-halfWidth)))
		j := min(sn, int(math.Ceil(center+halfWidth)))
		j = max(i, j)
		w := make([]float32, j-i)
		total := 0.0
		ws := make([]float64, j-i)
		for k := range ws {
			t := math.Abs((center - float64(i+k)) * argScale)
			if t < q.Support {
				ws[k] = q.At(t)
				total += ws[k]
			}
		}
		if total != 0 {
			for k := range ws {
				w[k] = float32(ws[k] / total)
			}
		}
		out[d] = taps{start: i, weights: w}
		widest = max(widest, j-i)
	}
	return out, widest
}

// resize returns src scaled to w×h with the Catmull-Rom kernel.
func resize(src image.Image, w, h int) *image.RGBA {
	sb := src.Bounds()
	sw, sh := sb.Dx(), sb.Dy()
	xs, _ := kernelTaps(xdraw.CatmullRom, w, sw)
	ys, ring := kernelTaps(xdraw.CatmullRom, h, sh)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))

	line := make([]float32, sw*4) // one source row, premultiplied RGBA in 0..255
	rows := make([][]float32, ring)
	rowY := make([]int, ring)
	for i := range rows {
		rows[i] = make([]float32, w*4)
		rowY[i] = -1
	}
	// filtered returns source row y filtered horizontally. Destination
	// rows reach source rows in a window that only moves down and is at
	// most ring rows tall, so slot y%ring is never needed by two rows of
	// one window.
	filtered := func(y int) []float32 {
		slot := y % ring
		if rowY[slot] != y {
			readRow(src, sb, y, line)
			out := rows[slot]
			for x, t := range xs {
				var r, g, b, a float32
				p := line[t.start*4:]
				for k, wt := range t.weights {
					q := p[k*4 : k*4+4 : k*4+4]
					r += q[0] * wt
					g += q[1] * wt
					b += q[2] * wt
					a += q[3] * wt
				}
				o := out[x*4 : x*4+4 : x*4+4]
				o[0], o[1], o[2], o[3] = r, g, b, a
			}
			rowY[slot] = y
		}
		return rows[slot]
	}
	acc := make([]float32, w*4)
	for y, t := range ys {
		clear(acc)
		for k, wt := range t.weights {
			row := filtered(t.start + k)
			for i, v := range row {
				acc[i] += v * wt
			}
		}
		pix := dst.Pix[y*dst.Stride : y*dst.Stride+w*4]
		for x := 0; x < w*4; x += 4 {
			a := clamp255(acc[x+3])
			pix[x+0] = toByte(min(clamp255(acc[x+0]), a))
			pix[x+1] = toByte(min(clamp255(acc[x+1]), a))
			pix[x+2] = toByte(min(clamp255(acc[x+2]), a))
			pix[x+3] = toByte(a)
		}
	}
	return dst
}

func clamp255(v float32) float32 { return min(max(v, 0), 255) }

func toByte(v float32) uint8 { return uint8(v + 0.5) }

// readRow writes row y (relative to b.Min) of src into line as
// premultiplied RGBA in 0..255, with fast paths for what decoders return.
func readRow(src image.Image, b image.Rectangle, y int, line []float32) {
	sy := b.Min.Y + y
	switch s := src.(type) {
	case *image.YCbCr:
		for x := range b.Dx() {
			sx := b.Min.X + x
			yi, ci := s.YOffset(sx, sy), s.COffset(sx, sy)
			r, g, bl := color.YCbCrToRGB(s.Y[yi], s.Cb[ci], s.Cr[ci])
			o := line[x*4 : x*4+4 : x*4+4]
			o[0], o[1], o[2], o[3] = float32(r), float32(g), float32(bl), 255
		}
	case *image.RGBA:
		p := s.Pix[s.PixOffset(b.Min.X, sy):]
		for i := range b.Dx() * 4 {
			line[i] = float32(p[i])
		}
	case *image.Gray:
		p := s.Pix[s.PixOffset(b.Min.X, sy):]
		for x := range b.Dx() {
			v := float32(p[x])
			o := line[x*4 : x*4+4 : x*4+4]
			o[0], o[1], o[2], o[3] = v, v, v, 255
		}
	default:
		// Every other type the decoders return (NRGBA, 16-bit, paletted,
		// CMYK; every image type of the standard library) has RGBA64At,
		// which, unlike At, allocates nothing per pixel: At's boxed
		// colours were 320 MB of garbage for a 40 MP PNG with alpha.
		px := src.(image.RGBA64Image)
		for x := range b.Dx() {
			c := px.RGBA64At(b.Min.X+x, sy)
			o := line[x*4 : x*4+4 : x*4+4]
			o[0], o[1], o[2], o[3] = float32(c.R)/257, float32(c.G)/257, float32(c.B)/257, float32(c.A)/257
		}
	}
}

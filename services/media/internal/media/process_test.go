package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/chai2010/webp"
	"github.com/stretchr/testify/require"
	xdraw "golang.org/x/image/draw"
	xwebp "golang.org/x/image/webp"
)

// photo returns a w×h image with smooth colour and some noise, like a
// photograph (so encoders do real work).
func photo(w, h int, seed uint64) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, 7))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			n := uint8(r.IntN(24))
			img.Set(x, y, color.RGBA{uint8(x*255/w) ^ n, uint8(y*255/h) + n, 120 + n, 255})
		}
	}
	return img
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}))
	return b.Bytes()
}

// withExif inserts an APP1 EXIF block with an orientation, a description
// and a GPS IFD right after the JPEG's SOI marker.
func withExif(jpg []byte, orientation uint16) []byte {
	le := binary.LittleEndian
	var t bytes.Buffer
	t.WriteString("II*\x00")
	_ = binary.Write(&t, le, uint32(8))
	desc := "GPS-SECRET 33.4484 N 112.0740 W\x00"
	// IFD0: 3 entries, then next-IFD offset 0.
	ifd0 := 8
	entries := 3
	dataOff := ifd0 + 2 + entries*12 + 4
	gpsOff := dataOff + len(desc)
	_ = binary.Write(&t, le, uint16(entries))
	entry := func(tag, typ uint16, count, value uint32) {
		_ = binary.Write(&t, le, tag)
		_ = binary.Write(&t, le, typ)
		_ = binary.Write(&t, le, count)
		_ = binary.Write(&t, le, value)
	}
	entry(0x010E, 2, uint32(len(desc)), uint32(dataOff)) // ImageDescription
	entry(0x0112, 3, 1, uint32(orientation))             // Orientation
	entry(0x8825, 4, 1, uint32(gpsOff))                  // GPS IFD pointer
	_ = binary.Write(&t, le, uint32(0))
	t.WriteString(desc)
	// GPS IFD: GPSLatitudeRef = "N".
	_ = binary.Write(&t, le, uint16(1))
	entry(0x0001, 2, 2, uint32('N'))
	_ = binary.Write(&t, le, uint32(0))

	app1 := append([]byte("Exif\x00\x00"), t.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(app1)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, app1...)
	return append(out, jpg[2:]...)
}

func find(p Processed, name string, f Format) (Rendition, bool) {
	for _, r := range p.Renditions {
		if r.Name == name && r.Format == f {
			return r, true
		}
	}
	return Rendition{}, false
}

func TestEachAcceptedTypeIsReencodedWithVariants(t *testing.T) {
	t.Parallel()
	src := photo(1700, 340, 1)
	var pngB, gifB, webpB bytes.Buffer
	require.NoError(t, png.Encode(&pngB, src))
	require.NoError(t, gif.Encode(&gifB, webSafe(src), nil))
	require.NoError(t, webp.Encode(&webpB, src, &webp.Options{Quality: 80}))
	cases := []struct {
		name string
		data []byte
		f    Format
	}{
		{"jpeg", encodeJPEG(t, src), JPEG},
		{"png", pngB.Bytes(), PNG},
		{"gif", gifB.Bytes(), GIF},
		{"webp", webpB.Bytes(), WEBP},
	}
	for _, c := range cases {
		p, err := Process(c.data)
		require.NoError(t, err, c.name)
		require.Equal(t, c.f, p.Format)
		require.Equal(t, HashOf(c.data)+"."+c.f.Ext, p.Key())
		require.Equal(t, 1700, p.Width)
		require.Equal(t, 340, p.Height)
		for _, w := range []int{0, 480, 960, 1600} {
			name := "full"
			if w > 0 {
				name = "w" + itoa(w)
			}
			formats := []Format{c.f, WEBP}
			if w == 0 {
				formats = []Format{c.f} // full size: the original format only
			}
			for _, f := range formats {
				r, ok := find(p, name, f)
				require.True(t, ok, "%s %s %s", c.name, name, f.Name)
				got, gotF, _, err := Decode(r.Data)
				require.NoError(t, err)
				require.Equal(t, f, gotF, "%s %s is really %s", c.name, name, f.Name)
				if w > 0 {
					require.Equal(t, w, got.Bounds().Dx())
					require.Equal(t, w/5, got.Bounds().Dy(), "aspect kept")
				}
			}
		}
	}
}

func itoa(n int) string {
	return string([]byte{byte('0' + n/1000%10), byte('0' + n/100%10), byte('0' + n/10%10), byte('0' + n%10)})[map[bool]int{true: 0, false: 1}[n >= 1000]:]
}

func TestSmallImagesAreNeverUpscaled(t *testing.T) {
	t.Parallel()
	p, err := Process(encodeJPEG(t, photo(700, 300, 2)))
	require.NoError(t, err)
	_, ok := find(p, "w480", JPEG)
	require.True(t, ok)
	for _, n := range []string{"w960", "w1600"} {
		_, ok := find(p, n, JPEG)
		require.False(t, ok, n)
	}
}

func TestExifAndGPSAreRemovedAndOrientationApplied(t *testing.T) {
	t.Parallel()
	jpg := withExif(encodeJPEG(t, photo(400, 200, 3)), 6) // 6 = rotate 90° clockwise
	require.Contains(t, string(jpg), "GPS-SECRET")
	require.Equal(t, 6, jpegOrientation(jpg))
	p, err := Process(jpg)
	require.NoError(t, err)
	require.Equal(t, 200, p.Width, "stored upright")
	require.Equal(t, 400, p.Height)
	for _, r := range p.Renditions {
		require.NotContains(t, string(r.Data), "GPS-SECRET", r.Name)
		require.NotContains(t, string(r.Data), "Exif", r.Name)
		require.Equal(t, 1, jpegOrientation(r.Data))
	}
}

func TestRejections(t *testing.T) {
	t.Parallel()
	good := encodeJPEG(t, photo(64, 64, 4))
	var pngB bytes.Buffer
	require.NoError(t, png.Encode(&pngB, photo(64, 64, 5)))
	cases := map[string]struct {
		data []byte
		want error
	}{
		"svg":   {[]byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>`), ErrUnsupported},
		"html":  {[]byte(`<!doctype html><script>alert(1)</script>`), ErrUnsupported},
		"pdf":   {[]byte("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF"), ErrUnsupported},
		"bmp":   {append([]byte("BM"), make([]byte, 64)...), ErrUnsupported},
		"empty": {nil, ErrUnsupported},
		// The classic GIF/JavaScript polyglot claims a 24893×11365 screen.
		"gif/js polyglot":   {[]byte("GIF89a=alert(document.domain)//;"), ErrTooManyPix},
		"gif/html polyglot": {[]byte("GIF89a\x01\x00\x01\x00<html><script>alert(1)</script>"), ErrCorrupt},
		"truncated jpeg":    {good[:len(good)/2], ErrCorrupt},
		"truncated png":     {pngB.Bytes()[:len(pngB.Bytes())-40], ErrCorrupt},
		"corrupt webp":      {append([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{0xAB}, 64)...), ErrCorrupt},
		"jpeg header only":  {[]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0}, ErrCorrupt},
	}
	for name, c := range cases {
		_, err := Process(c.data)
		require.ErrorIs(t, err, c.want, name)
	}
}

func TestDecompressionBombIsRefusedBeforeDecoding(t *testing.T) {
	t.Parallel()
	// A PNG whose header claims 20000×20000 pixels (1.6 GB decoded) in a
	// few dozen bytes.
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 20000)
	binary.BigEndian.PutUint32(ihdr[4:], 20000)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := func(typ string, data []byte) []byte {
		out := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		out = append(out, typ...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	bomb := append([]byte("\x89PNG\r\n\x1a\n"), chunk("IHDR", ihdr)...)
	bomb = append(bomb, chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	bomb = append(bomb, chunk("IEND", nil)...)
	_, err := Process(bomb)
	require.ErrorIs(t, err, ErrTooManyPix)
}

func TestPolyglotPayloadAfterTheImageIsDropped(t *testing.T) {
	t.Parallel()
	data := append(encodeJPEG(t, photo(64, 64, 6)), []byte("<html><script>alert(1)</script></html>")...)
	p, err := Process(data)
	require.NoError(t, err)
	for _, r := range p.Renditions {
		require.NotContains(t, string(r.Data), "<script>")
	}
}

func TestSizeLimitIsExactly5MB(t *testing.T) {
	t.Parallel()
	jpg := encodeJPEG(t, photo(64, 64, 7))
	pad := func(n int) []byte { return append(append([]byte{}, jpg...), make([]byte, n-len(jpg))...) }

	got, err := ReadLimited(bytes.NewReader(pad(MaxBytes)))
	require.NoError(t, err)
	require.Len(t, got, MaxBytes)
	_, err = Process(got)
	require.NoError(t, err, "exactly 5 MB is accepted")

	_, err = ReadLimited(bytes.NewReader(pad(MaxBytes + 1)))
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = Process(pad(MaxBytes + 1))
	require.ErrorIs(t, err, ErrTooLarge)
}

func TestAnimatedGIFKeepsItsFrames(t *testing.T) {
	t.Parallel()
	pal := []color.Color{color.Black, color.White}
	a := &gif.GIF{LoopCount: 0}
	for i := 0; i < 3; i++ {
		f := image.NewPaletted(image.Rect(0, 0, 600, 300), pal)
		f.SetColorIndex(i, i, 1)
		a.Image = append(a.Image, f)
		a.Delay = append(a.Delay, 10)
	}
	var b bytes.Buffer
	require.NoError(t, gif.EncodeAll(&b, a))
	p, err := Process(b.Bytes())
	require.NoError(t, err)
	full, ok := find(p, "full", GIF)
	require.True(t, ok)
	out, err := gif.DecodeAll(bytes.NewReader(full.Data))
	require.NoError(t, err)
	require.Len(t, out.Image, 3)
	w, ok := find(p, "w480", WEBP)
	require.True(t, ok)
	cfg, err := xwebp.DecodeConfig(bytes.NewReader(w.Data))
	require.NoError(t, err)
	require.Equal(t, 480, cfg.Width)
}

func TestSniffIgnoresNamesAndNeedsMagic(t *testing.T) {
	t.Parallel()
	_, err := Sniff([]byte("not an image at all"))
	require.True(t, errors.Is(err, ErrUnsupported))
	f, err := Sniff([]byte("RIFF\x10\x00\x00\x00WEBPVP8L"))
	require.NoError(t, err)
	require.Equal(t, WEBP, f)
}

// FuzzDecode feeds arbitrary bytes through sniffing and decoding: it must
// never panic, and whatever it accepts must re-encode.
func FuzzDecode(f *testing.F) {
	f.Add(encodeJPEG(f, photo(16, 16, 8)))
	var pngB, gifB bytes.Buffer
	_ = png.Encode(&pngB, photo(16, 16, 9))
	_ = gif.Encode(&gifB, photo(16, 16, 10), nil)
	f.Add(pngB.Bytes())
	f.Add(gifB.Bytes())
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "))
	f.Add([]byte("GIF89a"))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, format, _, err := Decode(data)
		if err != nil {
			return
		}
		b := img.Bounds()
		if b.Dx() <= 0 || b.Dy() <= 0 || b.Dx()*b.Dy() > MaxPixels {
			t.Fatalf("accepted a %dx%d image", b.Dx(), b.Dy())
		}
		if _, err := encode(img, format, nil); err != nil {
			t.Fatalf("accepted but cannot re-encode: %v", err)
		}
	})
}

// resetPeakRSS returns the memory the setup left to the kernel and resets
// the process's peak resident set (VmHWM) to what is resident now.
func resetPeakRSS(b *testing.B) {
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		b.Logf("cannot reset the peak RSS (%v); it includes the setup", err)
	}
}

// peakRSS is the process's peak resident set (VmHWM) in MB.
func peakRSS(b *testing.B) float64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			if err != nil {
				b.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmHWM in /proc/self/status")
	return 0
}

// BenchmarkProcess5MBJPEG measures turning a 5 MB photo into every variant:
// time per upload and the peak resident memory of the process while doing
// it (peak-RSS-MB; the test binary's own baseline, ~15 MB, included). Run
// it as an upload runs on one core:
//
//	taskset -c 0 go test -run '^$' -bench Process5MB -cpu 1 ./services/media/internal/media/
func BenchmarkProcess5MBJPEG(b *testing.B) {
	var data []byte
	var mp float64
	for w := 3200; ; w -= 100 {
		var buf bytes.Buffer
		_ = jpeg.Encode(&buf, photo(w, w*3/4, 11), &jpeg.Options{Quality: 97})
		if buf.Len() <= MaxBytes {
			data = buf.Bytes()
			mp = float64(w*(w*3/4)) / 1e6
			break
		}
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	resetPeakRSS(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Process(data); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(mp, "megapixels")
	b.ReportMetric(peakRSS(b), "peak-RSS-MB")
}

// TestResizeMatchesXImageCatmullRom: the streaming resize gives the
// pixels x/image/draw's CatmullRom gives (within rounding), for what the
// decoders return and for shrinking, enlarging and odd ratios.
func TestResizeMatchesXImageCatmullRom(t *testing.T) {
	rgba := photo(331, 217, 5)
	ycc := image.NewYCbCr(rgba.Bounds(), image.YCbCrSubsampleRatio420)
	for y := range 217 {
		for x := range 331 {
			c := rgba.RGBAAt(x, y)
			yy, cb, cr := color.RGBToYCbCr(c.R, c.G, c.B)
			ycc.Y[ycc.YOffset(x, y)] = yy
			ycc.Cb[ycc.COffset(x, y)], ycc.Cr[ycc.COffset(x, y)] = cb, cr
		}
	}
	nrgba := image.NewNRGBA(rgba.Bounds())
	for y := range 217 {
		for x := range 331 {
			c := rgba.RGBAAt(x, y)
			nrgba.SetNRGBA(x, y, color.NRGBA{c.R, c.G, c.B, uint8(x * 255 / 330)})
		}
	}
	gray := image.NewGray(rgba.Bounds())
	xdraw.Draw(gray, gray.Bounds(), rgba, image.Point{}, xdraw.Src)
	for name, src := range map[string]image.Image{"rgba": rgba, "ycbcr": ycc, "nrgba": nrgba, "gray": gray, "sub": rgba.SubImage(image.Rect(10, 20, 300, 200))} {
		for _, size := range [][2]int{{160, 105}, {97, 64}, {331, 217}, {500, 300}, {1, 1}} {
			want := image.NewRGBA(image.Rect(0, 0, size[0], size[1]))
			xdraw.CatmullRom.Scale(want, want.Bounds(), src, src.Bounds(), xdraw.Src, nil)
			got := resize(src, size[0], size[1])
			worst := 0
			for i := range want.Pix {
				worst = max(worst, int(want.Pix[i])-int(got.Pix[i]), int(got.Pix[i])-int(want.Pix[i]))
			}
			require.LessOrEqual(t, worst, 2, "%s to %v: largest channel difference", name, size)
		}
	}
}

// TestProcessAllocatesNoFullSizeIntermediate: making the variants of a
// 2400×1800 photo allocates little more than the decoded image and the
// variants themselves. (x/image/draw's scaler allocated a float64 buffer of
// 1600×1800 pixels, 92 MB, for the first variant alone.)
func TestProcessAllocatesNoFullSizeIntermediate(t *testing.T) {
	data := encodeJPEG(t, photo(2400, 1800, 3))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := Process(data)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Len(t, p.Renditions, 7)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("Process allocated %.1f MB", float64(allocated)/(1<<20))
	require.Less(t, allocated, uint64(40<<20))
}

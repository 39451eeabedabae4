package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// Issue 17's image goal: a 5 MB JPEG into every rendition on one core.
const (
	imageBytes   = 5 << 20 // the upload limit (SPEC §7)
	imageUploads = 3
)

// noisyPhoto is a photo-like picture: gradients with sensor-like noise,
// which JPEG compresses about as badly as a real photo.
func noisyPhoto(w, h int, seed uint64) image.Image {
	r := rand.New(rand.NewPCG(seed, 7))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			n := uint8(r.IntN(24))
			img.SetRGBA(x, y, color.RGBA{uint8(x*255/w) ^ n, uint8(y*255/h) + n, 120 + n, 255})
		}
	}
	return img
}

// fiveMBJPEG is the largest 4:3 photo (in 100-pixel steps) whose JPEG at
// quality 97 fits the upload limit.
func fiveMBJPEG(seed uint64) ([]byte, image.Point, error) {
	for w := 3200; w > 0; w -= 100 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, noisyPhoto(w, w*3/4, seed), &jpeg.Options{Quality: 97}); err != nil {
			return nil, image.Point{}, err
		}
		if buf.Len() <= imageBytes {
			return buf.Bytes(), image.Pt(w, w*3/4), nil
		}
	}
	return nil, image.Point{}, fmt.Errorf("no photo fits %d bytes", imageBytes)
}

// benchImages uploads distinct 5 MB JPEGs as the admin's media tab does
// and times each until every rendition is stored; the media process runs
// on one core, and its peak resident memory is read after.
func benchImages(s *scratch.Stack, r *report) error {
	staff, err := s.StaffClient()
	if err != nil {
		return err
	}
	row := &imageRow{}
	for i := range imageUploads {
		data, size, err := fiveMBJPEG(uint64(11 + i))
		if err != nil {
			return err
		}
		row.bytes, row.size = len(data), size
		req := scratch.NewUpload(s.Base(), fmt.Sprintf("bench-%d.jpg", i), data)
		req.Header.Set("Origin", s.Base())
		start := time.Now()
		resp, err := staff.Do(req)
		if err != nil {
			return err
		}
		took := time.Since(start)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
			return fmt.Errorf("upload %d: %s", i, resp.Status)
		}
		row.took = append(row.took, took)
		fmt.Printf("bench: images: %d bytes (%dx%d) stored with its renditions in %s\n", len(data), size.X, size.Y, took.Round(time.Millisecond))
	}
	row.peakRSSKB = s.Instances("media")[0].P.PeakRSSKB()
	slices.Sort(row.took)
	r.images = row
	fmt.Printf("bench: images: media's peak RSS %d MB\n", row.peakRSSKB/1024)
	return nil
}

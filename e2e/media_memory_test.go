package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"mime/multipart"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// noisyJPEG is the largest 4:3 photo-like JPEG (quality 97, random grain,
// so it compresses like a photograph) that fits in maxBytes.
func noisyJPEG(t *testing.T, seed uint64, maxBytes int) []byte {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for w := 3200; w > 0; w -= 100 {
		h := w * 3 / 4
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := 0; i < len(img.Pix); i += 4 {
			px := i / 4
			grain := uint8(r.IntN(24))
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(px%w*255/w)^grain, uint8(px/w*255/h)+grain, 120+grain, 255
		}
		var b bytes.Buffer
		require.NoError(t, jpeg.Encode(&b, img, &jpeg.Options{Quality: 97}))
		if b.Len() <= maxBytes {
			return b.Bytes()
		}
	}
	t.Fatal("no photo fits")
	return nil
}

// peakRSSMB reads a process's peak resident set (VmHWM) in MB.
func peakRSSMB(t *testing.T, pid int) float64 {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			require.NoError(t, err)
			return float64(kb) / 1024
		}
	}
	t.Fatal("no VmHWM")
	return 0
}

// TestMediaProcessStaysUnder300MBOn5MBUploads: the real media binary, sent
// three photos of nearly 5 MB at once through the gateway, stores every
// rendition of each and never holds more than 300 MB (issue 17; before
// the streaming resize one such upload took it to 350-450 MB).
func TestMediaProcessStaysUnder300MBOn5MBUploads(t *testing.T) {
	t.Parallel()
	st := startStack(t, "GATEWAY_REGISTRATION_OPEN=true")
	createStaff(t, st, "photos@valleytrenchless.example", "correct horse battery staple")
	staff := newClient(t, st.base)
	code, user := staff.json("POST", "/api/login", map[string]string{"username": "photos@valleytrenchless.example", "password": "correct horse battery staple"})
	require.Equal(t, 200, code, "%v", user)
	before := peakRSSMB(t, st.media.cmd.Process.Pid)

	const uploads = 3
	bodies := make([]*bytes.Buffer, uploads)
	types := make([]string, uploads)
	for i := range uploads {
		photo := noisyJPEG(t, uint64(i+1), 5<<20-64<<10)
		bodies[i] = &bytes.Buffer{}
		mw := multipart.NewWriter(bodies[i])
		fw, _ := mw.CreateFormFile("file", fmt.Sprintf("site-%d.jpg", i))
		_, _ = fw.Write(photo)
		require.NoError(t, mw.Close())
		types[i] = mw.FormDataContentType()
	}
	var wg sync.WaitGroup
	codes := make([]int, uploads)
	answers := make([][]byte, uploads)
	for i := range uploads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], answers[i], _ = staff.do("POST", "/api/upload-image", types[i], bodies[i])
		}()
	}
	wg.Wait()
	for i := range uploads {
		require.Equal(t, 200, codes[i], "%s", answers[i])
		var up struct{ URL string }
		require.NoError(t, json.Unmarshal(answers[i], &up))
		for _, w := range []string{"?w=480", "?w=960", "?w=1600", ""} {
			code, _, _ := staff.do("GET", up.URL+w, "", nil)
			require.Equal(t, 200, code, up.URL+w)
		}
	}
	peak := peakRSSMB(t, st.media.cmd.Process.Pid)
	t.Logf("media process peak RSS: %.0f MB before the uploads, %.0f MB after %d concurrent uploads of ~5 MB", before, peak, uploads)
	require.LessOrEqual(t, peak, 300.0)
}

package scratch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// VisitorIP is a distinct address per number n, sent as X-Forwarded-For
// (the scratch gateway trusts it, as behind an ingress) so the per-IP
// limits are not what a run measures.
func VisitorIP(n int) string {
	return fmt.Sprintf("10.%d.%d.%d", (n>>16)&0xff, (n>>8)&0xff, n&0xff)
}

// LeadPayload is a lead as the home page's form posts it (SPEC §7), with
// its own name, e-mail and phone for tag and n.
func LeadPayload(tag string, n int) map[string]any {
	return map[string]any{
		"firstName": "Load", "lastName": fmt.Sprintf("%s %d", tag, n), "email": fmt.Sprintf("%s-%d@scratch.example", tag, n),
		"phone": fmt.Sprintf("602555%04d", n%10000), "address": "1 E Washington St", "city": "Phoenix, AZ", "homeAge": "1950s",
		"issues": []string{"gurgling"}, "description": "Load test lead.", "urgency": "soon",
	}
}

// NewUpload is a POST of data to the gateway at base's /api/upload-image
// as the admin's media tab sends it: multipart field "file" named
// filename.
func NewUpload(base, filename string, data []byte) *http.Request {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	part, _ := w.CreateFormFile("file", filename)
	_, _ = part.Write(data)
	_ = w.Close()
	req, err := http.NewRequest("POST", base+"/api/upload-image", &b)
	if err != nil {
		panic(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	return req
}

// Percentile is the p-th (0–1) of ds, sorted in place; zero for none.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(float64(len(ds))*p))]
}

// Send is one request through c with headers hdr and body (none when
// empty): the answer's status and body, or the error when none came.
func Send(c *http.Client, method, url, body string, hdr map[string]string) (int, string, error) {
	code, answer, _, err := Exchange(c, method, url, body, hdr)
	return code, answer, err
}

// Exchange is Send with the answer's headers too.
func Exchange(c *http.Client, method, url, body string, hdr map[string]string) (int, string, http.Header, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return 0, "", nil, err
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header, err
}

// Pace calls fn(i) for i in [0, total) at rate per second, each in its own
// goroutine, until ctx ends, and waits for all of them.
func Pace(ctx context.Context, rate float64, total int, fn func(i int)) {
	var wg sync.WaitGroup
	t := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer t.Stop()
	for i := 0; total <= 0 || i < total; i++ {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-t.C:
		}
		wg.Add(1)
		go func() { defer wg.Done(); fn(i) }()
	}
	wg.Wait()
}

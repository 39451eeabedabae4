// Package e2e runs the whole stack from the built binaries against real
// Postgres, NATS JetStream and MinIO, and checks it through the gateway as a
// browser or operator would.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/miniotest"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	return scratch.FreeAddr()
}

var (
	binsOnce sync.Once
	binsDir  string
	binsErr  error
)

// TestMain removes the binaries built for the package.
func TestMain(m *testing.M) {
	code := m.Run()
	if binsDir != "" {
		os.RemoveAll(binsDir)
	}
	os.Exit(code)
}

// buildBinaries compiles the service binaries once for the package.
func buildBinaries(t *testing.T) string {
	t.Helper()
	binsOnce.Do(func() {
		binsDir, binsErr = os.MkdirTemp("", "e2e-bins-")
		if binsErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", binsDir+string(filepath.Separator),
			"../services/content", "../services/contact", "../services/media", "../services/gateway", "../services/contact/notifier",
			"../scripts/oidcdev").CombinedOutput()
		if err != nil {
			binsErr = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	require.NoError(t, binsErr)
	return binsDir
}

type proc struct {
	cmd *exec.Cmd
	log *os.File
}

func start(t *testing.T, bin string, env ...string) *proc {
	t.Helper()
	logf, err := os.Create(filepath.Join(t.TempDir(), filepath.Base(bin)+".log"))
	require.NoError(t, err)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(t, cmd.Start())
	p := &proc{cmd: cmd, log: logf}
	t.Cleanup(func() {
		p.stop()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("--- %s log ---\n%s", filepath.Base(bin), b)
		}
	})
	return p
}

// stop sends SIGTERM and waits, as Kubernetes would.
func (p *proc) stop() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
}

func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func waitFor(t *testing.T, what string, timeout time.Duration, ok func() bool) {
	t.Helper()
	require.NoError(t, scratch.WaitFor(what, timeout, ok))
}

// stack is the whole product running from its binaries.
type stack struct {
	base    string
	metrics string
	natsURL string
	bins    string
	dbURL   string
	content *proc
	contact *proc
	media   *proc
	gateway *proc
	// contactEnv starts the contact service again (killContact).
	contactEnv []string
	// grpcAddrs are the services' gRPC addresses by name (content,
	// contact, media), for calls that go around the gateway.
	grpcAddrs map[string]string
}

// killContact kills the contact service without warning (SIGKILL: nothing
// it held in memory survives), then starts it again with the same
// settings.
func (st *stack) killContact(t *testing.T) {
	t.Helper()
	require.NoError(t, st.contact.cmd.Process.Kill())
	_ = st.contact.cmd.Wait()
	st.contact = start(t, filepath.Join(st.bins, "contact"), st.contactEnv...)
}

// startStack builds and starts the four services on their own database,
// NATS and MinIO, and waits until the gateway is ready.
func startStack(t *testing.T, gatewayEnv ...string) *stack {
	t.Helper()
	return startStackWith(t, stackOptions{env: map[string][]string{"gateway": gatewayEnv}})
}

// stackOptions change how startStackWith runs the product.
type stackOptions struct {
	// natsURL is a NATS server the test runs itself; empty starts a plain
	// embedded one.
	natsURL string
	// env adds settings per binary (content, contact, media, gateway);
	// the last of a variable set twice wins.
	env map[string][]string
}

func startStackWith(t *testing.T, o stackOptions) *stack {
	t.Helper()
	bins := buildBinaries(t)
	minio := miniotest.Start(t)
	webDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(webDir, "index.html"), []byte("<!doctype html><html><head><title>site</title><meta name=\"description\" content=\"Default\"></head><body></body></html>"), 0o644))
	u, drop, err := pgtest.CreateDatabase(context.Background())
	require.NoError(t, err)
	t.Cleanup(drop)

	// Its own NATS, so test leads never reach a developer's LEADS stream.
	natsURL := o.natsURL
	if natsURL == "" {
		natsURL = natstest.Start(t).URL
	}
	contentAddr, contactAddr, mediaAddr, httpAddr := freeAddr(t), freeAddr(t), freeAddr(t), freeAddr(t)
	common := []string{"LOG_LEVEL=debug"}
	content := start(t, filepath.Join(bins, "content"), append(append(common, "CONTENT_GRPC_ADDR="+contentAddr, "CONTENT_METRICS_ADDR=", "CONTENT_DB_URL="+u, "CONTENT_NATS_URL="+natsURL, "CONTENT_MEDIA_ADDR="+mediaAddr), o.env["content"]...)...)
	contactEnv := append(append(common, "CONTACT_GRPC_ADDR="+contactAddr, "CONTACT_METRICS_ADDR=", "CONTACT_DB_URL="+u, "CONTACT_NATS_URL="+natsURL), o.env["contact"]...)
	contact := start(t, filepath.Join(bins, "contact"), contactEnv...)
	media := start(t, filepath.Join(bins, "media"), append(append(common, "MEDIA_GRPC_ADDR="+mediaAddr, "MEDIA_METRICS_ADDR=", "MEDIA_DB_URL="+u,
		"MEDIA_S3_ENDPOINT="+minio.Endpoint, "MEDIA_S3_ACCESS_KEY="+miniotest.AccessKey, "MEDIA_S3_SECRET_KEY="+miniotest.SecretKey), o.env["media"]...)...)
	metricsAddr := freeAddr(t)
	gateway := start(t, filepath.Join(bins, "gateway"), append(append(common, "GATEWAY_HTTP_ADDR="+httpAddr, "GATEWAY_METRICS_ADDR="+metricsAddr,
		"GATEWAY_DB_URL="+u, "GATEWAY_NATS_URL="+natsURL, "GATEWAY_PUBLIC_ORIGIN=http://"+httpAddr,
		"GATEWAY_CONTENT_ADDR="+contentAddr, "GATEWAY_CONTACT_ADDR="+contactAddr, "GATEWAY_MEDIA_ADDR="+mediaAddr, "GATEWAY_WEB_DIR="+webDir), o.env["gateway"]...)...)
	base := "http://" + httpAddr
	waitFor(t, "gateway /healthz", 30*time.Second, func() bool { c, _ := get(t, base+"/healthz"); return c == 200 })
	waitFor(t, "gateway /readyz 200", 60*time.Second, func() bool { c, _ := get(t, base+"/readyz"); return c == 200 })
	return &stack{base: base, metrics: metricsAddr, natsURL: natsURL, bins: bins, dbURL: u, content: content, contact: contact, media: media, gateway: gateway,
		contactEnv: contactEnv, grpcAddrs: map[string]string{"content": contentAddr, "contact": contactAddr, "media": mediaAddr}}
}

func TestStackServesSeededPostsAndReportsReadiness(t *testing.T) {
	t.Parallel()
	st := startStack(t)
	base, natsURL, metricsAddr, content := st.base, st.natsURL, st.metrics, st.content

	waitFor(t, "gateway /healthz", 30*time.Second, func() bool { c, _ := get(t, base+"/healthz"); return c == 200 })
	waitFor(t, "gateway /readyz 200", 60*time.Second, func() bool { c, _ := get(t, base+"/readyz"); return c == 200 })

	// Without a language the list holds every language: the seeded Spanish
	// translation is the newest post of all.
	code, body := get(t, base+"/api/blog-posts?limit=1")
	require.Equal(t, 200, code, string(body))
	require.Contains(t, string(body), `"slug":"como-funciona-el-revestimiento-cipp"`)
	require.Contains(t, string(body), `"language":"es"`)

	// The vertical slice: the three newest English posts as a bare JSON array.
	code, body = get(t, base+"/api/blog-posts?limit=3&language=en")
	require.Equal(t, 200, code, string(body))
	var posts []map[string]any
	require.NoError(t, json.Unmarshal(body, &posts), string(body))
	require.Len(t, posts, 3)
	for _, p := range posts {
		for _, f := range []string{"id", "slug", "title", "excerpt", "imageUrl", "publishedAt", "category", "readTimeMinutes"} {
			require.Contains(t, p, f)
		}
	}
	require.Equal(t, "drain-camera-inspection-guide", posts[0]["slug"], "newest first")
	require.Greater(t, posts[0]["publishedAt"].(string), posts[1]["publishedAt"].(string))

	// One article by slug, and SPEC's error shape for a bad request and a
	// missing post.
	code, body = get(t, base+"/api/blog-posts/orangeburg-pipe-guide")
	require.Equal(t, 200, code, string(body))
	require.Contains(t, string(body), `"category":"Pipe Types"`)
	code, body = get(t, base+"/api/blog-posts/no-such-post")
	require.Equal(t, 404, code)
	require.JSONEq(t, `{"message":"We couldn't find that. It may have been removed.","code":"not_found","details":[]}`, string(body))
	code, body = get(t, base+"/api/blog-posts?limit=500")
	require.Equal(t, 400, code)
	require.Contains(t, string(body), `"message":"limit must be between 0 and 100."`)
	require.Contains(t, string(body), `"field":"limit"`)

	code, body = get(t, base+"/api/editable-content")
	require.Equal(t, 200, code)
	require.Contains(t, string(body), `"contentKey":"hero.title"`)
	// A browser gets the cached read in brotli (compressed once, when it
	// was stored): the same JSON, a third of the size or less, with its own
	// validator.
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	req, _ := http.NewRequest("GET", base+"/api/editable-content", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	resp, err := raw.Do(req)
	require.NoError(t, err)
	compressed, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, "br", resp.Header.Get("Content-Encoding"))
	require.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"))
	require.Less(t, len(compressed), len(body)/3)
	plain, err := io.ReadAll(brotli.NewReader(bytes.NewReader(compressed)))
	require.NoError(t, err)
	require.Equal(t, string(body), string(plain))
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	resp, err = raw.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusNotModified, resp.StatusCode)

	// Staff calls without a signed-in staff identity are refused by the
	// service itself (the gateway adds sessions on top).
	resp, err = http.Post(base+"/api/admin/blog-posts", "application/json", strings.NewReader(`{"title":"x","slug":"x","excerpt":"x","content":"x"}`))
	require.NoError(t, err)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 401, resp.StatusCode, string(body))
	require.Contains(t, string(body), `"code":"unauthenticated"`)

	// A lead from the home form is stored and reaches the LEADS stream; a
	// retry with the same Idempotency-Key returns the same lead.
	lead := `{"formVariant":"home","firstName":"Maria","lastName":"Lopez","email":"maria@example.com","phone":"(602) 555-0142",
		"address":"123 E Camelback Rd","city":"phoenix","homeAge":"pre-1980","issues":["frequent-clogs"],"description":"Backs up weekly",
		"urgency":"this-week","sourcePage":"/"}`
	post := func(body, key string) (int, map[string]any) {
		req, _ := http.NewRequest(http.MethodPost, base+"/api/contact", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		var out map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
		return resp.StatusCode, out
	}
	code, first := post(lead, "e2e-key-1")
	require.Equal(t, 200, code, "%v", first)
	_, again := post(lead, "e2e-key-1")
	require.Equal(t, first["id"], again["id"])
	require.NotEmpty(t, first["respondBy"])

	// The /contact page's shape, with its nulls.
	code, out := post(`{"formVariant":"contact","firstName":"Sam","lastName":"Nguyen","email":"sam@example.com","phone":"4805550199",
		"address":null,"city":null,"urgency":null,"issues":null,"homeAge":null,"previousRepairs":null,
		"description":"Drain smells after rain","preferredContactTime":null,"hasVideo":false,"sourcePage":"/contact"}`, "")
	require.Equal(t, 200, code, "%v", out)

	code, out = post(`{"formVariant":"contact","firstName":"","lastName":"Nguyen","email":"bad","phone":"123","description":"short"}`, "")
	require.Equal(t, 400, code)
	fieldsSeen := map[string]string{}
	for _, d := range out["details"].([]any) {
		m := d.(map[string]any)
		fieldsSeen[m["field"].(string)] = m["message"].(string)
	}
	require.Equal(t, map[string]string{
		"firstName": "First name is required", "email": "Valid email is required", "phone": "Phone number is required",
		"description": "Please describe your drain issue (minimum 10 characters)",
	}, fieldsSeen)

	nc, err := nats.Connect(natsURL)
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	waitFor(t, "two leads on the LEADS stream", 30*time.Second, func() bool {
		s, err := js.Stream(context.Background(), "LEADS")
		if err != nil {
			return false
		}
		info, err := s.Info(context.Background())
		return err == nil && info.State.Msgs == 2
	})

	// The inbox is staff-only.
	code, _ = get(t, base+"/api/contact-submissions")
	require.Equal(t, 401, code)

	// The web app answers client-side routes with index.html.
	code, body = get(t, base+"/scottsdale")
	require.Equal(t, 200, code)
	require.Contains(t, string(body), "<title>site</title>")

	// Metrics are exposed on the separate metrics port.
	code, body = get(t, "http://"+metricsAddr+"/metrics")
	require.Equal(t, 200, code)
	require.Contains(t, string(body), "http_requests_total")

	// Stopping the content service turns readiness red, naming it on the
	// metrics port only.
	content.stop()
	waitFor(t, "gateway /readyz 503", 30*time.Second, func() bool { c, _ := get(t, base+"/readyz"); return c == 503 })
	_, body = get(t, base+"/readyz")
	require.JSONEq(t, `{"status":"not ready"}`, string(body))
	_, body = get(t, "http://"+metricsAddr+"/readyz")
	require.Contains(t, string(body), `"content":"UNREACHABLE"`)
	code, _ = get(t, base+"/api/blog-posts?limit=3&language=en")
	require.Equal(t, 200, code, "a cached public read survives the content service being down")
	code, body = get(t, base+"/api/blog-posts?limit=4")
	require.Equal(t, 503, code)
	require.NotContains(t, strings.ToLower(string(body)), "connection refused", "no internal error text")
	code, _ = get(t, base+"/healthz")
	require.Equal(t, 200, code, "the gateway process itself is still up")
}

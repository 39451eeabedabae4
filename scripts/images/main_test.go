package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// standIns builds one tiny static program (once per test binary) and
// copies it under every image's binary name: the images' layout, config and
// checks are what is under test here, and compiling the five real binaries
// takes minutes (`make images` builds and verifies those).
func standIns(t *testing.T) string {
	t.Helper()
	standInOnce.Do(func() { standInDir, standInErr = buildStandIns() })
	require.NoError(t, standInErr)
	return standInDir
}

var (
	standInOnce sync.Once
	standInDir  string
	standInErr  error
)

func buildStandIns() (string, error) {
	dir, err := os.MkdirTemp("", "images-test-")
	if err != nil {
		return "", err
	}
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\nfunc main() {}\n"), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "standin"), src)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH, "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build stand-in: %w\n%s", err, out)
	}
	bin, err := os.ReadFile(filepath.Join(dir, "standin"))
	if err != nil {
		return "", err
	}
	for _, s := range specs {
		if err := os.WriteFile(filepath.Join(dir, s.Name), bin, 0o755); err != nil {
			return "", err
		}
	}
	return dir, nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if standInDir != "" {
		os.RemoveAll(standInDir)
	}
	os.Exit(code)
}

func testOptions() options {
	return options{Version: "v1.2.3", Revision: "0123456789abcdef0123456789abcdef01234567",
		Source: "https://example.com/site", Created: time.Unix(1_700_000_000, 0).UTC(), Arch: runtime.GOARCH}
}

func testWeb() []file {
	return []file{{Path: webDir + "/index.html", Mode: 0o644, Data: []byte("<!doctype html>")},
		{Path: webDir + "/assets/app.js", Mode: 0o644, Data: []byte("console.log(1)")}}
}

func TestImagesRunAsNonRootTheirOwnBinaryAndAreReproducible(t *testing.T) {
	t.Parallel()
	bins := standIns(t)
	o := testOptions()
	first, err := buildAll(t.TempDir(), o, bins, testWeb())
	require.NoError(t, err)
	require.Len(t, first, 5)

	names := map[string]string{}
	for _, b := range first {
		c := b.img.Config.Config
		require.Equal(t, "65532:65532", c.User, b.spec.Name)
		require.Equal(t, []string{"/usr/local/bin/" + b.spec.Name}, c.Entrypoint, b.spec.Name)
		require.Equal(t, "v1.2.3", b.img.Manifest.Annotations["org.opencontainers.image.version"])
		require.Equal(t, o.Revision, b.img.Manifest.Annotations["org.opencontainers.image.revision"])
		_, hasWeb := b.img.Files[webDir+"/index.html"]
		require.Equal(t, b.spec.Name == "gateway", hasWeb, "only the gateway carries the web app")
		names[b.spec.Name] = b.img.Digest
		// Both layers and the image are small: nothing but the binary and data.
		require.Len(t, b.img.Manifest.Layers, 2)
	}
	require.Len(t, names, 5)
	require.Equal(t, first[0].img.Manifest.Layers[0].Digest, first[1].img.Manifest.Layers[0].Digest,
		"the CA/time-zone layer is shared, so registries store it once")

	// The values file pins each image by digest.
	v := string(valuesFile(o, first))
	require.Contains(t, v, "tag: \"v1.2.3\"")
	for _, b := range first {
		require.Contains(t, v, b.spec.Name+":\n  image:\n    digest: \""+b.img.Digest+"\"")
	}

	// Same inputs, another folder, later: the same digests.
	second, err := buildAll(t.TempDir(), o, bins, testWeb())
	require.NoError(t, err)
	for i := range first {
		require.Equal(t, first[i].img.Digest, second[i].img.Digest, first[i].spec.Name)
	}
	// A different revision is a different image.
	o.Revision = strings.Repeat("f", 40)
	third, err := buildAll(t.TempDir(), o, bins, testWeb())
	require.NoError(t, err)
	require.NotEqual(t, first[0].img.Digest, third[0].img.Digest)
}

func TestVerifyRefusesRootUsersWrongEntrypointsAndStrayFiles(t *testing.T) {
	t.Parallel()
	bins := standIns(t)
	o := testOptions()
	res, err := buildAll(t.TempDir(), o, bins, testWeb())
	require.NoError(t, err)
	gw, content := res[0], res[1]
	require.Equal(t, "gateway", gw.spec.Name)

	img := content.img
	img.Config.Config.User = "0:0"
	require.ErrorContains(t, verify(content.spec, o, img), "non-root")
	img.Config.Config.User = "nonroot"
	require.ErrorContains(t, verify(content.spec, o, img), "numeric")

	img = content.img
	img.Config.Config.Entrypoint = []string{"/usr/local/bin/gateway"}
	require.ErrorContains(t, verify(content.spec, o, img), "entrypoint")

	img = gw.img
	files := map[string]tarEntry{}
	for k, v := range img.Files {
		files[k] = v
	}
	files["/bin/sh"] = tarEntry{Mode: 0o755}
	img.Files = files
	require.ErrorContains(t, verify(gw.spec, o, img), "unexpected file /bin/sh")

	require.ErrorContains(t, staticELF([]byte("#!/bin/sh\n"), o.Arch), "not an ELF")
	self, err := os.ReadFile("/bin/ls") // a dynamically linked system binary
	require.NoError(t, err)
	require.ErrorContains(t, staticELF(self, runtime.GOARCH), "dynamically linked")
}

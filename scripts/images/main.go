// Command images builds the product's container images without a container
// engine: one OCI image layout per binary (gateway with the built web app,
// content, contact, media, notifier), each a static binary on a layer of CA
// certificates and time-zone data, run as a numeric non-root user, labelled
// with the version and source revision. The same commit gives the same
// digests: files are sorted, owned by root and stamped with the commit time,
// and the CA and time-zone data come from pinned Go modules and the Go
// toolchain rather than from the build machine.
//
//	go run ./scripts/images -version v1.2.3 -revision $(git rev-parse HEAD) -out dist/images
package main

import (
	"archive/zip"
	"bytes"
	"context"
	"debug/elf"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/x509roots/fallback/bundle"
)

// spec describes one image.
type spec struct {
	Name    string   // image name and binary name
	Package string   // Go package of the binary
	Ports   []int    // listeners, exposed and bound on all interfaces
	Env     []string // extra environment
	Web     bool     // carries the built web app at webDir
	// CGO marks a binary that links C code: built with cgo and linked
	// statically (glibc included, pure-Go DNS and user lookups), so the
	// image still needs no libc. Only media: it encodes WebP with libwebp.
	CGO bool
}

const (
	// uid is the numeric user every image runs as (distroless's nonroot).
	uid     = 65532
	binDir  = "/usr/local/bin"
	webDir  = "/srv/web"
	caFile  = "/etc/ssl/certs/ca-certificates.crt"
	zoneDir = "/usr/share/zoneinfo"
)

// specs are the product's images. Listen addresses default to loopback in
// the binaries (safe for `make run`); in a container they must bind every
// interface, so each image sets them.
var specs = []spec{
	{Name: "gateway", Package: "./services/gateway", Ports: []int{8080, 9200}, Web: true,
		Env: []string{"GATEWAY_HTTP_ADDR=:8080", "GATEWAY_METRICS_ADDR=:9200", "GATEWAY_WEB_DIR=" + webDir}},
	{Name: "content", Package: "./services/content", Ports: []int{9101, 9201},
		Env: []string{"CONTENT_GRPC_ADDR=:9101", "CONTENT_METRICS_ADDR=:9201"}},
	{Name: "contact", Package: "./services/contact", Ports: []int{9102, 9202},
		Env: []string{"CONTACT_GRPC_ADDR=:9102", "CONTACT_METRICS_ADDR=:9202"}},
	{Name: "media", Package: "./services/media", Ports: []int{9103, 9203}, CGO: true,
		Env: []string{"MEDIA_GRPC_ADDR=:9103", "MEDIA_METRICS_ADDR=:9203"}},
	{Name: "notifier", Package: "./services/contact/notifier", Ports: []int{9104, 9204},
		Env: []string{"NOTIFIER_HEALTH_ADDR=:9104", "NOTIFIER_METRICS_ADDR=:9204"}},
}

func (s spec) entrypoint() string { return path.Join(binDir, s.Name) }

// options are what every image shares.
type options struct {
	Version  string
	Revision string
	Source   string
	Created  time.Time
	Arch     string
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "images:", err)
		os.Exit(1)
	}
}

func run() error {
	var o options
	out := flag.String("out", "dist/images", "folder for the OCI layouts (one per image)")
	web := flag.String("web", "web/dist", "the built web app, copied into the gateway image")
	values := flag.String("values", "", "also write a Helm values file pinning the images by digest")
	created := flag.Int64("created", 0, "image creation time, Unix seconds (default: $SOURCE_DATE_EPOCH, else the commit time)")
	flag.StringVar(&o.Version, "version", "", "version label and tag (required)")
	flag.StringVar(&o.Revision, "revision", "", "source revision label (required)")
	flag.StringVar(&o.Source, "source", "https://github.com/valleytrenchless/site", "source repository label")
	flag.StringVar(&o.Arch, "arch", "amd64", "GOARCH of the binaries")
	flag.Parse()
	if o.Version == "" || o.Revision == "" {
		return errors.New("-version and -revision are required")
	}
	if o.Version == "latest" {
		return errors.New(`-version "latest" is refused: tags name a version`)
	}
	ts, err := creationTime(*created)
	if err != nil {
		return err
	}
	o.Created = ts
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	binaries, err := os.MkdirTemp("", "images-bin-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(binaries)
	if err := buildBinaries(ctx, binaries, o.Arch); err != nil {
		return err
	}
	webFiles, err := webApp(*web)
	if err != nil {
		return err
	}
	built, err := buildAll(*out, o, binaries, webFiles)
	if err != nil {
		return err
	}
	fmt.Printf("%-9s %-71s %9s  %s\n", "image", "digest", "size", "layout")
	for _, b := range built {
		fmt.Printf("%-9s %-71s %9s  %s\n", b.spec.Name, b.img.Digest, humanSize(b.img.Size), b.dir)
	}
	if *values != "" {
		return os.WriteFile(*values, valuesFile(o, built), 0o644)
	}
	return nil
}

func creationTime(flagValue int64) (time.Time, error) {
	if flagValue != 0 {
		return time.Unix(flagValue, 0).UTC(), nil
	}
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH: %w", err)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	b, err := exec.Command("git", "log", "-1", "--format=%ct").Output()
	if err != nil {
		return time.Time{}, fmt.Errorf("commit time (pass -created or SOURCE_DATE_EPOCH outside git): %w", err)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(n, 0).UTC(), nil
}

// buildBinaries builds every spec's binary, static, into dir: pure Go with
// CGO_ENABLED=0, and the cgo ones linked statically.
func buildBinaries(ctx context.Context, dir, arch string) error {
	var pure, cgo []string
	for _, s := range specs {
		if s.CGO {
			cgo = append(cgo, s.Package)
		} else {
			pure = append(pure, s.Package)
		}
	}
	if len(cgo) > 0 && arch != runtime.GOARCH {
		return fmt.Errorf("%v link C code: build them on a %s machine (no cross C toolchain here)", cgo, arch)
	}
	build := func(pkgs []string, cgoEnabled string, flags ...string) error {
		args := append([]string{"build", "-trimpath", "-o", dir + "/"}, flags...)
		cmd := exec.CommandContext(ctx, "go", append(args, pkgs...)...)
		cmd.Env = append(os.Environ(), "CGO_ENABLED="+cgoEnabled, "GOOS=linux", "GOARCH="+arch)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go build %v: %w", pkgs, err)
		}
		return nil
	}
	if err := build(pure, "0", "-ldflags=-s -w"); err != nil {
		return err
	}
	if len(cgo) == 0 {
		return nil
	}
	return build(cgo, "1", "-tags=netgo,osusergo", "-ldflags=-s -w -linkmode external -extldflags -static")
}

// webApp reads the built web app as files under webDir.
func webApp(root string) ([]file, error) {
	if _, err := os.Stat(filepath.Join(root, "index.html")); err != nil {
		return nil, fmt.Errorf("the gateway image needs the built web app in %s (make web-build): %w", root, err)
	}
	var files []file
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		f := file{Path: path.Join(webDir, filepath.ToSlash(rel)), Mode: 0o644}
		if d.IsDir() {
			f.Mode, f.Dir = 0o755, true
		} else if f.Data, err = os.ReadFile(p); err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	return files, err
}

// built is one image written to a layout and read back.
type built struct {
	spec spec
	dir  string
	img  image
}

// buildAll writes every image into out/NAME from the binaries in binDir
// and reads each back through verify.
func buildAll(out string, o options, binaries string, web []file) ([]built, error) {
	base, err := baseLayer(o.Created)
	if err != nil {
		return nil, err
	}
	var res []built
	for _, s := range specs {
		bin, err := os.ReadFile(filepath.Join(binaries, s.Name))
		if err != nil {
			return nil, err
		}
		files := []file{{Path: s.entrypoint(), Mode: 0o755, Data: bin}}
		if s.Web {
			files = append(files, web...)
		}
		app, err := buildLayer(files, o.Created)
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(out, s.Name)
		if _, err := writeImage(dir, imageConfigFor(s, o), []layer{base, app}, annotations(s, o), o.Version); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		img, err := readImage(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: read back: %w", s.Name, err)
		}
		if err := verify(s, o, img); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		res = append(res, built{spec: s, dir: dir, img: img})
	}
	return res, nil
}

// baseLayer holds what every image shares: the Mozilla CA bundle (from the
// pinned golang.org/x/crypto/x509roots/fallback module; roots that carry
// usage constraints are left out, as a PEM file cannot express them), the
// Go toolchain's time-zone database, and a world-writable /tmp.
func baseLayer(mtime time.Time) (layer, error) {
	var pemBuf bytes.Buffer
	for r := range bundle.Roots() {
		if r.Constraint != nil {
			continue
		}
		if err := pem.Encode(&pemBuf, &pem.Block{Type: "CERTIFICATE", Bytes: r.Certificate}); err != nil {
			return layer{}, err
		}
	}
	files := []file{{Path: caFile, Mode: 0o644, Data: pemBuf.Bytes()}, {Path: "/tmp", Mode: 0o1777, Dir: true}}
	zones, err := zoneinfo()
	if err != nil {
		return layer{}, err
	}
	return buildLayer(append(files, zones...), mtime)
}

// zoneinfo unpacks $GOROOT/lib/time/zoneinfo.zip under zoneDir.
func zoneinfo() ([]file, error) {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	zr, err := zip.OpenReader(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "time", "zoneinfo.zip"))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	var files []file
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		_, err = b.ReadFrom(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		files = append(files, file{Path: path.Join(zoneDir, zf.Name), Mode: 0o644, Data: b.Bytes()})
	}
	return files, nil
}

func annotations(s spec, o options) map[string]string {
	return map[string]string{
		"org.opencontainers.image.title":    s.Name,
		"org.opencontainers.image.version":  o.Version,
		"org.opencontainers.image.revision": o.Revision,
		"org.opencontainers.image.source":   o.Source,
		"org.opencontainers.image.created":  o.Created.Format(time.RFC3339),
	}
}

func imageConfigFor(s spec, o options) imageConfig {
	created := o.Created.Format(time.RFC3339)
	ports := map[string]struct{}{}
	for _, p := range s.Ports {
		ports[strconv.Itoa(p)+"/tcp"] = struct{}{}
	}
	env := append([]string{"PATH=" + binDir, "SSL_CERT_FILE=" + caFile}, s.Env...)
	return imageConfig{
		Created: created, Architecture: o.Arch, OS: "linux",
		Config: runConfig{
			User:         fmt.Sprintf("%d:%d", uid, uid),
			Entrypoint:   []string{s.entrypoint()},
			Env:          env,
			WorkingDir:   "/",
			ExposedPorts: ports,
			Labels:       annotations(s, o),
		},
		History: []historyEl{
			{Created: created, CreatedBy: "scripts/images: CA certificates, time-zone data, /tmp"},
			{Created: created, CreatedBy: "scripts/images: " + s.Package},
		},
	}
}

// verify checks what an operator relies on in a built image: a numeric
// non-root user, the entrypoint is this spec's binary and a static
// executable, nothing in the image beyond the binary (and the web app),
// the CA bundle and the time-zone data, and the version labels.
func verify(s spec, o options, img image) error {
	c := img.Config.Config
	user, group, ok := strings.Cut(c.User, ":")
	u, err := strconv.Atoi(user)
	if !ok || err != nil || u == 0 {
		return fmt.Errorf("user %q is not a numeric non-root uid:gid", c.User)
	}
	if g, err := strconv.Atoi(group); err != nil || g == 0 {
		return fmt.Errorf("group %q is not a numeric non-root gid", group)
	}
	if len(c.Entrypoint) != 1 || c.Entrypoint[0] != s.entrypoint() {
		return fmt.Errorf("entrypoint %q, want [%s]", c.Entrypoint, s.entrypoint())
	}
	bin, ok := img.Files[s.entrypoint()]
	if !ok || bin.Dir || bin.Mode&0o111 == 0 {
		return fmt.Errorf("entrypoint %s is missing or not executable", s.entrypoint())
	}
	if err := staticELF(bin.Data, o.Arch); err != nil {
		return fmt.Errorf("entrypoint %s: %w", s.entrypoint(), err)
	}
	for p, f := range img.Files {
		allowed := f.Dir || p == s.entrypoint() || p == caFile || strings.HasPrefix(p, zoneDir+"/") ||
			(s.Web && strings.HasPrefix(p, webDir+"/"))
		if !allowed {
			return fmt.Errorf("unexpected file %s in the image", p)
		}
	}
	if !bytes.Contains(img.Files[caFile].Data, []byte("BEGIN CERTIFICATE")) {
		return errors.New("no CA certificates")
	}
	if _, ok := img.Files[zoneDir+"/America/Phoenix"]; !ok {
		return errors.New("no time-zone data (America/Phoenix missing)")
	}
	if s.Web {
		if _, ok := img.Files[webDir+"/index.html"]; !ok {
			return fmt.Errorf("no web app at %s", webDir)
		}
	}
	want := annotations(s, o)
	for k, v := range want {
		if img.Manifest.Annotations[k] != v || c.Labels[k] != v {
			return fmt.Errorf("annotation/label %s: manifest %q, config %q, want %q", k, img.Manifest.Annotations[k], c.Labels[k], v)
		}
	}
	return nil
}

// staticELF fails unless b is an executable for arch that needs no dynamic
// loader (CGO_ENABLED=0): the image has no libc.
func staticELF(b []byte, arch string) error {
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("not an ELF executable: %w", err)
	}
	defer f.Close()
	machines := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}
	if m, ok := machines[arch]; ok && f.Machine != m {
		return fmt.Errorf("built for %s, want %s", f.Machine, arch)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return errors.New("dynamically linked (needs a loader the image lacks)")
		}
	}
	return nil
}

// valuesFile pins the chart to these images by digest.
func valuesFile(o options, images []built) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# Written by `make images` for %s (%s): pins each image by digest.\n", o.Version, o.Revision)
	fmt.Fprintf(&b, "# helm upgrade --install … -f values-prod.yaml -f this-file\nimage:\n  tag: %q\n", o.Version)
	sorted := append([]built(nil), images...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].spec.Name < sorted[j].spec.Name })
	for _, x := range sorted {
		fmt.Fprintf(&b, "%s:\n  image:\n    digest: %q\n", x.spec.Name, x.img.Digest)
	}
	return []byte(b.String())
}

func humanSize(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The OCI media types this program writes and reads.
const (
	mediaTypeIndex    = "application/vnd.oci.image.index.v1+json"
	mediaTypeManifest = "application/vnd.oci.image.manifest.v1+json"
	mediaTypeConfig   = "application/vnd.oci.image.config.v1+json"
	mediaTypeLayer    = "application/vnd.oci.image.layer.v1.tar+gzip"
	annotationRefName = "org.opencontainers.image.ref.name"
)

// descriptor is an OCI content descriptor.
type descriptor struct {
	MediaType   string            `json:"mediaType"`
	Digest      string            `json:"digest"`
	Size        int64             `json:"size"`
	Annotations map[string]string `json:"annotations,omitempty"`
	Platform    *platform         `json:"platform,omitempty"`
}

type platform struct {
	Architecture string `json:"architecture"`
	OS           string `json:"os"`
}

type manifest struct {
	SchemaVersion int               `json:"schemaVersion"`
	MediaType     string            `json:"mediaType"`
	Config        descriptor        `json:"config"`
	Layers        []descriptor      `json:"layers"`
	Annotations   map[string]string `json:"annotations,omitempty"`
}

type index struct {
	SchemaVersion int          `json:"schemaVersion"`
	MediaType     string       `json:"mediaType"`
	Manifests     []descriptor `json:"manifests"`
}

// imageConfig is the OCI image configuration (what a runtime executes).
type imageConfig struct {
	Created      string      `json:"created"`
	Architecture string      `json:"architecture"`
	OS           string      `json:"os"`
	Config       runConfig   `json:"config"`
	RootFS       rootFS      `json:"rootfs"`
	History      []historyEl `json:"history"`
}

type runConfig struct {
	User         string              `json:"User"`
	Entrypoint   []string            `json:"Entrypoint"`
	Env          []string            `json:"Env"`
	WorkingDir   string              `json:"WorkingDir"`
	ExposedPorts map[string]struct{} `json:"ExposedPorts,omitempty"`
	Labels       map[string]string   `json:"Labels,omitempty"`
}

type rootFS struct {
	Type    string   `json:"type"`
	DiffIDs []string `json:"diff_ids"`
}

type historyEl struct {
	Created   string `json:"created"`
	CreatedBy string `json:"created_by"`
}

// file is one entry of a layer. Mode carries the permission bits; a Dir has
// no Data.
type file struct {
	Path string // absolute, slash-separated
	Mode int64
	Dir  bool
	Data []byte
}

// layer is a built, compressed layer.
type layer struct {
	blob   []byte // tar+gzip
	diffID string // digest of the uncompressed tar
}

// buildLayer writes files as a reproducible tar+gzip: entries sorted by
// path, owned by root, stamped with mtime, missing parent directories added.
func buildLayer(files []file, mtime time.Time) (layer, error) {
	all := withParents(files)
	var raw bytes.Buffer
	tw := tar.NewWriter(&raw)
	for _, f := range all {
		name := strings.TrimPrefix(f.Path, "/")
		hdr := &tar.Header{Name: name, Mode: f.Mode, ModTime: mtime, Format: tar.FormatPAX, Uname: "root", Gname: "root"}
		if f.Dir {
			hdr.Typeflag, hdr.Name = tar.TypeDir, name+"/"
		} else {
			hdr.Typeflag, hdr.Size = tar.TypeReg, int64(len(f.Data))
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return layer{}, err
		}
		if _, err := tw.Write(f.Data); err != nil {
			return layer{}, err
		}
	}
	if err := tw.Close(); err != nil {
		return layer{}, err
	}
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
	if err != nil {
		return layer{}, err
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return layer{}, err
	}
	if err := zw.Close(); err != nil {
		return layer{}, err
	}
	return layer{blob: gz.Bytes(), diffID: digestOf(raw.Bytes())}, nil
}

// withParents returns files plus a 0755 entry for every parent directory
// not listed, sorted by path so the tar is the same on every run.
func withParents(files []file) []file {
	seen := map[string]bool{}
	var out []file
	for _, f := range files {
		seen[f.Path] = true
		out = append(out, f)
	}
	for _, f := range files {
		for dir := path.Dir(f.Path); dir != "/" && !seen[dir]; dir = path.Dir(dir) {
			seen[dir] = true
			out = append(out, file{Path: dir, Mode: 0o755, Dir: true})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func digestOf(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// layout writes blobs into an OCI image layout directory.
type layout struct{ dir string }

func (l layout) putBlob(b []byte) (string, error) {
	d := digestOf(b)
	p := filepath.Join(l.dir, "blobs", "sha256", strings.TrimPrefix(d, "sha256:"))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	return d, os.WriteFile(p, b, 0o644)
}

func (l layout) putJSON(v any) (string, int64, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", 0, err
	}
	d, err := l.putBlob(b)
	return d, int64(len(b)), err
}

// writeImage writes one image (config plus layers) as the only image of a
// fresh OCI layout in dir, tagged ref; it returns the manifest descriptor.
func writeImage(dir string, cfg imageConfig, layers []layer, annotations map[string]string, ref string) (descriptor, error) {
	if err := os.RemoveAll(dir); err != nil {
		return descriptor{}, err
	}
	l := layout{dir: dir}
	m := manifest{SchemaVersion: 2, MediaType: mediaTypeManifest, Annotations: annotations}
	cfg.RootFS = rootFS{Type: "layers"}
	for _, ly := range layers {
		d, err := l.putBlob(ly.blob)
		if err != nil {
			return descriptor{}, err
		}
		m.Layers = append(m.Layers, descriptor{MediaType: mediaTypeLayer, Digest: d, Size: int64(len(ly.blob))})
		cfg.RootFS.DiffIDs = append(cfg.RootFS.DiffIDs, ly.diffID)
	}
	cd, cs, err := l.putJSON(cfg)
	if err != nil {
		return descriptor{}, err
	}
	m.Config = descriptor{MediaType: mediaTypeConfig, Digest: cd, Size: cs}
	md, ms, err := l.putJSON(m)
	if err != nil {
		return descriptor{}, err
	}
	desc := descriptor{MediaType: mediaTypeManifest, Digest: md, Size: ms,
		Annotations: map[string]string{annotationRefName: ref},
		Platform:    &platform{Architecture: cfg.Architecture, OS: cfg.OS}}
	idx, err := json.Marshal(index{SchemaVersion: 2, MediaType: mediaTypeIndex, Manifests: []descriptor{desc}})
	if err != nil {
		return descriptor{}, err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.json"), idx, 0o644); err != nil {
		return descriptor{}, err
	}
	return desc, os.WriteFile(filepath.Join(dir, "oci-layout"), []byte(`{"imageLayoutVersion":"1.0.0"}`), 0o644)
}

// image is an image read back from a layout.
type image struct {
	Digest   string // the manifest's
	Size     int64  // manifest + config + compressed layers
	Manifest manifest
	Config   imageConfig
	Files    map[string]tarEntry // every path of every layer
}

type tarEntry struct {
	Mode int64
	Dir  bool
	Data []byte
}

// readImage reads the single image of the OCI layout in dir, checking every
// blob against its digest.
func readImage(dir string) (image, error) {
	var img image
	var idx index
	if err := readJSON(filepath.Join(dir, "index.json"), &idx); err != nil {
		return img, err
	}
	if len(idx.Manifests) != 1 {
		return img, fmt.Errorf("%s: want one manifest in index.json, got %d", dir, len(idx.Manifests))
	}
	l := layout{dir: dir}
	mb, err := l.blob(idx.Manifests[0].Digest)
	if err != nil {
		return img, err
	}
	img.Digest, img.Size = idx.Manifests[0].Digest, int64(len(mb))
	if err := json.Unmarshal(mb, &img.Manifest); err != nil {
		return img, err
	}
	cb, err := l.blob(img.Manifest.Config.Digest)
	if err != nil {
		return img, err
	}
	img.Size += int64(len(cb))
	if err := json.Unmarshal(cb, &img.Config); err != nil {
		return img, err
	}
	if len(img.Config.RootFS.DiffIDs) != len(img.Manifest.Layers) {
		return img, errors.New("config diff_ids do not match the manifest's layers")
	}
	img.Files = map[string]tarEntry{}
	for i, ld := range img.Manifest.Layers {
		b, err := l.blob(ld.Digest)
		if err != nil {
			return img, err
		}
		img.Size += int64(len(b))
		if err := readLayer(b, img.Config.RootFS.DiffIDs[i], img.Files); err != nil {
			return img, fmt.Errorf("layer %s: %w", ld.Digest, err)
		}
	}
	return img, nil
}

func (l layout) blob(digest string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(l.dir, "blobs", "sha256", strings.TrimPrefix(digest, "sha256:")))
	if err != nil {
		return nil, err
	}
	if got := digestOf(b); got != digest {
		return nil, fmt.Errorf("blob %s has digest %s", digest, got)
	}
	return b, nil
}

func readLayer(blob []byte, diffID string, into map[string]tarEntry) error {
	zr, err := gzip.NewReader(bytes.NewReader(blob))
	if err != nil {
		return err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	if got := digestOf(raw); got != diffID {
		return fmt.Errorf("uncompressed digest %s, config says %s", got, diffID)
	}
	tr := tar.NewReader(bytes.NewReader(raw))
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			return err
		}
		p := "/" + strings.TrimSuffix(hdr.Name, "/")
		into[p] = tarEntry{Mode: hdr.Mode, Dir: hdr.Typeflag == tar.TypeDir, Data: data}
	}
}

func readJSON(p string, v any) error {
	b, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

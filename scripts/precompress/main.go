// Command precompress writes .br and .gz twins of the built web app's text
// files, which the gateway serves by Accept-Encoding (compressing once at
// build time, at the highest levels, instead of on every request).
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".svg": true, ".json": true, ".xml": true, ".txt": true, ".webmanifest": true}

func main() {
	dir := "web/dist"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	n, err := run(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "precompress:", err)
		os.Exit(1)
	}
	fmt.Printf("precompress: %d files\n", n)
}

func run(dir string) (int, error) {
	count := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[strings.ToLower(filepath.Ext(path))] {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) < 512 {
			return err
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		_, _ = zw.Write(data)
		if err := zw.Close(); err != nil {
			return err
		}
		var br bytes.Buffer
		bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
		_, _ = bw.Write(data)
		if err := bw.Close(); err != nil {
			return err
		}
		// A twin that is not smaller is not worth serving.
		if gz.Len() < len(data) {
			if err := os.WriteFile(path+".gz", gz.Bytes(), 0o644); err != nil {
				return err
			}
		}
		if br.Len() < len(data) {
			if err := os.WriteFile(path+".br", br.Bytes(), 0o644); err != nil {
				return err
			}
		}
		count++
		return nil
	})
	return count, err
}

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// servePlain is the third server of the comparison: Go's net/http alone,
// serving nginx's root (the gateway's bytes) from memory with the same
// headers as the gateway — no routing, middleware, metrics or log line. It
// shows what of the gap to nginx is net/http's own cost.
func servePlain(www, addr, headerFile string) error {
	extra := http.Header{}
	if b, err := os.ReadFile(headerFile); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if k, v, ok := strings.Cut(line, ": "); ok {
				extra[k] = []string{v}
			}
		}
	}
	files := map[string][][]byte{}
	err := filepath.WalkDir(www, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel := "/" + filepath.ToSlash(strings.TrimPrefix(p, www+string(filepath.Separator)))
		files[rel] = append(files[rel], b)
		return err
	})
	if err != nil {
		return err
	}
	one := func(v string) []string { return []string{v} }
	type entry struct {
		body                   []byte
		etag, length, encoding []string
	}
	entries := map[string]entry{}
	for name, bs := range files {
		sum := sha256.Sum256(bs[0])
		e := entry{body: bs[0], etag: one(`"` + hex.EncodeToString(sum[:16]) + `"`), length: one(strconv.Itoa(len(bs[0])))}
		switch filepath.Ext(name) {
		case ".gz":
			e.encoding = one("gzip")
		case ".br":
			e.encoding = one("br")
		}
		entries[name] = e
	}
	noCache, vary := one("no-cache"), one("Accept-Encoding")
	types := map[string][]string{}
	for name := range entries {
		ext := filepath.Ext(strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".br"))
		if _, ok := types[ext]; !ok {
			types[ext] = one(mime.TypeByExtension(ext))
		}
	}
	return http.ListenAndServe(addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path
		base, ok := entries[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		e := base
		accept := r.Header.Get("Accept-Encoding")
		if v, ok := entries[name+".br"]; ok && strings.Contains(accept, "br") {
			e = v
		} else if v, ok := entries[name+".gz"]; ok && strings.Contains(accept, "gzip") {
			e = v
		}
		h := w.Header()
		for k, v := range extra {
			h[k] = v
		}
		h["Content-Type"] = types[filepath.Ext(name)]
		h["Cache-Control"] = noCache
		h["Vary"] = vary
		h["Etag"] = e.etag
		h["Content-Length"] = e.length
		if e.encoding != nil {
			h["Content-Encoding"] = e.encoding
		}
		_, _ = w.Write(e.body)
	}))
}

// startPlain runs this program's -serve-plain mode on the servers' CPU.
func startPlain(root, www string, headers http.Header) (*scratch.Proc, string, error) {
	var b strings.Builder
	for k, v := range headers {
		if len(v) > 0 && !map[string]bool{"Date": true, "Content-Length": true, "Content-Type": true, "Content-Encoding": true,
			"Etag": true, "Vary": true, "X-Cache": true, "Cache-Control": true}[k] {
			fmt.Fprintf(&b, "%s: %s\n", k, v[0])
		}
	}
	hf := filepath.Join(root, "plain-headers.txt")
	if err := os.WriteFile(hf, []byte(b.String()), 0o644); err != nil {
		return nil, "", err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	addr := scratch.FreeAddr()
	p, err := scratch.StartProc(filepath.Join(root, "logs"), "plain", self, []string{"-serve-plain", www, "-plain-addr", addr, "-plain-headers", hf},
		nil, scratch.ProcOptions{CPUs: serverCPU})
	if err != nil {
		return nil, "", err
	}
	if err := scratch.WaitFor("the plain net/http server", 15*time.Second, func() bool { return p.Exited() || scratch.HTTPOK("http://"+addr+"/index.html") }); err != nil || p.Exited() {
		p.Kill()
		return nil, "", fmt.Errorf("plain server did not start (%v)", err)
	}
	return p, "http://" + addr, nil
}

// Package encoded holds bytes the gateway serves from memory — filled pages
// and cached API reads — in each encoding a client may accept (identity,
// gzip, brotli), compressed once when they are stored, each with its own
// strong ETag, and sets a response's headers from values made once, so
// serving them allocates nothing.
package encoded

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// BrotliLevel: compression runs while a visitor waits, once per content
// change and page. On 76 KB of HTML, level 6 took about 5 ms and 12 MB of
// scratch memory; level 9 was 1% smaller for 3 times the memory, level 11
// 11% smaller for about 120 ms.
const BrotliLevel = 6

// Variant is one encoding of the bytes.
type Variant struct {
	Body []byte
	// ETag is the variant's strong entity tag, quoted.
	ETag string
	// Header values, made once and shared (see SetHeaders).
	etag, length, encoding []string
	// heads are the variant's response heads, once Prepare made them.
	heads Heads
	// answers keeps the variant's whole 200 answer in a file for the
	// fast lane's sendfile (see Answer); nil for a body under FileMin.
	answers *answers
}

// Heads are a variant's response heads byte for byte as net/http writes
// them for the same header values: the status line and the header fields
// in net/http's order (sorted by name), without the Date field and the
// blank line that end a head (package fastlane adds those as it writes).
type Heads struct {
	OK, NotModified []byte
}

func newVariant(body []byte, etag, encoding string) Variant {
	v := Variant{Body: body, ETag: etag, etag: []string{etag}, length: []string{strconv.Itoa(len(body))}}
	if encoding != "" {
		v.encoding = []string{encoding}
	}
	return v
}

// Set is the bytes in every encoding kept.
type Set struct {
	Raw, Gzip, Brotli Variant
	compressed        bool
	prepared          bool
}

// New compresses body when it has at least minSize bytes (below that
// the identity bytes are served to everyone).
func New(body []byte, minSize int) *Set {
	sum := sha256.Sum256(body)
	tag := hex.EncodeToString(sum[:16])
	s := &Set{Raw: newVariant(body, `"`+tag+`"`, "")}
	if len(body) < minSize {
		return s
	}
	var gz, br bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // a valid level: no error
	_, _ = zw.Write(body)                                   // a bytes.Buffer does not fail
	_ = zw.Close()
	bw := brotli.NewWriterLevel(&br, BrotliLevel)
	_, _ = bw.Write(body)
	_ = bw.Close()
	s.Gzip = newVariant(gz.Bytes(), `"`+tag+`-gz"`, "gzip")
	s.Brotli = newVariant(br.Bytes(), `"`+tag+`-br"`, "br")
	s.compressed = true
	return s
}

// For picks the variant for an Accept-Encoding header: brotli, then gzip,
// then the identity bytes.
func (s *Set) For(acceptEncoding string) *Variant {
	if s.compressed && acceptEncoding != "" {
		switch {
		case AcceptsEncoding(acceptEncoding, "br"):
			return &s.Brotli
		case AcceptsEncoding(acceptEncoding, "gzip"):
			return &s.Gzip
		}
	}
	return &s.Raw
}

// Prepare makes each variant's heads: the headers fixed (the ones every
// answer from the set carries: security headers, type, cache policy) plus
// the variant's own (SetHeaders), for a 200 and for a 304 (which net/http
// sends without Content-Type and Content-Length). Call it before the set
// is shared: a set is read without locks.
func (s *Set) Prepare(fixed http.Header) {
	vs := []*Variant{&s.Raw}
	if s.compressed {
		vs = append(vs, &s.Gzip, &s.Brotli)
	}
	for _, v := range vs {
		var ok, nm bytes.Buffer
		h := fixed.Clone()
		s.SetHeaders(h, v, true)
		ok.WriteString("HTTP/1.1 200 OK\r\n")
		_ = h.Write(&ok) // a bytes.Buffer does not fail
		h = fixed.Clone()
		s.SetHeaders(h, v, false)
		for _, k := range []string{"Content-Type", "Content-Length", "Transfer-Encoding"} {
			delete(h, k)
		}
		nm.WriteString("HTTP/1.1 304 Not Modified\r\n")
		_ = h.Write(&nm)
		v.heads = Heads{OK: ok.Bytes(), NotModified: nm.Bytes()}
	}
	var kept []*answers
	for _, v := range vs {
		if v.answers == nil && len(v.Body) >= FileMin {
			v.answers = &answers{}
			kept = append(kept, v.answers)
		}
	}
	if kept != nil {
		// The last files are closed once nothing can send from them: the
		// lane holds the variant (and so the set) until its send returns.
		runtime.AddCleanup(s, dropAnswers, kept)
	}
	s.prepared = true
}

// Prepared reports whether Prepare made the set's heads.
func (s *Set) Prepared() bool { return s.prepared }

// Heads returns the variant's heads (empty before Prepare).
func (v *Variant) Heads() Heads { return v.heads }

// Compressed reports whether the set has gzip and brotli variants.
func (s *Set) Compressed() bool { return s.compressed }

var varyEncoding = []string{"Accept-Encoding"}

// SetHeaders sets Vary (for a compressed set), Content-Encoding and ETag;
// withLength also Content-Length (not on a 304). The values are shared
// slices of one element under canonical keys: net/http only reads them,
// and an Add elsewhere appends to a full slice, which copies it.
func (s *Set) SetHeaders(h http.Header, v *Variant, withLength bool) {
	if s.compressed {
		if _, ok := h["Vary"]; ok {
			h.Add("Vary", "Accept-Encoding")
		} else {
			h["Vary"] = varyEncoding
		}
	}
	if v.encoding != nil {
		h["Content-Encoding"] = v.encoding
	}
	h["Etag"] = v.etag
	if withLength {
		h["Content-Length"] = v.length
	}
}

// AcceptsEncoding reports whether an Accept-Encoding header accepts token
// by name with a weight above zero (RFC 9110 §12.5.3: "gzip;q=0.5" accepts
// gzip, "gzip;q=0" and "gzip;q=0.000" refuse it). It reads the header in
// place: it runs on every request for a page.
func AcceptsEncoding(header, token string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(part, ";")
		if strings.EqualFold(strings.TrimSpace(name), token) {
			return !zeroWeight(params)
		}
	}
	return false
}

// zeroWeight reports whether a coding's parameters hold q=0 in any of its
// spellings (0, 0., 0.0, 0.00, 0.000).
func zeroWeight(params string) bool {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, ok := strings.Cut(p, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		v = strings.TrimSpace(v)
		return v != "" && v[0] == '0' && strings.TrimLeft(strings.TrimPrefix(v[1:], "."), "0") == ""
	}
	return false
}

// ETagMatch reports whether an If-None-Match header matches etag.
func ETagMatch(header, etag string) bool {
	if header == "" || etag == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "W/"))
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// Size is about how many bytes the set holds: every encoding's body (twice
// where its answer is also kept in a file) and prepared heads, for caches
// bounded in bytes.
func (s *Set) Size() int64 {
	var n int
	for _, v := range []*Variant{&s.Raw, &s.Gzip, &s.Brotli} {
		n += len(v.Body) + len(v.heads.OK) + len(v.heads.NotModified) + len(v.ETag)
		if v.answers != nil {
			n += len(v.heads.OK) + len(v.Body)
		}
	}
	return int64(n)
}

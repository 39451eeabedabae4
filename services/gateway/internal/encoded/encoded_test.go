package encoded

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"
)

func TestSetServesEachEncodingOfTheSameBytes(t *testing.T) {
	body := []byte(strings.Repeat(`{"contentKey":"hero.title","content":"Sewer repair without the trench"},`, 40))
	s := New(body, 1024)
	require.True(t, s.Compressed())

	br := s.For("gzip, deflate, br")
	require.Equal(t, `"`, br.ETag[:1])
	unbr, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br.Body)))
	require.NoError(t, err)
	require.Equal(t, body, unbr)

	gz := s.For("gzip")
	zr, err := gzip.NewReader(bytes.NewReader(gz.Body))
	require.NoError(t, err)
	ungz, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Equal(t, body, ungz)
	require.Less(t, len(gz.Body), len(body)/4)

	require.Same(t, &s.Raw, s.For(""))
	require.Same(t, &s.Raw, s.For("br;q=0, gzip; q=0"))
	require.Same(t, &s.Gzip, s.For("br;q=0, gzip"))
	// Each encoding has its own validator.
	require.NotEqual(t, s.Raw.ETag, gz.ETag)
	require.NotEqual(t, gz.ETag, br.ETag)

	h := http.Header{}
	s.SetHeaders(h, br, true)
	require.Equal(t, "br", h.Get("Content-Encoding"))
	require.Equal(t, br.ETag, h.Get("ETag"))
	require.Equal(t, "Accept-Encoding", h.Get("Vary"))
	require.Equal(t, strconv.Itoa(len(br.Body)), h.Get("Content-Length"))
	// A Vary someone set before is kept, and the shared value is not
	// written into.
	h = http.Header{"Vary": {"Origin"}}
	s.SetHeaders(h, gz, false)
	require.Equal(t, []string{"Origin", "Accept-Encoding"}, h.Values("Vary"))
	require.Empty(t, h.Get("Content-Length"))
	h2 := http.Header{}
	s.SetHeaders(h2, gz, true)
	h2.Add("Vary", "Cookie")
	require.Equal(t, []string{"Accept-Encoding"}, varyEncoding)
}

func TestSmallBytesAreNotCompressed(t *testing.T) {
	s := New([]byte(`{"posts":[]}`), 1024)
	require.False(t, s.Compressed())
	v := s.For("br, gzip")
	require.Same(t, &s.Raw, v)
	h := http.Header{}
	s.SetHeaders(h, v, true)
	require.Empty(t, h.Get("Content-Encoding"))
	require.Empty(t, h.Get("Vary"))
}

func TestETagMatch(t *testing.T) {
	require.True(t, ETagMatch(`"a", W/"b"`, `"b"`))
	require.True(t, ETagMatch(`*`, `"b"`))
	require.False(t, ETagMatch(`"a"`, `"b"`))
	require.False(t, ETagMatch(``, `"b"`))
}

func TestAcceptsEncodingWeights(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip":                    true,
		"GZIP":                    true,
		"deflate, gzip;q=0.5":     true, // a weight that starts with 0 is not zero
		"gzip;q=0.001":            true,
		"gzip; q = 1":             true,
		"gzip;level=1;q=0.8":      true,
		"gzip;q=0":                false,
		"gzip; q=0.0":             false,
		"gzip;Q=0.000":            false,
		"gzip;q=0.":               false,
		"br, x-gzip":              false,
		"gzipx":                   false,
		"":                        false,
		" , ,gzip":                true,
		"identity;q=0.9, *;q=0.1": false, // "*" is not read: identity is always safe to send
	} {
		require.Equal(t, want, AcceptsEncoding(header, "gzip"), "%q", header)
	}
	require.Zero(t, testing.AllocsPerRun(100, func() { AcceptsEncoding("deflate, gzip;q=0.5, br;q=0.9", "br") }))
}

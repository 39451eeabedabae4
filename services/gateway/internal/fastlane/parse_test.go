package fastlane

import (
	"bufio"
	"bytes"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseAcceptsOnlyThePlainestRequests(t *testing.T) {
	ok := "GET /blog/clay-pipes?utm_source=mail HTTP/1.1\r\nHost: example.com:8080\r\nUser-Agent: Mozilla/5.0 (X11)\r\n" +
		"Accept-Encoding: gzip, deflate, br\r\nIf-None-Match:  \"abc-br\" \r\nConnection: Keep-Alive\r\n\r\n"
	req, good := parse([]byte(ok))
	require.True(t, good)
	require.Equal(t, request{path: "/blog/clay-pipes", query: "utm_source=mail", acceptEncoding: "gzip, deflate, br", ifNoneMatch: `"abc-br"`}, req)
	req, good = parse([]byte("HEAD / HTTP/1.1\r\nhost: x\r\n\r\n"))
	require.True(t, good)
	require.True(t, req.head)
	require.Equal(t, "HEAD", req.method())
	// A trailing slash, as net/http's mux keeps it (the Spanish home page is /es/): the lane's source decides.
	req, good = parse([]byte("GET /es/ HTTP/1.1\r\nHost: x\r\n\r\n"))
	require.True(t, good)
	require.Equal(t, "/es/", req.path)

	for _, bad := range []string{
		"POST / HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET / HTTP/1.0\r\nHost: x\r\n\r\n",
		"GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET * HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a%20b HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET //x HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a/./b HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a/.. HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a// HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a//b/ HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a#b HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /a?b=\"c\" HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET / HTTP/1.1\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nHost: x\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nAccept-Encoding: br\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"a\"\r\nif-none-match: \"b\"\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nConnection: upgrade\r\nUpgrade: h2c\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nCOOKIE: s=1\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Basic eA==\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\n Folded: yes\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nBad Name: yes\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\n: empty\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nX: a\x00b\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n",
		"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
	} {
		_, good := parse([]byte(bad))
		require.False(t, good, "%q", bad)
	}
}

func TestFindHead(t *testing.T) {
	for in, want := range map[string]struct {
		end   int
		plain bool
	}{
		"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET": {27, true},
		"GET / HTTP/1.1\r\nHost: x\r\n":        {-1, true},
		"GET / HTTP/1.1\r\nHost: x\r\n\r":      {-1, true},
		"GET / HTTP/1.1\nHost: x\n\n":          {-1, false},
		"GET / HTTP/1.1\r\nHost: x\n\r\n":      {-1, false},
		"\r\n\r\n":                             {4, true},
		"":                                     {-1, true},
	} {
		end, plain := findHead([]byte(in))
		require.Equal(t, want.end, end, "%q", in)
		require.Equal(t, want.plain, plain, "%q", in)
	}
}

// FuzzParse: whatever head the lane accepts, net/http reads the same way
// — the same method, path, query, Host and the two headers the lane
// answers by, no body, kept alive — and to the same length.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
		"HEAD /blog/a-b?x=1&y=%7 HTTP/1.1\r\nHost: [::1]:80\r\nAccept-Encoding: br;q=0, gzip\r\nIf-None-Match: W/\"x\"\r\n\r\n",
		"GET /api/blog-posts?limit=3 HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nUser-Agent: \xff\xfe\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: x\r\nX:\t\r\n\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		end, plain := findHead(b)
		if !plain || end < 0 {
			return
		}
		req, ok := parse(b[:end])
		if !ok {
			return
		}
		br := bufio.NewReader(bytes.NewReader(b[:end]))
		r, err := http.ReadRequest(br)
		if err != nil {
			t.Fatalf("the lane accepts %q, net/http refuses it: %v", b[:end], err)
		}
		if br.Buffered() != 0 {
			t.Fatalf("net/http read %d bytes less of %q", br.Buffered(), b[:end])
		}
		if r.Method != req.method() || r.URL.Path != req.path || r.URL.RawQuery != req.query {
			t.Fatalf("%q: net/http reads %s %q ? %q, the lane %s %q ? %q", b[:end], r.Method, r.URL.Path, r.URL.RawQuery, req.method(), req.path, req.query)
		}
		if r.Header.Get("Accept-Encoding") != req.acceptEncoding || r.Header.Get("If-None-Match") != req.ifNoneMatch {
			t.Fatalf("%q: headers differ: %q %q", b[:end], r.Header.Get("Accept-Encoding"), r.Header.Get("If-None-Match"))
		}
		if r.Host == "" || r.ContentLength != 0 || len(r.TransferEncoding) != 0 || r.Close || r.ProtoMinor != 1 || len(r.Header.Values("Cookie")) != 0 {
			t.Fatalf("%q: net/http reads host %q, length %d, te %v, close %v, HTTP/1.%d", b[:end], r.Host, r.ContentLength, r.TransferEncoding, r.Close, r.ProtoMinor)
		}
	})
}

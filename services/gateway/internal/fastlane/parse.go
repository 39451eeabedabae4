package fastlane

import (
	"bytes"
)

// request is what the lane reads of a request head it can answer.
type request struct {
	head                        bool // HEAD, else GET
	path, query                 string
	acceptEncoding, ifNoneMatch string
}

func (r *request) method() string {
	if r.head {
		return "HEAD"
	}
	return "GET"
}

// findHead returns the length of the request head at the start of b (up
// to and with its blank line), or -1 when b does not hold all of it yet;
// plain is false when a line ends with a bare LF.
func findHead(b []byte) (end int, plain bool) {
	from := 0
	for {
		i := bytes.IndexByte(b[from:], '\n')
		if i < 0 {
			return -1, true
		}
		i += from
		if i == 0 || b[i-1] != '\r' {
			return -1, false
		}
		if i >= 3 && b[i-2] == '\n' {
			return i + 1, true
		}
		from = i + 1
	}
}

// parse reads a request head that ends with CRLF CRLF. It accepts only
// what it can answer exactly as net/http would, and nothing net/http would
// read differently: HTTP/1.1; GET or HEAD; an origin-form target of plain
// characters (no percent-encoding, no dot segments, no empty segments);
// exactly one Host of plain characters; no body (no Content-Length or
// Transfer-Encoding); no cookie or credentials (sessions are net/http's);
// no Range, Expect, Upgrade, conditional other than If-None-Match, or
// Connection other than keep-alive; at most one Accept-Encoding and one
// If-None-Match; every header name a token and every value visible
// characters, spaces and tabs. Anything else is false.
func parse(h []byte) (request, bool) {
	var req request
	line, rest, _ := bytes.Cut(h, crlf)
	switch {
	case bytes.HasPrefix(line, []byte("GET ")):
		line = line[4:]
	case bytes.HasPrefix(line, []byte("HEAD ")):
		req.head = true
		line = line[5:]
	default:
		return req, false
	}
	target, ok := bytes.CutSuffix(line, []byte(" HTTP/1.1"))
	if !ok || !cleanTarget(target) {
		return req, false
	}
	path, query, _ := bytes.Cut(target, []byte("?"))
	hosts := 0
	var ae, inm int
	for len(rest) > 2 {
		var field []byte
		field, rest, _ = bytes.Cut(rest, crlf)
		colon := bytes.IndexByte(field, ':')
		if colon <= 0 || !isToken(field[:colon]) {
			return req, false
		}
		name, value := field[:colon], bytes.Trim(field[colon+1:], " \t")
		if !isFieldValue(value) {
			return req, false
		}
		switch {
		case fold(name, "host"):
			if hosts++; hosts > 1 || !plainHost(value) {
				return req, false
			}
		case fold(name, "accept-encoding"):
			if ae++; ae > 1 {
				return req, false
			}
			req.acceptEncoding = string(value)
		case fold(name, "if-none-match"):
			if inm++; inm > 1 {
				return req, false
			}
			req.ifNoneMatch = string(value)
		case fold(name, "connection"):
			if !fold(value, "keep-alive") {
				return req, false
			}
		case fold(name, "content-length"), fold(name, "transfer-encoding"), fold(name, "cookie"),
			fold(name, "authorization"), fold(name, "expect"), fold(name, "upgrade"), fold(name, "range"),
			fold(name, "if-range"), fold(name, "if-match"), fold(name, "http2-settings"), fold(name, "trailer"):
			return req, false
		}
	}
	if hosts != 1 || len(rest) != 2 {
		return req, false
	}
	req.path, req.query = string(path), string(query)
	return req, true
}

var crlf = []byte("\r\n")

// fold reports whether b is s in any case (s is lower case).
func fold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// Character classes, by byte.
var (
	tchar     [256]bool // RFC 9110 token
	pathChar  [256]bool // unreserved, sub-delims, ':', '@', '/'
	hostChar  [256]bool
	queryChar [256]bool // pathChar and '?'
)

func init() {
	set := func(t *[256]bool, s string) {
		for i := range len(s) {
			t[s[i]] = true
		}
	}
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	set(&tchar, alnum+"!#$%&'*+-.^_`|~")
	set(&pathChar, alnum+"-._~!$&'()*+,;=:@/")
	set(&queryChar, alnum+"-._~!$&'()*+,;=:@/?")
	set(&hostChar, alnum+"-._:[]")
}

func isToken(b []byte) bool {
	for _, c := range b {
		if !tchar[c] {
			return false
		}
	}
	return true
}

// isFieldValue: visible characters, obs-text, spaces and tabs.
func isFieldValue(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

func plainHost(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !hostChar[c] {
			return false
		}
	}
	return true
}

// cleanTarget: an absolute path of plain characters with no empty or dot
// segment (but for a trailing slash, which net/http's mux keeps as it is:
// the Spanish home page's address is /es/), and an optional query of plain
// characters.
func cleanTarget(t []byte) bool {
	if len(t) == 0 || t[0] != '/' {
		return false
	}
	path, query, _ := bytes.Cut(t, []byte("?"))
	for _, c := range path {
		if !pathChar[c] {
			return false
		}
	}
	for _, c := range query {
		if !queryChar[c] {
			return false
		}
	}
	if len(path) == 1 {
		return true
	}
	path = bytes.TrimSuffix(path, []byte("/"))
	for seg := range bytes.SplitSeq(path[1:], []byte("/")) {
		if len(seg) == 0 || bytes.Equal(seg, []byte(".")) || bytes.Equal(seg, []byte("..")) {
			return false
		}
	}
	return true
}

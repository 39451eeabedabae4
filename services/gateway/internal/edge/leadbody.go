package edge

import (
	"bytes"
	"io"
	"net/http"
	"unicode/utf16"
	"unicode/utf8"
)

// leadPath is the public lead submission, whose text is repaired rather
// than refused: a lead is never lost to a character the visitor did not
// see (the contact service drops NULs the same way).
const leadPath = "/api/contact"

// repairedLeadBody serves next with a POST /api/contact body made
// repairJSONText of it. A body that cannot be read whole (over the cap,
// or cut off) is left to fail as it would have: what was read is put back
// ahead of the error.
func repairedLeadBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Body != nil {
			b, err := io.ReadAll(r.Body)
			if err != nil {
				r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(b), errReader{err}))
			} else {
				b = repairJSONText(b)
				r.Body = io.NopCloser(bytes.NewReader(b))
				r.ContentLength = int64(len(b))
			}
		}
		next.ServeHTTP(w, r)
	})
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// repairJSONText returns a JSON text with what protojson refuses in a
// string, but a browser sends, made U+FFFD: an unpaired UTF-16 surrogate
// escape (JSON.stringify writes "\ud83d" for a string cut in the middle of
// an emoji, as the web app's 200-character attribution cap did), and any
// byte that is not UTF-8. Each refused the whole lead (400) for a
// character no one typed. Escapes are rewritten in place (\ud83d and
// \ufffd are the same length); anything else is left as it is.
func repairJSONText(b []byte) []byte {
	if !utf8.Valid(b) {
		b = bytes.ToValidUTF8(b, []byte("\uFFFD"))
	} else {
		b = bytes.Clone(b)
	}
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\' && i+1 < len(b):
			r, ok := escapedUnit(b[i:])
			if !ok {
				i++ // a one-character escape: skip what it escapes
				continue
			}
			switch {
			case utf16.IsSurrogate(r) && r < 0xdc00: // a high surrogate
				if lo, ok := escapedUnit(b[i+6:]); ok && lo >= 0xdc00 && lo <= 0xdfff {
					i += 11 // a pair: both escapes stay
					continue
				}
				copy(b[i:], `\ufffd`)
			case utf16.IsSurrogate(r): // a low surrogate with no high one before it
				copy(b[i:], `\ufffd`)
			}
			i += 5
		}
	}
	return b
}

// escapedUnit reads a \uXXXX escape at the start of b.
func escapedUnit(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range b[2:6] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

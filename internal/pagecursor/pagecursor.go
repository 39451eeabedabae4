// Package pagecursor is the one encoding of keyset-paging cursors (page
// tokens): the last row's sort key, its fields joined by "|" and base64url
// encoded without padding. A cursor is opaque to clients but never
// trusted: Decode checks its shape, the store checks what each field must
// be (a time, an id, an order's name) and answers its own ErrBadCursor.
package pagecursor

import (
	"encoding/base64"
	"errors"
	"strings"
	"time"
)

// ErrMalformed is a cursor that is not n fields encoded by Encode.
var ErrMalformed = errors.New("malformed page cursor")

const sep = "|"

var enc = base64.RawURLEncoding

// Encode returns the cursor of a row whose sort key is fields. At most one
// field may hold "|" (a title, an object key): the one Decode is told is
// free.
func Encode(fields ...string) string {
	return enc.EncodeToString([]byte(strings.Join(fields, sep)))
}

// Decode returns the n fields of cursor. The fields before fields[free] are
// split off its front and those after it off its back, so only that one may
// hold "|": a title sort key in the middle, an object key at the end.
func Decode(cursor string, n, free int) ([]string, error) {
	raw, err := enc.DecodeString(cursor)
	if err != nil || n < 1 || free < 0 || free >= n {
		return nil, ErrMalformed
	}
	s := string(raw)
	fields := make([]string, n)
	for i := range free {
		var ok bool
		if fields[i], s, ok = strings.Cut(s, sep); !ok {
			return nil, ErrMalformed
		}
	}
	for i := n - 1; i > free; i-- {
		cut := strings.LastIndex(s, sep)
		if cut < 0 {
			return nil, ErrMalformed
		}
		s, fields[i] = s[:cut], s[cut+len(sep):]
	}
	fields[free] = s
	return fields, nil
}

// Time is t as a cursor field: RFC 3339 to the nanosecond, in UTC.
func Time(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// ParseTime reads a field Time wrote.
func ParseTime(field string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, field)
	if err != nil {
		return time.Time{}, ErrMalformed
	}
	return t, nil
}

// EncodeTime is the cursor of the commonest sort key: a time, then what
// breaks its ties (an id, an object key).
func EncodeTime(t time.Time, tie string) string { return Encode(Time(t), tie) }

// DecodeTime reads a cursor EncodeTime made. The tie may hold "|"; the
// caller checks that it is the kind of value it expects.
func DecodeTime(cursor string) (time.Time, string, error) {
	f, err := Decode(cursor, 2, 1)
	if err != nil {
		return time.Time{}, "", err
	}
	t, err := ParseTime(f[0])
	if err != nil {
		return time.Time{}, "", err
	}
	return t, f[1], nil
}

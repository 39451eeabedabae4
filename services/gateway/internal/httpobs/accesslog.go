package httpobs

import (
	"context"
	"io"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel/trace"
)

// AccessLog writes the per-request line: one JSON object in the shape of
// the services' slog records ("time", "level", "msg", "service", then the
// request's fields, and the trace ids when the request has a span). It is
// appended by hand into a reused buffer: slog's JSON handler cost a twentieth
// of serving a page.
type AccessLog struct {
	Service string
	// Out gets one Write per line (a logging.LineBuffer batches them).
	Out io.Writer
}

var lineBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

func (l *AccessLog) write(ctx context.Context, at time.Time, method, path string, status int, bytes int64, took time.Duration) {
	bp := lineBufs.Get().(*[]byte)
	b := (*bp)[:0]
	b = append(b, `{"time":"`...)
	b = at.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"INFO","msg":"request","service":`...)
	b = appendJSONString(b, l.Service)
	b = append(b, `,"method":`...)
	b = appendJSONString(b, method)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, path)
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, bytes, 10)
	b = append(b, `,"ms":`...)
	b = strconv.AppendFloat(b, float64(took.Microseconds())/1000, 'f', -1, 64)
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		b = append(b, `,"trace_id":"`...)
		b = append(b, sc.TraceID().String()...)
		b = append(b, `","span_id":"`...)
		b = append(b, sc.SpanID().String()...)
		b = append(b, '"')
	}
	b = append(b, "}\n"...)
	_, _ = l.Out.Write(b)
	*bp = b
	lineBufs.Put(bp)
}

const hex = "0123456789abcdef"

// appendJSONString appends s as a JSON string, escaped as encoding/json
// does (invalid UTF-8 becomes U+FFFD).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

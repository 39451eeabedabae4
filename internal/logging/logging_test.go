package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace"
)

func TestRecordsCarryTraceIDs(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	log := NewWithWriter("content", &buf, slog.LevelInfo)
	tid, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	sid, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithSpanContext(context.Background(), trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: trace.FlagsSampled}))
	log.InfoContext(ctx, "hello", "n", 1)
	log.Debug("hidden")

	var rec map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &rec), buf.String())
	require.Equal(t, "content", rec["service"])
	require.Equal(t, "4bf92f3577b34da6a3ce929d0e0e4736", rec["trace_id"])
	require.Equal(t, "00f067aa0ba902b7", rec["span_id"])
	require.Equal(t, 1, bytes.Count(buf.Bytes(), []byte("\n")), "debug must be filtered at info level")
}

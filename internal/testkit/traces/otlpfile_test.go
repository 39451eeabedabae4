package traces

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// testdata/collector-file-export.jsonl is what scripts/otelcol's file
// exporter wrote for three spans of two traces sent by the OpenTelemetry
// SDK over OTLP/gRPC (a server span, its failed client child with two
// events, and a consumer span in another trace linking to the server
// span), followed by the start of a line still being written.
func TestFileReadsTheCollectorsExport(t *testing.T) {
	f := File{Path: "testdata/collector-file-export.jsonl"}
	ctx := context.Background()

	found, err := f.Find(ctx, Query{Service: "contact", Operation: "INSERT contact.submissions",
		Tags: map[string]string{"trenchless.lead.id": "lead-1"}})
	require.NoError(t, err, "a half-written last line is left for the next read")
	require.Len(t, found, 1)
	tr, err := f.Get(ctx, found[0].ID)
	require.NoError(t, err)
	require.Len(t, tr.Spans, 2)

	root, insert := tr.Named("contact", "POST /api/contact")[0], tr.Named("contact", "INSERT contact.submissions")[0]
	require.Empty(t, root.Parent())
	require.Equal(t, root.SpanID, insert.Parent())
	require.Equal(t, "server", root.Attrs["span.kind"])
	require.Equal(t, "200", root.Attrs["http.response.status_code"], "an int attribute as Jaeger prints it")
	require.Equal(t, "client", insert.Attrs["span.kind"])
	require.Equal(t, "ERROR", insert.Attrs["otel.status_code"])
	require.Equal(t, "true", insert.Attrs["cached"])
	require.Equal(t, "0.5", insert.Attrs["ratio"])
	require.Equal(t, []string{"batch write began", "exception"}, insert.Events)
	require.Positive(t, root.Duration)
	require.True(t, root.Start.Before(insert.Start), "spans in start order")

	linked, err := f.Find(ctx, Query{Service: "contact", Operation: "process leads.submitted"})
	require.NoError(t, err)
	require.Len(t, linked, 1)
	consumer := linked[0].Spans[0]
	require.Equal(t, "consumer", consumer.Attrs["span.kind"])
	require.Equal(t, []Ref{{Type: "FOLLOWS_FROM", TraceID: root.TraceID, SpanID: root.SpanID}}, consumer.Links())

	none, err := f.Find(ctx, Query{Service: "contact", Tags: map[string]string{"trenchless.lead.id": "another"}})
	require.NoError(t, err)
	require.Empty(t, none)
	_, err = f.Get(ctx, "00000000000000000000000000000000")
	require.Error(t, err)
	missing, err := File{Path: "testdata/none.jsonl"}.Find(ctx, Query{Service: "contact"})
	require.NoError(t, err, "nothing exported yet")
	require.Empty(t, missing)
}

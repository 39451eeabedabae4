package cloudevents

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"
)

func TestHeadersAreTheBindingsAttributes(t *testing.T) {
	at := time.Date(2026, 11, 28, 4, 5, 6, 789, time.FixedZone("MST", -7*3600))
	h := nats.Header{"traceparent": {"kept"}}
	Event{ID: "l1", Source: SourceContact, Subject: "leads.submitted", About: "l1", Time: at}.Set(h)
	require.Equal(t, nats.Header{
		"traceparent":    {"kept"},
		"ce-specversion": {"1.0"},
		"ce-id":          {"l1"},
		"ce-source":      {"/trenchless/contact"},
		"ce-type":        {"com.valleytrenchless.leads.submitted"},
		"ce-time":        {"2026-11-28T11:05:06.000000789Z"},
		"ce-subject":     {"l1"},
		"content-type":   {"application/json"},
	}, h, "lower-case names as written, the time in UTC")
	require.NotContains(t, Event{ID: "x", Source: SourceContent, Subject: "content.changed", Time: at}.Headers(), HeaderSubject,
		"no subject attribute when the event has none")
}

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"
)

// spec7Payloads are SPEC §7's two contact payloads, verbatim, as the
// contact service's own tests read them.
func spec7Payloads(t *testing.T) (home, contactPage map[string]any) {
	t.Helper()
	raw, err := os.ReadFile("../services/contact/internal/contactgrpc/testdata/spec7-payloads.json")
	require.NoError(t, err)
	var both map[string]map[string]any
	require.NoError(t, json.Unmarshal(raw, &both))
	return both["home"], both["contact"]
}

// leadEvents reads every leads.submitted message on the stack's LEADS
// stream, by lead id.
func leadEvents(t *testing.T, natsURL string, want int) map[string]map[string]any {
	t.Helper()
	nc, err := nats.Connect(natsURL)
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cons, err := js.OrderedConsumer(ctx, "LEADS", jetstream.OrderedConsumerConfig{FilterSubjects: []string{"leads.submitted"}})
	require.NoError(t, err)
	out := map[string]map[string]any{}
	for len(out) < want {
		m, err := cons.Next(jetstream.FetchMaxWait(10 * time.Second))
		require.NoError(t, err, "waiting for %d lead events, have %d", want, len(out))
		var ev struct {
			Lead map[string]any `json:"lead"`
		}
		require.NoError(t, json.Unmarshal(m.Data(), &ev))
		out[ev.Lead["id"].(string)] = ev.Lead
	}
	return out
}

// TestIntakeKeepsEveryLeadThroughTheEdge sends SPEC §7's payloads verbatim
// and issue 16's optional values over HTTP, then reads each lead back as
// staff see it (the inbox API) and as other systems do (the LEADS stream).
func TestIntakeKeepsEveryLeadThroughTheEdge(t *testing.T) {
	t.Parallel()
	st := startStack(t, "GATEWAY_TRUSTED_PROXY_HEADER=X-Forwarded-For")
	staff := signedInStaff(t, st)

	home, contactPage := spec7Payloads(t)
	with := func(base map[string]any, k string, v any) map[string]any {
		out := map[string]any{}
		for key, val := range base {
			out[key] = val
		}
		out[k] = v
		return out
	}
	cases := []struct {
		name    string
		payload map[string]any
		want    map[string]any
	}{
		{"SPEC §7 home payload", home, map[string]any{"formVariant": "home", "city": "phoenix", "homeAge": "pre-1980", "urgency": "this-week"}},
		{"SPEC §7 /contact payload", contactPage, map[string]any{"formVariant": "contact", "city": "", "issues": []any{}, "hasVideo": false}},
		{"Tempe", with(home, "city", "Tempe"), map[string]any{"city": "tempe"}},
		{"Phoenix, AZ", with(contactPage, "city", "Phoenix, AZ"), map[string]any{"city": "phoenix", "formVariant": "contact"}},
		{"Cave Creek", with(home, "city", "Cave Creek"), map[string]any{"city": "Cave Creek"}},
		{"unlisted issue", with(home, "issues", []any{"Tree roots in the yard", "Slow drainage"}),
			map[string]any{"issues": []any{"Tree roots in the yard", "slow-drainage"}}},
		{"1950s", with(home, "homeAge", "1950s"), map[string]any{"homeAge": "1950s"}},
	}
	ids := map[string]string{}
	for i, c := range cases {
		c.payload["email"] = fmt.Sprintf("edge%d@example.com", i)
		anon := newClient(t, st.base)
		body, err := json.Marshal(c.payload)
		require.NoError(t, err)
		req := fmt.Sprintf("10.0.0.%d", i+1) // each its own visitor: the per-IP limit is not under test
		code, raw, _ := anon.do("POST", "/api/contact", "application/json", bytes.NewReader(body), "X-Forwarded-For", req)
		require.Equal(t, 200, code, "%s: %s", c.name, raw)
		var sent map[string]any
		require.NoError(t, json.Unmarshal(raw, &sent))
		ids[c.name] = sent["id"].(string)
	}

	events := leadEvents(t, st.natsURL, len(cases))
	for _, c := range cases {
		code, lead := staff.json("GET", "/api/contact-submissions/"+ids[c.name], nil)
		require.Equal(t, 200, code, c.name)
		ev := events[ids[c.name]]
		require.NotNil(t, ev, "%s: published on LEADS", c.name)
		for k, v := range c.want {
			require.Equal(t, v, lead[k], "%s: %s in the inbox", c.name, k)
			got, ok := ev[k]
			if r := reflect.ValueOf(v); !ok && (r.IsZero() || r.Kind() == reflect.Slice && r.Len() == 0) {
				continue // the event's JSON leaves out empty fields
			}
			require.Equal(t, v, got, "%s: %s in the event", c.name, k)
		}
	}
}

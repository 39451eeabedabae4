package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The Node example consumer (examples/node) takes real leads from the
// product's LEADS stream: sent through the API, stored, published by the
// outbox, then read by a durable pull consumer with explicit ack, checked
// against the contract (docs/asyncapi.yaml), redelivered after a failed
// handler, and resumed after a restart. The Node tests are
// examples/node/test; this starts what they read.
func TestTheNodeConsumerTakesRealLeads(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("../examples/node/node_modules/nats"); err != nil {
		t.Fatalf("examples/node has no node_modules (%v): run make examples-deps", err)
	}
	st := startStack(t)
	home, _ := spec7Payloads(t)
	var ids []string
	for i := range 3 {
		lead := map[string]any{}
		for k, v := range home {
			lead[k] = v
		}
		lead["email"] = fmt.Sprintf("node.consumer.%d@example.com", i)
		lead["phone"] = fmt.Sprintf("(480) 555-01%02d", i)
		code, sent := newClient(t, st.base).json("POST", "/api/contact", lead)
		require.Equal(t, 200, code, "%v", sent)
		ids = append(ids, sent["id"].(string))
	}
	events := leadEvents(t, st.natsURL, len(ids))
	require.Len(t, events, len(ids), "the leads are on the stream")

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "--test", "--test-reporter=spec", "test/lead-consumer.test.mjs")
	cmd.Dir = "../examples/node"
	cmd.Env = append(os.Environ(), "NATS_URL="+st.natsURL, "LEAD_IDS="+strings.Join(ids, ","))
	out, err := cmd.CombinedOutput()
	t.Logf("node --test:\n%s", out)
	require.NoError(t, err, "the Node consumer's tests")
}

package contactpg

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

// An event of an erased lead that reaches the webhook feed late (fetched
// from LEADS before the erase removed it) makes no delivery: the lead's
// details are not stored again, nor sent.
func TestAnErasedLeadsLateEventMakesNoWebhookDelivery(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.NewPool(t, Migrate)
	s := New(pool)
	t.Cleanup(s.Close)
	w := NewWebhooks(pool)
	require.NoError(t, w.CreateEndpoint(ctx, newEndpoint(webhook.Events...)))
	var ids []string
	for i := range 2 {
		l, msgs := newLead(i, "")
		l.Phone = fmt.Sprintf("602-555-01%02d", i) // one person each
		stored, _, err := s.InsertLead(ctx, l, fixed(msgs))
		require.NoError(t, err)
		ids = append(ids, stored.ID)
	}
	noEvent := func([]string, string, time.Time) (contact.OutboxMessage, error) {
		return contact.OutboxMessage{Subject: "leads.erased", MsgID: "erased", Payload: []byte(`{}`)}, nil
	}
	res, err := s.EraseLeads(ctx, contact.Selection{LeadID: ids[0], ByEmail: true, ByPhone: true}, contact.ReasonRequest,
		"owner@valleytrenchless.example", time.Now().UTC(), noEvent)
	require.NoError(t, err)
	require.Equal(t, []string{ids[0]}, res.LeadIDs)

	enqueue := func(lead string) int {
		ev := webhook.Event{ID: lead, Type: webhook.EventSubmitted, LeadID: lead, Time: time.Now().UTC(), Data: json.RawMessage(`{}`)}
		n, err := w.Enqueue(ctx, ev, func(e string) string { return "msg_" + lead[:8] + e[:8] }, json.RawMessage(`{"lead":"details"}`))
		require.NoError(t, err)
		return n
	}
	require.Zero(t, enqueue(ids[0]), "the erased lead's event")
	require.Equal(t, 1, enqueue(ids[1]), "another lead's event")
}

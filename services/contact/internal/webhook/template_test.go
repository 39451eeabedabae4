package webhook

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func leadEvent(t *testing.T) json.RawMessage {
	t.Helper()
	ev := Event{ID: "lead-1", Type: EventSubmitted, Time: time.Date(2026, 11, 28, 17, 42, 5, 0, time.UTC),
		Data: json.RawMessage(`{"lead":{"id":"lead-1","firstName":"Marisol","lastName":"Quintanilla","email":"m@example.com",
			"issues":["frequent-clogs","bad-odors"],"hasVideo":true,"city":"Phoenix"}}`)}
	body, err := ev.Body()
	require.NoError(t, err)
	return body
}

func TestTheStandardBodyIsTypeTimestampAndData(t *testing.T) {
	var got map[string]any
	require.NoError(t, json.Unmarshal(leadEvent(t), &got))
	require.Equal(t, "leads.submitted", got["type"])
	require.Equal(t, "2026-11-28T17:42:05Z", got["timestamp"])
	require.Equal(t, "Marisol", got["data"].(map[string]any)["lead"].(map[string]any)["firstName"])
	out, err := Render("", "msg_1", leadEvent(t))
	require.NoError(t, err)
	require.JSONEq(t, string(leadEvent(t)), string(out), "no template: the standard body")
}

// A HubSpot-shaped template: whole placeholders keep their JSON type,
// placeholders inside text become text, missing fields are empty.
func TestATemplateShapesTheBodyForTheReceiver(t *testing.T) {
	tmpl := `{"properties": {"email": "{{lead.email}}", "firstname": "{{ lead.firstName }}",
		"message": "{{lead.city}}: {{lead.issues}} ({{lead.address}})", "video": "{{lead.hasVideo}}",
		"issues": "{{lead.issues}}", "phone": "{{lead.phone}}", "source": "website", "n": 3},
		"meta": ["{{type}}", "{{id}}", "{{timestamp}}"]}`
	require.NoError(t, CheckTemplate(tmpl, nil))
	out, err := Render(tmpl, "msg_1", leadEvent(t))
	require.NoError(t, err)
	require.JSONEq(t, `{"properties": {"email": "m@example.com", "firstname": "Marisol",
		"message": "Phoenix: frequent-clogs, bad-odors ()", "video": true,
		"issues": ["frequent-clogs", "bad-odors"], "phone": "", "source": "website", "n": 3},
		"meta": ["leads.submitted", "msg_1", "2026-11-28T17:42:05Z"]}`, string(out))
}

func TestTemplatesAreCheckedWhenSaved(t *testing.T) {
	lead := func(name string) bool { return name == "email" || name == "firstName" }
	for tmpl, want := range map[string]string{
		`{"a": `:                     "The body template is not valid JSON",
		`"just a string"`:            "must be a JSON object or array",
		`{"a": "{{secret.key}}"}`:    "a name starts with lead, data, type, timestamp or id",
		`{"a": "{{lead.fistName}}"}`: `a lead has no field "fistName"`,
		`{"a": "` + string(make([]byte, MaxTemplate)) + `"}`: "longer than",
	} {
		err := CheckTemplate(tmpl, lead)
		var inv *InvalidError
		require.ErrorAs(t, err, &inv, "%.40q", tmpl)
		require.Contains(t, inv.Msg, want)
	}
	require.NoError(t, CheckTemplate(`{"a": "{{lead.email}}", "b": ["{{data.lead.firstName}}"]}`, lead))
	require.NoError(t, CheckTemplate("  ", lead), "empty: the standard body")
}

package webhook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// A body template is JSON in the receiver's shape whose strings name the
// event's values in double braces:
//
//	{"properties": {"email": "{{lead.email}}", "firstname": "{{lead.firstName}}",
//	 "hs_lead_status": "NEW", "message": "{{lead.city}}: {{lead.description}}"}}
//
// A string that is one placeholder and nothing else becomes that value
// with its JSON type (a list stays a list, true stays true); a placeholder
// inside other text is replaced by the value's text. A value the event
// does not carry (protobuf-JSON leaves out empty fields) is "". Names are
// paths into the standard body: type, timestamp, data.…, and lead.… for
// data.lead.… (leads.submitted). The webhook's id is {{id}}.
//
// Templates are checked when saved: valid JSON, at most 20 KB, and every
// name one the events can carry.

// placeholder matches {{ path }}.
var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z0-9_.]+)\s*\}\}`)

// MaxTemplate caps a body template's size.
const MaxTemplate = 20_000

// templateRoots are the names a path may start with.
var templateRoots = map[string]bool{"id": true, "type": true, "timestamp": true, "data": true, "lead": true}

// CheckTemplate returns a message a person can act on when tmpl is not a
// usable template; leadField reports whether a lead has a field of that
// JSON name (nil: any).
func CheckTemplate(tmpl string, leadField func(string) bool) error {
	if strings.TrimSpace(tmpl) == "" {
		return nil
	}
	if len(tmpl) > MaxTemplate {
		return invalid(fmt.Sprintf("The body template is longer than %d characters.", MaxTemplate))
	}
	var v any
	if err := json.Unmarshal([]byte(tmpl), &v); err != nil {
		return invalid("The body template is not valid JSON: " + err.Error())
	}
	switch v.(type) {
	case map[string]any, []any:
	default:
		return invalid("The body template must be a JSON object or array.")
	}
	for _, m := range placeholder.FindAllStringSubmatch(tmpl, -1) {
		path := strings.Split(m[1], ".")
		if !templateRoots[path[0]] {
			return invalid(fmt.Sprintf("The body template names {{%s}}: a name starts with lead, data, type, timestamp or id.", m[1]))
		}
		if path[0] == "lead" && len(path) > 1 && leadField != nil && !leadField(path[1]) {
			return invalid(fmt.Sprintf("The body template names {{%s}}, but a lead has no field %q.", m[1], path[1]))
		}
	}
	return nil
}

// Render applies tmpl to a delivery's standard body; an empty template
// sends the body itself.
func Render(tmpl string, webhookID string, body json.RawMessage) ([]byte, error) {
	if strings.TrimSpace(tmpl) == "" {
		return body, nil
	}
	var event map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&event); err != nil {
		return nil, fmt.Errorf("webhook: event body: %w", err)
	}
	event["id"] = webhookID
	var t any
	dec = json.NewDecoder(strings.NewReader(tmpl))
	dec.UseNumber()
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("webhook: template: %w", err)
	}
	return json.Marshal(fill(t, event))
}

// fill replaces the placeholders in every string of v.
func fill(v any, event map[string]any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = fill(e, event)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = fill(e, event)
		}
		return x
	case string:
		if m := placeholder.FindStringSubmatch(x); m != nil && m[0] == x {
			if val, ok := lookup(event, m[1]); ok {
				return val
			}
			return ""
		}
		return placeholder.ReplaceAllStringFunc(x, func(p string) string {
			val, ok := lookup(event, placeholder.FindStringSubmatch(p)[1])
			if !ok {
				return ""
			}
			return text(val)
		})
	default:
		return v
	}
}

// lookup follows a dotted path in the event (lead. is data.lead.).
func lookup(event map[string]any, path string) (any, bool) {
	parts := strings.Split(path, ".")
	if parts[0] == "lead" {
		parts = append([]string{"data", "lead"}, parts[1:]...)
	}
	var cur any = event
	for _, p := range parts {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[p]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// text is a value as it reads inside other text: strings and numbers as
// themselves, lists joined by ", ", anything else as JSON.
func text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return fmt.Sprint(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = text(e)
		}
		return strings.Join(parts, ", ")
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

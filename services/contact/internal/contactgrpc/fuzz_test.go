package contactgrpc_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/encoding/protojson"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
)

// FuzzContactRequest runs a POST /api/contact body the way the stack does:
// JSON decoded as the gateway decodes it, the form variant settled, the
// proto rules checked, and the accepted request normalised as it is
// stored. Whatever the input: nothing panics; an accepted request has its
// required fields and a known variant; every stored field is valid UTF-8
// within its cap; a known option is stored as its value; and normalising
// again changes nothing.
func FuzzContactRequest(f *testing.F) {
	raw, err := os.ReadFile("testdata/spec7-payloads.json")
	if err != nil {
		f.Fatal(err)
	}
	var both map[string]json.RawMessage
	if err := json.Unmarshal(raw, &both); err != nil {
		f.Fatal(err)
	}
	for _, p := range both {
		f.Add([]byte(p))
	}
	f.Add([]byte(`{"firstName":"Ana","lastName":"Ruiz","email":"ana@example.com","phone":"6025550142","city":"Phoenix, AZ","homeAge":"1950s","issues":["Tree roots","GURGLING SOUNDS"]}`))
	f.Add([]byte(`{"formVariant":"contact","firstName":"A","lastName":"B","email":"a@b.co","phone":"4805550199","description":"Roots again in the line","city":"Cave Creek","hasVideo":true}`))
	validator, err := protovalidate.New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req := &contactv1.SubmitInspectionRequestRequest{}
		if protojson.Unmarshal(body, req) != nil {
			return
		}
		contactgrpc.SettleVariant(req)
		if validator.Validate(req) != nil {
			return
		}
		l := contact.Prepare(contactgrpc.SubmissionFromProto(req))
		if l.FormVariant != contact.VariantHome && l.FormVariant != contact.VariantContact {
			t.Fatalf("accepted with variant %q", l.FormVariant)
		}
		if l.FirstName == "" || l.LastName == "" || len(l.Phone) < 10 {
			t.Fatalf("accepted without a required field: %+v", l)
		}
		if l.FormVariant == contact.VariantHome && len(l.Issues) == 0 {
			t.Fatal("a home-form lead stored without an issue")
		}
		if l.FormVariant == contact.VariantContact && utf8.RuneCountInString(l.Description) < 10 {
			t.Fatalf("a /contact lead stored with description %q", l.Description)
		}
		for name, v := range map[string]string{"city": l.City, "urgency": l.Urgency, "homeAge": l.HomeAge} {
			if !utf8.ValidString(v) || utf8.RuneCountInString(v) > contact.MaxOptionLen || v != strings.TrimSpace(v) {
				t.Fatalf("%s stored as %q", name, v)
			}
		}
		if len(l.Issues) > contact.MaxIssues {
			t.Fatalf("%d issues stored", len(l.Issues))
		}
		for i, v := range l.Issues {
			if v == "" || utf8.RuneCountInString(v) > contact.MaxOptionLen || slices.Contains(l.Issues[:i], v) {
				t.Fatalf("issues stored as %q", l.Issues)
			}
		}
		for _, o := range contact.Cities {
			if strings.EqualFold(strings.TrimSpace(req.GetCity()), o.Value) && l.City != o.Value {
				t.Fatalf("city %q stored as %q, not %q", req.GetCity(), l.City, o.Value)
			}
		}
		again := contact.Prepare(contact.Submission{Lead: l})
		if again.City != l.City || again.Urgency != l.Urgency || again.HomeAge != l.HomeAge || !slices.Equal(again.Issues, l.Issues) ||
			again.Description != l.Description || again.Address != l.Address {
			t.Fatalf("normalising twice changed the lead:\n%+v\n%+v", l, again)
		}
	})
}

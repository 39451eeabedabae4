package contactgrpc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"buf.build/go/protovalidate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
)

// FuzzContactRequest runs a POST /api/contact body the way the stack does:
// JSON decoded as the gateway decodes it, the text cleaned and the form
// variant settled, the proto rules checked, and the accepted request
// normalised as it is stored. Whatever the input: nothing panics; an
// accepted request has its required fields and a known variant; no field
// holds a NUL; every stored field is valid UTF-8 within its cap; a known
// option is stored as its value; and normalising again changes nothing.
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
	f.Add([]byte(`{"firstName":"Ma\u0000ria","lastName":"\u0000Lopez","email":"maria@example.com","phone":"6025550142\u0000","issues":["roots\u0000"],"attribution":{"utmSource":"\u0000"},"sourcePage":"/\u0000"}`))
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
		for _, v := range append([]string{l.FirstName, l.LastName, l.Email, l.Phone, l.Address, l.City, l.Urgency, l.HomeAge,
			l.PreviousRepairs, l.Description, l.PreferredContactTime, l.SourcePage, l.Attribution.UTMSource,
			l.Attribution.UTMMedium, l.Attribution.UTMCampaign, l.Attribution.GCLID}, l.Issues...) {
			if strings.ContainsRune(v, 0) {
				t.Fatalf("a NUL, which Postgres refuses, would be stored: %q", v)
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

// FuzzIntakeStoresTheLead drives the lead intake end to end against the
// real contact service on a real Postgres: the form's text fields, the
// attribution and the user agent as a visitor (or a crafted link) can set
// them, arriving as the gateway hands them over (its JSON decoding makes
// any text valid UTF-8; it forwards a user agent only in printable ASCII).
// Whatever the text: the answer is a stored lead or a refusal naming a
// rule the visitor can act on — never a failure (Unavailable, Internal),
// which is what a NUL was: Postgres refused it, the visitor was told to
// call, and LeadIntakeFailing fired. A stored lead reads back as the
// domain prepared it, with nothing Postgres cannot hold.
func FuzzIntakeStoresTheLead(f *testing.F) {
	f.Add("Maria", "Lopez", "maria@example.com", "(602) 555-0142", "phoenix", "frequent-clogs", "Kitchen sink backs up weekly.", "google", "Mozilla/5.0")
	f.Add("Ma\x00ria", "Lopez", "maria@example.com", "(602) 555-0142", "phoenix", "frequent-clogs", "Kitchen sink backs up weekly.", "\x00", "Mozilla/5.0")
	f.Add("\x00", "\x00", "\x00", "\x00", "\x00", "\x00", "\x00", "\x00", "")
	f.Add("Sam", "Nguyen\x00", "sam@exa\x00mple.com", "480-555-0199\x00", "Cave\x00 Creek", "roots\x00", "a\x00b", "news\x00letter", "curl/8")
	f.Add("Ana", "Ruiz", "ana@example.com", "6025550142", "Phoenix, AZ", "Tree roots", strings.Repeat("😀", 6000), strings.Repeat("x", 199)+"😀", strings.Repeat("x", 600))
	f.Add("An\xffa", "Ruiz", "ana@example.com", "6025550142", "Mesa", "gurgling", "\xed\xa0\x80", "\xff", "Mozilla/5.0 \xff")
	e := newEnv(f)
	validator, err := protovalidate.New()
	if err != nil {
		f.Fatal(err)
	}
	n := 0
	f.Fuzz(func(t *testing.T, first, last, email, phone, city, issue, description, source, ua string) {
		n++
		valid := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
		req := &contactv1.SubmitInspectionRequestRequest{
			FormVariant: "home", FirstName: valid(first), LastName: valid(last), Email: valid(email), Phone: valid(phone),
			City: valid(city), Issues: []string{valid(issue)}, Description: valid(description), SourcePage: "/fuzz",
			Attribution: &contactv1.Attribution{UtmSource: valid(source), UtmMedium: valid(source), UtmCampaign: valid(source), Gclid: valid(source)},
		}
		ctx := context.Background()
		if printableASCII(ua) {
			ctx = metadata.AppendToOutgoingContext(ctx, contactgrpc.MDUserAgent, ua,
				contactgrpc.MDIdempotencyKey, fmt.Sprintf("fuzz-%d-%d", os.Getpid(), n))
		}
		sent, err := e.contact.SubmitInspectionRequest(ctx, req)
		switch status.Code(err) {
		case codes.OK:
		case codes.InvalidArgument:
			// Only what the rules refuse once the text is cleaned, never
			// the text itself.
			cleaned := proto.Clone(req).(*contactv1.SubmitInspectionRequestRequest)
			contactgrpc.SettleVariant(cleaned)
			if validator.Validate(cleaned) == nil {
				t.Fatalf("refused a lead its rules accept: %v", err)
			}
			return
		default:
			t.Fatalf("a visitor's text failed the intake: %v", err)
		}
		got, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: sent.GetId()})
		if err != nil {
			t.Fatalf("accepted lead %s not readable: %v", sent.GetId(), err)
		}
		cleaned := proto.Clone(req).(*contactv1.SubmitInspectionRequestRequest)
		contactgrpc.SettleVariant(cleaned)
		want := contact.Prepare(contactgrpc.SubmissionFromProto(cleaned))
		l := got.GetSubmission()
		if l.GetFirstName() != want.FirstName || l.GetLastName() != want.LastName || l.GetEmail() != want.Email ||
			l.GetPhone() != want.Phone || l.GetCity() != want.City || l.GetDescription() != want.Description ||
			!slices.Equal(l.GetIssues(), want.Issues) || l.GetAttribution().GetUtmSource() != want.Attribution.UTMSource {
			t.Fatalf("stored\n%v\nnot as prepared\n%+v", l, want)
		}
		raw, _ := protojson.Marshal(l)
		if strings.Contains(string(raw), `\u0000`) {
			t.Fatalf("stored with a NUL: %s", raw)
		}
	})
}

func printableASCII(s string) bool {
	for i := range len(s) {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

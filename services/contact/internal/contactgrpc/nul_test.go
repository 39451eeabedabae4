package contactgrpc_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
)

// nulAt puts a NUL character in the middle of s (or makes s one).
func nulAt(s string) string {
	r := []rune(s)
	return string(r[:len(r)/2]) + "\x00" + string(r[len(r)/2:])
}

// TestANULInAnyFieldIsDroppedAndTheLeadStored: a NUL character (U+0000)
// in any text of a lead made Postgres refuse it (SQLSTATE 22021): the
// visitor got 503 after four attempts, LeadIntakeFailing fired, and a
// crafted link (/?utm_source=%00) failed every submit of its tab. Each
// string field of the submission, in turn, now carries one: the lead is
// stored with that field as it reads without it, and its event carries the
// same.
func TestANULInAnyFieldIsDroppedAndTheLeadStored(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	home, contactPage := spec7Payloads(t)
	contactPage.PreviousRepairs, contactPage.PreferredContactTime = "Snaked in 2019", "Mornings"
	home.Attribution = &contactv1.Attribution{UtmSource: "google", UtmMedium: "cpc", UtmCampaign: "sewer-fall", Gclid: "Cj0KCQ"}
	home.SourcePage = "/phoenix"
	type req = contactv1.SubmitInspectionRequestRequest
	fields := []struct {
		name string
		base *req
		set  func(r *req)
		read func(l *contactv1.Lead) string
	}{
		{"formVariant", home, func(r *req) { r.FormVariant = nulAt("home") }, (*contactv1.Lead).GetFormVariant},
		{"firstName", home, func(r *req) { r.FirstName = nulAt(r.FirstName) }, (*contactv1.Lead).GetFirstName},
		{"lastName", home, func(r *req) { r.LastName = nulAt(r.LastName) }, (*contactv1.Lead).GetLastName},
		{"email", home, func(r *req) { r.Email = nulAt(r.Email) }, (*contactv1.Lead).GetEmail},
		{"phone", home, func(r *req) { r.Phone = nulAt(r.Phone) }, (*contactv1.Lead).GetPhone},
		{"address", home, func(r *req) { r.Address = nulAt(r.Address) }, (*contactv1.Lead).GetAddress},
		{"city", home, func(r *req) { r.City = nulAt(r.City) }, (*contactv1.Lead).GetCity},
		{"urgency", home, func(r *req) { r.Urgency = nulAt(r.Urgency) }, (*contactv1.Lead).GetUrgency},
		{"issues", home, func(r *req) { r.Issues = []string{nulAt(r.Issues[0]), r.Issues[1] + "\x00"} },
			func(l *contactv1.Lead) string { return strings.Join(l.GetIssues(), ",") }},
		{"homeAge", home, func(r *req) { r.HomeAge = nulAt(r.HomeAge) }, (*contactv1.Lead).GetHomeAge},
		{"description", home, func(r *req) { r.Description = nulAt(r.Description) }, (*contactv1.Lead).GetDescription},
		{"sourcePage", home, func(r *req) { r.SourcePage = nulAt(r.SourcePage) }, (*contactv1.Lead).GetSourcePage},
		{"utmSource", home, func(r *req) { r.Attribution.UtmSource = nulAt(r.Attribution.UtmSource) },
			func(l *contactv1.Lead) string { return l.GetAttribution().GetUtmSource() }},
		{"utmMedium", home, func(r *req) { r.Attribution.UtmMedium = nulAt(r.Attribution.UtmMedium) },
			func(l *contactv1.Lead) string { return l.GetAttribution().GetUtmMedium() }},
		{"utmCampaign", home, func(r *req) { r.Attribution.UtmCampaign = nulAt(r.Attribution.UtmCampaign) },
			func(l *contactv1.Lead) string { return l.GetAttribution().GetUtmCampaign() }},
		{"gclid", home, func(r *req) { r.Attribution.Gclid = nulAt(r.Attribution.Gclid) },
			func(l *contactv1.Lead) string { return l.GetAttribution().GetGclid() }},
		{"previousRepairs", contactPage, func(r *req) { r.PreviousRepairs = nulAt(r.PreviousRepairs) }, (*contactv1.Lead).GetPreviousRepairs},
		{"preferredContactTime", contactPage, func(r *req) { r.PreferredContactTime = nulAt(r.PreferredContactTime) },
			(*contactv1.Lead).GetPreferredContactTime},
		{"website (the honeypot; a NUL alone is not a robot)", home, func(r *req) { r.Website = "\x00" },
			func(l *contactv1.Lead) string { return fmt.Sprint(l.GetIsSpam()) }},
	}
	for i, f := range fields {
		t.Run(f.name, func(t *testing.T) {
			// The same submission without the NUL, for what the field
			// reads as.
			clean := proto.Clone(f.base).(*req)
			clean.Email = fmt.Sprintf("clean%d@example.com", i)
			base, err := e.contact.SubmitInspectionRequest(context.Background(), clean)
			require.NoError(t, err)
			wantLead, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: base.GetId()})
			require.NoError(t, err)

			r := proto.Clone(f.base).(*req)
			r.Email = fmt.Sprintf("nul%d@example.com", i)
			f.set(r)
			sent, err := e.contact.SubmitInspectionRequest(context.Background(), r)
			require.NoError(t, err, "the lead is stored, never refused")
			got, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: sent.GetId()})
			require.NoError(t, err)
			want := f.read(wantLead.GetSubmission())
			if f.name == "email" { // each lead has its own address
				want = strings.ReplaceAll(r.GetEmail(), "\x00", "")
			}
			require.Equal(t, want, f.read(got.GetSubmission()))
			require.Equal(t, want, f.read(storedEvent(t, e, sent.GetId())))
		})
	}

	// A field that is nothing but NULs is empty: a required one gets its
	// own message, as an empty one does, and nothing else.
	r := proto.Clone(home).(*req)
	r.FirstName = "\x00\x00"
	_, err := e.contact.SubmitInspectionRequest(context.Background(), r)
	require.Equal(t, map[string]string{"first_name": "First name is required"}, violations(t, err))
}

// TestTheRequestHeadersALeadKeepsAreCleaned: the user agent and the
// Idempotency-Key come as metadata, not in the message; the lead keeps
// them cleaned the same way (gRPC itself carries printable ASCII only,
// so this is the domain's own guarantee, shown on the real store).
func TestTheRequestHeadersALeadKeepsAreCleaned(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	svc := contact.NewService(contactpg.New(e.pool), contactnats.Encoder{}, "test-salt")
	home, _ := spec7Payloads(t)
	contactgrpc.SettleVariant(home) // as the server's interceptor does
	sub := contactgrpc.SubmissionFromProto(home)
	for _, c := range []struct{ name, ua, key, wantUA, wantKey string }{
		{"NUL", "Mozilla/5.0\x00 Test", "key\x00-1", "Mozilla/5.0 Test", "key-1"},
		{"bytes that are not UTF-8", "Mozilla/5.0 \xff\xfeTest", "key-\xff2", "Mozilla/5.0 \uFFFDTest", "key-\uFFFD2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := svc.Submit(context.Background(), sub, contact.Meta{UserAgent: c.ua, IdempotencyKey: c.key, ClientIP: "203.0.113.9"})
			require.NoError(t, err)
			var ua, key string
			require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT user_agent, idempotency_key FROM contact.submissions WHERE id = $1`, l.ID).Scan(&ua, &key))
			require.Equal(t, c.wantUA, ua)
			require.Equal(t, c.wantKey, key)
			// The cleaned key still finds the lead: a retry with the same
			// header is the same lead.
			again, err := svc.Submit(context.Background(), sub, contact.Meta{UserAgent: c.ua, IdempotencyKey: c.key})
			require.NoError(t, err)
			require.Equal(t, l.ID, again.ID)
		})
	}
}

// ruleOf is the rule id of err's one violation.
func ruleOf(t *testing.T, err error) string {
	t.Helper()
	for _, d := range status.Convert(err).Details() {
		if vs, ok := d.(*validate.Violations); ok && len(vs.GetViolations()) == 1 {
			return vs.GetViolations()[0].GetRuleId()
		}
	}
	t.Fatalf("no single violation in %v", err)
	return ""
}

// TestStaffTextWithANULIsRefusedWithA400Message: the inbox's own calls
// refuse a NUL (the shared rule of every service) by field, with a message
// for a person, where Postgres made them 500.
func TestStaffTextWithANULIsRefusedWithA400Message(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sent, err := e.contact.SubmitInspectionRequest(context.Background(), homeForm())
	require.NoError(t, err)
	id := sent.GetId()
	assignee := "ben\x00@valleytrenchless.example"
	for name, call := range map[string]func() error{
		"query": func() error {
			_, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Query: "maria\x00"})
			return err
		},
		"city": func() error {
			_, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{City: "\x00"})
			return err
		},
		"source": func() error {
			_, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Source: "goo\x00gle"})
			return err
		},
		"assignee": func() error {
			_, err := e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: id, Assignee: &assignee})
			return err
		},
		"body": func() error {
			_, err := e.inbox.AddLeadNote(e.staff, &contactv1.AddLeadNoteRequest{LeadId: id, Body: "called\x00 her"})
			return err
		},
		"page_token": func() error {
			_, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{PageToken: "\x00"})
			return err
		},
	} {
		err := call()
		require.Equal(t, codes.InvalidArgument, status.Code(err), "%s: %v", name, err)
		got := violations(t, err)
		require.Contains(t, got, name)
		require.Equal(t, grpcserver.RuleNUL, ruleOf(t, err), name)
		require.Contains(t, got[name], "invisible character (NUL, U+0000)", name)
	}
	// The export is refused the same way, before its first row.
	stream, err := e.inbox.ExportLeads(e.staff, &contactv1.ExportLeadsRequest{Query: "\x00"})
	require.NoError(t, err)
	_, err = stream.Recv()
	require.Contains(t, violations(t, err), "query")
}

package contactgrpc_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactgrpc"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/contactpg"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type env struct {
	pool    *pgxpool.Pool
	contact contactv1.ContactServiceClient
	inbox   contactv1.LeadInboxServiceClient
	staff   context.Context
	visitor context.Context
	signer  *identity.Signer
}

// freshStaff is a staff caller whose token was signed just now, for a call
// made long after newEnv (a caller token lives a minute).
func (e *env) freshStaff() context.Context {
	return e.signer.OutgoingContext(context.Background(), staffCaller)
}

var staffCaller = identity.Caller{Email: "ana@valleytrenchless.example", Staff: true}

func serve(t testing.TB, pool *pgxpool.Pool) (*grpc.ClientConn, *identity.Signer) {
	t.Helper()
	signer, err := identity.NewSigner("0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	srv, err := contactgrpc.NewGRPCServer(quiet, contact.NewService(contactpg.New(pool), contactnats.Encoder{}, "test-salt"),
		&webhook.Service{Store: contactpg.NewWebhooks(pool), Log: quiet}, grpcserver.Options{Signer: signer})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	conn, err := grpc.NewClient(ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(); cancel(); <-done })
	return conn, signer
}

func newEnv(t testing.TB) *env {
	t.Helper()
	pool := pgtest.NewPool(t, contactpg.Migrate)
	conn, signer := serve(t, pool)
	return &env{
		pool: pool, contact: contactv1.NewContactServiceClient(conn), inbox: contactv1.NewLeadInboxServiceClient(conn),
		staff:   signer.OutgoingContext(context.Background(), staffCaller),
		visitor: signer.OutgoingContext(context.Background(), identity.Caller{Email: "joe@example.com"}),
		signer:  signer,
	}
}

func homeForm() *contactv1.SubmitInspectionRequestRequest {
	return &contactv1.SubmitInspectionRequestRequest{
		FormVariant: "home", FirstName: "  Maria ", LastName: "Lopez", Email: "maria@example.com", Phone: "(602) 555-0142",
		Address: "123 E Camelback Rd", City: "phoenix", HomeAge: "pre-1980", Issues: []string{"frequent-clogs", "gurgling"},
		Description: "Kitchen sink backs up weekly.", Urgency: "this-week", SourcePage: "/phoenix",
		Attribution: &contactv1.Attribution{UtmSource: "google", UtmMedium: "cpc", UtmCampaign: "sewer-fall", Gclid: "abc123"},
	}
}

func contactPageForm() *contactv1.SubmitInspectionRequestRequest {
	return &contactv1.SubmitInspectionRequestRequest{
		FormVariant: "contact", FirstName: "Sam", LastName: "Nguyen", Email: "sam@example.com", Phone: "480-555-0199",
		Issues: []string{"slow-drains", "water-backups"}, Description: "Basement drain smells and backs up after rain.", SourcePage: "/contact",
	}
}

// violations maps field (or, for message rules, the rule's field prefix)
// to message.
func violations(t *testing.T, err error) map[string]string {
	t.Helper()
	st := status.Convert(err)
	require.Equal(t, codes.InvalidArgument, st.Code(), "%v", err)
	out := map[string]string{}
	for _, d := range st.Details() {
		if vs, ok := d.(*validate.Violations); ok {
			for _, v := range vs.GetViolations() {
				key, _, _ := strings.Cut(v.GetRuleId(), ".")
				if els := v.GetField().GetElements(); len(els) > 0 {
					key = els[len(els)-1].GetFieldName()
				}
				out[key] = v.GetMessage()
			}
		}
	}
	return out
}

func TestValidationMessagesOfBothForms(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()

	_, err := e.contact.SubmitInspectionRequest(ctx, &contactv1.SubmitInspectionRequestRequest{FormVariant: "contact", FirstName: " ", Phone: "602-555", Email: "nope", Description: "short"})
	require.Equal(t, map[string]string{
		"first_name":  "First name is required",
		"last_name":   "Last name is required",
		"email":       "Valid email is required",
		"phone":       "Phone number is required",
		"description": "Please describe your drain issue (minimum 10 characters)",
	}, violations(t, err))

	_, err = e.contact.SubmitInspectionRequest(ctx, &contactv1.SubmitInspectionRequestRequest{FormVariant: "home", FirstName: "A", LastName: "B", Email: "a@b.co", Phone: "6025550142"})
	require.Equal(t, map[string]string{"issues": "Please select at least one issue"}, violations(t, err))

	long := homeForm()
	long.FirstName = strings.Repeat("x", 101)
	_, err = e.contact.SubmitInspectionRequest(ctx, long)
	require.Contains(t, violations(t, err), "first_name")

	_, err = e.contact.SubmitInspectionRequest(ctx, &contactv1.SubmitInspectionRequestRequest{FormVariant: "fax"})
	require.Equal(t, "Form variant must be home or contact", violations(t, err)["form_variant"])

	// Without a variant the rule set follows the payload: the /contact
	// page's shape (hasVideo sent) needs a description, the home form's an
	// issue.
	noVariant := contactPageForm()
	noVariant.FormVariant, noVariant.Description, noVariant.HasVideo = "", "short", proto.Bool(false)
	_, err = e.contact.SubmitInspectionRequest(ctx, noVariant)
	require.Equal(t, map[string]string{"description": "Please describe your drain issue (minimum 10 characters)"}, violations(t, err))
	noVariant = homeForm()
	noVariant.FormVariant, noVariant.Issues = "", []string{" "}
	_, err = e.contact.SubmitInspectionRequest(ctx, noVariant)
	require.Equal(t, map[string]string{"issues": "Please select at least one issue"}, violations(t, err))

	var n int
	require.NoError(t, e.pool.QueryRow(ctx, "SELECT count(*) FROM contact.submissions").Scan(&n))
	require.Zero(t, n, "nothing stored from invalid submissions")
}

func TestSubmitStoresEveryFieldAndQueuesTheEvent(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := metadata.AppendToOutgoingContext(context.Background(),
		contactgrpc.MDClientIP, "203.0.113.9", contactgrpc.MDUserAgent, "Mozilla/5.0 Test")
	before := time.Now()
	resp, err := e.contact.SubmitInspectionRequest(ctx, homeForm())
	require.NoError(t, err)
	require.Len(t, resp.GetId(), 36)
	require.Equal(t, 24*time.Hour, resp.GetRespondBy().AsTime().Sub(resp.GetCreatedAt().AsTime()))
	require.WithinDuration(t, before, resp.GetCreatedAt().AsTime(), 5*time.Second)

	var first, ua, ipHash, subject, msgID string
	var issues []string
	require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT s.first_name, s.issues, s.user_agent, s.ip_hash, o.subject, o.msg_id
		FROM contact.submissions s JOIN contact.outbox o ON o.msg_id = s.id::text WHERE s.id = $1`, resp.GetId()).
		Scan(&first, &issues, &ua, &ipHash, &subject, &msgID))
	require.Equal(t, "Maria", first, "trimmed")
	require.Equal(t, []string{"frequent-clogs", "gurgling"}, issues)
	require.Equal(t, "Mozilla/5.0 Test", ua)
	require.Len(t, ipHash, 64)
	require.NotContains(t, ipHash, "203.0.113.9")
	require.Equal(t, "leads.submitted", subject)

	// The /contact page shape, with its nulls, is accepted too.
	_, err = e.contact.SubmitInspectionRequest(context.Background(), contactPageForm())
	require.NoError(t, err)

	// The inbox shows both, newest first, with every field.
	page, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	require.Len(t, page.GetSubmissions(), 2)
	require.Equal(t, "Sam", page.GetSubmissions()[0].GetFirstName())
	m := page.GetSubmissions()[1]
	require.Equal(t, "google", m.GetAttribution().GetUtmSource())
	require.Equal(t, "/phoenix", m.GetSourcePage())
	require.False(t, m.GetIsRead())
	require.EqualValues(t, 2, page.GetUnreadCount())
}

// TestAClientAddressTheGatewayDidNotSetIsNotStored: the gateway sets one
// x-client-ip. A second value (a client's own, had it got through) is
// not the gateway's: the lead is stored without an address hash rather
// than with a forged one.
func TestAClientAddressTheGatewayDidNotSetIsNotStored(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := metadata.AppendToOutgoingContext(context.Background(),
		contactgrpc.MDClientIP, "6.6.6.6", contactgrpc.MDClientIP, "203.0.113.9")
	resp, err := e.contact.SubmitInspectionRequest(ctx, homeForm())
	require.NoError(t, err, "the lead is never refused for it")
	var ipHash string
	require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT ip_hash FROM contact.submissions WHERE id = $1`, resp.GetId()).Scan(&ipHash))
	require.Empty(t, ipHash)
}

func TestIdempotencyKeyReturnsTheFirstResult(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := metadata.AppendToOutgoingContext(context.Background(), contactgrpc.MDIdempotencyKey, "b6f1c7e2-retry-1")
	a, err := e.contact.SubmitInspectionRequest(ctx, homeForm())
	require.NoError(t, err)
	b, err := e.contact.SubmitInspectionRequest(ctx, homeForm())
	require.NoError(t, err)
	require.Equal(t, a.GetId(), b.GetId())
	require.Equal(t, a.GetCreatedAt().AsTime(), b.GetCreatedAt().AsTime())
	var leads, events int
	require.NoError(t, e.pool.QueryRow(context.Background(), "SELECT (SELECT count(*) FROM contact.submissions), (SELECT count(*) FROM contact.outbox)").Scan(&leads, &events))
	require.Equal(t, 1, leads)
	require.Equal(t, 1, events)
}

func TestHoneypotIsStoredAsSpamAndPublishesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	f := homeForm()
	f.Website = "http://spam.example"
	resp, err := e.contact.SubmitInspectionRequest(context.Background(), f)
	require.NoError(t, err, "answered like a success")
	require.NotEmpty(t, resp.GetId())
	var spam bool
	var events int
	require.NoError(t, e.pool.QueryRow(context.Background(), "SELECT is_spam, (SELECT count(*) FROM contact.outbox) FROM contact.submissions WHERE id = $1", resp.GetId()).Scan(&spam, &events))
	require.True(t, spam)
	require.Zero(t, events)

	all, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	require.Empty(t, all.GetSubmissions(), "spam stays out of the inbox")
	caught, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: "spam"})
	require.NoError(t, err)
	require.Len(t, caught.GetSubmissions(), 1)
}

func TestRepeatWithinTenMinutesIsLinkedAsDuplicate(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	first, err := e.contact.SubmitInspectionRequest(context.Background(), homeForm())
	require.NoError(t, err)
	again := contactPageForm()
	again.Phone = "602.555.0142" // same digits as the first, different e-mail
	second, err := e.contact.SubmitInspectionRequest(context.Background(), again)
	require.NoError(t, err)
	other := contactPageForm()
	other.Email, other.Phone = "new@example.com", "623-555-0000"
	third, err := e.contact.SubmitInspectionRequest(context.Background(), other)
	require.NoError(t, err)

	page, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	byID := map[string]*contactv1.Lead{}
	for _, l := range page.GetSubmissions() {
		byID[l.GetId()] = l
	}
	require.Equal(t, first.GetId(), byID[second.GetId()].GetDuplicateOf())
	require.Empty(t, byID[third.GetId()].GetDuplicateOf())
	require.Empty(t, byID[first.GetId()].GetDuplicateOf())

	// Matching one lead by e-mail and an older one by phone, a lead is
	// linked to the newest of them.
	both := contactPageForm()
	both.Email, both.Phone = "NEW@example.com", "(602) 555-0142"
	fifth, err := e.contact.SubmitInspectionRequest(context.Background(), both)
	require.NoError(t, err)
	page, err = e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	for _, l := range page.GetSubmissions() {
		if l.GetId() == fifth.GetId() {
			require.Equal(t, third.GetId(), l.GetDuplicateOf())
		}
	}

	// An hour later the same e-mail is a new lead, not a duplicate.
	_, err = e.pool.Exec(context.Background(), "UPDATE contact.submissions SET created_at = created_at - interval '1 hour'")
	require.NoError(t, err)
	fourth, err := e.contact.SubmitInspectionRequest(context.Background(), homeForm())
	require.NoError(t, err)
	page, err = e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	require.Equal(t, fourth.GetId(), page.GetSubmissions()[0].GetId())
	require.Empty(t, page.GetSubmissions()[0].GetDuplicateOf())
}

func TestInboxFiltersPagingReadFlagAndAccess(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ids := make([]string, 5)
	for i := range ids {
		f := contactPageForm()
		f.Email = strings.Replace(f.Email, "sam", "sam"+string(rune('a'+i)), 1)
		f.Phone = "480-555-010" + string(rune('0'+i))
		r, err := e.contact.SubmitInspectionRequest(context.Background(), f)
		require.NoError(t, err)
		ids[i] = r.GetId()
	}
	_, err := e.inbox.ListLeads(context.Background(), &contactv1.ListLeadsRequest{})
	require.Equal(t, codes.Unauthenticated, status.Code(err))
	_, err = e.inbox.ListLeads(e.visitor, &contactv1.ListLeadsRequest{})
	require.Equal(t, codes.PermissionDenied, status.Code(err))

	// Paging walks every lead once, newest first.
	var seen []string
	token := ""
	for {
		p, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{PageSize: 2, PageToken: token})
		require.NoError(t, err)
		for _, l := range p.GetSubmissions() {
			seen = append(seen, l.GetId())
		}
		if token = p.GetNextPageToken(); token == "" {
			break
		}
	}
	require.Equal(t, []string{ids[4], ids[3], ids[2], ids[1], ids[0]}, seen)
	_, err = e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{PageToken: "garbage"})
	require.Equal(t, codes.InvalidArgument, status.Code(err))

	// Mark one read: it leaves the unread filter and leads.updated is queued.
	up, err := e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: ids[0], IsRead: proto.Bool(true)})
	require.NoError(t, err)
	require.True(t, up.GetSubmission().GetIsRead())
	unread, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: "unread"})
	require.NoError(t, err)
	require.Len(t, unread.GetSubmissions(), 4)
	require.EqualValues(t, 4, unread.GetUnreadCount())
	var updates int
	require.NoError(t, e.pool.QueryRow(context.Background(), "SELECT count(*) FROM contact.outbox WHERE subject = 'leads.updated'").Scan(&updates))
	require.Equal(t, 1, updates)
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: "00000000-0000-4000-8000-000000000000", IsRead: proto.Bool(true)})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.inbox.UpdateLead(e.visitor, &contactv1.UpdateLeadRequest{Id: ids[1], IsRead: proto.Bool(true)})
	require.Equal(t, codes.PermissionDenied, status.Code(err))

	// Overdue: no first response and past the 24-hour promise. Reading a
	// lead is not answering it; a status change is.
	_, err = e.pool.Exec(context.Background(), "UPDATE contact.submissions SET respond_by = now() - interval '1 minute' WHERE id = $1 OR id = $2", ids[0], ids[1])
	require.NoError(t, err)
	overdue, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: "overdue"})
	require.NoError(t, err)
	require.Len(t, overdue.GetSubmissions(), 2, "reading a lead does not answer it")
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: ids[0], Status: proto.String("contacted")})
	require.NoError(t, err)
	overdue, err = e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: "overdue"})
	require.NoError(t, err)
	require.Len(t, overdue.GetSubmissions(), 1, "the contacted one is not overdue")
	require.Equal(t, ids[1], overdue.GetSubmissions()[0].GetId())
}

// export reads a whole export stream: the bytes, each message's size and
// the response header.
func export(t *testing.T, inbox contactv1.LeadInboxServiceClient, ctx context.Context, filter string) ([]byte, []int, metadata.MD) {
	t.Helper()
	stream, err := inbox.ExportLeads(ctx, &contactv1.ExportLeadsRequest{Filter: filter})
	require.NoError(t, err)
	var data []byte
	var sizes []int
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		require.Equal(t, "text/csv; charset=utf-8", m.GetContentType())
		data = append(data, m.GetData()...)
		sizes = append(sizes, len(m.GetData()))
	}
	hdr, err := stream.Header()
	require.NoError(t, err)
	return data, sizes, hdr
}

// exportErr is the status an export stream ends with before any data.
func exportErr(inbox contactv1.LeadInboxServiceClient, ctx context.Context, filter string) error {
	stream, err := inbox.ExportLeads(ctx, &contactv1.ExportLeadsRequest{Filter: filter})
	if err != nil {
		return err
	}
	_, err = stream.Recv()
	return err
}

func csvRows(t *testing.T, data []byte) [][]string {
	t.Helper()
	require.True(t, bytes.HasPrefix(data, []byte("\ufeff")), "starts with the BOM Excel needs")
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff")))).ReadAll()
	require.NoError(t, err)
	return rows
}

func TestExportIsCSVWithFormulasNeutralised(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	f := contactPageForm()
	f.FirstName = "=HYPERLINK(\"http://evil.example\",\"click\")"
	f.LastName = "+1+1"
	f.Address = "@SUM(A1)"
	f.Description = "-2+3 then a normal, \"quoted\" sentence\nwith a newline"
	_, err := e.contact.SubmitInspectionRequest(context.Background(), f)
	require.NoError(t, err)

	data, _, hdr := export(t, e.inbox, e.staff, "")
	require.Equal(t, `attachment; filename="leads-all-`+time.Now().UTC().Format("2006-01-02")+`.csv"`, hdr.Get("content-disposition")[0])
	rows := csvRows(t, data)
	require.Len(t, rows, 2)
	require.Equal(t, contactgrpc.CSVHeader, rows[0])
	row := map[string]string{}
	for i, h := range rows[0] {
		row[h] = rows[1][i]
	}
	require.Equal(t, `'=HYPERLINK("http://evil.example","click")`, row["firstName"])
	require.Equal(t, "'+1+1", row["lastName"])
	require.Equal(t, "'@SUM(A1)", row["address"])
	require.Equal(t, "'-2+3 then a normal, \"quoted\" sentence\nwith a newline", row["description"])
	require.Equal(t, "slow-drains; water-backups", row["issues"])
	require.Equal(t, "480-555-0199", row["phone"], "a phone starting with a digit is untouched")

	// The filter names the file and selects the rows; with none, the
	// header row still comes.
	data, _, hdr = export(t, e.inbox, e.staff, "spam")
	require.Contains(t, hdr.Get("content-disposition")[0], `filename="leads-spam-`)
	require.Equal(t, [][]string{contactgrpc.CSVHeader}, csvRows(t, data))

	require.Equal(t, codes.PermissionDenied, status.Code(exportErr(e.inbox, e.visitor, "")))
	require.Equal(t, codes.Unauthenticated, status.Code(exportErr(e.inbox, context.Background(), "")))
	require.Equal(t, codes.InvalidArgument, status.Code(exportErr(e.inbox, e.staff, "everything")))
}

// TestExportStreams100kLeadsInSmallMessages is the regression test for the
// export that failed at ~15,000 leads ("received message larger than max"):
// 100,000 leads arrive whole, through a client with gRPC's default 4 MiB
// receive limit, and no message is over ExportChunk.
func TestExportStreams100kLeadsInSmallMessages(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	const n = 100_000
	_, err := e.pool.Exec(context.Background(), `INSERT INTO contact.submissions
		(id, form_variant, first_name, last_name, email, phone, city, issues, description, user_agent, created_at, respond_by)
		SELECT gen_random_uuid(), 'home', 'Lead', 'Number ' || i, 'lead' || i || '@example.com',
			'602-555-' || lpad((i % 10000)::text, 4, '0'), 'mesa', '{frequent-clogs,gurgling}',
			'Roots in the line; the kitchen sink backs up after every rain. ' || repeat('More detail. ', i % 40),
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
			now() - make_interval(secs => i), now() - make_interval(secs => i) + interval '24 hours'
		FROM generate_series(1, $1::int) AS i`, n)
	require.NoError(t, err)

	// Storing 100,000 leads can outlast a caller token on a loaded machine.
	data, sizes, _ := export(t, e.inbox, e.freshStaff(), "all")
	rows := csvRows(t, data)
	require.Len(t, rows, n+1, "the header and every lead")
	require.Equal(t, contactgrpc.CSVHeader, rows[0])
	require.Equal(t, "Number 1", rows[1][5], "newest first")
	require.Equal(t, "Number 100000", rows[n][5])
	require.Greater(t, len(data), 4<<20, "more than one old-style message could carry")
	for i, size := range sizes {
		require.LessOrEqual(t, size, contactgrpc.ExportChunk, "message %d", i)
	}
	require.Greater(t, len(sizes), len(data)/contactgrpc.ExportChunk, "rows are sent as they come, not gathered")
}

func TestGetLead(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	sent, err := e.contact.SubmitInspectionRequest(context.Background(), homeForm())
	require.NoError(t, err)

	got, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: sent.GetId()})
	require.NoError(t, err)
	l := got.GetSubmission()
	require.Equal(t, sent.GetId(), l.GetId())
	require.Equal(t, "Maria", l.GetFirstName())
	require.Equal(t, []string{"frequent-clogs", "gurgling"}, l.GetIssues())
	require.Equal(t, "sewer-fall", l.GetAttribution().GetUtmCampaign())
	require.Equal(t, sent.GetRespondBy().AsTime(), l.GetRespondBy().AsTime())

	_, err = e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: "00000000-0000-4000-8000-000000000000"})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: "export.csv"})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
	_, err = e.inbox.GetLead(e.visitor, &contactv1.GetLeadRequest{Id: sent.GetId()})
	require.Equal(t, codes.PermissionDenied, status.Code(err))
}

func TestOverdueCountIsUnansweredNonSpamPastRespondBy(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	submit := func(i int, spam bool) string {
		f := contactPageForm()
		f.Email, f.Phone = fmt.Sprintf("lead%d@example.com", i), fmt.Sprintf("480-555-01%02d", i)
		if spam {
			f.Website = "http://spam.example"
		}
		r, err := e.contact.SubmitInspectionRequest(context.Background(), f)
		require.NoError(t, err)
		return r.GetId()
	}
	overdue, read, spam := submit(1, false), submit(2, false), submit(3, true)
	submit(4, false) // unread, still within its 24 hours
	_, err := e.pool.Exec(context.Background(), `UPDATE contact.submissions
		SET created_at = now() - interval '25 hours', respond_by = now() - interval '1 hour' WHERE id = ANY($1::uuid[])`,
		[]string{overdue, read, spam})
	require.NoError(t, err)
	// "read" was read and answered with a note; "overdue" was only read.
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: read, IsRead: proto.Bool(true)})
	require.NoError(t, err)
	_, err = e.inbox.AddLeadNote(e.staff, &contactv1.AddLeadNoteRequest{LeadId: read, Body: "Left a voicemail."})
	require.NoError(t, err)
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: overdue, IsRead: proto.Bool(true)})
	require.NoError(t, err)

	for _, filter := range []string{"all", "unread", "overdue", "spam"} {
		p, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: filter})
		require.NoError(t, err)
		require.EqualValues(t, 1, p.GetOverdueCount(), "filter %s: only the unanswered, non-spam lead past respond_by", filter)
		require.EqualValues(t, 1, p.GetUnreadCount(), "filter %s", filter)
	}
	p, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{Filter: "overdue"})
	require.NoError(t, err)
	require.Len(t, p.GetSubmissions(), 1, "the badge and the overdue filter agree")
	require.Equal(t, overdue, p.GetSubmissions()[0].GetId())

	// Answering it (a status change) clears the badge.
	_, err = e.inbox.UpdateLead(e.staff, &contactv1.UpdateLeadRequest{Id: overdue, Status: proto.String("contacted")})
	require.NoError(t, err)
	p, err = e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	require.Zero(t, p.GetOverdueCount())
	require.EqualValues(t, 1, p.GetUnreadCount())
}

func TestPostgresDownAnswersUnavailable(t *testing.T) {
	t.Parallel()
	pool, err := pgxpool.New(context.Background(), "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	require.NoError(t, err)
	defer pool.Close()
	conn, _ := serve(t, pool)
	_, err = contactv1.NewContactServiceClient(conn).SubmitInspectionRequest(context.Background(), homeForm())
	require.Equal(t, codes.Unavailable, status.Code(err))
	require.Equal(t, contactgrpc.MsgUnavailable, status.Convert(err).Message())
}

// spec7Payloads reads SPEC §7's two contact payloads, verbatim (the home,
// city and service pages' form; the /contact page's, with its nulls), from
// testdata, decoded as the gateway decodes a request body.
func spec7Payloads(t *testing.T) (home, contactPage *contactv1.SubmitInspectionRequestRequest) {
	t.Helper()
	raw, err := os.ReadFile("testdata/spec7-payloads.json")
	require.NoError(t, err)
	var both map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &both))
	decode := func(name string) *contactv1.SubmitInspectionRequestRequest {
		m := &contactv1.SubmitInspectionRequestRequest{}
		require.NoError(t, protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(both[name], m), name)
		return m
	}
	return decode("home"), decode("contact")
}

// storedEvent is the lead as the LeadSubmitted event in the outbox carries it.
func storedEvent(t *testing.T, e *env, id string) *contactv1.Lead {
	t.Helper()
	var payload []byte
	require.NoError(t, e.pool.QueryRow(context.Background(),
		"SELECT payload FROM contact.outbox WHERE msg_id = $1 AND subject = 'leads.submitted'", id).Scan(&payload))
	ev := &contactv1.LeadSubmitted{}
	require.NoError(t, protojson.Unmarshal(payload, ev))
	return ev.GetLead()
}

func TestSpecPayloadsAreAcceptedVerbatimWithTheVariantInferred(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	home, contactPage := spec7Payloads(t)
	for _, c := range []struct {
		req     *contactv1.SubmitInspectionRequestRequest
		variant string
	}{{home, "home"}, {contactPage, "contact"}} {
		sent, err := e.contact.SubmitInspectionRequest(context.Background(), c.req)
		require.NoError(t, err, c.variant)
		got, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: sent.GetId()})
		require.NoError(t, err)
		require.Equal(t, c.variant, got.GetSubmission().GetFormVariant())
		require.Equal(t, c.variant, storedEvent(t, e, sent.GetId()).GetFormVariant())
	}
	got, err := e.inbox.ListLeads(e.staff, &contactv1.ListLeadsRequest{})
	require.NoError(t, err)
	require.Len(t, got.GetSubmissions(), 2)
	sam := got.GetSubmissions()[0]
	require.Equal(t, "Sam", sam.GetFirstName())
	require.Empty(t, sam.GetCity(), "null is not chosen")
	require.Empty(t, sam.GetIssues())
	require.False(t, sam.GetHasVideo())
	maria := got.GetSubmissions()[1]
	require.Equal(t, []string{"frequent-clogs", "gurgling"}, maria.GetIssues())
	require.Equal(t, "phoenix", maria.GetCity())
	require.Equal(t, "pre-1980", maria.GetHomeAge())
	require.Equal(t, "this-week", maria.GetUrgency())
}

// OptionalFieldCases are the optional values issue 16 found refused. Each
// is stored normalised when it names a known option and as given otherwise.
func TestOptionalFieldsNeverRefuseALead(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	home, contactPage := spec7Payloads(t)
	cases := []struct {
		name  string
		base  *contactv1.SubmitInspectionRequestRequest
		edit  func(*contactv1.SubmitInspectionRequestRequest)
		check func(*testing.T, *contactv1.Lead)
	}{
		{"Tempe", home, func(r *contactv1.SubmitInspectionRequestRequest) { r.City = "Tempe" },
			func(t *testing.T, l *contactv1.Lead) { require.Equal(t, "tempe", l.GetCity()) }},
		{"Phoenix, AZ on the /contact page", contactPage, func(r *contactv1.SubmitInspectionRequestRequest) { r.City = "Phoenix, AZ" },
			func(t *testing.T, l *contactv1.Lead) { require.Equal(t, "phoenix", l.GetCity()) }},
		{"Cave Creek", home, func(r *contactv1.SubmitInspectionRequestRequest) { r.City = "  Cave Creek " },
			func(t *testing.T, l *contactv1.Lead) { require.Equal(t, "Cave Creek", l.GetCity()) }},
		{"an issue the form does not list", home, func(r *contactv1.SubmitInspectionRequestRequest) {
			r.Issues = []string{"Tree roots in the yard", "GURGLING SOUNDS", "gurgling"}
		}, func(t *testing.T, l *contactv1.Lead) {
			require.Equal(t, []string{"Tree roots in the yard", "gurgling"}, l.GetIssues(), "a label reads as its value, once")
		}},
		{"an unlisted problem on the /contact page", contactPage, func(r *contactv1.SubmitInspectionRequestRequest) {
			r.Issues = []string{"Sewage smell in yard", "Slow drains", "gurgling sounds"}
		}, func(t *testing.T, l *contactv1.Lead) {
			require.Equal(t, []string{"Sewage smell in yard", "slow-drains", "gurgling-sounds"}, l.GetIssues(), "the page's own list first")
		}},
		{"1950s", home, func(r *contactv1.SubmitInspectionRequestRequest) { r.HomeAge = "1950s" },
			func(t *testing.T, l *contactv1.Lead) { require.Equal(t, "1950s", l.GetHomeAge()) }},
		{"labels in any case", home, func(r *contactv1.SubmitInspectionRequestRequest) {
			r.HomeAge, r.Urgency = "before 1980", "AS SOON AS POSSIBLE"
		}, func(t *testing.T, l *contactv1.Lead) {
			require.Equal(t, "pre-1980", l.GetHomeAge())
			require.Equal(t, "soon", l.GetUrgency())
		}},
		{"an unlisted timeline and over-long text", home, func(r *contactv1.SubmitInspectionRequestRequest) {
			r.Urgency, r.City, r.Address = "before the holidays", strings.Repeat("Ünincorporated ", 20), strings.Repeat("a", 400)
		}, func(t *testing.T, l *contactv1.Lead) {
			require.Equal(t, "before the holidays", l.GetUrgency())
			require.Equal(t, string([]rune(strings.Repeat("Ünincorporated ", 20))[:100]), l.GetCity(), "capped at 100 characters")
			require.Len(t, l.GetAddress(), 300)
		}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := proto.Clone(c.base).(*contactv1.SubmitInspectionRequestRequest)
			req.Email = fmt.Sprintf("case%d@example.com", i) // not a repeat of another case
			c.edit(req)
			sent, err := e.contact.SubmitInspectionRequest(context.Background(), req)
			require.NoError(t, err)
			got, err := e.inbox.GetLead(e.staff, &contactv1.GetLeadRequest{Id: sent.GetId()})
			require.NoError(t, err)
			c.check(t, got.GetSubmission())
			c.check(t, storedEvent(t, e, sent.GetId()))
		})
	}
}

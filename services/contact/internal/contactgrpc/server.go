// Package contactgrpc adapts the lead domain to the generated gRPC
// services: the public submission call and the staff inbox.
package contactgrpc

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/csvcell"
	"github.com/valleytrenchless/site/internal/grpcserver"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

// Metadata keys the gateway sets.
const (
	MDClientIP       = "x-client-ip"
	MDUserAgent      = "grpcgateway-user-agent"
	MDIdempotencyKey = "idempotency-key"
)

// SubmitTimeout bounds storing a lead, so that with Postgres down the
// visitor hears "call us" within seconds instead of waiting on a hung pool.
const SubmitTimeout = 3 * time.Second

// MsgUnavailable is what a visitor reads when the lead could not be stored.
const MsgUnavailable = "We couldn't send your request just now. Please call us or e-mail us and we'll take care of it right away."

// Server implements ContactService and LeadInboxService.
type Server struct {
	contactv1.UnimplementedContactServiceServer
	contactv1.UnimplementedLeadInboxServiceServer
	svc *contact.Service
	log *slog.Logger
}

// New returns a Server over svc.
func New(log *slog.Logger, svc *contact.Service) *Server { return &Server{svc: svc, log: log} }

// NewGRPCServer builds the contact service's gRPC server from the shared
// options (signer, metrics, transport) plus its own (the inbox and the
// webhooks need staff; a submission is cleaned and its form variant
// inferred before validation) with the intake and the inbox on svc and
// the webhooks on hooks.
func NewGRPCServer(log *slog.Logger, svc *contact.Service, hooks *webhook.Service, opts grpcserver.Options) (*grpcserver.Server, error) {
	opts.BeforeValidate = []grpc.UnaryServerInterceptor{PrepareSubmission}
	srv, err := grpcserver.New(log, opts)
	if err != nil {
		return nil, err
	}
	server := New(log, svc)
	contactv1.RegisterContactServiceServer(srv.GRPC(), server)
	contactv1.RegisterLeadInboxServiceServer(srv.GRPC(), server)
	contactv1.RegisterWebhookAdminServiceServer(srv.GRPC(), NewWebhooks(hooks))
	return srv, nil
}

// gatewayMD is the value of a metadata key the gateway sets once, or
// empty when the call carries none or more than one: a second value is
// not the gateway's, and the lead keeps no value rather than a forged one.
func gatewayMD(md metadata.MD, key string) string {
	if v := md.Get(key); len(v) == 1 {
		return v[0]
	}
	return ""
}

// PrepareSubmission is the contact service's BeforeValidate interceptor
// (SettleVariant on a submission): it runs before the shared refusal of
// NUL characters and before the proto rules.
func PrepareSubmission(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if r, ok := req.(*contactv1.SubmitInspectionRequestRequest); ok {
		SettleVariant(r)
	}
	return handler(ctx, req)
}

// SettleVariant makes a submission what the rules are checked on: every
// text cleaned as the lead stores it (contact.CleanText: a NUL a visitor
// never saw is dropped, so the lead is kept rather than refused, and a
// field left empty by it gets that field's own message), and, when its
// client did not name its form (SPEC §7's payloads do not), the variant
// its payload shows (hasVideo is sent only by the /contact page), so the
// right SPEC §5 rule set is checked. This is the one place the variant is
// inferred (contact.Prepare takes it as settled): only the request shows
// whether hasVideo was sent, and the rules need the variant before the
// handler runs.
func SettleVariant(r *contactv1.SubmitInspectionRequestRequest) {
	grpcserver.MapStrings(r, contact.CleanText)
	r.FormVariant = contact.InferVariant(r.GetFormVariant(), r.HasVideo != nil, r.GetPreviousRepairs(), r.GetPreferredContactTime())
}

// SubmissionFromProto is the domain's view of a (validated) request.
func SubmissionFromProto(req *contactv1.SubmitInspectionRequestRequest) contact.Submission {
	a := req.GetAttribution()
	return contact.Submission{
		Lead: contact.Lead{
			FormVariant: req.GetFormVariant(), FirstName: req.GetFirstName(), LastName: req.GetLastName(),
			Email: req.GetEmail(), Phone: req.GetPhone(), Address: req.GetAddress(), City: req.GetCity(),
			Urgency: req.GetUrgency(), Issues: req.GetIssues(), HomeAge: req.GetHomeAge(),
			PreviousRepairs: req.GetPreviousRepairs(), Description: req.GetDescription(),
			PreferredContactTime: req.GetPreferredContactTime(), HasVideo: req.GetHasVideo(), SourcePage: req.GetSourcePage(),
			Attribution: contact.Attribution{UTMSource: a.GetUtmSource(), UTMMedium: a.GetUtmMedium(), UTMCampaign: a.GetUtmCampaign(), GCLID: a.GetGclid()},
			Language:    req.GetLanguage(),
		},
		Honeypot: req.GetWebsite(),
	}
}

// SubmitInspectionRequest stores a lead from either form.
func (s *Server) SubmitInspectionRequest(ctx context.Context, req *contactv1.SubmitInspectionRequestRequest) (*contactv1.SubmitInspectionRequestResponse, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	sub := SubmissionFromProto(req)
	meta := contact.Meta{
		UserAgent:      gatewayMD(md, MDUserAgent),
		ClientIP:       gatewayMD(md, MDClientIP),
		IdempotencyKey: gatewayMD(md, MDIdempotencyKey),
	}
	sctx, cancel := context.WithTimeout(ctx, SubmitTimeout)
	defer cancel()
	l, err := s.svc.Submit(sctx, sub, meta)
	if err != nil {
		s.log.ErrorContext(ctx, "lead not stored", "err", err)
		return nil, status.Error(codes.Unavailable, MsgUnavailable)
	}
	if l.IsSpam {
		s.log.InfoContext(ctx, "honeypot lead stored as spam", "lead_id", l.ID)
	}
	if l.Language == "" && strings.TrimSpace(req.GetLanguage()) != "" {
		// Only its length: what a client sent there may be anything, and a
		// log line cannot be erased with the lead (issue 39).
		s.log.DebugContext(ctx, "lead language is not a language tag; stored as unknown", "lead_id", l.ID,
			"length", len(req.GetLanguage()))
	}
	return &contactv1.SubmitInspectionRequestResponse{
		Id: l.ID, CreatedAt: timestamppb.New(l.CreatedAt), RespondBy: timestamppb.New(l.RespondBy),
	}, nil
}

// MaxLeadsPerAnswer caps a page of the inbox whatever its page_size asks
// (up to 200): a lead holds up to about 12,000 characters (every field at
// its cap), 48 KB in the widest UTF-8, so 50 of them stay under 2.5 MB,
// within the 4 MiB one gRPC message carries. A page of 100 of the largest
// (4.5 MB) failed after the leads were read.
const MaxLeadsPerAnswer = 50

// ListLeads returns a page of the inbox.
func (s *Server) ListLeads(ctx context.Context, req *contactv1.ListLeadsRequest) (*contactv1.ListLeadsResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	p, err := s.svc.List(ctx, queryFromProto(req), min(int(req.GetPageSize()), MaxLeadsPerAnswer), req.GetPageToken())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	out := make([]*contactv1.Lead, len(p.Leads))
	for i, l := range p.Leads {
		out[i] = contactnats.ToProtoLead(l)
	}
	return &contactv1.ListLeadsResponse{
		Submissions: out, NextPageToken: p.NextCursor,
		UnreadCount: int32(p.UnreadCount), OverdueCount: int32(p.OverdueCount),
	}, nil
}

// GetLead returns one lead.
func (s *Server) GetLead(ctx context.Context, req *contactv1.GetLeadRequest) (*contactv1.GetLeadResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	l, err := s.svc.Get(ctx, req.GetId())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	return &contactv1.GetLeadResponse{Submission: contactnats.ToProtoLead(l)}, nil
}

// UpdateLead applies the changes the request names: read flag, status,
// assignee, each recorded and announced on its own.
func (s *Server) UpdateLead(ctx context.Context, req *contactv1.UpdateLeadRequest) (*contactv1.UpdateLeadResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	changes := changesFromProto(req.IsRead, req.Status, req.Assignee)
	var l contact.Lead
	if len(changes) == 0 {
		l, err = s.svc.Get(ctx, req.GetId())
	}
	for _, ch := range changes {
		if l, err = s.svc.Update(ctx, req.GetId(), ch, c.Email); err != nil {
			break
		}
	}
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	return &contactv1.UpdateLeadResponse{Submission: contactnats.ToProtoLead(l)}, nil
}

// changesFromProto is one Change per field the request names.
func changesFromProto(isRead *bool, status, assignee *string) []contact.Change {
	var out []contact.Change
	if status != nil {
		out = append(out, contact.Change{Status: status})
	}
	if assignee != nil {
		out = append(out, contact.Change{Assignee: assignee})
	}
	if isRead != nil {
		out = append(out, contact.Change{IsRead: isRead})
	}
	return out
}

// BulkUpdateLeads applies the one change the request names to each lead.
func (s *Server) BulkUpdateLeads(ctx context.Context, req *contactv1.BulkUpdateLeadsRequest) (*contactv1.BulkUpdateLeadsResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	changes := changesFromProto(req.IsRead, req.Status, req.Assignee)
	if len(changes) != 1 {
		return nil, status.Error(codes.InvalidArgument, "Choose one change: read, status or assignee")
	}
	n, err := s.svc.Bulk(ctx, req.GetIds(), changes[0], c.Email)
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	return &contactv1.BulkUpdateLeadsResponse{Updated: int32(n)}, nil
}

// AddLeadNote adds a note to a lead's history.
func (s *Server) AddLeadNote(ctx context.Context, req *contactv1.AddLeadNoteRequest) (*contactv1.AddLeadNoteResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	a, err := s.svc.AddNote(ctx, req.GetLeadId(), req.GetBody(), c.Email)
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	return &contactv1.AddLeadNoteResponse{Activity: toProtoActivity(a)}, nil
}

// ListLeadActivity returns a page of a lead's history.
func (s *Server) ListLeadActivity(ctx context.Context, req *contactv1.ListLeadActivityRequest) (*contactv1.ListLeadActivityResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	p, err := s.svc.Activity(ctx, req.GetLeadId(), int(req.GetPageSize()), req.GetPageToken())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	out := make([]*contactv1.LeadActivity, len(p.Entries))
	for i, a := range p.Entries {
		out[i] = toProtoActivity(a)
	}
	return &contactv1.ListLeadActivityResponse{Activity: out, NextPageToken: p.NextCursor, TotalSize: int32(p.Total)}, nil
}

// GetLeadStats returns the response-time dashboard.
func (s *Server) GetLeadStats(ctx context.Context, req *contactv1.GetLeadStatsRequest) (*contactv1.GetLeadStatsResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	st, err := s.svc.Stats(ctx, int(req.GetWeeks()))
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	times := func(r contact.ResponseTimes) *contactv1.ResponseTimes {
		return &contactv1.ResponseTimes{
			Leads: int32(r.Leads), Responded: int32(r.Responded), WithinPromise: int32(r.WithinPromise),
			MedianMinutes: r.Median.Minutes(), P90Minutes: r.P90.Minutes(), Awaiting: int32(r.Awaiting), Overdue: int32(r.Overdue),
		}
	}
	weekly := func(ws []contact.WeeklyCount) []*contactv1.WeeklyCount {
		out := make([]*contactv1.WeeklyCount, len(ws))
		for i, w := range ws {
			out[i] = &contactv1.WeeklyCount{WeekStart: timestamppb.New(w.WeekStart), Key: w.Key, Count: int32(w.Count)}
		}
		return out
	}
	return &contactv1.GetLeadStatsResponse{
		LastWeek: times(st.LastWeek), LastMonth: times(st.LastMonth),
		ByCity: weekly(st.ByCity), BySource: weekly(st.BySource),
		PromiseMinutes: int32(contact.RespondWithin.Minutes()),
	}, nil
}

func toProtoActivity(a contact.Activity) *contactv1.LeadActivity {
	return &contactv1.LeadActivity{
		Id: a.ID, LeadId: a.LeadID, Kind: a.Kind, From: a.From, To: a.To, Body: a.Body, Actor: a.Actor,
		CreatedAt: timestamppb.New(a.CreatedAt),
	}
}

// leadQuery is what ListLeadsRequest and ExportLeadsRequest share.
type leadQuery interface {
	GetFilter() string
	GetStatus() string
	GetCity() string
	GetSource() string
	GetCreatedFrom() *timestamppb.Timestamp
	GetCreatedTo() *timestamppb.Timestamp
	GetQuery() string
	GetAssignee() string
}

// queryFromProto is the domain query of a list or export request.
func queryFromProto(r leadQuery) contact.Query {
	q := contact.Query{
		Filter: contact.DefaultFilter(contact.Filter(r.GetFilter())), Status: r.GetStatus(),
		City: strings.TrimSpace(r.GetCity()), Source: strings.TrimSpace(r.GetSource()),
		Text: r.GetQuery(), Assignee: strings.TrimSpace(r.GetAssignee()),
	}
	if t := r.GetCreatedFrom(); t != nil {
		q.From = t.AsTime()
	}
	if t := r.GetCreatedTo(); t != nil {
		q.To = t.AsTime()
	}
	return q
}

// CSVHeader is the export's first row. New columns go at the end, so an
// importer that reads the columns by position keeps working.
var CSVHeader = []string{"id", "createdAt", "respondBy", "formVariant", "firstName", "lastName", "email", "phone",
	"address", "city", "urgency", "issues", "homeAge", "previousRepairs", "description", "preferredContactTime",
	"hasVideo", "sourcePage", "utmSource", "utmMedium", "utmCampaign", "gclid", "userAgent", "isRead", "isSpam", "duplicateOf",
	"status", "assignee", "firstResponseAt", "language"}

// ExportChunk caps the CSV bytes of one stream message. gRPC refuses
// messages over 4 MiB, which a whole-file answer passed at about 9,000
// leads; rows are gathered into messages of at most this size instead.
const ExportChunk = 64 << 10

// csvContentType is the export's media type.
const csvContentType = "text/csv; charset=utf-8"

// ExportLeads streams the matching leads as CSV: the header row first, then
// the rows, in messages of at most ExportChunk bytes, as the store reads
// them. Nothing is sent until the first chunk is full (or the export is
// done), so a failure to read the leads still reaches the caller as an
// error status rather than as a cut-off file.
func (s *Server) ExportLeads(req *contactv1.ExportLeadsRequest, stream grpc.ServerStreamingServer[httpbody.HttpBody]) error {
	ctx := stream.Context()
	if _, err := identity.RequireStaff(ctx); err != nil {
		return err
	}
	q := queryFromProto(req)
	name := fmt.Sprintf("leads-%s-%s.csv", q.Filter, time.Now().UTC().Format("2006-01-02"))
	if err := stream.SetHeader(metadata.Pairs("content-disposition", `attachment; filename="`+name+`"`)); err != nil {
		return s.errToStatus(ctx, err)
	}

	out := &chunker{send: func(b []byte) error {
		return stream.Send(&httpbody.HttpBody{ContentType: csvContentType, Data: b})
	}}
	var row bytes.Buffer
	w := csv.NewWriter(&row)
	// writeRow encodes one record and hands it to the chunker whole, so a
	// message ends on a row boundary whenever a row fits.
	writeRow := func(cells []string) error {
		row.Reset()
		if err := w.Write(cells); err != nil {
			return err
		}
		w.Flush()
		if err := w.Error(); err != nil {
			return err
		}
		return out.add(row.Bytes())
	}
	out.buf.WriteString("\ufeff") // Excel reads UTF-8 only with a BOM
	if err := writeRow(CSVHeader); err != nil {
		return s.errToStatus(ctx, err)
	}
	err := s.svc.Export(ctx, q, func(l contact.Lead) error {
		a := l.Attribution
		return writeRow(SafeCells([]string{
			l.ID, l.CreatedAt.UTC().Format(time.RFC3339), l.RespondBy.UTC().Format(time.RFC3339), l.FormVariant,
			l.FirstName, l.LastName, l.Email, l.Phone, l.Address, l.City, l.Urgency, strings.Join(l.Issues, "; "),
			l.HomeAge, l.PreviousRepairs, l.Description, l.PreferredContactTime, strconv.FormatBool(l.HasVideo),
			l.SourcePage, a.UTMSource, a.UTMMedium, a.UTMCampaign, a.GCLID, l.UserAgent,
			strconv.FormatBool(l.IsRead), strconv.FormatBool(l.IsSpam), l.DuplicateOf,
			l.Status, l.Assignee, formatOptional(l.FirstResponseAt), l.Language,
		}))
	})
	if err == nil {
		err = out.flush()
	}
	if err != nil {
		if ctx.Err() != nil {
			// The caller left or its deadline passed: nothing to log.
			return status.FromContextError(ctx.Err()).Err()
		}
		return s.errToStatus(ctx, err)
	}
	return nil
}

// chunker gathers rows into messages of at most ExportChunk bytes.
type chunker struct {
	buf  bytes.Buffer
	send func([]byte) error
}

// add appends one encoded row, first sending what is gathered if the row
// would not fit. A row longer than a whole message (the stored field caps
// make that impossible today) is split, so the bound holds regardless.
func (c *chunker) add(row []byte) error {
	if c.buf.Len()+len(row) > ExportChunk {
		if err := c.flush(); err != nil {
			return err
		}
	}
	for len(row) > ExportChunk {
		if err := c.send(row[:ExportChunk]); err != nil {
			return err
		}
		row = row[ExportChunk:]
	}
	c.buf.Write(row)
	return nil
}

// flush sends what is gathered, if anything.
func (c *chunker) flush() error {
	if c.buf.Len() == 0 {
		return nil
	}
	// Send marshals the message before returning, so the buffer can be
	// reused at once.
	err := c.send(c.buf.Bytes())
	c.buf.Reset()
	return err
}

// SafeCells neutralises spreadsheet formulas: a cell starting with = + - @
// (or a tab or carriage return) gets a leading apostrophe, so opening the
// export never runs anything.
func SafeCells(cells []string) []string { return csvcell.Safe(cells) }

// errToStatus is the service's one mapping from domain errors to gRPC codes;
// anything else is returned as it is, for grpcserver's interceptor to answer
// (and log) once for every service.
func (s *Server) errToStatus(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, contact.ErrNotFound):
		return status.Error(codes.NotFound, "That request no longer exists.")
	case errors.Is(err, contact.ErrInvalid):
		return status.Error(codes.InvalidArgument, "That change is not one the inbox can make.")
	case errors.Is(err, contact.ErrBadCursor):
		return status.Error(codes.InvalidArgument, "The page token is not valid; start from the first page.")
	case errors.Is(err, contact.ErrShortSearch):
		return status.Error(codes.InvalidArgument, contact.MsgShortSearch)
	case errors.Is(err, contact.ErrErased):
		return status.Error(codes.FailedPrecondition, MsgErased)
	case errors.Is(err, contact.ErrSpoolBusy):
		return status.Error(codes.Unavailable, MsgSpoolBusy)
	}
	return err // grpcserver's interceptor answers the rest (outages, timeouts, internal errors)
}

// formatOptional is t in RFC 3339 UTC, or empty when t is zero.
func formatOptional(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

package contactgrpc

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	authv1 "github.com/valleytrenchless/site/gen/trenchless/auth/v1"
	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/contact/internal/contactnats"
)

// What staff read when an erase cannot be made.
const (
	MsgErased    = "This lead's personal data has been erased: there is nothing of the person left to match, and notes can't be added."
	MsgSpoolBusy = "Leads received while the database was away are still being stored. One of them could be this person's: try again in a minute."
)

// PreviewErasure says what erasing a lead's homeowner would cover.
func (s *Server) PreviewErasure(ctx context.Context, req *contactv1.PreviewErasureRequest) (*contactv1.PreviewErasureResponse, error) {
	if _, err := identity.Require(ctx, authv1.Access_ACCESS_OWNER); err != nil {
		return nil, err
	}
	p, err := s.svc.PreviewErasure(ctx, req.GetLeadId())
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	out := &contactv1.PreviewErasureResponse{ByEmail: int32(p.ByEmail), ByPhone: int32(p.ByPhone), Total: int32(p.Total),
		ErasedAt: contactnats.OptionalTime(p.ErasedAt)}
	for _, m := range p.Leads {
		out.Leads = append(out.Leads, &contactv1.ErasureMatch{Id: m.ID, CreatedAt: timestamppb.New(m.CreatedAt),
			FirstName: m.FirstName, LastName: m.LastName, City: m.City, Status: m.Status, ByEmail: m.ByEmail, ByPhone: m.ByPhone})
	}
	return out, nil
}

// ErasePerson erases a homeowner's personal data on their request. The
// log line, like the answer, names leads by id and counts only.
func (s *Server) ErasePerson(ctx context.Context, req *contactv1.ErasePersonRequest) (*contactv1.ErasePersonResponse, error) {
	c, err := identity.Require(ctx, authv1.Access_ACCESS_OWNER)
	if err != nil {
		return nil, err
	}
	e, err := s.svc.ErasePerson(ctx, req.GetLeadId(), req.GetByEmail(), req.GetByPhone(), c.Email)
	if err != nil {
		return nil, s.errToStatus(ctx, err)
	}
	s.log.InfoContext(ctx, "homeowner's personal data erased on request", "lead_id", req.GetLeadId(), "by", c.Email,
		"leads", len(e.LeadIDs), "notes", e.Notes, "outbox_messages", e.OutboxMessages,
		"webhook_deliveries", e.WebhookDeliveries, "stream_messages", e.StreamMessages, "stream_pending", e.StreamPending)
	return &contactv1.ErasePersonResponse{LeadIds: e.LeadIDs, Notes: int32(e.Notes), OutboxMessages: int32(e.OutboxMessages),
		WebhookDeliveries: int32(e.WebhookDeliveries), StreamMessages: int32(e.StreamMessages), StreamPending: e.StreamPending}, nil
}

package contactnats

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/cloudevents"
	"github.com/valleytrenchless/site/internal/msgtrace"
	"github.com/valleytrenchless/site/services/contact/internal/contact"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

// Encoder implements contact.Encoder: events as protojson, the trace context
// and the CloudEvents attributes in the headers.
type Encoder struct{}

var _ contact.Encoder = Encoder{}

// LeadSubmitted encodes the event for a new lead; its message id is the
// lead id, so JetStream collapses repeated publishes.
func (Encoder) LeadSubmitted(ctx context.Context, l contact.Lead) (contact.OutboxMessage, error) {
	payload, err := protojson.Marshal(&contactv1.LeadSubmitted{Lead: ToProtoLead(l)})
	if err != nil {
		return contact.OutboxMessage{}, err
	}
	return contact.OutboxMessage{Subject: SubjectSubmitted, MsgID: l.ID, Payload: payload,
		Headers: headers(ctx, cloudevents.Event{ID: l.ID, Source: cloudevents.SourceContact, Subject: SubjectSubmitted, About: l.ID, Time: l.CreatedAt})}, nil
}

// LeadUpdated encodes one staff change with the lead's state after it. Its
// message id names the activity entry, so a repeated publish collapses.
func (Encoder) LeadUpdated(ctx context.Context, l contact.Lead, a contact.Activity) (contact.OutboxMessage, error) {
	ev := &contactv1.LeadUpdated{
		LeadId: l.ID, IsRead: l.IsRead, UpdatedBy: a.Actor, UpdatedAt: timestamppb.New(a.CreatedAt),
		Change: a.Kind, Status: l.Status, Assignee: l.Assignee, ActivityId: a.ID,
		FirstResponseAt: OptionalTime(l.FirstResponseAt),
	}
	if a.Kind == contact.KindStatus {
		ev.PreviousStatus = a.From
	}
	payload, err := protojson.Marshal(ev)
	if err != nil {
		return contact.OutboxMessage{}, err
	}
	id := fmt.Sprintf("%s/%d", l.ID, a.ID)
	return contact.OutboxMessage{Subject: SubjectUpdated, MsgID: id, Payload: payload,
		Headers: headers(ctx, cloudevents.Event{ID: id, Source: cloudevents.SourceContact, Subject: SubjectUpdated, About: l.ID, Time: a.CreatedAt})}, nil
}

// headers are an outbox message's headers: the trace context of ctx and
// the event's CloudEvents attributes. The row keeps them; the relay
// publishes them.
func headers(ctx context.Context, e cloudevents.Event) map[string]string {
	h := msgtrace.ContextHeaders(ctx)
	for k, v := range e.Headers() {
		h[k] = v
	}
	return h
}

// OptionalTime is t as a timestamp, or nil when t is zero.
func OptionalTime(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

// ToProtoLead converts a domain lead to its proto message (the event and
// the inbox share it). The IP hash and idempotency key stay internal.
func ToProtoLead(l contact.Lead) *contactv1.Lead {
	return &contactv1.Lead{
		Id:                   l.ID,
		FormVariant:          l.FormVariant,
		FirstName:            l.FirstName,
		LastName:             l.LastName,
		Email:                l.Email,
		Phone:                l.Phone,
		Address:              l.Address,
		City:                 l.City,
		Urgency:              l.Urgency,
		Issues:               l.Issues,
		HomeAge:              l.HomeAge,
		PreviousRepairs:      l.PreviousRepairs,
		Description:          l.Description,
		PreferredContactTime: l.PreferredContactTime,
		HasVideo:             l.HasVideo,
		SourcePage:           l.SourcePage,
		Attribution: &contactv1.Attribution{
			UtmSource: l.Attribution.UTMSource, UtmMedium: l.Attribution.UTMMedium,
			UtmCampaign: l.Attribution.UTMCampaign, Gclid: l.Attribution.GCLID,
		},
		UserAgent:       l.UserAgent,
		IsRead:          l.IsRead,
		IsSpam:          l.IsSpam,
		DuplicateOf:     l.DuplicateOf,
		CreatedAt:       timestamppb.New(l.CreatedAt),
		RespondBy:       timestamppb.New(l.RespondBy),
		Status:          l.Status,
		Assignee:        l.Assignee,
		FirstResponseAt: OptionalTime(l.FirstResponseAt),
		UpdatedAt:       OptionalTime(l.UpdatedAt),
		UpdatedBy:       l.UpdatedBy,
		ErasedAt:        OptionalTime(l.ErasedAt),
		Language:        l.Language,
	}
}

// LeadFromProto is the domain lead an event carries (the reverse of
// ToProtoLead: the IP hash and idempotency key, which events do not carry,
// stay empty).
func LeadFromProto(p *contactv1.Lead) contact.Lead {
	a := p.GetAttribution()
	return contact.Lead{
		ID: p.GetId(), FormVariant: p.GetFormVariant(), FirstName: p.GetFirstName(), LastName: p.GetLastName(),
		Email: p.GetEmail(), Phone: p.GetPhone(), Address: p.GetAddress(), City: p.GetCity(), Urgency: p.GetUrgency(),
		Issues: p.GetIssues(), HomeAge: p.GetHomeAge(), PreviousRepairs: p.GetPreviousRepairs(),
		Description: p.GetDescription(), PreferredContactTime: p.GetPreferredContactTime(), HasVideo: p.GetHasVideo(),
		SourcePage: p.GetSourcePage(),
		Attribution: contact.Attribution{UTMSource: a.GetUtmSource(), UTMMedium: a.GetUtmMedium(),
			UTMCampaign: a.GetUtmCampaign(), GCLID: a.GetGclid()},
		UserAgent: p.GetUserAgent(), IsRead: p.GetIsRead(), IsSpam: p.GetIsSpam(), DuplicateOf: p.GetDuplicateOf(),
		CreatedAt: p.GetCreatedAt().AsTime(), RespondBy: p.GetRespondBy().AsTime(), Status: p.GetStatus(),
		Assignee: p.GetAssignee(), FirstResponseAt: timeOf(p.GetFirstResponseAt()), UpdatedAt: timeOf(p.GetUpdatedAt()),
		UpdatedBy: p.GetUpdatedBy(), ErasedAt: timeOf(p.GetErasedAt()), Language: p.GetLanguage(),
	}
}

// timeOf is t as a time, zero when t is nil.
func timeOf(t *timestamppb.Timestamp) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.AsTime()
}

// WebhookDisabledNotice encodes the event that tells the office a webhook
// endpoint was turned off (webhook.Service's Notice).
func WebhookDisabledNotice(e webhook.Endpoint, reason string, failingSince, at time.Time) (contact.OutboxMessage, error) {
	payload, err := protojson.Marshal(&contactv1.WebhookDisabled{EndpointId: e.ID, Url: e.URL, Description: e.Description,
		Reason: reason, FailingSince: OptionalTime(failingSince), DisabledAt: timestamppb.New(at)})
	if err != nil {
		return contact.OutboxMessage{}, err
	}
	id := fmt.Sprintf("webhook-disabled/%s/%d", e.ID, at.UnixNano())
	return contact.OutboxMessage{Subject: SubjectWebhookDisabled, MsgID: id, Payload: payload,
		Headers: cloudevents.Event{ID: id, Source: cloudevents.SourceContact, Subject: SubjectWebhookDisabled, About: e.ID, Time: at}.Headers()}, nil
}

// LeadsErased encodes the event that tells downstream systems leads were
// erased (contact.ErasedEvent): their ids only. Its message id is new per
// erase.
func LeadsErased(ids []string, reason string, at time.Time) (contact.OutboxMessage, error) {
	payload, err := protojson.Marshal(&contactv1.LeadsErased{LeadIds: ids, Reason: reason, ErasedAt: timestamppb.New(at)})
	if err != nil {
		return contact.OutboxMessage{}, err
	}
	id := "leads-erased/" + uuid.NewString()
	return contact.OutboxMessage{Subject: SubjectErased, MsgID: id, Payload: payload,
		Headers: cloudevents.Event{ID: id, Source: cloudevents.SourceContact, Subject: SubjectErased, Time: at}.Headers()}, nil
}

package contactgrpc

import (
	"context"
	"errors"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/services/contact/internal/webhook"
)

// Webhooks implements WebhookAdminService over the webhook rules.
type Webhooks struct {
	contactv1.UnimplementedWebhookAdminServiceServer
	svc *webhook.Service
}

// NewWebhooks returns the service over svc.
func NewWebhooks(svc *webhook.Service) *Webhooks { return &Webhooks{svc: svc} }

// webhookErr maps the webhook rules' errors; the interceptor answers the
// rest.
func webhookErr(err error) error {
	var inv *webhook.InvalidError
	switch {
	case errors.As(err, &inv):
		return status.Error(codes.InvalidArgument, inv.Msg)
	case errors.Is(err, webhook.ErrNotFound):
		return status.Error(codes.NotFound, "That webhook or delivery no longer exists.")
	case errors.Is(err, webhook.ErrTooMany):
		return status.Errorf(codes.FailedPrecondition, "There are already %d webhooks; remove one first.", webhook.MaxEndpoints)
	}
	return err
}

// ListWebhookEndpoints returns every endpoint.
func (w *Webhooks) ListWebhookEndpoints(ctx context.Context, _ *contactv1.ListWebhookEndpointsRequest) (*contactv1.ListWebhookEndpointsResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	eps, err := w.svc.ListEndpoints(ctx)
	if err != nil {
		return nil, webhookErr(err)
	}
	out := &contactv1.ListWebhookEndpointsResponse{}
	for _, e := range eps {
		out.Endpoints = append(out.Endpoints, endpointToProto(e))
	}
	return out, nil
}

// CreateWebhookEndpoint adds an endpoint and returns its secret once.
func (w *Webhooks) CreateWebhookEndpoint(ctx context.Context, req *contactv1.CreateWebhookEndpointRequest) (*contactv1.CreateWebhookEndpointResponse, error) {
	c, err := identity.RequireStaff(ctx)
	if err != nil {
		return nil, err
	}
	url, desc, tmpl, events := req.GetUrl(), req.GetDescription(), req.GetBodyTemplate(), req.GetEvents()
	e, err := w.svc.CreateEndpoint(ctx, webhook.Input{URL: &url, Description: &desc, BodyTemplate: &tmpl, Events: &events}, c.Email)
	if err != nil {
		return nil, webhookErr(err)
	}
	return &contactv1.CreateWebhookEndpointResponse{Endpoint: endpointToProto(e), Secret: e.Secret}, nil
}

// UpdateWebhookEndpoint changes the fields given.
func (w *Webhooks) UpdateWebhookEndpoint(ctx context.Context, req *contactv1.UpdateWebhookEndpointRequest) (*contactv1.UpdateWebhookEndpointResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	in := webhook.Input{URL: req.Url, Description: req.Description, BodyTemplate: req.BodyTemplate, Enabled: req.Enabled}
	if req.GetUpdateEvents() {
		events := req.GetEvents()
		in.Events = &events
	}
	e, err := w.svc.UpdateEndpoint(ctx, req.GetId(), in)
	if err != nil {
		return nil, webhookErr(err)
	}
	return &contactv1.UpdateWebhookEndpointResponse{Endpoint: endpointToProto(e)}, nil
}

// DeleteWebhookEndpoint removes an endpoint and its log.
func (w *Webhooks) DeleteWebhookEndpoint(ctx context.Context, req *contactv1.DeleteWebhookEndpointRequest) (*contactv1.DeleteWebhookEndpointResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	if err := w.svc.DeleteEndpoint(ctx, req.GetId()); err != nil && !errors.Is(err, webhook.ErrNotFound) {
		return nil, webhookErr(err)
	}
	return &contactv1.DeleteWebhookEndpointResponse{}, nil
}

// RotateWebhookSecret makes a new secret and returns it once.
func (w *Webhooks) RotateWebhookSecret(ctx context.Context, req *contactv1.RotateWebhookSecretRequest) (*contactv1.RotateWebhookSecretResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	e, err := w.svc.RotateSecret(ctx, req.GetId())
	if err != nil {
		return nil, webhookErr(err)
	}
	return &contactv1.RotateWebhookSecretResponse{Endpoint: endpointToProto(e), Secret: e.Secret}, nil
}

// SendTestWebhook sends a sample lead now.
func (w *Webhooks) SendTestWebhook(ctx context.Context, req *contactv1.SendTestWebhookRequest) (*contactv1.SendTestWebhookResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	d, err := w.svc.SendTest(ctx, req.GetId())
	if err != nil {
		return nil, webhookErr(err)
	}
	return &contactv1.SendTestWebhookResponse{Delivery: deliveryToProto(d)}, nil
}

// ListWebhookDeliveries returns a page of an endpoint's log.
func (w *Webhooks) ListWebhookDeliveries(ctx context.Context, req *contactv1.ListWebhookDeliveriesRequest) (*contactv1.ListWebhookDeliveriesResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	ds, next, err := w.svc.ListDeliveries(ctx, req.GetEndpointId(), req.GetPageToken(), int(req.GetPageSize()))
	if err != nil {
		return nil, webhookErr(err)
	}
	out := &contactv1.ListWebhookDeliveriesResponse{NextPageToken: next}
	for _, d := range ds {
		out.Deliveries = append(out.Deliveries, deliveryToProto(d))
	}
	return out, nil
}

// GetWebhookDelivery returns a delivery with every attempt.
func (w *Webhooks) GetWebhookDelivery(ctx context.Context, req *contactv1.GetWebhookDeliveryRequest) (*contactv1.GetWebhookDeliveryResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	d, attempts, err := w.svc.GetDelivery(ctx, req.GetEndpointId(), req.GetId())
	if err != nil {
		return nil, webhookErr(err)
	}
	out := &contactv1.GetWebhookDeliveryResponse{Delivery: deliveryToProto(d)}
	for _, a := range attempts {
		out.Attempts = append(out.Attempts, attemptToProto(a))
	}
	return out, nil
}

// ResendWebhookDelivery sends one delivery again now.
func (w *Webhooks) ResendWebhookDelivery(ctx context.Context, req *contactv1.ResendWebhookDeliveryRequest) (*contactv1.ResendWebhookDeliveryResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	d, err := w.svc.Resend(ctx, req.GetEndpointId(), req.GetId())
	if err != nil {
		return nil, webhookErr(err)
	}
	return &contactv1.ResendWebhookDeliveryResponse{Delivery: deliveryToProto(d)}, nil
}

// ResendWebhookDeliveries queues an endpoint's deliveries since a time.
func (w *Webhooks) ResendWebhookDeliveries(ctx context.Context, req *contactv1.ResendWebhookDeliveriesRequest) (*contactv1.ResendWebhookDeliveriesResponse, error) {
	if _, err := identity.RequireStaff(ctx); err != nil {
		return nil, err
	}
	n, err := w.svc.ResendSince(ctx, req.GetEndpointId(), req.GetSince().AsTime(), req.GetIncludeDelivered())
	if err != nil {
		return nil, webhookErr(err)
	}
	return &contactv1.ResendWebhookDeliveriesResponse{Queued: int32(n)}, nil //nolint:gosec // at most the endpoint's deliveries
}

// ts is t as a timestamp, nil when zero.
func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func endpointToProto(e webhook.Endpoint) *contactv1.WebhookEndpoint {
	p := &contactv1.WebhookEndpoint{Id: e.ID, Url: e.URL, Description: e.Description, Events: e.Events,
		BodyTemplate: e.BodyTemplate, Enabled: e.Enabled, DisabledReason: e.DisabledReason, CreatedAt: ts(e.CreatedAt),
		CreatedBy: e.CreatedBy, UpdatedAt: ts(e.UpdatedAt), SecretRotatedAt: ts(e.SecretRotatedAt),
		FailingSince: ts(e.FailingSince), SecretHint: webhook.SecretHint(e.Secret)}
	if e.PreviousSecret != "" && time.Now().Before(e.PreviousSecretExpiresAt) {
		p.PreviousSecretExpiresAt = ts(e.PreviousSecretExpiresAt)
	}
	return p
}

func deliveryToProto(d webhook.Delivery) *contactv1.WebhookDelivery {
	p := &contactv1.WebhookDelivery{Id: d.ID, EndpointId: d.EndpointID, Event: d.Event, LeadId: d.LeadID,
		CreatedAt: ts(d.CreatedAt), Status: d.Status, Attempts: int32(d.Attempts), Test: d.Test} //nolint:gosec // attempts are few
	if d.Status == webhook.StatusPending {
		p.NextAttemptAt = ts(d.NextAttemptAt)
	}
	if d.LastAttempt != nil {
		p.LastAttempt = attemptToProto(*d.LastAttempt)
	}
	return p
}

func attemptToProto(a webhook.Attempt) *contactv1.WebhookAttempt {
	return &contactv1.WebhookAttempt{Number: int32(a.Number), At: ts(a.At), StatusCode: int32(a.StatusCode), //nolint:gosec // small numbers
		LatencyMs: a.Latency.Milliseconds(), Response: a.Response, Error: a.Error, InProgress: a.InProgress}
}

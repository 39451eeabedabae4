// Package contactnats is the contact service's NATS side: the JetStream
// stream that carries lead events.
package contactnats

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Subjects of the lead events.
const (
	SubjectSubmitted = "leads.submitted"
	SubjectUpdated   = "leads.updated"
	// SubjectWebhookDisabled tells the office a webhook endpoint was
	// turned off by its receiver's answers.
	SubjectWebhookDisabled = "leads.webhook_disabled"
	// SubjectErased tells downstream systems leads' personal data was
	// erased (their ids only).
	SubjectErased = "leads.erased"
	// SubjectDeadLetter is the lead notifier's copy of a lead it could not
	// mail.
	SubjectDeadLetter = "leads.deadletter"
)

// StreamOptions describe the lead stream.
type StreamOptions struct {
	// Name of the stream; LEADS in every deployment.
	Name string
	// Subjects the stream captures, e.g. leads.>.
	Subjects []string
	// Replicas is 1 on one server, 3 on a cluster.
	Replicas int
	// DuplicateWindow is how long Nats-Msg-Id de-duplication remembers ids.
	DuplicateWindow time.Duration
}

// StreamMaxAge is how long LEADS keeps a message.
const StreamMaxAge = 365 * 24 * time.Hour

// MinDuplicateWindow is the shortest de-duplication window accepted: long
// enough to cover a relay retrying after a lost acknowledgement.
const MinDuplicateWindow = 2 * time.Minute

// EnsureStream creates the stream, or updates it to these options when it
// exists (file storage, limits retention).
func EnsureStream(ctx context.Context, js jetstream.JetStream, o StreamOptions) (jetstream.Stream, error) {
	if o.DuplicateWindow < MinDuplicateWindow {
		o.DuplicateWindow = MinDuplicateWindow
	}
	if o.Replicas < 1 {
		o.Replicas = 1
	}
	cfg := jetstream.StreamConfig{
		Name:        o.Name,
		Description: "Inspection requests (leads) from the website",
		Subjects:    o.Subjects,
		Storage:     jetstream.FileStorage,
		Retention:   jetstream.LimitsPolicy,
		Replicas:    o.Replicas,
		Duplicates:  o.DuplicateWindow,
		MaxAge:      StreamMaxAge,
	}
	s, err := js.CreateOrUpdateStream(ctx, cfg)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("ensure stream %s: NATS did not answer in time: %w", o.Name, err)
		}
		return nil, fmt.Errorf("ensure stream %s: %w", o.Name, err)
	}
	return s, nil
}

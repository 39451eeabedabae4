// Package contentnats announces content writes on NATS so that caches of
// public reads (the gateway's) can be dropped.
package contentnats

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/timestamppb"

	contentv1 "github.com/valleytrenchless/site/gen/trenchless/content/v1"
	"github.com/valleytrenchless/site/services/content/internal/content"
)

// Subject carries ContentChanged events (core NATS; a missed event only
// means a cache lives until its backstop expiry).
const Subject = "content.changed"

// Publisher implements content.Publisher on a NATS connection.
type Publisher struct {
	nc  *nats.Conn
	log *slog.Logger
	now func() time.Time
}

// NewPublisher returns a Publisher on nc.
func NewPublisher(log *slog.Logger, nc *nats.Conn) *Publisher {
	return &Publisher{nc: nc, log: log, now: time.Now}
}

var _ content.Publisher = (*Publisher)(nil)

// ContentChanged publishes the event; failures are logged, not returned.
func (p *Publisher) ContentChanged(ctx context.Context, c content.Change) {
	payload, err := protojson.Marshal(&contentv1.ContentChanged{Kind: c.Kind, Id: c.ID, ChangedAt: timestamppb.New(p.now())})
	if err != nil {
		p.log.ErrorContext(ctx, "encode content.changed", "err", err)
		return
	}
	if err := p.nc.Publish(Subject, payload); err != nil {
		p.log.WarnContext(ctx, "publish content.changed failed", "kind", c.Kind, "id", c.ID, "err", err)
	}
}

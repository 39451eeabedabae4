package natsconn

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Consume makes sure the durable consumer cfg exists on stream (trying
// again every 2 s while NATS or the stream is not there), then fetches up
// to batch messages at a time and hands each to handle, until ctx ends.
// handle acknowledges; what it does not is redelivered after the
// consumer's AckWait. what names the consumer in the log.
func Consume(ctx context.Context, js jetstream.JetStream, stream string, cfg jetstream.ConsumerConfig, batch int,
	log *slog.Logger, what string, handle func(context.Context, jetstream.Msg)) {
	var cons jetstream.Consumer
	for {
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		var err error
		cons, err = js.CreateOrUpdateConsumer(cctx, stream, cfg)
		cancel()
		if err == nil {
			break
		}
		log.Warn(what+": consumer not ready; retrying", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Second):
		}
	}
	log.Info(what+" consuming", "stream", stream, "durable", cfg.Durable)
	for ctx.Err() == nil {
		msgs, err := cons.Fetch(batch, jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			if ctx.Err() == nil {
				log.Warn(what+": fetch failed", "err", err)
				time.Sleep(time.Second)
			}
			continue
		}
		for m := range msgs.Messages() {
			handle(ctx, m)
		}
	}
}

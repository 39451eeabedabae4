package content

import (
	"context"
	"log/slog"
	"time"
)

// ScheduleInterval is how often AnnounceScheduled looks for posts whose
// publish time has passed (ADR 0003: a scheduled post is on the site at most
// about this late, and every gateway must serve it within a second). A
// round is one index-backed claim that finds nothing most of the time
// (blog_posts_unannounced_idx), so twice a second per replica costs
// nothing worth saving.
const ScheduleInterval = 500 * time.Millisecond

// announceBatch is how many posts one claim announces; a round claims
// again while claims come back full.
const announceBatch = 100

// announceTimeout bounds one claim with its publish: the claimed posts stay
// locked that long at most when NATS takes the publish but never confirms.
const announceTimeout = 5 * time.Second

// AnnounceScheduled runs until ctx ends. Every interval it announces as
// changed each published post whose publish time has passed and whose going
// live nobody has announced, so caches of public reads drop the pages and
// lists the post now appears in, with nobody touching anything.
//
// Every replica runs it, and each post is announced once: a replica claims
// posts in Postgres and publishes content.changed inside the claiming
// transaction, which commits only after the NATS server confirmed the
// publish (Store.ClaimWentLive). A failed publish (NATS down) rolls the
// claim back and a later round, on any replica, announces the post; a post
// that went live while no content service ran is announced by the first
// round after one starts. So the announcement is at least once, and twice
// only when a commit fails after its publish, which costs one extra cache
// refill: content.changed is a cache hint the gateway backs with a TTL. An
// outbox table and relay would give the same at-least-once with more parts.
//
// Publish times are compared with the service's clock, the same clock the
// public reads compare them with: an announced post is live to the read
// that the announcement causes (replicas' clocks must agree, as NTP keeps
// them).
func (s *Service) AnnounceScheduled(ctx context.Context, log *slog.Logger, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := s.announceWentLive(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil && !failing:
			log.WarnContext(ctx, "announcing scheduled posts failed; retrying every interval", "err", err, "interval", interval.String())
		case err == nil && failing:
			log.InfoContext(ctx, "announcing scheduled posts works again")
		}
		failing = err != nil
	}
}

// announceWentLive claims and announces every post due, a batch at a time.
func (s *Service) announceWentLive(ctx context.Context) error {
	for {
		rctx, cancel := context.WithTimeout(ctx, announceTimeout)
		n, err := s.store.ClaimWentLive(rctx, s.now(), announceBatch, func(ids []string) error {
			changes := make([]Change, len(ids))
			for i, id := range ids {
				changes[i] = Change{Kind: "post", ID: id}
			}
			return s.pub.ContentChangedConfirmed(rctx, changes)
		})
		cancel()
		if err != nil || n < announceBatch {
			return err
		}
	}
}

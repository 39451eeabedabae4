package content

import (
	"context"
	"log/slog"
	"time"
)

// ScheduleInterval is how often AnnounceScheduled looks for posts whose
// publish time has passed (ADR 0003: a scheduled post is on the site at most
// about this late).
const ScheduleInterval = 2 * time.Second

// AnnounceScheduled runs until ctx ends. Every interval it finds the
// published posts whose publish time passed since its previous check and
// announces each as changed, so caches of public reads drop the pages and
// lists the post now appears in, with nobody touching anything.
//
// The window is measured with the service's clock, the same clock the public
// reads compare publish times with: an announced post is live to the read
// that the announcement causes. When the store cannot be read the window is
// kept and checked whole on the next round. Posts that went live while no
// content service ran are left to the caches' backstop expiry.
func (s *Service) AnnounceScheduled(ctx context.Context, log *slog.Logger, interval time.Duration) {
	last := s.now()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := s.now()
		ids, err := s.store.PostsWentLive(ctx, last, now)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.WarnContext(ctx, "checking for scheduled posts failed; retrying", "err", err)
			continue
		}
		for _, id := range ids {
			s.pub.ContentChanged(ctx, Change{Kind: "post", ID: id})
		}
		last = now
	}
}

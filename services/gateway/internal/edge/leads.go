package edge

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/grpc-ecosystem/grpc-gateway/v2/utilities"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/services/gateway/internal/leadfeed"
)

// DefaultExportTimeout bounds a CSV export. UpstreamTimeout (seconds) is
// meant for a JSON answer; a six-figure export through a slow link takes
// minutes.
const DefaultExportTimeout = 5 * time.Minute

// DefaultEventsHeartbeat is how often an idle live-lead stream sends a
// comment, so proxies and browsers keep it open and a dead client is
// noticed.
const DefaultEventsHeartbeat = 15 * time.Second

// DefaultEventsSessionCheck is how often a live-lead stream checks that
// its caller is still signed in as staff: a session ended on another
// gateway replica or by an operator, deleted, or past its expiry ends the
// stream within this time (one signed out on this gateway ends it at
// once: endsWithItsSession). A check is one read of the session by its
// key, which does not count as activity (accounts.Current); an office with
// ten inboxes open asks two a second.
const DefaultEventsSessionCheck = 5 * time.Second

// exportHandler serves GET /api/contact-submissions/export.csv by writing
// the contact service's stream of CSV chunks straight to the response,
// flushing each. grpc-gateway's stream forwarding would add a newline
// after every chunk and write a JSON error object into the file if the
// stream broke, so the edge does this one itself.
func exportHandler(log *slog.Logger, inbox contactv1.LeadInboxServiceClient, outgoing func(*http.Request) context.Context, timeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(outgoing(r), timeout)
		defer cancel()
		// The server's write timeout (a minute for the whole response)
		// would cut a long download: the export's own deadline bounds it
		// instead.
		rc := http.NewResponseController(w)
		deadline, _ := ctx.Deadline()
		_ = rc.SetWriteDeadline(deadline.Add(time.Second))

		// The export takes the inbox's query parameters (filter, status,
		// city, source, createdFrom, createdTo, query, assignee), read as
		// grpc-gateway reads them for the list.
		req := &contactv1.ExportLeadsRequest{}
		if err := runtime.PopulateQueryParameters(req, r.URL.Query(), utilities.NewDoubleArray(nil)); err != nil {
			WriteError(r.Context(), log, w, status.Error(codes.InvalidArgument, "The export's filters are not valid."))
			return
		}
		stream, err := inbox.ExportLeads(ctx, req)
		if err != nil {
			WriteError(r.Context(), log, w, err)
			return
		}
		// The first message decides the answer: an error before it (bad
		// filter, not staff, database down) is still a proper error status.
		msg, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			err = status.Error(codes.Internal, "lead export ended without a header row")
		}
		if err != nil {
			WriteError(r.Context(), log, w, err)
			return
		}
		h := w.Header()
		h.Set("Content-Type", msg.GetContentType())
		h.Set("Cache-Control", "no-store")
		if md, err := stream.Header(); err == nil {
			if v := md.Get("content-disposition"); len(v) > 0 {
				h.Set("Content-Disposition", v[0])
			}
		}
		w.WriteHeader(http.StatusOK)
		for {
			if _, err := w.Write(msg.GetData()); err != nil {
				log.InfoContext(r.Context(), "lead export abandoned by the client", "err", err)
				return
			}
			_ = rc.Flush()
			msg, err = stream.Recv()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				// The status line is gone; breaking the connection (no final
				// chunk) makes the download fail visibly instead of leaving
				// a file that looks complete.
				log.ErrorContext(r.Context(), "lead export broke off", "err", err)
				panic(http.ErrAbortHandler)
			}
		}
	})
}

// eventWriteTimeout bounds one write to a live-lead stream. The server's
// WriteTimeout (a minute for the whole response) cannot apply to a stream
// that stays open all day, but a client that stops reading must not pin
// its handler, and with it the shutdown, forever either.
const eventWriteTimeout = 10 * time.Second

// endGrace is how long a stream that was ended (shutdown, or dropped for
// falling behind) may take to finish its current write before it is cut.
const endGrace = time.Second

// leadEvents serves GET /api/contact-submissions/events: a server-sent
// event stream of new leads (event "lead", data = LeadSubmitted JSON) and
// read-flag changes (event "lead-updated", data = LeadUpdated JSON) for the
// staff inbox, with a ": ping" comment every heartbeat. The stream ends
// when the client leaves, when it falls too far behind (the browser then
// reconnects after the advertised retry), when stillStaff, asked every
// check, says the caller no longer is (the reconnect then gets 401), or at
// shutdown.
func leadEvents(log *slog.Logger, feed *leadfeed.Broker, heartbeat, check time.Duration, stillStaff func(*http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		// Outlive the server's write timeout (a minute for the whole
		// response): the stream is open for as long as the inbox is. Each
		// write gets its own deadline below instead.
		if err := rc.SetWriteDeadline(time.Time{}); err != nil {
			log.WarnContext(r.Context(), "live leads: cannot lift the write deadline", "err", err)
		}

		sub := feed.Subscribe()
		defer sub.Close()
		// A stream that was ended while its write is stuck on a client that
		// stopped reading is cut after a grace period. The watcher is gone
		// before the handler returns, so a kept-alive connection never
		// inherits its deadline.
		finished := make(chan struct{})
		var watcher sync.WaitGroup
		watcher.Go(func() {
			select {
			case <-finished:
				return
			case <-sub.Done():
			}
			select {
			case <-finished:
			case <-time.After(endGrace):
				_ = rc.SetWriteDeadline(time.Now())
			}
		})
		defer func() {
			close(finished)
			watcher.Wait()
			// A fresh deadline for the response's last bytes: the last
			// write's may have passed while the stream was idle.
			_ = rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
		}()

		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no") // nginx-style proxies must not hold events back
		w.WriteHeader(http.StatusOK)
		send := func(s string) bool {
			_ = rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
			if _, err := io.WriteString(w, s); err != nil {
				return false
			}
			return rc.Flush() == nil
		}
		if !send("retry: 2000\n\n") {
			return
		}
		tick := time.NewTicker(heartbeat)
		defer tick.Stop()
		recheck := time.NewTicker(check)
		defer recheck.Stop()
		for {
			select {
			case <-r.Context().Done():
				return
			case <-sub.Done():
				return
			case e := <-sub.C:
				if !send("event: " + e.Name + "\ndata: " + string(e.Data) + "\n\n") {
					return
				}
			case <-tick.C:
				if !send(": ping\n\n") {
					return
				}
			case <-recheck.C:
				if !stillStaff(r) {
					log.InfoContext(r.Context(), "live leads: the session has ended; stream closed")
					return
				}
			}
		}
	})
}

package edge

import (
	"net/http"

	"github.com/valleytrenchless/site/services/gateway/internal/sessionend"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// liveLeadsPath is the live lead stream (leadEvents).
const liveLeadsPath = "/api/contact-submissions/events"

// endsWithItsSession ends a live lead stream the moment its session ends
// on this gateway. Each stream's request context is bound to its session
// and account in streams; an answer that replaces or clears the request's
// session cookie (sign-out, a new sign-in in the same browser: the session
// it came with is over) ends that session's streams. What ends a session
// elsewhere (another replica, an operator, its expiry) reaches a stream at
// its next check (EventsSessionCheck). Without sessions (tests that set
// Identity) it does nothing; without streams it keeps a registry of its own.
func endsWithItsSession(sessions *signin.Handler, streams *sessionend.Registry, next http.Handler) http.Handler {
	if sessions == nil {
		return next
	}
	if streams == nil {
		streams = sessionend.New()
	}
	name := sessions.SessionCookie()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := ""
		if c, err := r.Cookie(name); err == nil {
			id = c.Value
		}
		if id == "" {
			next.ServeHTTP(w, r)
			return
		}
		if r.Method == http.MethodGet && r.URL.Path == liveLeadsPath {
			user := ""
			if s, ok := signin.FromContext(r.Context()); ok {
				user = s.User.ID
			}
			ctx, release := streams.Bind(r.Context(), id, user)
			defer release()
			r = r.WithContext(ctx)
		}
		before := len(w.Header()["Set-Cookie"])
		next.ServeHTTP(w, r)
		if set := w.Header()["Set-Cookie"]; len(set) > before && replacesCookie(set[before:], name, id) {
			streams.EndSession(id)
		}
	})
}

// replacesCookie reports whether setCookies give cookie name a value other
// than id, or clear it.
func replacesCookie(setCookies []string, name, id string) bool {
	for _, line := range setCookies {
		c, err := http.ParseSetCookie(line)
		if err == nil && c.Name == name && (c.Value != id || c.MaxAge < 0) {
			return true
		}
	}
	return false
}

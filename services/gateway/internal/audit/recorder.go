package audit

// What is recorded: the rules table names every staff write and sensitive
// read the gateway serves, the kind it is logged as, where its target's
// state can be read before the change, and which fields' values may be
// kept. The Recorder applies it to each request around the handler.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// values says which fields of an entry keep their values.
type values int

const (
	// allValues keeps every field's value (shortened), secrets excepted.
	allValues values = iota
	// leadValues keeps only a lead's workflow fields (status, assignee,
	// read, …); a homeowner's details are noted as changed, never copied,
	// so erasing a person leaves nothing of them here.
	leadValues
	// noValues keeps only which fields changed.
	noValues
	// erasureValues keeps an erasure's counts and lead ids (its answer
	// names no person).
	erasureValues
)

type rule struct {
	kind string
	// before is the GET route of the target's state before the change, with
	// the pattern's wildcards; empty when there is none to read.
	before string
	values values
}

// rules are keyed by the ServeMux pattern they match.
var rules = map[string]rule{
	"POST /api/admin/blog-posts":                                         {kind: "post.create"},
	"PUT /api/admin/blog-posts/{id}":                                     {kind: "post.update", before: "/api/admin/blog-posts/{id}"},
	"DELETE /api/admin/blog-posts/{id}":                                  {kind: "post.delete", before: "/api/admin/blog-posts/{id}"},
	"POST /api/admin/blog-posts/{postId}/revisions/{revisionId}/restore": {kind: "post.restore", before: "/api/admin/blog-posts/{postId}"},
	"POST /api/admin/editable-content":                                   {kind: "text.create"},
	"PUT /api/admin/editable-content/{contentKey}":                       {kind: "text.update", before: "/api/admin/editable-content/{contentKey}"},
	"DELETE /api/admin/editable-content/{contentKey}":                    {kind: "text.delete", before: "/api/admin/editable-content/{contentKey}"},
	"POST /api/upload-image":                                             {kind: "image.upload"},
	"PATCH /api/admin/media/{key}":                                       {kind: "image.update"},
	"DELETE /api/admin/media/{key}":                                      {kind: "image.delete"},
	"PATCH /api/contact-submissions/{id}":                                {kind: "lead.update", before: "/api/contact-submissions/{id}", values: leadValues},
	"POST /api/contact-submissions/bulk":                                 {kind: "lead.bulk-update", values: leadValues},
	"POST /api/contact-submissions/{leadId}/notes":                       {kind: "lead.note", values: noValues},
	"GET /api/contact-submissions/export.csv":                            {kind: "lead.export"},
	"POST /api/admin/privacy/erase":                                      {kind: "lead.erase", values: erasureValues},
	"POST /api/admin/webhooks":                                           {kind: "webhook.create"},
	"PATCH /api/admin/webhooks/{id}":                                     {kind: "webhook.update"},
	"DELETE /api/admin/webhooks/{id}":                                    {kind: "webhook.delete"},
	"POST /api/admin/webhooks/{id}/rotate-secret":                        {kind: "webhook.rotate", values: noValues},
	"POST /api/admin/webhooks/{id}/test":                                 {kind: "webhook.test", values: noValues},
	"POST /api/admin/webhooks/{endpointId}/deliveries/{id}/resend":       {kind: "webhook.resend", values: noValues},
	"POST /api/admin/webhooks/{endpointId}/resend":                       {kind: "webhook.resend"},
	"POST /api/admin/staff":                                              {kind: "staff.invite"},
	"PATCH /api/admin/staff/{id}":                                        {kind: "staff.update"},
	"POST /api/admin/staff/{id}/invite-link":                             {kind: "staff.invite-link", values: noValues},
	"POST /api/account/password":                                         {kind: "account.password", values: noValues},
	"POST /api/account/passkeys/register/finish":                         {kind: "account.passkey-add"},
	"PATCH /api/account/passkeys/{id}":                                   {kind: "account.passkey-rename"},
	"DELETE /api/account/passkeys/{id}":                                  {kind: "account.passkey-remove"},
	"DELETE /api/account/sessions/{id}":                                  {kind: "account.session-end", values: noValues},
	"POST /api/account/sessions/end-others":                              {kind: "account.sessions-end-others"},
	"POST /api/account/confirm":                                          {kind: "account.confirm", values: noValues},
	"PUT /api/admin/sign-in-policy":                                      {kind: "policy.update"},
	"GET /api/admin/audit.csv":                                           {kind: "audit.export"},
	"POST /api/logout":                                                   {kind: "sign-out", values: noValues},
}

// Recorder appends an entry for each request a rule names.
type Recorder struct {
	store    *Store
	log      *slog.Logger
	clientIP func(*http.Request) string
	match    *http.ServeMux
	// reads serves the before-reads (the edge's own mux, inside the
	// session middleware).
	reads http.Handler
}

// NewRecorder returns a Recorder; clientIP is the edge's idea of the
// visitor's address.
func NewRecorder(store *Store, log *slog.Logger, clientIP func(*http.Request) string) *Recorder {
	rec := &Recorder{store: store, log: log, clientIP: clientIP, match: http.NewServeMux()}
	for pattern := range rules {
		rec.match.Handle(pattern, http.NotFoundHandler())
	}
	return rec
}

// Middleware records around next, which serves the requests and the
// before-reads; it must run where the request's session is known
// (inside signin's middleware).
func (rec *Recorder) Middleware(next http.Handler) http.Handler {
	rec.reads = next
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pattern := rec.match.Handler(r)
		ru, ok := rules[pattern]
		sess, signedIn := signin.FromContext(r.Context())
		if !ok || !signedIn {
			next.ServeHTTP(w, r)
			return
		}
		wild := wildcards(pattern, r.URL.Path)
		var before map[string]any
		if ru.before != "" {
			before = rec.read(r, fill(ru.before, wild))
		}
		var reqBody []byte
		if r.Body != nil && r.Method != http.MethodGet && strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			reqBody, _ = io.ReadAll(io.LimitReader(r.Body, maxBody+1))
			r.Body = readCloser{io.MultiReader(bytes.NewReader(reqBody), r.Body), r.Body}
		}
		tee := &teeWriter{ResponseWriter: w, status: http.StatusOK, keep: r.Method != http.MethodGet}
		next.ServeHTTP(tee, r)

		e := Entry{ActorID: sess.User.ID, Actor: sess.User.Username, IP: rec.clientIP(r), UserAgent: r.UserAgent(),
			Kind: ru.kind, Target: strings.Join(wild, "/"), Status: tee.status}
		if r.Method == http.MethodGet {
			e.Target = r.URL.RawQuery // what was exported: the filters
		}
		var after map[string]any
		if tee.status < 300 {
			_ = json.Unmarshal(tee.body.Bytes(), &after)
		}
		if after == nil && tee.status < 300 {
			_ = json.Unmarshal(reqBody, &after)
		}
		if e.Target == "" {
			var req map[string]any
			_ = json.Unmarshal(reqBody, &req)
			e.Target = createdID(after)
			if id, ok := req["leadId"].(string); ok && id != "" {
				e.Target = id // what an erasure was asked for
			}
		}
		if tee.status < 300 && ru.kind != "lead.export" && ru.kind != "audit.export" {
			e.Changes = diff(before, after, ru.values, r.Method == http.MethodDelete)
		}
		rec.Append(r.Context(), e)
	})
}

// Append adds e, on its own short deadline: an entry for a request whose
// client has gone is still written. A failure is logged loudly; the change
// itself has already happened.
func (rec *Recorder) Append(ctx context.Context, e Entry) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := rec.store.Append(ctx, e); err != nil {
		rec.log.ErrorContext(ctx, "audit entry not written", "err", err, "kind", e.Kind, "actor", e.Actor, "target", e.Target)
	}
}

// SignIn records a sign-in event that the sign-in handlers report (they
// know the account, which a request alone does not show).
func (rec *Recorder) SignIn(r *http.Request, userID, actor, kind string, status int) {
	rec.Append(r.Context(), Entry{ActorID: userID, Actor: actor, IP: rec.clientIP(r), UserAgent: r.UserAgent(), Kind: kind, Status: status})
}

// read is the target's state before the change, through the same handler
// and session; nil when it cannot be read.
func (rec *Recorder) read(r *http.Request, path string) map[string]any {
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, path, http.NoBody)
	if err != nil {
		return nil
	}
	req.RequestURI = path // as a server request has
	req.Header.Set("Accept", "application/json")
	req.RemoteAddr, req.Host = r.RemoteAddr, r.Host
	for _, c := range r.Cookies() {
		req.AddCookie(c)
	}
	w := &memWriter{header: http.Header{}, code: http.StatusOK}
	rec.reads.ServeHTTP(w, req)
	var m map[string]any
	if w.code != http.StatusOK || json.Unmarshal(w.body.Bytes(), &m) != nil {
		return nil
	}
	return m
}

// memWriter holds a before-read's answer.
type memWriter struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (m *memWriter) Header() http.Header  { return m.header }
func (m *memWriter) WriteHeader(code int) { m.code = code }
func (m *memWriter) Write(b []byte) (int, error) {
	if m.body.Len()+len(b) > maxBody {
		return 0, io.ErrShortWrite
	}
	return m.body.Write(b)
}

// wildcards are the request path's values of the pattern's {wildcards}.
func wildcards(pattern, path string) []string {
	_, p, _ := strings.Cut(pattern, " ")
	ps, rs := strings.Split(p, "/"), strings.Split(path, "/")
	var out []string
	for i, seg := range ps {
		if strings.HasPrefix(seg, "{") && i < len(rs) {
			out = append(out, rs[i])
		}
	}
	return out
}

var wildcard = regexp.MustCompile(`\{[^}]+\}`)

// fill puts the wildcard values into a route.
func fill(route string, wild []string) string {
	i := 0
	return wildcard.ReplaceAllStringFunc(route, func(string) string {
		if i >= len(wild) {
			return ""
		}
		i++
		return wild[i-1]
	})
}

// createdID is the id of what a create made, from its answer.
func createdID(after map[string]any) string {
	for _, m := range []map[string]any{unwrap(after), asMap(after["member"]), asMap(after["endpoint"]), asMap(after["image"]), asMap(after["item"])} {
		for _, k := range []string{"id", "key", "contentKey", "slug"} {
			if v, ok := m[k].(string); ok && v != "" {
				return v
			}
		}
	}
	return ""
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// erasureFields are what an erasure's answer holds: counts and lead ids.
var erasureFields = map[string]bool{"leadIds": true, "notes": true, "outboxMessages": true, "webhookDeliveries": true,
	"streamMessages": true, "streamPending": true}

// leadFields are a lead's fields whose values may be kept.
var leadFields = map[string]bool{"status": true, "assignee": true, "read": true, "isRead": true, "ids": true,
	"leadIds": true, "priority": true, "followUpAt": true, "leadsErased": true, "erased": true}

var secret = regexp.MustCompile(`(?i)secret|password|token|signature|credential|key$`)

// maxValue is how much of a text value an entry keeps.
const maxValue = 300

// maxBody caps what the recorder reads of a request or an answer.
const maxBody = 256 << 10

// diff is the changed fields: before and after where both exist (only
// the fields that differ), after alone for a create, before alone for a
// delete.
func diff(before, after map[string]any, v values, deleted bool) map[string]map[string]any {
	before, after = unwrap(before), unwrap(after)
	out := map[string]map[string]any{}
	keep := func(field string, val any) any {
		switch {
		case v == noValues || secret.MatchString(field) && field != "contentKey":
			return "(changed)"
		case v == leadValues && !leadFields[field]:
			return "(changed)"
		case v == erasureValues && !erasureFields[field]:
			return "(changed)"
		}
		return shorten(val)
	}
	switch {
	case deleted:
		for k, val := range before {
			out[k] = map[string]any{"before": keep(k, val)}
		}
	case before == nil:
		for k, val := range after {
			out[k] = map[string]any{"after": keep(k, val)}
		}
	default:
		for k, val := range after {
			old, had := before[k]
			if had && equal(old, val) {
				continue
			}
			c := map[string]any{"after": keep(k, val)}
			if had {
				c["before"] = keep(k, old)
			}
			out[k] = c
		}
	}
	// Bookkeeping fields change on every write and say nothing (a site
	// text's Spanish value has its own: issue 40).
	for _, k := range []string{"updatedAt", "version", "etag", "revision", "updatedAtEs", "versionEs"} {
		delete(out, k)
	}
	return out
}

// unwrap is the object inside an answer of one object field
// ({"submission": {…}}, {"post": {…}}), the thing itself.
func unwrap(m map[string]any) map[string]any {
	if len(m) == 1 {
		for _, v := range m {
			if inner, ok := v.(map[string]any); ok {
				return inner
			}
		}
	}
	return m
}

func equal(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// shorten keeps a long text's start and its length, and a large object's
// size only.
func shorten(v any) any {
	switch t := v.(type) {
	case string:
		if utf8.RuneCountInString(t) <= maxValue {
			return t
		}
		r := []rune(t)
		return fmt.Sprintf("%s… (%d characters)", string(r[:maxValue]), len(r))
	case map[string]any, []any:
		if b, _ := json.Marshal(t); len(b) > maxValue {
			return fmt.Sprintf("(%d bytes)", len(b))
		}
	}
	return v
}

// teeWriter keeps the status and, for writes, the start of the answer.
type teeWriter struct {
	http.ResponseWriter
	status  int
	keep    bool
	body    bytes.Buffer
	written bool
}

func (t *teeWriter) WriteHeader(code int) {
	if !t.written {
		t.status, t.written = code, true
	}
	t.ResponseWriter.WriteHeader(code)
}

func (t *teeWriter) Write(b []byte) (int, error) {
	t.written = true
	if t.keep && t.body.Len() < maxBody {
		t.body.Write(b[:min(len(b), maxBody-t.body.Len())])
	}
	return t.ResponseWriter.Write(b)
}

// Flush lets a streamed answer (an export) through as it is written.
func (t *teeWriter) Flush() {
	if f, ok := t.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the writer underneath.
func (t *teeWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

type readCloser struct {
	io.Reader
	io.Closer
}

package audit

// The Audit tab's routes (owners only): a page of entries by cursor, and
// the same filters as a streamed CSV.

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	gatewayv1 "github.com/valleytrenchless/site/gen/trenchless/gateway/v1"
	"github.com/valleytrenchless/site/internal/csvcell"
	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
)

// Handler serves the Audit tab's routes.
type Handler struct {
	store *Store
	log   *slog.Logger
	// owner admits owners only (signin.Handler.Owner).
	owner func(http.HandlerFunc) http.HandlerFunc
}

// NewHandler returns the routes; owner guards them.
func NewHandler(store *Store, log *slog.Logger, owner func(http.HandlerFunc) http.HandlerFunc) *Handler {
	return &Handler{store: store, log: log, owner: owner}
}

// Register mounts the routes (edge.Routes).
func (h *Handler) Register(mux *http.ServeMux, wrap func(path string, h http.Handler) http.Handler) {
	mux.Handle("GET /api/admin/audit", wrap("/api/admin/audit", h.owner(h.list)))
	mux.Handle("GET /api/admin/audit.csv", wrap("/api/admin/audit.csv", h.owner(h.export)))
}

// DefaultLimit and MaxLimit bound a page.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)

var (
	errBadTime   = status.Error(codes.InvalidArgument, "Enter the times as dates and times (RFC 3339), e.g. 2026-11-01T00:00:00Z.")
	errBadLimit  = status.Errorf(codes.InvalidArgument, "limit must be between 1 and %d.", MaxLimit)
	errBadCursor = status.Error(codes.InvalidArgument, "That page of the audit log no longer exists. Start again from the first page.")
)

// filter reads the query's filters.
func filter(r *http.Request) (Filter, error) {
	q := r.URL.Query()
	f := Filter{Actor: q.Get("actor"), Kind: q.Get("kind")}
	for _, t := range []struct {
		name string
		into *time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		if v := q.Get(t.name); v != "" {
			parsed, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return Filter{}, errBadTime
			}
			*t.into = parsed
		}
	}
	return f, nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	f, err := filter(r)
	limit := DefaultLimit
	if v := r.URL.Query().Get("limit"); err == nil && v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > MaxLimit {
			err = errBadLimit
		}
	}
	var entries []Entry
	var next string
	if err == nil {
		entries, next, err = h.store.List(r.Context(), f, r.URL.Query().Get("cursor"), limit)
		if errors.Is(err, ErrBadCursor) {
			err = errBadCursor
		} else if err != nil {
			err = status.Errorf(codes.Internal, "%v", err)
		}
	}
	if err != nil {
		httperr.WriteError(r.Context(), h.log, w, err)
		return
	}
	resp := &gatewayv1.ListAuditResponse{Entries: make([]*gatewayv1.AuditEntry, 0, len(entries)), NextCursor: next}
	for _, e := range entries {
		resp.Entries = append(resp.Entries, toProto(e))
	}
	b, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(resp)
	if err != nil {
		httperr.WriteError(r.Context(), h.log, w, status.Errorf(codes.Internal, "marshal audit: %v", err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

func toProto(e Entry) *gatewayv1.AuditEntry {
	changes := map[string]any{}
	for k, v := range e.Changes {
		changes[k] = map[string]any(v)
	}
	s, err := structpb.NewStruct(changes)
	if err != nil { // values came from JSON: cannot happen
		s = &structpb.Struct{}
	}
	return &gatewayv1.AuditEntry{Id: strconv.FormatInt(e.ID, 10), At: timestamppb.New(e.At), Actor: e.Actor, ActorId: e.ActorID,
		Ip: e.IP, UserAgent: e.UserAgent, Kind: e.Kind, Target: e.Target, Status: int32(e.Status), Changes: s}
}

// export streams every matching entry as CSV, a page at a time.
func (h *Handler) export(w http.ResponseWriter, r *http.Request) {
	f, err := filter(r)
	if err != nil {
		httperr.WriteError(r.Context(), h.log, w, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="audit-log.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	out := csv.NewWriter(w)
	_ = out.Write([]string{"time", "person", "action", "target", "status", "address", "user agent", "changes"})
	err = h.store.Each(r.Context(), f, func(e Entry) error {
		changes, _ := json.Marshal(e.Changes)
		if e.Changes == nil {
			changes = []byte("{}")
		}
		return out.Write(csvcell.Safe([]string{e.At.UTC().Format(time.RFC3339), e.Actor, e.Kind, e.Target,
			strconv.Itoa(e.Status), e.IP, e.UserAgent, string(changes)}))
	})
	out.Flush()
	if err != nil {
		// The header is gone: the download ends short, and the log says why.
		h.log.ErrorContext(r.Context(), "audit export failed", "err", err)
	}
}

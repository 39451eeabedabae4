// Package httperr writes the gateway's JSON errors: gRPC status codes are
// its one vocabulary, answered with the HTTP status grpc-gateway maps each
// code to and the Body shape every client of the API reads.
package httperr

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Body is the JSON shape of every error the gateway returns.
type Body struct {
	// Message is written for a person and safe to show in a toast.
	Message string `json:"message"`
	// Code is the machine-readable kind, e.g. invalid_argument.
	Code string `json:"code"`
	// Details lists per-field problems (validation), if any.
	Details []FieldViolation `json:"details"`
	// TraceID lets support find the logged detail of an internal error.
	TraceID string `json:"traceId,omitempty"`
	// Reason is the machine-readable cause a service gave (a
	// google.rpc.ErrorInfo reason, e.g. STALE_VERSION for a 409 edit
	// conflict), with its facts in Metadata under JSON names (version,
	// updatedBy, updatedAt).
	Reason   string            `json:"reason,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// FieldViolation is one invalid field.
type FieldViolation struct {
	// Field is the JSON field name, e.g. firstName.
	Field string `json:"field"`
	// Message is the rule's message, e.g. 'First name is required'.
	Message string `json:"message"`
	// Rule is the rule id, for clients that want to branch on it.
	Rule string `json:"rule,omitempty"`
}

// Messages for codes whose upstream text is never shown.
const (
	MsgInternal    = "Something went wrong on our side. Please try again, or call us."
	MsgUnavailable = "This service is temporarily unavailable. Please try again in a moment, or call us."
	MsgTimeout     = "The request took too long. Please try again."
)

// Writer writes errors. Internal is what an internal error says instead of
// its own text; empty means MsgInternal. (Sign-in says it without "or call
// us": it answers staff, and has always said it so.)
type Writer struct {
	Log      *slog.Logger
	Internal string
}

// WriteError writes err as the edge does (Writer.Write with MsgInternal).
func WriteError(ctx context.Context, log *slog.Logger, w http.ResponseWriter, err error) {
	Writer{Log: log}.Write(ctx, w, err)
}

// Write writes err as a Body with the HTTP status of its gRPC code. Internal details are logged with the trace id, never sent: the
// codes a transport failure between the edge and a service produces
// (Unavailable for a refused connection, DeadlineExceeded, ResourceExhausted
// for a message over gRPC's size limit, Internal/Unknown for a broken
// stream) carry gRPC's own text, so they are answered with a message of our
// own. A ResourceExhausted from upstream is a message too large, not the
// visitor's rate limit (the edge answers that itself, 429), so it is a 500.
func (wr Writer) Write(ctx context.Context, w http.ResponseWriter, err error) {
	log := wr.Log
	st := status.Convert(err)
	body := Body{Message: st.Message(), Code: strings.ToLower(codeName(st.Code())), Details: []FieldViolation{}}
	httpStatus := runtime.HTTPStatusFromCode(st.Code())
	switch st.Code() {
	case codes.Internal, codes.Unknown, codes.DataLoss, codes.Unimplemented, codes.ResourceExhausted:
		if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
			body.TraceID = sc.TraceID().String()
		}
		log.ErrorContext(ctx, "request failed", "code", st.Code().String(), "err", st.Message())
		body.Message, body.Code, httpStatus = MsgInternal, "internal", http.StatusInternalServerError
		if wr.Internal != "" {
			body.Message = wr.Internal
		}
		if st.Code() == codes.Unimplemented {
			body.Message, body.Code, httpStatus = "This feature is not available.", "unimplemented", http.StatusNotImplemented
		}
	case codes.Unavailable:
		log.WarnContext(ctx, "upstream unavailable", "err", st.Message())
		body.Message = MsgUnavailable
		if w.Header().Get("Retry-After") == "" {
			w.Header().Set("Retry-After", "5") // a failover or a restart: seconds, not minutes
		}
	case codes.DeadlineExceeded:
		log.WarnContext(ctx, "upstream deadline exceeded", "err", st.Message())
		body.Message = MsgTimeout
	case codes.Canceled:
		body.Message = "The request was cancelled."
	case codes.Aborted, codes.FailedPrecondition, codes.PermissionDenied:
		for _, d := range st.Details() {
			if info, ok := d.(*errdetails.ErrorInfo); ok {
				body.Reason = info.GetReason()
				body.Metadata = make(map[string]string, len(info.GetMetadata()))
				for k, v := range info.GetMetadata() {
					body.Metadata[JSONName(k)] = v
				}
			}
		}
	case codes.InvalidArgument:
		if vs := violations(st); len(vs) > 0 {
			body.Details = vs
			msgs := make([]string, 0, len(body.Details))
			seen := map[string]bool{}
			for _, d := range body.Details {
				if !seen[d.Message] {
					seen[d.Message] = true
					msgs = append(msgs, strings.TrimSuffix(d.Message, "."))
				}
			}
			body.Message = strings.Join(msgs, ". ") + "."
		}
	}
	WriteBody(w, httpStatus, body)
}

// WriteStatus is WriteError with an HTTP status other than the code's own
// (413 and 415 have no gRPC code).
func WriteStatus(ctx context.Context, log *slog.Logger, w http.ResponseWriter, httpStatus int, err error) {
	rec := &statusRecorder{ResponseWriter: w, override: httpStatus}
	WriteError(ctx, log, rec, err)
}

type statusRecorder struct {
	http.ResponseWriter
	override int
}

func (s *statusRecorder) WriteHeader(int) { s.ResponseWriter.WriteHeader(s.override) }

// WriteBody writes body as it is: for answers the edge words itself (429
// with its wait).
func WriteBody(w http.ResponseWriter, httpStatus int, body Body) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(body)
}

func codeName(c codes.Code) string {
	// codes.Code.String gives e.g. "InvalidArgument"; turn it into snake case.
	s := c.String()
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// violations turns protovalidate details into per-field messages. A
// message-level rule has no field path; its id starts with the proto field
// it concerns (e.g. issues.required_on_home_form), which names the field.
func violations(st *status.Status) []FieldViolation {
	var out []FieldViolation
	for _, d := range st.Details() {
		vs, ok := d.(*validate.Violations)
		if !ok {
			continue
		}
		for _, v := range vs.GetViolations() {
			field := ""
			if els := v.GetField().GetElements(); len(els) > 0 {
				field = els[len(els)-1].GetFieldName()
			} else if id := v.GetRuleId(); id != "" {
				field, _, _ = strings.Cut(id, ".")
			}
			out = append(out, FieldViolation{Field: JSONName(field), Message: v.GetMessage(), Rule: v.GetRuleId()})
		}
	}
	return out
}

// JSONName converts a proto field name to its JSON name (first_name →
// firstName), as protojson does; a JSON name stays as it is.
func JSONName(s string) string {
	var b strings.Builder
	upper := false
	for _, r := range s {
		if r == '_' {
			upper = true
			continue
		}
		if upper && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		upper = false
		b.WriteRune(r)
	}
	return b.String()
}

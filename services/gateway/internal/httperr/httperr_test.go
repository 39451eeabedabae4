package httperr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"buf.build/go/protovalidate"
	"github.com/stretchr/testify/require"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
)

// validationStatus validates msg with the real proto rules and wraps the
// result the way the services' protovalidate interceptor does.
func validationStatus(t *testing.T, msg *contactv1.SubmitInspectionRequestRequest) error {
	t.Helper()
	err := protovalidate.Validate(msg)
	var ve *protovalidate.ValidationError
	require.True(t, errors.As(err, &ve), "expected a validation error, got %v", err)
	st, derr := status.New(codes.InvalidArgument, err.Error()).WithDetails(ve.ToProto())
	require.NoError(t, derr)
	return st.Err()
}

func decode(t *testing.T, rec *httptest.ResponseRecorder) Body {
	t.Helper()
	var b Body
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &b), rec.Body.String())
	return b
}

func TestContactPageViolationsUseSpecMessagesPerField(t *testing.T) {
	t.Parallel()
	err := validationStatus(t, &contactv1.SubmitInspectionRequestRequest{
		FormVariant: "contact", FirstName: " ", LastName: "", Email: "not-an-email", Phone: "602", Description: "short",
	})
	rec := httptest.NewRecorder()
	WriteError(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), rec, err)
	require.Equal(t, 400, rec.Code)
	b := decode(t, rec)
	require.Equal(t, "invalid_argument", b.Code)
	got := map[string]string{}
	for _, d := range b.Details {
		got[d.Field] = d.Message
	}
	require.Equal(t, map[string]string{
		"firstName":   "First name is required",
		"lastName":    "Last name is required",
		"email":       "Valid email is required",
		"phone":       "Phone number is required",
		"description": "Please describe your drain issue (minimum 10 characters)",
	}, got)
}

func TestHomeFormNeedsAnIssue(t *testing.T) {
	t.Parallel()
	err := validationStatus(t, &contactv1.SubmitInspectionRequestRequest{
		FormVariant: "home", FirstName: "Ana", LastName: "Ruiz", Email: "ana@example.com", Phone: "6025550142",
	})
	rec := httptest.NewRecorder()
	WriteError(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), rec, err)
	b := decode(t, rec)
	require.Equal(t, []FieldViolation{{Field: "issues", Message: "Please select at least one issue", Rule: "issues.required_on_home_form"}}, b.Details)
	require.Equal(t, "Please select at least one issue.", b.Message)
}

func TestInternalErrorsNeverLeakText(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	rec := httptest.NewRecorder()
	WriteError(context.Background(), slog.New(slog.NewTextHandler(&logs, nil)), rec, status.Error(codes.Internal, "pq: password authentication failed for user app"))
	require.Equal(t, 500, rec.Code)
	require.NotContains(t, rec.Body.String(), "password")
	require.Equal(t, MsgInternal, decode(t, rec).Message)
	require.Contains(t, logs.String(), "password authentication failed", "operators still see the detail")

	rec = httptest.NewRecorder()
	WriteError(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), rec, status.Error(codes.Unavailable, "connection refused 10.0.0.3:9101"))
	require.Equal(t, 503, rec.Code)
	require.Equal(t, MsgUnavailable, decode(t, rec).Message)
}

func TestJSONName(t *testing.T) {
	t.Parallel()
	require.Equal(t, "firstName", JSONName("first_name"))
	require.Equal(t, "firstName", JSONName("firstName"))
	require.Equal(t, "preferredContactTime", JSONName("preferred_contact_time"))
	require.Equal(t, "limit", JSONName("limit"))
}

func TestAStaleWriteIsA409WithWhoSavedTheNewerVersion(t *testing.T) {
	t.Parallel()
	st, err := status.New(codes.Aborted, "This post was changed by ann@valleytrenchless.com at 2026-11-26 12:04 UTC, after you opened it.").
		WithDetails(&errdetails.ErrorInfo{Reason: "STALE_VERSION", Domain: "content.trenchless", Metadata: map[string]string{
			"version": "4", "updated_by": "ann@valleytrenchless.com", "updated_at": "2026-11-26T12:04:05Z",
		}})
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	WriteError(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), rec, st.Err())
	require.Equal(t, 409, rec.Code)
	b := decode(t, rec)
	require.Equal(t, "aborted", b.Code)
	require.Equal(t, "STALE_VERSION", b.Reason)
	require.Equal(t, map[string]string{"version": "4", "updatedBy": "ann@valleytrenchless.com", "updatedAt": "2026-11-26T12:04:05Z"}, b.Metadata)
	require.Contains(t, b.Message, "ann@valleytrenchless.com")
}

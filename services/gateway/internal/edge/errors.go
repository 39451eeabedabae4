package edge

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/valleytrenchless/site/services/gateway/internal/httperr"
)

// The edge writes its errors with httperr, as sign-in and the site do.
// These names are the ones the edge's files have always used.
type (
	// ErrorBody is the JSON shape of every error the edge returns.
	ErrorBody = httperr.Body
	// FieldViolation is one invalid field.
	FieldViolation = httperr.FieldViolation
)

// WriteError is httperr.WriteError.
func WriteError(ctx context.Context, log *slog.Logger, w http.ResponseWriter, err error) {
	httperr.WriteError(ctx, log, w, err)
}

func writeStatus(ctx context.Context, log *slog.Logger, w http.ResponseWriter, httpStatus int, err error) {
	httperr.WriteStatus(ctx, log, w, httpStatus, err)
}

func writeBody(w http.ResponseWriter, httpStatus int, body ErrorBody) {
	httperr.WriteBody(w, httpStatus, body)
}

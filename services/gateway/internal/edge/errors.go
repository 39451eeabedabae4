package edge

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

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

// The texts grpc-gateway's generated handlers and its JSON decoder give
// a request they cannot read (Go's, protojson's and strconv's own words),
// which the edge answers in its own words instead (parseErrorBody).
// protojson puts a space or, at random, a no-break space after "proto:"
// (so that nobody relies on its text): both are matched.
var (
	protoFieldValue = regexp.MustCompile(`^proto:[ \x{00a0}].*invalid value for ([a-z0-9]+) field ([A-Za-z0-9_]+): (.*)$`)
	namedField      = regexp.MustCompile(`^(?:proto:[ \x{00a0}].*duplicate field|duplicate field|too many values for field|parsing field|parsing list|parsing map key|parsing map value) "([A-Za-z0-9_.]+)"`)
	pathParameter   = regexp.MustCompile(`^(?:type mismatch, parameter: |missing parameter )([A-Za-z0-9_.]+)`)
	notJSON         = regexp.MustCompile(`^(?:proto:[ \x{00a0}]|json: |invalid character |unexpected EOF$|EOF$)`)
)

// MsgNotJSON is the answer to a body that is not the JSON a call takes.
const MsgNotJSON = "The request body is not valid JSON."

// parseErrorBody words an error from reading the request itself — its
// body, query or path — for a person: the field it concerns and SPEC's
// generic messages ('Expected X, received Y', Invalid input), never the
// parser's text. It is false for every other error (the services' own
// InvalidArgument answers are written for people already).
func parseErrorBody(err error) (ErrorBody, bool) {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.InvalidArgument || len(st.Details()) > 0 {
		return ErrorBody{}, false
	}
	msg := st.Message()
	field, problem := "", "Invalid input"
	if m := protoFieldValue.FindStringSubmatch(msg); m != nil {
		field, problem = m[2], fmt.Sprintf("Expected %s, received %s", jsonKind(m[1]), receivedKind(m[3]))
	} else if m := namedField.FindStringSubmatch(msg); m != nil {
		field = m[1]
	} else if m := pathParameter.FindStringSubmatch(msg); m != nil {
		field = m[1]
	} else if notJSON.MatchString(msg) {
		return ErrorBody{Message: MsgNotJSON, Code: "invalid_argument", Details: []FieldViolation{}}, true
	} else {
		return ErrorBody{}, false
	}
	field = httperr.JSONName(field)
	return ErrorBody{Message: fmt.Sprintf("The value of %s is not valid: %s.", field, problem), Code: "invalid_argument",
		Details: []FieldViolation{{Field: field, Message: problem}}}, true
}

// jsonKind names a proto scalar type as JSON (and zod's messages) do.
func jsonKind(protoType string) string {
	switch protoType {
	case "string", "bytes":
		return "string"
	case "bool":
		return "boolean"
	case "enum":
		return "string"
	}
	return "number"
}

// receivedKind names the JSON kind of the value protojson quotes.
func receivedKind(raw string) string {
	raw = strings.TrimSpace(raw)
	switch {
	case raw == "":
		return "nothing"
	case raw[0] == '"':
		return "string"
	case raw[0] == '{':
		return "object"
	case raw[0] == '[':
		return "array"
	case raw == "true" || raw == "false":
		return "boolean"
	case raw == "null":
		return "null"
	}
	return "number"
}

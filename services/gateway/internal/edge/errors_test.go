package edge

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnreadableRequestsAreAnsweredInOurWords: issue 25 got Go's and
// protojson's own text back (strconv.ParseInt…, proto: syntax error…),
// with details sometimes null. A request the edge cannot read now gets a
// 400 naming the field where there is one, SPEC's generic messages, and
// details always a list.
func TestUnreadableRequestsAreAnsweredInOurWords(t *testing.T) {
	t.Parallel()
	_, conn := serveSeenMetadata(t)
	srv, origin := newAnonymousEdge(t, conn, nil)
	for _, c := range []struct {
		method, path, body string
		want               ErrorBody
	}{
		{"GET", "/api/blog-posts?limit=abc", "", ErrorBody{Message: "The value of limit is not valid: Invalid input.",
			Details: []FieldViolation{{Field: "limit", Message: "Invalid input"}}}},
		{"GET", "/api/blog-posts?limit=1&limit=2", "", ErrorBody{Message: "The value of limit is not valid: Invalid input.",
			Details: []FieldViolation{{Field: "limit", Message: "Invalid input"}}}},
		{"POST", "/api/contact", "[[[[[[", ErrorBody{Message: MsgNotJSON, Details: []FieldViolation{}}},
		{"POST", "/api/contact", `{"name":`, ErrorBody{Message: MsgNotJSON, Details: []FieldViolation{}}},
		{"POST", "/api/contact", `"x"`, ErrorBody{Message: MsgNotJSON, Details: []FieldViolation{}}},
		{"POST", "/api/contact", `{"firstName":5}`, ErrorBody{Message: "The value of firstName is not valid: Expected string, received number.",
			Details: []FieldViolation{{Field: "firstName", Message: "Expected string, received number"}}}},
		{"POST", "/api/contact", `{"first_name":{}}`, ErrorBody{Message: "The value of firstName is not valid: Expected string, received object.",
			Details: []FieldViolation{{Field: "firstName", Message: "Expected string, received object"}}}},
		{"POST", "/api/contact", `{"hasVideo":"yes"}`, ErrorBody{Message: "The value of hasVideo is not valid: Expected boolean, received string.",
			Details: []FieldViolation{{Field: "hasVideo", Message: "Expected boolean, received string"}}}},
		{"POST", "/api/contact", `{"firstName":"a","firstName":"b"}`, ErrorBody{Message: "The value of firstName is not valid: Invalid input.",
			Details: []FieldViolation{{Field: "firstName", Message: "Invalid input"}}}},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.Equal(t, 400, resp.StatusCode, "%s %s", c.path, c.body)
		for _, leak := range []string{"strconv", "ParseInt", "proto:", "syntax error", "invalid character", "unexpected EOF", "null"} {
			require.NotContains(t, string(raw), leak, "%s %s", c.path, c.body)
		}
		var got ErrorBody
		require.NoError(t, json.Unmarshal(raw, &got))
		c.want.Code = "invalid_argument"
		require.Equal(t, c.want, got, "%s %s", c.path, c.body)
	}
}

package edge

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/identity"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
)

func TestRepairJSONText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{`{"a":"x\ud83d"}`, `{"a":"x\ufffd"}`},                       // a high surrogate cut from its pair
		{`{"a":"\ud83d\ude00 ok"}`, `{"a":"\ud83d\ude00 ok"}`},       // a pair stays
		{`{"a":"\uD83D\uDE00"}`, `{"a":"\uD83D\uDE00"}`},             // in capitals too
		{`{"a":"\ude00x"}`, `{"a":"\ufffdx"}`},                       // a low one alone
		{`{"a":"\ud83d\ud83d\ude00"}`, `{"a":"\ufffd\ud83d\ude00"}`}, // a high one before a pair
		{`{"a":"\\ud83d"}`, `{"a":"\\ud83d"}`},                       // an escaped backslash, then text
		{`{"a":"\"\ud800"}`, `{"a":"\"\ufffd"}`},                     // after an escaped quote
		{`{"\ud800":1}`, `{"\ufffd":1}`},                             // a name is a string too
		{"{\"a\":\"x\xff\xfey\"}", "{\"a\":\"x\uFFFDy\"}"},           // bytes that are not UTF-8 (one run)
		{`{"a":"\u0000"}`, `{"a":"\u0000"}`},                         // NUL is the service's to clean
		{`{"a":"\ud83d`, `{"a":"\ufffd`},                             // cut off: still repaired, still refused
		{`[[[[`, `[[[[`},                                             // not JSON: left to be refused
		{`{"a":"\u12"}`, `{"a":"\u12"}`},                             // a bad escape: left to be refused
	} {
		require.Equal(t, c.want, string(repairJSONText([]byte(c.in))), c.in)
	}
}

// keptLead is a contact service that keeps the last submission.
type keptLead struct {
	contactv1.UnimplementedContactServiceServer
	got chan *contactv1.SubmitInspectionRequestRequest
}

func (k *keptLead) SubmitInspectionRequest(_ context.Context, r *contactv1.SubmitInspectionRequestRequest) (*contactv1.SubmitInspectionRequestResponse, error) {
	k.got <- r
	return &contactv1.SubmitInspectionRequestResponse{Id: "x"}, nil
}

// TestALeadWithAHalfEmojiReachesTheService: the web app cut attribution at
// 200 UTF-16 units, so a campaign whose 200th unit was half an emoji went
// out as "…\ud83d", which protojson refuses: every submit of that tab was
// a 400. The edge now repairs the lead body (and only it) before reading
// it; the service gets U+FFFD where the half was.
func TestALeadWithAHalfEmojiReachesTheService(t *testing.T) {
	t.Parallel()
	up := &keptLead{got: make(chan *contactv1.SubmitInspectionRequestRequest, 1)}
	conn := grpctest.Serve(t, func(s *grpc.Server) { contactv1.RegisterContactServiceServer(s, up) })
	signer, _ := identity.NewSigner("0123456789abcdef0123456789abcdef")
	srv, origin := newAnonymousEdge(t, conn, signer)

	campaign := strings.Repeat("x", 199) + `\ud83d`
	body := `{"firstName":"Maria","lastName":"Lopez","email":"maria@example.com","phone":"6025550142",` +
		"\"address\":\"12\xff Main\",\"attribution\":{\"utmCampaign\":\"" + campaign + `"}}`
	req, _ := http.NewRequest("POST", srv.URL+"/api/contact", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", origin)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode, "%s", out)
	got := <-up.got
	require.Equal(t, strings.Repeat("x", 199)+"\uFFFD", got.GetAttribution().GetUtmCampaign())
	require.Equal(t, "12\uFFFD Main", got.GetAddress())

}

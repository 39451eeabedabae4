package edge

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"

	contactv1 "github.com/valleytrenchless/site/gen/trenchless/contact/v1"
	"github.com/valleytrenchless/site/internal/testkit/grpctest"
	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

// TestRateLimitsHoldAcrossReplicas: two gateways behind a load balancer
// that is not sticky each saw half of a visitor's requests, so each
// replica's own bucket let twice the limit through. With the bucket they
// share in Postgres, the limit holds per visitor whichever replica
// answers; without it (nil), it would not.
func TestRateLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	conn := grpctest.Serve(t, func(s *grpc.Server) { contactv1.RegisterContactServiceServer(s, &seenMetadata{}) })
	store := accountspg.New(pgtest.NewPool(t, accountspg.Migrate))
	shared := func(ctx context.Context, key string, l RateLimit) (bool, time.Duration, error) {
		return store.TakeToken(ctx, key, l.Burst, l.Every)
	}
	replica := func() (string, string) {
		srv, origin := newEdgeWith(t, conn, func(o *Options) {
			o.Limits = map[string]RateLimit{"/api/contact": {Every: time.Minute, Burst: 4}}
			o.SharedLimit = shared
		})
		return srv.URL, origin
	}
	a, originA := replica()
	b, originB := replica()
	var codes []int
	for i := range 8 {
		url, origin := a, originA
		if i%2 == 1 {
			url, origin = b, originB
		}
		req, _ := http.NewRequest("POST", url+"/api/contact", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
		if resp.StatusCode == 429 {
			require.NotEmpty(t, resp.Header.Get("Retry-After"))
		}
	}
	require.Equal(t, []int{200, 200, 200, 200, 429, 429, 429, 429}, codes)
}

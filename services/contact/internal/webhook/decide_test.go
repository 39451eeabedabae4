package webhook

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestEachAnswerMovesTheDeliveryAlongTheSchedule(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s := &Service{now: func() time.Time { return now }}
	require.Equal(t, DefaultSchedule, s.schedule(), "Svix's schedule unless told otherwise")
	require.Len(t, DefaultSchedule, 8)

	c := Claimed{Delivery: Delivery{Status: StatusPending}, Endpoint: Endpoint{Enabled: true}}
	failed := Attempt{At: now, StatusCode: 503}
	var waits []time.Duration
	for c.Delivery.Status == StatusPending {
		o := s.decide(c, failed, scheduled)
		require.False(t, o.EndpointOK)
		require.Equal(t, now, o.FailingSince, "the streak starts at the first failure")
		require.Empty(t, o.Disable)
		if o.Status == StatusPending {
			waits = append(waits, o.NextAttemptAt.Sub(now))
		}
		c.Delivery.Status, c.Delivery.RoundAttempts = o.Status, o.RoundAttempts
	}
	require.Equal(t, DefaultSchedule[1:], waits, "5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h between the eight attempts")
	require.Equal(t, StatusFailed, c.Delivery.Status)
	require.Equal(t, 8, c.Delivery.RoundAttempts)

	ok := s.decide(Claimed{Delivery: Delivery{Status: StatusPending, RoundAttempts: 2}, Endpoint: Endpoint{FailingSince: now.Add(-time.Hour)}},
		Attempt{At: now, StatusCode: 204}, scheduled)
	require.Equal(t, Outcome{Status: StatusDelivered, RoundAttempts: 3, EndpointOK: true}, ok, "any 2xx delivers and ends the streak")
}

func TestAGoneOrLongFailingEndpointIsDisabled(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s := &Service{now: func() time.Time { return now }}
	pending := Delivery{Status: StatusPending}

	gone := s.decide(Claimed{Delivery: pending}, Attempt{At: now, StatusCode: http.StatusGone}, scheduled)
	require.Equal(t, DisabledGone, gone.Disable)
	require.Equal(t, StatusFailed, gone.Status, "410: no more attempts")

	recent := s.decide(Claimed{Delivery: pending, Endpoint: Endpoint{FailingSince: now.Add(-DisableAfter + time.Minute)}}, Attempt{At: now, StatusCode: 500}, scheduled)
	require.Empty(t, recent.Disable)
	long := s.decide(Claimed{Delivery: pending, Endpoint: Endpoint{FailingSince: now.Add(-DisableAfter)}}, Attempt{At: now, Error: "no answer within 10s"}, scheduled)
	require.Equal(t, DisabledFailing, long.Disable, "five days of failures")
	require.Equal(t, now.Add(-DisableAfter), long.FailingSince)
}

func TestStaffsOwnTriesLeaveTheScheduleAndTheEndpointAlone(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	s := &Service{now: func() time.Time { return now }}
	next := now.Add(5 * time.Minute)
	d := Delivery{Status: StatusPending, RoundAttempts: 2, NextAttemptAt: next}
	o := s.decide(Claimed{Delivery: d}, Attempt{At: now, StatusCode: 500}, manual)
	require.Equal(t, StatusPending, o.Status)
	require.Equal(t, next, o.NextAttemptAt, "a failed resend keeps the next scheduled attempt")
	require.Equal(t, 2, o.RoundAttempts)
	o = s.decide(Claimed{Delivery: Delivery{Status: StatusFailed}}, Attempt{At: now, StatusCode: 500}, manual)
	require.Equal(t, StatusFailed, o.Status)

	test := s.decide(Claimed{Delivery: Delivery{Test: true, Status: StatusPending}}, Attempt{At: now, StatusCode: http.StatusGone}, manual)
	require.Equal(t, Outcome{Status: StatusFailed, RoundAttempts: 1}, test, "a test touches neither the streak nor the endpoint")
}

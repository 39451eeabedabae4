package sessionend_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/gateway/internal/sessionend"
)

// TestEndingASessionOrAnAccountCancelsOnlyItsStreams: two browsers of one
// account and one of another; ending a session cancels its streams alone,
// ending the account cancels the rest of its own, and a released stream is
// forgotten.
func TestEndingASessionOrAnAccountCancelsOnlyItsStreams(t *testing.T) {
	t.Parallel()
	r := sessionend.New()
	bg := context.Background()
	laptop, releaseLaptop := r.Bind(bg, "session-1", "ana")
	defer releaseLaptop()
	laptop2, releaseLaptop2 := r.Bind(bg, "session-1", "ana") // a second tab
	defer releaseLaptop2()
	phone, releasePhone := r.Bind(bg, "session-2", "ana")
	defer releasePhone()
	other, releaseOther := r.Bind(bg, "session-3", "ben")
	defer releaseOther()
	require.Equal(t, 4, r.Open())

	require.Equal(t, 2, r.EndSession("session-1"))
	require.Error(t, laptop.Err())
	require.Error(t, laptop2.Err())
	require.NoError(t, phone.Err())
	require.NoError(t, other.Err())
	require.Equal(t, 0, r.EndSession("session-1"), "ended once")

	require.Equal(t, 1, r.EndUser("ana"))
	require.Error(t, phone.Err())
	require.NoError(t, other.Err())
	require.Equal(t, 0, r.EndUser(""))

	releaseOther()
	require.Error(t, other.Err(), "release cancels")
	require.Equal(t, 0, r.Open())
}

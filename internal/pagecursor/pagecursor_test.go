package pagecursor

import (
	"encoding/base64"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestAFieldThatHoldsTheSeparatorComesBackWhole(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fields []string
		free   int
	}{
		{[]string{"title", "Pipes | and | more", "4f1c2d3e-0000-4000-8000-000000000001"}, 1}, // a title between order and id
		{[]string{"2026-03-01T12:00:00Z", "uploads/a|b.jpg"}, 1},                             // an object key last
		{[]string{"0", "services", "home.hero|title"}, 2},
		{[]string{"|a|", "", "b"}, 0},
		{[]string{"only"}, 0},
		{[]string{"", ""}, 1},
	} {
		got, err := Decode(Encode(c.fields...), len(c.fields), c.free)
		require.NoError(t, err, "%q", c.fields)
		require.Equal(t, c.fields, got)
	}
}

// Cursors already handed out (issue 37 made this the one encoding of the
// three the stores wrote by hand) still read.
func TestCursorsTheStoresIssuedBeforeStillRead(t *testing.T) {
	t.Parallel()
	old := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	const id = "0b8e4a5c-5f0e-4c2a-9d8e-2b7f1c3d4e5f"

	at, tie, err := DecodeTime(old("2026-11-26T09:00:00.123456-07:00|" + id))
	require.NoError(t, err)
	require.True(t, at.Equal(time.Date(2026, 11, 26, 16, 0, 0, 123456000, time.UTC)))
	require.Equal(t, id, tie)

	f, err := Decode(old("newest|2026-11-26T09:00:00Z|"+id), 3, 1)
	require.NoError(t, err)
	require.Equal(t, []string{"newest", "2026-11-26T09:00:00Z", id}, f)
}

func TestTimeKeepsTheInstantToTheNanosecond(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 5, 6, 7, 123456789, time.FixedZone("MST", -7*3600))
	c := EncodeTime(at, "images/x.webp")
	got, tie, err := DecodeTime(c)
	require.NoError(t, err)
	require.True(t, at.Equal(got), "%s != %s", at, got)
	require.Equal(t, "images/x.webp", tie)
	require.NotContains(t, c, "=", "no padding: the token goes in a query string as is")
}

func TestWhatIsNotACursorIsRefused(t *testing.T) {
	t.Parallel()
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, c := range []struct {
		name, cursor string
		n, free      int
	}{
		{"not base64url", "not-a-cursor!", 2, 1},
		{"padded", base64.URLEncoding.EncodeToString([]byte("a|bc")), 2, 1},
		{"too few fields", enc("newest|" + "x"), 3, 1},
		{"no separator", enc("2026-03-01T12:00:00Z"), 2, 1},
		{"empty", "", 2, 1},
		{"free out of range", enc("a|b"), 2, 2},
	} {
		_, err := Decode(c.cursor, c.n, c.free)
		require.ErrorIs(t, err, ErrMalformed, c.name)
	}
	_, _, err := DecodeTime(enc("yesterday|x"))
	require.ErrorIs(t, err, ErrMalformed, "a time that is not RFC 3339")
}

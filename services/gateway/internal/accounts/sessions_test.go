package accounts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/pgtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
)

const (
	macChrome    = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	iPhoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)

// TestAPersonSeesAndEndsTheirOwnSessions: the account's live sessions,
// each with how it signed in and its browser, the newest activity first,
// the caller's marked; one ended by its handle, then all but the
// caller's. Another account's sessions can neither be seen nor named.
func TestAPersonSeesAndEndsTheirOwnSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	svc := accounts.NewService(accountspg.New(pgtest.NewPool(t, accountspg.Migrate)), time.Hour, 24*time.Hour)
	ana, err := svc.CreateLocalUser(ctx, "ana@valleytrenchless.example", "correct horse battery staple", "owner", accounts.SourceOperator)
	require.NoError(t, err)
	bob, err := svc.CreateLocalUser(ctx, "bob@valleytrenchless.example", "another long passphrase", "owner", accounts.SourceOperator)
	require.NoError(t, err)

	laptop, _, err := svc.StartSession(ctx, ana, accounts.SessionOrigin{Method: accounts.MethodPassword, UserAgent: macChrome})
	require.NoError(t, err)
	phone, _, err := svc.StartSession(ctx, ana, accounts.SessionOrigin{Method: accounts.MethodPasskey, UserAgent: iPhoneSafari + "\x00\n" + strings.Repeat("é", 400)})
	require.NoError(t, err)
	third, _, err := svc.StartSession(ctx, ana, accounts.SessionOrigin{Method: accounts.MethodGoogle})
	require.NoError(t, err)
	bobs, _, err := svc.StartSession(ctx, bob, accounts.SessionOrigin{Method: accounts.MethodPassword})
	require.NoError(t, err)

	list, err := svc.Sessions(ctx, ana, laptop)
	require.NoError(t, err)
	require.Len(t, list, 3, "bob's session is not ana's")
	byMethod := map[string]accounts.SessionInfo{}
	for _, s := range list {
		byMethod[s.Method] = s
		require.Len(t, s.Handle, 32)
		require.NotContains(t, []string{laptop, phone, third}, s.Handle, "a handle is not a cookie")
	}
	require.True(t, byMethod[accounts.MethodPassword].Current)
	require.False(t, byMethod[accounts.MethodPasskey].Current)
	require.Equal(t, macChrome, byMethod[accounts.MethodPassword].UserAgent)
	ua := byMethod[accounts.MethodPasskey].UserAgent
	require.LessOrEqual(t, len(ua), accounts.MaxUserAgentBytes, "kept to its limit")
	require.True(t, strings.HasPrefix(ua, iPhoneSafari+"é"), "without control characters: %q", ua[:200])

	// Bob cannot name ana's session; ana ends her phone's.
	require.ErrorIs(t, svc.EndSessionOf(ctx, bob, byMethod[accounts.MethodPasskey].Handle), accounts.ErrNotFound)
	require.NoError(t, svc.EndSessionOf(ctx, ana, byMethod[accounts.MethodPasskey].Handle))
	_, err = svc.Lookup(ctx, phone)
	require.ErrorIs(t, err, accounts.ErrNoSession)
	require.ErrorIs(t, svc.EndSessionOf(ctx, ana, byMethod[accounts.MethodPasskey].Handle), accounts.ErrNotFound, "already ended")
	require.ErrorIs(t, svc.EndSessionOf(ctx, ana, "not-a-handle"), accounts.ErrNotFound)

	// Everywhere else: the third goes, this one and bob's stay.
	n, err := svc.EndOtherSessions(ctx, ana, laptop)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	for id, alive := range map[string]bool{laptop: true, third: false, bobs: true} {
		_, err := svc.Lookup(ctx, id)
		if alive {
			require.NoError(t, err)
		} else {
			require.ErrorIs(t, err, accounts.ErrNoSession)
		}
	}
	list, err = svc.Sessions(ctx, ana, laptop)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.True(t, list[0].Current)
}

// TestUserAgentsAreNamedAsPeopleNameThem: the browsers and systems staff
// use, told apart where their User-Agents overlap.
func TestUserAgentsAreNamedAsPeopleNameThem(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]accounts.Device{
		macChrome:    {Browser: "Chrome", OS: "macOS"},
		iPhoneSafari: {Browser: "Safari", OS: "iOS", Mobile: true},
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":                  {Browser: "Edge", OS: "Windows"},
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0":                                                               {Browser: "Firefox", OS: "Windows"},
		"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36":     {Browser: "Samsung Internet", OS: "Android", Mobile: true},
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":                          {Browser: "Chrome", OS: "Android", Mobile: true},
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1": {Browser: "Chrome", OS: "iOS", Mobile: true},
		"Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1":                 {Browser: "Safari", OS: "iPadOS", Mobile: true},
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15":                          {Browser: "Safari", OS: "macOS"},
		"Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36":                                 {Browser: "Chrome", OS: "ChromeOS"},
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36":                                  {Browser: "Chrome", OS: "Linux"},
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0":                  {Browser: "Opera", OS: "Windows"},
		"curl/8.5.0": {},
		"":           {},
	} {
		require.Equal(t, want, accounts.ParseUserAgent(ua), ua)
	}
}

package edge

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/mail"
	"github.com/valleytrenchless/site/internal/testkit/mailtest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// newResetEnv is an edge whose sign-in mails reset links through a real
// SMTP server in the test's process.
func newResetEnv(t *testing.T, limits map[string]RateLimit) (*authEnv, *mailtest.Mailbox) {
	t.Helper()
	box := &mailtest.Mailbox{}
	host, port := mailtest.Serve(t, box)
	e := newAuthEnvWith(t, limits, false, nil, func(c *signin.Config) {
		c.Mail = mail.SMTP{Host: host, Port: port, From: "website@" + staffDomain}.Send
		c.CompanyName = "Valley Trenchless Pros"
	})
	return e, box
}

// mailTo waits for the n-th mail (from 1) to arrive and returns it.
func mailTo(t *testing.T, box *mailtest.Mailbox, n int) string {
	t.Helper()
	var msgs []string
	require.Eventually(t, func() bool {
		_, msgs = box.Snapshot()
		return len(msgs) >= n
	}, 10*time.Second, 20*time.Millisecond, "mail %d never arrived", n)
	return msgs[n-1]
}

var resetLinkRE = regexp.MustCompile(`(http://\S+/admin/set-password#token=)(\S+)`)

// TestAForgottenPasswordIsResetByAMailedLink (ASVS 6.4.1, 6.4.3): a
// password account asks for a link on the sign-in page and gets it by
// mail; the link sets a new password once, within the hour, ends every
// session of the account and signs no one in; the new password then
// signs in as usual and the old one no longer does.
func TestAForgottenPasswordIsResetByAMailedLink(t *testing.T) {
	t.Parallel()
	e, box := newResetEnv(t, map[string]RateLimit{})
	e.addOps(t)
	ops := "ops@" + staffDomain
	signedIn, code, _ := e.login(t, ops, "correct horse battery")
	require.Equal(t, 200, code)

	code, out := e.send(t, e.browser(t), "GET", "/api/auth/providers", nil)
	require.Equal(t, 200, code)
	require.Equal(t, true, out["passwordReset"], "the sign-in page offers the link: %v", out)

	code, out = e.send(t, e.browser(t), "POST", "/api/password-reset", map[string]string{"email": " OPS@" + staffDomain + " "})
	require.Equal(t, http.StatusAccepted, code, "%v", out)
	m := mailTo(t, box, 1)
	require.Contains(t, m, "To: "+ops+"\r\n")
	require.Contains(t, m, "Subject: Set a new password for the Valley Trenchless Pros staff area\r\n")
	require.Contains(t, m, "It works once, within the hour")
	link := resetLinkRE.FindStringSubmatch(m)
	require.NotNil(t, link, "the mail holds the link: %s", m)
	require.True(t, strings.HasPrefix(link[1], e.srv.URL+"/admin/set-password#token="), link[1])
	token := link[2]

	visitor := e.browser(t)
	code, out = e.send(t, visitor, "GET", "/api/set-password?token="+token, nil)
	require.Equal(t, 200, code, "%v", out)
	require.Equal(t, ops, out["username"])
	require.Equal(t, true, out["resetLink"])
	expires, err := time.Parse(time.RFC3339, out["expiresAt"].(string))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(accounts.ResetTTL), expires, time.Minute, "a reset link works for an hour")

	// A guessable password is refused and leaves the link working.
	code, out = e.send(t, visitor, "POST", "/api/set-password", map[string]string{"token": token, "password": "password1234"})
	require.Equal(t, 400, code, "%v", out)
	code, out = e.send(t, visitor, "POST", "/api/set-password", map[string]string{"token": token, "password": "quiet lantern orbit cedar"})
	require.Equal(t, 200, code, "%v", out)
	require.Equal(t, ops, out["username"])
	code, _ = e.currentUser(t, visitor)
	require.Equal(t, 401, code, "a reset link signs no one in")
	code, _ = e.currentUser(t, signedIn)
	require.Equal(t, 401, code, "the account's sessions ended with the reset")

	code, out = e.send(t, visitor, "POST", "/api/set-password", map[string]string{"token": token, "password": "another quiet lantern"})
	require.Equal(t, 404, code, "the link works once: %v", out)
	_, code, _ = e.login(t, ops, "correct horse battery")
	require.Equal(t, 401, code, "the old password is gone")
	_, code, out = e.login(t, ops, "quiet lantern orbit cedar")
	require.Equal(t, 200, code, "%v", out)
}

// TestAResetRequestIsAnsweredAlikeForEveryAddress: an unknown address, a
// disabled account, a Google account and a password account all get the
// same 202; only the password account gets a link and the Google account
// a mail saying how it signs in. Each address gets three mails, then one
// every 20 minutes; a malformed address is a 400, and a server without
// mail says to ask an owner.
func TestAResetRequestIsAnsweredAlikeForEveryAddress(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e, box := newResetEnv(t, map[string]RateLimit{})
	e.addOps(t)
	_, err := e.accounts.CreateGoogleUser(ctx, "ana@"+staffDomain, "sales", staffDomain)
	require.NoError(t, err)
	gone, err := e.accounts.CreateLocalUser(ctx, "gone@"+staffDomain, "correct horse battery", "editor", accounts.SourceOperator)
	require.NoError(t, err)
	disabled := true
	_, err = e.accounts.UpdateStaff(ctx, gone.ID, accounts.StaffChange{Disabled: &disabled})
	require.NoError(t, err)

	c := e.browser(t)
	for _, email := range []string{"nobody@" + staffDomain, "gone@" + staffDomain, "ana@" + staffDomain} {
		code, out := e.send(t, c, "POST", "/api/password-reset", map[string]string{"email": email})
		require.Equal(t, http.StatusAccepted, code, "%s: %v", email, out)
		require.Equal(t, map[string]any{"ok": true}, out, email)
	}
	m := mailTo(t, box, 1)
	require.Contains(t, m, "To: ana@"+staffDomain+"\r\n")
	require.Contains(t, m, "That account signs in with Google, so it has no password here.")
	require.NotContains(t, m, "set-password")

	for range 4 {
		code, _ := e.send(t, c, "POST", "/api/password-reset", map[string]string{"email": "ops@" + staffDomain})
		require.Equal(t, http.StatusAccepted, code)
	}
	mailTo(t, box, 4)
	time.Sleep(300 * time.Millisecond) // a fifth mail would be here by now
	_, msgs := box.Snapshot()
	require.Len(t, msgs, 4, "the Google account's mail and three of the four to ops; no mail to the unknown or disabled address")
	for _, m := range msgs[1:] {
		require.Contains(t, m, "To: ops@"+staffDomain+"\r\n")
	}
	// Only the newest link works.
	var tokens []string
	for _, m := range msgs[1:] {
		tokens = append(tokens, resetLinkRE.FindStringSubmatch(m)[2])
	}
	code, _ := e.send(t, c, "GET", "/api/set-password?token="+tokens[0], nil)
	require.Equal(t, 404, code, "an earlier link is replaced by the next")
	code, _ = e.send(t, c, "GET", "/api/set-password?token="+tokens[2], nil)
	require.Equal(t, 200, code)

	code, out := e.send(t, c, "POST", "/api/password-reset", map[string]string{"email": "not an address"})
	require.Equal(t, 400, code, "%v", out)
	require.Equal(t, "Enter a valid e-mail address.", out["message"])

	off := newAuthEnv(t, map[string]RateLimit{}, false)
	code, out = off.send(t, off.browser(t), "GET", "/api/auth/providers", nil)
	require.Equal(t, 200, code)
	require.Equal(t, false, out["passwordReset"])
	code, out = off.send(t, off.browser(t), "POST", "/api/password-reset", map[string]string{"email": "ops@" + staffDomain})
	require.Equal(t, http.StatusBadRequest, code, "%v", out)
	require.Equal(t, "failed_precondition", out["code"])
	require.Contains(t, out["message"], "Ask an owner of the site for a new link.")
}

// TestResetRequestsAreLimitedPerAddress: the route has the edge's
// per-address bucket of the abuse-prone POSTs.
func TestResetRequestsAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	e, _ := newResetEnv(t, nil)
	c := e.browser(t)
	for range DefaultLimits["/api/password-reset"].Burst {
		code, _ := e.send(t, c, "POST", "/api/password-reset", map[string]string{"email": "nobody@" + staffDomain})
		require.Equal(t, http.StatusAccepted, code)
	}
	code, _ := e.send(t, c, "POST", "/api/password-reset", map[string]string{"email": "nobody@" + staffDomain})
	require.Equal(t, http.StatusTooManyRequests, code)
}

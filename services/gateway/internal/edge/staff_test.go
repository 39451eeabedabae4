package edge

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/oidctest"
	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
)

// send is a JSON request from c, with the Origin a browser on the site
// sends; it returns the status and the decoded answer.
func (e *authEnv) send(t *testing.T, c *http.Client, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(b))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", e.srv.URL)
	resp, err := c.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func (e *authEnv) login(t *testing.T, email, password string) (*http.Client, int, map[string]any) {
	t.Helper()
	c := e.browser(t)
	code, out := e.send(t, c, "POST", "/api/login", map[string]string{"username": email, "password": password})
	return c, code, out
}

func memberID(t *testing.T, e *authEnv, owner *http.Client, email string) string {
	t.Helper()
	code, list := e.send(t, owner, "GET", "/api/admin/staff", nil)
	require.Equal(t, 200, code, "%v", list)
	for _, m := range list["staff"].([]any) {
		if m := m.(map[string]any); m["username"] == email {
			return m["id"].(string)
		}
	}
	t.Fatalf("%s is not on the staff list", email)
	return ""
}

// An owner invites a password account; the one-time link sets its
// password once and signs the person in with the invited role.
func TestOwnerInvitesAStaffMemberWithAOneTimeLink(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, map[string]RateLimit{}, false)
	e.addOps(t)
	owner, code, _ := e.login(t, "ops@"+staffDomain, "correct horse battery")
	require.Equal(t, 200, code)

	code, out := e.send(t, owner, "POST", "/api/admin/staff", map[string]string{"username": "Sam@" + staffDomain, "role": "sales", "signIn": "password"})
	require.Equal(t, 200, code, "%v", out)
	m := out["member"].(map[string]any)
	require.Equal(t, "sam@"+staffDomain, m["username"])
	require.Equal(t, "invited", m["status"])
	link, err := url.Parse(out["setPasswordUrl"].(string))
	require.NoError(t, err)
	require.Equal(t, "/admin/set-password", link.Path)
	token := strings.TrimPrefix(link.Fragment, "token=")
	require.NotEmpty(t, token)

	// The same e-mail twice, a bad role, a Google account off the domain.
	code, out = e.send(t, owner, "POST", "/api/admin/staff", map[string]string{"username": "sam@" + staffDomain, "role": "sales", "signIn": "password"})
	require.Equal(t, 409, code, "%v", out)
	code, out = e.send(t, owner, "POST", "/api/admin/staff", map[string]string{"username": "kim@" + staffDomain, "role": "admin", "signIn": "password"})
	require.Equal(t, 400, code)
	require.Equal(t, "Choose a role: owner, editor or sales.", out["message"])
	code, out = e.send(t, owner, "POST", "/api/admin/staff", map[string]string{"username": "kim@gmail.example", "role": "editor", "signIn": "google"})
	require.Equal(t, 400, code)
	require.Equal(t, "A Google account must be on the company domain (@"+staffDomain+").", out["message"])

	// The link: who it is for, then used once.
	anon := e.browser(t)
	code, info := e.send(t, anon, "GET", "/api/set-password?token="+url.QueryEscape(token), nil)
	require.Equal(t, 200, code, "%v", info)
	require.Equal(t, "sam@"+staffDomain, info["username"])
	code, out = e.send(t, anon, "POST", "/api/set-password", map[string]string{"token": token, "password": "short"})
	require.Equal(t, 400, code, "%v", out)
	code, out = e.send(t, anon, "POST", "/api/set-password", map[string]string{"token": token, "password": "Sam@" + staffDomain})
	require.Equal(t, 400, code, "%v", out)
	require.Equal(t, "password", out["details"].([]any)[0].(map[string]any)["field"], "made of the e-mail")
	code, out = e.send(t, anon, "POST", "/api/set-password", map[string]string{"token": token, "password": "a long enough password"})
	require.Equal(t, 200, code, "%v", out)
	require.Equal(t, "sales", out["role"])
	code, me := e.currentUser(t, anon)
	require.Equal(t, 200, code)
	require.Equal(t, "sales", me["role"])
	require.Equal(t, "password", me["signIn"])
	code, out = e.send(t, e.browser(t), "POST", "/api/set-password", map[string]string{"token": token, "password": "another long password"})
	require.Equal(t, 404, code, "a link works once: %v", out)
	require.Equal(t, "This link has expired or was already used.", out["message"])

	// A sales account is not an owner: the Staff tab refuses it.
	code, _ = e.send(t, anon, "GET", "/api/admin/staff", nil)
	require.Equal(t, 403, code)
	id := memberID(t, e, owner, "sam@"+staffDomain)
	code, list := e.send(t, owner, "GET", "/api/admin/staff", nil)
	require.Equal(t, 200, code)
	for _, m := range list["staff"].([]any) {
		if m := m.(map[string]any); m["id"] == id {
			require.Equal(t, "active", m["status"])
			require.NotNil(t, m["lastSignInAt"])
		}
	}
}

// The last active owner can be neither demoted nor disabled; disabling
// someone ends their sessions at once.
func TestRolesChangeAndTheLastOwnerStays(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, map[string]RateLimit{}, false)
	e.addOps(t)
	owner, _, _ := e.login(t, "ops@"+staffDomain, "correct horse battery")
	opsID := memberID(t, e, owner, "ops@"+staffDomain)

	for _, change := range []map[string]any{{"role": "editor"}, {"disabled": true}} {
		code, out := e.send(t, owner, "PATCH", "/api/admin/staff/"+opsID, change)
		require.Equal(t, 400, code, "%v: %v", change, out)
		require.Equal(t, "The site needs at least one active owner. Make someone else an owner first.", out["message"])
	}

	code, out := e.send(t, owner, "POST", "/api/admin/staff", map[string]string{"username": "lee@" + staffDomain, "role": "editor", "signIn": "password"})
	require.Equal(t, 200, code, "%v", out)
	token := strings.TrimPrefix(out["setPasswordUrl"].(string)[strings.Index(out["setPasswordUrl"].(string), "#")+1:], "token=")
	lee := e.browser(t)
	code, _ = e.send(t, lee, "POST", "/api/set-password", map[string]string{"token": token, "password": "lee's long password"})
	require.Equal(t, 200, code)
	leeID := memberID(t, e, owner, "lee@"+staffDomain)
	// The list counts each member's passkeys.
	_, err := e.pool.Exec(context.Background(), `INSERT INTO gateway.passkeys (id, user_id, name, public_key, aaguid, flags)
		VALUES (decode(md5('laptop'), 'hex'), $1, 'Laptop', '\x00', gen_random_uuid(), 0), (decode(md5('phone'), 'hex'), $1, 'Phone', '\x00', gen_random_uuid(), 0)`, leeID)
	require.NoError(t, err)
	_, list := e.send(t, owner, "GET", "/api/admin/staff", nil)
	for _, m := range list["staff"].([]any) {
		if m := m.(map[string]any); m["id"] == leeID {
			require.EqualValues(t, 2, m["passkeys"])
		}
	}

	// Lee becomes an owner; now ops can step down, and lee cannot.
	code, out = e.send(t, owner, "PATCH", "/api/admin/staff/"+leeID, map[string]any{"role": "owner"})
	require.Equal(t, 200, code, "%v", out)
	code, me := e.currentUser(t, lee)
	require.Equal(t, 200, code)
	require.Equal(t, "owner", me["role"], "a role change applies to open sessions")
	code, out = e.send(t, owner, "PATCH", "/api/admin/staff/"+opsID, map[string]any{"role": "sales"})
	require.Equal(t, 200, code, "%v", out)
	code, _ = e.send(t, owner, "GET", "/api/admin/staff", nil)
	require.Equal(t, 403, code, "ops is sales now")
	code, out = e.send(t, lee, "PATCH", "/api/admin/staff/"+leeID, map[string]any{"disabled": true})
	require.Equal(t, 400, code, "%v", out)

	// Lee disables ops: ops's open session ends on its next request, and
	// its password no longer signs in.
	code, out = e.send(t, lee, "PATCH", "/api/admin/staff/"+opsID, map[string]any{"disabled": true})
	require.Equal(t, 200, code, "%v", out)
	require.Equal(t, "disabled", out["status"])
	code, _ = e.currentUser(t, owner)
	require.Equal(t, 401, code)
	_, code, out = e.login(t, "ops@"+staffDomain, "correct horse battery")
	require.Equal(t, 403, code)
	require.Equal(t, "This account is disabled. Ask an owner of the site if you need it back.", out["message"])
	code, out = e.send(t, lee, "PATCH", "/api/admin/staff/"+opsID, map[string]any{"disabled": false})
	require.Equal(t, 200, code)
	require.Equal(t, "active", out["status"])
	_, code, _ = e.login(t, "ops@"+staffDomain, "correct horse battery")
	require.Equal(t, 200, code)
}

// Changing one's password keeps this session and ends the others.
func TestChangingYourPasswordEndsYourOtherSessions(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, map[string]RateLimit{}, false)
	e.addOps(t)
	here, _, _ := e.login(t, "ops@"+staffDomain, "correct horse battery")
	there, _, _ := e.login(t, "ops@"+staffDomain, "correct horse battery")

	code, out := e.send(t, here, "POST", "/api/account/password", map[string]string{"currentPassword": "wrong one", "newPassword": "a brand new password"})
	require.Equal(t, 400, code)
	require.Equal(t, "Your current password is not correct.", out["message"])
	code, out = e.send(t, here, "POST", "/api/account/password", map[string]string{"currentPassword": "correct horse battery", "newPassword": "short"})
	require.Equal(t, 400, code, "%v", out)
	// A common password is refused under the field that holds it.
	code, out = e.send(t, here, "POST", "/api/account/password", map[string]string{"currentPassword": "correct horse battery", "newPassword": "Password123!"})
	require.Equal(t, 400, code, "%v", out)
	require.Regexp(t, `^This password is too easy to guess`, out["message"])
	require.Equal(t, "newPassword", out["details"].([]any)[0].(map[string]any)["field"])
	code, out = e.send(t, here, "POST", "/api/account/password", map[string]string{"currentPassword": "correct horse battery", "newPassword": "a brand new password"})
	require.Equal(t, 200, code, "%v", out)

	code, _ = e.currentUser(t, here)
	require.Equal(t, 200, code, "this session stays")
	code, _ = e.currentUser(t, there)
	require.Equal(t, 401, code, "the other session ended")
	_, code, _ = e.login(t, "ops@"+staffDomain, "correct horse battery")
	require.Equal(t, 401, code)
	_, code, _ = e.login(t, "ops@"+staffDomain, "a brand new password")
	require.Equal(t, 200, code)
}

// Google accounts: the first becomes the owner; later ones need an
// invitation; a linked account is matched by its subject, not its e-mail.
func TestGoogleAccountsNeedAnInvitationAndAreMatchedBySubject(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, map[string]RateLimit{}, false)
	first := e.browser(t)
	e.provider.SignInAs(oidctest.User{Subject: "sub-ana", Email: "ana@" + staffDomain, EmailVerified: true, HD: staffDomain})
	require.Equal(t, "/admin", e.signInWithGoogle(t, first))
	_, me := e.currentUser(t, first)
	require.Equal(t, "owner", me["role"], "the first account is the owner")

	stranger := e.browser(t)
	e.provider.SignInAs(oidctest.User{Subject: "sub-bo", Email: "bo@" + staffDomain, EmailVerified: true, HD: staffDomain})
	require.Equal(t, "/auth?error=not_invited", e.signInWithGoogle(t, stranger))

	code, out := e.send(t, first, "POST", "/api/admin/staff", map[string]string{"username": "bo@" + staffDomain, "role": "editor", "signIn": "google"})
	require.Equal(t, 200, code, "%v", out)
	require.Empty(t, out["setPasswordUrl"])
	e.provider.SignInAs(oidctest.User{Subject: "sub-bo", Email: "bo@" + staffDomain, EmailVerified: true, HD: staffDomain})
	require.Equal(t, "/admin", e.signInWithGoogle(t, stranger))
	_, me = e.currentUser(t, stranger)
	require.Equal(t, "editor", me["role"])
	require.Equal(t, "google", me["signIn"], "a Google account has no password to change")

	// Another Google identity given bo's address (a reassigned mailbox)
	// is not bo: bo's account is linked to its subject.
	impostor := e.browser(t)
	e.provider.SignInAs(oidctest.User{Subject: "sub-someone-else", Email: "bo@" + staffDomain, EmailVerified: true, HD: staffDomain})
	require.Equal(t, "/auth?error=not_invited", e.signInWithGoogle(t, impostor))
	code, _ = e.currentUser(t, impostor)
	require.Equal(t, 401, code)

	// Disabled: refused with its own message.
	id := memberID(t, e, first, "bo@"+staffDomain)
	code, _ = e.send(t, first, "PATCH", "/api/admin/staff/"+id, map[string]any{"disabled": true})
	require.Equal(t, 200, code)
	e.provider.SignInAs(oidctest.User{Subject: "sub-bo", Email: "bo@" + staffDomain, EmailVerified: true, HD: staffDomain})
	require.Equal(t, "/auth?error=account_disabled", e.signInWithGoogle(t, e.browser(t)))
}

// Ten tries per account, then a wait, the same for an account that does
// not exist (no way to tell them apart).
func TestSignInIsThrottledPerAccount(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, map[string]RateLimit{}, false)
	e.addOps(t)
	for _, email := range []string{"ops@" + staffDomain, "nobody@" + staffDomain} {
		for i := 0; i < 10; i++ {
			_, code, out := e.login(t, email, "wrong password!")
			require.Equal(t, 401, code, "%s try %d: %v", email, i, out)
		}
		_, code, out := e.login(t, email, "correct horse battery")
		require.Equal(t, 429, code, "%s: %v", email, out)
		require.Equal(t, "Too many sign-in attempts for this account. Wait a few minutes, then try again.", out["message"])
	}
	// Another account is not held back by these.
	e2 := "writer@" + staffDomain
	_, code, _ := e.login(t, e2, "whatever it is")
	require.Equal(t, 401, code)

	// Only failures count: a colleague who signs in many times a day (or a
	// test suite) is never slowed.
	_, err := e.accounts.CreateLocalUser(context.Background(), "busy@"+staffDomain, "correct horse battery", "sales", accounts.SourceOperator)
	require.NoError(t, err)
	for i := 0; i < 25; i++ {
		_, code, out := e.login(t, "busy@"+staffDomain, "correct horse battery")
		require.Equal(t, 200, code, "good sign-in %d: %v", i, out)
	}
}

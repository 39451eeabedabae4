package passkeys_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/gateway/internal/accounts"
	"github.com/valleytrenchless/site/services/gateway/internal/accountspg"
	"github.com/valleytrenchless/site/services/gateway/internal/passkeys"
	"github.com/valleytrenchless/site/services/gateway/internal/signin"
)

// The site as the browser sees it: passkeys are made for its host.
const siteOrigin = "https://staff.example.test"

// stack is the gateway's sign-in and passkey routes on a real database.
type stack struct {
	pool *pgxpool.Pool
	srv  *httptest.Server
}

func newStack(t *testing.T) *stack {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pool := newPool(t)
	users := accountspg.New(pool)
	accts := accounts.NewService(users, 8*time.Hour, 168*time.Hour)
	sessions, err := signin.New(ctx, log, signin.Config{StaffDomain: "example.test", PublicOrigin: siteOrigin,
		CookieKey: bytes.Repeat([]byte("k"), 32)}, accts)
	require.NoError(t, err)
	svc, err := passkeys.New(log, passkeys.Config{Origin: siteOrigin, SiteName: "Valley Trenchless"}, passkeys.NewStore(pool), users)
	require.NoError(t, err)
	routes := passkeys.NewHandler(log, svc, sessions, false)
	sessions.GatePasswordSignIn(routes.PasswordGate)
	mux := http.NewServeMux()
	asIs := func(_ string, h http.Handler) http.Handler { return h }
	sessions.Register(mux, asIs)
	routes.Register(mux, asIs)
	srv := httptest.NewServer(sessions.Middleware(mux))
	t.Cleanup(srv.Close)
	return &stack{pool: pool, srv: srv}
}

// browser is one browser: its cookies, and its authenticator.
type browser struct {
	t      *testing.T
	s      *stack
	client *http.Client
	auth   *authenticator
}

func (s *stack) browser(t *testing.T) *browser {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &browser{t: t, s: s, client: &http.Client{Jar: jar}, auth: &authenticator{origin: siteOrigin}}
}

// answer is a response: its status and body.
type answer struct {
	status int
	body   []byte
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(a.body, &m), string(a.body))
	return m
}

func (b *browser) do(method, path string, body any) answer {
	b.t.Helper()
	var r io.Reader
	switch v := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(v)
	default:
		j, err := json.Marshal(v)
		require.NoError(b.t, err)
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, b.s.srv.URL+path, r)
	require.NoError(b.t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := b.client.Do(req)
	require.NoError(b.t, err)
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	require.NoError(b.t, err)
	return answer{status: res.StatusCode, body: out}
}

func (b *browser) login(email, password string) answer {
	return b.do("POST", "/api/login", map[string]string{"username": email, "password": password})
}

func (b *browser) mustLogin(email, password string) {
	b.t.Helper()
	a := b.login(email, password)
	require.Equal(b.t, http.StatusOK, a.status, string(a.body))
}

// addPasskey registers a new passkey named name from the account page.
func (b *browser) addPasskey(name string) (*softKey, answer) {
	b.t.Helper()
	begin := b.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": name})
	require.Equal(b.t, http.StatusOK, begin.status, string(begin.body))
	cred, key := b.auth.create(b.t, begin.body)
	return key, b.do("POST", "/api/account/passkeys/register/finish", cred)
}

// signInWith signs in with the passkey key: nothing typed.
func (b *browser) signInWith(key *softKey) answer {
	b.t.Helper()
	begin := b.do("POST", "/api/passkeys/sign-in/begin", nil)
	require.Equal(b.t, http.StatusOK, begin.status, string(begin.body))
	var o requestOptions
	require.NoError(b.t, json.Unmarshal(begin.body, &o))
	require.Empty(b.t, o.AllowCredentials, "no account named: the browser offers the site's passkeys")
	return b.do("POST", "/api/passkeys/sign-in/finish", b.auth.get(b.t, begin.body, key))
}

func (b *browser) whoAmI() string {
	b.t.Helper()
	a := b.do("GET", "/api/user", nil)
	if a.status != http.StatusOK {
		return ""
	}
	return a.json(b.t)["username"].(string)
}

// TestAPasskeySignsInAlone: a staff member adds a passkey from the account
// page, and in another browser it signs them in with nothing typed; the
// list shows its name, when it was last used and how it is reached.
func TestAPasskeySignsInAlone(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	addUser(t, s.pool, "ann@example.test", "editor", "ann-password-123")
	laptop := s.browser(t)
	laptop.mustLogin("ann@example.test", "ann-password-123")

	key, added := laptop.addPasskey("  Work laptop ")
	require.Equal(t, http.StatusOK, added.status, string(added.body))
	p := added.json(t)
	require.Equal(t, "Work laptop", p["name"])
	require.Equal(t, []any{"internal"}, p["transports"])
	require.Nil(t, p["lastUsedAt"])

	elsewhere := s.browser(t)
	elsewhere.auth = laptop.auth // a synced passkey, or the same device after signing out
	signedIn := elsewhere.signInWith(key)
	require.Equal(t, http.StatusOK, signedIn.status, string(signedIn.body))
	require.Equal(t, "ann@example.test", signedIn.json(t)["username"])
	require.Equal(t, "editor", signedIn.json(t)["role"])
	require.Equal(t, "ann@example.test", elsewhere.whoAmI())

	list := elsewhere.do("GET", "/api/account/passkeys", nil)
	require.Equal(t, http.StatusOK, list.status)
	keys := list.json(t)["passkeys"].([]any)
	require.Len(t, keys, 1)
	require.NotNil(t, keys[0].(map[string]any)["lastUsedAt"], "the sign-in is recorded")

	// A second passkey: the browser is told about the first, so this
	// authenticator would not make a second for the account.
	begin := laptop.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "Phone"})
	var o creationOptions
	require.NoError(t, json.Unmarshal(begin.body, &o))
	require.Len(t, o.ExcludeCredentials, 1)
	require.Equal(t, "preferred", o.AuthenticatorSelection.UserVerification)
	require.Equal(t, "staff.example.test", o.RP.ID)
	phone := &authenticator{origin: siteOrigin}
	cred, _ := phone.create(t, begin.body)
	require.Equal(t, http.StatusOK, laptop.do("POST", "/api/account/passkeys/register/finish", cred).status)

	// Rename and remove: one's own passkeys only.
	id := keys[0].(map[string]any)["id"].(string)
	renamed := laptop.do("PATCH", "/api/account/passkeys/"+id, map[string]string{"name": "Old laptop"})
	require.Equal(t, http.StatusOK, renamed.status, string(renamed.body))
	require.Equal(t, "Old laptop", renamed.json(t)["name"])
	require.Equal(t, http.StatusBadRequest, laptop.do("PATCH", "/api/account/passkeys/"+id, map[string]string{"name": strings.Repeat("x", 61)}).status)

	addUser(t, s.pool, "bob@example.test", "sales", "bob-password-123")
	bob := s.browser(t)
	bob.mustLogin("bob@example.test", "bob-password-123")
	require.Equal(t, http.StatusNotFound, bob.do("PATCH", "/api/account/passkeys/"+id, map[string]string{"name": "mine"}).status)
	require.Equal(t, http.StatusNotFound, bob.do("DELETE", "/api/account/passkeys/"+id, nil).status)
	require.Equal(t, http.StatusOK, laptop.do("DELETE", "/api/account/passkeys/"+id, nil).status)

	// The removed passkey is still on the device, and signs in no more.
	gone := s.browser(t)
	gone.auth = laptop.auth
	refused := gone.signInWith(key)
	require.Equal(t, http.StatusUnauthorized, refused.status)
	require.Contains(t, refused.json(t)["message"], "not registered with this site any more")
	require.Empty(t, gone.whoAmI())
}

// TestPasskeyRoutesAreForStaff: the account's passkeys are for signed-in
// staff; a visitor's account and a signed-out browser are refused.
func TestPasskeyRoutesAreForStaff(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	addUser(t, s.pool, "visitor@elsewhere.test", "", "visitor-password-1")
	out := s.browser(t)
	require.Equal(t, http.StatusUnauthorized, out.do("GET", "/api/account/passkeys", nil).status)
	require.Equal(t, http.StatusUnauthorized, out.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "x"}).status)
	visitor := s.browser(t)
	visitor.mustLogin("visitor@elsewhere.test", "visitor-password-1")
	require.Equal(t, http.StatusForbidden, visitor.do("GET", "/api/account/passkeys", nil).status)
	require.Equal(t, http.StatusForbidden, visitor.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "x"}).status)
	require.Equal(t, http.StatusForbidden, visitor.do("GET", "/api/admin/sign-in-policy", nil).status)
}

// TestForgedAndReplayedAnswersAreRefused: a ceremony answers once; an
// answer made for another site, signed by another key, with another
// account's handle, or from a copied authenticator does not sign in; a
// disabled account's passkey signs in no more.
func TestForgedAndReplayedAnswersAreRefused(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	ann := addUser(t, s.pool, "ann@example.test", "owner", "ann-password-123")
	addUser(t, s.pool, "bob@example.test", "editor", "bob-password-123")
	b := s.browser(t)
	b.mustLogin("ann@example.test", "ann-password-123")
	b.auth.counts = true // a security key: its counter goes up

	// Registration: an answer for another site, and one replayed.
	begin := b.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "Key"})
	phishing := &authenticator{origin: "https://staff.example.test.evil.example"}
	cred, _ := phishing.create(t, begin.body)
	require.Equal(t, http.StatusBadRequest, b.do("POST", "/api/account/passkeys/register/finish", cred).status, "another origin")
	begin = b.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "Key"})
	cred, key := b.auth.create(t, begin.body)
	require.Equal(t, http.StatusOK, b.do("POST", "/api/account/passkeys/register/finish", cred).status)
	replay := b.do("POST", "/api/account/passkeys/register/finish", cred)
	require.Equal(t, http.StatusBadRequest, replay.status)
	require.Equal(t, passkeys.ReasonCeremonyExpired, replay.json(t)["reason"])

	// Bob's browser cannot finish Ann's ceremony.
	bob := s.browser(t)
	bob.mustLogin("bob@example.test", "bob-password-123")
	stolen := b.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "Other"})
	bobCred, _ := bob.auth.create(t, stolen.body)
	require.Equal(t, http.StatusBadRequest, bob.do("POST", "/api/account/passkeys/register/finish", bobCred).status)

	fresh := func() (*browser, []byte) {
		t.Helper()
		c := s.browser(t)
		c.auth = b.auth
		begin := c.do("POST", "/api/passkeys/sign-in/begin", nil)
		require.Equal(t, http.StatusOK, begin.status)
		return c, begin.body
	}
	// Another key signing for this credential id.
	c, options := fresh()
	impostor := *key
	other := &authenticator{origin: siteOrigin}
	_, made := other.create(t, mustCreationOptions(t, key.rpID, key.handle))
	impostor.key = made.key
	require.Equal(t, http.StatusUnauthorized, c.do("POST", "/api/passkeys/sign-in/finish", b.auth.get(t, options, &impostor)).status)
	require.Empty(t, c.whoAmI())

	// Bob's user handle on Ann's passkey.
	c, options = fresh()
	wrongHandle := *key
	wrongHandle.handle = []byte("0123456789abcdef")
	require.Equal(t, http.StatusUnauthorized, c.do("POST", "/api/passkeys/sign-in/finish", b.auth.get(t, options, &wrongHandle)).status)

	// An answer made at another origin.
	c, options = fresh()
	c.auth = &authenticator{origin: "https://evil.example", keys: b.auth.keys, counts: true}
	require.Equal(t, http.StatusUnauthorized, c.do("POST", "/api/passkeys/sign-in/finish", c.auth.get(t, options, key)).status)

	// The real answer signs in, once.
	c, options = fresh()
	good := b.auth.get(t, options, key)
	require.Equal(t, http.StatusOK, c.do("POST", "/api/passkeys/sign-in/finish", good).status)
	again := c.do("POST", "/api/passkeys/sign-in/finish", good)
	require.Equal(t, http.StatusBadRequest, again.status)
	require.Equal(t, passkeys.ReasonCeremonyExpired, again.json(t)["reason"])

	// A copy of the key that is behind the original's counter.
	c, options = fresh()
	copied := *key
	copied.count = 0
	cloned := c.do("POST", "/api/passkeys/sign-in/finish", b.auth.get(t, options, &copied))
	require.Equal(t, http.StatusForbidden, cloned.status)
	require.Contains(t, cloned.json(t)["message"], "may have been copied")

	// Disabled: the passkey is refused.
	_, err := s.pool.Exec(context.Background(), `UPDATE gateway.users SET disabled_at = now() WHERE id = $1`, ann.ID)
	require.NoError(t, err)
	c, options = fresh()
	disabled := c.do("POST", "/api/passkeys/sign-in/finish", b.auth.get(t, options, key))
	require.Equal(t, http.StatusForbidden, disabled.status)
	require.Contains(t, disabled.json(t)["message"], "disabled")
	require.Empty(t, c.whoAmI())
}

// mustCreationOptions is registration options for rpID and handle, as if
// the site had begun them (to make a key of another authenticator).
func mustCreationOptions(t *testing.T, rpID string, handle []byte) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"challenge": "AAAAAAAAAAAAAAAAAAAAAA", "rp": map[string]string{"id": rpID},
		"user": map[string]string{"id": b64.EncodeToString(handle)}, "authenticatorSelection": map[string]string{"residentKey": "required"}})
	require.NoError(t, err)
	return b
}

// TestThePolicyRequiresAPasskeyOrGoogle: an owner turns the policy on; a
// password then signs no one in: an account with a passkey is told to use
// it, one without adds its first passkey with that password (and is
// signed in by it), and keeps its last passkey. Turned off, passwords work
// again.
func TestThePolicyRequiresAPasskeyOrGoogle(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	addUser(t, s.pool, "ann@example.test", "owner", "ann-password-123")
	addUser(t, s.pool, "bob@example.test", "editor", "bob-password-123")
	addUser(t, s.pool, "visitor@elsewhere.test", "", "visitor-password-1")
	ann := s.browser(t)
	ann.mustLogin("ann@example.test", "ann-password-123")
	annKey, added := ann.addPasskey("Laptop")
	require.Equal(t, http.StatusOK, added.status)

	bob := s.browser(t)
	bob.mustLogin("bob@example.test", "bob-password-123")
	require.Equal(t, http.StatusForbidden, bob.do("PUT", "/api/admin/sign-in-policy", map[string]bool{"requirePasskey": true}).status, "owners only")

	p := ann.do("GET", "/api/admin/sign-in-policy", nil)
	require.Equal(t, http.StatusOK, p.status)
	require.Equal(t, false, p.json(t)["requirePasskey"])
	require.EqualValues(t, 1, p.json(t)["accountsWithoutPasskey"], "Bob")
	on := ann.do("PUT", "/api/admin/sign-in-policy", map[string]bool{"requirePasskey": true})
	require.Equal(t, http.StatusOK, on.status, string(on.body))
	require.Equal(t, true, on.json(t)["requirePasskey"])
	require.Equal(t, "ann@example.test", on.json(t)["updatedBy"])

	// Ann has a passkey: her password is refused; the passkey signs in.
	other := s.browser(t)
	other.auth = ann.auth
	refused := other.login("ann@example.test", "ann-password-123")
	require.Equal(t, http.StatusBadRequest, refused.status)
	require.Equal(t, passkeys.ReasonPasskeyRequired, refused.json(t)["reason"])
	require.Empty(t, other.whoAmI())
	require.Equal(t, http.StatusOK, other.signInWith(annKey).status)
	// A wrong password says only that (nothing about passkeys).
	wrong := s.browser(t).login("ann@example.test", "not-her-password")
	require.Equal(t, http.StatusUnauthorized, wrong.status)
	require.Empty(t, wrong.json(t)["reason"])

	// Her last passkey stays while the policy is on.
	list := ann.do("GET", "/api/account/passkeys", nil).json(t)["passkeys"].([]any)
	last := ann.do("DELETE", "/api/account/passkeys/"+list[0].(map[string]any)["id"].(string), nil)
	require.Equal(t, http.StatusBadRequest, last.status)
	require.Contains(t, last.json(t)["message"], "Add another one first")

	// Bob has none: his password is refused, and lets him add one.
	bobNow := s.browser(t)
	enrol := bobNow.login("bob@example.test", "bob-password-123")
	require.Equal(t, http.StatusBadRequest, enrol.status)
	require.Equal(t, passkeys.ReasonEnrolmentRequired, enrol.json(t)["reason"])
	require.Empty(t, bobNow.whoAmI())
	require.Equal(t, http.StatusBadRequest, s.browser(t).do("POST", "/api/passkeys/enrol/begin", map[string]string{"name": "Phone"}).status,
		"only the browser the password was typed in may enrol")
	begin := bobNow.do("POST", "/api/passkeys/enrol/begin", map[string]string{"name": "Phone"})
	require.Equal(t, http.StatusOK, begin.status, string(begin.body))
	// He closes the browser's prompt, and tries again: no password again.
	begin = bobNow.do("POST", "/api/passkeys/enrol/begin", map[string]string{"name": "Phone"})
	require.Equal(t, http.StatusOK, begin.status, string(begin.body))
	cred, bobKey := bobNow.auth.create(t, begin.body)
	finished := bobNow.do("POST", "/api/passkeys/enrol/finish", cred)
	require.Equal(t, http.StatusOK, finished.status, string(finished.body))
	require.Equal(t, "bob@example.test", bobNow.whoAmI(), "the new passkey signed him in")
	require.Equal(t, "Phone", bobNow.do("GET", "/api/account/passkeys", nil).json(t)["passkeys"].([]any)[0].(map[string]any)["name"])
	// The enrolment was once: now his password is refused like Ann's.
	again := s.browser(t).login("bob@example.test", "bob-password-123")
	require.Equal(t, passkeys.ReasonPasskeyRequired, again.json(t)["reason"])
	bobLater := s.browser(t)
	bobLater.auth = bobNow.auth
	require.Equal(t, http.StatusOK, bobLater.signInWith(bobKey).status)

	// Visitors' accounts are not staff: not covered.
	s.browser(t).mustLogin("visitor@elsewhere.test", "visitor-password-1")

	off := ann.do("PUT", "/api/admin/sign-in-policy", map[string]bool{"requirePasskey": false})
	require.Equal(t, http.StatusOK, off.status)
	s.browser(t).mustLogin("ann@example.test", "ann-password-123")
	s.browser(t).mustLogin("bob@example.test", "bob-password-123")
}

// TestChangingAPasskeyNeedsARecentSignIn (ASVS 7.5.1): a session signed in
// more than accounts.RecentSignIn ago (a browser left open, a stolen
// cookie) may neither add a passkey of its own nor remove one until the
// person types their password again, which wrong passwords cannot do; a
// fresh sign-in may, as the passkey it signed in with does.
func TestChangingAPasskeyNeedsARecentSignIn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newStack(t)
	addUser(t, s.pool, "ann@example.test", "editor", "ann-password-123")
	laptop := s.browser(t)
	laptop.mustLogin("ann@example.test", "ann-password-123")
	key, added := laptop.addPasskey("Work laptop")
	require.Equal(t, http.StatusOK, added.status, "a sign-in a moment ago is recent")
	id := added.json(t)["id"].(string)

	// Eleven minutes later, and no confirmation since.
	age := func() {
		_, err := s.pool.Exec(ctx, `UPDATE gateway.sessions SET created_at = created_at - interval '11 minutes',
			confirmed_at = confirmed_at - interval '11 minutes'`)
		require.NoError(t, err)
	}
	age()
	refused := func(a answer) {
		t.Helper()
		require.Equal(t, http.StatusForbidden, a.status, string(a.body))
		require.Equal(t, passkeys.ReasonRecentSignInRequired, a.json(t)["reason"])
		require.Equal(t, "For your safety, confirm it’s you first: a passkey changes how your account signs in.", a.json(t)["message"])
	}
	refused(laptop.do("POST", "/api/account/passkeys/register/begin", map[string]string{"name": "Intruder's key"}))
	refused(laptop.do("DELETE", "/api/account/passkeys/"+id, nil))
	// Renaming changes nothing about signing in: no confirmation asked.
	require.Equal(t, http.StatusOK, laptop.do("PATCH", "/api/account/passkeys/"+id, map[string]string{"name": "Old laptop"}).status)

	// A wrong password confirms nothing; the right one does, for ten minutes.
	wrong := laptop.do("POST", "/api/account/confirm", map[string]string{"password": "not-ann-password"})
	require.Equal(t, http.StatusBadRequest, wrong.status)
	require.Equal(t, "That is not your password.", wrong.json(t)["message"])
	require.Equal(t, "password", wrong.json(t)["details"].([]any)[0].(map[string]any)["field"])
	refused(laptop.do("DELETE", "/api/account/passkeys/"+id, nil))
	require.Equal(t, http.StatusOK, laptop.do("POST", "/api/account/confirm", map[string]string{"password": "ann-password-123"}).status)
	first := laptop.auth
	laptop.auth = &authenticator{origin: siteOrigin} // a security key this time
	_, again := laptop.addPasskey("Security key")
	require.Equal(t, http.StatusOK, again.status, string(again.body))
	age()
	refused(laptop.do("DELETE", "/api/account/passkeys/"+id, nil))

	// A passkey sign-in is a sign-in: the new session may change them.
	phone := s.browser(t)
	phone.auth = first
	require.Equal(t, http.StatusOK, phone.signInWith(key).status)
	require.Equal(t, http.StatusOK, phone.do("DELETE", "/api/account/passkeys/"+id, nil).status)
}

package edge

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// loginFrom signs email in from a browser that names itself ua.
func (e *authEnv) loginFrom(t *testing.T, email, password, ua string) *http.Client {
	t.Helper()
	c := e.browser(t)
	b, _ := json.Marshal(map[string]string{"username": email, "password": password})
	req, err := http.NewRequest("POST", e.srv.URL+"/api/login", bytes.NewReader(b))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", e.srv.URL)
	req.Header.Set("User-Agent", ua)
	resp, err := c.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	return c
}

// TestStaffSeeWhereTheyAreSignedInAndSignOutTheRest (ASVS 7.5.2): the
// account page's list of sessions, with each one's browser and way in,
// the caller's marked; one ended from another browser, then every other
// one; nobody can end a session of someone else's, and a visitor has no
// such page.
func TestStaffSeeWhereTheyAreSignedInAndSignOutTheRest(t *testing.T) {
	t.Parallel()
	e := newAuthEnv(t, nil, true)
	e.addOps(t)
	ops := "ops@" + staffDomain
	laptop := e.loginFrom(t, ops, "correct horse battery", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")
	phone := e.loginFrom(t, ops, "correct horse battery", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
	tablet := e.loginFrom(t, ops, "correct horse battery", "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")

	code, out := e.send(t, laptop, "GET", "/api/account/sessions", nil)
	require.Equal(t, 200, code, "%v", out)
	sessions := out["sessions"].([]any)
	require.Len(t, sessions, 3)
	var phoneID string
	seen := map[string]bool{}
	for _, s := range sessions {
		s := s.(map[string]any)
		seen[s["browser"].(string)+" on "+s["os"].(string)] = s["current"].(bool)
		require.Equal(t, "password", s["method"])
		require.NotEmpty(t, s["lastActiveAt"])
		if s["os"] == "iOS" {
			phoneID = s["id"].(string)
			require.Equal(t, true, s["mobile"])
		}
	}
	require.Equal(t, map[string]bool{"Chrome on macOS": true, "Safari on iOS": false, "Firefox on Windows": false}, seen)

	// The laptop signs the phone out: the phone's next request is signed out.
	code, out = e.send(t, laptop, "DELETE", "/api/account/sessions/"+phoneID, nil)
	require.Equal(t, 200, code, "%v", out)
	code, _ = e.currentUser(t, phone)
	require.Equal(t, 401, code)
	code, out = e.send(t, laptop, "DELETE", "/api/account/sessions/"+phoneID, nil)
	require.Equal(t, 404, code)
	require.Equal(t, "That session has already ended.", out["message"])

	// Someone else cannot end the laptop's session, nor see it.
	_, err := e.accounts.CreateLocalUser(t.Context(), "bo@"+staffDomain, "another long staff password", "editor", "operator")
	require.NoError(t, err)
	bo, code, _ := e.login(t, "bo@"+staffDomain, "another long staff password")
	require.Equal(t, 200, code)
	code, out = e.send(t, bo, "GET", "/api/account/sessions", nil)
	require.Equal(t, 200, code)
	require.Len(t, out["sessions"], 1, "only bo's own")
	_, mine := e.send(t, laptop, "GET", "/api/account/sessions", nil)
	for _, s := range mine["sessions"].([]any) {
		code, _ = e.send(t, bo, "DELETE", "/api/account/sessions/"+s.(map[string]any)["id"].(string), nil)
		require.Equal(t, 404, code)
	}
	code, _ = e.currentUser(t, laptop)
	require.Equal(t, 200, code)

	// Everywhere else: the tablet goes, the laptop stays.
	code, out = e.send(t, laptop, "POST", "/api/account/sessions/end-others", nil)
	require.Equal(t, 200, code, "%v", out)
	require.EqualValues(t, 1, out["ended"])
	code, _ = e.currentUser(t, tablet)
	require.Equal(t, 401, code)
	code, _ = e.currentUser(t, laptop)
	require.Equal(t, 200, code)

	// Signed out: 401; a visitor's account: 403.
	code, _ = e.send(t, phone, "GET", "/api/account/sessions", nil)
	require.Equal(t, 401, code)
	visitor := e.browser(t)
	code, _ = e.send(t, visitor, "POST", "/api/register", map[string]string{"username": "joe@example.com", "password": "a long enough visitor password"})
	require.Equal(t, 200, code)
	code, _ = e.send(t, visitor, "GET", "/api/account/sessions", nil)
	require.Equal(t, 403, code)
}

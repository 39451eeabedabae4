package webhook

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

func TestOnlyPublicAddressesArePublic(t *testing.T) {
	for addr, public := range map[string]bool{
		"8.8.8.8": true, "2606:4700:4700::1111": true, "93.184.215.14": true,
		"127.0.0.1": false, "::1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "fe80::1": false, "fd00:ec2::254": false, "0.0.0.0": false, "::": false,
		"100.64.0.1": false, "224.0.0.1": false, "255.255.255.255": false, "::ffff:127.0.0.1": false,
		"::ffff:10.0.0.1": false, "64:ff9b::a00:1": false, "2002:a00:1::": false, "198.18.0.1": false,
	} {
		require.Equal(t, public, Public(netip.MustParseAddr(addr)), addr)
	}
}

func TestStaffGetAClearAnswerForAURLDeliveriesMayNotUse(t *testing.T) {
	g := Guard{AllowHosts: []string{"crm.office.lan", "127.0.0.1"}}
	for raw, want := range map[string]string{
		"crm.example.com/hooks":            "Enter a full URL",
		"ftp://crm.example.com/":           "must start with https://",
		"http://crm.example.com/":          "must start with https:// (http:// only to hosts the operator allows",
		"https://user:pw@crm.example.com/": "must not hold a user name or password",
		"https://169.254.169.254/latest":   "169.254.169.254, a private or local address",
		"https://[::1]:8443/":              "::1, a private or local address",
		"https://10.0.0.5/":                "10.0.0.5, a private or local address",
	} {
		_, err := g.CheckURL(raw)
		var inv *InvalidError
		require.ErrorAs(t, err, &inv, raw)
		require.Contains(t, inv.Msg, want, raw)
	}
	for _, ok := range []string{"https://crm.example.com/hooks?x=1", "http://crm.office.lan/in", "http://127.0.0.1:8080/x"} {
		u, err := g.CheckURL(ok)
		require.NoError(t, err, ok)
		require.Equal(t, ok, u.String())
	}
}

// The guard checks the address it dials, after DNS: a loopback receiver
// is refused unless its host is allowed, a name resolving to a private
// address is refused, and a redirect is not followed.
func TestDeliveriesReachOnlyWhatTheGuardAllows(t *testing.T) {
	var hits []string
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits = append(hits, r.URL.Path)
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "/private", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(target.Close)
	port := target.URL[strings.LastIndex(target.URL, ":")+1:]
	dns, err := scratch.StartDNS()
	require.NoError(t, err)
	t.Cleanup(dns.Close)
	dns.Set("crm.test", net.ParseIP("10.1.2.3"))
	dns.Set("loopback.test", net.ParseIP("127.0.0.1"))
	dns.Set("allowed.test", net.ParseIP("127.0.0.1"))
	resolver := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, dns.Addr())
	}}
	post := func(g Guard, raw string) (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodPost, raw, nil)
		resp, err := g.Client().Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return resp, err
	}

	closed := Guard{Resolver: resolver}
	for _, raw := range []string{target.URL + "/a", "http://loopback.test:" + port + "/b", "http://crm.test:" + port + "/c"} {
		_, err := post(closed, raw)
		var blocked *BlockedError
		require.ErrorAs(t, err, &blocked, raw)
		u, _ := url.Parse(raw)
		require.Equal(t, u.Hostname(), blocked.Host)
	}
	require.Contains(t, (&BlockedError{Host: "crm.test", Addrs: []netip.Addr{netip.MustParseAddr("10.1.2.3")}}).Error(),
		"refused: crm.test is 10.1.2.3, a private, local or reserved address")
	require.Empty(t, hits, "nothing reached the loopback receiver")

	open := Guard{Resolver: resolver, AllowHosts: []string{"allowed.test", "127.0.0.1"}}
	resp, err := post(open, "http://allowed.test:"+port+"/d")
	require.NoError(t, err)
	require.Equal(t, http.StatusNoContent, resp.StatusCode)
	resp, err = post(open, target.URL+"/moved")
	require.NoError(t, err)
	require.Equal(t, http.StatusFound, resp.StatusCode, "the redirect is the answer")
	require.Equal(t, []string{"/d", "/moved"}, hits, "the redirect's target was never asked")
}

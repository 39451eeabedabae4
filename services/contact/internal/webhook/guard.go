package webhook

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Guard keeps deliveries to the outside world: a staff member types the
// URL, so without it one could make the server call its own admin ports,
// the cloud's metadata service or another machine of the private network.
//
// The check is made on the address actually dialled, after DNS: a name
// is resolved once, every address it gave is checked, and the connection
// goes to a checked address, so a name that answers differently a moment
// later (DNS rebinding) gains nothing. Redirects are not followed (a
// public receiver could point at a private one), and no proxy is used.
type Guard struct {
	// AllowHosts are host names or IP literals the operator allows
	// whatever they resolve to, and to which http (not only https) may
	// be used: a receiver on the company's own network, or tests.
	AllowHosts []string
	// Resolver resolves names (nil: the system's).
	Resolver *net.Resolver
}

// allowed reports whether host is on the operator's list.
func (g Guard) allowed(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	return slices.ContainsFunc(g.AllowHosts, func(h string) bool { return strings.EqualFold(strings.TrimSuffix(h, "."), host) })
}

// CheckURL returns the URL when staff may send deliveries to it, or an
// error saying what to change.
func (g Guard) CheckURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" {
		return nil, invalid("Enter a full URL, such as https://crm.example.com/hooks/leads.")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !g.allowed(u.Hostname()) {
			return nil, invalid("The URL must start with https:// (http:// only to hosts the operator allows in CONTACT_WEBHOOK_ALLOW_HOSTS).")
		}
	default:
		return nil, invalid("The URL must start with https://.")
	}
	if u.User != nil {
		return nil, invalid("The URL must not hold a user name or password; receivers check the signature instead.")
	}
	if ip, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil && !g.allowed(u.Hostname()) && !Public(ip) {
		return nil, invalid(fmt.Sprintf("The URL points at %s, a private or local address, which deliveries may not reach.", ip))
	}
	u.Fragment = ""
	return u, nil
}

// BlockedError is a delivery refused before dialling: the host resolved
// only to addresses deliveries may not reach.
type BlockedError struct {
	Host  string
	Addrs []netip.Addr
}

func (e *BlockedError) Error() string {
	addrs := make([]string, len(e.Addrs))
	for i, a := range e.Addrs {
		addrs[i] = a.String()
	}
	what := "a private, local or reserved address"
	if len(addrs) > 1 {
		what = "private, local or reserved addresses"
	}
	return fmt.Sprintf("refused: %s is %s, %s (an operator can allow the host in CONTACT_WEBHOOK_ALLOW_HOSTS)",
		e.Host, strings.Join(addrs, " and "), what)
}

// blocked are the ranges beyond the net/netip classes that no delivery
// may reach: shared address space (carrier NAT), IETF protocol
// assignments, benchmarking, reserved, and IPv6 prefixes that embed an
// IPv4 address (NAT64, 6to4, Teredo), which could hide a private one.
var blocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("2001::/32"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("2002::/16"),
}

// Public reports whether ip is a public unicast address a delivery may
// reach: not loopback, private (RFC 1918, unique local), link-local (the
// 169.254.169.254 metadata service among them), multicast, unspecified or
// one of the reserved ranges.
func Public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || !ip.IsGlobalUnicast() || ip.IsPrivate() || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range blocked {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// dial connects to addr (host:port) through the checks above.
func (g Guard) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		r := g.Resolver
		if r == nil {
			r = net.DefaultResolver
		}
		if ips, err = r.LookupNetIP(ctx, "ip", host); err != nil {
			return nil, err
		}
	}
	allowed := g.allowed(host)
	d := net.Dialer{Timeout: Timeout}
	blocked := &BlockedError{Host: host}
	var errs []error
	for _, ip := range ips {
		if !allowed && !Public(ip) {
			blocked.Addrs = append(blocked.Addrs, ip.Unmap())
			continue
		}
		conn, err := d.DialContext(ctx, network, net.JoinHostPort(ip.Unmap().String(), port))
		if err == nil {
			return conn, nil
		}
		errs = append(errs, err)
	}
	switch {
	case len(errs) > 0:
		return nil, errors.Join(errs...)
	case len(blocked.Addrs) > 0:
		return nil, blocked
	}
	return nil, fmt.Errorf("%s: no address", host)
}

// msgRedirect is the log's word for an answer that asked to go elsewhere.
const msgRedirect = "the receiver answered with a redirect, which is not followed: give the final URL"

// Client returns the HTTP client deliveries use: dialling through the
// guard, no proxy, no redirects, Timeout per attempt.
func (g Guard) Client() *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 nil,
			DialContext:           g.dial,
			ForceAttemptHTTP2:     true,
			TLSHandshakeTimeout:   Timeout,
			ResponseHeaderTimeout: Timeout,
			MaxIdleConnsPerHost:   4,
			IdleConnTimeout:       90 * time.Second,
		},
		Timeout:       Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

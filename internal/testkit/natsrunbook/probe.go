package natsrunbook

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Probe checks a running server against the refusals the runbook's file promises. With Creds nil the
// server is not run with the file (a development server): every check then tries as an anonymous client,
// and the ones that need the file's CA fail for want of it.
type Probe struct {
	// URL is the server's client URL (or several, comma separated).
	URL   string
	Creds *Secure
	// Wait is how long a check waits for the server's asynchronous refusal; 5 s when zero.
	Wait time.Duration
}

// Result is one check: what was tried, whether the server refused it, and what was seen.
type Result struct {
	Check   string
	Refused bool
	Seen    string
}

func (r Result) String() string {
	if r.Refused {
		return r.Check + ": refused (" + r.Seen + ")"
	}
	return r.Check + ": NOT refused (" + r.Seen + ")"
}

func (p Probe) wait() time.Duration {
	if p.Wait == 0 {
		return 5 * time.Second
	}
	return p.Wait
}

// Connect connects as user (its identity, certificate and inbox; anonymously without Creds). The
// server's asynchronous refusals arrive on the channel.
func (p Probe) Connect(user string) (*nats.Conn, <-chan error, error) {
	refusals := make(chan error, 16)
	opts := []nats.Option{nats.Timeout(5 * time.Second), nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
		select {
		case refusals <- err:
		default:
		}
	})}
	if p.Creds != nil {
		as, err := p.Creds.Options(user)
		if err != nil {
			return nil, nil, err
		}
		opts = append(opts, as...)
	}
	nc, err := nats.Connect(p.URL, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("connect as %s: %w", user, err)
	}
	return nc, refusals, nil
}

// Refusal waits up to Wait for the server's refusal on refusals: nil when none came.
func (p Probe) Refusal(refusals <-chan error) error {
	select {
	case err := <-refusals:
		return err
	case <-time.After(p.wait()):
		return nil
	}
}

// Outsiders tries to get in without what the file requires: in plain text; trusting only the system's
// roots; without a client certificate; with a certificate of another CA; without an identity; with an
// identity the server does not list.
func (p Probe) Outsiders() []Result {
	out := []Result{p.plainText()}
	checks := []struct {
		what string
		opts func(s *Secure) []nats.Option
	}{
		{"TLS trusting the system's roots only", func(s *Secure) []nats.Option {
			return []nats.Option{s.seedOf("contact"), s.clientCert(s.certs["contact"])}
		}},
		{"TLS without a client certificate", func(s *Secure) []nats.Option { return []nats.Option{s.seedOf("contact"), nats.RootCAs(s.CAFile)} }},
		{"TLS with a client certificate of another CA", func(s *Secure) []nats.Option {
			return []nats.Option{s.seedOf("contact"), nats.RootCAs(s.CAFile), s.clientCert(s.strangerCert)}
		}},
		{"no identity", func(s *Secure) []nats.Option {
			return []nats.Option{nats.RootCAs(s.CAFile), s.clientCert(s.certs["contact"])}
		}},
		{"an NKey the server does not list", func(s *Secure) []nats.Option {
			return []nats.Option{nats.RootCAs(s.CAFile), s.clientCert(s.certs["contact"]), s.seedFile(s.unknownSeed)}
		}},
	}
	for _, c := range checks {
		if p.Creds == nil {
			out = append(out, Result{Check: c.what, Seen: "not tried: the server runs without the runbook's private CA"})
			continue
		}
		nc, err := nats.Connect(p.URL, append(c.opts(p.Creds), nats.Timeout(5*time.Second))...)
		if err == nil {
			out = append(out, Result{Check: c.what, Seen: "connected to " + nc.ConnectedUrlRedacted()})
			nc.Close()
			continue
		}
		out = append(out, Result{Check: c.what, Refused: true, Seen: err.Error()})
	}
	return out
}

func (s *Secure) seedOf(user string) nats.Option { return s.seedFile(s.seeds[user]) }

func (s *Secure) seedFile(path string) nats.Option {
	o, err := nats.NkeyOptionFromSeed(path)
	if err != nil {
		return func(*nats.Options) error { return err }
	}
	return o
}

// plainText speaks the protocol without TLS: the server must announce that it requires TLS and answer no
// PING, let alone take a PUB.
func (p Probe) plainText() Result {
	r := Result{Check: "plain text (CONNECT, PUB leads.submitted, PING)"}
	u, err := url.Parse(strings.Split(p.URL, ",")[0])
	if err != nil {
		r.Seen = err.Error()
		return r
	}
	c, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		r.Seen = err.Error()
		return r
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(p.wait()))
	rd := bufio.NewReader(c)
	info, err := rd.ReadString('\n')
	if err != nil {
		r.Seen = "no INFO: " + err.Error()
		return r
	}
	required := strings.Contains(info, `"tls_required":true`)
	_, _ = c.Write([]byte("CONNECT {\"verbose\":false}\r\nPUB leads.submitted 2\r\n{}\r\nPING\r\n"))
	reply, err := rd.ReadString('\n')
	if err != nil {
		reply = "connection closed (" + err.Error() + ")"
	}
	reply = strings.TrimSpace(reply)
	r.Refused = required && !strings.HasPrefix(reply, "PONG")
	r.Seen = fmt.Sprintf("INFO tls_required %t, then %s", required, reply)
	return r
}

// Publish publishes a forged message on subject as user, in core NATS: a refusal does not fail the call,
// the server reports it asynchronously.
func (p Probe) Publish(user, subject string) Result {
	r := Result{Check: user + " publishes " + subject}
	nc, refusals, err := p.Connect(user)
	if err != nil {
		r.Seen = err.Error()
		return r
	}
	defer nc.Close()
	if err := nc.Publish(subject, []byte(`{"lead":{"id":"forged"}}`)); err != nil {
		r.Seen = err.Error()
		return r
	}
	if err := nc.Flush(); err != nil {
		r.Seen = err.Error()
		return r
	}
	err = p.Refusal(refusals)
	if err == nil {
		r.Seen = fmt.Sprintf("no refusal within %s", p.wait())
		return r
	}
	r.Refused = strings.Contains(err.Error(), "Permissions Violation for Publish to \""+subject+"\"")
	r.Seen = err.Error()
	return r
}

// PublishJS publishes a forged message on subject as user through JetStream: refused means nothing
// answered (no acknowledgement, and no stream saying it has none).
func (p Probe) PublishJS(user, subject string) Result {
	r := Result{Check: user + " publishes " + subject + " through JetStream"}
	err := p.withJS(user, 2*time.Second, func(ctx context.Context, js jetstream.JetStream, _ *nats.Conn) (string, error) {
		ack, err := js.Publish(ctx, subject, []byte(`{"lead":{"id":"forged"}}`))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("acknowledged: %s sequence %d", ack.Stream, ack.Sequence), nil
	}, &r)
	if err != nil {
		r.Refused, r.Seen = dropped(err), "no acknowledgement: "+err.Error()
	}
	return r
}

// dropped tells whether a request's error means the server dropped it (a permission violation: nothing
// answers), not that something answered: a JetStream API error, or no stream listening.
func dropped(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout)
}

// DeleteLeads asks, as user, for the LEADS stream to be deleted: refused means no answer (an answer, even
// an error of the JetStream API, means the request got through).
func (p Probe) DeleteLeads(user string) Result {
	r := Result{Check: user + " deletes LEADS"}
	if err := p.withJS(user, time.Second, func(ctx context.Context, js jetstream.JetStream, _ *nats.Conn) (string, error) {
		return "deleted", js.DeleteStream(ctx, "LEADS")
	}, &r); err != nil {
		r.Refused, r.Seen = dropped(err), err.Error()
	}
	return r
}

// PurgeLeads asks, as user, for the LEADS stream to be purged; refused as DeleteLeads.
func (p Probe) PurgeLeads(user string) Result {
	r := Result{Check: user + " purges LEADS"}
	if err := p.withJS(user, time.Second, func(ctx context.Context, _ jetstream.JetStream, nc *nats.Conn) (string, error) {
		m, err := nc.RequestWithContext(ctx, "$JS.API.STREAM.PURGE.LEADS", nil)
		if err != nil {
			return "", err
		}
		return "answered " + string(m.Data), nil
	}, &r); err != nil {
		r.Refused, r.Seen = dropped(err), err.Error()
	}
	return r
}

// OtherAccount looks for LEADS as Other, a user of another account: it must not exist there.
func (p Probe) OtherAccount() Result {
	r := Result{Check: "a user of another account looks up LEADS"}
	if p.Creds == nil {
		r.Seen = "not tried: the server has no accounts, every client shares LEADS's"
		return r
	}
	if err := p.withJS(Other, 5*time.Second, func(ctx context.Context, js jetstream.JetStream, _ *nats.Conn) (string, error) {
		s, err := js.Stream(ctx, "LEADS")
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("found, %d messages", s.CachedInfo().State.Msgs), nil
	}, &r); err != nil {
		r.Refused, r.Seen = errors.Is(err, jetstream.ErrStreamNotFound), err.Error()
	}
	return r
}

// withJS connects as user and runs fn under a timeout. fn's error is returned (the server refused or did
// not answer); a connection that fails, or fn's success, is recorded in r as not refused.
func (p Probe) withJS(user string, timeout time.Duration, fn func(context.Context, jetstream.JetStream, *nats.Conn) (string, error), r *Result) error {
	nc, _, err := p.Connect(user)
	if err != nil {
		r.Seen = err.Error()
		return nil
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		r.Seen = err.Error()
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	seen, err := fn(ctx, js, nc)
	if err != nil {
		return err
	}
	r.Seen = seen
	return nil
}

package main

import (
	"strings"

	"github.com/valleytrenchless/site/internal/testkit/natsrunbook"
)

// nats-identity (issue 25, finding 10: NATS had no real identity and no
// private CA, so anything reaching it could forge a lead, flood
// content.changed or delete LEADS) attacks the stack's NATS, which make
// attack runs as docs/operations.md configures it (scratch.Options.
// SecureNATS), with the checks the end-to-end test makes of the same file
// (natsrunbook.Probe). Requires: refused, each of a plain-text client
// (CONNECT, PUB, PING), TLS trusting only the system's roots, without a
// client certificate, with one of another CA, without an identity, with an
// NKey the server does not list; as the gateway and as the notifier (and
// content for leads, contact for content): a core publish of
// leads.submitted and of content.changed (a permission violation reported
// to the connection's error handler: a refused publish does not fail the
// call), a JetStream publish of leads.submitted (no acknowledgement),
// deleting and purging LEADS; a user of another account finds no LEADS.
// LEADS holds as many messages after as before, and no binary of the stack
// logged a refusal or a refused connection: the whole run worked over TLS
// with least privilege.
func natsIdentity(e *env, _ *gateway, v *verdict) {
	c := e.s.NATSCluster
	if c.Secure == nil {
		v.fail("the stack's NATS does not run the runbook's nats-server.conf (no TLS, no identities)")
	}
	before, err := c.StreamInfo("LEADS")
	if err != nil {
		v.fail("read LEADS as ops: %v", err)
	}
	p := natsrunbook.Probe{URL: c.URL(), Creds: c.Secure}
	results := p.Outsiders()
	for _, user := range []string{"gateway", "notifier"} {
		results = append(results, p.Publish(user, "leads.submitted"), p.Publish(user, "content.changed"),
			p.PublishJS(user, "leads.submitted"), p.DeleteLeads(user), p.PurgeLeads(user))
	}
	results = append(results, p.Publish("content", "leads.submitted"), p.Publish("contact", "content.changed"), p.OtherAccount())
	refused := 0
	for _, r := range results {
		if !r.Refused {
			v.fail("%s", r)
			continue
		}
		refused++
		v.note("%s", r)
	}
	after, err := c.StreamInfo("LEADS")
	switch {
	case err != nil:
		v.fail("read LEADS as ops afterwards: %v", err)
	case before != nil:
		v.note("LEADS %d messages before, %d after", before.State.Msgs, after.State.Msgs)
		if after.State.Msgs != before.State.Msgs {
			v.fail("LEADS went from %d to %d messages", before.State.Msgs, after.State.Msgs)
		}
	}
	if logged := e.s.LogsMention("nats: the server refused", "nats: cannot connect"); len(logged) > 0 {
		v.fail("binaries of the stack logged NATS refusals: %v", logged)
	}
	v.note("%d of %d refused; %d NATS server(s) at %s", refused, len(results), len(c.Nodes), strings.ReplaceAll(c.URL(), ",", " "))
}

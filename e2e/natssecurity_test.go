package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/natsrunbook"
	"github.com/valleytrenchless/site/internal/testkit/natstest"
)

// secureNATS is a NATS server run with the runbook's configuration (docs/operations.md, read from the page):
// TLS with client certificates from a private CA, and one NKey user per binary (and per outside reader), plus
// a user of another account.
type secureNATS struct {
	srv  *server.Server
	logs *logtest.Buffer
	url  string
	sec  *natsrunbook.Secure
	// probe checks the refusals the file promises.
	probe natsrunbook.Probe
}

func startSecureNATS(t *testing.T) *secureNATS {
	t.Helper()
	conf, err := natsrunbook.ReadConfig("../docs/operations.md")
	require.NoError(t, err)
	sec, err := natsrunbook.New(t.TempDir(), conf, "127.0.0.1")
	require.NoError(t, err)
	require.Subset(t, sec.Users, []string{"contact", "content", "gateway", "notifier", "crm", "ops"})
	n := &secureNATS{logs: &logtest.Buffer{}, sec: sec}
	srv := natstest.StartConfig(t, sec.Config(t.TempDir()), nil)
	srv.SetLoggerV2(&serverLog{n.logs}, false, false, false) // refusals are logged as errors
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("--- nats-server log ---\n%s", n.logs)
		}
	})
	n.srv, n.url = srv, srv.ClientURL()
	n.probe = natsrunbook.Probe{URL: n.url, Creds: sec}
	return n
}

// env is what a binary with the given prefix needs to connect as user.
func (n *secureNATS) env(prefix, user string) []string { return n.sec.Env(prefix, user, n.url) }

// connect connects as user, receiving replies on its binary's inbox; the server's asynchronous refusals
// arrive on the channel.
func (n *secureNATS) connect(t *testing.T, user string) (*nats.Conn, <-chan error) {
	t.Helper()
	nc, refusals, err := n.probe.Connect(user)
	require.NoError(t, err, user)
	t.Cleanup(nc.Close)
	return nc, refusals
}

// refused requires the server to have refused what r tried.
func refused(t *testing.T, r natsrunbook.Result) {
	t.Helper()
	require.True(t, r.Refused, "%s", r)
}

// leads is the LEADS stream's state and its consumers, as the server holds them.
func (n *secureNATS) leads(t *testing.T) server.StreamDetail {
	t.Helper()
	acc, err := n.srv.JszAccount(&server.JSzOptions{Account: "TRENCHLESS", Streams: true, Consumer: true})
	require.NoError(t, err)
	for _, s := range acc.Streams {
		if s.Name == "LEADS" {
			return s
		}
	}
	return server.StreamDetail{}
}

type serverLog struct{ out *logtest.Buffer }

func (l *serverLog) Noticef(f string, a ...any) { fmt.Fprintf(l.out, "[INF] "+f+"\n", a...) }
func (l *serverLog) Warnf(f string, a ...any)   { fmt.Fprintf(l.out, "[WRN] "+f+"\n", a...) }
func (l *serverLog) Fatalf(f string, a ...any)  { fmt.Fprintf(l.out, "[FTL] "+f+"\n", a...) }
func (l *serverLog) Errorf(f string, a ...any)  { fmt.Fprintf(l.out, "[ERR] "+f+"\n", a...) }
func (l *serverLog) Debugf(f string, a ...any)  { fmt.Fprintf(l.out, "[DBG] "+f+"\n", a...) }
func (l *serverLog) Tracef(f string, a ...any)  { fmt.Fprintf(l.out, "[TRC] "+f+"\n", a...) }

func logOf(p *proc) string {
	b, _ := os.ReadFile(p.log.Name())
	return string(b)
}

// TestNATSAsTheRunbookConfiguresIt runs the whole product against a NATS server started from the
// nats-server.conf in docs/operations.md (TLS with client certificates, a user per binary with least
// privilege), then checks what each identity may not do.
func TestNATSAsTheRunbookConfiguresIt(t *testing.T) {
	t.Parallel()
	n := startSecureNATS(t)
	st := startStackWith(t, stackOptions{natsURL: n.url, env: map[string][]string{
		"content": n.env("CONTENT", "content"), "contact": n.env("CONTACT", "contact"), "gateway": n.env("GATEWAY", "gateway"),
	}})
	notifier := start(t, filepath.Join(st.bins, "notifier"), append(n.env("NOTIFIER", "notifier"), "NOTIFIER_HEALTH_ADDR=", "NOTIFIER_METRICS_ADDR=", "LOG_LEVEL=debug")...)
	staff := signedInStaff(t, st)

	// The staff inbox's live stream (the gateway subscribes to both lead subjects while one is open).
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(st.base)
	jar.SetCookies(u, staff.http.Jar.Cookies(u))
	// A deadline instead of a client timeout: the stream stays open for the whole exchange below, and an
	// event that never comes fails the test instead of hanging it.
	liveCtx, endLive := context.WithTimeout(context.Background(), time.Minute)
	defer endLive()
	req, err := http.NewRequestWithContext(liveCtx, "GET", st.base+"/api/contact-submissions/events", nil)
	require.NoError(t, err)
	resp, err := (&http.Client{Jar: jar}).Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	ev := &events{t: t, r: bufio.NewReader(resp.Body)}

	// A lead: stored, published by contact on LEADS, seen live by the gateway, mailed by the notifier
	// from its durable consumer.
	code, sent := newClient(t, st.base).json("POST", "/api/contact", map[string]any{"formVariant": "contact", "firstName": "Sam",
		"lastName": "Nguyen", "email": "sam@example.com", "phone": "4805550199", "description": "Drain smells after rain"})
	require.Equal(t, 200, code, "%v", sent)
	id := sent["id"].(string)
	name, data := ev.next()
	require.Equal(t, "lead", name)
	require.Contains(t, data, id)
	waitFor(t, "the notifier mailing the lead", 30*time.Second, func() bool {
		for _, line := range strings.Split(logOf(notifier), "\n") {
			if strings.Contains(line, `"msg":"lead mailed to the office"`) && strings.Contains(line, `"lead_id":"`+id+`"`) {
				return true
			}
		}
		return false
	})
	code, _ = staff.json("PATCH", "/api/contact-submissions/"+id, map[string]bool{"isRead": true})
	require.Equal(t, 200, code)
	name, data = ev.next()
	require.Equal(t, "lead-updated", name)
	require.Contains(t, data, id)
	// The gateway hears a JetStream publish as the stream stores it, not after.
	waitFor(t, "leads.submitted and leads.updated on LEADS", 10*time.Second, func() bool { return n.leads(t).State.Msgs == 2 })
	leads := n.leads(t)
	var names []string
	for _, c := range leads.Consumer {
		names = append(names, c.Name)
		if c.Name == "lead-notifier" {
			require.EqualValues(t, 1, c.AckFloor.Consumer, "the notifier acknowledged the lead")
		}
	}
	require.ElementsMatch(t, []string{"lead-notifier", "lead-notifier-notices", "webhooks"}, names,
		"the notifier's two durables and contact's webhook feed, each allowed by the runbook's permissions")

	// content.changed reaches the gateway: a staff edit replaces the cached public read.
	anon := newClient(t, st.base)
	anon.do("GET", "/api/editable-content", "", nil)
	_, _, hdr := anon.do("GET", "/api/editable-content", "", nil)
	require.Equal(t, "HIT", hdr.Get("X-Cache"))
	code, item := staff.json("PUT", "/api/admin/editable-content/hero.title", map[string]string{"content": "Trenchless, Over TLS"})
	require.Equal(t, 200, code, "%v", item)
	waitFor(t, "the edit in the public read", 10*time.Second, func() bool {
		_, b, _ := anon.do("GET", "/api/editable-content", "", nil)
		return bytes.Contains(b, []byte("Trenchless, Over TLS"))
	})

	// A message the notifier cannot read is dead-lettered: published by it on leads.deadletter, kept in LEADS.
	contactConn, _ := n.connect(t, "contact")
	contactJS, err := jetstream.New(contactConn)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = contactJS.Publish(ctx, "leads.submitted", []byte("not a lead"))
	require.NoError(t, err)
	waitFor(t, "the unreadable message dead-lettered", 30*time.Second, func() bool { return n.leads(t).State.Msgs == 4 })
	// The notifier logs it after publishing it.
	waitFor(t, "the notifier to log the dead letter", 10*time.Second, func() bool {
		return strings.Contains(logOf(notifier), `"msg":"lead notifier: gave up; message dead-lettered"`)
	})

	// The server refused nothing the product did.
	for bin, p := range map[string]*proc{"content": st.content, "contact": st.contact, "gateway": st.gateway, "notifier": notifier} {
		require.NotContains(t, logOf(p), "nats: the server refused", bin)
		require.NotContains(t, logOf(p), "nats: cannot connect", bin)
	}
	require.NotContains(t, n.logs.String(), "Violation", "the server logged a refusal")

	t.Run("a forged lead or content change is refused", func(t *testing.T) {
		for _, user := range []string{"gateway", "notifier", "content"} {
			r := n.probe.Publish(user, "leads.submitted")
			refused(t, r)
			refused(t, n.probe.PublishJS(user, "leads.submitted"))
		}
		require.EqualValues(t, 4, n.leads(t).State.Msgs, "no forged lead reached LEADS")

		// Nor may anyone but content announce a content change (a flood would empty every gateway's cache).
		for _, user := range []string{"gateway", "notifier", "contact"} {
			refused(t, n.probe.Publish(user, "content.changed"))
		}
	})

	t.Run("the LEADS stream cannot be deleted or purged by any binary", func(t *testing.T) {
		for _, user := range []string{"gateway", "notifier", "content", "contact", "crm", "ops"} {
			refused(t, n.probe.DeleteLeads(user))
			refused(t, n.probe.PurgeLeads(user))
		}
		leads := n.leads(t)
		require.Equal(t, "LEADS", leads.Name)
		require.EqualValues(t, 4, leads.State.Msgs)
	})

	t.Run("only the notifier's and an outside reader's own durables read leads", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		pull := func(user, durable string) error {
			nc, _ := n.connect(t, user)
			js, err := jetstream.New(nc)
			require.NoError(t, err)
			cctx, ccancel := context.WithTimeout(ctx, 2*time.Second)
			defer ccancel()
			cons, err := js.CreateOrUpdateConsumer(cctx, "LEADS", jetstream.ConsumerConfig{Durable: durable,
				FilterSubject: "leads.submitted", AckPolicy: jetstream.AckExplicitPolicy})
			if err != nil {
				return err
			}
			m, err := cons.Next(jetstream.FetchMaxWait(2 * time.Second))
			if err != nil {
				return err
			}
			require.Contains(t, string(m.Data()), id)
			return m.DoubleAck(cctx)
		}
		require.NoError(t, pull("crm", "crm"), "an outside reader pulls from its own durable")
		require.Error(t, pull("crm", "lead-notifier"), "but not from the notifier's")
		require.Error(t, pull("notifier", "crm"), "nor the notifier from the reader's")
		for _, user := range []string{"gateway", "content", "contact", "ops"} {
			require.Error(t, pull(user, user), "%s may not read leads through JetStream", user)
		}

		// Core NATS: only the gateway may listen on the lead subjects.
		nc, refusals := n.connect(t, "content")
		_, err := nc.SubscribeSync("leads.>")
		require.NoError(t, err)
		require.NoError(t, nc.Flush())
		require.ErrorContains(t, n.probe.Refusal(refusals), `Permissions Violation for Subscription to "leads.>"`)

		// Another account of the same server has no LEADS at all.
		refused(t, n.probe.OtherAccount())
	})

	t.Run("operators read the stream's state and nothing more", func(t *testing.T) {
		nc, _ := n.connect(t, "ops")
		js, err := jetstream.New(nc)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		s, err := js.Stream(ctx, "LEADS")
		require.NoError(t, err)
		require.EqualValues(t, 4, s.CachedInfo().State.Msgs)
		c, err := s.Consumer(ctx, "lead-notifier")
		require.NoError(t, err)
		require.Zero(t, c.CachedInfo().NumPending)
		msg, err := s.GetMsg(ctx, 1)
		require.NoError(t, err)
		require.Contains(t, string(msg.Data), id)
		names := s.ConsumerNames(ctx)
		var all []string
		for name := range names.Name() {
			all = append(all, name)
		}
		require.NoError(t, names.Err())
		require.Contains(t, all, "lead-notifier")
		list := s.ListConsumers(ctx)
		for range list.Info() {
		}
		require.NoError(t, list.Err())
		_, err = js.AccountInfo(ctx)
		require.NoError(t, err)
	})

	t.Run("without TLS, a client certificate or a known identity, nobody gets in", func(t *testing.T) {
		for _, r := range n.probe.Outsiders() {
			refused(t, r)
		}
	})

	// Last, as it deletes messages: an owner's erase removes the lead's messages from LEADS with contact's
	// own rights (issue 39), and the server refuses none of it.
	t.Run("an erase removes the lead's messages with contact's rights", func(t *testing.T) {
		before := len(n.logs.String()) // the probes above were refused on purpose
		code, res := staff.json("POST", "/api/admin/privacy/erase", map[string]any{"leadId": id, "byEmail": true, "byPhone": true})
		require.Equal(t, 200, code, "%v", res)
		require.Equal(t, false, res["streamPending"], "%v", res)
		require.EqualValues(t, 2, res["streamMessages"], "its leads.submitted and leads.updated")
		require.NotContains(t, logOf(st.contact), "nats: the server refused")
		require.NotContains(t, n.logs.String()[before:], "Violation", "the server refused part of the erase")
	})
}

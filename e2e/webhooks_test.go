package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// webhookStack is the product with webhooks that may reach loopback
// (127.0.0.1 allowed, as an operator would allow a host of the office's
// network), a compressed retry schedule, and receivers' names resolved by
// a test DNS server.
func webhookStack(t *testing.T, schedule string, contactEnv ...string) (*stack, *client) {
	t.Helper()
	dns, err := scratch.StartDNS()
	require.NoError(t, err)
	t.Cleanup(dns.Close)
	dns.Set("crm.test", net.ParseIP("10.1.2.3"))
	st := startStackWith(t, stackOptions{env: map[string][]string{"contact": append([]string{
		"CONTACT_WEBHOOK_ALLOW_HOSTS=127.0.0.1", "CONTACT_WEBHOOK_RETRY_SCHEDULE=" + schedule,
		"CONTACT_WEBHOOK_RESOLVER=" + dns.Addr(), "CONTACT_WEBHOOK_POLL=100ms",
	}, contactEnv...)}})
	return st, signedInStaff(t, st)
}

// addEndpoint adds an endpoint through the admin API and returns its id
// and secret.
func addEndpoint(t *testing.T, staff *client, url string, events ...string) (string, string) {
	t.Helper()
	code, out := staff.json("POST", "/api/admin/webhooks", map[string]any{"url": url, "description": "CRM", "events": events})
	require.Equal(t, 200, code, "%v", out)
	secret := out["secret"].(string)
	require.True(t, strings.HasPrefix(secret, "whsec_"), secret)
	return out["endpoint"].(map[string]any)["id"].(string), secret
}

// sendLead submits a lead through the public API and returns its id.
func sendLead(t *testing.T, st *stack, email string) string {
	t.Helper()
	home, _ := spec7Payloads(t)
	lead := map[string]any{}
	for k, v := range home {
		lead[k] = v
	}
	lead["email"] = email
	code, sent := newClient(t, st.base).json("POST", "/api/contact", lead)
	require.Equal(t, 200, code, "%v", sent)
	return sent["id"].(string)
}

// nodeReceiver runs examples/node/webhook-receiver.mjs on addr with
// secret; each event it verified arrives on the returned channel.
func nodeReceiver(t *testing.T, addr, secret string) <-chan map[string]any {
	t.Helper()
	if _, err := os.Stat("../examples/node/node_modules/standardwebhooks"); err != nil {
		t.Fatalf("examples/node has no node_modules (%v): run make examples-deps", err)
	}
	host, port, _ := strings.Cut(addr, ":")
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "node", "webhook-receiver.mjs")
	cmd.Dir = "../examples/node"
	cmd.Env = append(os.Environ(), "HOST="+host, "PORT="+port, "WEBHOOK_SECRET="+secret)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	stderr := &logtest.Buffer{}
	cmd.Stderr = stderr
	require.NoError(t, cmd.Start())
	events := make(chan map[string]any, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var ev map[string]any
			if json.Unmarshal(sc.Bytes(), &ev) == nil {
				events <- ev
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("webhook-receiver.mjs:\n%s", stderr.String())
		}
	})
	waitFor(t, "the Node receiver to listen", 20*time.Second, func() bool { return strings.Contains(stderr.String(), "listening") })
	return events
}

// awaitEvent returns the first event of type for lead.
func awaitEvent(t *testing.T, events <-chan map[string]any, typ, lead string) map[string]any {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case ev := <-events:
			if ev["type"] == typ && ev["leadId"] == lead {
				return ev
			}
		case <-deadline:
			t.Fatalf("no verified %s for lead %s", typ, lead)
		}
	}
}

// Leads reach a receiver that verifies every delivery with the npm
// Standard Webhooks library: a new lead, a staff change to it, a test
// from the admin, and after a secret rotation a receiver still holding the
// old secret as well as one given the new. The log shows each delivery.
func TestWebhooksDeliverSignedLeadsTheNodeLibraryVerifies(t *testing.T) {
	t.Parallel()
	st, staff := webhookStack(t, "0s,1s,2s")
	addr := freeAddr(t)
	id, secret := addEndpoint(t, staff, "http://"+addr+"/hooks/leads", "leads.submitted", "leads.updated")
	events := nodeReceiver(t, addr, secret)

	lead := sendLead(t, st, "webhook.lead@example.com")
	ev := awaitEvent(t, events, "leads.submitted", lead)
	home, _ := spec7Payloads(t)
	require.Equal(t, fmt.Sprint(home["firstName"], " ", home["lastName"]), ev["name"], "the lead's own fields, as on the stream")
	require.True(t, strings.HasPrefix(ev["id"].(string), "msg_"))

	code, out := staff.json("PATCH", "/api/contact-submissions/"+lead, map[string]any{"status": "contacted"})
	require.Equal(t, 200, code, "%v", out)
	updated := awaitEvent(t, events, "leads.updated", lead)
	require.Equal(t, "contacted", updated["event"].(map[string]any)["data"].(map[string]any)["status"])

	code, out = staff.json("POST", "/api/admin/webhooks/"+id+"/test", map[string]any{})
	require.Equal(t, 200, code, "%v", out)
	test := out["delivery"].(map[string]any)
	require.Equal(t, true, test["test"])
	require.Equal(t, "delivered", test["status"], "%v", test)
	require.EqualValues(t, 204, test["lastAttempt"].(map[string]any)["statusCode"])
	awaitEvent(t, events, "leads.submitted", "00000000-0000-4000-8000-000000000000")

	code, out = staff.json("GET", "/api/admin/webhooks/"+id+"/deliveries", nil)
	require.Equal(t, 200, code, "%v", out)
	log := out["deliveries"].([]any)
	require.Len(t, log, 3, "the test, the change and the lead, newest first")
	first := log[2].(map[string]any)
	require.Equal(t, "leads.submitted", first["event"])
	require.Equal(t, lead, first["leadId"])
	require.Equal(t, "delivered", first["status"])
	attempt := first["lastAttempt"].(map[string]any)
	require.EqualValues(t, 204, attempt["statusCode"])
	require.Contains(t, attempt, "latencyMs")

	// Rotation: deliveries carry both signatures for 24 hours.
	code, out = staff.json("POST", "/api/admin/webhooks/"+id+"/rotate-secret", map[string]any{})
	require.Equal(t, 200, code, "%v", out)
	newSecret := out["secret"].(string)
	require.NotEqual(t, secret, newSecret)
	require.NotEmpty(t, out["endpoint"].(map[string]any)["previousSecretExpiresAt"])
	second := sendLead(t, st, "webhook.rotated@example.com")
	awaitEvent(t, events, "leads.submitted", second) // the receiver holding the old secret
	newAddr := freeAddr(t)
	code, out = staff.json("PATCH", "/api/admin/webhooks/"+id, map[string]any{"url": "http://" + newAddr + "/hooks/leads"})
	require.Equal(t, 200, code, "%v", out)
	withNew := nodeReceiver(t, newAddr, newSecret)
	third := sendLead(t, st, "webhook.new.secret@example.com")
	awaitEvent(t, withNew, "leads.submitted", third)

	// Sent again on demand, with the same webhook-id: the receiver
	// answers it as already handled.
	code, out = staff.json("POST", "/api/admin/webhooks/"+id+"/deliveries/"+first["id"].(string)+"/resend", map[string]any{})
	require.Equal(t, 200, code, "%v", out)
	require.EqualValues(t, 2, out["delivery"].(map[string]any)["attempts"])
}

// scriptedReceiver answers each request with the next status of script
// (the last repeats) and records what it was sent.
type scriptedReceiver struct {
	mu     sync.Mutex
	script []int
	got    []*http.Request
}

func (s *scriptedReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	s.mu.Lock()
	s.got = append(s.got, r)
	code := s.script[min(len(s.got), len(s.script))-1]
	s.mu.Unlock()
	if code == http.StatusFound {
		http.Redirect(w, r, "/elsewhere", code)
		return
	}
	w.WriteHeader(code)
	fmt.Fprintf(w, "answer %d", code)
}

func (s *scriptedReceiver) requests() []*http.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*http.Request(nil), s.got...)
}

// deliveryAttempts is the admin's view of the endpoint's only delivery:
// its id and its attempts, oldest first (nil before there is one).
func deliveryAttempts(staff *client, endpoint string) (string, []map[string]any) {
	_, out := staff.json("GET", "/api/admin/webhooks/"+endpoint+"/deliveries", nil)
	list, _ := out["deliveries"].([]any)
	if len(list) != 1 {
		return "", nil
	}
	id, _ := list[0].(map[string]any)["id"].(string)
	_, d := staff.json("GET", "/api/admin/webhooks/"+endpoint+"/deliveries/"+id, nil)
	raw, _ := d["attempts"].([]any)
	attempts := make([]map[string]any, 0, len(raw))
	for _, a := range raw {
		attempts = append(attempts, a.(map[string]any))
	}
	return id, attempts
}

// The contact service SIGKILLed while an attempt is on the wire (the
// receiver has the request and has not answered): the attempt was in the
// log before it left, "in progress"; the restarted service takes the
// delivery when the lease ends, logs that attempt as interrupted and
// delivers with attempt 2, under the same webhook-id.
func TestAWebhookAttemptCutOffByAKillStaysInTheLog(t *testing.T) {
	t.Parallel()
	st, staff := webhookStack(t, "0s,1s", "CONTACT_WEBHOOK_LEASE=12s")
	var mu sync.Mutex
	var got []*http.Request
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		got = append(got, r)
		first := len(got) == 1
		mu.Unlock()
		if first {
			<-release // held until its sender is dead
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	var once sync.Once
	unblock := func() { once.Do(func() { close(release) }) }
	t.Cleanup(unblock)
	requests := func() []*http.Request {
		mu.Lock()
		defer mu.Unlock()
		return append([]*http.Request(nil), got...)
	}
	id, _ := addEndpoint(t, staff, srv.URL+"/in", "leads.submitted")
	sendLead(t, st, "webhook.cutoff@example.com")

	waitFor(t, "the first attempt at the receiver", 30*time.Second, func() bool { return len(requests()) == 1 })
	delivery, attempts := deliveryAttempts(staff, id)
	require.Len(t, attempts, 1, "written down before it was sent")
	require.Equal(t, true, attempts[0]["inProgress"], "%v", attempts[0])
	st.killContact(t)
	unblock()

	waitFor(t, "the second attempt, by the restarted service once the lease ended", 60*time.Second, func() bool { return len(requests()) == 2 })
	got2 := requests()
	require.Equal(t, got2[0].Header.Get("webhook-id"), got2[1].Header.Get("webhook-id"))
	require.Equal(t, delivery, got2[1].Header.Get("webhook-id"))
	waitFor(t, "attempt 2 recorded", 30*time.Second, func() bool {
		_, attempts = deliveryAttempts(staff, id)
		return len(attempts) == 2 && attempts[1]["inProgress"] != true
	})
	require.EqualValues(t, 1, attempts[0]["number"])
	require.NotEqual(t, true, attempts[0]["inProgress"])
	require.Contains(t, attempts[0]["error"], "Interrupted: the service stopped before it recorded an answer.")
	require.EqualValues(t, 0, attempts[0]["statusCode"])
	require.EqualValues(t, 2, attempts[1]["number"])
	require.EqualValues(t, 204, attempts[1]["statusCode"])
}

// A failed delivery is retried on the schedule and survives the contact
// service being killed between two attempts; every attempt carries the
// same webhook-id; a receiver answering 410 Gone is disabled.
func TestWebhookRetriesSurviveAKillAndGoneDisables(t *testing.T) {
	t.Parallel()
	st, staff := webhookStack(t, "0s,4s,1s")
	flaky := &scriptedReceiver{script: []int{503, 200}}
	srv := httptest.NewServer(flaky)
	t.Cleanup(srv.Close)
	id, _ := addEndpoint(t, staff, srv.URL+"/in", "leads.submitted")

	lead := sendLead(t, st, "webhook.retry@example.com")
	waitFor(t, "the first attempt", 30*time.Second, func() bool { return len(flaky.requests()) == 1 })
	// The kill comes once the first attempt's answer is in the log: one
	// killed while its attempt is under way leaves it in progress until
	// the delivery's lease (a minute) ends and the next claim marks it
	// interrupted (contactpg's TestAnAttemptWhoseWorkerDiedStaysInTheLogAsInterrupted).
	waitFor(t, "the first attempt logged", 30*time.Second, func() bool {
		_, attempts := deliveryAttempts(staff, id)
		return len(attempts) == 1 && attempts[0]["inProgress"] != true
	})
	st.killContact(t) // before the second attempt, due 4 s later
	waitFor(t, "the second attempt, by the restarted service", 60*time.Second, func() bool { return len(flaky.requests()) == 2 })
	got := flaky.requests()
	require.Equal(t, got[0].Header.Get("webhook-id"), got[1].Header.Get("webhook-id"), "one id on every attempt")
	require.NotEqual(t, got[0].Header.Get("webhook-signature"), "", "signed")

	var delivery map[string]any
	waitFor(t, "the delivery logged as delivered", 30*time.Second, func() bool {
		_, out := staff.json("GET", "/api/admin/webhooks/"+id+"/deliveries", nil)
		list, _ := out["deliveries"].([]any)
		if len(list) != 1 {
			return false
		}
		delivery = list[0].(map[string]any)
		return delivery["status"] == "delivered"
	})
	require.Equal(t, lead, delivery["leadId"])
	code, out := staff.json("GET", "/api/admin/webhooks/"+id+"/deliveries/"+delivery["id"].(string), nil)
	require.Equal(t, 200, code, "%v", out)
	attempts := out["attempts"].([]any)
	require.Len(t, attempts, 2)
	require.EqualValues(t, 503, attempts[0].(map[string]any)["statusCode"])
	require.Equal(t, "answer 503", attempts[0].(map[string]any)["response"], "the answer's first 1 KB")
	require.EqualValues(t, 200, attempts[1].(map[string]any)["statusCode"])

	gone := &scriptedReceiver{script: []int{410}}
	goneSrv := httptest.NewServer(gone)
	t.Cleanup(goneSrv.Close)
	goneID, _ := addEndpoint(t, staff, goneSrv.URL+"/in", "leads.submitted")
	sendLead(t, st, "webhook.gone@example.com")
	waitFor(t, "the endpoint disabled after 410", 30*time.Second, func() bool {
		_, out := staff.json("GET", "/api/admin/webhooks", nil)
		for _, e := range out["endpoints"].([]any) {
			e := e.(map[string]any)
			if e["id"] == goneID {
				return e["enabled"] != true && e["disabledReason"] == "gone"
			}
		}
		return false
	})
	time.Sleep(2 * time.Second)
	require.Len(t, gone.requests(), 1, "no attempt after 410")

	// The office hears of it: the notice is on LEADS for the lead notifier
	// to mail.
	nc, err := nats.Connect(st.natsURL)
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	var notice *jetstream.RawStreamMsg
	waitFor(t, "the notice on LEADS", 10*time.Second, func() bool {
		s, err := js.Stream(context.Background(), "LEADS")
		if err != nil {
			return false
		}
		notice, err = s.GetLastMsgForSubject(context.Background(), "leads.webhook_disabled")
		return err == nil
	})
	var ev map[string]any
	require.NoError(t, json.Unmarshal(notice.Data, &ev))
	require.Equal(t, goneID, ev["endpointId"])
	require.Equal(t, "gone", ev["reason"])
	require.Equal(t, "com.valleytrenchless.leads.webhook_disabled", notice.Header.Get("ce-type"))
}

// What deliveries may not reach is refused: at the URL's entry (the cloud
// metadata address, a private address, plain http to a host not allowed)
// and at the dial, after DNS (a name for loopback not on the allow list, a
// name resolving to 10.x); a redirect is not followed.
func TestWebhooksRefuseWhatTheyMayNotReach(t *testing.T) {
	t.Parallel()
	_, staff := webhookStack(t, "0s")
	for url, want := range map[string]string{
		"http://169.254.169.254/latest/meta-data/": "must start with https://",
		"https://169.254.169.254/latest/meta-data": "169.254.169.254, a private or local address",
		"https://10.0.0.5/hooks":                   "10.0.0.5, a private or local address",
		"http://crm.example.com/hooks":             "must start with https://",
		"ftp://crm.example.com/":                   "must start with https://",
	} {
		code, out := staff.json("POST", "/api/admin/webhooks", map[string]any{"url": url, "events": []string{"leads.submitted"}})
		require.Equal(t, 400, code, "%s: %v", url, out)
		require.Contains(t, fmt.Sprint(out), want, url)
	}

	target := &scriptedReceiver{script: []int{http.StatusFound}}
	srv := httptest.NewServer(target)
	t.Cleanup(srv.Close)
	port := srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	for url, want := range map[string]string{
		"https://localhost:" + port + "/in": "refused: localhost is 127.0.0.1",
		"https://crm.test:" + port + "/in":  "refused: crm.test is 10.1.2.3",
		srv.URL + "/moved":                  "redirect, which is not followed",
	} {
		id, _ := addEndpoint(t, staff, url, "leads.submitted")
		code, out := staff.json("POST", "/api/admin/webhooks/"+id+"/test", map[string]any{})
		require.Equal(t, 200, code, "%v", out)
		d := out["delivery"].(map[string]any)
		require.Equal(t, "failed", d["status"], url)
		require.Contains(t, d["lastAttempt"].(map[string]any)["error"], want, url)
	}
	got := target.requests()
	require.Len(t, got, 1, "only the redirecting receiver was asked, and its target never")
	require.Equal(t, "/moved", got[0].URL.Path)
}

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"maps"
	"mime/multipart"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
	"google.golang.org/grpc/codes"

	"github.com/valleytrenchless/site/internal/testkit/natstest"
)

const alertsDir = "../deploy/helm/trenchless/alerts"

// sample is one series of a scrape or of a rule test's input_series.
type sample struct {
	name   string
	labels map[string]string
	value  string // the scrape's value; empty for an input series
}

func (s sample) String() string {
	keys := slices.Sorted(maps.Keys(s.labels))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + strconv.Quote(s.labels[k])
	}
	return s.name + "{" + strings.Join(parts, ",") + "}"
}

// parseSeries reads `name{label="value", …}` (the series notation of both a promtool input series and a
// line of the text exposition format) and returns it with what follows it on the line.
func parseSeries(line string) (sample, string, error) {
	s := sample{labels: map[string]string{}}
	i := strings.IndexAny(line, "{ ")
	if i < 0 {
		s.name = line
		return s, "", nil
	}
	s.name, line = line[:i], line[i:]
	if line[0] != '{' {
		return s, strings.TrimSpace(line), nil
	}
	line = line[1:]
	for {
		line = strings.TrimLeft(line, " ,")
		if strings.HasPrefix(line, "}") {
			return s, strings.TrimSpace(line[1:]), nil
		}
		eq := strings.Index(line, "=")
		if eq < 0 || len(line) < eq+2 || line[eq+1] != '"' {
			return s, "", fmt.Errorf("no label=\"value\" at %q", line)
		}
		key := strings.TrimSpace(line[:eq])
		line = line[eq+2:]
		var v strings.Builder
		for {
			if line == "" {
				return s, "", fmt.Errorf("label %s: unterminated value", key)
			}
			c := line[0]
			line = line[1:]
			if c == '"' {
				break
			}
			if c == '\\' && line != "" {
				c, line = line[0], line[1:]
				if c == 'n' {
					c = '\n'
				}
			}
			v.WriteByte(c)
		}
		s.labels[key] = v.String()
	}
}

// scrape reads every series of a /metrics page.
func scrape(t *testing.T, addr string) []sample {
	t.Helper()
	code, body := get(t, "http://"+addr+"/metrics")
	require.Equal(t, 200, code, "scrape %s", addr)
	var out []sample
	for _, line := range strings.Split(string(body), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, rest, err := parseSeries(line)
		require.NoError(t, err, "scrape %s: %q", addr, line)
		s.value, _, _ = strings.Cut(rest, " ")
		out = append(out, s)
	}
	return out
}

// value is the value of the one series of name with labels (a subset of its labels) in samples.
func value(samples []sample, name string, labels map[string]string) (float64, bool) {
	for _, s := range samples {
		if s.name != name {
			continue
		}
		match := true
		for k, v := range labels {
			match = match && s.labels[k] == v
		}
		if match {
			f, err := strconv.ParseFloat(s.value, 64)
			return f, err == nil
		}
	}
	return 0, false
}

// rulesFile is what these tests read of rules.yaml and rules_test.yaml.
type rulesFile struct {
	Groups []struct {
		Rules []struct {
			Alert       string            `yaml:"alert"`
			Labels      map[string]string `yaml:"labels"`
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"rules"`
	} `yaml:"groups"`
	Tests []struct {
		Name        string `yaml:"name"`
		InputSeries []struct {
			Series string `yaml:"series"`
		} `yaml:"input_series"`
		AlertRuleTest []struct {
			Alertname string `yaml:"alertname"`
			ExpAlerts []any  `yaml:"exp_alerts"`
		} `yaml:"alert_rule_test"`
	} `yaml:"tests"`
}

func readRules(t *testing.T, name string) rulesFile {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(alertsDir, name))
	require.NoError(t, err)
	var f rulesFile
	require.NoError(t, yaml.Unmarshal(raw, &f), name)
	return f
}

// targetLabels are added by Prometheus (and the Prometheus Operator) to every series it scrapes: the input
// series carry them, a binary's /metrics does not.
var targetLabels = map[string]bool{"namespace": true, "job": true, "instance": true, "pod": true, "service": true,
	"endpoint": true, "container": true}

// outcomeLabels say how a call ended. The series of an outcome exists once a call has ended so (the gRPC
// metrics create every code's in advance for unary methods only; an HTTP code appears with its first
// answer), so their values are checked for their kind rather than found in the scrape.
var outcomeLabels = map[string]func(string) bool{
	"grpc_code": func(v string) bool { return grpcCodes[v] },
	"code":      regexp.MustCompile(`^[1-5][0-9][0-9]$`).MatchString,
}

// grpcCodes are the code names grpc_code takes (codes.Code's String: OK, Canceled, … Unauthenticated).
var grpcCodes = func() map[string]bool {
	m := map[string]bool{}
	for c := codes.OK; c <= codes.Unauthenticated; c++ {
		m[c.String()] = true
	}
	return m
}()

// TestAlertRulesReadSeriesTheBinariesExport runs the product from its binaries (the four services and the
// lead notifier), makes them export what the alerts read (a lead stored, a lead refused, an image uploaded
// and served, the inbox listed), scrapes each /metrics, and checks that every input series of
// rules_test.yaml exists there: the same metric name, the same label names, and the same values for the
// labels that say which series it is (grpc_service, grpc_method, grpc_type, upstream, connection, method);
// outcome labels (grpc_code, code) must be values of their kind.
//
// Why that proves the rules read real series: promtool evaluates each rule only on the input series of its
// test, so an expression naming a metric, label or value that is not among them matches nothing and cannot
// produce the alert the test expects (rules_test.yaml has, for every alert, a case where it fires, with its
// labels and annotations asserted; this test checks that). This test ties the input series to what the
// binaries export. Then it takes NATS and the content service away and sees the series move as the alerts
// expect.
func TestAlertRulesReadSeriesTheBinariesExport(t *testing.T) {
	t.Parallel()
	ns := natstest.Start(t)
	metrics := map[string]string{"content": freeAddr(t), "contact": freeAddr(t), "media": freeAddr(t)}
	st := startStackWith(t, stackOptions{natsURL: ns.URL, env: map[string][]string{
		"content": {"CONTENT_METRICS_ADDR=" + metrics["content"]},
		"contact": {"CONTACT_METRICS_ADDR=" + metrics["contact"]},
		"media":   {"MEDIA_METRICS_ADDR=" + metrics["media"]},
	}})
	metrics["gateway"] = st.metrics
	metrics["notifier"] = freeAddr(t)
	start(t, filepath.Join(st.bins, "notifier"), "NOTIFIER_NATS_URL="+ns.URL, "NOTIFIER_HEALTH_ADDR=",
		"NOTIFIER_METRICS_ADDR="+metrics["notifier"], "LOG_LEVEL=debug")

	// What the alerts read, made to exist: a lead stored and one refused (SubmitInspectionRequest), the
	// inbox listed (ListLeads), an image uploaded and served (UploadImage, GetImage), pages answered.
	home, _ := spec7Payloads(t)
	anon := newClient(t, st.base)
	code, out := anon.json("POST", "/api/contact", home)
	require.Equal(t, 200, code, "%v", out)
	code, out = anon.json("POST", "/api/contact", map[string]any{"formVariant": "contact", "firstName": "", "email": "bad"})
	require.Equal(t, 400, code, "%v", out)
	staff := signedInStaff(t, st)
	code, out = staff.json("GET", "/api/contact-submissions", nil)
	require.Equal(t, 200, code, "%v", out)
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	img.Set(0, 0, color.RGBA{200, 10, 10, 255})
	var pb, mb bytes.Buffer
	require.NoError(t, png.Encode(&pb, img))
	mw := multipart.NewWriter(&mb)
	fw, err := mw.CreateFormFile("file", "camera.png")
	require.NoError(t, err)
	_, _ = fw.Write(pb.Bytes())
	require.NoError(t, mw.Close())
	code, raw, _ := staff.do("POST", "/api/upload-image", mw.FormDataContentType(), bytes.NewReader(mb.Bytes()))
	require.Equal(t, 200, code, "%s", raw)
	var up struct {
		URL string `json:"url"`
	}
	require.NoError(t, json.Unmarshal(raw, &up))
	code, _ = get(t, st.base+up.URL)
	require.Equal(t, 200, code)

	// Every binary holding a NATS connection says it is up.
	scrapes := map[string][]sample{}
	for name, addr := range metrics {
		if name != "media" {
			waitFor(t, name+" nats_connected 1", 30*time.Second, func() bool {
				v, ok := value(scrape(t, addr), "nats_connected", nil)
				return ok && v == 1
			})
		}
		scrapes[name] = scrape(t, addr)
	}
	_, mediaHasNATS := value(scrapes["media"], "nats_connected", nil)
	require.False(t, mediaHasNATS, "media holds no NATS connection")

	// Every input series of the rules' tests is one the binaries export.
	tests := readRules(t, "rules_test.yaml")
	checked := map[string]bool{}
	for _, tc := range tests.Tests {
		for _, in := range tc.InputSeries {
			want, rest, err := parseSeries(in.Series)
			require.NoError(t, err, "%s: %s", tc.Name, in.Series)
			require.Empty(t, rest, in.Series)
			for k := range want.labels {
				if targetLabels[k] {
					delete(want.labels, k)
				}
			}
			if checked[want.String()] {
				continue
			}
			checked[want.String()] = true
			var found bool
			var sameName []string
			for name, samples := range scrapes {
				for _, s := range samples {
					if s.name != want.name {
						continue
					}
					sameName = append(sameName, name+": "+s.String())
					if matches(s, want) {
						found = true
					}
				}
			}
			require.True(t, found, "test %q: input series %s is not exported by any binary; series of that name:\n%s",
				tc.Name, want, strings.Join(sameName, "\n"))
		}
	}

	// Every alert has a test where it fires and one where it does not, and says what it means.
	rules := readRules(t, "rules.yaml")
	var alerts []string
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			alerts = append(alerts, r.Alert)
			require.Contains(t, []string{"critical", "warning"}, r.Labels["severity"], r.Alert)
			for _, a := range []string{"summary", "description", "runbook_url"} {
				require.NotEmpty(t, r.Annotations[a], "%s: annotation %s", r.Alert, a)
			}
			fires, quiet := false, false
			for _, tc := range tests.Tests {
				for _, a := range tc.AlertRuleTest {
					if a.Alertname == r.Alert {
						fires, quiet = fires || len(a.ExpAlerts) > 0, quiet || len(a.ExpAlerts) == 0
					}
				}
			}
			require.True(t, fires && quiet, "%s needs a test where it fires and one where it does not", r.Alert)
		}
	}
	require.Len(t, alerts, 9, "%v", alerts)

	// A healthy stack: nothing waits, nothing is overdue, every upstream is ready.
	require.Equal(t, map[string]float64{"content": 1, "contact": 1, "media": 1}, upstreamReady(t, scrapes["gateway"]))
	waitFor(t, "the stored lead published", 30*time.Second, func() bool {
		v, ok := value(scrape(t, metrics["contact"]), "contact_outbox_oldest_unpublished_age_seconds", nil)
		return ok && v == 0
	})
	v, ok := value(scrapes["contact"], "contact_leads_overdue", nil)
	require.True(t, ok)
	require.Equal(t, 0.0, v)

	// NATS goes away: every connection says so, and a lead stored meanwhile waits in the outbox.
	ns.Stop()
	for _, name := range []string{"gateway", "content", "contact", "notifier"} {
		waitFor(t, name+" nats_connected 0", 30*time.Second, func() bool {
			v, ok := value(scrape(t, metrics[name]), "nats_connected", nil)
			return ok && v == 0
		})
	}
	code, out = anon.json("POST", "/api/contact", home)
	require.Equal(t, 200, code, "a lead is stored while NATS is away: %v", out)
	waitFor(t, "the outbox's age to grow", 30*time.Second, func() bool {
		v, ok := value(scrape(t, metrics["contact"]), "contact_outbox_oldest_unpublished_age_seconds", nil)
		return ok && v >= 1
	})
	ns.Restart()
	waitFor(t, "the outbox published after NATS returns", 60*time.Second, func() bool {
		v, ok := value(scrape(t, metrics["contact"]), "contact_outbox_oldest_unpublished_age_seconds", nil)
		return ok && v == 0
	})

	// The content service stops: the gateway's gauge for it turns 0, the others stay 1.
	st.content.stop()
	waitFor(t, "gateway_upstream_ready content 0", 30*time.Second, func() bool {
		r := upstreamReady(t, scrape(t, metrics["gateway"]))
		return r["content"] == 0 && r["contact"] == 1 && r["media"] == 1
	})
}

// matches says whether scraped has exactly want's label names, want's values for the labels that name the
// series, and a value of the right kind for its outcome labels.
func matches(scraped, want sample) bool {
	if !slices.Equal(slices.Sorted(maps.Keys(scraped.labels)), slices.Sorted(maps.Keys(want.labels))) {
		return false
	}
	for k, v := range want.labels {
		if valid, outcome := outcomeLabels[k]; outcome {
			if !valid(v) {
				return false
			}
			continue
		}
		if scraped.labels[k] != v {
			return false
		}
	}
	return true
}

// upstreamReady is the gateway's gateway_upstream_ready by upstream.
func upstreamReady(t *testing.T, samples []sample) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for _, s := range samples {
		if s.name == "gateway_upstream_ready" {
			f, err := strconv.ParseFloat(s.value, 64)
			require.NoError(t, err)
			out[s.labels["upstream"]] = f
		}
	}
	return out
}

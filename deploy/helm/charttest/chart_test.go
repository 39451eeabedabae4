//go:build charttest

// Package charttest checks the Helm chart deploy/helm/trenchless: lint,
// the rendered dev and prod manifests against the ops policies, the
// refusals, and a real install, upgrade and rollback on a kube-apiserver
// started on loopback. Run it with `make chart-test` (build tag charttest;
// it needs helm and the control plane from the tool cache).
package charttest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/valleytrenchless/site/internal/testkit/kubetest"
)

const (
	chartDir  = "../trenchless"
	release   = "site"
	namespace = "trenchless"
	fullname  = "site-trenchless"
	devKey    = "development-only-identity-key-do-not-deploy"
	testKey   = "charttest-identity-key-0123456789abcdef"
)

var (
	devValues  = []string{"-f", chartDir + "/values-dev.yaml"}
	prodValues = []string{"-f", chartDir + "/values-prod.yaml"}
	// testValues: prod plus a chart-made Secret, image digests and a ServiceMonitor.
	testValues = []string{"-f", chartDir + "/values-prod.yaml", "-f", "testdata/values-test.yaml"}
)

// obj is one decoded Kubernetes object.
type obj = map[string]any

// command runs name with args and returns stdout, or an error carrying stderr.
var command = kubetest.Command

func helmTemplate(args ...string) (string, error) {
	out, _, err := command(nil, "helm", append([]string{"template", release, chartDir, "-n", namespace}, args...)...)
	return out, err
}

func render(t *testing.T, args ...string) []obj {
	t.Helper()
	out, err := helmTemplate(args...)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, out)
}

func decode(t *testing.T, manifests string) []obj {
	t.Helper()
	var objs []obj
	dec := yaml.NewDecoder(strings.NewReader(manifests))
	for {
		var o obj
		err := dec.Decode(&o)
		if errors.Is(err, io.EOF) {
			return objs
		}
		if err != nil {
			t.Fatalf("rendered YAML does not parse: %v", err)
		}
		if o != nil {
			objs = append(objs, o)
		}
	}
}

func encode(t *testing.T, objs []obj) string {
	t.Helper()
	var b strings.Builder
	for _, o := range objs {
		y, err := yaml.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("---\n")
		b.Write(y)
	}
	return b.String()
}

// dig walks maps by key and lists by index ("0").
func dig(v any, path ...string) any {
	for _, p := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[p]
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func str(v any, path ...string) string { s, _ := dig(v, path...).(string); return s }
func list(v any, path ...string) []any { l, _ := dig(v, path...).([]any); return l }

func num(v any, path ...string) int {
	switch n := dig(v, path...).(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return -1
}

func byKind(objs []obj, kind string) []obj {
	var out []obj
	for _, o := range objs {
		if o["kind"] == kind {
			out = append(out, o)
		}
	}
	return out
}

func find(objs []obj, kind, name string) obj {
	for _, o := range byKind(objs, kind) {
		if str(o, "metadata", "name") == name {
			return o
		}
	}
	return nil
}

func component(o obj) string { return str(o, "metadata", "labels", "app.kubernetes.io/component") }

func TestLint(t *testing.T) {
	t.Parallel()
	for _, values := range [][]string{devValues, prodValues, testValues} {
		if _, _, err := command(nil, "helm", append([]string{"lint", "--strict", chartDir}, values...)...); err != nil {
			t.Error(err)
		}
	}
}

// reporter is what the policy checks report to: a *testing.T, or a
// recorder when a test checks that they fail.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

type recorder struct{ failed bool }

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; runtime.Goexit() }

// checkPolicies asserts the ops rules on a rendered release.
func checkPolicies(t reporter, objs []obj, digests bool) {
	t.Helper()
	workloads := append(byKind(objs, "Deployment"), byKind(objs, "Job")...)
	if len(byKind(objs, "Deployment")) != 5 || len(byKind(objs, "Job")) != 1 {
		t.Fatalf("want 5 Deployments and the migration Job, got %d and %d", len(byKind(objs, "Deployment")), len(byKind(objs, "Job")))
	}
	for _, w := range workloads {
		name := w["kind"].(string) + "/" + str(w, "metadata", "name")
		pod := dig(w, "spec", "template", "spec")
		if dig(pod, "securityContext", "runAsNonRoot") != true || num(pod, "securityContext", "runAsUser") < 1 {
			t.Errorf("%s: pod must run as a non-root user", name)
		}
		if str(pod, "securityContext", "seccompProfile", "type") != "RuntimeDefault" {
			t.Errorf("%s: seccomp profile must be RuntimeDefault", name)
		}
		if dig(pod, "automountServiceAccountToken") != false {
			t.Errorf("%s: no workload needs an API token", name)
		}
		containers := append(list(pod, "containers"), list(pod, "initContainers")...)
		for _, c := range containers {
			cname := name + " container " + str(c, "name")
			sc := dig(c, "securityContext")
			if dig(sc, "allowPrivilegeEscalation") != false || dig(sc, "readOnlyRootFilesystem") != true ||
				!slices.Contains(list(sc, "capabilities", "drop"), any("ALL")) {
				t.Errorf("%s: needs no privilege escalation, a read-only root and capabilities drop ALL: %v", cname, sc)
			}
			for _, r := range []string{"requests", "limits"} {
				for _, k := range []string{"cpu", "memory"} {
					if dig(c, "resources", r, k) == nil {
						t.Errorf("%s: resources.%s.%s missing", cname, r, k)
					}
				}
			}
			image := str(c, "image")
			ref, _, _ := strings.Cut(image, "@")
			if !strings.Contains(ref[strings.LastIndex(ref, "/")+1:], ":") || strings.HasSuffix(ref, ":latest") {
				t.Errorf("%s: image %q must carry a version tag, never latest", cname, image)
			}
			if digests && !strings.Contains(image, "@sha256:") {
				t.Errorf("%s: image %q should be pinned by the digest given", cname, image)
			}
			limits := map[string]string{}
			for _, e := range list(c, "env") {
				limits[str(e, "name")] = str(e, "valueFrom", "resourceFieldRef", "resource")
			}
			if limits["GOMAXPROCS"] != "limits.cpu" || limits["CONTAINER_MEMORY_LIMIT"] != "limits.memory" {
				t.Errorf("%s: GOMAXPROCS/CONTAINER_MEMORY_LIMIT must come from the limits: %v", cname, limits)
			}
			if w["kind"] == "Deployment" {
				if dig(c, "readinessProbe") == nil || dig(c, "livenessProbe") == nil {
					t.Errorf("%s: readiness and liveness probes required", cname)
				}
				drain := drainSeconds(t, objs, w)
				pre := num(c, "lifecycle", "preStop", "sleep", "seconds")
				if grace := num(pod, "terminationGracePeriodSeconds"); grace <= drain+pre {
					t.Errorf("%s: grace period %ds must exceed the pre-stop pause %ds plus the drain %ds", cname, grace, pre, drain)
				}
			}
		}
		if w["kind"] == "Deployment" {
			spread := list(pod, "topologySpreadConstraints")
			if len(spread) == 0 || str(spread, "0", "topologyKey") != "kubernetes.io/hostname" {
				t.Errorf("%s: replicas must spread across nodes", name)
			}
		}
	}

	job := byKind(objs, "Job")[0]
	if str(job, "metadata", "annotations", "helm.sh/hook") != "pre-install,pre-upgrade" {
		t.Errorf("the migration Job must be a pre-install,pre-upgrade hook")
	}
	var migrated []string
	for _, c := range list(job, "spec", "template", "spec", "containers") {
		migrated = append(migrated, str(c, "name"))
		if fmt.Sprint(dig(c, "args")) != "[migrate]" {
			t.Errorf("migration container %s must run the binary's migrate mode", str(c, "name"))
		}
	}
	if fmt.Sprint(migrated) != "[gateway content contact media]" {
		t.Errorf("the Job must migrate every service with a schema, got %v", migrated)
	}

	// Only the gateway is exposed.
	for _, ing := range byKind(objs, "Ingress") {
		for _, svc := range findAll(ing, "service") {
			if str(svc, "name") != fullname+"-gateway" {
				t.Errorf("the Ingress may reach only the gateway, not %v", svc)
			}
		}
	}
	// HPAs only for gateway and content; a PDB for every Deployment with more than one replica.
	minReplicas := map[string]int{}
	for _, d := range byKind(objs, "Deployment") {
		minReplicas[component(d)] = num(d, "spec", "replicas")
	}
	for _, h := range byKind(objs, "HorizontalPodAutoscaler") {
		target := strings.TrimPrefix(str(h, "spec", "scaleTargetRef", "name"), fullname+"-")
		if target != "gateway" && target != "content" {
			t.Errorf("unexpected autoscaler for %s", target)
		}
		minReplicas[target] = num(h, "spec", "minReplicas")
	}
	for comp, n := range minReplicas {
		pdb := find(objs, "PodDisruptionBudget", fullname+"-"+comp)
		if (n > 1) != (pdb != nil) {
			t.Errorf("%s runs at least %d replicas; PodDisruptionBudget present: %t", comp, n, pdb != nil)
		}
	}
	checkNetworkPolicies(t, objs)
	checkBalancing(t, objs)
}

// checkBalancing asserts what spreads gRPC calls over a service's replicas (ADR 0008): the gRPC services'
// Services are headless (their name resolves to every ready pod), every client dials them through gRPC's DNS
// resolver at the Service's gRPC port, and a rolling update keeps a new pod ready a while before it takes an
// old one away. The gateway's Service, behind the Ingress, keeps its virtual IP.
func checkBalancing(t reporter, objs []obj) {
	t.Helper()
	if str(find(objs, "Service", fullname+"-gateway"), "spec", "clusterIP") == "None" {
		t.Errorf("the gateway's Service must keep its cluster IP")
	}
	ports := map[string]int{}
	for _, comp := range []string{"content", "contact", "media"} {
		svc := find(objs, "Service", fullname+"-"+comp)
		if str(svc, "spec", "clusterIP") != "None" {
			t.Errorf("the %s Service must be headless (clusterIP: None) so that clients see every pod: %v", comp, dig(svc, "spec"))
		}
		for _, p := range list(svc, "spec", "ports") {
			if str(p, "name") == "grpc" {
				ports[comp] = num(p, "port")
			}
		}
		if n := num(find(objs, "Deployment", fullname+"-"+comp), "spec", "minReadySeconds"); n < 5 {
			t.Errorf("%s: minReadySeconds %d; a new pod must stay ready a while before an old one goes", comp, n)
		}
	}
	for cm, keys := range map[string]map[string]string{
		"gateway": {"GATEWAY_CONTENT_ADDR": "content", "GATEWAY_CONTACT_ADDR": "contact", "GATEWAY_MEDIA_ADDR": "media"},
		"content": {"CONTENT_MEDIA_ADDR": "media"},
	} {
		data := find(objs, "ConfigMap", fullname+"-"+cm)
		for key, comp := range keys {
			if got, want := str(data, "data", key), fmt.Sprintf("dns:///%s-%s:%d", fullname, comp, ports[comp]); got != want {
				t.Errorf("%s dials %s at %q, want %q (gRPC's DNS resolver over the headless Service)", cm, comp, got, want)
			}
		}
	}
}

// findAll collects every map under key anywhere in v.
func findAll(v any, key string) []any {
	var out []any
	switch x := v.(type) {
	case map[string]any:
		for k, child := range x {
			if k == key {
				out = append(out, child)
			}
			out = append(out, findAll(child, key)...)
		}
	case []any:
		for _, child := range x {
			out = append(out, findAll(child, key)...)
		}
	}
	return out
}

// drainSeconds reads the workload's SHUTDOWN_TIMEOUT from its ConfigMap
// (0 when the binary has none).
func drainSeconds(t reporter, objs []obj, deploy obj) int {
	t.Helper()
	cm := find(objs, "ConfigMap", str(deploy, "metadata", "name"))
	for k, v := range cm["data"].(map[string]any) {
		if strings.HasSuffix(k, "_SHUTDOWN_TIMEOUT") {
			d, err := time.ParseDuration(v.(string))
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			return int(d.Seconds())
		}
	}
	return 0
}

func checkNetworkPolicies(t reporter, objs []obj) {
	t.Helper()
	deny := find(objs, "NetworkPolicy", fullname+"-default-deny")
	if deny == nil || fmt.Sprint(dig(deny, "spec", "policyTypes")) != "[Ingress Egress]" ||
		dig(deny, "spec", "ingress") != nil || dig(deny, "spec", "egress") != nil {
		t.Fatalf("a default-deny policy for the release is required: %v", deny)
	}
	// Which components may open connections to each component.
	wantFrom := map[string][]string{"gateway": {"<ingress>"}, "content": {"gateway"}, "contact": {"gateway"},
		"media": {"content", "gateway"}, "notifier": nil, "migrate": nil}
	external := map[string]bool{"5432": true, "4222": true, "443": true, "9000": true, "53": true, "587": true}
	for comp, want := range wantFrom {
		np := find(objs, "NetworkPolicy", fullname+"-"+comp)
		if np == nil {
			t.Errorf("no NetworkPolicy for %s", comp)
			continue
		}
		var from []string
		for _, rule := range list(np, "spec", "ingress") {
			for _, peer := range list(rule, "from") {
				if c := str(peer, "podSelector", "matchLabels", "app.kubernetes.io/component"); c != "" {
					from = append(from, c)
				} else if dig(peer, "namespaceSelector") != nil && num(rule, "ports", "0", "port") == 8080 {
					from = append(from, "<ingress>")
				}
			}
		}
		slices.Sort(from)
		if fmt.Sprint(from) != fmt.Sprint(want) {
			t.Errorf("%s accepts connections from %v, want %v", comp, from, want)
		}
		for _, rule := range list(np, "spec", "egress") {
			if len(list(rule, "ports")) == 0 {
				t.Errorf("%s: an egress rule without ports allows everything: %v", comp, rule)
			}
			for _, p := range list(rule, "ports") {
				port := fmt.Sprint(dig(p, "port"))
				if target := str(rule, "to", "0", "podSelector", "matchLabels", "app.kubernetes.io/component"); target != "" {
					if comp == "gateway" || (comp == "content" && target == "media") {
						continue
					}
					t.Errorf("%s may not reach %s", comp, target)
				} else if !external[port] {
					t.Errorf("%s: egress to port %s is not Postgres, NATS, S3, SMTP, OIDC or DNS", comp, port)
				}
			}
			// Any address on a port (the webhook receivers staff add):
			// never the private ranges or the metadata service.
			if str(rule, "to", "0", "ipBlock", "cidr") == "0.0.0.0/0" {
				except := fmt.Sprint(dig(rule, "to", "0", "ipBlock", "except"))
				for _, private := range []string{"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8"} {
					if !strings.Contains(except, private) {
						t.Errorf("%s: egress to any address includes %s: %v", comp, private, rule)
					}
				}
			}
		}
	}
}

func TestRenderedDevAndProdFollowThePolicies(t *testing.T) {
	t.Parallel()
	t.Run("dev", func(t *testing.T) { checkPolicies(t, render(t, devValues...), false) })
	t.Run("prod", func(t *testing.T) {
		objs := render(t, prodValues...)
		checkPolicies(t, objs, false)
		contact := find(objs, "ConfigMap", fullname+"-contact")
		if str(contact, "data", "CONTACT_STREAM_REPLICAS") != "3" || str(contact, "data", "CONTACT_ENV") != "production" {
			t.Errorf("prod: the lead stream needs 3 replicas: %v", contact["data"])
		}
		if find(objs, "Secret", fullname+"-secrets") != nil {
			t.Errorf("prod uses existingSecret: the chart must not create a Secret")
		}
		if len(byKind(objs, "HorizontalPodAutoscaler")) != 2 {
			t.Errorf("prod autoscales gateway and content")
		}
		if files := secretFiles(t, objs, "contact"); files["NATS_NKEY_SEED"] == "" || files["NATS_CERT"] == "" ||
			files["NATS_CA"] == "" || files["GRPC_TLS_DIR"] == "" {
			t.Errorf("prod: contact must reach NATS over TLS with an identity of its own, and serve gRPC over TLS: %v", files)
		}
	})
	t.Run("prod with digests, chart Secret and ServiceMonitor", func(t *testing.T) {
		objs := render(t, testValues...)
		checkPolicies(t, objs, true)
		if len(byKind(objs, "ServiceMonitor")) != 1 {
			t.Errorf("serviceMonitor.enabled renders a ServiceMonitor")
		}
		if len(byKind(objs, "PrometheusRule")) != 1 {
			t.Errorf("monitoring.prometheusRule.enabled renders a PrometheusRule")
		}
		secret := find(objs, "Secret", fullname+"-secrets")
		if str(secret, "stringData", "identity-key") != testKey {
			t.Errorf("the chart's Secret carries the identity key")
		}
		// One mail server for the site: the gateway mails reset links through
		// the notifier's, with the same password from the Secret, and may
		// reach it.
		gw, nf := find(objs, "ConfigMap", fullname+"-gateway"), find(objs, "ConfigMap", fullname+"-notifier")
		if h := str(gw, "data", "GATEWAY_SMTP_HOST"); h == "" || h != str(nf, "data", "NOTIFIER_SMTP_HOST") ||
			str(gw, "data", "GATEWAY_MAIL_FROM") != str(nf, "data", "NOTIFIER_MAIL_FROM") {
			t.Errorf("the gateway mails through the notifier's server: %v", gw["data"])
		}
		var smtpPassword bool
		for _, env := range findAll(find(objs, "Deployment", fullname+"-gateway"), "env") {
			for _, e := range env.([]any) {
				smtpPassword = smtpPassword || (str(e, "name") == "GATEWAY_SMTP_PASSWORD" &&
					str(e, "valueFrom", "secretKeyRef", "key") == "smtp-password")
			}
		}
		if !smtpPassword {
			t.Errorf("the gateway reads the mail server's password from the Secret")
		}
		var reachesMail bool
		for _, rule := range list(find(objs, "NetworkPolicy", fullname+"-gateway"), "spec", "egress") {
			for _, p := range list(rule, "ports") {
				reachesMail = reachesMail || fmt.Sprint(dig(p, "port")) == "587"
			}
		}
		if !reachesMail {
			t.Errorf("the gateway's network policy lets it reach the mail server")
		}
		hookSecret := find(objs, "Secret", fullname+"-migrate")
		if str(hookSecret, "metadata", "annotations", "helm.sh/hook") != "pre-install,pre-upgrade" {
			t.Errorf("the migration Job's database URLs must exist before the Job: %v", hookSecret)
		}
	})
}

func TestPolicyChecksCatchViolations(t *testing.T) {
	t.Parallel()
	objs := render(t, devValues...)
	broken := func(mutate func(objs []obj)) bool {
		copyObjs := decode(t, encode(t, objs))
		mutate(copyObjs)
		probe := &recorder{}
		done := make(chan struct{})
		go func() { defer close(done); checkPolicies(probe, copyObjs, false) }()
		<-done
		return probe.failed
	}
	cases := map[string]func([]obj){
		"root user": func(o []obj) {
			dig(byKind(o, "Deployment")[0], "spec", "template", "spec", "securityContext").(map[string]any)["runAsNonRoot"] = false
		},
		"latest tag": func(o []obj) {
			dig(byKind(o, "Deployment")[1], "spec", "template", "spec", "containers", "0").(map[string]any)["image"] = "x/content:latest"
		},
		"no probes": func(o []obj) {
			delete(dig(byKind(o, "Deployment")[2], "spec", "template", "spec", "containers", "0").(map[string]any), "readinessProbe")
		},
		"no limits": func(o []obj) {
			delete(dig(byKind(o, "Job")[0], "spec", "template", "spec", "containers", "0", "resources").(map[string]any), "limits")
		},
		"a gRPC Service with a cluster IP": func(o []obj) {
			delete(dig(find(o, "Service", fullname+"-contact"), "spec").(map[string]any), "clusterIP")
		},
		"a client dialling a Service's virtual IP": func(o []obj) {
			dig(find(o, "ConfigMap", fullname+"-gateway"), "data").(map[string]any)["GATEWAY_MEDIA_ADDR"] = fullname + "-media:9103"
		},
	}
	for name, mutate := range cases {
		if !broken(mutate) {
			t.Errorf("the policy checks accepted a manifest with %s", name)
		}
	}
}

// secretFiles is what a component's binary reads from mounted Secrets: each of its NATS_* (but the URL) and
// GRPC_TLS_DIR settings, as "<Secret>/<file>" ("<Secret>/" for a directory), or "<not mounted>". It also
// checks that every Secret volume is mounted read-only and readable only by the pod's group.
func secretFiles(t *testing.T, objs []obj, comp string) map[string]string {
	t.Helper()
	pod := dig(find(objs, "Deployment", fullname+"-"+comp), "spec", "template", "spec")
	volumes := map[string]string{}
	for _, v := range list(pod, "volumes") {
		if secret := str(v, "secret", "secretName"); secret != "" {
			volumes[str(v, "name")] = secret
			if num(v, "secret", "defaultMode") != 0o440 || num(pod, "securityContext", "fsGroup") != 65532 {
				t.Errorf("%s: Secret %s must be readable by the pod's group only: %v", comp, secret, v)
			}
		}
	}
	mounts := map[string]string{}
	for _, m := range list(pod, "containers", "0", "volumeMounts") {
		if secret, ok := volumes[str(m, "name")]; ok {
			if dig(m, "readOnly") != true {
				t.Errorf("%s: Secret %s must be mounted read-only", comp, secret)
			}
			mounts[str(m, "mountPath")] = secret
		}
	}
	files := map[string]string{}
	for k, v := range find(objs, "ConfigMap", fullname+"-"+comp)["data"].(map[string]any) {
		key := strings.TrimPrefix(k, strings.ToUpper(comp)+"_")
		if !(strings.HasPrefix(key, "NATS_") && key != "NATS_URL") && key != "GRPC_TLS_DIR" {
			continue
		}
		files[key] = "<not mounted>"
		for dir, secret := range mounts {
			if rest, ok := strings.CutPrefix(v.(string), dir); ok && (rest == "" || rest[0] == '/') {
				files[key] = secret + "/" + strings.TrimPrefix(rest, "/")
			}
		}
	}
	return files
}

// probePort is the port the kubelet's probes of a component ask.
func probePort(objs []obj, comp string) int {
	return num(find(objs, "Deployment", fullname+"-"+comp), "spec", "template", "spec", "containers", "0", "readinessProbe", "grpc", "port")
}

func TestNATSAndGRPCTLSFilesComeFromMountedSecrets(t *testing.T) {
	t.Parallel()
	objs := render(t, append(slices.Clone(devValues),
		"--set", "nats.tls.caSecret=nats-ca",
		"--set", "nats.users.gateway.creds=nats-creds-gateway",
		"--set", "nats.users.contact.nkeySeed=nats-seed-contact", "--set", "nats.users.contact.clientCert=nats-cert-contact",
		"--set", "nats.users.notifier.nkeySeed=nats-seed-notifier",
		"--set", "grpcTLS.secret=grpc-tls", "--set", "grpcTLS.secrets.media=grpc-tls-media")...)
	want := map[string]map[string]string{
		"gateway": {"NATS_CA": "nats-ca/ca.crt", "NATS_CREDS": "nats-creds-gateway/nats.creds", "GRPC_TLS_DIR": "grpc-tls/"},
		"content": {"NATS_CA": "nats-ca/ca.crt", "GRPC_TLS_DIR": "grpc-tls/"},
		"contact": {"NATS_CA": "nats-ca/ca.crt", "NATS_NKEY_SEED": "nats-seed-contact/nkey.seed",
			"NATS_CERT": "nats-cert-contact/tls.crt", "NATS_KEY": "nats-cert-contact/tls.key", "GRPC_TLS_DIR": "grpc-tls/"},
		"media":    {"GRPC_TLS_DIR": "grpc-tls-media/"},
		"notifier": {"NATS_CA": "nats-ca/ca.crt", "NATS_NKEY_SEED": "nats-seed-notifier/nkey.seed"},
	}
	for comp, files := range want {
		if got := secretFiles(t, objs, comp); fmt.Sprint(got) != fmt.Sprint(files) {
			t.Errorf("%s reads %v, want %v", comp, got, files)
		}
	}
	// With TLS on their gRPC port the services are probed on a plain-text health port (the kubelet's gRPC
	// probe speaks no TLS), which the binary is told to serve.
	for comp, port := range map[string]int{"content": 9301, "contact": 9302, "media": 9303, "notifier": 9104} {
		if got := probePort(objs, comp); got != port {
			t.Errorf("%s is probed on %d, want %d", comp, got, port)
		}
		if comp == "notifier" {
			continue
		}
		cm := find(objs, "ConfigMap", fullname+"-"+comp)
		if addr := str(cm, "data", strings.ToUpper(comp)+"_GRPC_HEALTH_ADDR"); addr != fmt.Sprintf(":%d", port) {
			t.Errorf("%s serves health on %q, probed on %d", comp, addr, port)
		}
		if num(find(objs, "Deployment", fullname+"-"+comp), "spec", "template", "spec", "containers", "0", "ports", "2", "containerPort") != port {
			t.Errorf("%s: the health port %d is not declared", comp, port)
		}
	}

	// Without them: no Secret mounted, services probed on their gRPC port as before.
	plain := render(t, devValues...)
	for comp := range want {
		if got := secretFiles(t, plain, comp); len(got) != 0 {
			t.Errorf("%s reads %v with nothing configured", comp, got)
		}
	}
	for comp, port := range map[string]int{"content": 9101, "contact": 9102, "media": 9103} {
		if got := probePort(plain, comp); got != port {
			t.Errorf("%s without TLS is probed on %d, want %d", comp, got, port)
		}
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	prodOwnSecret := append(slices.Clone(prodValues), "--set", "secrets.existingSecret=",
		"--set", "secrets.databaseUrl=postgres://u:p@db:5432/site", "--set", "secrets.ipHashSalt=salt",
		"--set", "secrets.s3AccessKey=k", "--set", "secrets.s3SecretKey=s")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"production without a key", prodOwnSecret, "env is production but no identity key is set"},
		{"production with the development key", append(slices.Clone(prodOwnSecret), "--set", "secrets.identityKey="+devKey),
			"secrets.identityKey is the development key"},
		{"a short key", append(slices.Clone(devValues), "--set", "secrets.identityKey=short"), "at least 32 characters"},
		{"the latest tag", append(slices.Clone(devValues), "--set", "content.image.tag=latest"), "/content/image/tag"},
		{"a misspelt key", append(slices.Clone(devValues), "--set", "gateway.replicaCount=3"), "additional properties 'replicaCount' not allowed"},
		{"a mistyped value", append(slices.Clone(devValues), "--set-string", "gateway.replicas=three"), "got string, want integer"},
		{"an unknown environment", append(slices.Clone(devValues), "--set", "env=prod"), "/env"},
		{"a bad S3 URL", append(slices.Clone(devValues), "--set", "s3.url=minio:9000"), "/s3/url"},
		{"no S3 credentials", append(slices.Clone(devValues), "--set", "secrets.s3AccessKey="), "secrets.s3AccessKey (or secrets.existingSecret) is required"},
		{"no database", append(slices.Clone(devValues), "--set", "secrets.databaseUrl="), "secrets.databaseUrl (or secrets.databaseUrls.gateway"},
		{"two NATS identities", append(slices.Clone(devValues), "--set", "nats.users.contact.nkeySeed=a", "--set", "nats.users.contact.creds=b"),
			"nats.users.contact: set nkeySeed or creds, not both"},
		{"a NATS identity for a component without NATS", append(slices.Clone(devValues), "--set", "nats.users.media.nkeySeed=a"),
			"additional properties 'media' not allowed"},
	}
	for _, c := range cases {
		_, err := helmTemplate(c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want a refusal containing %q, got %v", c.name, c.want, err)
		}
	}
	// And the same production values with a real key render.
	if _, err := helmTemplate(append(slices.Clone(prodOwnSecret), "--set", "secrets.identityKey="+testKey)...); err != nil {
		t.Errorf("production with a real key must render: %v", err)
	}
}

// TestInstallUpgradeRollbackOnARealAPIServer is the admission test: every
// object through the API server's validation by server-side apply, a real
// install, Pods admitted under Pod Security "restricted", an upgrade and a
// rollback; and broken manifests and values refused.
func TestInstallUpgradeRollbackOnARealAPIServer(t *testing.T) {
	c := kubetest.Start(t, kubetest.Options{})
	env := []string{"KUBECONFIG=" + c.Kubeconfig, "HELM_CACHE_HOME=" + filepath.Join(c.Dir, "helm-cache"),
		"HELM_CONFIG_HOME=" + filepath.Join(c.Dir, "helm-config"), "HELM_DATA_HOME=" + filepath.Join(c.Dir, "helm-data")}
	kubectl := func(args ...string) (string, string, error) { return command(env, "kubectl", args...) }
	helm := func(args ...string) (string, error) {
		out, _, err := command(env, "helm", append(args, "-n", namespace)...)
		return out, err
	}
	must := func(out string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	mustKubectl := func(args ...string) string {
		t.Helper()
		out, _, err := kubectl(args...)
		return must(out, err)
	}

	// A namespace that enforces Pod Security "restricted", and the ServiceMonitor and PrometheusRule CRDs.
	mustKubectl("apply", "--server-side", "-f", "testdata/namespace.yaml")
	mustKubectl("apply", "--server-side", "-f", "testdata/servicemonitor-crd.yaml", "-f", "testdata/prometheusrule-crd.yaml")
	mustKubectl("wait", "--for=condition=Established", "--timeout=30s", "crd/servicemonitors.monitoring.coreos.com", "crd/prometheusrules.monitoring.coreos.com")

	rendered := must(helmTemplate(testValues...))
	objs := decode(t, rendered)
	apply := func(manifests string) (string, error) {
		path := filepath.Join(c.Dir, fmt.Sprintf("manifest-%d.yaml", time.Now().UnixNano()))
		if err := os.WriteFile(path, []byte(manifests), 0o600); err != nil {
			t.Fatal(err)
		}
		out, stderr, err := kubectl("apply", "--server-side", "--dry-run=server", "-n", namespace, "-f", path)
		if err == nil && strings.Contains(stderr, "would violate PodSecurity") {
			err = fmt.Errorf("pod templates would violate Pod Security: %s", stderr)
		}
		return out, err
	}

	t.Run("every object, the hook Job included, passes server-side apply", func(t *testing.T) {
		out := must(apply(rendered))
		for _, o := range objs {
			kind, name := strings.ToLower(o["kind"].(string)), str(o, "metadata", "name")
			if !strings.Contains(out, "/"+name+" serverside-applied (server dry run)") || !strings.Contains(out, kind) {
				t.Errorf("%s %s was not applied: %s", kind, name, out)
			}
		}
	})

	t.Run("broken manifests are refused", func(t *testing.T) {
		mutated := func(kind, name string, mutate func(obj)) string {
			copyObjs := decode(t, rendered)
			o := find(copyObjs, kind, name)
			if o == nil {
				t.Fatalf("%s %s not rendered", kind, name)
			}
			mutate(o)
			return encode(t, copyObjs)
		}
		cases := []struct {
			name, manifests, want string
		}{
			{"a 16-character port name", mutated("Deployment", fullname+"-gateway", func(o obj) {
				dig(o, "spec", "template", "spec", "containers", "0", "ports", "0").(map[string]any)["name"] = "http-public-edge"
			}), "must be no more than 15 characters"},
			{"an unknown field", mutated("Deployment", fullname+"-content", func(o obj) {
				dig(o, "spec", "template", "spec", "containers", "0").(map[string]any)["imagePullPolicyy"] = "Always"
			}), "imagePullPolicyy: field not declared in schema"},
			{"a Pod that may escalate privileges", podFrom(t, find(objs, "Deployment", fullname+"-gateway"), func(c map[string]any) {
				dig(c, "securityContext").(map[string]any)["allowPrivilegeEscalation"] = true
			}), `violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false`},
			{"an alert whose 'for' is not a duration", mutated("PrometheusRule", fullname, func(o obj) {
				dig(o, "spec", "groups", "0", "rules", "0").(map[string]any)["for"] = "2 minutes"
			}), "spec.groups[0].rules[0].for"},
			{"a privileged hook Job", mutated("Job", fullname+"-migrate", func(o obj) {
				dig(o, "spec", "template", "spec", "containers", "0", "securityContext").(map[string]any)["allowPrivilegeEscalation"] = true
			}), "would violate PodSecurity"},
		}
		for _, c := range cases {
			_, err := apply(c.manifests)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: want a refusal containing %q, got %v", c.name, c.want, err)
			}
		}
	})

	t.Run("install, Pods admitted under restricted, upgrade, rollback", func(t *testing.T) {
		// Hooked Jobs never complete without a kubelet: the hook was validated above.
		must(helm(append([]string{"install", release, chartDir, "--no-hooks", "--timeout", "2m"}, testValues...)...))
		names := mustKubectl("get", "-n", namespace, "deploy,svc,ingress,hpa,pdb,networkpolicy,configmap,secret,servicemonitor,prometheusrule", "-o", "name")
		for _, o := range objs {
			if str(o, "metadata", "annotations", "helm.sh/hook") != "" {
				continue
			}
			if !strings.Contains(names, "/"+str(o, "metadata", "name")+"\n") {
				t.Errorf("%s %s was not installed", o["kind"], str(o, "metadata", "name"))
			}
		}
		waitForPods(t, kubectl, objs)
		// The API server allocated the gateway's virtual IP and none to the gRPC services (headless).
		ips := mustKubectl("get", "svc", "-n", namespace, "-o", `jsonpath={range .items[*]}{.metadata.name}={.spec.clusterIP} {end}`)
		for _, comp := range []string{"content", "contact", "media"} {
			if !strings.Contains(ips, fullname+"-"+comp+"=None ") {
				t.Errorf("the %s Service is not headless: %s", comp, ips)
			}
		}
		if !strings.Contains(ips, fullname+"-gateway=10.") {
			t.Errorf("the gateway's Service has no cluster IP: %s", ips)
		}

		must(helm(append([]string{"upgrade", release, chartDir, "--no-hooks", "--timeout", "2m", "--set", "gateway.env.COMPANY_NAME=Upgrade Check"}, testValues...)...))
		if got := configValue(t, mustKubectl, "gateway", "GATEWAY_COMPANY_NAME"); got != "Upgrade Check" {
			t.Errorf("after the upgrade GATEWAY_COMPANY_NAME = %q", got)
		}

		// A broken value the schema cannot see (a field inside a Kubernetes object) fails the upgrade.
		_, err := helm(append([]string{"upgrade", release, chartDir, "--no-hooks", "--timeout", "2m",
			"--set-json", `gateway.tolerations=[{"key":"dedicated","operator":"Exists","tolerationSecondz":5}]`}, testValues...)...)
		if err == nil || !strings.Contains(err.Error(), "tolerationSecondz") {
			t.Errorf("an unknown field in a value must fail the upgrade, got %v", err)
		}

		must(helm("rollback", release, "1", "--no-hooks", "--timeout", "2m"))
		if got := configValue(t, mustKubectl, "gateway", "GATEWAY_COMPANY_NAME"); got != "" {
			t.Errorf("after the rollback GATEWAY_COMPANY_NAME = %q, want it gone", got)
		}
		var history []struct {
			Revision int    `json:"revision"`
			Status   string `json:"status"`
		}
		if err := json.Unmarshal([]byte(must(helm("history", release, "-o", "json"))), &history); err != nil {
			t.Fatal(err)
		}
		last := history[len(history)-1]
		if len(history) != 4 || last.Status != "deployed" {
			t.Errorf("want install, upgrade, failed upgrade and a deployed rollback; history: %+v", history)
		}
		waitForPods(t, kubectl, objs)
	})
}

// podFrom is a bare Pod made from a Deployment's template, with its first
// container changed by mutate: what the controller-manager would create.
func podFrom(t *testing.T, deploy obj, mutate func(container map[string]any)) string {
	t.Helper()
	tmpl := decode(t, encode(t, []obj{dig(deploy, "spec", "template").(map[string]any)}))[0]
	mutate(dig(tmpl, "spec", "containers", "0").(map[string]any))
	meta := tmpl["metadata"].(map[string]any)
	meta["name"] = "admission-probe"
	delete(meta, "annotations")
	return encode(t, []obj{{"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": tmpl["spec"]}})
}

func configValue(t *testing.T, kubectl func(...string) string, comp, key string) string {
	t.Helper()
	return kubectl("get", "configmap", "-n", namespace, fullname+"-"+comp, "-o", "jsonpath={.data."+key+"}")
}

// waitForPods waits until the controller-manager has created every
// Deployment's Pods (at least spec.replicas, one under an autoscaler) and
// the API server admitted them in the restricted namespace.
func waitForPods(t *testing.T, kubectl func(...string) (string, string, error), objs []obj) {
	t.Helper()
	want := map[string]int{}
	for _, d := range byKind(objs, "Deployment") {
		want[component(d)] = max(num(d, "spec", "replicas"), 1)
	}
	deadline := time.Now().Add(90 * time.Second)
	for {
		out, _, err := kubectl("get", "pods", "-n", namespace, "-o", "json")
		if err != nil {
			t.Fatal(err)
		}
		var pods struct {
			Items []obj `json:"items"`
		}
		if err := json.Unmarshal([]byte(out), &pods); err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, p := range pods.Items {
			if dig(p, "metadata", "deletionTimestamp") == nil {
				got[component(p)]++
			}
		}
		missing := false
		for comp, n := range want {
			if got[comp] < n {
				missing = true
			}
		}
		if !missing {
			return
		}
		if time.Now().After(deadline) {
			events, _, _ := kubectl("get", "events", "-n", namespace, "--field-selector", "reason=FailedCreate")
			t.Fatalf("Pods created per component %v, want %v; FailedCreate events:\n%s", got, want, events)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

//go:build charttest

package charttest

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The PrometheusRule is alerts/rules.yaml: rendered only when monitoring.prometheusRule.enabled, with
// exactly that file's groups (promtool tests the file, so the cluster must run the same rules) and the labels
// the operator's ruleSelector matches. The rules' tests stay out of the packaged chart.
func TestPrometheusRuleCarriesTheTestedRules(t *testing.T) {
	t.Parallel()
	// The install test's values enable it (the API server checks it against the CRD's schema there).
	for _, values := range [][]string{devValues, prodValues} {
		if n := len(byKind(render(t, values...), "PrometheusRule")); n != 0 {
			t.Errorf("%v: no PrometheusRule unless monitoring.prometheusRule.enabled, got %d", values, n)
		}
	}

	objs := render(t, append(prodValues, "--set", "monitoring.prometheusRule.enabled=true",
		"--set", "monitoring.prometheusRule.labels.release=prometheus")...)
	rules := byKind(objs, "PrometheusRule")
	if len(rules) != 1 {
		t.Fatalf("want one PrometheusRule, got %d", len(rules))
	}
	rule := rules[0]
	if str(rule, "apiVersion") != "monitoring.coreos.com/v1" || str(rule, "metadata", "name") != fullname {
		t.Errorf("PrometheusRule %s %s", str(rule, "apiVersion"), str(rule, "metadata", "name"))
	}
	if str(rule, "metadata", "labels", "release") != "prometheus" || component(rule) != "alerts" {
		t.Errorf("the ruleSelector's labels and the chart's: %v", dig(rule, "metadata", "labels"))
	}
	raw, err := os.ReadFile(filepath.Join(chartDir, "alerts", "rules.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var file obj
	if err := yaml.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	want, got := list(file, "groups"), list(rule, "spec", "groups")
	if len(want) == 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("spec.groups differ from alerts/rules.yaml:\n got: %v\nwant: %v", got, want)
	}
	if keys := len(rule["spec"].(map[string]any)); keys != 1 {
		t.Errorf("spec holds only the groups: %v", rule["spec"])
	}

	dir := t.TempDir()
	if _, _, err := command(nil, "helm", "package", chartDir, "-d", dir); err != nil {
		t.Fatal(err)
	}
	files := packaged(t, dir)
	if !files["trenchless/alerts/rules.yaml"] || !files["trenchless/templates/prometheusrule.yaml"] {
		t.Errorf("the package lacks the rules or their template: %v", files)
	}
	if files["trenchless/alerts/rules_test.yaml"] {
		t.Errorf("the rules' promtool tests are packaged (.helmignore)")
	}
}

// packaged lists the files of the one chart archive in dir.
func packaged(t *testing.T, dir string) map[string]bool {
	t.Helper()
	archives, err := filepath.Glob(filepath.Join(dir, "*.tgz"))
	if err != nil || len(archives) != 1 {
		t.Fatalf("want one chart archive in %s: %v %v", dir, archives, err)
	}
	f, err := os.Open(archives[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		files[strings.TrimPrefix(h.Name, "./")] = true
	}
}

package e2e

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 28: make run's closing message printed the password with a comma
// after it, which read as part of the password. The password now ends its
// line, alone after its label.
func TestMakeRunPrintsThePasswordAloneOnItsLine(t *testing.T) {
	t.Parallel()
	const password = "k3y-Words.and,commas"
	out, err := exec.Command("bash", "-c", `source ../scripts/run-message.sh && ready_message ops@valleytrenchless.example "$0"`, password).CombinedOutput()
	require.NoError(t, err, "%s", out)
	var found bool
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, password) {
			require.Equal(t, "    password:          "+password, line)
			found = true
		}
	}
	require.True(t, found, "%s", out)
	require.Contains(t, string(out), "http://127.0.0.1:8080/auth\n")
	require.Contains(t, string(out), "Mail:                .run/mail/")
}

// Issue 30: with TRACING=1, make run says where the traces are and how to
// follow one lead; without it, it says nothing of traces.
func TestMakeRunSaysWhereTracesAreOnlyWhenTracing(t *testing.T) {
	t.Parallel()
	say := func(tracing string) string {
		out, err := exec.Command("bash", "-c", `source ../scripts/run-message.sh && ready_message ops@valleytrenchless.example pw "$0"`, tracing).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	on := say("1")
	require.Contains(t, on, "Traces (Jaeger):     http://127.0.0.1:16686/")
	require.Contains(t, on, "go run ./scripts/trace -latest")
	require.NotContains(t, say(""), "Traces")
}

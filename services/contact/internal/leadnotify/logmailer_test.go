package leadnotify_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/testkit/logtest"
	"github.com/valleytrenchless/site/services/contact/internal/leadnotify"
)

// Without a mail server the notifier logs that a mail was due, never what
// it says: a log line cannot be erased when the homeowner asks.
func TestLogMailerLogsNoneOfTheMail(t *testing.T) {
	var out logtest.Buffer
	m := leadnotify.LogMailer{Log: slog.New(slog.NewJSONHandler(&out, nil))}
	require.NoError(t, m.Send(context.Background(), leadnotify.Mail{Subject: "New inspection request: Ottoline Vasquez (Tempe)",
		Body: "Name: Ottoline Vasquez\nPhone: (480) 555-0187\n", About: "0b7c6f0e-7f5e-4c1a-9d0e-3a1f2b4c5d6e"}))
	require.Contains(t, out.String(), `"about":"0b7c6f0e-7f5e-4c1a-9d0e-3a1f2b4c5d6e"`)
	require.NotContains(t, out.String(), "Ottoline")
	require.NotContains(t, out.String(), "555-0187")
}

package leadnotify

import (
	"context"
	"log/slog"
	"strings"

	"github.com/valleytrenchless/site/internal/mail"
)

// SMTPMailer sends the office's mail over SMTP (mail.SMTP) to To.
type SMTPMailer struct {
	mail.SMTP
	To []string
}

// Send delivers m; it returns nil only when the server accepted the data.
func (s SMTPMailer) Send(ctx context.Context, m Mail) error {
	return s.SMTP.Send(ctx, mail.Message{To: s.To, Subject: m.Subject, Body: m.Body})
}

// LogMailer stands in for a mail server when none is configured: it logs
// that a mail was due, with the id it is about and its size, never its
// subject or body. A log cannot be erased line by line, and a lead's mail
// holds the homeowner's name, phone, address and words (issue 39: an
// erased person must not live on in the logs).
type LogMailer struct{ Log *slog.Logger }

// Send logs that m was due.
func (l LogMailer) Send(ctx context.Context, m Mail) error {
	l.Log.InfoContext(ctx, "mail to the office not sent: no SMTP host configured (NOTIFIER_SMTP_HOST)",
		"about", m.About, "lines", strings.Count(m.Body, "\n")+1)
	return nil
}

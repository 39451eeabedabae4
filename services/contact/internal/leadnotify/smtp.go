package leadnotify

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strings"
	"time"
)

// SMTPMailer sends over SMTP, using STARTTLS when the server offers it.
type SMTPMailer struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
	To       []string
}

// Server is the mail server's address, for the send span.
func (s SMTPMailer) Server() (host string, port int) { return s.Host, s.Port }

// Send delivers m; it returns nil only when the server accepted the data.
func (s SMTPMailer) Send(ctx context.Context, m Mail) error {
	if len(s.To) == 0 {
		return ErrNoRecipients
	}
	addr := net.JoinHostPort(s.Host, fmt.Sprint(s.Port))
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("smtp dial %s: %w", addr, err)
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		return fmt.Errorf("smtp hello: %w", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("smtp starttls: %w", err)
		}
	}
	if s.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.Username, s.Password, s.Host)); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	if err := c.Mail(s.From); err != nil {
		return fmt.Errorf("smtp mail from: %w", err)
	}
	for _, to := range s.To {
		if err := c.Rcpt(to); err != nil {
			return fmt.Errorf("smtp rcpt %s: %w", to, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	if _, err := w.Write(s.message(m)); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp data not accepted: %w", err)
	}
	return c.Quit()
}

func (s SMTPMailer) message(m Mail) []byte {
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := "localhost"
	if i := strings.LastIndexByte(s.From, '@'); i >= 0 {
		domain = s.From[i+1:]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\n", s.From)
	fmt.Fprintf(&b, "To: %s\r\n", strings.Join(s.To, ", "))
	fmt.Fprintf(&b, "Subject: %s\r\n", oneLine(m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	body := strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n")
	b.WriteString(body)
	return []byte(b.String())
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

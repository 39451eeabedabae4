// Package mail sends plain-text e-mail over SMTP, with STARTTLS when the
// server offers it: the office's mail about leads (the contact service's
// notifier) and the gateway's password-reset links.
package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"strings"
	"time"
	"unicode"
)

// ErrNoRecipients is returned for a message with no one to send it to.
var ErrNoRecipients = errors.New("no recipients configured")

// SMTP is a mail server and the address mail is sent from.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
}

// Message is one plain-text mail.
type Message struct {
	To      []string
	Subject string
	Body    string
}

// Server is the mail server's address, for the send span.
func (s SMTP) Server() (host string, port int) { return s.Host, s.Port }

// Send delivers m; it returns nil only when the server accepted the data.
func (s SMTP) Send(ctx context.Context, m Message) error {
	if len(m.To) == 0 {
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
	for _, to := range m.To {
		if err := c.Rcpt(to); err != nil {
			return fmt.Errorf("smtp rcpt %s: %w", to, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	if _, err := w.Write(s.format(m)); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp data not accepted: %w", err)
	}
	return c.Quit()
}

// format is m as sent: headers, a blank line, the body with CRLF line ends.
func (s SMTP) format(m Message) []byte {
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := "localhost"
	if i := strings.LastIndexByte(s.From, '@'); i >= 0 {
		domain = s.From[i+1:]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\n", s.From)
	fmt.Fprintf(&b, "To: %s\r\n", strings.Join(m.To, ", "))
	fmt.Fprintf(&b, "Subject: %s\r\n", OneLine(m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	body := strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n")
	b.WriteString(body)
	return []byte(b.String())
}

// OneLine keeps text someone typed on the line it is printed on, in the
// Subject header and on a body's "Label: value" lines: every run of
// spaces, line breaks and control characters becomes one space. That is
// more than CR and LF because mail clients also start a new line at NEL,
// LINE and PARAGRAPH SEPARATOR (Unicode white space, like VT and FF), and
// the other controls have no business in a name or an address either.
func OneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
}

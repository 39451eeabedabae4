// Package mailtest is a mail server in the test's process: an SMTP server
// on a free port of 127.0.0.1 that keeps every message it accepts, or
// refuses them all, for tests of the lead notifier's mail (its package's
// tests, and e2e's through the built notifier).
package mailtest

import (
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/require"
)

// Mailbox is what the server received.
type Mailbox struct {
	// Fail makes the server refuse every message with a temporary error
	// (451), as a mail server that is having trouble; set it before Serve.
	Fail bool

	mu       sync.Mutex
	attempts int
	messages []string
}

// Serve runs an SMTP server keeping its mail in box until the test ends,
// and returns its host and port.
func Serve(t testing.TB, box *Mailbox) (host string, port int) {
	t.Helper()
	s := smtp.NewServer(backend{box: box})
	s.Domain = "localhost"
	s.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = s.Serve(ln) }()
	t.Cleanup(func() { _ = s.Close() })
	addr := ln.Addr().(*net.TCPAddr)
	return addr.IP.String(), addr.Port
}

// Snapshot is how many messages were offered and the ones accepted, each
// as sent (headers, a blank line, the body; CRLF line ends).
func (b *Mailbox) Snapshot() (attempts int, messages []string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.attempts, append([]string(nil), b.messages...)
}

// About is the accepted message whose text holds "Lead id: " and id (a
// lead's mail), or "" while there is none.
func (b *Mailbox) About(id string) string {
	_, msgs := b.Snapshot()
	for _, m := range msgs {
		if strings.Contains(m, "Lead id: "+id) {
			return m
		}
	}
	return ""
}

type backend struct{ box *Mailbox }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{box: b.box}, nil }

type session struct{ box *Mailbox }

func (s *session) Reset()                               {}
func (s *session) Logout() error                        { return nil }
func (s *session) Mail(string, *smtp.MailOptions) error { return nil }
func (s *session) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *session) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.box.mu.Lock()
	defer s.box.mu.Unlock()
	s.box.attempts++
	if s.box.Fail {
		return &smtp.SMTPError{Code: 451, Message: "mailbox temporarily unavailable"}
	}
	s.box.messages = append(s.box.messages, string(body))
	return nil
}

package main

import (
	"io"
	"net"
	"strings"
	"sync"

	"github.com/emersion/go-smtp"
)

// mailbox is an in-process SMTP server that keeps every message, for the
// lead notifier to send the office e-mail to.
type mailbox struct {
	srv  *smtp.Server
	port int
	mu   sync.Mutex
	msgs []string
}

func startMailbox() (*mailbox, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	m := &mailbox{port: ln.Addr().(*net.TCPAddr).Port}
	m.srv = smtp.NewServer(m)
	m.srv.Domain = "localhost"
	go func() { _ = m.srv.Serve(ln) }()
	return m, nil
}

func (m *mailbox) close() { _ = m.srv.Close() }

// find returns the first message containing s, or "".
func (m *mailbox) find(s string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, msg := range m.msgs {
		if strings.Contains(msg, s) {
			return msg
		}
	}
	return ""
}

// NewSession makes mailbox a go-smtp backend.
func (m *mailbox) NewSession(*smtp.Conn) (smtp.Session, error) { return mailSession{m}, nil }

type mailSession struct{ box *mailbox }

func (mailSession) Reset()                               {}
func (mailSession) Logout() error                        { return nil }
func (mailSession) Mail(string, *smtp.MailOptions) error { return nil }
func (mailSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s mailSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.box.mu.Lock()
	defer s.box.mu.Unlock()
	s.box.msgs = append(s.box.msgs, string(b))
	return nil
}

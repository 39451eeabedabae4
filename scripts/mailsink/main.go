// Command mailsink is a mail server for `make run` and the browser tests:
// it accepts every message sent to it over SMTP on a loopback address and
// writes each one, as sent (headers, a blank line, the body), to a file of
// its own in a folder, where a developer reads the office's lead mail and
// the password-reset links, and the browser tests read the links. It
// delivers nothing anywhere, so it must never face a network anyone else
// can reach.
//
//	mailsink [-addr 127.0.0.1:2525] [-dir .run/mail]
//
// Files are named <unix nanoseconds>-<n>.eml, so a folder listing sorts in
// the order mail arrived; each appears whole (written, then renamed).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/emersion/go-smtp"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:2525", "address to accept SMTP on")
	dir := flag.String("dir", ".run/mail", "folder each message is written to")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err == nil {
		err = serve(ctx, log, ln, *dir)
	}
	if err != nil {
		log.Error("mailsink", "err", err)
		os.Exit(1)
	}
}

// serve accepts mail on ln into dir until ctx ends.
func serve(ctx context.Context, log *slog.Logger, ln net.Listener, dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	s := smtp.NewServer(&sink{dir: dir, log: log})
	s.Domain = "localhost"
	s.AllowInsecureAuth = true
	s.MaxMessageBytes = 10 << 20
	s.ReadTimeout, s.WriteTimeout = time.Minute, time.Minute
	go func() {
		<-ctx.Done()
		_ = s.Close()
	}()
	log.Info("mailsink: accepting mail", "addr", ln.Addr().String(), "dir", dir)
	if err := s.Serve(ln); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

type sink struct {
	dir string
	log *slog.Logger
	n   atomic.Int64
}

func (k *sink) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{sink: k}, nil }

type session struct {
	sink *sink
	to   []string
}

func (s *session) Reset()                               { s.to = nil }
func (s *session) Logout() error                        { return nil }
func (s *session) Mail(string, *smtp.MailOptions) error { return nil }
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

// Data writes the message to a new file, whole or not at all.
func (s *session) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("%d-%d.eml", time.Now().UnixNano(), s.sink.n.Add(1))
	tmp := filepath.Join(s.sink.dir, "."+name)
	if err := os.WriteFile(tmp, body, 0o600); err != nil {
		return &smtp.SMTPError{Code: 451, Message: "could not keep the message"}
	}
	if err := os.Rename(tmp, filepath.Join(s.sink.dir, name)); err != nil {
		return &smtp.SMTPError{Code: 451, Message: "could not keep the message"}
	}
	s.sink.log.Info("mailsink: message kept", "file", name, "to", s.to, "bytes", len(body))
	return nil
}

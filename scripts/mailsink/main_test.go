package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/internal/mail"
)

// TestEachMessageIsKeptWholeInAFileOfItsOwn: two messages sent through the
// site's SMTP client land as two files, in the order sent, as sent.
func TestEachMessageIsKeptWholeInAFileOfItsOwn(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), ln, dir) }()
	t.Cleanup(func() { cancel(); require.NoError(t, <-done) })

	addr := ln.Addr().(*net.TCPAddr)
	c := mail.SMTP{Host: addr.IP.String(), Port: addr.Port, From: "website@valleytrenchless.example"}
	for _, subject := range []string{"First", "Second"} {
		sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
		require.NoError(t, c.Send(sctx, mail.Message{To: []string{"ana@valleytrenchless.example"}, Subject: subject, Body: "Hello,\nthere.\n"}))
		scancel()
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.eml"))
	require.NoError(t, err)
	require.Len(t, files, 2)
	for i, subject := range []string{"First", "Second"} {
		b, err := os.ReadFile(files[i])
		require.NoError(t, err)
		require.Contains(t, string(b), "Subject: "+subject+"\r\n")
		require.Contains(t, string(b), "To: ana@valleytrenchless.example\r\n")
		require.Contains(t, string(b), "\r\n\r\nHello,\r\nthere.\r\n")
	}
}

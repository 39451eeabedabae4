package fastlane

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/valleytrenchless/site/services/gateway/internal/encoded"
)

// fileLane serves set at /big with the lane alone (net/http answers 418
// for anything handed over), each connection with a small send buffer.
func fileLane(t *testing.T, set *encoded.Set, idle time.Duration) string {
	t.Helper()
	return serveLane(t, Options{Source: func(path, _ string) *encoded.Set {
		if path == "/big" {
			return set
		}
		return nil
	}, ReadHeaderTimeout: 5 * time.Second, IdleTimeout: idle, WriteTimeout: 20 * time.Second},
		http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) }),
		func(ln net.Listener) net.Listener { return smallSendBuffers{ln} })
}

// smallSendBuffers gives each accepted connection a 32 KB send buffer, so
// a big body fills it again and again.
type smallSendBuffers struct{ net.Listener }

func (l smallSendBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		_ = c.(*net.TCPConn).SetWriteBuffer(32 << 10)
	}
	return c, err
}

// A body sent from its file arrives whole and in order: 4 MB through a
// small send buffer to a reader that pauses now and then (so sendfile
// fills the socket, waits for room and resumes mid-body, many times), three
// pipelined requests on one connection, and HEAD and 304 answers (heads
// only) between them.
func TestBodiesFromFilesArriveWholeToASlowReader(t *testing.T) {
	t.Parallel()
	body := make([]byte, 4<<20)
	_, _ = rand.Read(body)
	set := encoded.New(body, math.MaxInt)
	set.Prepare(http.Header{"Content-Type": {"application/octet-stream"}})
	a := set.Raw.Answer(1, []byte("Date: x\r\n\r\n"))
	require.NotNil(t, a, "the lane sends it from a file")
	a.Release()
	addr := fileLane(t, set, time.Minute)

	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(60*time.Second)))
	get := "GET /big HTTP/1.1\r\nHost: x\r\n\r\n"
	raw := get + "HEAD /big HTTP/1.1\r\nHost: x\r\n\r\n" + get +
		fmt.Sprintf("GET /big HTTP/1.1\r\nHost: x\r\nIf-None-Match: %s\r\n\r\n", set.Raw.ETag) + get
	_, err = io.WriteString(c, raw)
	require.NoError(t, err)

	br := bufio.NewReaderSize(c, 1024)
	for i, want := range []struct {
		status string
		body   bool
	}{{"200 OK", true}, {"200 OK", false}, {"200 OK", true}, {"304 Not Modified", false}, {"200 OK", true}} {
		resp, err := http.ReadResponse(br, &http.Request{Method: map[bool]string{true: "GET", false: "HEAD"}[want.body || want.status != "200 OK"]})
		require.NoError(t, err, "answer %d", i)
		require.Equal(t, want.status, resp.Status, "answer %d", i)
		var got bytes.Buffer
		chunk := make([]byte, 32<<10)
		for {
			n, err := resp.Body.Read(chunk)
			got.Write(chunk[:n])
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			if got.Len()%(256<<10) < len(chunk) {
				time.Sleep(5 * time.Millisecond) // a slow reader, now and then
			}
		}
		if want.body {
			require.True(t, bytes.Equal(body, got.Bytes()), "answer %d: %d bytes, not the body", i, got.Len())
		} else {
			require.Zero(t, got.Len(), "answer %d", i)
		}
		if want.status == "200 OK" {
			require.Equal(t, fmt.Sprint(len(body)), resp.Header.Get("Content-Length"), "answer %d", i)
		}
	}
}

// The idle timeout runs from the last answer: the lane moves the read
// deadline only when it is about to pass, so an idle connection is closed
// between rearm short of the timeout and the timeout.
func TestAnIdleConnectionClosesAtTheIdleTimeout(t *testing.T) {
	t.Parallel()
	set := encoded.New([]byte(strings.Repeat("x", 100)), math.MaxInt)
	set.Prepare(http.Header{})
	idle := 2 * time.Second
	addr := fileLane(t, set, idle)
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(30*time.Second)))
	br := bufio.NewReader(c)
	var last time.Time
	for range 3 { // answers a second apart: each one moves the deadline on
		_, err = io.WriteString(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
		require.NoError(t, err)
		resp, err := http.ReadResponse(br, nil)
		require.NoError(t, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		last = time.Now()
		time.Sleep(time.Second)
	}
	_, err = br.ReadByte()
	require.ErrorIs(t, err, io.EOF, "closed by the server")
	took := time.Since(last)
	require.GreaterOrEqual(t, took, idle-rearm(idle)-50*time.Millisecond, "closed %s after the last answer", took)
	require.Less(t, took, idle+time.Second, "closed %s after the last answer", took)
}

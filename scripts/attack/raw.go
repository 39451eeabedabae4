package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/valleytrenchless/site/internal/testkit/scratch"
)

// The raw-socket side: the HTTP-level probes write bytes no HTTP client
// library would send and read what comes back until the server closes the
// connection.

// exchange is what one raw connection got back.
type exchange struct {
	got []byte
	// closed: the server ended the connection (EOF or reset) before the
	// wait was over; after is when, from connect.
	closed bool
	after  time.Duration
	err    error
}

// statusLine matches each answer's first line, wherever it starts: an
// answer may follow the previous one's body on the same line.
var statusLine = regexp.MustCompile(`HTTP/1\.[01] ([1-5]\d\d) `)

// statuses are the status codes of the answers on the socket, in order.
func (x exchange) statuses() []int {
	var out []int
	for _, m := range statusLine.FindAllSubmatch(x.got, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		out = append(out, n)
	}
	return out
}

func (x exchange) String() string {
	s := fmt.Sprint(x.statuses())
	if x.closed {
		return s + fmt.Sprintf(" closed at %s", x.after.Round(10*time.Millisecond))
	}
	return s + " left open"
}

// roundTrip connects to addr, writes req and reads until the server closes
// the connection or wait has passed since connect.
func roundTrip(addr string, req []byte, wait time.Duration) exchange {
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return exchange{err: err}
	}
	defer c.Close()
	start := time.Now()
	if _, err := c.Write(req); err != nil {
		return exchange{err: err}
	}
	_ = c.SetReadDeadline(start.Add(wait))
	x := exchange{}
	x.got, x.err = io.ReadAll(c)
	x.after = time.Since(start)
	// The wait running out is an outcome, not an error; so is a reset
	// after the server's answer.
	x.closed = !errors.Is(x.err, os.ErrDeadlineExceeded)
	x.err = nil
	return x
}

// holdOpen opens n connections to addr, each writing head at once and
// then, if drip is not empty, drip one byte a second (repeating its last
// byte once it runs out), and reports how long each stayed open before
// the server closed it. Those still open at limit count as limit and are
// reported as open.
func holdOpen(addr string, n int, head, drip string, limit time.Duration) (closedAfter []time.Duration, open int, err error) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	for range n {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			mu.Lock()
			firstErr = err
			mu.Unlock()
			break
		}
		start := time.Now()
		wg.Go(func() {
			defer c.Close()
			closed := waitClosed(c, start, head, drip, limit)
			mu.Lock()
			defer mu.Unlock()
			if closed < 0 {
				open++
				closedAfter = append(closedAfter, limit)
				return
			}
			closedAfter = append(closedAfter, closed)
		})
	}
	wg.Wait()
	return closedAfter, open, firstErr
}

// waitClosed writes head, drips, and returns when the server closed the
// connection (from start), or -1 when it was still open at limit.
func waitClosed(c net.Conn, start time.Time, head, drip string, limit time.Duration) time.Duration {
	if head != "" {
		if _, err := c.Write([]byte(head)); err != nil {
			return time.Since(start)
		}
	}
	buf := make([]byte, 4096)
	for i := 0; ; i++ {
		wait := min(time.Duration(i+1)*time.Second, limit)
		if drip == "" {
			wait = limit
		}
		_ = c.SetReadDeadline(start.Add(wait))
		for {
			_, err := c.Read(buf)
			if err == nil {
				continue // an answer (408 and the like): wait for the close
			}
			if !errors.Is(err, os.ErrDeadlineExceeded) {
				return time.Since(start)
			}
			break
		}
		if time.Since(start) >= limit {
			return -1
		}
		b := drip[len(drip)-1]
		if i < len(drip) {
			b = drip[i]
		}
		if _, err := c.Write([]byte{b}); err != nil {
			return time.Since(start)
		}
	}
}

// closeFigures are median and max of close times, for a verdict.
func closeFigures(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	cp := append([]time.Duration(nil), ds...)
	return fmt.Sprintf("median %s, max %s", scratch.Percentile(cp, .5).Round(100*time.Millisecond),
		scratch.Percentile(cp, 1).Round(100*time.Millisecond))
}

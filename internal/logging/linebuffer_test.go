package logging

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// recordingWriter keeps each write apart.
type recordingWriter struct {
	mu     sync.Mutex
	writes []string
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes = append(r.writes, string(p))
	return len(p), nil
}

func (r *recordingWriter) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.writes...)
}

func TestLineBufferBatchesWholeLines(t *testing.T) {
	rec := &recordingWriter{}
	b := NewLineBuffer(rec, 100, time.Hour)
	for i := range 10 {
		_, err := b.Write([]byte(strings.Repeat("x", 20+i) + "\n"))
		require.NoError(t, err)
	}
	// 10 lines of 21–30 bytes into batches of at most 100 bytes: nothing
	// written per line, and no line split.
	writes := rec.all()
	require.Less(t, len(writes), 10)
	require.NoError(t, b.Close())
	writes = rec.all()
	var all bytes.Buffer
	for _, w := range writes {
		require.LessOrEqual(t, len(w), 100)
		require.True(t, strings.HasSuffix(w, "\n"), "a batch ends at a line's end: %q", w)
		all.WriteString(w)
	}
	require.Equal(t, 10, strings.Count(all.String(), "\n"))

	// A line longer than a batch goes out whole.
	long := strings.Repeat("y", 250) + "\n"
	b = NewLineBuffer(rec, 100, time.Hour)
	_, err := b.Write([]byte(long))
	require.NoError(t, err)
	require.Equal(t, long, rec.all()[len(rec.all())-1])
	require.NoError(t, b.Close())
}

func TestLineBufferFlushesOnItsInterval(t *testing.T) {
	rec := &recordingWriter{}
	b := NewLineBuffer(rec, 1<<20, 20*time.Millisecond)
	defer b.Close()
	log := NewWithWriter("test", b, slog.LevelInfo)
	log.Info("request", "path", "/")
	require.Eventually(t, func() bool { return len(rec.all()) == 1 }, 5*time.Second, 10*time.Millisecond)
	require.Contains(t, rec.all()[0], `"path":"/"`)
}

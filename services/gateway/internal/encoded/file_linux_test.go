package encoded

import (
	"crypto/rand"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// readFile is what fd holds.
func readFile(t *testing.T, fd int, size int64) []byte {
	t.Helper()
	got := make([]byte, size+1)
	n, err := unix.Pread(fd, got, 0)
	require.NoError(t, err)
	return got[:n]
}

// A prepared body of at least FileMin bytes has its whole 200 answer — the
// prepared head, the second's Date line, the body — in a sealed in-memory
// file that nothing can change (the lane sends from it while answers are
// in flight), one per second, shared by that second's requests and closed
// when the last holder lets go; smaller bodies, unprepared sets and the
// zero variant have none.
func TestAnswersAreKeptInSealedFilesPerSecond(t *testing.T) {
	t.Parallel()
	page := []byte(strings.Repeat("<p>Trenchless repair across the Valley, without a trench.</p>\n", 400)) // 25 KB, compresses well
	s := New(page, 1024)
	date := []byte("Date: Sat, 28 Nov 2026 19:36:53 GMT\r\n\r\n")
	require.Nil(t, s.Raw.Answer(100, date), "before Prepare")
	s.Prepare(http.Header{"Content-Type": {"text/html; charset=utf-8"}})
	require.Less(t, len(s.Brotli.Body), FileMin)
	require.Nil(t, s.Brotli.Answer(100, date), "the brotli bytes are under FileMin")
	require.Nil(t, (&Variant{}).Answer(100, date))

	a := s.Raw.Answer(100, date)
	require.NotNil(t, a)
	want := append(append(append([]byte{}, s.Raw.Heads().OK...), date...), page...)
	require.Equal(t, int64(len(want)), a.Size())
	require.Equal(t, want, readFile(t, a.FD(), a.Size()))
	seals, err := unix.FcntlInt(uintptr(a.FD()), unix.F_GET_SEALS, 0)
	require.NoError(t, err)
	require.Equal(t, unix.F_SEAL_SHRINK|unix.F_SEAL_GROW|unix.F_SEAL_WRITE|unix.F_SEAL_SEAL, seals)
	_, err = unix.Pwrite(a.FD(), []byte("x"), 0)
	require.ErrorIs(t, err, unix.EPERM, "sealed against writes")
	require.Error(t, unix.Ftruncate(a.FD(), 1), "sealed against shrinking")

	// The same second: the same file. The next: a new one, and the old one
	// stays open for its holder until released.
	same := s.Raw.Answer(100, date)
	require.Same(t, a, same)
	same.Release()
	next := s.Raw.Answer(101, []byte("Date: Sat, 28 Nov 2026 19:36:54 GMT\r\n\r\n"))
	require.NotSame(t, a, next)
	require.Equal(t, want, readFile(t, a.FD(), a.Size()), "still open for the send that holds it")
	require.Nil(t, s.Raw.Answer(100, date), "an older second than the current answer's is copied")
	oldFD := a.FD()
	a.Release()
	_, err = unix.FcntlInt(uintptr(oldFD), unix.F_GET_SEALS, 0)
	require.ErrorIs(t, err, unix.EBADF, "closed with its last holder")
	next.Release()
	require.Equal(t, int64(2*len(page)+2*len(s.Raw.Heads().OK)+len(s.Raw.Heads().NotModified)+len(s.Raw.ETag))+
		variantSize(&s.Gzip)+variantSize(&s.Brotli), s.Size(), "an answer kept in a file counts towards caches' bounds")

	// Many requests in one new second share one file.
	var wg sync.WaitGroup
	got := make([]*Answer, 50)
	for i := range got {
		wg.Go(func() { got[i] = s.Raw.Answer(102, date) })
	}
	wg.Wait()
	for _, g := range got {
		require.Same(t, got[0], g)
		g.Release()
	}

	// Incompressible bytes: every variant is over FileMin.
	noise := make([]byte, 3*FileMin)
	_, _ = rand.Read(noise)
	n2 := New(noise, 1024)
	n2.Prepare(http.Header{})
	for _, v := range []*Variant{&n2.Raw, &n2.Gzip, &n2.Brotli} {
		a := v.Answer(100, date)
		require.NotNil(t, a)
		require.Equal(t, v.Body, readFile(t, a.FD(), a.Size())[a.Size()-int64(len(v.Body)):])
		a.Release()
	}
	small := New([]byte("tiny"), 1024)
	small.Prepare(http.Header{})
	require.Nil(t, small.Raw.Answer(100, date))
}

func variantSize(v *Variant) int64 {
	return int64(len(v.Body) + len(v.heads.OK) + len(v.heads.NotModified) + len(v.ETag))
}

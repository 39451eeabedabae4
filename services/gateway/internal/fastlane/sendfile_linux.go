package fastlane

import (
	"io"
	"syscall"

	"golang.org/x/sys/unix"
)

// sendFile queues size bytes of the file fd (a sealed answer, see
// encoded.Answer) on the connection with sendfile: the kernel takes the
// file's pages, with no copy. It returns once the last byte is queued, or
// with the connection's write error (its write deadline included: rc waits
// for room as the connection's own writes do).
func sendFile(rc syscall.RawConn, fd int, size int64) error {
	var off int64 // sendfile moves it
	var failed error
	err := rc.Write(func(s uintptr) bool {
		for off < size {
			n, err := unix.Sendfile(int(s), fd, &off, int(size-off))
			if err == nil && n == 0 {
				err = io.ErrUnexpectedEOF // the file is shorter: never, it is sealed
			}
			switch err {
			case nil, unix.EINTR:
				continue
			case unix.EAGAIN:
				return false // wait for room
			case unix.EINVAL, unix.ENOSYS, unix.EOPNOTSUPP:
				if off == 0 {
					noSendfile.Store(true)
					err = errNoSendfile
				}
			}
			failed = err
			return true
		}
		return true
	})
	if err != nil {
		return err
	}
	return failed
}

// rawConn is c's descriptor for sendFile, or nil (then answers are copied).
func rawConn(c any) syscall.RawConn {
	sc, ok := c.(syscall.Conn)
	if !ok || noSendfile.Load() {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return rc
}

package encoded

import (
	"golang.org/x/sys/unix"
)

// sealedFile returns a descriptor of an in-memory file holding parts one
// after another and sealed against every change, or -1 when one cannot be
// made (the process is out of descriptors, say): the lane then copies.
func sealedFile(parts ...[]byte) int {
	fd, err := unix.MemfdCreate("answer", unix.MFD_CLOEXEC|unix.MFD_ALLOW_SEALING)
	if err != nil {
		return -1
	}
	var off int64
	for _, p := range parts {
		for len(p) > 0 {
			n, err := unix.Pwrite(fd, p, off)
			if err != nil || n == 0 {
				_ = unix.Close(fd)
				return -1
			}
			p, off = p[n:], off+int64(n)
		}
	}
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_ADD_SEALS, unix.F_SEAL_SHRINK|unix.F_SEAL_GROW|unix.F_SEAL_WRITE|unix.F_SEAL_SEAL); err != nil {
		_ = unix.Close(fd)
		return -1
	}
	return fd
}

func closeFile(fd int) { _ = unix.Close(fd) }

//go:build !linux

package fastlane

import "syscall"

// rawConn: only Linux sends answers with sendfile here; elsewhere they are copied.
func rawConn(any) syscall.RawConn { return nil }

func sendFile(syscall.RawConn, int, int64) error { return errNoSendfile }

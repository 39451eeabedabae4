// Package freeport hands out loopback addresses for a test's child process
// (a service binary, NATS, MinIO) to listen on.
//
// Asking the kernel for a port and closing the listener leaves a window until
// the child binds it, and a package's parallel tests share one process: two
// stacks could be handed the same port, one child fail to bind, and a gateway
// reach the other stack's service (CI saw the contact address answered by
// another stack's media: "unknown service ContactService"). A port is handed
// out once per process here.
package freeport

import (
	"errors"
	"net"
	"strconv"
	"sync"
)

var (
	mu    sync.Mutex
	given = map[int]bool{}
)

// Port is a loopback port free now that this process has not handed out
// before.
func Port() (int, error) {
	mu.Lock()
	defer mu.Unlock()
	for range 1000 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		if !given[port] {
			given[port] = true
			return port, nil
		}
	}
	return 0, errors.New("freeport: every port the kernel offered was handed out already")
}

// Addr is Port as host:port on 127.0.0.1; it panics when no port is free.
func Addr() string {
	port, err := Port()
	if err != nil {
		panic(err)
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
}

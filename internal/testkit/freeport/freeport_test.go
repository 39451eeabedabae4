package freeport

import (
	"net"
	"sync"
	"testing"
)

// Many callers at once never get one port twice, even though each port is
// closed (free to the kernel) as soon as it is handed out.
func TestPortsAreHandedOutOncePerProcess(t *testing.T) {
	var mu sync.Mutex
	seen := map[int]int{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 250 {
				p, err := Port()
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				seen[p]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	for p, n := range seen {
		if n > 1 {
			t.Errorf("port %d handed out %d times", p, n)
		}
	}
	if len(seen) != 2000 {
		t.Errorf("%d ports, want 2000", len(seen))
	}
}

func TestAddrIsListenable(t *testing.T) {
	ln, err := net.Listen("tcp", Addr())
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
}

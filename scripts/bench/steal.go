package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// cpuTicks are one CPU's counters from /proc/stat: all of its time, and
// the time the hypervisor gave to someone else (steal).
type cpuTicks struct{ total, steal uint64 }

// readTicks reads the counters of the benchmark's two CPUs (server and
// load); a machine without /proc/stat reads zeros, and no steal.
func readTicks() (server, load cpuTicks) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 9 || (fields[0] != "cpu"+serverCPU && fields[0] != "cpu"+loadCPU) {
			continue
		}
		var t cpuTicks
		for i, v := range fields[1:] {
			n, _ := strconv.ParseUint(v, 10, 64)
			if i < 8 { // user … steal; guest time is already in user
				t.total += n
			}
			if i == 7 {
				t.steal = n
			}
		}
		if fields[0] == "cpu"+serverCPU {
			server = t
		} else {
			load = t
		}
	}
	return
}

// stealSince is the larger share of the two CPUs' time stolen by the
// hypervisor since the counters a and b were read.
func stealSince(a, b cpuTicks) float64 {
	share := func(before cpuTicks, after cpuTicks) float64 {
		if after.total <= before.total {
			return 0
		}
		return float64(after.steal-before.steal) / float64(after.total-before.total)
	}
	server, load := readTicks()
	return max(share(a, server), share(b, load))
}

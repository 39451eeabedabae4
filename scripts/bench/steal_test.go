package main

import "testing"

func TestPairedRatioCountsQuietRoundsOnly(t *testing.T) {
	for _, c := range []struct {
		ratios, steals []float64
		want           float64
	}{
		// The two rounds with 10 % and 20 % stolen are left out.
		{[]float64{0.7, 1.05, 1.5, 1.02, 1.08}, []float64{0.10, 0.01, 0.20, 0, 0.02}, 1.05},
		// No quiet round: every round counts.
		{[]float64{0.7, 1.1, 0.9}, []float64{0.1, 0.1, 0.1}, 0.9},
	} {
		if got := pairedRatio(c.ratios, c.steals); got != c.want {
			t.Errorf("pairedRatio(%v, %v) = %v, want %v", c.ratios, c.steals, got, c.want)
		}
	}
}

func TestReadTicksSeesTheBenchCPUs(t *testing.T) {
	server, load := readTicks()
	if server.total == 0 || load.total == 0 {
		t.Fatalf("no counters for CPUs %s and %s in /proc/stat: %+v %+v", serverCPU, loadCPU, server, load)
	}
	if s := stealSince(server, load); s < 0 || s > 1 {
		t.Fatalf("steal share %v out of [0, 1]", s)
	}
}

package rt

import (
	"strings"
	"testing"
	"time"
)

func TestProfileCounters(t *testing.T) {
	for range 3 {
		t0 := ttProfBegin()
		time.Sleep(time.Millisecond)
		ttProfEnd(0, t0)
	}
	f := strings.Split(strings.TrimSuffix(ttProfReport(), "\n"), "\t")
	if len(f) != 6 || f[0] != "@f" || f[1] != "f.mlir:2:3" || f[2] != "a loop nest" || f[3] != "3" || f[5] != "64" {
		t.Fatalf("report: %q", f)
	}
	if ns := f[4]; len(ns) < 7 { // at least 3 ms
		t.Errorf("nanoseconds %s for three 1 ms calls", ns)
	}
}

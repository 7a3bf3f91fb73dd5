package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// numerics/erf.go holds the table erffit computes.
func TestTableIsCurrent(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		// The fit's float64 arithmetic (math.Erf, the QR solver) may
		// round differently where the compiler fuses multiply-adds.
		t.Skipf("the table was computed on amd64; %s may round the fit differently", runtime.GOARCH)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "erf.go"))
	if err != nil {
		t.Fatal(err)
	}
	tbl := fit()
	want, err := source(&tbl)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), want) {
		t.Errorf("numerics/erf.go does not hold the table erffit computes (go run ./numerics/internal/erffit):\n%s", want)
	}
}

package filecheck

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// FuzzFileCheck runs FileCheck on arbitrary check files and inputs under
// various options: it must never panic, must return a valid exit status,
// and must finish promptly.
func FuzzFileCheck(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "conformance", "*.txtar"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		c, err := parseCase(p, string(data))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(c.sections["check"], c.sections["input"], uint16(len(p)))
	}
	f.Add("CHECK: [[X:(a*)*]]\\1 {{[[:<:]]b}}\nCHECK-DAG: [[#%x,N:]]\nCHECK-NEXT: [[#N+1]]", "aaab b\nff\n100\n", uint16(0xffff))
	f.Fuzz(func(t *testing.T, check, input string, flags uint16) {
		opts := fuzzOptions(flags)
		done := make(chan int, 1)
		go func() { done <- Run(opts, File{"check.txt", check}, File{"<stdin>", input}, io.Discard) }()
		select {
		case code := <-done:
			if code < 0 || code > 2 {
				t.Fatalf("exit status %d", code)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("FileCheck did not finish within 20s")
		}
	})
}

// fuzzOptions derives a set of options from fuzzer-chosen bits.
func fuzzOptions(flags uint16) Options {
	o := DefaultOptions()
	bit := func(i uint) bool { return flags&(1<<i) != 0 }
	o.StrictWhitespace, o.MatchFullLines, o.IgnoreCase = bit(0), bit(1), bit(2)
	o.EnableVarScope, o.Verbose, o.VerboseVerbose = bit(3), bit(4), bit(5)
	o.AllowEmptyInput, o.AllowDeprecatedDAGOverlap = bit(6), bit(7)
	if bit(8) {
		o.DumpInput = DumpAlways
		o.DumpInputFilter = FilterAll
	}
	if bit(9) {
		o.ImplicitCheckNot = []string{"{{x+}}"}
	}
	if bit(10) {
		o.CheckPrefixes = []string{"A", "CHECK"}
		o.AllowUnusedPrefixes = true
	}
	if bit(11) {
		o.GlobalDefines = []string{"X=a.b", "#N=0x10"}
	}
	if bit(12) {
		o.DumpInputContext = 0
		o.DumpInputFilter = FilterAnnotation
	}
	return o
}

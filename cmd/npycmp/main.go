// Command npycmp compares two .npy files element by element:
//
//	npycmp GOT WANT [--rtol R] [--atol A]
//
// The dtypes and shapes must be equal. Integers and booleans must be equal
// exactly; floats must satisfy |got - want| <= atol + rtol*|want| (NumPy's
// allclose rule, with its defaults rtol 1e-5 and atol 1e-8), NaN matching
// only NaN and an infinity only the same infinity.
//
// Exit status 0 when the files match; 1 when they differ or cannot be
// read, with a message naming the first differing elements:
//
//	npycmp: got.npy vs want.npy: 1 of 12 elements differ (...):
//	  element [2 3]: got 1.5, want 1.25
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/tt-compiler/tt/internal/llvmflags"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/runtime/npy"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

const usage = `usage: npycmp GOT WANT [--rtol R] [--atol A]  (one dash or two)

Compares two .npy files: equal dtypes and shapes, integers and booleans
exactly, floats within |got - want| <= atol + rtol*|want| (NaN matches NaN).
Exit status 0 when they match, 1 otherwise.

`

// run is npycmp with its arguments; it returns the exit status.
func run(args []string, stderr io.Writer) int {
	fs := pflag.NewFlagSet("npycmp", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rtol := fs.Float64("rtol", ttrun.DefaultRTol, "relative tolerance")
	atol := fs.Float64("atol", ttrun.DefaultATol, "absolute tolerance")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(llvmflags.Normalize(fs, args)); err != nil {
		fmt.Fprintf(stderr, "npycmp: %v\n%s", err, usage)
		return 1
	}
	if *help {
		fmt.Fprint(stderr, usage)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return 0
	}
	if fs.NArg() != 2 {
		fmt.Fprintf(stderr, "npycmp: expected 2 files (GOT WANT), got %d\n%s", fs.NArg(), usage)
		return 1
	}
	if *rtol < 0 || *atol < 0 {
		fmt.Fprintf(stderr, "npycmp: tolerances must be non-negative (rtol %g, atol %g)\n", *rtol, *atol)
		return 1
	}
	gotPath, wantPath := fs.Arg(0), fs.Arg(1)
	got, err := npy.ReadFile(gotPath)
	if err != nil {
		fmt.Fprintf(stderr, "npycmp: %v\n", err)
		return 1
	}
	want, err := npy.ReadFile(wantPath)
	if err != nil {
		fmt.Fprintf(stderr, "npycmp: %v\n", err)
		return 1
	}
	if err := ttrun.CompareNPY(got, want, *rtol, *atol); err != nil {
		msg := strings.ReplaceAll(err.Error(), "\n", "\n  ")
		fmt.Fprintf(stderr, "npycmp: %s vs %s: %s\n", gotPath, wantPath, msg)
		return 1
	}
	return 0
}

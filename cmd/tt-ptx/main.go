// Command tt-ptx checks PTX modules and runs their kernels on tt's PTX
// simulator, with .npy buffers in and out. Run "tt-ptx --help" for the
// commands and flags; the behaviour is documented in package
// internal/ttptx and docs/tt-ptx.md.
package main

import (
	"os"

	"github.com/tt-compiler/tt/internal/ttptx"
)

func main() {
	os.Exit(ttptx.Main(os.Args[1:], os.Stdout, os.Stderr))
}

// Command tt-run runs a function of a module of tt IR on a backend, with
// its arguments read from .npy files and its results written as .npy
// files. Run "tt-run --help" for the flags; the behaviour is documented in
// package internal/ttrun.
package main

import (
	"os"

	"github.com/tt-compiler/tt/internal/ttrun"
)

func main() {
	os.Exit(ttrun.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

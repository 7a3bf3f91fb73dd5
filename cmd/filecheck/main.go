// Command filecheck is a reimplementation of LLVM's FileCheck: it verifies
// that an input (standard input, or --input-file) matches the directives of
// a check file.
//
// Usage:
//
//	filecheck CHECKFILE [options] < input
//
// Options may be written with one or two dashes, with values after '=' or
// in the next argument, exactly as LLVM's FileCheck 16 accepts them; run
// "filecheck --help" for the list. The exit status is 0 when the input
// matches, 1 when it does not, and 2 for invalid options or a malformed
// check file. See package github.com/tt-compiler/tt/internal/filecheck for
// the supported features.
package main

import (
	"os"

	"github.com/tt-compiler/tt/internal/filecheck"
)

func main() {
	os.Exit(filecheck.Main(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

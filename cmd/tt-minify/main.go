// Command tt-minify is tt's accuracy minifier: it delta-debugs a module on
// which backends disagree, a backend fails or a pass pipeline fails down to
// a minimal module that still fails the same way, and writes it with its
// inputs as a ready lit test. The flags are documented in package
// internal/ttminify and in docs/tt-minify.md.
package main

import (
	"os"

	"github.com/tt-compiler/tt/internal/ttminify"
)

func main() {
	os.Exit(ttminify.Main(os.Args[1:], os.Stdout, os.Stderr))
}

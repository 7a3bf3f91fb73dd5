// Command tt-opt parses, verifies, transforms and prints tt IR, like
// mlir-opt. Run "tt-opt --help" for its flags.
package main

import (
	"os"

	"github.com/tt-compiler/tt/internal/ttopt"
)

func main() {
	os.Exit(ttopt.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

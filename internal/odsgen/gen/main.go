// Command gen writes ops_gen.go into every dialect package (run by
// `go generate ./internal/odsgen` from that directory).
package main

import (
	"fmt"
	"os"

	"github.com/tt-compiler/tt/internal/odsgen"
)

func main() {
	if err := odsgen.Write("../..", odsgen.Packages()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

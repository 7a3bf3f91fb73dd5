// Command ttvet runs the project's own analyzers (internal/analyzers) on
// packages, like go vet:
//
//	go run ./tools/ttvet ./...
//
// opnames: op names outside their dialect's package are the generated
// constants (tensor.AddName), and string constants used as op names name
// registered ops.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/tt-compiler/tt/internal/analyzers/opnames"
)

func main() { singlechecker.Main(opnames.Analyzer) }

// Command tt-dialect-docs writes the Markdown documentation of every
// dialect tt registers (internal/registry) into a directory, one file per
// dialect (tensor.md, arith.md, ...), rendered from the OpDefs by package
// internal/dialectdoc.
//
// Usage:
//
//	tt-dialect-docs [-out docs/dialects] [-check]
//
// With -check it writes nothing and exits with status 1 when a file is
// missing or out of date.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tt-compiler/tt/internal/dialectdoc"
	"github.com/tt-compiler/tt/internal/registry"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run runs the command and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tt-dialect-docs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "docs/dialects", "directory to write the Markdown files into")
	check := fs.Bool("check", false, "only report files that are missing or out of date")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ds := registry.Dialects()
	if *check {
		stale := dialectdoc.Stale(*out, ds)
		for _, name := range stale {
			fmt.Fprintf(stderr, "tt-dialect-docs: %s is out of date\n", name)
		}
		if len(stale) > 0 {
			return 1
		}
		return 0
	}
	names, err := dialectdoc.Write(*out, ds)
	if err != nil {
		fmt.Fprintf(stderr, "tt-dialect-docs: %v\n", err)
		return 1
	}
	for _, n := range names {
		fmt.Fprintln(stdout, n)
	}
	return 0
}

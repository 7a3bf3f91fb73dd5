// Package programs holds tensor-level programs that several packages run,
// each written once as an .mlir file in this directory: the benchmark
// models of tt-bench and of the interpreter's benchmarks, which the
// lowering tests also run on fewer rows.
//
// A program is NAME.mlir; Source returns its text. transformer_block.mlir
// and cnn_train.mlir are written by tools/refgen/refgen.py, from the specs
// of the test/refdata cases that check them against PyTorch. Add a program here
// (rather than a copy in a test) when a second package needs it.
package programs

import (
	"embed"
	"fmt"
	"regexp"
	"strconv"
)

//go:embed *.mlir
var files embed.FS

// Source returns the text of NAME.mlir.
func Source(name string) (string, error) {
	b, err := files.ReadFile(name + ".mlir")
	if err != nil {
		return "", fmt.Errorf("no test program %q: %w", name, err)
	}
	return string(b), nil
}

// MustSource is Source for tests and benchmarks, where a missing program
// is a bug of the caller: it panics.
func MustSource(name string) string {
	src, err := Source(name)
	if err != nil {
		panic(err)
	}
	return src
}

// leadingDim matches the first dimension of a ranked tensor type.
var leadingDim = regexp.MustCompile(`tensor<(\d+)x`)

// WithRows returns src with every tensor type whose first dimension is
// rows given n as first dimension instead: the same program on fewer rows
// (or a smaller batch). It works on the text; the caller parses and
// verifies the result, so a program where rows also stands for another
// leading dimension fails loudly rather than silently.
func WithRows(src string, rows, n int64) string {
	from := strconv.FormatInt(rows, 10)
	to := "tensor<" + strconv.FormatInt(n, 10) + "x"
	return leadingDim.ReplaceAllStringFunc(src, func(m string) string {
		if leadingDim.FindStringSubmatch(m)[1] != from {
			return m
		}
		return to
	})
}

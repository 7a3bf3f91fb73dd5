// Package registry wires every dialect and pass of tt together for the
// command-line tools. Library users load what they need into their own
// ir.Context instead.
package registry

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Dialects returns every dialect tt defines.
func Dialects() []*ir.Dialect {
	return []*ir.Dialect{builtin.Dialect, builtin.FuncDialect, tensor.Dialect, arith.Dialect, arith.MathDialect}
}

// NewContext returns a context with every dialect loaded.
func NewContext() *ir.Context {
	return ir.NewContext().MustLoadDialect(Dialects()...)
}

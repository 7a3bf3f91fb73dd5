// Package registry wires every dialect and pass of tt together for the
// command-line tools. Library users load what they need into their own
// ir.Context and pass.Registry instead.
package registry

import (
	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/cf"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	tensortransforms "github.com/tt-compiler/tt/dialects/tensor/transforms"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/rewrite"
)

// Dialects returns every dialect tt defines.
func Dialects() []*ir.Dialect {
	return []*ir.Dialect{builtin.Dialect, function.Dialect, cf.Dialect, tensor.Dialect, arith.Dialect, arith.MathDialect, loops.Dialect, vector.Dialect, gpu.Dialect}
}

// NewContext returns a context with every dialect loaded.
func NewContext() *ir.Context {
	return ir.NewContext().MustLoadDialect(Dialects()...)
}

// NewPassRegistry returns a registry with every pass and named pipeline tt
// defines.
func NewPassRegistry() *pass.Registry {
	r := pass.NewRegistry()
	if err := rewrite.Register(r); err != nil {
		panic(err)
	}
	r.MustRegister(tensortransforms.NewDecomposePass, autodiff.NewPass)
	r.MustRegister(lowering.Passes()...)
	// Named pipelines last: pt2-go runs the passes registered above.
	if err := lowering.RegisterPipeline(r); err != nil {
		panic(err)
	}
	if err := lowering.RegisterGPUPipeline(r); err != nil {
		panic(err)
	}
	return r
}

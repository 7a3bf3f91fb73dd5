package odsgen

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/cf"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/dialects/vector"
)

// Packages lists tt's dialect packages and the dialects each defines. A
// new dialect adds its row here.
func Packages() []Package {
	return []Package{
		{Dir: "dialects/builtin", Name: "builtin", Dialects: []Dialect{{Def: builtin.Dialect}}},
		{Dir: "dialects/function", Name: "function", Dialects: []Dialect{{Def: function.Dialect}}},
		{Dir: "dialects/cf", Name: "cf", Dialects: []Dialect{{Def: cf.Dialect}}},
		{Dir: "dialects/arith", Name: "arith", Dialects: []Dialect{{Def: arith.Dialect}, {Def: arith.MathDialect, Prefix: "Math"}}},
		{Dir: "dialects/tensor", Name: "tensor", Dialects: []Dialect{{Def: tensor.Dialect}}},
		{Dir: "dialects/loops", Name: "loops", Dialects: []Dialect{{Def: loops.Dialect}}},
		{Dir: "dialects/vector", Name: "vector", Dialects: []Dialect{{Def: vector.Dialect}}},
		{Dir: "dialects/gpu", Name: "gpu", Dialects: []Dialect{{Def: gpu.Dialect}}},
	}
}

package tensor

import (
	"github.com/tt-compiler/tt/ir"
)

// Attribute names of the tensor dialect (the generic-form names of the
// contract in docs/contract.md).
const (
	AttrValue          = "value"
	AttrPredicate      = "predicate"
	AttrDim            = "dim"
	AttrDims           = "dims"
	AttrPerm           = "perm"
	AttrStart          = "start"
	AttrLimit          = "limit"
	AttrStep           = "step"
	AttrLow            = "low"
	AttrHigh           = "high"
	AttrKeepDim        = "keepdim"
	AttrStride         = "stride"
	AttrPadding        = "padding"
	AttrDilation       = "dilation"
	AttrGroups         = "groups"
	AttrKernel         = "kernel"
	AttrNormalizedDims = "normalized_dims"
	AttrEps            = "eps"
	AttrApproximate    = "approximate"
	AttrReduction      = "reduction"
)

// Predicates of tensor.cmp.
var Predicates = []string{"eq", "ne", "lt", "le", "gt", "ge"}

// DefaultEps is the eps of tensor.layer_norm when the attribute is absent
// (ATen's default).
const DefaultEps = 1e-5

// Attribute constraints.
var (
	i64ArrayC = ir.AttrConstraint{Desc: "i64 dense array attribute", Check: ir.I64ArrayC.Check, Storage: ir.StoreI64Array}
	i64C      = ir.I64AttrC
	boolC     = ir.BoolAttrC
	f32C      = ir.F32AttrC
	denseC    = ir.AttrConstraint{Desc: "dense elements attribute of a statically shaped tensor", Check: func(a ir.Attribute) bool {
		d, ok := a.(*ir.DenseElementsAttr)
		if !ok {
			return false
		}
		_, isTensor := d.Type.(*ir.RankedTensorType)
		return isTensor
	}}
	scalarC = ir.AttrConstraint{Desc: "integer, bool or float attribute of the element type", Check: func(a ir.Attribute) bool {
		switch a.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
			return true
		}
		return false
	}}
	predicateC   = ir.EnumAttr(Predicates...)
	approximateC = ir.EnumAttr("none", "tanh")
	reductionC   = ir.EnumAttr("mean", "sum")
)

// attr declares a required attribute.
func attr(name string, c ir.AttrConstraint, doc string) ir.AttrDef {
	return ir.AttrDef{Name: name, Constraint: c, Doc: doc}
}

// optAttr declares an optional attribute.
func optAttr(name string, c ir.AttrConstraint, doc string) ir.AttrDef {
	return ir.AttrDef{Name: name, Constraint: c, Optional: true, Doc: doc}
}

// keepDimAttr declares the optional keepdim attribute of reductions, false
// by default (builders write it).
func keepDimAttr(doc string) ir.AttrDef {
	a := optAttr(AttrKeepDim, boolC, doc)
	a.Default = func(ctx *ir.Context) ir.Attribute { return ir.Bool(ctx, false) }
	return a
}

// operand declares an operand.
func operand(name string, c ir.TypeConstraint, doc string) ir.ArgDef {
	return ir.ArgDef{Name: name, Type: c, Doc: doc}
}

// result declares the result.
func result(c ir.TypeConstraint, doc string) []ir.ArgDef {
	return []ir.ArgDef{{Name: "result", Type: c, Doc: doc}}
}

// sizesOperand declares the trailing index operands that give the dynamic
// dimensions of a result.
var sizesOperand = ir.ArgDef{Name: "sizes", Type: IndexScalar, Variadic: true,
	Doc: "one index per dynamic (`?`) dimension of the result type, in order (usually from `tensor.dim`); none when the result type is static"}

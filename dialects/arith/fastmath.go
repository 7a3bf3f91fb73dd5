package arith

import (
	"github.com/tt-compiler/tt/ir"
)

// FastMathAttrName is the name of the fast-math flags attribute of float ops.
const FastMathAttrName = "fastmath"

// FastMathFlags are LLVM's fast-math flags, as MLIR's arith::FastMathFlags.
type FastMathFlags uint8

// Fast-math flags (bit values as in MLIR).
const (
	FastMathNone     FastMathFlags = 0
	FastMathReassoc  FastMathFlags = 1
	FastMathNNaN     FastMathFlags = 2
	FastMathNInf     FastMathFlags = 4
	FastMathNSZ      FastMathFlags = 8
	FastMathARCP     FastMathFlags = 16
	FastMathContract FastMathFlags = 32
	FastMathAFN      FastMathFlags = 64
	FastMathFast     FastMathFlags = 127
)

// FastMathEnum spells the flags as MLIR does: "none", "fast", or the set
// flags joined by commas ("nnan,ninf").
var FastMathEnum = &ir.BitEnum[FastMathFlags]{
	Name: "::mlir::arith::FastMathFlags",
	None: "none",
	Cases: []ir.EnumCase[FastMathFlags]{
		{Keyword: "reassoc", Value: FastMathReassoc}, {Keyword: "nnan", Value: FastMathNNaN},
		{Keyword: "ninf", Value: FastMathNInf}, {Keyword: "nsz", Value: FastMathNSZ},
		{Keyword: "arcp", Value: FastMathARCP}, {Keyword: "contract", Value: FastMathContract},
		{Keyword: "afn", Value: FastMathAFN}, {Keyword: "fast", Value: FastMathFast},
	},
}

// String returns the flags as MLIR prints them ("none", "fast", "nnan,ninf").
func (f FastMathFlags) String() string { return FastMathEnum.Stringify(f) }

// FastMathAttrDef defines #arith.fastmath<flags>, MLIR's
// arith::FastMathFlagsAttr.
var FastMathAttrDef = ir.EnumAttrDef[FastMathFlags]("arith.fastmath", "Floating point fast math flags", FastMathEnum)

// FastMathAttr returns the attribute #arith.fastmath<flags>.
func FastMathAttr(f FastMathFlags) ir.Attribute { return FastMathAttrDef.Get(f) }

// FastMathOf decodes a fastmath attribute; nil (absent) means none. ok is
// false when a is not an #arith.fastmath<...> attribute.
func FastMathOf(a ir.Attribute) (FastMathFlags, bool) {
	if a == nil {
		return FastMathNone, true
	}
	return FastMathAttrDef.Value(a)
}

// OpFastMath returns the fast-math flags of op (none when absent or invalid).
func OpFastMath(op *ir.Operation) FastMathFlags {
	f, _ := FastMathOf(op.Attr(FastMathAttrName))
	return f
}

// fastMathConstraint checks the fastmath attribute in generic form.
var fastMathConstraint = ir.AttrConstraint{
	Desc: "Floating point fast math flags",
	Check: func(a ir.Attribute) bool {
		_, ok := FastMathOf(a)
		return ok
	},
}

// fastMathAttrDef declares the fastmath attribute of a float op.
var fastMathAttrDef = ir.AttrDef{
	Name:       FastMathAttrName,
	Constraint: fastMathConstraint,
	Optional:   true,
	Doc:        "fast-math flags (#arith.fastmath<...>; none when absent) allowing value-changing optimizations such as reassociation or assuming no NaNs",
	// Builders write fastmath<none>, as MLIR's builders do.
	Default: func(*ir.Context) ir.Attribute { return FastMathAttr(FastMathNone) },
}

package arith

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// aliasOp declares a later MLIR spelling of op (arith.maximumf for
// arith.maxf). The custom parser builds the MLIR 16 op directly; an alias
// written in generic form is a valid op of its own that canonicalizes to
// the MLIR 16 op.
func aliasOp(of *ir.OpDef, name, goName string) *ir.OpDef {
	d := *of
	d.Name = name
	d.GoName = goName
	d.Summary = of.Summary + " (spelling of MLIR 17 and later)"
	d.Description = fmt.Sprintf("The later MLIR spelling of `%s`, with the same semantics. The custom parser reads "+
		"`%s` as `%s` (MLIR 16 knows only the latter); the generic form is kept and canonicalizes to `%s`.",
		of.Name, name, of.Name, of.Name)
	parse := of.Parse
	d.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		st.Name = of.Name
		return parse(p, st)
	}
	d.Canonicalize = []ir.RewritePattern{pattern(name, "Rename"+of.ShortName(), 1, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		return replace(rw, op, create(rw, op, of.Name, op.Operands(), op.ResultTypes(), op.Attrs()...))
	})}
	return &d
}

var (
	// MaximumFDef is arith.maximumf, read as arith.maxf.
	MaximumFDef = aliasOp(MaxFDef, "arith.maximumf", "MaximumF")
	// MinimumFDef is arith.minimumf, read as arith.minf.
	MinimumFDef = aliasOp(MinFDef, "arith.minimumf", "MinimumF")
)

// Dialect is the arith dialect.
var Dialect = &ir.Dialect{
	Name:    "arith",
	Summary: "Integer and floating-point arithmetic, comparisons, selects and casts",
	Description: "MLIR's arith dialect (MLIR 16 names and syntax): basic integer and floating-point operations on " +
		"scalars, applied element-wise to vectors and tensors. Integers are signless; signedness is a property of " +
		"the operation (divsi/divui, cmpi slt/ult, ...).",
	Ops: []*ir.OpDef{
		ConstantDef,
		AddIDef, SubIDef, MulIDef, DivSIDef, DivUIDef, CeilDivSIDef, CeilDivUIDef, FloorDivSIDef, RemSIDef, RemUIDef,
		AndIDef, OrIDef, XOrIDef, ShLIDef, ShRSIDef, ShRUIDef, MaxSIDef, MaxUIDef, MinSIDef, MinUIDef,
		AddFDef, SubFDef, MulFDef, DivFDef, RemFDef, NegFDef, MaxFDef, MinFDef, MaximumFDef, MinimumFDef,
		CmpIDef, CmpFDef, SelectDef,
		AddUIExtendedDef, MulSIExtendedDef, MulUIExtendedDef,
		ExtUIDef, ExtSIDef, TruncIDef, ExtFDef, TruncFDef, SIToFPDef, UIToFPDef, FPToSIDef, FPToUIDef, IndexCastDef, IndexCastUIDef, BitcastDef,
	},
	Attrs:               []ir.AttrDefinition{FastMathAttrDef},
	MaterializeConstant: MaterializeConstant,
}

// MathDialect is the math dialect.
var MathDialect = &ir.Dialect{
	Name:    "math",
	Summary: "Elementary mathematical functions",
	Description: "MLIR's math dialect (MLIR 16 names and syntax): exponentials, logarithms, trigonometric and " +
		"rounding functions on floats, and absolute value and bit counts on integers, element-wise on vectors and tensors. " +
		"Constants it folds to are materialized as arith.constant.",
	Ops:                 mathOps(),
	MaterializeConstant: MaterializeConstant,
}

// IsBuildableWith reports whether arith.constant can hold value with result
// type t: an integer, float or dense elements attribute of type t, and a
// signless integer type for integers.
func IsBuildableWith(value ir.Attribute, t ir.Type) bool {
	if t == nil || attrType(value) != t {
		return false
	}
	if it, ok := t.(*ir.IntegerType); ok && !it.IsSignless() {
		return false
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
		return true
	}
	return false
}

// MaterializeConstant creates arith.constant value : t at the builder's
// insertion point, or returns nil when the value cannot be an arith constant.
func MaterializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if !IsBuildableWith(value, t) {
		return nil
	}
	op, err := b.Create(&ir.OperationState{Name: ConstantName, Loc: loc, ResultTypes: []ir.Type{t},
		Attrs: []ir.NamedAttr{{Name: ValueAttrName, Value: value}}})
	if err != nil {
		return nil
	}
	return op
}

// Load loads the arith and math dialects into ctx and returns it.
func Load(ctx *ir.Context) *ir.Context { return ctx.MustLoadDialect(Dialect, MathDialect) }

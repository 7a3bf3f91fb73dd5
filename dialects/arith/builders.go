package arith

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// Builders for code that creates arith and math ops. Float ops get
// fastmath = #arith.fastmath<none>, as MLIR's builders populate it.

// Build creates the op name (an arith or math op whose result type follows
// from its operands: binary, unary and ternary ops, cmpi/cmpf need a
// predicate attribute, see BuildCmp) at the builder's insertion point.
func Build(b *ir.Builder, name string, loc ir.Location, operands ...ir.Value) (*ir.Operation, error) {
	return build(b, name, loc, operands, nil)
}

func build(b *ir.Builder, name string, loc ir.Location, operands []ir.Value, results []ir.Type, attrs ...ir.NamedAttr) (*ir.Operation, error) {
	def := b.Ctx.LookupOp(name)
	if def == nil {
		return nil, fmt.Errorf("operation '%s' is not loaded", name)
	}
	st := &ir.OperationState{Name: name, Loc: loc, Operands: operands, ResultTypes: results, Attrs: attrs}
	if def.AttrDef(FastMathAttrName) != nil && st.Attr(FastMathAttrName) == nil {
		st.AddAttr(FastMathAttrName, FastMathAttr(FastMathNone))
	}
	return b.Create(st)
}

// BuildCast creates the cast op name (extsi, index_cast, ...) converting x to t.
func BuildCast(b *ir.Builder, name string, loc ir.Location, x ir.Value, t ir.Type) (*ir.Operation, error) {
	return build(b, name, loc, []ir.Value{x}, []ir.Type{t})
}

// BuildCmpI creates arith.cmpi with a predicate keyword ("slt", ...).
func BuildCmpI(b *ir.Builder, loc ir.Location, pred string, lhs, rhs ir.Value) (*ir.Operation, error) {
	return buildCmp(b, CmpIName, CmpIPredicates, loc, pred, lhs, rhs)
}

// BuildCmpF creates arith.cmpf with a predicate keyword ("olt", ...).
func BuildCmpF(b *ir.Builder, loc ir.Location, pred string, lhs, rhs ir.Value) (*ir.Operation, error) {
	return buildCmp(b, CmpFName, CmpFPredicates, loc, pred, lhs, rhs)
}

func buildCmp(b *ir.Builder, name string, names []string, loc ir.Location, pred string, lhs, rhs ir.Value) (*ir.Operation, error) {
	for i, n := range names {
		if n == pred {
			return build(b, name, loc, []ir.Value{lhs, rhs}, nil,
				ir.NamedAttr{Name: PredicateAttrName, Value: ir.Int(b.Ctx.I64(), int64(i))})
		}
	}
	return nil, fmt.Errorf("unknown %s predicate '%s'", name, pred)
}

// BuildConstant creates arith.constant with the given value (its type is the result type).
func BuildConstant(b *ir.Builder, loc ir.Location, value ir.Attribute) (*ir.Operation, error) {
	t := attrType(value)
	if !IsBuildableWith(value, t) {
		return nil, fmt.Errorf("'%s' cannot hold the value %s", ConstantName, value)
	}
	return build(b, ConstantName, loc, nil, []ir.Type{t}, ir.NamedAttr{Name: ValueAttrName, Value: value})
}

// CmpI builds arith.cmpi with a predicate keyword ("slt", ...) and returns
// its i1 result. An unknown keyword makes an op that fails verification.
func CmpI(b *ir.Builder, pred string, lhs, rhs ir.Value) ir.Value {
	return buildCmpOp(b, CmpIName, CmpIPredicates, pred, lhs, rhs)
}

// CmpF builds arith.cmpf with a predicate keyword ("olt", ...) and returns
// its i1 result. An unknown keyword makes an op that fails verification.
func CmpF(b *ir.Builder, pred string, lhs, rhs ir.Value) ir.Value {
	return buildCmpOp(b, CmpFName, CmpFPredicates, pred, lhs, rhs)
}

func buildCmpOp(b *ir.Builder, name string, names []string, pred string, lhs, rhs ir.Value) ir.Value {
	code := int64(slices.Index(names, pred))
	return b.Build(&ir.OperationState{Name: name, Operands: []ir.Value{lhs, rhs},
		Attrs: []ir.NamedAttr{{Name: PredicateAttrName, Value: ir.Int(b.Ctx.I64(), code)}}}).Result(0)
}

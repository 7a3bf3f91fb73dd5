package arith

import (
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// Builders of arith.cmpi and arith.cmpf with a predicate keyword (the
// generator writes the builders of the other ops, in ops_gen.go).

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

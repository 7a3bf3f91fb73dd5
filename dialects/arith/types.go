package arith

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// like reports whether t is a scalar satisfying elem, or a vector or tensor
// of such scalars. 0-D vectors are accepted only when anyRank is set, as
// MLIR's VectorOf (rank > 0) and VectorOfAnyRankOf constraints do.
func like(t ir.Type, elem func(ir.Type) bool, anyRank bool) bool {
	switch t := t.(type) {
	case *ir.VectorType:
		return (anyRank || t.Rank() > 0) && elem(t.Elem)
	case *ir.RankedTensorType:
		return elem(t.Elem)
	case *ir.UnrankedTensorType:
		return elem(t.Elem)
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return false
	case nil:
		return false
	}
	return elem(t)
}

func isMemRefOf(t ir.Type, elem func(ir.Type) bool) bool {
	switch t := t.(type) {
	case *ir.MemRefType:
		return elem(t.Elem)
	case *ir.UnrankedMemRefType:
		return elem(t.Elem)
	}
	return false
}

func isI1(t ir.Type) bool       { return ir.IsSignlessInteger(t) && ir.IntWidth(t) == 1 }
func isSignless(t ir.Type) bool { return ir.IsSignlessInteger(t) }
func isIntOrIndex(t ir.Type) bool {
	return ir.IsSignlessInteger(t) || ir.IsIndex(t)
}
func isIntIndexOrFloat(t ir.Type) bool { return isIntOrIndex(t) || ir.IsFloat(t) }

// Type constraints, with the descriptions MLIR's ODS constraints print.
var (
	// SignlessIntegerLike is a signless integer or index, or a vector or tensor of them.
	SignlessIntegerLike = ir.TypeConstraint{Desc: "signless-integer-like", Check: func(t ir.Type) bool { return like(t, isIntOrIndex, false) }}
	// SignlessIntegerLikeOfAnyRank also accepts 0-D vectors.
	SignlessIntegerLikeOfAnyRank = ir.TypeConstraint{Desc: "signless-integer-like", Check: func(t ir.Type) bool { return like(t, isIntOrIndex, true) }}
	// SignlessFixedWidthIntegerLike excludes index (used by integer casts).
	SignlessFixedWidthIntegerLike = ir.TypeConstraint{Desc: "signless-fixed-width-integer-like", Check: func(t ir.Type) bool { return like(t, isSignless, true) }}
	// FloatLike is a float, or a vector or tensor of floats.
	FloatLike = ir.TypeConstraint{Desc: "floating-point-like", Check: func(t ir.Type) bool { return like(t, ir.IsFloat, false) }}
	// BoolLike is i1, or a vector or tensor of i1.
	BoolLike = ir.TypeConstraint{Desc: "bool-like", Check: func(t ir.Type) bool { return like(t, isI1, false) }}
	// BoolLikeOfAnyRank also accepts 0-D vectors.
	BoolLikeOfAnyRank = ir.TypeConstraint{Desc: "bool-like", Check: func(t ir.Type) bool { return like(t, isI1, true) }}
	// IndexCastType is what index_cast converts between.
	IndexCastType = ir.TypeConstraint{Desc: "signless-integer-like or memref of signless-integer", Check: func(t ir.Type) bool {
		return like(t, isIntOrIndex, false) || isMemRefOf(t, isIntOrIndex)
	}}
	// BitcastType is what bitcast converts between.
	BitcastType = ir.TypeConstraint{Desc: "signless-integer-or-float-like or memref of signless-integer or float", Check: func(t ir.Type) bool {
		return like(t, isIntIndexOrFloat, false) || isMemRefOf(t, isIntIndexOrFloat)
	}}
	// AnyType accepts every type.
	AnyType = ir.AnyType
)

// elemType returns the element type of a shaped type, or t itself.
func elemType(t ir.Type) ir.Type { return ir.ElementTypeOrSelf(t) }

// i1SameShape returns i1 in the shape of t (scalar, vector or tensor).
func i1SameShape(ctx *ir.Context, t ir.Type) ir.Type {
	i1 := ctx.I1()
	switch t := t.(type) {
	case *ir.VectorType:
		sc := make([]bool, t.Rank())
		for i := range sc {
			sc[i] = t.Scalable(i)
		}
		return ctx.Vector(t.Shape(), sc, i1)
	case *ir.RankedTensorType:
		return ctx.Tensor(t.Shape(), i1)
	case *ir.UnrankedTensorType:
		return ctx.UnrankedTensor(i1)
	}
	return i1
}

// isMappable reports whether t is a vector or tensor (what ElementwiseMappable maps over).
func isMappable(t ir.Type) bool {
	switch t.(type) {
	case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

// baseKind groups types the way MLIR compares TypeIDs in the Elementwise
// verifier: vector, ranked tensor and unranked tensor are different bases.
func baseKind(t ir.Type) int {
	switch t.(type) {
	case *ir.VectorType:
		return 1
	case *ir.RankedTensorType:
		return 2
	case *ir.UnrankedTensorType:
		return 3
	}
	return 0
}

// compatibleShapes reports whether shaped types agree on rank and static
// dimensions (unranked types are compatible with everything).
func compatibleShapes(ts []ir.Type) bool {
	var ref ir.ShapedType
	for _, t := range ts {
		s, ok := t.(ir.ShapedType)
		if !ok || !s.HasRank() {
			continue
		}
		if ref == nil {
			ref = s
			continue
		}
		if !ir.ShapesCompatible(ref.Shape(), s.Shape()) || !sameScalableDims(ref, s) {
			return false
		}
	}
	return true
}

// verifyElementwise is MLIR's Elementwise trait verifier: vectors and tensors
// map over elements, so the non-scalar operands and results must agree.
func verifyElementwise(op *ir.Operation) error {
	var resM, opM []ir.Type
	for _, t := range op.ResultTypes() {
		if isMappable(t) {
			resM = append(resM, t)
		}
	}
	for _, t := range op.OperandTypes() {
		if isMappable(t) {
			opM = append(opM, t)
		}
	}
	switch {
	case len(resM) == 0 && len(opM) == 0:
		return nil
	case len(opM) == 0:
		return fmt.Errorf("if a result is non-scalar, then at least one operand must be non-scalar")
	case len(resM) == 0:
		return fmt.Errorf("if an operand is non-scalar, then there must be at least one non-scalar result")
	case len(resM) != op.NumResults():
		return fmt.Errorf("if an operand is non-scalar, then all results must be non-scalar")
	}
	all := append(opM, resM...)
	for _, t := range all {
		if baseKind(t) != baseKind(all[0]) {
			return fmt.Errorf("all non-scalar operands/results must have the same shape and base type")
		}
	}
	if !compatibleShapes(all) {
		return fmt.Errorf("all non-scalar operands/results must have the same shape and base type")
	}
	return nil
}

// compatibleShape is MLIR's verifyCompatibleShape for two types: both or
// neither shaped, and (when both ranked) compatible dimensions.
func compatibleShape(a, b ir.Type) bool {
	sa, okA := a.(ir.ShapedType)
	sb, okB := b.(ir.ShapedType)
	if !okA || !okB {
		return okA == okB
	}
	if !sa.HasRank() || !sb.HasRank() {
		return true
	}
	return ir.ShapesCompatible(sa.Shape(), sb.Shape()) && sameScalableDims(a, b)
}

// sameScalableDims reports whether two vector types agree on which
// dimensions are scalable (vector<[4]xi32> and vector<4xi8> do not have the
// same shape); other types pass.
func sameScalableDims(a, b ir.Type) bool {
	va, okA := a.(*ir.VectorType)
	vb, okB := b.(*ir.VectorType)
	if !okA || !okB || va.Rank() != vb.Rank() {
		return true
	}
	for i := 0; i < va.Rank(); i++ {
		if va.Scalable(i) != vb.Scalable(i) {
			return false
		}
	}
	return true
}

// verifySameOperandsAndResultShape is MLIR's trait verifier of that name.
func verifySameOperandsAndResultShape(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() < 1 {
		return nil
	}
	ref := op.Operand(0).Type()
	for _, t := range append(op.ResultTypes(), op.OperandTypes()[1:]...) {
		if !compatibleShape(t, ref) {
			return fmt.Errorf("requires the same shape for all operands and results")
		}
	}
	return nil
}

// hasArity reports whether op has exactly the given operand and result counts.
func hasArity(op *ir.Operation, operands, results int) bool {
	return op.NumOperands() == operands && op.NumResults() == results
}

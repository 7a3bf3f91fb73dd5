package tensor

import (
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// Canonicalization patterns. Identities and constant folding live in the
// Fold hooks; these patterns restructure: they compose chains of layout
// ops and normalize negative dimensions. Each updates the op in place, so
// the inner op dies when it has no other use.

func init() {
	ReshapeDef.Canonicalize = []ir.RewritePattern{&ir.Pattern{Root: ReshapeDef.Name, Label: "reshape-of-reshape", Rewrite: composeReshapes}}
	TransposeDef.Canonicalize = []ir.RewritePattern{&ir.Pattern{Root: TransposeDef.Name, Label: "transpose-of-transpose", Rewrite: composeTransposes}}
	BroadcastDef.Canonicalize = []ir.RewritePattern{&ir.Pattern{Root: BroadcastDef.Name, Label: "broadcast-of-broadcast", Rewrite: composeBroadcasts}}
	for _, def := range []*ir.OpDef{SoftmaxDef, LogSoftmaxDef, ArgMaxDef, ConcatDef, GatherDef, ScatterAddDef, DimDef, IotaDef} {
		def.Canonicalize = append(def.Canonicalize, &ir.Pattern{Root: def.Name, Label: "normalize-dim", Rewrite: normalizeDim})
	}
	for _, def := range []*ir.OpDef{ReduceSumDef, ReduceMaxDef, ReduceMinDef, ReduceMeanDef} {
		def.Canonicalize = append(def.Canonicalize, &ir.Pattern{Root: def.Name, Label: "normalize-dims", Rewrite: normalizeReduceDims})
	}
}

// definingOpNamed returns v's defining op when it is called name.
func definingOpNamed(v ir.Value, name string) *ir.Operation {
	if v == nil {
		return nil
	}
	if d := ir.DefiningOp(v); d != nil && d.Name() == name {
		return d
	}
	return nil
}

// composeReshapes rewrites reshape(reshape(x)) to reshape(x): a row-major
// reshape depends only on the element order, which reshapes keep.
func composeReshapes(op *ir.Operation, rw *ir.PatternRewriter) bool {
	if op.NumOperands() < 1 {
		return false
	}
	inner := definingOpNamed(op.Operand(0), ReshapeDef.Name)
	if inner == nil || inner.NumOperands() < 1 || elemOfType(inner.Operand(0).Type()) != elemOfType(op.Result(0).Type()) {
		return false
	}
	rw.ModifyOpInPlace(op, func() { op.SetOperand(0, inner.Operand(0)) })
	return true
}

// elemOfType returns the element type of a tensor type, or nil.
func elemOfType(t ir.Type) ir.Type {
	if rt, ok := asTensor(t); ok {
		return rt.Elem
	}
	return nil
}

// composeTransposes rewrites transpose(transpose(x, p), q) to
// transpose(x, r) with r[i] = p[q[i]].
func composeTransposes(op *ir.Operation, rw *ir.PatternRewriter) bool {
	q, ok := Ints(op, AttrPerm)
	if !ok || op.NumOperands() != 1 {
		return false
	}
	inner := definingOpNamed(op.Operand(0), TransposeDef.Name)
	if inner == nil || inner.NumOperands() != 1 {
		return false
	}
	p, ok := Ints(inner, AttrPerm)
	if !ok || len(p) != len(q) || checkPermutation(q, len(q)) != nil || checkPermutation(p, len(p)) != nil {
		return false
	}
	r := make([]int64, len(q))
	for i, qi := range q {
		r[i] = p[qi]
	}
	rw.ModifyOpInPlace(op, func() {
		op.SetOperand(0, inner.Operand(0))
		op.SetAttr(AttrPerm, ir.I64Array(op.Context(), r...))
	})
	return true
}

// composeBroadcasts rewrites broadcast(broadcast(x, d1), d2) to
// broadcast(x, d) with d[i] = d2[d1[i]]; the outer op keeps its sizes.
func composeBroadcasts(op *ir.Operation, rw *ir.PatternRewriter) bool {
	d2, ok := Ints(op, AttrDims)
	if !ok || op.NumOperands() < 1 {
		return false
	}
	inner := definingOpNamed(op.Operand(0), BroadcastDef.Name)
	if inner == nil || inner.NumOperands() < 1 {
		return false
	}
	d1, ok := Ints(inner, AttrDims)
	if !ok {
		return false
	}
	d := make([]int64, len(d1))
	for i, k := range d1 {
		if k < 0 || k >= int64(len(d2)) {
			return false
		}
		d[i] = d2[k]
	}
	rw.ModifyOpInPlace(op, func() {
		op.SetOperand(0, inner.Operand(0))
		op.SetAttr(AttrDims, ir.I64Array(op.Context(), d...))
	})
	return true
}

// normalizeDim rewrites a negative `dim` to its non-negative equivalent.
func normalizeDim(op *ir.Operation, rw *ir.PatternRewriter) bool {
	d, ok := op.IntAttr(AttrDim)
	if !ok || d >= 0 {
		return false
	}
	n, ok := NormalizedDim(op)
	if !ok {
		return false
	}
	rw.ModifyOpInPlace(op, func() { op.SetAttr(AttrDim, ir.Int(op.Context().I64(), int64(n))) })
	return true
}

// normalizeReduceDims rewrites the dims of a reduction to sorted,
// non-negative form.
func normalizeReduceDims(op *ir.Operation, rw *ir.PatternRewriter) bool {
	ds, ok := Ints(op, AttrDims)
	norm, ok2 := ReduceDims(op)
	if !ok || !ok2 {
		return false
	}
	out := make([]int64, len(norm))
	for i, d := range norm {
		out[i] = int64(d)
	}
	if slices.Equal(ds, out) {
		return false
	}
	rw.ModifyOpInPlace(op, func() { op.SetAttr(AttrDims, ir.I64Array(op.Context(), out...)) })
	return true
}

// Package vector defines the fixed-width vector ops tt's CPU lowering uses,
// with MLIR's vector dialect names and syntax: loads and stores of
// contiguous elements, broadcast, splat, fused multiply-add and
// reductions. Element-wise math on vectors is the arith dialect's.
package vector

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

func vectorOf(t ir.Type) (*ir.VectorType, bool) {
	v, ok := t.(*ir.VectorType)
	return v, ok
}

// indexCheck verifies a vector access: one index per buffer dimension, a
// 1-D vector of the buffer's element type (what names the value in
// messages: "result" or "valueToStore", as in MLIR).
func indexCheck(buf, vec ir.Value, nIndices int, what string) error {
	m, ok := buf.Type().(*ir.MemRefType)
	v, okv := vectorOf(vec.Type())
	if !ok || !okv {
		return nil
	}
	if nIndices != m.Rank() {
		return fmt.Errorf("requires %d indices", m.Rank())
	}
	if v.Elem != m.Elem {
		if what == "result" {
			return fmt.Errorf("base and result element types should match")
		}
		return fmt.Errorf("base and %s element type should match", what)
	}
	if v.Rank() != 1 {
		return fmt.Errorf("expects a 1-D vector, got %s (loads and stores of other ranks are not supported)", v)
	}
	return nil
}

// LoadDef is vector.load: consecutive elements along the last dimension.
var LoadDef = &ir.OpDef{
	Name:        "vector.load",
	Summary:     "Load consecutive elements of a buffer into a vector",
	Description: "Reads vector-width elements starting at the indices, along the buffer's last (contiguous) dimension; the elements must be in bounds.",
	Operands:    []ir.ArgDef{{Name: "base", Type: ir.AnyMemRef}, {Name: "indices", Type: ir.IndexOnly, Variadic: true}},
	Results:     []ir.ArgDef{{Name: "result", Type: ir.AnyVector}},
	Format:      "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
	Verify: func(op *ir.Operation) error {
		return indexCheck(op.Operand(0), op.Result(0), op.NumOperands()-1, "result")
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectRead, Value: op.Operand(0)}}
	},
}

// StoreDef is vector.store.
var StoreDef = &ir.OpDef{
	Name:        "vector.store",
	Summary:     "Store a vector into consecutive elements of a buffer",
	Description: "Writes the vector's elements starting at the indices, along the buffer's last dimension.",
	Operands:    []ir.ArgDef{{Name: "valueToStore", Type: ir.AnyVector}, {Name: "base", Type: ir.AnyMemRef}, {Name: "indices", Type: ir.IndexOnly, Variadic: true}},
	Format:      "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)",
	Verify: func(op *ir.Operation) error {
		return indexCheck(op.Operand(1), op.Operand(0), op.NumOperands()-2, "valueToStore")
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectWrite, Value: op.Operand(1)}}
	},
}

// BroadcastDef is vector.broadcast (scalar to vector).
var BroadcastDef = &ir.OpDef{
	Name:        "vector.broadcast",
	Summary:     "Broadcast a scalar to every lane",
	Description: "Returns a vector whose lanes all hold the scalar operand.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "source", Type: ir.AnyType}},
	Results:     []ir.ArgDef{{Name: "vector", Type: ir.AnyVector}},
	Format:      "$source attr-dict `:` type($source) `to` type($vector)",
	Verify: func(op *ir.Operation) error {
		if src, ok := vectorOf(op.Operand(0).Type()); ok {
			return fmt.Errorf("expects a scalar source, got %s (broadcasts of vectors are not supported)", src)
		}
		if v, ok := vectorOf(op.Result(0).Type()); ok && v.Elem != op.Operand(0).Type() {
			return fmt.Errorf("failed to verify that source operand and result have same element type")
		}
		return nil
	},
}

// SplatDef is vector.splat.
var SplatDef = &ir.OpDef{
	Name:        "vector.splat",
	Summary:     "Splat a scalar to every lane",
	Description: "Like vector.broadcast of a scalar.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "input", Type: ir.AnyType}},
	Results:     []ir.ArgDef{{Name: "aggregate", Type: ir.AnyVector}},
	Format:      "$input attr-dict `:` type($aggregate)",
	Verify: func(op *ir.Operation) error {
		if v, ok := vectorOf(op.Result(0).Type()); ok && v.Elem != op.Operand(0).Type() {
			return fmt.Errorf("failed to verify that operand type matches element type of result")
		}
		return nil
	},
}

// floatVector is MLIR's VectorOfAnyRankOf<[AnyFloat]>.
var floatVector = ir.TypeConstraint{Desc: "vector of floating-point values", Check: func(t ir.Type) bool {
	v, ok := vectorOf(t)
	return ok && ir.IsFloat(v.Elem)
}}

// FMADef is vector.fma: a*b + c lane by lane, rounded once.
var FMADef = &ir.OpDef{
	Name:        "vector.fma",
	GoName:      "FMA",
	Summary:     "Fused multiply-add",
	Description: "Computes lhs*rhs + acc lane by lane with a single rounding.",
	Traits:      ir.Pure | ir.SameOperandsAndResultType | ir.Elementwise,
	Operands:    []ir.ArgDef{{Name: "lhs", Type: floatVector}, {Name: "rhs", Type: floatVector}, {Name: "acc", Type: floatVector}},
	Results:     []ir.ArgDef{{Name: "result", Type: floatVector}},
	Format:      "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
}

// CombiningKind is the combining kind of a reduction, MLIR's
// vector::CombiningKind.
type CombiningKind uint32

// Combining kinds (MLIR 16's cases; maxf and minf propagate NaNs).
const (
	KindAdd CombiningKind = iota
	KindMul
	KindMinUI
	KindMinSI
	KindMinF
	KindMaxUI
	KindMaxSI
	KindMaxF
	KindAnd
	KindOr
	KindXor
)

// CombiningKindEnum spells the combining kinds.
var CombiningKindEnum = &ir.Enum[CombiningKind]{
	Name: "::mlir::vector::CombiningKind",
	Cases: []ir.EnumCase[CombiningKind]{
		{Keyword: "add", Value: KindAdd}, {Keyword: "mul", Value: KindMul},
		{Keyword: "minui", Value: KindMinUI}, {Keyword: "minsi", Value: KindMinSI}, {Keyword: "minf", Value: KindMinF},
		{Keyword: "maxui", Value: KindMaxUI}, {Keyword: "maxsi", Value: KindMaxSI}, {Keyword: "maxf", Value: KindMaxF},
		{Keyword: "and", Value: KindAnd}, {Keyword: "or", Value: KindOr}, {Keyword: "xor", Value: KindXor},
	},
}

// kindDesc is MLIR's description of the kind attribute.
const kindDesc = "Kind of combining function for contractions and reductions"

// CombiningKindAttrDef defines #vector.kind<kind>, MLIR's
// vector::CombiningKindAttr.
var CombiningKindAttrDef = ir.EnumAttrDef[CombiningKind]("vector.kind", kindDesc, CombiningKindEnum)

// ReductionKinds are the keywords of the combining kinds, in MLIR's order.
var ReductionKinds = CombiningKindEnum.Keywords()

// Kind returns the keyword of the combining kind of a vector.reduction
// ("add", "maxf", ...), or "" when the op has no valid kind.
func Kind(op *ir.Operation) string {
	k, ok := CombiningKindAttrDef.Value(op.Attr("kind"))
	if !ok {
		return ""
	}
	kw, _ := CombiningKindEnum.Keyword(k)
	return kw
}

// KindAttr returns MLIR's #vector.kind<kind> attribute for a kind keyword.
// A keyword that names no kind gives an attribute the verifier rejects,
// so that builders stay infallible.
func KindAttr(kind string) ir.Attribute {
	k, ok := CombiningKindEnum.Lookup(kind)
	if !ok {
		return ir.String(kind)
	}
	return CombiningKindAttrDef.Get(k)
}

// ReductionDef is vector.reduction.
//
//	%r = vector.reduction <add>, %v : vector<8xf32> into f32
var ReductionDef = &ir.OpDef{
	Name:        "vector.reduction",
	Summary:     "Reduce a vector to a scalar",
	Description: "Combines the lanes (in lane order) with the kind: add, mul, minf, maxf (NaN-propagating), minsi, maxsi, minui, maxui, and, or, xor.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "vector", Type: ir.AnyVector}},
	Results:     []ir.ArgDef{{Name: "dest", Type: ir.AnyType}},
	Attrs: []ir.AttrDef{{Name: "kind", Constraint: ir.AttrConstraint{Desc: kindDesc, Check: func(a ir.Attribute) bool {
		_, ok := CombiningKindAttrDef.Value(a)
		return ok
	}}}},
	Print: func(p ir.OpPrinter, op *ir.Operation) {
		p.Print(" ")
		k, _ := CombiningKindAttrDef.Value(op.Attr("kind"))
		CombiningKindAttrDef.Print(p, k)
		p.Print(", ")
		p.PrintOperand(op.Operand(0))
		p.PrintOptionalAttrDict(op.Attrs(), "kind")
		p.Print(" : ")
		p.PrintType(op.Operand(0).Type())
		p.Print(" into ")
		p.PrintType(op.Result(0).Type())
	},
	Parse: parseReduction,
	Verify: func(op *ir.Operation) error {
		k := Kind(op)
		v, ok := vectorOf(op.Operand(0).Type())
		if !ok {
			return nil
		}
		if v.Rank() > 1 {
			return fmt.Errorf("unsupported reduction rank: %d", v.Rank())
		}
		if !KindSupports(k, v.Elem) {
			return fmt.Errorf("unsupported reduction type '%s' for kind '%s'", v.Elem, k)
		}
		if v.Elem != op.Result(0).Type() {
			return fmt.Errorf("failed to verify that source operand and result have same element type")
		}
		return nil
	},
}

// KindSupports reports whether the combining kind applies to elements of
// type t (MLIR's isSupportedCombiningKind): add and mul to integers, index
// and floats; minf and maxf to floats; the others to integers and index.
func KindSupports(kind string, t ir.Type) bool {
	switch kind {
	case "add", "mul":
		return ir.IsIntegerOrIndex(t) || ir.IsFloat(t)
	case "minf", "maxf":
		return ir.IsFloat(t)
	}
	return ir.IsIntegerOrIndex(t)
}

func parseReduction(p ir.OpParser, st *ir.OperationState) error {
	kind, err := CombiningKindAttrDef.ParseAttribute(p)
	if err != nil {
		return err
	}
	st.AddAttr("kind", kind)
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	vt, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("into"); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	v, err := p.ResolveOperand(u, vt)
	if err != nil {
		return err
	}
	st.Operands, st.ResultTypes = []ir.Value{v}, []ir.Type{rt}
	return nil
}

// Dialect is the vector dialect.
var Dialect = &ir.Dialect{
	Name:        "vector",
	Summary:     "Fixed-width vectors (MLIR's vector dialect names and syntax)",
	Description: "Vector loads and stores along a buffer's contiguous dimension, broadcast, splat, fma and reductions. Element-wise math on vectors uses arith.",
	Ops:         []*ir.OpDef{LoadDef, StoreDef, BroadcastDef, SplatDef, FMADef, ReductionDef},
	Attrs:       []ir.AttrDefinition{CombiningKindAttrDef},
}

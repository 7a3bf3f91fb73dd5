// Package vector defines the fixed-width vector ops tt's CPU lowering uses,
// with MLIR's vector dialect names and syntax: loads and stores of
// contiguous elements, broadcast, splat, fused multiply-add and
// reductions. Element-wise math on vectors is the arith dialect's.
package vector

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

func vectorOf(t ir.Type) (*ir.VectorType, bool) {
	v, ok := t.(*ir.VectorType)
	return v, ok
}

// indexCheck verifies a vector access: one index per buffer dimension, a
// 1-D vector of the buffer's element type.
func indexCheck(op *ir.Operation, buf, vec ir.Value, nIndices int) error {
	m, ok := buf.Type().(*ir.MemRefType)
	v, okv := vectorOf(vec.Type())
	if !ok || !okv {
		return nil
	}
	if nIndices != m.Rank() {
		return fmt.Errorf("expects %d indices for %s, got %d", m.Rank(), m, nIndices)
	}
	if v.Rank() != 1 || v.Elem != m.Elem {
		return fmt.Errorf("expects a 1-D vector of %s, got %s", m.Elem, v)
	}
	return nil
}

// Load is vector.load: consecutive elements along the last dimension.
var Load = &ir.OpDef{
	Name:        "vector.load",
	Summary:     "Load consecutive elements of a buffer into a vector",
	Description: "Reads vector-width elements starting at the indices, along the buffer's last (contiguous) dimension; the elements must be in bounds.",
	Operands:    []ir.ArgDef{{Name: "base", Type: ir.AnyMemRef}, {Name: "indices", Type: ir.IndexOnly, Variadic: true}},
	Results:     []ir.ArgDef{{Name: "result", Type: ir.AnyVector}},
	Format:      "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
	Verify: func(op *ir.Operation) error {
		return indexCheck(op, op.Operand(0), op.Result(0), op.NumOperands()-1)
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectRead, Value: op.Operand(0)}}
	},
}

// Store is vector.store.
var Store = &ir.OpDef{
	Name:        "vector.store",
	Summary:     "Store a vector into consecutive elements of a buffer",
	Description: "Writes the vector's elements starting at the indices, along the buffer's last dimension.",
	Operands:    []ir.ArgDef{{Name: "valueToStore", Type: ir.AnyVector}, {Name: "base", Type: ir.AnyMemRef}, {Name: "indices", Type: ir.IndexOnly, Variadic: true}},
	Format:      "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)",
	Verify: func(op *ir.Operation) error {
		return indexCheck(op, op.Operand(1), op.Operand(0), op.NumOperands()-2)
	},
	Effects: func(op *ir.Operation) []ir.MemoryEffect {
		return []ir.MemoryEffect{{Kind: ir.EffectWrite, Value: op.Operand(1)}}
	},
}

// Broadcast is vector.broadcast (scalar to vector).
var Broadcast = &ir.OpDef{
	Name:        "vector.broadcast",
	Summary:     "Broadcast a scalar to every lane",
	Description: "Returns a vector whose lanes all hold the scalar operand.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "source", Type: ir.AnyType}},
	Results:     []ir.ArgDef{{Name: "vector", Type: ir.AnyVector}},
	Format:      "$source attr-dict `:` type($source) `to` type($vector)",
	Verify: func(op *ir.Operation) error {
		if v, ok := vectorOf(op.Result(0).Type()); ok && v.Elem != op.Operand(0).Type() {
			return fmt.Errorf("source type %s is not the element type of %s", op.Operand(0).Type(), v)
		}
		return nil
	},
}

// Splat is vector.splat.
var Splat = &ir.OpDef{
	Name:        "vector.splat",
	Summary:     "Splat a scalar to every lane",
	Description: "Like vector.broadcast of a scalar.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "input", Type: ir.AnyType}},
	Results:     []ir.ArgDef{{Name: "aggregate", Type: ir.AnyVector}},
	Format:      "$input attr-dict `:` type($aggregate)",
	Verify: func(op *ir.Operation) error {
		if v, ok := vectorOf(op.Result(0).Type()); ok && v.Elem != op.Operand(0).Type() {
			return fmt.Errorf("operand type %s is not the element type of %s", op.Operand(0).Type(), v)
		}
		return nil
	},
}

// FMA is vector.fma: a*b + c lane by lane, rounded once.
var FMA = &ir.OpDef{
	Name:        "vector.fma",
	Summary:     "Fused multiply-add",
	Description: "Computes lhs*rhs + acc lane by lane with a single rounding.",
	Traits:      ir.Pure | ir.SameOperandsAndResultType | ir.Elementwise,
	Operands:    []ir.ArgDef{{Name: "lhs", Type: ir.AnyVector}, {Name: "rhs", Type: ir.AnyVector}, {Name: "acc", Type: ir.AnyVector}},
	Results:     []ir.ArgDef{{Name: "result", Type: ir.AnyVector}},
	Format:      "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
}

// ReductionKinds are the combining kinds of vector.reduction (MLIR's CombiningKind).
var ReductionKinds = []string{"add", "mul", "minui", "minsi", "minf", "maxui", "maxsi", "maxf", "and", "or", "xor"}

// Kind returns the combining kind of a vector.reduction ("add", "maxf", ...).
func Kind(op *ir.Operation) string {
	a, ok := op.Attr("kind").(*ir.OpaqueAttr)
	if !ok {
		return ""
	}
	return strings.TrimSuffix(strings.TrimPrefix(a.Text, "#vector.kind<"), ">")
}

// KindAttr returns MLIR's #vector.kind<kind> attribute.
func KindAttr(kind string) ir.Attribute { return &ir.OpaqueAttr{Text: "#vector.kind<" + kind + ">"} }

// Reduction is vector.reduction.
//
//	%r = vector.reduction <add>, %v : vector<8xf32> into f32
var Reduction = &ir.OpDef{
	Name:        "vector.reduction",
	Summary:     "Reduce a vector to a scalar",
	Description: "Combines the lanes (in lane order) with the kind: add, mul, minf, maxf (NaN-propagating), minsi, maxsi, minui, maxui, and, or, xor.",
	Traits:      ir.Pure,
	Operands:    []ir.ArgDef{{Name: "vector", Type: ir.AnyVector}},
	Results:     []ir.ArgDef{{Name: "dest", Type: ir.AnyType}},
	Attrs:       []ir.AttrDef{{Name: "kind", Constraint: ir.AttrConstraint{Desc: "vector combining kind", Check: func(a ir.Attribute) bool { o, ok := a.(*ir.OpaqueAttr); return ok && strings.HasPrefix(o.Text, "#vector.kind<") }}}},
	Print: func(p ir.OpPrinter, op *ir.Operation) {
		p.Print(" <" + Kind(op) + ">, ")
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
		found := false
		for _, x := range ReductionKinds {
			found = found || x == k
		}
		if !found {
			return fmt.Errorf("unknown reduction kind %q", k)
		}
		if v, ok := vectorOf(op.Operand(0).Type()); ok && v.Elem != op.Result(0).Type() {
			return fmt.Errorf("result type %s is not the element type of %s", op.Result(0).Type(), v)
		}
		return nil
	},
}

func parseReduction(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	kind, err := p.ParseIdentifier()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(">"); err != nil {
		return err
	}
	st.AddAttr("kind", KindAttr(kind))
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
	Ops:         []*ir.OpDef{Load, Store, Broadcast, Splat, FMA, Reduction},
}

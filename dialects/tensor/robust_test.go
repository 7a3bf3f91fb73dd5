package tensor_test

import (
	"fmt"
	"math/rand"
	"runtime/debug"
	"testing"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Garbage operand types, attribute values and result types for the
// robustness test: hooks must report errors, never panic.
var (
	junkTypes = []string{"tensor<2x3xf32>", "tensor<3xi64>", "tensor<?xf32>", "tensor<f32>", "tensor<2x3xi1>",
		"tensor<1x3x4x4xf32>", "tensor<0xf16>", "tensor<*xf32>", "index", "f32", "vector<4xf32>", "tensor<2x?xi32>"}
	junkAttrs = []string{"0", "-1", "5", "array<i64: 1, 0>", "array<i64: -3>", "array<i64>", "array<i64: 0, 1, 2, 3>",
		"array<i32: 1>", "true", `"tanh"`, `"eq"`, "1.0 : f32", "2.0 : f64", "dense<1.0> : tensor<2xf32>",
		"dense<[1, 2]> : tensor<2xi64>", "dense<1.0> : vector<2xf32>", "[1, 2]", "unit", "7 : i32"}
)

// TestHooksNeverPanic builds many ill-formed variants of every op and runs
// inference, verification, folding, canonicalization, decomposition and
// printing on them.
func TestHooksNeverPanic(t *testing.T) {
	ctx := newCtx()
	types := make([]ir.Type, len(junkTypes))
	for i, s := range junkTypes {
		types[i] = parseType(t, ctx, s)
	}
	attrs := make([]ir.Attribute, len(junkAttrs))
	for i, s := range junkAttrs {
		attrs[i] = parseAttrs(t, ctx, "{a = "+s+"}")[0].Value
	}
	rng := rand.New(rand.NewSource(1))
	for _, def := range ctx.Dialect("tensor").Ops {
		for i := 0; i < 300; i++ {
			st := randomState(rng, ctx, def, types, attrs)
			t.Run(fmt.Sprintf("%s/%d", def.Name, i), func(t *testing.T) { exercise(t, ctx, def, st, nil) })
		}
	}
}

// randomState returns an op state of def with random operands, attributes
// and result types.
func randomState(rng *rand.Rand, ctx *ir.Context, def *ir.OpDef, types []ir.Type, attrs []ir.Attribute) *ir.OperationState {
	n := rng.Intn(5)
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = types[rng.Intn(len(types))]
	}
	blk := ir.NewBlock(ts, nil)
	(&ir.Region{}).PushBack(blk)
	st := &ir.OperationState{Name: def.Name, Operands: blk.ArgValues()}
	for _, a := range def.Attrs {
		if rng.Intn(4) > 0 {
			st.AddAttr(a.Name, attrs[rng.Intn(len(attrs))])
		}
	}
	for i := rng.Intn(3); i > 0; i-- {
		st.ResultTypes = append(st.ResultTypes, types[rng.Intn(len(types))])
	}
	if st.ResultTypes == nil {
		st.ResultTypes = []ir.Type{}
	}
	return st
}

// exercise runs every hook on the op built from st.
func exercise(t *testing.T, ctx *ir.Context, def *ir.OpDef, st *ir.OperationState, existing *ir.Operation) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	op := existing
	if op == nil {
		if def.InferResultTypes != nil {
			_, _ = def.InferResultTypes(ctx, st.Operands, st.Attrs, nil)
		}
		op = insert(ctx.NewOp(st))
	}
	valid := ir.Verify(op) == nil
	if def.Verify != nil {
		_ = def.Verify(op)
	}
	if def.Fold != nil {
		given := make([]ir.Attribute, op.NumOperands())
		_, _ = def.Fold(op, given)
	}
	if valid && tensor.IsComposite(op) {
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointBefore(op)
		if _, err := tensor.DecomposeOp(b, op); err != nil {
			t.Fatalf("decomposing a valid %s: %v", op.Name(), err)
		}
	}
	rw := ir.NewPatternRewriter(ctx, nil)
	for _, p := range def.Canonicalize {
		p.MatchAndRewrite(op, rw)
	}
	_ = print(op, true)
	if valid {
		// The core printer expects verified ops in custom form.
		_ = print(op, false)
	}
}

// TestHooksNeverPanicOnChains builds random chains of ops (operands taken
// from constants, block arguments and earlier results) so that folders and
// patterns that look through defining ops see ill-formed producers too.
func TestHooksNeverPanicOnChains(t *testing.T) {
	ctx := newCtx()
	rng := rand.New(rand.NewSource(2))
	defs := ctx.Dialect("tensor").Ops
	attrs := make([]ir.Attribute, len(junkAttrs))
	for i, s := range junkAttrs {
		attrs[i] = parseAttrs(t, ctx, "{a = "+s+"}")[0].Value
	}
	types := make([]ir.Type, len(junkTypes))
	for i, s := range junkTypes {
		types[i] = parseType(t, ctx, s)
	}
	for trial := 0; trial < 200; trial++ {
		blk := ir.NewBlock(types, nil)
		(&ir.Region{}).PushBack(blk)
		pool := blk.ArgValues()
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointToEnd(blk)
		for _, c := range []string{"dense<1.0> : tensor<2x3xf32>", "dense<[0, 1, 2]> : tensor<3xi64>", "dense<0.0> : tensor<f32>", "dense<true> : tensor<2x3xi1>"} {
			pool = append(pool, b.MustCreate(&ir.OperationState{Name: "tensor.constant", Attrs: parseAttrs(t, ctx, "{value = "+c+"}")}).Result(0))
		}
		for i := 0; i < 40; i++ {
			def := defs[rng.Intn(len(defs))]
			st := randomState(rng, ctx, def, types, attrs)
			for k := range st.Operands {
				st.Operands[k] = pool[rng.Intn(len(pool))]
			}
			op := b.Insert(ctx.NewOp(st))
			pool = append(pool, op.Results()...)
		}
		for op := blk.First(); op != nil; op = op.Next() {
			t.Run(fmt.Sprintf("%d/%s", trial, op.Name()), func(t *testing.T) { exercise(t, ctx, op.Def(), nil, op) })
		}
	}
}

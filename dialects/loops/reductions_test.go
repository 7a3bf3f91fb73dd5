package loops_test

import (
	"math"
	"slices"
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// TestReductionIdentities checks each kind's identity: combining it with
// an element x gives x back, on the boundary values of its type.
func TestReductionIdentities(t *testing.T) {
	ctx := registry.NewContext()
	floats := []float64{-2.5, 0, math.Copysign(0, -1), 7, math.Inf(1), math.Inf(-1)}
	ints := []int64{math.MinInt32, -1, 0, 1, math.MaxInt32}
	cases := []struct {
		kind    loops.ReductionKind
		t       ir.Type
		combine func(acc, x float64) float64
		icomb   func(acc, x int64) int64
	}{
		{kind: loops.ReduceAddF, t: ctx.F32(), combine: func(a, x float64) float64 { return a + x }},
		{kind: loops.ReduceMulF, t: ctx.F64(), combine: func(a, x float64) float64 { return a * x }},
		{kind: loops.ReduceMaxF, t: ctx.F32(), combine: math.Max},
		{kind: loops.ReduceMinF, t: ctx.F32(), combine: math.Min},
		{kind: loops.ReduceOnlineMax, t: ctx.F32(), combine: math.Max},
		{kind: loops.ReduceAddI, t: ctx.I32(), icomb: func(a, x int64) int64 { return a + x }},
		{kind: loops.ReduceMulI, t: ctx.I32(), icomb: func(a, x int64) int64 { return a * x }},
		{kind: loops.ReduceAndI, t: ctx.I32(), icomb: func(a, x int64) int64 { return a & x }},
		{kind: loops.ReduceOrI, t: ctx.I32(), icomb: func(a, x int64) int64 { return a | x }},
		{kind: loops.ReduceXOrI, t: ctx.I32(), icomb: func(a, x int64) int64 { return a ^ x }},
		{kind: loops.ReduceMaxSI, t: ctx.I32(), icomb: func(a, x int64) int64 { return max(a, x) }},
		{kind: loops.ReduceMinSI, t: ctx.I32(), icomb: func(a, x int64) int64 { return min(a, x) }},
		{kind: loops.ReduceMaxUI, t: ctx.I32(), icomb: func(a, x int64) int64 { return int64(max(uint32(a), uint32(x))) }},
		{kind: loops.ReduceMinUI, t: ctx.I32(), icomb: func(a, x int64) int64 { return int64(min(uint32(a), uint32(x))) }},
	}
	for _, c := range cases {
		id, ok := c.kind.Identity(c.t)
		if !ok {
			t.Errorf("%s on %s has no identity", c.kind, c.t)
			continue
		}
		if c.combine != nil {
			e := id.(*ir.FloatAttr).Value
			for _, x := range floats {
				if got := c.combine(e, x); math.Float64bits(got) != math.Float64bits(x) {
					t.Errorf("%s: identity %v combined with %v gives %v", c.kind, e, x, got)
				}
			}
			continue
		}
		e := id.(*ir.IntegerAttr).Int64()
		for _, x := range ints {
			got := c.icomb(e, x)
			if c.kind == loops.ReduceMaxUI || c.kind == loops.ReduceMinUI || c.kind == loops.ReduceAndI {
				got, x = int64(uint32(got)), int64(uint32(x))
			}
			if got != x {
				t.Errorf("%s: identity %d combined with %d gives %d", c.kind, e, x, got)
			}
		}
	}
	if _, ok := loops.ReduceNone.Identity(ctx.F32()); ok {
		t.Error("none has an identity")
	}
	if loops.ReduceAddI.Combiner() != arith.AddIName || loops.ReduceOnlineMax.Combiner() != arith.MaxFName || loops.ReduceOnlineSum.Combiner() != "" {
		t.Error("wrong combiners")
	}
}

// TestPruneReductions checks that declarations that no longer hold become
// none (an online pair as a whole) and the others stay.
func TestPruneReductions(t *testing.T) {
	src := `func.func @f(%n: index, %x: f32, %y: f64) -> (f32, f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = loops.for %i = %c0 to %n step %c1 iter_args(%m = %x, %s = %y, %a = %y) -> (f32, f64, f64) {
    %m2 = arith.maxf %m, %x : f32
    %s2 = arith.addf %s, %y : f64
    %a2 = arith.addf %a, %y : f64
    loops.yield %m2, %s2, %a2 : f32, f64, f64
  } {reductions = ["online_max", "online_sum", "addf"]}
  return %r#0, %r#1, %r#2 : f32, f64, f64
}`
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var l *ir.Operation
	m.Walk(func(op *ir.Operation) {
		if op.Name() == loops.ForName {
			l = op
		}
	})
	reds, err := loops.ReductionsOf(l)
	if err != nil || len(reds) != 3 || reds[0].Combiner == nil || reds[2].AccOperand != 0 {
		t.Fatalf("ReductionsOf = %+v, %v", reds, err)
	}
	// Make the running sum read by the plain sum: the pair no longer holds.
	a2 := ir.DefiningOp(l.Region(0).Front().Terminator().Operand(2))
	a2.SetOperand(1, l.Region(0).Front().Arg(2))
	if _, err := loops.ReductionsOf(l); err == nil {
		t.Fatal("a pair read by another value verifies")
	}
	loops.PruneReductions(l)
	want := []loops.ReductionKind{loops.ReduceNone, loops.ReduceNone, loops.ReduceAddF}
	if got := loops.ReductionKinds(l); !slices.Equal(got, want) {
		t.Errorf("pruned to %v, want %v", got, want)
	}
	if err := ir.Verify(m); err != nil {
		t.Errorf("pruned loop does not verify: %v", err)
	}
}

package analysis_test

import (
	"testing"

	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// src has a row loop holding two passes over %x (a maximum, then a store
// of x - max) and a loop of dynamic bounds.
const src = `func.func @f(%x: memref<4x8xf32>, %y: memref<4x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %ninf = arith.constant 0xFF800000 : f32
  loops.for %i = %c0 to %c4 step %c1 {
    %m = loops.for %j = %c0 to %c8 step %c1 iter_args(%a = %ninf) -> (f32) {
      %v = loops.load %x[%i, %j] : memref<4x8xf32>
      %b = arith.maxf %a, %v : f32
      loops.yield %b : f32
    } {reductions = ["maxf"]}
    loops.for %j = %c1 to %c8 step %c2 {
      %k = arith.muli %j, %c2 : index
      %l = arith.addi %k, %i : index
      %o = arith.subi %l, %c1 : index
      %v = loops.load %x[%i, %j] : memref<4x8xf32>
      %d = arith.subf %v, %m : f32
      loops.store %d, %y[%i, %j] : memref<4x8xf32>
      loops.yield
    }
    loops.yield
  }
  loops.for %j = %c0 to %n step %c1 {
    loops.yield
  }
  return
}`

func TestLoopAnalyses(t *testing.T) {
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	var fors []*ir.Operation
	m.Walk(func(op *ir.Operation) {
		switch op.Name() {
		case "func.func":
			fn = op
		case loops.ForName:
			fors = append(fors, op)
		}
	})
	// Walk is post-order: the two inner loops, the row loop, the dynamic one.
	inner1, inner2, row, dyn := fors[0], fors[1], fors[2], fors[3]
	for _, c := range []struct {
		l     *ir.Operation
		trips int64
		known bool
	}{{inner1, 8, true}, {inner2, 4, true}, {row, 4, true}, {dyn, 0, false}} {
		if n, ok := analysis.TripCount(c.l); n != c.trips || ok != c.known {
			t.Errorf("TripCount = %d, %v; want %d, %v", n, ok, c.trips, c.known)
		}
	}
	if w := analysis.BlockWork(fn.Region(0).Front()); w != 4*(8+4)+analysis.UnknownTrips {
		t.Errorf("BlockWork = %v", w)
	}
	if n := analysis.CountInputPasses(fn, fn.Region(0).Front().Arg(0)); n != 2 {
		t.Errorf("passes over %%x = %d, want 2", n)
	}
	if n := analysis.CountInputPasses(fn, fn.Region(0).Front().Arg(1)); n != 0 {
		t.Errorf("passes over %%y (only stored) = %d, want 0", n)
	}
	// o = 2j + i - 1: a linear form over the induction variables.
	body := inner2.Region(0).Front()
	var o ir.Value
	for op := range body.Ops() {
		if op.Name() == "arith.subi" {
			o = op.Result(0)
		}
	}
	f := analysis.LinearOf(o, map[ir.Value]analysis.Linear{})
	iv, rowIV := body.Arg(0), row.Region(0).Front().Arg(0)
	if f.Const != -1 || len(f.Terms) != 2 || f.Terms[iv] != 2 || f.Terms[rowIV] != 1 {
		t.Errorf("LinearOf(2j + i - 1) = %v + %d", f.Terms, f.Const)
	}
	if !ir.IsDefinedInside(o, row) || ir.IsDefinedInside(o, dyn) {
		t.Error("DefinedIn is wrong")
	}
	if lo, hi, ok := analysis.InductionRange(iv); !ok || lo != 1 || hi != 7 {
		t.Errorf("InductionRange = %d, %d, %v; want 1, 7", lo, hi, ok)
	}
}

package transforms_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tt-compiler/tt/dialects/loops/transforms"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// parse parses a module with every dialect loaded and verifies it.
func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m
}

// printIR prints a module.
func printIR(m *ir.Operation) string { return asm.String(m, asm.PrintOptions{}) }

// vectorEdgeSrc has loops with run-time bounds: a sum, a maximum, a
// minimum and a product (f32 elements, sums in f64), and an element-wise
// loop writing a buffer.
const vectorEdgeSrc = `
func.func @reds(%x: memref<40xf32>, %lb: index, %ub: index) -> (f64, f32, f32, f64) {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ninf = arith.constant 0xFF800000 : f32
  %pinf = arith.constant 0x7F800000 : f32
  %r:4 = loops.for %i = %lb to %ub step %c1 iter_args(%s = %z, %m = %ninf, %n = %pinf, %p = %one) -> (f64, f32, f32, f64) {
    %v = loops.load %x[%i] : memref<40xf32>
    %d = arith.extf %v : f32 to f64
    %s2 = arith.addf %s, %d : f64
    %m2 = arith.maxf %m, %v : f32
    %n2 = arith.minf %v, %n : f32
    %p2 = arith.mulf %p, %d : f64
    loops.yield %s2, %m2, %n2, %p2 : f64, f32, f32, f64
  } {reductions = ["addf", "maxf", "minf", "mulf"]}
  return %r#0, %r#1, %r#2, %r#3 : f64, f32, f32, f64
}
func.func @map(%x: memref<40xf32>, %y: memref<40xf64>, %lb: index, %ub: index) -> memref<40xf64> {
  %c1 = arith.constant 1 : index
  %h = arith.constant 0.5 : f32
  loops.for %i = %lb to %ub step %c1 {
    %v = loops.load %x[%i] : memref<40xf32>
    %a = arith.mulf %v, %h : f32
    %t = math.tanh %a : f32
    %c = arith.cmpf olt, %v, %h : f32
    %s = arith.select %c, %t, %v : f32
    %d = arith.extf %s : f32 to f64
    %w = loops.load %y[%i] : memref<40xf64>
    %e = arith.addf %d, %w : f64
    loops.store %e, %y[%i] : memref<40xf64>
    loops.yield
  }
  return %y : memref<40xf64>
}`

// TestVectorizeEdges compares the scalar and vectorized loops on every
// pair of bounds 0 <= lb, ub <= 40 (empty ranges and ub < lb included),
// on data with NaN, infinities, signed zeros and ordinary values: max and
// min must agree exactly (including NaN propagation and the sign of zero
// where the order makes no difference), sums and products within
// reordering error, element-wise results bitwise.
func TestVectorizeEdges(t *testing.T) {
	scalar := parse(t, vectorEdgeSrc)
	vec := parse(t, vectorEdgeSrc)
	st, err := transforms.Vectorize(vec, transforms.VectorizeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Loops != 2 || st.Reductions != 4 || st.Tails != 2 {
		t.Fatalf("stats %+v, want 2 loops, 4 reductions, 2 tails:\n%s", st, printIR(vec))
	}
	rng := rand.New(rand.NewSource(5))
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1)}
	for trial := range 6 {
		vals := make([]float64, 40)
		for i := range vals {
			vals[i] = rng.Float64()*8 - 4
			if trial > 0 && rng.Intn(8) == 0 {
				vals[i] = special[rng.Intn(len(special))]
			}
		}
		x, err := interp.FromFloats(interp.F32, []int64{40}, vals)
		if err != nil {
			t.Fatal(err)
		}
		y, err := interp.FromFloats(interp.F64, []int64{40}, vals)
		if err != nil {
			t.Fatal(err)
		}
		for lb := int64(0); lb <= 40; lb += 1 + int64(trial%3) {
			for ub := int64(0); ub <= 40; ub++ {
				args := []*interp.Tensor{x, interp.ScalarInt(interp.Index, lb), interp.ScalarInt(interp.Index, ub)}
				want, err := interp.New(scalar, kernels.NewRegistry()).RunTensors("reds", args...)
				if err != nil {
					t.Fatal(err)
				}
				got, err := interp.New(vec, kernels.NewRegistry()).RunTensors("reds", args...)
				if err != nil {
					t.Fatalf("lb %d ub %d: %v", lb, ub, err)
				}
				for i := range want {
					ok := interp.Equal(got[i], want[i])
					if !ok && (i == 0 || i == 3) {
						ok = interp.Close(got[i], want[i], 1e-12, 1e-12) == nil
					}
					if !ok {
						t.Fatalf("trial %d lb %d ub %d: result #%d = %v, want %v", trial, lb, ub, i, got[i], want[i])
					}
				}
				margs := []*interp.Tensor{x, y.Clone(), interp.ScalarInt(interp.Index, lb), interp.ScalarInt(interp.Index, ub)}
				wantM, err := interp.New(scalar, kernels.NewRegistry()).RunTensors("map", margs...)
				if err != nil {
					t.Fatal(err)
				}
				margs[1] = y.Clone()
				gotM, err := interp.New(vec, kernels.NewRegistry()).RunTensors("map", margs...)
				if err != nil {
					t.Fatalf("map lb %d ub %d: %v", lb, ub, err)
				}
				if !interp.Equal(gotM[0], wantM[0]) {
					t.Fatalf("map trial %d lb %d ub %d: %v, want %v", trial, lb, ub, gotM[0], wantM[0])
				}
			}
		}
	}
}

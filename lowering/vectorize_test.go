package lowering_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/lowering"
)

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
  }
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
	if !hasLoopKernels() {
		t.Skip("no loop-level kernels")
	}
	scalar := parse(t, vectorEdgeSrc)
	vec := parse(t, vectorEdgeSrc)
	st, err := lowering.Vectorize(vec, lowering.VectorizeOptions{})
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

// TestVectorizeOnlineSoftmax checks the lane-by-lane online normalizer on
// softmax and log_softmax rows of 37 and 64 elements holding -Inf, +Inf,
// NaN, large and growing values at various places: against the scalar
// loops (pt2-go without parallelize and vectorize), rows with a finite
// maximum agree within 1e-6 relative and the others (±Inf or NaN maximum,
// handled by the scalar fallback) bitwise.
func TestVectorizeOnlineSoftmax(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("no loop-level kernels")
	}
	inf, nan := math.Inf(1), math.NaN()
	rng := rand.New(rand.NewSource(11))
	for _, n := range []int{37, 64} {
		for _, op := range []string{"softmax", "log_softmax"} {
			src := fmt.Sprintf(`func.func @f(%%x: tensor<12x%[2]dxf32>) -> tensor<12x%[2]dxf32> {
  %%0 = tensor.%[1]s %%x dim = 1 : tensor<12x%[2]dxf32>
  return %%0 : tensor<12x%[2]dxf32>
}`, op, n)
			rows := make([][]float64, 12)
			finite := make([]bool, 12)
			for r := range rows {
				row := make([]float64, n)
				for i := range row {
					row[i] = rng.Float64()*20 - 10
				}
				finite[r] = true
				switch r {
				case 1:
					for i := range row {
						row[i] = -inf
					}
					finite[r] = false
				case 2:
					row[n-1] = inf
					finite[r] = false
				case 3:
					row[5] = nan
					finite[r] = false
				case 4:
					for i := range row {
						row[i] = float64(i) * 3 // a new maximum at every element
					}
				case 5:
					for i := 0; i < n; i += 2 {
						row[i] = -inf
					}
				case 6:
					row[0], row[9] = inf, inf
					finite[r] = false
				case 7:
					for i := range row {
						row[i] += 80 // exp overflows f32 without the shift
					}
				case 8:
					for i := 0; i < n-3; i++ {
						row[i] = -inf // only the tail is finite
					}
				}
				rows[r] = row
			}
			var vals []float64
			for _, r := range rows {
				vals = append(vals, r...)
			}
			x, err := interp.FromFloats(interp.F32, []int64{12, int64(n)}, vals)
			if err != nil {
				t.Fatal(err)
			}
			c := diffCase{name: op, src: src, fn: "f"}
			scalar := lowerStages(t, c, beforeStages)
			vec := lowerStages(t, c, beforeStages+",vectorize")
			if countOps(vec, "vector.reduction") == 0 {
				t.Fatalf("%s: the normalizer was not vectorized:\n%s", op, printIR(vec))
			}
			want, err := interp.New(scalar, kernels.NewRegistry()).RunTensors("f", x)
			if err != nil {
				t.Fatal(err)
			}
			got, err := interp.New(vec, kernels.NewRegistry()).RunTensors("f", x)
			if err != nil {
				t.Fatal(err)
			}
			for r := range rows {
				for i := range n {
					k := r*n + i
					g, w := got[0].Float(k), want[0].Float(k)
					same := math.Float64bits(g) == math.Float64bits(w) || (math.IsNaN(g) && math.IsNaN(w))
					if !finite[r] && !same {
						t.Errorf("%s n=%d row %d [%d]: %v, scalar loops %v (must be identical)", op, n, r, i, g, w)
					}
					if finite[r] && !same && !(math.Abs(g-w) <= 1e-6*math.Abs(w)+1e-7) {
						t.Errorf("%s n=%d row %d [%d]: %v, scalar loops %v", op, n, r, i, g, w)
					}
				}
			}
		}
	}
}

package lowering_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
)

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

package ptxsim_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
)

// vectorSrc holds pointwise nests loops-to-gpu vectorizes (4 points per
// thread, ld/st.global.v4): a 2-d one with dynamic sizes (groups checked
// in the kernel: complete and rows a multiple of 4, else scalar), a 1-d
// one, one with a broadcast row of static length 12 and an f64 one (two
// ld/st.global.v2 per group).
const vectorSrc = `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %v: tensor<?xf32>, %w: tensor<?xf32>, %z: tensor<?x12xf32>, %a: tensor<12xf32>, %d: tensor<?xf64>) -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?x12xf32>, tensor<?xf64>) {
  %0 = tensor.add %x, %y : tensor<?x?xf32>
  %1 = tensor.mul %0, %x : tensor<?x?xf32>
  %2 = tensor.sub %v, %w : tensor<?xf32>
  %n = tensor.dim %z dim = 0 : tensor<?x12xf32>
  %a2 = tensor.broadcast %a dims = [1] sizes(%n) : tensor<12xf32> -> tensor<?x12xf32>
  %3 = tensor.mul %z, %a2 : tensor<?x12xf32>
  %4 = tensor.mul %d, %d : tensor<?xf64>
  return %1, %2, %3, %4 : tensor<?x?xf32>, tensor<?xf32>, tensor<?x12xf32>, tensor<?xf64>
}`

// TestVectorizedPointwise runs the vectorized kernels on sizes that are
// and are not multiples of 4 (the scalar tail, unaligned rows) against
// the interpreter (bit for bit), and checks that the PTX has 16-byte
// accesses (ptx/sim's TestVectorCoalescing checks their statistics).
func TestVectorizedPointwise(t *testing.T) {
	var r ptxsim.Runner
	r.DumpDir = t.TempDir()
	if err := r.Prepare(context.Background(), parse(t, vectorSrc), "f"); err != nil {
		t.Fatal(err)
	}
	ref := interp.New(parse(t, vectorSrc), kernels.NewRegistry())
	for _, n := range []int64{1, 3, 4, 7, 13, 64, 1030} {
		args := []*interp.Tensor{
			filled(t, []int64{5, n}, 1), filled(t, []int64{5, n}, 2),
			filled(t, []int64{n}, 3), filled(t, []int64{n}, 4),
			filled(t, []int64{n, 12}, 5), filled(t, []int64{12}, 6), filled64(t, n),
		}
		want, err := ref.RunTensors("f", args...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Call(context.Background(), "f", args...)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		for i := range want {
			if got[i].Len() != want[i].Len() {
				t.Fatalf("n=%d: result %d has %d elements, want %d", n, i, got[i].Len(), want[i].Len())
			}
			for j := range want[i].Len() {
				if g, w := got[i].Float(j), want[i].Float(j); g != w && !(math.IsNaN(g) && math.IsNaN(w)) {
					t.Fatalf("n=%d: result %d element %d: %g, want %g", n, i, j, g, w)
				}
			}
		}
	}
	ptxText, err := os.ReadFile(filepath.Join(r.DumpDir, "kernels.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	for want, count := range map[string]int{"ld.global.v4.f32": 3, "st.global.v4.f32": 3, "ld.global.v2.f64": 2, "st.global.v2.f64": 2} {
		if got := strings.Count(string(ptxText), want); got < count {
			t.Errorf("kernels.ptx has %d %s, want %d at least", got, want, count)
		}
	}
}

func filled64(t *testing.T, n int64) *interp.Tensor {
	x, err := interp.NewTensor(interp.F64, []int64{n})
	if err != nil {
		t.Fatal(err)
	}
	for i := range x.Len() {
		x.SetFloat(i, math.Cos(float64(i)*0.7)/3)
	}
	return x
}

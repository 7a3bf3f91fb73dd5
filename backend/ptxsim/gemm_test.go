package ptxsim_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ptx"
)

// gemmCase is one matmul with its layout and epilogue: C [batch.., m, n]
// = act(A·B + bias), A stored [batch.., k, m] when transA, B [batch.., n,
// k] when transB.
type gemmCase struct {
	batch          []int64
	m, n, k        int64
	transA, transB bool
	bias           bool
	act            string // "", "relu", "gelu", "gelu_tanh"
	f64            bool
}

func (c gemmCase) String() string {
	s := fmt.Sprintf("%v_%dx%dx%d", c.batch, c.m, c.n, c.k)
	if c.transA {
		s += "_tA"
	}
	if c.transB {
		s += "_tB"
	}
	if c.bias {
		s += "_bias"
	}
	if c.act != "" {
		s += "_" + c.act
	}
	if c.f64 {
		s += "_f64"
	}
	return s
}

func shapeType(shape []int64, et string) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for _, d := range shape {
		fmt.Fprintf(&sb, "%dx", d)
	}
	return sb.String() + et + ">"
}

func with(batch []int64, dims ...int64) []int64 {
	return append(append([]int64{}, batch...), dims...)
}

// source writes the case as a tensor program whose transposes, bias and
// activation fuse into one tt.matmul.
func (c gemmCase) source() string {
	et := "f32"
	if c.f64 {
		et = "f64"
	}
	r := len(c.batch) + 2
	perm := make([]string, r)
	for i := range perm {
		perm[i] = fmt.Sprint(i)
	}
	perm[r-2], perm[r-1] = perm[r-1], perm[r-2]
	permAttr := "{perm = array<i64: " + strings.Join(perm, ", ") + ">}"
	aT, bT, cT := shapeType(with(c.batch, c.m, c.k), et), shapeType(with(c.batch, c.k, c.n), et), shapeType(with(c.batch, c.m, c.n), et)
	aIn, bIn := aT, bT
	if c.transA {
		aIn = shapeType(with(c.batch, c.k, c.m), et)
	}
	if c.transB {
		bIn = shapeType(with(c.batch, c.n, c.k), et)
	}
	var sb strings.Builder
	params := "%a: " + aIn + ", %b: " + bIn
	if c.bias {
		params += ", %bias: " + shapeType([]int64{c.n}, et)
	}
	fmt.Fprintf(&sb, "func.func @f(%s) -> %s {\n", params, cT)
	a, b := "%a", "%b"
	if c.transA {
		fmt.Fprintf(&sb, "  %%at = \"tensor.transpose\"(%%a) %s : (%s) -> %s\n", permAttr, aIn, aT)
		a = "%at"
	}
	if c.transB {
		fmt.Fprintf(&sb, "  %%bt = \"tensor.transpose\"(%%b) %s : (%s) -> %s\n", permAttr, bIn, bT)
		b = "%bt"
	}
	fmt.Fprintf(&sb, "  %%mm = \"tensor.matmul\"(%s, %s) : (%s, %s) -> %s\n", a, b, aT, bT, cT)
	v := "%mm"
	if c.bias {
		fmt.Fprintf(&sb, "  %%bb = \"tensor.broadcast\"(%%bias) {dims = array<i64: %d>} : (%s) -> %s\n", r-1, shapeType([]int64{c.n}, et), cT)
		fmt.Fprintf(&sb, "  %%sum = \"tensor.add\"(%%mm, %%bb) : (%s, %s) -> %s\n", cT, cT, cT)
		v = "%sum"
	}
	switch c.act {
	case "relu":
		fmt.Fprintf(&sb, "  %%act = \"tensor.relu\"(%s) : (%s) -> %s\n", v, cT, cT)
		v = "%act"
	case "gelu":
		fmt.Fprintf(&sb, "  %%act = \"tensor.gelu\"(%s) : (%s) -> %s\n", v, cT, cT)
		v = "%act"
	case "gelu_tanh":
		fmt.Fprintf(&sb, "  %%act = \"tensor.gelu\"(%s) {approximate = \"tanh\"} : (%s) -> %s\n", v, cT, cT)
		v = "%act"
	}
	fmt.Fprintf(&sb, "  return %s : %s\n}\n", v, cT)
	return sb.String()
}

func filledAs(t *testing.T, dt interp.DType, shape []int64, seed int) *interp.Tensor {
	x, err := interp.NewTensor(dt, shape)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x.Len() {
		x.SetFloat(i, 2*math.Sin(float64(i*13+seed)))
	}
	if dt == interp.F32 {
		for i := range x.Len() {
			x.SetFloat(i, float64(float32(x.Float(i))))
		}
	}
	return x
}

// reference computes the case in float64 from the inputs, with the
// magnitude sum Σ|a·b| + |bias| of each output for the tolerance.
func (c gemmCase) reference(a, b, bias *interp.Tensor) (want, mag []float64) {
	nb := int64(1)
	for _, d := range c.batch {
		nb *= d
	}
	want = make([]float64, nb*c.m*c.n)
	mag = make([]float64, len(want))
	for p := range nb {
		for i := range c.m {
			for j := range c.n {
				s, g := 0.0, 0.0
				for k := range c.k {
					ai := p*c.m*c.k + i*c.k + k
					if c.transA {
						ai = p*c.m*c.k + k*c.m + i
					}
					bi := p*c.k*c.n + k*c.n + j
					if c.transB {
						bi = p*c.k*c.n + j*c.k + k
					}
					x := a.Float(int(ai)) * b.Float(int(bi))
					s += x
					g += math.Abs(x)
				}
				if bias != nil {
					s += bias.Float(int(j))
					g += math.Abs(bias.Float(int(j)))
				}
				switch c.act {
				case "relu":
					s = max(s, 0)
				case "gelu":
					s = 0.5 * s * (1 + math.Erf(s/math.Sqrt2))
				case "gelu_tanh":
					s = 0.5 * s * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(s+0.044715*s*s*s)))
				}
				q := p*c.m*c.n + i*c.n + j
				want[q], mag[q] = s, g
			}
		}
	}
	return want, mag
}

// TestTiledGEMM runs matmuls of odd shapes, both layouts of each operand,
// batches, the fused epilogues, f64, and empty dimensions as the tiled
// shared-memory kernel on the simulator (race and barrier checks on) and
// compares them with a float64 reference. Each program is one kernel (the
// transposes are read in place and the epilogue is fused), which never
// has a shared-memory bank conflict.
func TestTiledGEMM(t *testing.T) {
	cases := []gemmCase{
		{m: 1, n: 1, k: 1},
		{m: 5, n: 3, k: 7},
		{m: 33, n: 17, k: 19, transA: true},
		{m: 17, n: 40, k: 9, transB: true, bias: true, act: "relu"},
		{batch: []int64{3}, m: 6, n: 5, k: 4, transA: true, transB: true},
		{batch: []int64{2}, m: 70, n: 65, k: 33, bias: true, act: "gelu"},
		{m: 20, n: 36, k: 18, act: "gelu_tanh", transB: true},
		{m: 9, n: 11, k: 13, bias: true, act: "relu", f64: true},
		{batch: []int64{2}, m: 40, n: 3, k: 17, transA: true, transB: true, f64: true},
		{m: 530, n: 515, k: 3, transA: true, bias: true, act: "relu"}, // 128x64 tiles, 8x4 per thread
		{m: 3, n: 4, k: 0, bias: true},
		{m: 0, n: 4, k: 3},
		{m: 4, n: 0, k: 3},
	}
	for _, c := range cases {
		t.Run(c.String(), func(t *testing.T) {
			dt, tol := interp.F32, 2e-6
			if c.f64 {
				dt, tol = interp.F64, 1e-13
			}
			src := c.source()
			var r ptxsim.Runner
			if err := r.Prepare(context.Background(), parse(t, src), "f"); err != nil {
				t.Fatalf("%v\n%s", err, src)
			}
			aShape, bShape := with(c.batch, c.m, c.k), with(c.batch, c.k, c.n)
			if c.transA {
				aShape = with(c.batch, c.k, c.m)
			}
			if c.transB {
				bShape = with(c.batch, c.n, c.k)
			}
			a, b := filledAs(t, dt, aShape, 1), filledAs(t, dt, bShape, 2)
			args := []*interp.Tensor{a, b}
			var bias *interp.Tensor
			if c.bias {
				bias = filledAs(t, dt, []int64{c.n}, 3)
				args = append(args, bias)
			}
			got, err := r.Call(context.Background(), "f", args...)
			if err != nil {
				t.Fatal(err)
			}
			want, mag := c.reference(a, b, bias)
			if got[0].Len() != len(want) {
				t.Fatalf("%d results, want %d", got[0].Len(), len(want))
			}
			for i, w := range want {
				if g := got[0].Float(i); math.Abs(g-w) > tol*(mag[i]+1) || math.IsNaN(g) {
					t.Fatalf("element %d: %g, want %g", i, g, w)
				}
			}
			if r.Launches != 1 {
				t.Errorf("%d launches, want 1 (the GEMM with its transposes and epilogue)", r.Launches)
			}
			st := r.Stats("f_mm0")
			if st == nil {
				t.Fatal("the tiled GEMM kernel f_mm0 did not run")
			}
			if st.SharedConflicts != 0 {
				t.Errorf("%d shared accesses with bank conflicts", st.SharedConflicts)
			}
		})
	}
}

// TestConvPoolKernels runs tt.conv2d (as the implicit-GEMM kernel) and
// tt.max_pool2d (one thread per output) on the simulator over strides,
// padding, dilation, groups, a batch and a NaN in a window, and compares
// them with the reference interpreter (numerics/linalg's Conv2D and
// MaxPool2D): nothing runs on the host.
func TestConvPoolKernels(t *testing.T) {
	src := `func.func @f(%x: tensor<2x4x9x7xf32>, %w: tensor<6x2x3x2xf32>, %y: tensor<1x3x6x5xf32>) -> (tensor<2x6x4x4xf32>, tensor<1x3x3x3xf32>, tensor<1x3x5x2xf32>) {
  %0 = "tensor.conv2d"(%x, %w) {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 1, 2>, stride = array<i64: 2, 3>} : (tensor<2x4x9x7xf32>, tensor<6x2x3x2xf32>) -> tensor<2x6x4x4xf32>
  %1 = "tensor.max_pool2d"(%y) {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<1x3x6x5xf32>) -> tensor<1x3x3x3xf32>
  %2 = "tensor.max_pool2d"(%y) {kernel = array<i64: 2, 2>, stride = array<i64: 1, 2>} : (tensor<1x3x6x5xf32>) -> tensor<1x3x5x2xf32>
  return %0, %1, %2 : tensor<2x6x4x4xf32>, tensor<1x3x3x3xf32>, tensor<1x3x5x2xf32>
}`
	var r ptxsim.Runner
	if err := r.Prepare(context.Background(), parse(t, src), "f"); err != nil {
		t.Fatal(err)
	}
	x := filledAs(t, interp.F32, []int64{2, 4, 9, 7}, 1)
	w := filledAs(t, interp.F32, []int64{6, 2, 3, 2}, 2)
	y := filledAs(t, interp.F32, []int64{1, 3, 6, 5}, 3)
	y.SetFloat(7, math.NaN())
	want, err := interp.New(parse(t, src), kernels.NewRegistry()).RunTensors("f", x, w, y)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Call(context.Background(), "f", x, w, y)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		for j := range want[i].Len() {
			g, v := got[i].Float(j), want[i].Float(j)
			if math.IsNaN(v) != math.IsNaN(g) || math.Abs(g-v) > 1e-5*(math.Abs(v)+1) {
				t.Fatalf("result %d element %d: %g, want %g", i, j, g, v)
			}
		}
	}
	if st := r.Stats("f_conv0"); st == nil || st.SharedConflicts != 0 {
		t.Errorf("the conv2d kernel f_conv0 did not run or had bank conflicts (%v)", st)
	}
	if r.Launches != 3 {
		t.Errorf("%d launches, want 3 (conv2d and two max_pool2d kernels)", r.Launches)
	}
}

// TestHalfGEMM runs f16 and bf16 matmuls (one operand transposed, a
// batch, odd sizes) through pt2-gpu: the GEMM reads the 16-bit operands
// and writes the 16-bit result directly (no widening or rounding
// kernels), with mma.sync on sm_80 and sm_90 and the
// tiled f32 kernel on sm_70, and equals a float64 reference of the 16-bit
// inputs rounded once to the 16-bit type.
func TestHalfGEMM(t *testing.T) {
	cases := []struct {
		et             string
		dt             interp.DType
		batch, m, n, k int64
		transB         bool
	}{
		{"bf16", interp.BF16, 0, 5, 3, 8, false},
		{"f16", interp.F16, 0, 70, 33, 45, true},
		{"bf16", interp.BF16, 2, 17, 9, 20, false},
	}
	for _, c := range cases {
		for _, sm := range []int{70, 80, 90} {
			t.Run(fmt.Sprintf("%s_%d_%dx%dx%d_tB%v_sm%d", c.et, c.batch, c.m, c.n, c.k, c.transB, sm), func(t *testing.T) {
				var batch []int64
				if c.batch > 0 {
					batch = []int64{c.batch}
				}
				gc := gemmCase{batch: batch, m: c.m, n: c.n, k: c.k, transB: c.transB}
				src := strings.ReplaceAll(gc.source(), "f32>", c.et+">")
				r := ptxsim.Runner{Target: sm}
				if err := r.Prepare(context.Background(), parse(t, src), "f"); err != nil {
					t.Fatalf("%v\n%s", err, src)
				}
				bShape := with(batch, c.k, c.n)
				if c.transB {
					bShape = with(batch, c.n, c.k)
				}
				a, b := filledAs(t, c.dt, with(batch, c.m, c.k), 1), filledAs(t, c.dt, bShape, 2)
				got, err := r.Call(context.Background(), "f", a, b)
				if err != nil {
					t.Fatal(err)
				}
				want, mag := gc.reference(a, b, nil)
				for i, w := range want {
					// One rounding to 16 bits (2^-8 relative for bf16), plus
					// the f32 sums' error.
					if g := got[0].Float(i); math.Abs(g-w) > 1e-2*math.Abs(w)+1e-5*(mag[i]+1) {
						t.Fatalf("element %d: %g, want %g", i, g, w)
					}
				}
				st := r.Stats("f_mm0")
				if st == nil {
					t.Fatal("the GEMM kernel f_mm0 did not run")
				}
				if mma := st.WarpInsts[ptx.OpMma]; (mma > 0) != (sm >= 80) {
					t.Errorf("sm_%d: %d mma.sync instructions", sm, mma)
				}
				// One kernel: the GEMM reads the 16-bit operands (B's
				// transposed copy folded too) and rounds C in its epilogue.
				if r.Launches != 1 {
					t.Errorf("%d launches, want 1", r.Launches)
				}
			})
		}
	}
}

// TestHalfConv runs a bf16 tt.conv2d (f32 accumulation) as one
// implicit-GEMM kernel reading the 16-bit image and weights and rounding
// the result in its epilogue, against the interpreter (one bf16 rounding
// apart at most).
func TestHalfConv(t *testing.T) {
	src := `func.func @f(%x: tensor<2x4x9x7xbf16>, %w: tensor<6x2x3x2xbf16>) -> tensor<2x6x4x4xbf16> {
  %0 = "tensor.conv2d"(%x, %w) {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 1, 2>, stride = array<i64: 2, 3>} : (tensor<2x4x9x7xbf16>, tensor<6x2x3x2xbf16>) -> tensor<2x6x4x4xbf16>
  return %0 : tensor<2x6x4x4xbf16>
}`
	var r ptxsim.Runner
	if err := r.Prepare(context.Background(), parse(t, src), "f"); err != nil {
		t.Fatal(err)
	}
	x := filledAs(t, interp.BF16, []int64{2, 4, 9, 7}, 1)
	w := filledAs(t, interp.BF16, []int64{6, 2, 3, 2}, 2)
	want, err := interp.New(parse(t, src), kernels.NewRegistry()).RunTensors("f", x, w)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Call(context.Background(), "f", x, w)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want[0].Len() {
		if g, v := got[0].Float(j), want[0].Float(j); math.Abs(g-v) > math.Abs(v)/128+1e-6 {
			t.Fatalf("element %d: %g, want %g", j, g, v)
		}
	}
	if r.Launches != 1 || r.Stats("f_conv0") == nil {
		t.Errorf("%d launches, want the one conv2d kernel f_conv0", r.Launches)
	}
}

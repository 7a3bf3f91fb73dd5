package ptxemit_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/dialects/builtin"
	ptxemit "github.com/tt-compiler/tt/emit/ptx"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/lowering"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/test/programs"
)

func lower(t *testing.T, name, src, pre string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: name})
	if err != nil {
		t.Fatal(err)
	}
	reg := registry.NewPassRegistry()
	pipeline := lowering.GPUPipelineName
	if pre != "" {
		pipeline = pre + "," + pipeline
	}
	pm, err := reg.ParseAnchored(pipeline, builtin.ModuleName)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, &pass.RunOptions{}); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// benchPrograms are the benchmark models of test/programs, with the
// pipeline that makes their entry (the MLP's loss with its gradient).
var benchPrograms = []struct{ name, pre string }{
	{"softmax", ""}, {"layer_norm", ""}, {"gelu_chain", ""}, {"attention", ""},
	{"transformer_block", ""}, {"matmul", ""}, {"mlp", "aot-autograd{func=loss}"}, {"cnn_train", "aot-autograd{func=cnn_train}"},
}

var ptxasInfo = regexp.MustCompile(`Compiling entry function '(\w+)' for 'sm_(\d+)'[\s\S]*?(\d+) bytes spill stores, (\d+) bytes spill loads\s+ptxas info\s+: Used (\d+) registers`)

// TestPTXAssembles emits the kernels of every benchmark program for
// sm_70, sm_80 and sm_90, parses and verifies them with package ptx, and
// assembles them with ptxas when it is installed, checking that no kernel
// spills.
func TestPTXAssembles(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Log("ptxas is not installed: the PTX is parsed and verified but not assembled")
	}
	for _, p := range benchPrograms {
		m := lower(t, p.name, programs.MustSource(p.name), p.pre)
		for _, sm := range []int{70, 80, 90} {
			mod, err := ptxemit.Emit(m, ptxemit.Options{Target: sm})
			if err != nil {
				t.Fatalf("%s sm_%d: %v", p.name, sm, err)
			}
			text := mod.String()
			parsed, err := ptx.ParseString(p.name+".ptx", text)
			if err != nil {
				t.Fatalf("%s sm_%d: the emitted PTX does not parse: %v", p.name, sm, err)
			}
			if err := ptx.Verify(parsed, nil); err != nil {
				t.Fatalf("%s sm_%d: the emitted PTX does not verify: %v", p.name, sm, err)
			}
			if ptxas == "" {
				continue
			}
			file := filepath.Join(t.TempDir(), p.name+".ptx")
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(ptxas, "-v", "--gpu-name", fmt.Sprintf("sm_%d", sm), file, "-o", os.DevNull).CombinedOutput()
			if err != nil {
				t.Fatalf("%s sm_%d: ptxas: %v\n%s", p.name, sm, err, out)
			}
			kernels := 0
			for _, mm := range ptxasInfo.FindAllStringSubmatch(string(out), -1) {
				kernels++
				if mm[3] != "0" || mm[4] != "0" {
					t.Errorf("%s sm_%d: kernel %s spills (%s bytes stored, %s loaded)", p.name, sm, mm[1], mm[3], mm[4])
				}
				if sm == 80 {
					t.Logf("%s: %s: %s registers, no spills", p.name, mm[1], mm[5])
				}
			}
			if kernels != len(parsed.Kernels()) {
				t.Errorf("%s sm_%d: ptxas reported %d kernels of %d", p.name, sm, kernels, len(parsed.Kernels()))
			}
		}
	}
}

// TestMathBits runs exp, log, tanh, erf, rsqrt, sqrt and division on f32
// through the PTX simulator and compares the bits with the interpreter's
// (numerics' functions): the emitted sequences are the same operations.
func TestMathBits(t *testing.T) {
	var xs []float32
	specials := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0.5, 0.625, 0.6251, 10, 10.5, -10.5, 4, 3.99, 88, 88.7, 89, -87, -103, -104,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-40, -1e-40, 0x1p-126, 0x1p-12, 1e-5, 3e38, -3e38}
	xs = append(xs, specials...)
	for i := 0; len(xs) < 4096; i++ {
		// a spread over magnitudes and signs, deterministic.
		v := float32(math.Ldexp(1+float64(i%97)/97, i%60-30))
		if i%3 == 0 {
			v = -v
		}
		xs = append(xs, v)
	}
	n := len(xs)
	src := fmt.Sprintf(`func.func @f(%%x: tensor<%[1]dxf32>) -> (tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>) {
  %%0 = tensor.exp %%x : tensor<%[1]dxf32>
  %%1 = tensor.log %%x : tensor<%[1]dxf32>
  %%2 = tensor.tanh %%x : tensor<%[1]dxf32>
  %%3 = tensor.erf %%x : tensor<%[1]dxf32>
  %%4 = tensor.rsqrt %%x : tensor<%[1]dxf32>
  %%5 = tensor.sqrt %%x : tensor<%[1]dxf32>
  %%6 = tensor.div %%5, %%x : tensor<%[1]dxf32>
  return %%0, %%1, %%2, %%3, %%4, %%5, %%6 : tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf32>
}`, n)
	x, err := interp.FromF32([]int64{int64(n)}, xs)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "math.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := interp.New(ref, kernels.NewRegistry()).RunTensors("f", x)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "math.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var r ptxsim.Runner
	if err := r.Prepare(context.Background(), m, "f"); err != nil {
		t.Fatal(err)
	}
	got, err := r.Run(context.Background(), []interp.Value{x.Clone()})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"exp", "log", "tanh", "erf", "rsqrt", "sqrt", "div"}
	if len(got) != len(names) {
		t.Fatalf("%d results, want %d", len(got), len(names))
	}
	for i, g := range got {
		gb, ok := g.(*interp.Buffer)
		if !ok {
			t.Fatalf("result %d is %T", i, g)
		}
		gt, _ := gb.Storage()
		if gt.Len() != n {
			t.Fatalf("result %d has %d elements, want %d", i, gt.Len(), n)
		}
		for j, v := range gt.F32() {
			w := want[i].F32()[j]
			if math.Float32bits(v) != math.Float32bits(w) && !(v != v && w != w) {
				t.Errorf("%s(%g) = %g (%#08x) on ptxsim, %g (%#08x) in the interpreter", names[i], xs[j], v, math.Float32bits(v), w, math.Float32bits(w))
			}
		}
	}
}

// TestTargets checks the header: .version is the lowest the target needs
// and unsupported targets are errors.
func TestTargets(t *testing.T) {
	m := lower(t, "softmax", programs.MustSource("softmax"), "")
	for _, c := range []struct {
		sm      int
		version string
	}{{70, ".version 6.0"}, {75, ".version 6.3"}, {80, ".version 7.0"}, {86, ".version 7.1"}, {90, ".version 7.8"}} {
		mod, err := ptxemit.Emit(m, ptxemit.Options{Target: c.sm})
		if err != nil {
			t.Fatal(err)
		}
		if s := mod.String(); !strings.HasPrefix(s, c.version+"\n.target sm_"+fmt.Sprint(c.sm)) {
			t.Errorf("sm_%d: header %q", c.sm, s[:40])
		}
	}
	if _, err := ptxemit.Emit(m, ptxemit.Options{Target: 100}); err == nil {
		t.Error("sm_100 accepted")
	}
}

// ulps is the distance between a and b in units in the last place (0
// when both are NaN).
func ulps(a, b float64) uint64 {
	if a != a && b != b {
		return 0
	}
	ia, ib := int64(math.Float64bits(a)), int64(math.Float64bits(b))
	if ia < 0 {
		ia = math.MinInt64 - ia
	}
	if ib < 0 {
		ib = math.MinInt64 - ib
	}
	if ia > ib {
		return uint64(ia - ib)
	}
	return uint64(ib - ia)
}

// runBoth runs src's @f in the interpreter and on ptxsim.
func runBoth(t *testing.T, src string, args ...*interp.Tensor) (want []*interp.Tensor, got []*interp.Tensor) {
	t.Helper()
	ref, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "math.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	want, err = interp.New(ref, kernels.NewRegistry()).RunTensors("f", args...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "math.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var r ptxsim.Runner
	if err := r.Prepare(context.Background(), m, "f"); err != nil {
		t.Fatal(err)
	}
	in := make([]interp.Value, len(args))
	for i, a := range args {
		in[i] = a.Clone()
	}
	res, err := r.Run(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range res {
		gb, ok := g.(*interp.Buffer)
		if !ok {
			t.Fatalf("result %d is %T", i, g)
		}
		gt, _ := gb.Storage()
		got = append(got, gt)
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	return want, got
}

// mathInputs are edge values and a deterministic spread over magnitudes
// and signs, with a second operand for pow.
func mathInputs(n int) (xs, ys []float64) {
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, -2, 3, -3, 0.625, 0.84375, 1.25, 2.857, 6, -6, 10, 44, 45, 88,
		math.Pi, math.Pi / 4, 1 << 29, 1<<29 + 0.5, 1e9, -1e9, 1e15, 1e22, 1e100, 1e300, -1e300, 5e-324, 1e-310, -1e-310, 2.2250738585072014e-308,
		1e-9, 3.7252902984e-09, 709, 709.7, 710, -745, -746, math.Inf(1), math.Inf(-1), math.NaN()}
	ysp := []float64{0, 1, -1, 0.5, -0.5, 2, 3, -3, 2.5, 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), 1 << 62, 1 << 64, 7, -7.5, 1e-5, 31}
	for i := 0; len(xs) < n; i++ {
		if i < len(specials)*len(ysp) {
			xs = append(xs, specials[i%len(specials)])
			ys = append(ys, ysp[i/len(specials)])
			continue
		}
		v := math.Ldexp(1+float64(i%97)/97, i%140-70)
		if i%3 == 0 {
			v = -v
		}
		xs = append(xs, v)
		ys = append(ys, math.Ldexp(1+float64(i%89)/89, i%12-6)*float64(1-2*(i%2)))
	}
	return xs, ys
}

// TestMathF64 runs the f64 math functions (Go's algorithms written as
// PTX) and the f32 ones computed through them on ptxsim and compares
// them with the interpreter: sin, cos, exp, tanh (numerics.ExpF64 and
// TanhF64 are the kernels' sequences) and the f32 results bit for bit;
// erf and log also measure 0 ulp (1 allowed: the interpreter's are amd64
// assembly or call it); pow, whose x**yf calls exp and log
// (amd64 assembly in the interpreter, which may fuse multiply-adds; Go's
// portable algorithms in the kernels), within 4 ulp, except for subnormal
// x, where amd64's math.Log (and so the interpreter's math.Pow) is wrong
// and the kernel's is not (numerics.LogF64 documents it).
func TestMathF64(t *testing.T) {
	xs, ys := mathInputs(2048)
	n := len(xs)
	ops := []struct {
		name   string
		binary bool
		ulp    uint64
	}{{"sin", false, 0}, {"cos", false, 0}, {"exp", false, 0}, {"tanh", false, 0}, {"erf", false, 1}, {"log", false, 1}, {"pow", true, 4}}
	for _, ty := range []string{"f64", "f32"} {
		var body, results, types []string
		for i, o := range ops {
			operands := "%x"
			if o.binary {
				operands = "%x, %y"
			}
			body = append(body, fmt.Sprintf("  %%%d = tensor.%s %s : tensor<%dx%s>", i, o.name, operands, n, ty))
			results = append(results, fmt.Sprintf("%%%d", i))
			types = append(types, fmt.Sprintf("tensor<%dx%s>", n, ty))
		}
		src := fmt.Sprintf("func.func @f(%%x: tensor<%[1]dx%[2]s>, %%y: tensor<%[1]dx%[2]s>) -> (%[3]s) {\n%[4]s\n  return %[5]s : %[3]s\n}",
			n, ty, strings.Join(types, ", "), strings.Join(body, "\n"), strings.Join(results, ", "))
		var x, y *interp.Tensor
		var err error
		if ty == "f64" {
			x, err = interp.FromF64([]int64{int64(n)}, xs)
			if err == nil {
				y, err = interp.FromF64([]int64{int64(n)}, ys)
			}
		} else {
			xf, yf := make([]float32, n), make([]float32, n)
			for i := range xs {
				xf[i], yf[i] = float32(xs[i]), float32(ys[i])
			}
			x, err = interp.FromF32([]int64{int64(n)}, xf)
			if err == nil {
				y, err = interp.FromF32([]int64{int64(n)}, yf)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		assemble(t, "math_"+ty, lower(t, "math_"+ty, src, ""))
		want, got := runBoth(t, src, x, y)
		for i, o := range ops {
			wv, gv := floats(want[i]), floats(got[i])
			worst := uint64(0)
			for j := range wv {
				d := ulps(wv[j], gv[j])
				if o.name == "pow" && ty == "f64" && xs[j] != 0 && math.Abs(xs[j]) < 0x1p-1022 {
					continue
				}
				if ty == "f32" {
					// f32 values are exact in f64: one f32 ulp is 2**29 f64 ulps.
					d = (d + 1<<29 - 1) >> 29
				}
				worst = max(worst, d)
				if d > o.ulp {
					t.Errorf("%s %s(%g, %g) = %g on ptxsim, %g in the interpreter (%d ulp)", ty, o.name, xs[j], ys[j], gv[j], wv[j], d)
				}
			}
			t.Logf("%s %s: at most %d ulp from the interpreter over %d inputs", ty, o.name, worst, n)
		}
	}
}

func floats(t *interp.Tensor) []float64 {
	if t.DType() == interp.F32 {
		out := make([]float64, t.Len())
		for i, v := range t.F32() {
			out[i] = float64(v)
		}
		return out
	}
	return t.F64()
}

// assemble emits m's kernels for sm_80 and sm_90 and, where ptxas is
// installed, assembles them.
func assemble(t *testing.T, name string, m *ir.Operation) {
	t.Helper()
	ptxas, err := exec.LookPath("ptxas")
	for _, sm := range []int{80, 90} {
		mod, e := ptxemit.Emit(m, ptxemit.Options{Target: sm})
		if e != nil {
			t.Fatalf("%s sm_%d: %v", name, sm, e)
		}
		if err != nil {
			continue
		}
		file := filepath.Join(t.TempDir(), name+".ptx")
		if err := os.WriteFile(file, []byte(mod.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(ptxas, "--gpu-name", fmt.Sprintf("sm_%d", sm), file, "-o", os.DevNull).CombinedOutput(); err != nil {
			t.Fatalf("%s sm_%d: ptxas: %v\n%s", name, sm, err, out)
		}
	}
}

// TestIntPow runs math.ipowi on i32 and i64 (numerics.IPow) on ptxsim
// and compares it with the interpreter bit for bit, negative exponents
// and wrap-around included.
func TestIntPow(t *testing.T) {
	var as, es []int64
	for a := int64(-5); a <= 5; a++ {
		for e := int64(-3); e <= 40; e++ {
			as, es = append(as, a), append(es, e)
		}
	}
	as, es = append(as, 1<<31-1, -1<<31, 123456789), append(es, 2, 3, 7)
	n := len(as)
	for _, ty := range []string{"i32", "i64"} {
		src := fmt.Sprintf("func.func @f(%%x: tensor<%[1]dx%[2]s>, %%y: tensor<%[1]dx%[2]s>) -> tensor<%[1]dx%[2]s> {\n  %%0 = tensor.pow %%x, %%y : tensor<%[1]dx%[2]s>\n  return %%0 : tensor<%[1]dx%[2]s>\n}", n, ty)
		var x, y *interp.Tensor
		var err error
		if ty == "i64" {
			x, err = interp.FromI64(interp.I64, []int64{int64(n)}, as)
			if err == nil {
				y, err = interp.FromI64(interp.I64, []int64{int64(n)}, es)
			}
		} else {
			a32, e32 := make([]int32, n), make([]int32, n)
			for i := range as {
				a32[i], e32[i] = int32(as[i]), int32(es[i])
			}
			x, err = interp.FromI32([]int64{int64(n)}, a32)
			if err == nil {
				y, err = interp.FromI32([]int64{int64(n)}, e32)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		assemble(t, "ipow_"+ty, lower(t, "ipow_"+ty, src, ""))
		want, got := runBoth(t, src, x, y)
		for j := range n {
			var w, g int64
			if ty == "i64" {
				w, g = want[0].I64()[j], got[0].I64()[j]
			} else {
				w, g = int64(want[0].I32()[j]), int64(got[0].I32()[j])
			}
			if w != g {
				t.Errorf("%s %d**%d = %d on ptxsim, %d in the interpreter", ty, as[j], es[j], g, w)
			}
		}
	}
}

// TestTiledTranspose runs transposes and a permuted elementwise kernel
// (tiled through workgroup memory by loops-to-gpu, edges included) on
// ptxsim with its race and barrier checks and compares them with the
// interpreter bit for bit; the kernels assemble for sm_80 and sm_90.
func TestTiledTranspose(t *testing.T) {
	srcs := []string{`func.func @f(%x: tensor<37x45xf32>) -> tensor<45x37xf32> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<37x45xf32>) -> tensor<45x37xf32>
  return %0 : tensor<45x37xf32>
}`, `func.func @f(%x: tensor<3x33x70xf64>, %y: tensor<3x70x33xf64>) -> tensor<3x70x33xf64> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<3x33x70xf64>) -> tensor<3x70x33xf64>
  %1 = tensor.add %0, %y : tensor<3x70x33xf64>
  return %1 : tensor<3x70x33xf64>
}`, `func.func @f(%x: tensor<2x3x40x5xf32>) -> tensor<5x3x2x40xf32> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 3, 1, 0, 2>} : (tensor<2x3x40x5xf32>) -> tensor<5x3x2x40xf32>
  return %0 : tensor<5x3x2x40xf32>
}`}
	for i, src := range srcs {
		m := lower(t, "transpose", src, "")
		tiled := false
		m.Walk(func(op *ir.Operation) {
			if k, ok := op.StringAttr("tt.kernel_kind"); ok && k == "tiled_transpose" {
				tiled = true
			}
		})
		if !tiled {
			t.Fatalf("case %d: no tiled transpose", i)
		}
		assemble(t, fmt.Sprintf("transpose%d", i), m)
		ref := parse(t, src)
		fn := ir.NewSymbolTable(ref).Lookup("f")
		ft := fn.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType)
		var args []*interp.Tensor
		for k, in := range ft.Inputs {
			tt := in.(*ir.RankedTensorType)
			dt := interp.F32
			if ir.IsFloat(tt.ElementType()) && tt.ElementType().(*ir.FloatType).Width() == 64 {
				dt = interp.F64
			}
			x, err := interp.NewTensor(dt, tt.Shape())
			if err != nil {
				t.Fatal(err)
			}
			for j := range x.Len() {
				x.SetFloat(j, float64(j)+0.25*float64(k))
			}
			args = append(args, x)
		}
		want, got := runBoth(t, src, args...)
		for r := range want {
			for j := range want[r].Len() {
				if want[r].Float(j) != got[r].Float(j) {
					t.Fatalf("case %d element %d: %g on ptxsim, %g in the interpreter", i, j, got[r].Float(j), want[r].Float(j))
				}
			}
		}
	}
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLongRowSoftmax runs a softmax whose rows are too long for a
// persistent reduction (looped, two passes with the online normalizer) on
// ptxsim and compares it with the interpreter (three passes) within f32
// rounding of the sum's different association; a row of -Inf and NaN
// values and a row with a large spread are included.
func TestLongRowSoftmax(t *testing.T) {
	const rows, cols = 4, 3000
	src := fmt.Sprintf(`func.func @f(%%x: tensor<%[1]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%0 = tensor.softmax %%x dim = 1 : tensor<%[1]dx%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, rows, cols)
	xs := make([]float32, rows*cols)
	for j := range xs {
		xs[j] = float32(math.Sin(float64(j)*0.37) * 20)
		if j/cols == 2 {
			xs[j] = float32(math.Inf(-1))
			if j%700 == 3 {
				xs[j] = float32(j % 50)
			}
		}
	}
	xs[3*cols+17] = float32(math.NaN())
	x, err := interp.FromF32([]int64{rows, cols}, xs)
	if err != nil {
		t.Fatal(err)
	}
	assemble(t, "softmax_long", lower(t, "softmax_long", src, ""))
	want, got := runBoth(t, src, x)
	for j := range want[0].Len() {
		w, g := want[0].Float(j), got[0].Float(j)
		if (w != w) != (g != g) || math.Abs(w-g) > 1e-6*math.Abs(w)+1e-12 {
			t.Fatalf("element %d: %g on ptxsim, %g in the interpreter", j, g, w)
		}
	}
}

// TestColumnReduction runs column reductions (a bias gradient with an
// elementwise output beside it, a max over the middle dimension) on
// ptxsim with its race and barrier checks and compares them with the
// interpreter: the maximum bit for bit, the sums (split over 8 row
// groups) within f32 rounding.
func TestColumnReduction(t *testing.T) {
	srcs := []string{`func.func @f(%x: tensor<300x50xf32>, %y: tensor<300x50xf32>) -> (tensor<50xf32>, tensor<300x50xf32>) {
  %0 = tensor.mul %x, %y : tensor<300x50xf32>
  %1 = "tensor.reduce_sum"(%0) {dims = array<i64: 0>} : (tensor<300x50xf32>) -> tensor<50xf32>
  return %1, %0 : tensor<50xf32>, tensor<300x50xf32>
}`, `func.func @f(%x: tensor<2x100x7xf32>) -> tensor<2x7xf32> {
  %0 = "tensor.reduce_max"(%x) {dims = array<i64: 1>} : (tensor<2x100x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}`}
	for i, src := range srcs {
		m := lower(t, "columns", src, "")
		kinds := 0
		m.Walk(func(op *ir.Operation) {
			if k, ok := op.StringAttr("tt.kernel_kind"); ok && k == "column_reduction" {
				kinds++
			}
		})
		if kinds != 1 {
			t.Fatalf("case %d: %d column reductions, want 1", i, kinds)
		}
		assemble(t, fmt.Sprintf("columns%d", i), m)
		fn := ir.NewSymbolTable(parse(t, src)).Lookup("f")
		ft := fn.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType)
		var args []*interp.Tensor
		for k, in := range ft.Inputs {
			x, err := interp.NewTensor(interp.F32, in.(*ir.RankedTensorType).Shape())
			if err != nil {
				t.Fatal(err)
			}
			for j := range x.Len() {
				x.SetFloat(j, math.Sin(float64(3*j+k))*5)
			}
			args = append(args, x)
		}
		want, got := runBoth(t, src, args...)
		for r := range want {
			for j := range want[r].Len() {
				w, g := want[r].Float(j), got[r].Float(j)
				if math.Abs(w-g) > 1e-6*math.Abs(w)+1e-6 {
					t.Fatalf("case %d result %d element %d: %g on ptxsim, %g in the interpreter", i, r, j, g, w)
				}
			}
		}
	}
}

// TestRoundedDivision runs arith.ceildivsi, floordivsi and ceildivui
// (numerics' CeilDivS, FloorDivS, CeilDivU) in a kernel on ptxsim and
// compares them with the interpreter, every sign combination included.
func TestRoundedDivision(t *testing.T) {
	src := `func.func @f(%a: memref<64xi32>, %b: memref<64xi32>) -> (memref<64xi32>, memref<64xi32>, memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %o0 = loops.alloc() : memref<64xi32>
  %o1 = loops.alloc() : memref<64xi32>
  %o2 = loops.alloc() : memref<64xi32>
  loops.for %i = %c0 to %c64 step %c1 {
    %x = loops.load %a[%i] : memref<64xi32>
    %y = loops.load %b[%i] : memref<64xi32>
    %q0 = arith.ceildivsi %x, %y : i32
    %q1 = arith.floordivsi %x, %y : i32
    %q2 = arith.ceildivui %x, %y : i32
    loops.store %q0, %o0[%i] : memref<64xi32>
    loops.store %q1, %o1[%i] : memref<64xi32>
    loops.store %q2, %o2[%i] : memref<64xi32>
    loops.yield
  }
  return %o0, %o1, %o2 : memref<64xi32>, memref<64xi32>, memref<64xi32>
}`
	as, bs := make([]int32, 64), make([]int32, 64)
	for i := range as {
		as[i] = int32(i*7%23 - 11)
		bs[i] = int32([]int32{3, -3, 4, -4, 1, -1, 7, -5}[i%8])
	}
	a, err := interp.FromI32([]int64{64}, as)
	if err != nil {
		t.Fatal(err)
	}
	b, err := interp.FromI32([]int64{64}, bs)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := ptxemit.Emit(lower(t, "division", src, ""), ptxemit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if text := mod.String(); !strings.Contains(text, "rem.s32") || !strings.Contains(text, "rem.u32") {
		t.Fatalf("the kernel does not divide:\n%s", text)
	}
	want, got := runBoth(t, src, a, b)
	for r := range want {
		for j := range want[r].Len() {
			if want[r].I32()[j] != got[r].I32()[j] {
				t.Errorf("result %d: %d, %d: %d on ptxsim, %d in the interpreter", r, as[j], bs[j], got[r].I32()[j], want[r].I32()[j])
			}
		}
	}
}

// TestStagedRows runs a kernel whose threads each loop over a short row
// of their own (an outer sum and its row-wise use) with the rows staged
// through workgroup memory, on ptxsim with its race and barrier checks,
// and compares it with the interpreter bit for bit.
func TestStagedRows(t *testing.T) {
	src := `func.func @f(%x: tensor<300x1xf32>, %y: tensor<1x7xf32>) -> tensor<300x7xf32> {
  %0 = "tensor.broadcast"(%x) {dims = array<i64: 0, 1>} : (tensor<300x1xf32>) -> tensor<300x7xf32>
  %1 = "tensor.broadcast"(%y) {dims = array<i64: 0, 1>} : (tensor<1x7xf32>) -> tensor<300x7xf32>
  %2 = "tensor.add"(%0, %1) : (tensor<300x7xf32>, tensor<300x7xf32>) -> tensor<300x7xf32>
  %3 = tensor.exp %2 : tensor<300x7xf32>
  return %3 : tensor<300x7xf32>
}`
	m := lower(t, "staged", src, "")
	staged := false
	m.Walk(func(op *ir.Operation) {
		if k, ok := op.StringAttr("tt.kernel_kind"); ok && k == "staged_rows" {
			staged = true
		}
	})
	if !staged {
		t.Fatal("no staged rows")
	}
	assemble(t, "staged", m)
	xs, ys := make([]float32, 300), make([]float32, 7)
	for i := range xs {
		xs[i] = float32(math.Sin(float64(i)))
	}
	for i := range ys {
		ys[i] = float32(i) / 3
	}
	x, err := interp.FromF32([]int64{300, 1}, xs)
	if err != nil {
		t.Fatal(err)
	}
	y, err := interp.FromF32([]int64{1, 7}, ys)
	if err != nil {
		t.Fatal(err)
	}
	want, got := runBoth(t, src, x, y)
	for j := range want[0].Len() {
		if want[0].Float(j) != got[0].Float(j) {
			t.Fatalf("element %d: %g on ptxsim, %g in the interpreter", j, got[0].Float(j), want[0].Float(j))
		}
	}
}

// TestStridedLayerNorm runs a layer_norm with more rows than blocks (each
// block strides over rows, gamma and beta loaded once per block) on
// ptxsim with its race and barrier checks and compares it with the
// interpreter within f32 rounding (the block's reduction order differs from
// the interpreter's sequential sums).
func TestStridedLayerNorm(t *testing.T) {
	const rows, cols = 1500, 64
	src := fmt.Sprintf(`func.func @f(%%x: tensor<%[1]dx%[2]dxf32>, %%g: tensor<%[2]dxf32>, %%b: tensor<%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%0 = tensor.layer_norm %%x, %%g, %%b normalized_dims = 1 eps = 1.0e-05 : tensor<%[1]dx%[2]dxf32>, tensor<%[2]dxf32>, tensor<%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, rows, cols)
	m := lower(t, "layer_norm", src, "")
	grid := ""
	m.Walk(func(op *ir.Operation) {
		if op.Attr("tt.persistent") != nil {
			grid = fmt.Sprint(ir.DefiningOp(op.Operand(0)).Attr("value"))
		}
	})
	if !strings.HasPrefix(grid, "1024") {
		t.Fatalf("persistent launch grid %q, want 1024 blocks", grid)
	}
	assemble(t, "layer_norm_strided", m)
	xs, gs, bs := make([]float32, rows*cols), make([]float32, cols), make([]float32, cols)
	for i := range xs {
		xs[i] = float32(math.Sin(float64(i) * 0.1))
	}
	for i := range gs {
		gs[i], bs[i] = 1+float32(i)/64, float32(i)/128
	}
	x, _ := interp.FromF32([]int64{rows, cols}, xs)
	g, _ := interp.FromF32([]int64{cols}, gs)
	b, _ := interp.FromF32([]int64{cols}, bs)
	want, got := runBoth(t, src, x, g, b)
	for j := range want[0].Len() {
		if w := want[0].Float(j); math.Abs(w-got[0].Float(j)) > 2e-6*math.Abs(w)+1e-6 {
			t.Fatalf("element %d: %g on ptxsim, %g in the interpreter", j, got[0].Float(j), want[0].Float(j))
		}
	}
}

// TestTan runs math.tan, atan, exp2, cbrt, expm1 and log1p (Go's algorithms as PTX;
// the tensor dialect has none of them, so the functions are written at the
// loop level) on f64 and f32 on ptxsim and compares them with the
// interpreter bit for bit.
func TestTan(t *testing.T) {
	xs, _ := mathInputs(1024)
	n := len(xs)
	for _, c := range [][2]string{{"f64", "tan"}, {"f32", "tan"}, {"f64", "atan"}, {"f32", "atan"}, {"f64", "exp2"}, {"f32", "exp2"}, {"f64", "cbrt"}, {"f32", "cbrt"}, {"f64", "expm1"}, {"f32", "expm1"}, {"f64", "log1p"}, {"f32", "log1p"}} {
		ty, fn := c[0], c[1]
		src := fmt.Sprintf(`func.func @f(%%a: memref<%[1]dx%[2]s>) -> memref<%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%n = arith.constant %[1]d : index
  %%o = loops.alloc() : memref<%[1]dx%[2]s>
  loops.for %%i = %%c0 to %%n step %%c1 {
    %%x = loops.load %%a[%%i] : memref<%[1]dx%[2]s>
    %%y = math.%[3]s %%x : %[2]s
    loops.store %%y, %%o[%%i] : memref<%[1]dx%[2]s>
    loops.yield
  }
  return %%o : memref<%[1]dx%[2]s>
}`, n, ty, fn)
		var x *interp.Tensor
		var err error
		if ty == "f64" {
			x, err = interp.FromF64([]int64{int64(n)}, xs)
		} else {
			xf := make([]float32, n)
			for i, v := range xs {
				xf[i] = float32(v)
			}
			x, err = interp.FromF32([]int64{int64(n)}, xf)
		}
		if err != nil {
			t.Fatal(err)
		}
		assemble(t, fn+"_"+ty, lower(t, fn+"_"+ty, src, ""))
		want, got := runBoth(t, src, x)
		wv, gv := floats(want[0]), floats(got[0])
		for j := range wv {
			if ulps(wv[j], gv[j]) != 0 {
				t.Errorf("%s %s(%g) = %g on ptxsim, %g in the interpreter", ty, fn, xs[j], gv[j], wv[j])
			}
		}
	}
}

// TestRemAtan2 runs arith.remf (math.Mod) and math.atan2 (Go's
// algorithms as PTX, written at the loop level) on f64 and f32 on ptxsim
// and compares them with the interpreter bit for bit, special values
// included.
func TestRemAtan2(t *testing.T) {
	xs, ys := mathInputs(1024)
	n := len(xs)
	for _, c := range [][2]string{{"f64", "arith.remf"}, {"f32", "arith.remf"}, {"f64", "math.atan2"}, {"f32", "math.atan2"}} {
		ty, fn := c[0], c[1]
		src := fmt.Sprintf(`func.func @f(%%a: memref<%[1]dx%[2]s>, %%b: memref<%[1]dx%[2]s>) -> memref<%[1]dx%[2]s> {
  %%c0 = arith.constant 0 : index
  %%c1 = arith.constant 1 : index
  %%n = arith.constant %[1]d : index
  %%o = loops.alloc() : memref<%[1]dx%[2]s>
  loops.for %%i = %%c0 to %%n step %%c1 {
    %%x = loops.load %%a[%%i] : memref<%[1]dx%[2]s>
    %%y = loops.load %%b[%%i] : memref<%[1]dx%[2]s>
    %%z = %[3]s %%x, %%y : %[2]s
    loops.store %%z, %%o[%%i] : memref<%[1]dx%[2]s>
    loops.yield
  }
  return %%o : memref<%[1]dx%[2]s>
}`, n, ty, fn)
		var x, y *interp.Tensor
		var err error
		if ty == "f64" {
			x, err = interp.FromF64([]int64{int64(n)}, xs)
			if err == nil {
				y, err = interp.FromF64([]int64{int64(n)}, ys)
			}
		} else {
			xf, yf := make([]float32, n), make([]float32, n)
			for i := range xs {
				xf[i], yf[i] = float32(xs[i]), float32(ys[i])
			}
			x, err = interp.FromF32([]int64{int64(n)}, xf)
			if err == nil {
				y, err = interp.FromF32([]int64{int64(n)}, yf)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		assemble(t, "binary_"+ty, lower(t, "binary_"+ty, src, ""))
		want, got := runBoth(t, src, x, y)
		wv, gv := floats(want[0]), floats(got[0])
		for j := range wv {
			if ulps(wv[j], gv[j]) != 0 {
				t.Errorf("%s %s(%g, %g) = %g on ptxsim, %g in the interpreter", ty, fn, xs[j], ys[j], gv[j], wv[j])
			}
		}
	}
}

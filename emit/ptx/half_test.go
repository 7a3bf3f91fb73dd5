package ptxemit_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	ptxemit "github.com/tt-compiler/tt/emit/ptx"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/ptx"
)

// halfProgram converts f32 values to f16 and bf16 and back, and adds two
// 16-bit tensors (f32 compute between the conversions).
const halfProgram = `func.func @f(%%x: tensor<%[1]dxf32>, %%h: tensor<%[1]dxf16>, %%b: tensor<%[1]dxbf16>) -> (tensor<%[1]dxf16>, tensor<%[1]dxbf16>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf16>, tensor<%[1]dxbf16>) {
  %%0 = "tensor.cast"(%%x) : (tensor<%[1]dxf32>) -> tensor<%[1]dxf16>
  %%1 = "tensor.cast"(%%x) : (tensor<%[1]dxf32>) -> tensor<%[1]dxbf16>
  %%2 = "tensor.cast"(%%h) : (tensor<%[1]dxf16>) -> tensor<%[1]dxf32>
  %%3 = "tensor.cast"(%%b) : (tensor<%[1]dxbf16>) -> tensor<%[1]dxf32>
  %%4 = "tensor.add"(%%h, %%h) : (tensor<%[1]dxf16>, tensor<%[1]dxf16>) -> tensor<%[1]dxf16>
  %%5 = "tensor.mul"(%%b, %%b) : (tensor<%[1]dxbf16>, tensor<%[1]dxbf16>) -> tensor<%[1]dxbf16>
  return %%0, %%1, %%2, %%3, %%4, %%5 : tensor<%[1]dxf16>, tensor<%[1]dxbf16>, tensor<%[1]dxf32>, tensor<%[1]dxf32>, tensor<%[1]dxf16>, tensor<%[1]dxbf16>
}`

// halfInputs returns f32 values that exercise the roundings to f16 and
// bf16 (ties both ways, overflow to infinity, subnormals, signed zeros,
// infinities, NaN) and a spread of magnitudes, and every f16 and bf16 bit
// pattern of a stride.
func halfInputs() (xs []float32, hs, bs []uint16) {
	xs = []float32{0, float32(math.Copysign(0, -1)), 1, -1, 1 + 0x1p-11, 1 + 3*0x1p-11, 1 + 0x1p-8, 1 + 3*0x1p-8, -(1 + 0x1p-8),
		65504, 65519, 65520, 1e5, 0x1p-24, 0x1p-25, 1.5 * 0x1p-25, 0x1p-26, 3 * 0x1p-25, 0x1p-14 * 1.0009765625, 0x1p-15,
		math.MaxFloat32, -math.MaxFloat32, 0x1.fffffep+127, 1e-40, 0x1p-133, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	for i := 0; len(xs) < 2048; i++ {
		v := float32(math.Ldexp(1+float64(i%193)/193, i%80-40))
		if i%3 == 0 {
			v = -v
		}
		xs = append(xs, v)
	}
	for i := range xs {
		hs = append(hs, uint16(i*37))
		bs = append(bs, uint16(i*41))
	}
	return xs, hs, bs
}

// TestHalfConversions runs f16/bf16 conversions and arithmetic through the
// simulator for sm_70 (bf16 by integer code), sm_80 (cvt.rn.bf16.f32) and
// sm_90 (cvt.f32.bf16 too) and compares the bits with the interpreter's
// (numerics.F32ToF16, F32ToBF16: round to nearest even; NaNs only as NaNs,
// the quiet NaN's bits differ between c10 and PTX).
func TestHalfConversions(t *testing.T) {
	xs, hs, bs := halfInputs()
	n := len(xs)
	src := fmt.Sprintf(halfProgram, n)
	x, err := interp.FromF32([]int64{int64(n)}, xs)
	if err != nil {
		t.Fatal(err)
	}
	h, err := interp.FromHalfBits(interp.F16, []int64{int64(n)}, hs)
	if err != nil {
		t.Fatal(err)
	}
	b, err := interp.FromHalfBits(interp.BF16, []int64{int64(n)}, bs)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "half.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	want, err := interp.New(ref, kernels.NewRegistry()).RunTensors("f", x, h, b)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"f32→f16", "f32→bf16", "f16→f32", "bf16→f32", "f16 add", "bf16 mul"}
	for _, sm := range []int{70, 80, 90} {
		m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "half.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		r := ptxsim.Runner{Target: sm}
		if err := r.Prepare(context.Background(), m, "f"); err != nil {
			t.Fatalf("sm_%d: %v", sm, err)
		}
		got, err := r.Run(context.Background(), []interp.Value{x.Clone(), h.Clone(), b.Clone()})
		if err != nil {
			t.Fatalf("sm_%d: %v", sm, err)
		}
		if len(got) != len(names) {
			t.Fatalf("sm_%d: %d results, want %d", sm, len(got), len(names))
		}
		for i, g := range got {
			gb, ok := g.(*interp.Buffer)
			if !ok {
				t.Fatalf("result %d is %T", i, g)
			}
			gt, _ := gb.Storage()
			bad := 0
			for j := range n {
				gv, wv := gt.Float(j), want[i].Float(j)
				same := math.Float64bits(gv) == math.Float64bits(wv) || gv != gv && wv != wv
				if !same && bad < 5 {
					bad++
					t.Errorf("sm_%d: %s of element %d: %g (%#x) on ptxsim, %g (%#x) in the interpreter", sm, names[i], j, gv, math.Float64bits(gv), wv, math.Float64bits(wv))
				}
			}
		}
	}
}

// TestHalfPTX checks the conversion forms each target gets and that the
// PTX parses, verifies and (with ptxas installed) assembles for the
// target.
func TestHalfPTX(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	m := lower(t, "half", fmt.Sprintf(halfProgram, 64), "")
	for _, c := range []struct {
		sm        int
		want, not []string
	}{
		{70, []string{"ld.global.b16", "st.global.b16", "cvt.rn.f16.f32", "cvt.f32.f16", "shl.b32", "setp.nan.f32"}, []string{"bf16"}},
		{80, []string{"cvt.rn.bf16.f32", "cvt.f32.f16"}, []string{"cvt.f32.bf16"}},
		{90, []string{"cvt.rn.bf16.f32", "cvt.f32.bf16"}, nil},
	} {
		mod, err := ptxemit.Emit(m, ptxemit.Options{Target: c.sm})
		if err != nil {
			t.Fatalf("sm_%d: %v", c.sm, err)
		}
		text := mod.String()
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("sm_%d: no %s in\n%s", c.sm, w, text)
			}
		}
		for _, w := range c.not {
			if strings.Contains(text, w) {
				t.Errorf("sm_%d: %s in the PTX", c.sm, w)
			}
		}
		parsed, err := ptx.ParseString("half.ptx", text)
		if err != nil {
			t.Fatalf("sm_%d: %v", c.sm, err)
		}
		if err := ptx.Verify(parsed, nil); err != nil {
			t.Fatalf("sm_%d: %v", c.sm, err)
		}
		if ptxas == "" {
			continue
		}
		for _, sm := range []int{c.sm, 90} {
			file := filepath.Join(t.TempDir(), "half.ptx")
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(ptxas, "--gpu-name", fmt.Sprintf("sm_%d", sm), file, "-o", os.DevNull).CombinedOutput(); err != nil {
				t.Errorf("PTX for sm_%d on sm_%d: ptxas: %v\n%s", c.sm, sm, err, out)
			}
		}
	}
}

// TestHalfRefdataPTX emits the kernels of test/refdata's f16 and bf16
// programs for sm_70, sm_80 and sm_90 and assembles them with ptxas (when
// installed) for their target; programs using math functions emit/ptx
// lacks are skipped (the simulator tests report them).
func TestHalfRefdataPTX(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	files, err := filepath.Glob(filepath.Join("..", "..", "test", "refdata", "*", "program.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	emitted := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "f16>") {
			continue
		}
		name := filepath.Base(filepath.Dir(file))
		m := lower(t, name, string(src), "")
		for _, sm := range []int{70, 80, 90} {
			mod, err := ptxemit.Emit(m, ptxemit.Options{Target: sm})
			if err != nil {
				if strings.Contains(err.Error(), "is not supported in kernels") {
					t.Logf("%s: %v", name, err)
					break
				}
				t.Fatalf("%s sm_%d: %v", name, sm, err)
			}
			emitted++
			if ptxas == "" {
				continue
			}
			ptxFile := filepath.Join(t.TempDir(), name+".ptx")
			if err := os.WriteFile(ptxFile, []byte(mod.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(ptxas, "--gpu-name", fmt.Sprintf("sm_%d", sm), ptxFile, "-o", os.DevNull).CombinedOutput(); err != nil {
				t.Errorf("%s sm_%d: ptxas: %v\n%s", name, sm, err, out)
			}
		}
	}
	if emitted < 3*12 {
		t.Errorf("only %d f16/bf16 programs × targets emitted", emitted)
	}
}

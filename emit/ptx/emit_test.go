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

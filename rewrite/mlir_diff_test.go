package rewrite_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
)

// randomArithModule writes a module of random functions over arith
// integer ops: constants (some repeated), binary ops on recent values
// (some repeated, for cse), with dead values and several results.
func randomArithModule(rng *rand.Rand, funcs, opsPerFunc int) string {
	var sb strings.Builder
	binops := []string{"addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui"}
	for f := 0; f < funcs; f++ {
		ty := []string{"i32", "i64", "index", "i8"}[rng.Intn(4)]
		fmt.Fprintf(&sb, "func.func @f%d(%%a: %s, %%b: %s, %%p: i1) -> (%s, %s) {\n", f, ty, ty, ty, ty)
		vals := []string{"%a", "%b"}
		pick := func() string { return vals[len(vals)-1-rng.Intn(min(len(vals), 6))] }
		for i := 0; i < opsPerFunc; i++ {
			name := fmt.Sprintf("%%v%d", i)
			switch k := rng.Intn(10); {
			case k < 3:
				fmt.Fprintf(&sb, "  %s = arith.constant %d : %s\n", name, rng.Intn(7)-2, ty)
			case k < 8:
				op := binops[rng.Intn(len(binops))]
				fmt.Fprintf(&sb, "  %s = arith.%s %s, %s : %s\n", name, op, pick(), pick(), ty)
			case k < 9:
				fmt.Fprintf(&sb, "  %s = arith.select %%p, %s, %s : %s\n", name, pick(), pick(), ty)
			default:
				c := fmt.Sprintf("%%q%d", i)
				pred := []string{"eq", "ne", "slt", "ult", "sge"}[rng.Intn(5)]
				fmt.Fprintf(&sb, "  %s = arith.cmpi %s, %s, %s : %s\n", c, pred, pick(), pick(), ty)
				fmt.Fprintf(&sb, "  %s = arith.select %s, %s, %s : %s\n", name, c, pick(), pick(), ty)
			}
			vals = append(vals, name)
		}
		fmt.Fprintf(&sb, "  return %s, %s : %s, %s\n}\n", vals[len(vals)-1], vals[len(vals)-2], ty, ty)
	}
	return sb.String()
}

// TestDifferentialMLIROpt compares canonicalize and cse with mlir-opt-16
// on random arith functions: the printed output must be identical, op
// order included (constants hoisted as MLIR's folder does).
func TestDifferentialMLIROpt(t *testing.T) {
	mlirOpt, err := exec.LookPath("mlir-opt-16")
	if err != nil {
		if mlirOpt, err = exec.LookPath("mlir-opt"); err != nil {
			t.Skip("mlir-opt-16 is not installed")
		}
	}
	rng := rand.New(rand.NewSource(1))
	modules := 20
	if testing.Short() {
		modules = 4
	}
	pipelines := []string{"canonicalize", "cse", "canonicalize,cse", "cse,canonicalize", "canonicalize{top-down=false}", "func.func(canonicalize,cse)"}
	reg := registry.NewPassRegistry()
	for m := 0; m < modules; m++ {
		src := randomArithModule(rng, 5, 12+rng.Intn(30))
		for _, p := range pipelines {
			want, err := runMLIROpt(mlirOpt, src, p)
			if err != nil {
				t.Fatalf("mlir-opt on module %d (%s): %v\n%s", m, p, err, src)
			}
			ctx := registry.NewContext()
			mod, err := asm.ParseString(ctx, src, asm.ParseOptions{Filename: "in.mlir"})
			if err != nil {
				t.Fatalf("parse: %v\n%s", err, src)
			}
			pm, err := reg.Parse("builtin.module(" + p + ")")
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(mod, nil); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			got := asm.String(mod, asm.PrintOptions{}) + "\n"
			if got != want {
				t.Fatalf("module %d, pipeline %s differs from mlir-opt\ninput:\n%s\ntt:\n%s\nmlir-opt:\n%s", m, p, src, got, want)
			}
		}
	}
}

func runMLIROpt(bin, src, pipeline string) (string, error) {
	cmd := exec.Command(bin, "--pass-pipeline=builtin.module("+pipeline+")")
	cmd.Stdin = strings.NewReader(src)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, errb.String())
	}
	s := out.String()
	// mlir-opt ends the module with an empty line.
	return strings.TrimSuffix(s, "\n"), nil
}

var _ = pass.AnyOp

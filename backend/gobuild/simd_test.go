package gobuild_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/gobuild"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/npy"
)

// Code of each SIMD level the host runs builds (GOEXPERIMENT=simd for
// the archsimd levels), with the level in its cache key, and runs.
func TestBuildSIMDLevels(t *testing.T) {
	requireGo(t)
	cache := t.TempDir()
	ctx := context.Background()
	keys := map[string]goemit.SIMD{}
	for _, level := range gobuild.Host().Levels() {
		m := parse(t, softmaxModule)
		if err := gobuild.Lower(ctx, m, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: level}); err != nil {
			t.Fatal(err)
		}
		pkg, err := goemit.Emit(m, goemit.Options{SIMD: level})
		if err != nil {
			t.Fatal(err)
		}
		prog, err := gobuild.Build(ctx, pkg, gobuild.BuildOptions{CacheDir: cache, Version: "test"})
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if other, ok := keys[prog.Key]; ok {
			t.Errorf("%s and %s code have one cache key", level, other)
		}
		keys[prog.Key] = level
		other := goemit.SIMDOff
		if level == goemit.SIMDOff {
			other = goemit.SIMDAVX2
		}
		if k := gobuild.Key("test", other, pkg.Source, prog.Main); k == prog.Key {
			t.Errorf("%s: the key does not depend on the level", level)
		}
		info := prog.BuildInfo()
		if !strings.HasPrefix(info, "simd: "+level.String()) || strings.Contains(info, "GOEXPERIMENT: simd") != (level != goemit.SIMDOff) {
			t.Errorf("%s: build info %q", level, info)
		}
		proc, err := prog.Start("softmax")
		if err != nil {
			t.Fatal(err)
		}
		x := &npy.Array{DType: npy.Float32, Shape: []int{4, 8}, F32: make([]float32, 32)}
		res, _, err := proc.Call(ctx, []*npy.Array{x})
		proc.Close()
		if err != nil || len(res) != 1 || res[0].F32[0] != 0.125 {
			t.Errorf("%s: softmax of zeros: %v, %v", level, res, err)
		}
	}
}

// A program generated for AVX-512 on a CPU without it fails with an error
// naming the feature, from the command and from the exported functions,
// instead of dying on an illegal instruction. GODEBUG=cpu.avx512f=off
// takes the feature away from Go's feature detection (archsimd.X86) on
// this host.
func TestAVX512CodeWithoutAVX512(t *testing.T) {
	requireGo(t)
	if !slices.Contains(gobuild.Host().Levels(), goemit.SIMDAVX512) {
		t.Skip("the host has no AVX-512: nothing to take away")
	}
	pkg, err := goemit.Emit(parse(t, scaleModule), goemit.Options{SIMD: goemit.SIMDAVX512})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := gobuild.Build(context.Background(), pkg, gobuild.BuildOptions{CacheDir: t.TempDir(), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	x := filepath.Join(dir, "x.npy")
	s := filepath.Join(dir, "s.npy")
	if err := npy.WriteFile(x, &npy.Array{DType: npy.Float32, Shape: []int{3}, F32: []float32{1, 2, 3}}); err != nil {
		t.Fatal(err)
	}
	if err := npy.WriteFile(s, &npy.Array{DType: npy.Float32, Shape: []int{}, F32: []float32{2}}); err != nil {
		t.Fatal(err)
	}
	for _, godebug := range []string{"", "cpu.avx512f=off"} {
		cmd := exec.Command(prog.Binary, "-input", x, "-input", s, "-out", dir)
		cmd.Env = append(os.Environ(), "GODEBUG="+godebug)
		out, err := cmd.CombinedOutput()
		if godebug == "" {
			if err != nil {
				t.Fatalf("with AVX-512: %v\n%s", err, out)
			}
			continue
		}
		want := "needs AVX-512 (F, CD, BW, DQ and VL), which this CPU does not have"
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), want) {
			t.Errorf("without AVX-512: %v\n%s\nwant exit status 1 and %q", err, out, want)
		}
	}
}

// The exported functions check the CPU too: a Go program calling the
// package gets the error.
func TestAVX512FunctionsWithoutAVX512(t *testing.T) {
	requireGo(t)
	if !slices.Contains(gobuild.Host().Levels(), goemit.SIMDAVX512) {
		t.Skip("the host has no AVX-512: nothing to take away")
	}
	pkg, err := goemit.Emit(parse(t, scaleModule), goemit.Options{SIMD: goemit.SIMDAVX512, Package: "model"})
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	files := map[string]string{
		"go.mod":         "module caller\n\ngo 1.22\n",
		"model/model.go": string(pkg.Source),
		"main.go": `package main

import (
	"fmt"

	"caller/model"
)

func main() {
	_, _, _, err := model.Scale([]float32{1}, 1, 2)
	fmt.Println(model.CheckCPU() != nil, err)
}
`,
	}
	for name, src := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = mod
	cmd.Env = append(gobuild.BuildEnv(goemit.SIMDAVX512), "GODEBUG=cpu.avx512f=off")
	out, err := cmd.CombinedOutput()
	want := "true tt: this code was generated for avx512 (--go-simd=avx512) and needs AVX-512"
	if err != nil || !strings.HasPrefix(string(out), want) {
		t.Errorf("go run: %v\n%s\nwant %q", err, out, want)
	}
}

// Lower gives the vectorize passes of pt2-go the widths of the level.
func TestLowerVectorWidths(t *testing.T) {
	cases := []struct {
		level goemit.SIMD
		lanes int
		want  string
	}{
		{goemit.SIMDOff, 0, "vector<8xf32>"},
		{goemit.SIMDAVX2, 0, "vector<8xf32>"},
		{goemit.SIMDAVX512, 0, "vector<16xf32>"},
		{goemit.SIMDAVX512, 8, "vector<8xf32>"},
	}
	for _, c := range cases {
		m := parse(t, `func.func @f(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %0 = tensor.exp %x : tensor<4x64xf32>
  return %0 : tensor<4x64xf32>
}`)
		if err := gobuild.Lower(context.Background(), m, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: c.level, VectorLanesF32: c.lanes}); err != nil {
			t.Fatal(err)
		}
		if got := asm.String(m, asm.PrintOptions{}); !strings.Contains(got, c.want) {
			t.Errorf("%s, %d lanes: no %s in\n%s", c.level, c.lanes, c.want, got)
		}
	}
}

func TestResolveSIMD(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{"off", "off", ""}, {"avx2", "avx2", ""}, {"avx512", "avx512", ""},
		{"auto", gobuild.AutoSIMD(gobuild.Host()).String(), ""}, {"", gobuild.AutoSIMD(gobuild.Host()).String(), ""},
		{"sse9", "", "unknown SIMD level"},
	} {
		got, err := gobuild.ResolveSIMD(c.in)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: err = %v, want %q", c.in, err, c.err)
		case c.err == "" && (err != nil || got.String() != c.want):
			t.Errorf("%q: %v, %v; want %s", c.in, got, err, c.want)
		}
	}
	for _, l := range []goemit.SIMD{goemit.SIMDOff, goemit.SIMDAVX2, goemit.SIMDAVX512} {
		err := gobuild.CheckHost(l)
		if has := slices.Contains(gobuild.Host().Levels(), l); has != (err == nil) {
			t.Errorf("CheckHost(%s) = %v, host levels %v", l, err, gobuild.Host().Levels())
		}
	}
}

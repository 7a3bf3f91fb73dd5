package elementwise_test

import (
	"context"
	"math"
	"testing"

	"github.com/tt-compiler/tt/backend/gobuild"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/simdtest"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp"
)

// tensor.sigmoid of f32 values in the tail is PyTorch's result at every
// level: 1/(1+exp(-x)) with no special branch, so 0 below -88.72 (issue 9:
// the interpreter used to give 8.19e-40 for -90 and the Go backend 0).
// The bit patterns are torch.sigmoid's (PyTorch 1.13, CPU, float32).
func TestSigmoidTailLikePyTorch(t *testing.T) {
	const src = `func.func @sig(%x: tensor<5xf32>) -> tensor<5xf32> {
  %r = tensor.sigmoid %x : tensor<5xf32>
  return %r : tensor<5xf32>
}`
	x := mustTensor(interp.FromF32([]int64{5}, []float32{-90, -88, -87, -80, -104}))
	want := []uint32{0, 0x0041edc4, 0x00b33687, 0x05bfecba, 0}
	ctx := context.Background()
	run := func(name string, be ttrun.Backend, pipeline bool) {
		t.Helper()
		p, err := ttrun.Load("sig.mlir", []byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if pipeline {
			if err := gobuild.Lower(ctx, p.Module, registry.NewPassRegistry(), gobuild.LowerOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if err := be.Prepare(ctx, p.Module, "sig"); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if c, ok := be.(interface{ Close() error }); ok {
			defer c.Close()
		}
		res, err := be.Run(ctx, []*interp.Tensor{x})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, w := range want {
			if got := math.Float32bits(res[0].F32()[i]); got != w {
				t.Errorf("%s: sigmoid(%g) = %g (%#08x), torch.sigmoid gives %g (%#08x)", name, x.F32()[i],
					res[0].F32()[i], got, math.Float32frombits(w), w)
			}
		}
	}
	run("interpreter", ttrun.NewInterpBackend(), false)
	run("interpreter after pt2-go", ttrun.NewInterpBackend(), true)
	levels, err := simdtest.Levels()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range levels {
		be := ttrun.NewGoBackend()
		be.(interface{ SetGoSIMD(string) }).SetGoSIMD(l.String())
		run("go backend, --go-simd="+l.String(), be, false)
	}
}

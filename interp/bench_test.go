package interp_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// The benchmark programs, in the tensor dialect's custom form. Their
// PyTorch twins are in testdata/bench_torch.py (same shapes and ops).
const benchPrograms = `
func.func @softmax(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}
func.func @layer_norm(%x: tensor<8192x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<8192x1024xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 9.99999974E-6 : tensor<8192x1024xf32>, tensor<1024xf32>, tensor<1024xf32>
  return %0 : tensor<8192x1024xf32>
}
func.func @gelu_chain(%x: tensor<4096x1024xf32>, %a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %a2 = tensor.broadcast %a dims = [1] : tensor<1024xf32> -> tensor<4096x1024xf32>
  %b2 = tensor.broadcast %b dims = [1] : tensor<1024xf32> -> tensor<4096x1024xf32>
  %0 = tensor.mul %x, %a2 : tensor<4096x1024xf32>
  %1 = tensor.add %0, %b2 : tensor<4096x1024xf32>
  %2 = tensor.gelu %1 : tensor<4096x1024xf32>
  return %2 : tensor<4096x1024xf32>
}
func.func @matmul(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = tensor.matmul %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
func.func @mlp(%x: tensor<256x784xf32>, %w1: tensor<784x1024xf32>, %b1: tensor<1024xf32>, %w2: tensor<1024x1024xf32>,
               %b2: tensor<1024xf32>, %w3: tensor<1024x10xf32>, %b3: tensor<10xf32>) -> tensor<256x10xf32> {
  %0 = tensor.matmul %x, %w1 : tensor<256x784xf32>, tensor<784x1024xf32>
  %1 = tensor.broadcast %b1 dims = [1] : tensor<1024xf32> -> tensor<256x1024xf32>
  %2 = tensor.add %0, %1 : tensor<256x1024xf32>
  %3 = tensor.relu %2 : tensor<256x1024xf32>
  %4 = tensor.matmul %3, %w2 : tensor<256x1024xf32>, tensor<1024x1024xf32>
  %5 = tensor.broadcast %b2 dims = [1] : tensor<1024xf32> -> tensor<256x1024xf32>
  %6 = tensor.add %4, %5 : tensor<256x1024xf32>
  %7 = tensor.relu %6 : tensor<256x1024xf32>
  %8 = tensor.matmul %7, %w3 : tensor<256x1024xf32>, tensor<1024x10xf32>
  %9 = tensor.broadcast %b3 dims = [1] : tensor<10xf32> -> tensor<256x10xf32>
  %10 = tensor.add %8, %9 : tensor<256x10xf32>
  return %10 : tensor<256x10xf32>
}`

// benchFunc runs function name of benchPrograms on random inputs shaped
// like its arguments. Besides wall time it reports the process CPU time per
// run (cpu-ms/op, all cores together), and, when flops is positive,
// GFLOP/s of wall time.
func benchFunc(b *testing.B, name string, flops float64) {
	ctx := builtin.NewContext().MustLoadDialect(tensor.Dialect)
	m, err := asm.ParseString(ctx, benchPrograms, asm.ParseOptions{Filename: "bench.mlir"})
	if err != nil {
		b.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		b.Fatal(err)
	}
	in := interp.New(m, kernels.NewRegistry())
	fn, err := in.Function(name)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var args []*interp.Tensor
	for _, t := range interp.FunctionType(fn).Inputs {
		args = append(args, randTensor(rng, t.(*ir.RankedTensorType).Shape()...))
	}
	if _, err := in.RunTensors(name, args...); err != nil { // warm up
		b.Fatal(err)
	}
	cpu0, haveCPU := processCPU()
	b.ResetTimer()
	for b.Loop() {
		if _, err := in.RunTensors(name, args...); err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, ok := processCPU(); ok && haveCPU {
		b.ReportMetric(float64(cpu1-cpu0)/1e6/float64(b.N), "cpu-ms/op")
	}
	if flops > 0 {
		b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	}
}

func BenchmarkSoftmax4096x1024(b *testing.B)   { benchFunc(b, "softmax", 0) }
func BenchmarkLayerNorm8192x1024(b *testing.B) { benchFunc(b, "layer_norm", 0) }
func BenchmarkGELUChain4096x1024(b *testing.B) { benchFunc(b, "gelu_chain", 0) }
func BenchmarkMatmul1024(b *testing.B)         { benchFunc(b, "matmul", 2*1024*1024*1024) }
func BenchmarkMLP256(b *testing.B) {
	benchFunc(b, "mlp", 2*256*(784*1024+1024*1024+1024*10))
}

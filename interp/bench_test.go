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
	testprograms "github.com/tt-compiler/tt/test/programs"
)

// benchFunc runs function name of the test program of the same name
// (test/programs; their PyTorch twins are in testdata/bench_torch.py, same
// shapes and ops) on random inputs shaped like its arguments. Besides wall
// time it reports the process CPU time per run (cpu-ms/op, all cores
// together), and, when flops is positive, GFLOP/s of wall time.
func benchFunc(b *testing.B, name string, flops float64) {
	ctx := builtin.NewContext().MustLoadDialect(tensor.Dialect)
	m, err := asm.ParseString(ctx, testprograms.MustSource(name), asm.ParseOptions{Filename: name + ".mlir"})
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

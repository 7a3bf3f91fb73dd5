//go:build linux

package ttrun

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/runtime/cuda"
)

// TestCUDABenchWithEvents runs --bench on the cuda backend over runtime/cuda's
// fake libcuda (C; tt's kernels are no-ops there, its event clock runs
// 0.25 ms per launch): the timed runs are the CUDA events' device time of
// the program's ten launches, not the wall time, and tt-run prints them
// in the other backends' bench line.
func TestCUDABenchWithEvents(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler (cc) to build the fake libcuda")
	}
	lib := filepath.Join(t.TempDir(), "libfakecuda.so")
	if out, err := exec.Command(cc, "-shared", "-fPIC", "-O2", "-o", lib,
		filepath.Join("..", "..", "runtime", "cuda", "testdata", "fakecuda", "fakecuda.c")).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, out)
	}
	drv, err := cuda.OpenLibrary(lib)
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	src.WriteString("func.func @f(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {\n  %v0 = tensor.softmax %x dim = 1 : tensor<4x64xf32>\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&src, "  %%v%d = tensor.softmax %%v%d dim = %d : tensor<4x64xf32>\n", i, i-1, (i+1)%2)
	}
	src.WriteString("  return %v9 : tensor<4x64xf32>\n}")
	backends := NewBackends()
	backends.Register(CUDABackendName, func() Backend { return newCUDABackend(drv) })
	res, err := Run(context.Background(), Config{File: "ten.mlir", Source: []byte(src.String()), Backend: CUDABackendName,
		Backends: backends, Random: &Random{Seed: 1}, Bench: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := BenchLine(res.Times), "bench: median 2.500 ms, min 2.500 ms over 3 runs"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

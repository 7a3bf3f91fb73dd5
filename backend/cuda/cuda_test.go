//go:build linux

package cuda_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ebitengine/purego"

	cudabackend "github.com/tt-compiler/tt/backend/cuda"
	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/cuda"
)

// tenLaunches is ten softmaxes along alternating dimensions: ten kernels,
// the last with the multiplication by %y fused in.
func tenLaunches() string {
	var b strings.Builder
	b.WriteString("func.func @f(%x: tensor<4x64xf32>, %y: tensor<4x64xf32>) -> tensor<4x64xf32> {\n  %v0 = tensor.softmax %x dim = 1 : tensor<4x64xf32>\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "  %%v%d = tensor.softmax %%v%d dim = %d : tensor<4x64xf32>\n", i, i-1, (i+1)%2)
	}
	b.WriteString("  %r = tensor.mul %v9, %y : tensor<4x64xf32>\n  return %r : tensor<4x64xf32>\n}")
	return b.String()
}

// fakeDriver builds runtime/cuda's fake libcuda (C, over host memory;
// tt's kernels are no-ops there) and opens it, returning its counters of
// host-to-device and device-to-host copies, allocations and frees.
func fakeDriver(t *testing.T) (*cuda.Driver, func() [4]int32) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler (cc) to build the fake libcuda")
	}
	lib := filepath.Join(t.TempDir(), "libfakecuda.so")
	if out, err := exec.Command(cc, "-shared", "-fPIC", "-O2", "-o", lib,
		filepath.Join("..", "..", "runtime", "cuda", "testdata", "fakecuda", "fakecuda.c")).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, out)
	}
	d, err := cuda.OpenLibrary(lib)
	if err != nil {
		t.Fatal(err)
	}
	h, err := purego.Dlopen(lib, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		t.Fatal(err)
	}
	var counts func(h2d, d2h, allocs, frees *int32)
	purego.RegisterLibFunc(&counts, h, "fakecuda_counts")
	return d, func() (c [4]int32) {
		counts(&c[0], &c[1], &c[2], &c[3])
		return c
	}
}

// TestResidentOnFakeDriver runs a program of ten launches twice through the
// Runner and this package's Device on the fake libcuda and counts the
// driver's calls: per run, each of the two inputs is copied to the device
// once and the result back once (cuMemcpyHtoD and cuMemcpyDtoH), every
// cuMemAlloc is freed, and the launches' CUDA events add up to the fake
// clock's 0.25 ms per launch.
func TestResidentOnFakeDriver(t *testing.T) {
	drv, counts := fakeDriver(t)
	m, err := asm.ParseString(registry.NewContext(), tenLaunches(), asm.ParseOptions{Filename: "ten.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	dev := &cudabackend.Device{Driver: drv}
	r := ptxsim.Runner{Device: dev, TimeLaunches: true}
	if err := r.Prepare(context.Background(), m, "f"); err != nil {
		t.Fatal(err)
	}
	x, err := interp.NewTensor(interp.F32, []int64{4, 64})
	if err != nil {
		t.Fatal(err)
	}
	before := counts()
	for run := 1; run <= 2; run++ {
		if _, err := r.Call(context.Background(), "f", x, x.Clone()); err != nil {
			t.Fatal(err)
		}
		c := counts()
		if h2d, d2h := c[0]-before[0], c[1]-before[1]; h2d != int32(2*run) || d2h != int32(run) {
			t.Errorf("run %d: %d copies to the device and %d back, want %d and %d", run, h2d, d2h, 2*run, run)
		}
		if c[2]-before[2] == 0 || c[2] != c[3] {
			t.Errorf("run %d: %d allocations, %d frees", run, c[2]-before[2], c[3]-before[3])
		}
		if r.Launches != 10*run {
			t.Errorf("run %d: %d launches", run, r.Launches)
		}
		if d, ok := r.LastLaunchTime(); !ok || d != 2500*time.Microsecond {
			t.Errorf("run %d: launch time %v (%v), want 2.5ms", run, d, ok)
		}
	}
	if err := dev.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestNoDriver checks the one-line error of a driver library that is not
// there.
func TestNoDriver(t *testing.T) {
	drv, err := cuda.OpenLibrary(filepath.Join(t.TempDir(), "libcuda.so.1"))
	if err == nil || !strings.HasPrefix(err.Error(), "no CUDA driver: ") {
		t.Fatalf("OpenLibrary: %v", err)
	}
	r := ptxsim.Runner{Device: &cudabackend.Device{Driver: drv}}
	m, err := asm.ParseString(registry.NewContext(), tenLaunches(), asm.ParseOptions{Filename: "ten.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Prepare(context.Background(), m, "f"); err == nil || !strings.HasPrefix(err.Error(), "no CUDA driver: ") {
		t.Errorf("Prepare: %v", err)
	}
}

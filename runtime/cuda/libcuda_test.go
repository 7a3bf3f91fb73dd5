//go:build linux

package cuda

import (
	"errors"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ebitengine/purego"
)

const rtldLocal = purego.RTLD_NOW | purego.RTLD_LOCAL

// TestFakeLibcuda loads testdata/fakecuda/fakecuda.c, built as a shared
// library, through the same path as the real driver (dlopen, dlsym,
// purego's calls into C) and runs the GPU test's suite on it: the Go
// declarations of every entry point meet C code compiled with the C
// compiler's calling convention, and the fake's thread-local current
// context checks the thread handling on real OS threads.
func TestFakeLibcuda(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler (cc) to build the fake libcuda")
	}
	lib := filepath.Join(t.TempDir(), "libfakecuda.so")
	if out, err := exec.Command(cc, "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-Wno-unused-parameter",
		"-o", lib, "testdata/fakecuda/fakecuda.c").CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, out)
	}
	d, err := openWith(func() (*api, error) { return loadAPI([]string{lib}, rtldLocal) })
	if err != nil {
		t.Fatal(err)
	}
	ctx := must(d.NewContext(0))(t)
	want := DeviceInfo{Name: "tt fake libcuda", Major: 9, Minor: 0, Multiprocessors: 132, MaxThreadsPerBlock: 1024,
		SharedMemPerBlock: 48 << 10, SharedMemOptin: 227 << 10, WarpSize: 32, TotalMem: 1 << 36,
		MemoryClockKHz: 2619000, MemoryBusWidth: 6144, L2CacheBytes: 50 << 20}
	if got := ctx.Device(); got != want {
		t.Fatalf("Device = %+v\nwant %+v", got, want)
	}
	if _, err := d.NewContext(1); err == nil || err.Error() != "device 1: cuDeviceGet: CUDA_ERROR_INVALID_DEVICE: invalid device ordinal" {
		t.Errorf("NewContext(1): %v", err)
	}

	deviceSuite(t, ctx, 1<<20, false)

	t.Run("timing", func(t *testing.T) {
		start, end := must(ctx.NewEvent())(t), must(ctx.NewEvent())(t)
		mod := must(ctx.LoadModule("vecadd.ptx", readTestdata(t, "vecadd.ptx")))(t)
		fn := must(mod.Function("vecadd"))(t)
		b := must(ctx.Alloc(4))(t)
		if err := start.Record(nil); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 1}}, Ptr(b.Ptr()), Ptr(b.Ptr()), Ptr(b.Ptr()), U32(1)); err != nil {
				t.Fatal(err)
			}
		}
		if err := end.Record(nil); err != nil {
			t.Fatal(err)
		}
		// The fake's clock runs 0.25 ms per launch: the float the C
		// function returns arrives intact.
		if el := must(ElapsedTime(start, end))(t); el != 750*time.Microsecond {
			t.Errorf("ElapsedTime = %v, want 750µs", el)
		}
		if err := errors.Join(b.Free(), mod.Unload(), start.Destroy(), end.Destroy()); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("goroutines", func(t *testing.T) {
		mod := must(ctx.LoadModule("vecadd.ptx", readTestdata(t, "vecadd.ptx")))(t)
		fn := must(mod.Function("vecadd"))(t)
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for g := range errs {
			wg.Go(func() {
				for i := range 50 {
					x := []float32{float32(g), float32(i)}
					b, err := ctx.AllocFrom(Bytes(x))
					if err != nil {
						errs[g] = err
						return
					}
					err = fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 2}}, Ptr(b.Ptr()), Ptr(b.Ptr()), Ptr(b.Ptr()), U32(2))
					y := make([]float32, 2)
					errs[g] = errors.Join(err, b.CopyToHost(Bytes(y)), b.Free())
					if errs[g] == nil && (y[0] != 2*x[0] || y[1] != 2*x[1]) {
						errs[g] = errors.New("wrong sum")
					}
					if errs[g] != nil {
						return
					}
				}
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		if err := mod.Unload(); err != nil {
			t.Fatal(err)
		}
	})

	free, total := must2(ctx.MemInfo())(t)
	if free != total {
		t.Errorf("%d bytes still allocated after the suite", total-free)
	}
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}
	if err := d.api.check("cuCtxSetCurrent", d.api.cuCtxSetCurrent(ctx.handle)); err == nil {
		t.Error("the fake's context is still retained after Close")
	}
}

//go:build linux

package cuda

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestOpenSystemDriver opens the machine's driver: it either works or
// fails with one of the two clear errors, never otherwise.
func TestOpenSystemDriver(t *testing.T) {
	d, err := Open()
	switch {
	case err == nil:
		v, _ := d.Version()
		p, _ := d.MaxPTX()
		n, _ := d.DeviceCount()
		t.Logf("CUDA driver %d.%d (PTX ISA up to %v), %d devices", v/1000, v%1000/10, p, n)
	case errors.Is(err, ErrNoDriver):
		if !strings.HasPrefix(err.Error(), "no CUDA driver: libcuda.so.1 not found: ") && !strings.Contains(err.Error(), "missing entry points") {
			t.Errorf("error %q", err)
		}
		t.Logf("no driver here: %v", err)
	case errors.Is(err, ErrNoDevice):
		// The library loaded and every entry point bound before cuInit.
		if !strings.HasPrefix(err.Error(), "no CUDA device: ") {
			t.Errorf("error %q", err)
		}
		t.Logf("a driver and no device here: %v", err)
	default:
		t.Fatalf("Open: %v", err)
	}
	d2, err2 := Default()
	d3, err3 := Default()
	if d2 != d3 || err2 != err3 {
		t.Errorf("Default is not cached: %p %v, %p %v", d2, err2, d3, err3)
	}
	if (err == nil) != (err2 == nil) {
		t.Errorf("Open: %v; Default: %v", err, err2)
	}
}

// gpuContext returns a context on device 0, or skips the test where the
// machine has no driver or no device.
func gpuContext(t *testing.T) *Context {
	t.Helper()
	d, err := Default()
	if errors.Is(err, ErrNoDriver) || errors.Is(err, ErrNoDevice) {
		t.Skipf("needs a CUDA GPU: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := d.NewContext(0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := ctx.Close(); err != nil {
			t.Error(err)
		}
	})
	return ctx
}

// TestGPU runs hand-written PTX (testdata/*.ptx) on device 0 (deviceSuite).
func TestGPU(t *testing.T) {
	deviceSuite(t, gpuContext(t), 1<<24, true)
}

// deviceSuite checks a context's device: the device query, a vector add
// checked bit for bit against Go's float32 addition (add.rn.f32 is IEEE
// round-to-nearest, as Go's), every parameter type, dynamic shared memory
// (with the opt-in above 48 KiB), a stream, event timing over timedN
// elements (logging the bandwidth when the device's clock is real) and a
// JIT error located on its line.
func deviceSuite(t *testing.T, ctx *Context, timedN int, realClock bool) {
	info := ctx.Device()
	t.Logf("device 0: %+v", info)
	if info.Name == "" || info.Major < 3 || info.Multiprocessors <= 0 || info.WarpSize != 32 ||
		info.MaxThreadsPerBlock < 512 || info.SharedMemPerBlock < 16<<10 || info.TotalMem == 0 {
		t.Fatalf("implausible device: %+v", info)
	}
	free, total, err := ctx.MemInfo()
	if err != nil || total == 0 || total > info.TotalMem || free > total {
		t.Fatalf("MemInfo = %d free of %d, %v; DeviceInfo.TotalMem %d", free, total, err, info.TotalMem)
	}

	t.Run("vecadd", func(t *testing.T) {
		const n = 1<<20 + 3
		a, b := make([]float32, n), make([]float32, n)
		for i := range a {
			a[i] = float32(math.Sin(float64(i))) * 1e3
			b[i] = float32(i) / 7
		}
		da, db := must(ctx.AllocFrom(Bytes(a)))(t), must(ctx.AllocFrom(Bytes(b)))(t)
		dc := must(ctx.Alloc(4 * n))(t)
		defer freeAll(t, da, db, dc)
		mod := must(ctx.LoadModule("vecadd.ptx", readTestdata(t, "vecadd.ptx")))(t)
		defer mod.Unload()
		t.Logf("JIT info log:\n%s", mod.InfoLog())
		fn := must(mod.Function("vecadd"))(t)
		if err := fn.Launch(LaunchConfig{Grid: Dim3{X: (n + 255) / 256}, Block: Dim3{X: 256}},
			Ptr(da.Ptr()), Ptr(db.Ptr()), Ptr(dc.Ptr()), U32(n)); err != nil {
			t.Fatal(err)
		}
		c := make([]float32, n)
		if err := dc.CopyToHost(Bytes(c)); err != nil {
			t.Fatal(err)
		}
		for i := range c {
			if math.Float32bits(c[i]) != math.Float32bits(a[i]+b[i]) {
				t.Fatalf("c[%d] = %v, want %v", i, c[i], a[i]+b[i])
			}
		}
	})

	t.Run("params", func(t *testing.T) {
		out := must(ctx.Alloc(8 * 8))(t)
		defer freeAll(t, out)
		if err := out.Memset(0xab); err != nil {
			t.Fatal(err)
		}
		mod := must(ctx.LoadModule("params.ptx", readTestdata(t, "params.ptx")))(t)
		defer mod.Unload()
		args := slices.Clone(paramsKernelArgs)
		args[0] = Ptr(out.Ptr())
		if err := must(mod.Function("params"))(t).Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 1}}, args...); err != nil {
			t.Fatal(err)
		}
		got := make([]uint64, 8)
		if err := out.CopyToHost(Bytes(got)); err != nil {
			t.Fatal(err)
		}
		for i, a := range args[1:] {
			if got[i] != a.Bits {
				t.Errorf("parameter %d (%v): kernel read %#x, want %#x", i+1, a.Type, got[i], a.Bits)
			}
		}
	})

	t.Run("shared memory and stream", func(t *testing.T) {
		const block, blocks = 256, 64
		in := make([]float32, block*blocks)
		for i := range in {
			in[i] = float32(i)
		}
		s := must(ctx.NewStream())(t)
		defer s.Destroy()
		din, dout := must(ctx.Alloc(4*len(in)))(t), must(ctx.Alloc(4*len(in)))(t)
		defer freeAll(t, din, dout)
		mod := must(ctx.LoadModule("reverse.ptx", readTestdata(t, "reverse.ptx")))(t)
		defer mod.Unload()
		fn := must(mod.Function("reverse"))(t)
		if err := s.CopyFromHost(din, Bytes(in)); err != nil {
			t.Fatal(err)
		}
		t.Logf("reverse: %+v", must(fn.Attributes())(t))
		// 4*block bytes, then more than the 48 KiB a kernel gets without
		// opting in (Launch opts in), where the device allows it.
		shared := []uint32{4 * block}
		if info.SharedMemOptin >= 64<<10 {
			shared = append(shared, 64<<10)
		}
		for _, n := range shared {
			if err := dout.Memset(0); err != nil {
				t.Fatal(err)
			}
			cfg := LaunchConfig{Grid: Dim3{X: blocks}, Block: Dim3{X: block}, SharedBytes: n, Stream: s}
			if err := fn.Launch(cfg, Ptr(din.Ptr()), Ptr(dout.Ptr())); err != nil {
				t.Fatal(err)
			}
			out := make([]float32, len(in))
			if err := s.CopyToHost(Bytes(out), dout); err != nil {
				t.Fatal(err)
			}
			if err := s.Synchronize(); err != nil {
				t.Fatal(err)
			}
			for i, v := range out {
				b, k := i/block, i%block
				if want := in[b*block+block-1-k]; v != want {
					t.Fatalf("%d shared bytes: out[%d] = %v, want %v", n, i, v, want)
				}
			}
		}
	})

	t.Run("events", func(t *testing.T) {
		n := timedN
		bufs := []*Buffer{must(ctx.Alloc(4 * n))(t), must(ctx.Alloc(4 * n))(t), must(ctx.Alloc(4 * n))(t)}
		defer freeAll(t, bufs...)
		mod := must(ctx.LoadModule("vecadd.ptx", readTestdata(t, "vecadd.ptx")))(t)
		defer mod.Unload()
		fn := must(mod.Function("vecadd"))(t)
		start, end := must(ctx.NewEvent())(t), must(ctx.NewEvent())(t)
		defer start.Destroy()
		defer end.Destroy()
		if err := start.Record(nil); err != nil {
			t.Fatal(err)
		}
		for range 10 {
			if err := fn.Launch(LaunchConfig{Grid: Dim3{X: uint32(n / 256)}, Block: Dim3{X: 256}},
				Ptr(bufs[0].Ptr()), Ptr(bufs[1].Ptr()), Ptr(bufs[2].Ptr()), U32(uint32(n))); err != nil {
				t.Fatal(err)
			}
		}
		if err := end.Record(nil); err != nil {
			t.Fatal(err)
		}
		if err := end.Synchronize(); err != nil {
			t.Fatal(err)
		}
		el := must(ElapsedTime(start, end))(t)
		if el <= 0 {
			t.Fatalf("ElapsedTime = %v", el)
		}
		if realClock {
			t.Logf("vecadd of %d floats: %v per launch, %.0f GB/s", n, el/10, float64(10*12*n)/el.Seconds()/1e9)
		}
		if err := ctx.Synchronize(); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("JIT error", func(t *testing.T) {
		ptx := strings.Replace(readTestdata(t, "vecadd.ptx"), "ld.global.f32 %f2, [%rd9];", "ld.global.f32 %f2, [%undefined];", 1)
		_, err := ctx.LoadModule("bad.ptx", ptx)
		var je *JITError
		if !errors.As(err, &je) {
			t.Fatalf("LoadModule: %v, want a *JITError", err)
		}
		t.Logf("%v", err)
		found := false
		for _, d := range je.Diagnostics {
			found = found || d.Line == 36 && strings.Contains(d.Source, "%undefined")
		}
		if !found {
			t.Fatalf("no diagnostic on line 36 in %+v", je.Diagnostics)
		}
	})
}

func freeAll(t *testing.T, bufs ...*Buffer) {
	for _, b := range bufs {
		if err := b.Free(); err != nil {
			t.Error(err)
		}
	}
}

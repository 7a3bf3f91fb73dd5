//go:build linux

package cuda

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// vecaddKernel is testdata/vecadd.ptx's kernel for the fake driver.
var vecaddKernel = fakeKernel{
	params: []ParamType{ParamPointer, ParamPointer, ParamPointer, ParamU32},
	run: func(f *fakeDriver, ctx cuContext, gid int, args []uint64) {
		if gid >= int(args[3]) {
			return
		}
		x := math.Float32frombits(binary.LittleEndian.Uint32(f.global(DevicePtr(args[0])+DevicePtr(4*gid), 4)))
		y := math.Float32frombits(binary.LittleEndian.Uint32(f.global(DevicePtr(args[1])+DevicePtr(4*gid), 4)))
		binary.LittleEndian.PutUint32(f.global(DevicePtr(args[2])+DevicePtr(4*gid), 4), math.Float32bits(x+y))
	},
}

// paramsKernel is testdata/params.ptx's kernel for the fake driver.
var paramsKernel = fakeKernel{
	params: []ParamType{ParamPointer, ParamU32, ParamU64, ParamS32, ParamF64, ParamF32, ParamS64, ParamF32, ParamU32},
	run: func(f *fakeDriver, ctx cuContext, gid int, args []uint64) {
		for i, a := range args[1:] {
			binary.LittleEndian.PutUint64(f.global(DevicePtr(args[0])+DevicePtr(8*i), 8), a)
		}
	},
}

func newFakeWithKernels(devices ...fakeDevice) *fakeDriver {
	f := newFakeDriver(devices...)
	f.kernels["vecadd"] = vecaddKernel
	f.kernels["params"] = paramsKernel
	return f
}

func openFake(t *testing.T, f *fakeDriver) *Driver {
	t.Helper()
	d, err := openWith(f.load)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if len(f.errs) > 0 {
			t.Errorf("the fake driver saw misuse:\n%s", strings.Join(f.errs, "\n"))
		}
	})
	return d
}

// must(f())(t) returns f's value, failing t on f's error.
func must[T any](v T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestOpenErrors(t *testing.T) {
	noDevice := newFakeDriver(h100)
	noDevice.initResult = errorNoDevice
	insufficient := newFakeDriver(h100)
	insufficient.initResult = 35
	tests := []struct {
		name string
		load func() (*api, error)
		is   error
		want string
	}{
		{"no library", func() (*api, error) { return loadAPI([]string{"libtt-no-such-cuda.so.1"}, rtldLocal) }, ErrNoDriver,
			"no CUDA driver: libtt-no-such-cuda.so.1 not found: libtt-no-such-cuda.so.1: cannot open shared object file: No such file or directory"},
		{"cuInit: no device", noDevice.load, ErrNoDevice,
			"no CUDA device: cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"},
		{"no devices", newFakeDriver().load, ErrNoDevice, "no CUDA device: cuDeviceGetCount found 0 devices"},
		{"old driver", insufficient.load, nil,
			"cuInit: CUDA_ERROR_INSUFFICIENT_DRIVER: CUDA driver version is insufficient for CUDA runtime version"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := openWith(tt.load)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("open: %v\nwant: %s", err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Fatalf("%v is not %v", err, tt.is)
			}
			if d == nil {
				t.Fatal("Open returned a nil Driver")
			}
			if _, err2 := d.DeviceCount(); err2 != err {
				t.Fatalf("DeviceCount after a failed Open: %v, want Open's error", err2)
			}
		})
	}
}

// TestNoPanicWithoutDriver calls every exported method of every type on
// values that cannot work — a Driver whose Open failed, nil pointers, zero
// values — with zero arguments: each must return an error (or, for the
// accessors without one, a zero value), never panic.
func TestNoPanicWithoutDriver(t *testing.T) {
	failed, openErr := openWith(func() (*api, error) { return loadAPI([]string{"libtt-no-such-cuda.so.1"}, rtldLocal) })
	receivers := []struct {
		name string
		v    any
		want error // nil: any error
	}{
		{"failed Driver", failed, openErr},
		{"nil Driver", (*Driver)(nil), errNotOpened},
		{"zero Driver", &Driver{}, errNotOpened},
		{"nil Context", (*Context)(nil), errNotOpened},
		{"zero Context", &Context{}, errNotOpened},
		{"Context of a failed Driver", &Context{d: failed, handle: 1}, openErr},
		{"nil Buffer", (*Buffer)(nil), nil},
		{"zero Buffer", &Buffer{}, nil},
		{"nil Module", (*Module)(nil), nil},
		{"zero Module", &Module{}, nil},
		{"nil Function", (*Function)(nil), nil},
		{"zero Function", &Function{}, nil},
		{"nil Stream", (*Stream)(nil), nil},
		{"zero Stream", &Stream{}, nil},
		{"nil Event", (*Event)(nil), nil},
		{"zero Event", &Event{}, nil},
	}
	errType := reflect.TypeFor[error]()
	for _, r := range receivers {
		v := reflect.ValueOf(r.v)
		for i := range v.NumMethod() {
			m := v.Type().Method(i)
			t.Run(r.name+"."+m.Name, func(t *testing.T) {
				fn := v.Method(i)
				args := make([]reflect.Value, fn.Type().NumIn())
				for k := range args {
					args[k] = reflect.Zero(fn.Type().In(k))
				}
				if fn.Type().IsVariadic() {
					args = args[:len(args)-1]
				}
				out := fn.Call(args)
				if len(out) == 0 || out[len(out)-1].Type() != errType {
					return // an accessor: it returned without panicking
				}
				err, _ := out[len(out)-1].Interface().(error)
				if err == nil {
					t.Fatalf("returned no error")
				}
				if r.want != nil && !errors.Is(err, r.want) {
					t.Fatalf("error %q, want %q", err, r.want)
				}
			})
		}
	}
	if _, err := ElapsedTime(nil, nil); err == nil {
		t.Error("ElapsedTime(nil, nil) returned no error")
	}
}

func TestErrorFormat(t *testing.T) {
	a := must(newFakeDriver(h100).load())(t)
	tests := []struct {
		call string
		r    result
		want string
	}{
		{"cuLaunchKernel", errorInvalidValue, "cuLaunchKernel: CUDA_ERROR_INVALID_VALUE: invalid argument"},
		{"cuMemAlloc_v2", 2, "cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY: out of memory"},
		{"cuCtxSynchronize", 12345, "cuCtxSynchronize: CUDA error 12345: unknown error"},
	}
	for _, tt := range tests {
		err := a.check(tt.call, tt.r)
		if err == nil || err.Error() != tt.want {
			t.Errorf("check(%s, %d) = %v, want %q", tt.call, tt.r, err, tt.want)
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != int32(tt.r) || e.Call != tt.call {
			t.Errorf("check(%s, %d) = %#v", tt.call, tt.r, err)
		}
	}
	if err := a.check("cuInit", success); err != nil {
		t.Errorf("check(success) = %v", err)
	}
	if got := (*api)(nil).check("cuInit", 100).Error(); got != "cuInit: CUDA error 100: unknown error" {
		t.Errorf("without a table: %q", got)
	}
}

func TestDeviceInfo(t *testing.T) {
	d := openFake(t, newFakeDriver(h100, fakeDevice{name: "Fake T4", major: 7, minor: 5, sms: 40, mem: 16 << 30}))
	if n := must(d.DeviceCount())(t); n != 2 {
		t.Fatalf("DeviceCount = %d", n)
	}
	info := must(d.DeviceInfo(1))(t)
	want := DeviceInfo{Ordinal: 1, Name: "Fake T4", Major: 7, Minor: 5, Multiprocessors: 40, MaxThreadsPerBlock: 1024,
		SharedMemPerBlock: 48 << 10, SharedMemOptin: 227 << 10, WarpSize: 32, TotalMem: 16 << 30, L2CacheBytes: 50 << 20}
	if info != want {
		t.Fatalf("DeviceInfo(1) = %+v\nwant %+v", info, want)
	}
	if info.Target() != "sm_75" {
		t.Errorf("Target = %s", info.Target())
	}
	if _, err := d.DeviceInfo(2); err == nil || !strings.Contains(err.Error(), "device 2: cuDeviceGet: CUDA error 101") {
		t.Errorf("DeviceInfo(2): %v", err)
	}
	if v := must(d.Version())(t); v != 12040 {
		t.Errorf("Version = %d", v)
	}
	if v := must(d.MaxPTX())(t); v != (PTXVersion{8, 4}) {
		t.Errorf("MaxPTX = %v", v)
	}
}

func TestMaxPTXForCUDA(t *testing.T) {
	tests := []struct {
		cuda int
		want string
		ok   bool
	}{
		{8000, "", false},
		{9000, "6.0", true},
		{10020, "6.5", true},
		{11080, "7.8", true},
		{12020, "8.2", true},
		{12060, "8.5", true}, // CUDA 12.6 kept PTX ISA 8.5
		{12070, "8.6", true},
		{12090, "8.8", true},
		{13000, "9.0", true},
		{13010, "9.1", true},
		{99000, "9.1", true}, // newer than the table: its newest entry
	}
	for _, tt := range tests {
		v, ok := MaxPTXForCUDA(tt.cuda)
		got := ""
		if ok {
			got = v.String()
		}
		if got != tt.want || ok != tt.ok {
			t.Errorf("MaxPTXForCUDA(%d) = %s, %v; want %s, %v", tt.cuda, got, ok, tt.want, tt.ok)
		}
	}
	for i := 1; i < len(ptxISAByCUDA); i++ {
		if ptxISAByCUDA[i].cuda >= ptxISAByCUDA[i-1].cuda || !ptxISAByCUDA[i].ptx.Less(ptxISAByCUDA[i-1].ptx) {
			t.Errorf("table not newest first at %d", i)
		}
	}
}

// TestVectorAddOnFake runs the whole flow the GPU test runs, on the fake
// driver: the calls, their order and the data through them.
func TestVectorAddOnFake(t *testing.T) {
	f := newFakeWithKernels(h100)
	d := openFake(t, f)
	ctx := must(d.NewContext(0))(t)
	if ctx.Device().Name != "Fake H100" {
		t.Fatalf("Device = %+v", ctx.Device())
	}
	const n = 1000
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i)/3, float32(n-i)*1.5
	}
	da := must(ctx.AllocFrom(Bytes(a)))(t)
	db := must(ctx.AllocFrom(Bytes(b)))(t)
	dc := must(ctx.Alloc(4 * n))(t)
	if err := dc.Memset(0xff); err != nil {
		t.Fatal(err)
	}
	ptx := readTestdata(t, "vecadd.ptx")
	mod := must(ctx.LoadModule("vecadd.ptx", ptx))(t)
	if got := f.ptx[len(f.ptx)-1]; got != ptx {
		t.Fatalf("the driver read %d bytes of PTX, want the %d of the text", len(got), len(ptx))
	}
	if !strings.Contains(mod.InfoLog(), "Used 8 registers") {
		t.Errorf("InfoLog = %q", mod.InfoLog())
	}
	fn := must(mod.Function("vecadd"))(t)
	start, end := must(ctx.NewEvent())(t), must(ctx.NewEvent())(t)
	if err := start.Record(nil); err != nil {
		t.Fatal(err)
	}
	cfg := LaunchConfig{Grid: Dim3{X: (n + 255) / 256}, Block: Dim3{X: 256}}
	if err := fn.Launch(cfg, Ptr(da.Ptr()), Ptr(db.Ptr()), Ptr(dc.Ptr()), U32(n)); err != nil {
		t.Fatal(err)
	}
	if err := end.Record(nil); err != nil {
		t.Fatal(err)
	}
	if err := end.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if el := must(ElapsedTime(start, end))(t); el != time.Millisecond {
		t.Errorf("ElapsedTime = %v, want the fake's 1ms per launch", el)
	}
	c := make([]float32, n)
	if err := dc.CopyToHost(Bytes(c)); err != nil {
		t.Fatal(err)
	}
	for i := range c {
		if c[i] != a[i]+b[i] {
			t.Fatalf("c[%d] = %v, want %v", i, c[i], a[i]+b[i])
		}
	}
	l := f.launches[0]
	if l.grid != (Dim3{4, 1, 1}) || l.block != (Dim3{256, 1, 1}) || l.shared != 0 || l.stream != 0 {
		t.Errorf("launch %+v", l)
	}

	// A stream: asynchronous copies and a launch on it.
	s := must(ctx.NewStream())(t)
	if err := s.CopyFromHost(da, Bytes(b)); err != nil {
		t.Fatal(err)
	}
	if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: n}, SharedBytes: 64, Stream: s},
		Ptr(da.Ptr()), Ptr(db.Ptr()), Ptr(dc.Ptr()), U32(n)); err != nil {
		t.Fatal(err)
	}
	if err := s.CopyToHost(Bytes(c), dc); err != nil {
		t.Fatal(err)
	}
	if err := s.Synchronize(); err != nil {
		t.Fatal(err)
	}
	if c[10] != 2*b[10] {
		t.Errorf("after the stream: c[10] = %v, want %v", c[10], 2*b[10])
	}
	if l := f.launches[1]; l.stream != s.handle || l.shared != 64 {
		t.Errorf("stream launch %+v", l)
	}
	if err := ctx.Synchronize(); err != nil {
		t.Fatal(err)
	}

	for _, release := range []func() error{s.Destroy, start.Destroy, end.Destroy, mod.Unload, da.Free, db.Free, dc.Free} {
		if err := release(); err != nil {
			t.Fatal(err)
		}
	}
	if len(f.allocs) != 0 || len(f.modules) != 0 || len(f.streams) != 0 || len(f.events) != 0 {
		t.Errorf("leaked: %d allocations, %d modules, %d streams, %d events", len(f.allocs), len(f.modules), len(f.streams), len(f.events))
	}
	if err := fn.Launch(cfg); err == nil || !strings.Contains(err.Error(), "module vecadd.ptx unloaded") {
		t.Errorf("launch after Unload: %v", err)
	}
	if err := da.Free(); err == nil || err.Error() != "cuda: buffer freed" {
		t.Errorf("second Free: %v", err)
	}
	if err := ctx.Close(); err != nil {
		t.Fatal(err)
	}
	if f.retains[0] != 0 {
		t.Errorf("primary context retained %d times after Close", f.retains[0])
	}
	if _, err := ctx.Alloc(4); !errors.Is(err, errClosed) {
		t.Errorf("Alloc after Close: %v", err)
	}
}

func TestLaunchPassesEveryParamType(t *testing.T) {
	f := newFakeWithKernels(h100)
	d := openFake(t, f)
	ctx := must(d.NewContext(0))(t)
	out := must(ctx.Alloc(8 * 8))(t)
	mod := must(ctx.LoadModule("params.ptx", readTestdata(t, "params.ptx")))(t)
	fn := must(mod.Function("params"))(t)
	args := slices.Clone(paramsKernelArgs)
	args[0] = Ptr(out.Ptr())
	if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 1}}, args...); err != nil {
		t.Fatal(err)
	}
	l := f.launches[0]
	p := must(packParams(args))(t)
	if !slices.Equal(l.offsets, p.offsets) {
		t.Errorf("kernelParams point at offsets %v, want the block's %v", l.offsets, p.offsets)
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
}

func TestLaunchErrors(t *testing.T) {
	f := newFakeWithKernels(h100)
	d := openFake(t, f)
	ctx := must(d.NewContext(0))(t)
	mod := must(ctx.LoadModule("vecadd.ptx", readTestdata(t, "vecadd.ptx")))(t)
	fn := must(mod.Function("vecadd"))(t)
	if _, err := mod.Function("nosuch"); err == nil || err.Error() != "vecadd.ptx: kernel nosuch: cuModuleGetFunction: CUDA_ERROR_NOT_FOUND: named symbol not found" {
		t.Errorf("Function(nosuch): %v", err)
	}
	if err := fn.Launch(LaunchConfig{Block: Dim3{X: 1}}); err == nil || !strings.Contains(err.Error(), "empty grid") {
		t.Errorf("empty grid: %v", err)
	}
	if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 1}}, Arg{}); err == nil || !strings.Contains(err.Error(), "invalid parameter type") {
		t.Errorf("zero Arg: %v", err)
	}
	other := must(openFake(t, newFakeWithKernels(h100)).NewContext(0))(t)
	s := must(other.NewStream())(t)
	if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 1}, Stream: s}); err == nil || !strings.Contains(err.Error(), "stream of another context") {
		t.Errorf("foreign stream: %v", err)
	}
	f.launchRes = 701
	want := "launch vecadd (grid 2×1×1, block 2048×1×1, 0 shared bytes): cuLaunchKernel: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many resources requested for launch"
	if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 2}, Block: Dim3{X: 2048}}, Ptr(0), Ptr(0), Ptr(0), U32(0)); err == nil || err.Error() != want {
		t.Errorf("driver refusal: %v\nwant %s", err, want)
	}
	b := must(ctx.Alloc(8))(t)
	if err := b.CopyFromHost(make([]byte, 9)); err == nil || err.Error() != "cuda: 9 bytes do not fit a buffer of 8" {
		t.Errorf("overflowing copy: %v", err)
	}
	if _, err := ctx.Alloc(2 << 30); err == nil || err.Error() != "2147483648 bytes: cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY: out of memory" {
		t.Errorf("Alloc(2 GiB): %v", err)
	}
	if _, err := ctx.LoadModule("nul.ptx", ".version 7.0\x00junk"); err == nil || err.Error() != "nul.ptx: PTX text holds a NUL byte at offset 12" {
		t.Errorf("PTX with a NUL: %v", err)
	}
}

func TestJITErrorOnFake(t *testing.T) {
	f := newFakeWithKernels(h100)
	f.jitErr = "%undefined"
	d := openFake(t, f)
	ctx := must(d.NewContext(0))(t)
	ptx := strings.Replace(readTestdata(t, "vecadd.ptx"), "ld.global.f32 %f2, [%rd9];", "ld.global.f32 %f2, [%undefined];", 1)
	_, err := ctx.LoadModule("bad.ptx", ptx)
	var je *JITError
	if !errors.As(err, &je) {
		t.Fatalf("LoadModule: %v, want a *JITError", err)
	}
	want := `bad.ptx: cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX: a PTX JIT compilation failed
  ptxas application ptx input, line 36; error   : Unknown symbol '%undefined'
    bad.ptx:36: ld.global.f32 %f2, [%undefined];
  ptxas fatal   : Ptx assembly aborted due to errors`
	if err.Error() != want {
		t.Fatalf("error:\n%s\nwant:\n%s", err, want)
	}
	if len(je.Diagnostics) != 1 || je.Diagnostics[0].Line != 36 || je.Diagnostics[0].Severity != "error" {
		t.Errorf("diagnostics %+v", je.Diagnostics)
	}
	var ce *Error
	if !errors.As(err, &ce) || ce.Code != int32(errorInvalidPTX) {
		t.Errorf("unwrapped %v", ce)
	}
}

func TestJITHints(t *testing.T) {
	f := newFakeWithKernels(fakeDevice{name: "Fake V100", major: 7, minor: 0, sms: 80, mem: 16 << 30})
	f.version = 12020
	ctx := must(openFake(t, f).NewContext(0))(t)
	ptx := ".version 8.5\n.target sm_90\n.address_size 64\n"
	if got, want := ctx.jitHint(errorUnsupportedPTXVersion, ptx), "the module declares .version 8.5; this driver (CUDA 12.2) compiles PTX ISA up to 8.2"; got != want {
		t.Errorf("unsupported version: %q, want %q", got, want)
	}
	if got, want := ctx.jitHint(errorNoBinaryForGPU, ptx), "the module targets sm_90; the device is sm_70"; got != want {
		t.Errorf("no binary: %q, want %q", got, want)
	}
	if got := ctx.jitHint(errorNoBinaryForGPU, ".target sm_52\n"); got != "" {
		t.Errorf("old target: %q", got)
	}
}

// TestContextCurrentPerThread uses two devices' contexts from many
// goroutines at once: the fake driver checks, on the OS thread of every
// call, that the context owning the memory, module or event is current,
// which holds only if each call makes its context current on its own
// locked thread.
func TestContextCurrentPerThread(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	f := newFakeWithKernels(h100, h100)
	d := openFake(t, f)
	ctxs := []*Context{must(d.NewContext(0))(t), must(d.NewContext(1))(t)}
	ptx := readTestdata(t, "vecadd.ptx")
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 16 {
		wg.Go(func() {
			ctx := ctxs[g%2]
			for i := range 20 {
				x := []float32{float32(g), float32(i)}
				b, err := ctx.AllocFrom(Bytes(x))
				if err != nil {
					errs <- err
					return
				}
				mod, err := ctx.LoadModule("vecadd.ptx", ptx)
				if err != nil {
					errs <- err
					return
				}
				fn, err := mod.Function("vecadd")
				if err == nil {
					err = fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 2}}, Ptr(b.Ptr()), Ptr(b.Ptr()), Ptr(b.Ptr()), U32(2))
				}
				runtime.Gosched()
				y := make([]float32, 2)
				if err == nil {
					err = b.CopyToHost(Bytes(y))
				}
				if err == nil && (y[0] != 2*x[0] || y[1] != 2*x[1]) {
					err = fmt.Errorf("goroutine %d: got %v, want twice %v", g, y, x)
				}
				if err == nil {
					err = errors.Join(mod.Unload(), b.Free())
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestDynamicSharedMemoryOptIn(t *testing.T) {
	f := newFakeWithKernels(h100)
	ctx := must(openFake(t, f).NewContext(0))(t)
	fn := must(must(ctx.LoadModule("vecadd.ptx", readTestdata(t, "vecadd.ptx")))(t).Function("vecadd"))(t)
	args := []Arg{Ptr(0), Ptr(0), Ptr(0), U32(0)}
	for _, shared := range []uint32{1 << 10, 48 << 10, 100 << 10, 64 << 10, 227 << 10} {
		if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 32}, SharedBytes: shared}, args...); err != nil {
			t.Fatalf("%d shared bytes: %v", shared, err)
		}
	}
	if got := f.functions[fn.handle].dynShared; got != 227<<10 {
		t.Errorf("limit %d after the launches, want the largest asked for", got)
	}
	want := "launch vecadd: 240000 dynamic shared bytes (the device allows 232448 per block, static shared memory included): cuFuncSetAttribute: CUDA_ERROR_INVALID_VALUE: invalid argument"
	if err := fn.Launch(LaunchConfig{Grid: Dim3{X: 1}, Block: Dim3{X: 32}, SharedBytes: 240000}, args...); err == nil || err.Error() != want {
		t.Errorf("too much shared memory: %v\nwant %s", err, want)
	}
	fa := must(fn.Attributes())(t)
	if fa != (FuncAttributes{MaxThreadsPerBlock: 1024, NumRegs: 8, PTXVersion: 70, BinaryVersion: 90, MaxDynamicSharedBytes: 227 << 10}) {
		t.Errorf("Attributes = %+v", fa)
	}
	b := must(ctx.Alloc(1 << 20))(t)
	free, total := must2(ctx.MemInfo())(t)
	if total != 80<<30 || free != total-1<<20 {
		t.Errorf("MemInfo = %d free of %d", free, total)
	}
	if err := b.Free(); err != nil {
		t.Fatal(err)
	}
}

func must2[T, U any](v T, w U, err error) func(*testing.T) (T, U) {
	return func(t *testing.T) (T, U) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v, w
	}
}

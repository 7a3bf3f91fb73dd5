//go:build linux

package cuda

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// fakeDriver is a CUDA driver written in Go behind the api table: device
// memory is Go memory indexed by fake device addresses, and kernels are Go
// functions found by the .entry names of the PTX text. It checks what the
// real driver would need: the owning context current on the calling OS
// thread, NUL-terminated PTX, kernel parameters readable through the
// kernelParams array. Violations are recorded in errs.
type fakeDriver struct {
	mu         sync.Mutex
	initResult result
	version    int32
	devices    []fakeDevice
	kernels    map[string]fakeKernel // by entry name, for every module
	jitErr     string                // a PTX line holding it fails to compile
	launchRes  result                // what cuLaunchKernel returns when not success

	current   map[int]cuContext // current context by OS thread id
	retains   map[cuDevice]int
	allocs    map[DevicePtr]*fakeAlloc
	next      DevicePtr
	modules   map[cuModule]fakeModule
	functions map[cuFunction]*fakeFunction
	streams   map[cuStream]cuContext
	events    map[cuEvent]*fakeEvent
	handles   uintptr
	ptx       []string // PTX texts loaded, as read up to the NUL
	launches  []fakeLaunch
	errs      []string
}

type fakeDevice struct {
	name         string
	major, minor int32
	sms          int32
	mem          uintptr
}

type fakeKernel struct {
	params []ParamType
	// run executes one thread; args are the parameter values' bits.
	run func(f *fakeDriver, ctx cuContext, gid int, args []uint64)
}

type fakeAlloc struct {
	ctx  cuContext
	data []byte
}

type fakeModule struct {
	ctx     cuContext
	entries []string
}

type fakeFunction struct {
	ctx       cuContext
	name      string
	kernel    fakeKernel
	dynShared int32 // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
}

type fakeEvent struct {
	ctx  cuContext
	time float32 // ms: the fake clock advances 1 ms per launch
}

type fakeLaunch struct {
	name        string
	grid, block Dim3
	shared      uint32
	stream      cuStream
	args        []uint64
	offsets     []int // of each argument from the first
}

func newFakeDriver(devices ...fakeDevice) *fakeDriver {
	return &fakeDriver{
		version:   12040,
		devices:   devices,
		kernels:   map[string]fakeKernel{},
		current:   map[int]cuContext{},
		retains:   map[cuDevice]int{},
		allocs:    map[DevicePtr]*fakeAlloc{},
		next:      0x7f0000000000,
		modules:   map[cuModule]fakeModule{},
		functions: map[cuFunction]*fakeFunction{},
		streams:   map[cuStream]cuContext{},
		events:    map[cuEvent]*fakeEvent{},
	}
}

var h100 = fakeDevice{name: "Fake H100", major: 9, minor: 0, sms: 132, mem: 80 << 30}

func (f *fakeDriver) load() (*api, error) {
	return &api{
		cuInit:                    f.cuInit,
		cuDriverGetVersion:        f.cuDriverGetVersion,
		cuDeviceGetCount:          f.cuDeviceGetCount,
		cuDeviceGet:               f.cuDeviceGet,
		cuDeviceGetName:           f.cuDeviceGetName,
		cuDeviceGetAttribute:      f.cuDeviceGetAttribute,
		cuDeviceTotalMem:          f.cuDeviceTotalMem,
		cuDevicePrimaryCtxRetain:  f.cuDevicePrimaryCtxRetain,
		cuDevicePrimaryCtxRelease: f.cuDevicePrimaryCtxRelease,
		cuCtxSetCurrent:           f.cuCtxSetCurrent,
		cuCtxSynchronize:          f.cuCtxSynchronize,
		cuStreamCreate:            f.cuStreamCreate,
		cuStreamDestroy:           f.cuStreamDestroy,
		cuStreamSynchronize:       f.cuStreamSynchronize,
		cuEventCreate:             f.cuEventCreate,
		cuEventRecord:             f.cuEventRecord,
		cuEventSynchronize:        f.cuEventSynchronize,
		cuEventElapsedTime:        f.cuEventElapsedTime,
		cuEventDestroy:            f.cuEventDestroy,
		cuMemAlloc:                f.cuMemAlloc,
		cuMemFree:                 f.cuMemFree,
		cuMemcpyHtoD:              f.cuMemcpyHtoD,
		cuMemcpyDtoH:              f.cuMemcpyDtoH,
		cuMemcpyHtoDAsync:         f.cuMemcpyHtoDAsync,
		cuMemcpyDtoHAsync:         f.cuMemcpyDtoHAsync,
		cuMemsetD8:                f.cuMemsetD8,
		cuModuleLoadDataEx:        f.cuModuleLoadDataEx,
		cuModuleGetFunction:       f.cuModuleGetFunction,
		cuModuleUnload:            f.cuModuleUnload,
		cuFuncGetAttribute:        f.cuFuncGetAttribute,
		cuFuncSetAttribute:        f.cuFuncSetAttribute,
		cuMemGetInfo:              f.cuMemGetInfo,
		cuLaunchKernel:            f.cuLaunchKernel,
		cuGetErrorName:            fakeGetErrorName,
		cuGetErrorString:          fakeGetErrorString,
	}, nil
}

// fakeErrorNames is the fake driver's symbol table of results, as C
// strings (the real driver's are static data; these live as long as the
// test binary).
var fakeErrorNames = map[result][2][]byte{
	1:   {cstr("CUDA_ERROR_INVALID_VALUE"), cstr("invalid argument")},
	2:   {cstr("CUDA_ERROR_OUT_OF_MEMORY"), cstr("out of memory")},
	3:   {cstr("CUDA_ERROR_NOT_INITIALIZED"), cstr("initialization error")},
	35:  {cstr("CUDA_ERROR_INSUFFICIENT_DRIVER"), cstr("CUDA driver version is insufficient for CUDA runtime version")},
	100: {cstr("CUDA_ERROR_NO_DEVICE"), cstr("no CUDA-capable device is detected")},
	201: {cstr("CUDA_ERROR_INVALID_CONTEXT"), cstr("invalid device context")},
	209: {cstr("CUDA_ERROR_NO_BINARY_FOR_GPU"), cstr("no kernel image is available for execution on the device")},
	218: {cstr("CUDA_ERROR_INVALID_PTX"), cstr("a PTX JIT compilation failed")},
	222: {cstr("CUDA_ERROR_UNSUPPORTED_PTX_VERSION"), cstr("the provided PTX was compiled with an unsupported toolchain.")},
	400: {cstr("CUDA_ERROR_INVALID_HANDLE"), cstr("invalid resource handle")},
	500: {cstr("CUDA_ERROR_NOT_FOUND"), cstr("named symbol not found")},
	701: {cstr("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"), cstr("too many resources requested for launch")},
}

func cstr(s string) []byte { return append([]byte(s), 0) }

// fakeGetErrorName answers as the driver does: CUDA_ERROR_INVALID_VALUE
// and a NULL string for a code it does not know.
func fakeGetErrorName(r result, s **byte) result {
	e, ok := fakeErrorNames[r]
	if !ok {
		*s = nil
		return errorInvalidValue
	}
	*s = &e[0][0]
	return success
}

func fakeGetErrorString(r result, s **byte) result {
	e, ok := fakeErrorNames[r]
	if !ok {
		*s = nil
		return errorInvalidValue
	}
	*s = &e[1][0]
	return success
}

func (f *fakeDriver) failf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

// requireCurrent checks that ctx is current on the calling OS thread.
func (f *fakeDriver) requireCurrent(call string, ctx cuContext) result {
	if got := f.current[syscall.Gettid()]; got != ctx {
		f.failf("%s: context %#x current on thread %d, want %#x", call, got, syscall.Gettid(), ctx)
		return 201
	}
	return success
}

func (f *fakeDriver) handle() uintptr {
	f.handles += 0x10
	return 0x5000 + f.handles
}

func (f *fakeDriver) cuInit(flags uint32) result { return f.initResult }

func (f *fakeDriver) cuDriverGetVersion(v *int32) result {
	*v = f.version
	return success
}

func (f *fakeDriver) cuDeviceGetCount(n *int32) result {
	*n = int32(len(f.devices))
	return success
}

func (f *fakeDriver) cuDeviceGet(dev *cuDevice, ordinal int32) result {
	if ordinal < 0 || int(ordinal) >= len(f.devices) {
		return 101 // CUDA_ERROR_INVALID_DEVICE, unknown to the fake's table
	}
	*dev = cuDevice(ordinal)
	return success
}

func (f *fakeDriver) cuDeviceGetName(name *byte, n int32, dev cuDevice) result {
	b := unsafe.Slice(name, n)
	copy(b[:n-1], f.devices[dev].name)
	b[min(int(n-1), len(f.devices[dev].name))] = 0
	return success
}

func (f *fakeDriver) cuDeviceGetAttribute(v *int32, attr int32, dev cuDevice) result {
	d := f.devices[dev]
	switch attr {
	case attrComputeMajor:
		*v = d.major
	case attrComputeMinor:
		*v = d.minor
	case attrMultiprocessorCount:
		*v = d.sms
	case attrMaxThreadsPerBlock:
		*v = 1024
	case attrMaxSharedPerBlock:
		*v = 48 << 10
	case attrWarpSize:
		*v = 32
	case attrMaxSharedOptin:
		*v = 227 << 10
	case attrL2CacheSize:
		*v = 50 << 20
	default:
		return errorInvalidValue // as a driver that deprecated the clocks
	}
	return success
}

func (f *fakeDriver) cuDeviceTotalMem(n *uintptr, dev cuDevice) result {
	*n = f.devices[dev].mem
	return success
}

// The primary context of device d is the handle 0x1000+d.
func (f *fakeDriver) cuDevicePrimaryCtxRetain(ctx *cuContext, dev cuDevice) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.retains[dev]++
	*ctx = cuContext(0x1000 + uintptr(dev))
	return success
}

func (f *fakeDriver) cuDevicePrimaryCtxRelease(dev cuDevice) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.retains[dev] == 0 {
		return errorInvalidValue
	}
	f.retains[dev]--
	return success
}

func (f *fakeDriver) cuCtxSetCurrent(ctx cuContext) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.retains[cuDevice(ctx-0x1000)] == 0 {
		return 201
	}
	f.current[syscall.Gettid()] = ctx
	return success
}

func (f *fakeDriver) currentCtx() cuContext { return f.current[syscall.Gettid()] }

func (f *fakeDriver) cuCtxSynchronize() result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.currentCtx() == 0 {
		return 201
	}
	return success
}

func (f *fakeDriver) cuStreamCreate(s *cuStream, flags uint32) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	*s = cuStream(f.handle())
	f.streams[*s] = f.currentCtx()
	return success
}

func (f *fakeDriver) cuStreamDestroy(s cuStream) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.streams[s]; !ok {
		return 400
	}
	delete(f.streams, s)
	return success
}

func (f *fakeDriver) cuStreamSynchronize(s cuStream) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.streams[s]; !ok {
		return 400
	}
	return success
}

func (f *fakeDriver) cuEventCreate(e *cuEvent, flags uint32) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	*e = cuEvent(f.handle())
	f.events[*e] = &fakeEvent{ctx: f.currentCtx()}
	return success
}

func (f *fakeDriver) cuEventRecord(e cuEvent, s cuStream) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	ev, ok := f.events[e]
	if !ok {
		return 400
	}
	ev.time = float32(len(f.launches))
	return f.requireCurrent("cuEventRecord", ev.ctx)
}

func (f *fakeDriver) cuEventSynchronize(e cuEvent) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.events[e]; !ok {
		return 400
	}
	return success
}

func (f *fakeDriver) cuEventElapsedTime(ms *float32, start, end cuEvent) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok1 := f.events[start]
	e, ok2 := f.events[end]
	if !ok1 || !ok2 {
		return 400
	}
	*ms = e.time - s.time
	return success
}

func (f *fakeDriver) cuEventDestroy(e cuEvent) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.events[e]; !ok {
		return 400
	}
	delete(f.events, e)
	return success
}

func (f *fakeDriver) cuMemAlloc(p *DevicePtr, n uintptr) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n == 0 {
		return errorInvalidValue
	}
	if n > 1<<30 {
		return 2
	}
	ctx := f.currentCtx()
	if ctx == 0 {
		return 201
	}
	*p = f.next
	f.allocs[f.next] = &fakeAlloc{ctx: ctx, data: make([]byte, n)}
	f.next += DevicePtr((n + 255) &^ 255)
	return success
}

func (f *fakeDriver) cuMemFree(p DevicePtr) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	a, ok := f.allocs[p]
	if !ok {
		return errorInvalidValue
	}
	if r := f.requireCurrent("cuMemFree_v2", a.ctx); r != success {
		return r
	}
	delete(f.allocs, p)
	return success
}

// memory returns the n bytes of device memory at p, checking that the
// allocation's context is current.
func (f *fakeDriver) memory(call string, p DevicePtr, n uintptr) ([]byte, result) {
	for base, a := range f.allocs {
		if p >= base && uintptr(p-base)+n <= uintptr(len(a.data)) {
			if r := f.requireCurrent(call, a.ctx); r != success {
				return nil, r
			}
			return a.data[p-base : uintptr(p-base)+n], success
		}
	}
	f.failf("%s: %d bytes at %#x are not allocated", call, n, p)
	return nil, errorInvalidValue
}

func (f *fakeDriver) cuMemcpyHtoD(dst DevicePtr, src unsafe.Pointer, n uintptr) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	mem, r := f.memory("cuMemcpyHtoD_v2", dst, n)
	if r == success {
		copy(mem, unsafe.Slice((*byte)(src), n))
	}
	return r
}

func (f *fakeDriver) cuMemcpyDtoH(dst unsafe.Pointer, src DevicePtr, n uintptr) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	mem, r := f.memory("cuMemcpyDtoH_v2", src, n)
	if r == success {
		copy(unsafe.Slice((*byte)(dst), n), mem)
	}
	return r
}

func (f *fakeDriver) cuMemcpyHtoDAsync(dst DevicePtr, src unsafe.Pointer, n uintptr, s cuStream) result {
	if !f.liveStream(s) {
		return 400
	}
	return f.cuMemcpyHtoD(dst, src, n)
}

func (f *fakeDriver) cuMemcpyDtoHAsync(dst unsafe.Pointer, src DevicePtr, n uintptr, s cuStream) result {
	if !f.liveStream(s) {
		return 400
	}
	return f.cuMemcpyDtoH(dst, src, n)
}

func (f *fakeDriver) cuMemsetD8(dst DevicePtr, v uint8, n uintptr) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	mem, r := f.memory("cuMemsetD8_v2", dst, n)
	for i := range mem {
		mem[i] = v
	}
	return r
}

var fakeEntry = regexp.MustCompile(`\.entry\s+(\w+)`)

func (f *fakeDriver) cuModuleLoadDataEx(m *cuModule, image unsafe.Pointer, numOptions uint32, options, values unsafe.Pointer) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	ctx := f.currentCtx()
	if ctx == 0 {
		return 201
	}
	ptx := goString((*byte)(image))
	f.ptx = append(f.ptx, ptx)
	opts := unsafe.Slice((*int32)(options), numOptions)
	ptrs := unsafe.Slice((*unsafe.Pointer)(values), numOptions)
	sizes := unsafe.Slice((*uintptr)(values), numOptions)
	writeLog := func(bufOpt, sizeOpt int32, text string) {
		buf, size := -1, -1
		for i, o := range opts {
			switch o {
			case bufOpt:
				buf = i
			case sizeOpt:
				size = i
			}
		}
		if buf < 0 || size < 0 {
			f.failf("cuModuleLoadDataEx: log options %d/%d missing", bufOpt, sizeOpt)
			return
		}
		dst := unsafe.Slice((*byte)(ptrs[buf]), sizes[size])
		n := copy(dst[:len(dst)-1], text)
		dst[n] = 0
		sizes[size] = uintptr(n + 1) // the driver counts the NUL
	}
	writeLog(jitInfoLogBuffer, jitInfoLogBufferBytes, "ptxas info    : 0 bytes gmem\nptxas info    : Used 8 registers")
	for i, line := range strings.Split(ptx, "\n") {
		if f.jitErr != "" && strings.Contains(line, f.jitErr) {
			writeLog(jitErrorLogBuffer, jitErrorLogBufferBytes, fmt.Sprintf(
				"ptxas application ptx input, line %d; error   : Unknown symbol '%s'\nptxas fatal   : Ptx assembly aborted due to errors\n", i+1, f.jitErr))
			return errorInvalidPTX
		}
	}
	*m = cuModule(f.handle())
	mod := fakeModule{ctx: ctx}
	for _, e := range fakeEntry.FindAllStringSubmatch(ptx, -1) {
		mod.entries = append(mod.entries, e[1])
	}
	f.modules[*m] = mod
	return success
}

func (f *fakeDriver) cuModuleGetFunction(fn *cuFunction, m cuModule, name *byte) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	mod, ok := f.modules[m]
	if !ok {
		return 400
	}
	n := goString(name)
	for _, e := range mod.entries {
		if k, ok := f.kernels[n]; ok && e == n {
			*fn = cuFunction(f.handle())
			f.functions[*fn] = &fakeFunction{ctx: mod.ctx, name: n, kernel: k, dynShared: 48 << 10}
			return success
		}
	}
	return 500
}

func (f *fakeDriver) cuModuleUnload(m cuModule) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.modules[m]; !ok {
		return 400
	}
	delete(f.modules, m)
	return success
}

// cuLaunchKernel reads each argument through kernelParams with the size
// of the kernel's parameter type, as the driver does, then runs the
// kernel at once.
func (f *fakeDriver) cuLaunchKernel(fn cuFunction, gx, gy, gz, bx, by, bz, shared uint32, s cuStream, params, extra unsafe.Pointer) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	fun, ok := f.functions[fn]
	if !ok {
		return 400
	}
	if r := f.requireCurrent("cuLaunchKernel", fun.ctx); r != success {
		return r
	}
	if f.launchRes != success {
		return f.launchRes
	}
	if int64(shared) > int64(fun.dynShared) {
		return errorInvalidValue
	}
	if extra != nil {
		f.failf("cuLaunchKernel: extra is not NULL")
	}
	k := fun.kernel
	l := fakeLaunch{name: fun.name, grid: Dim3{gx, gy, gz}, block: Dim3{bx, by, bz}, shared: shared, stream: s}
	if len(k.params) > 0 {
		ptrs := unsafe.Slice((*unsafe.Pointer)(params), len(k.params))
		for i, t := range k.params {
			if t.Size() == 4 {
				l.args = append(l.args, uint64(*(*uint32)(ptrs[i])))
			} else {
				l.args = append(l.args, *(*uint64)(ptrs[i]))
			}
			l.offsets = append(l.offsets, int(uintptr(ptrs[i])-uintptr(ptrs[0])))
		}
	}
	f.launches = append(f.launches, l)
	threads := int(gx*gy*gz) * int(bx*by*bz)
	for gid := range threads {
		k.run(f, fun.ctx, gid, l.args)
	}
	return success
}

// global returns the n bytes at device address p, for fake kernels.
func (f *fakeDriver) global(p DevicePtr, n int) []byte {
	for base, a := range f.allocs {
		if p >= base && int(p-base)+n <= len(a.data) {
			return a.data[p-base : int(p-base)+n]
		}
	}
	f.failf("kernel: %d bytes at %#x out of bounds", n, p)
	return make([]byte, n)
}

func (f *fakeDriver) liveStream(s cuStream) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.streams[s]
	return ok
}

func (f *fakeDriver) cuFuncGetAttribute(v *int32, attr int32, fn cuFunction) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	fun, ok := f.functions[fn]
	if !ok {
		return 400
	}
	switch attr {
	case funcMaxThreadsPerBlock:
		*v = 1024
	case funcNumRegs:
		*v = 8
	case funcPTXVersion:
		*v = 70
	case funcBinaryVersion:
		*v = 90
	case funcMaxDynamicShared:
		*v = fun.dynShared
	case funcSharedSizeBytes, funcConstSizeBytes, funcLocalSizeBytes:
		*v = 0
	default:
		return errorInvalidValue
	}
	return success
}

func (f *fakeDriver) cuFuncSetAttribute(fn cuFunction, attr int32, v int32) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	fun, ok := f.functions[fn]
	if !ok {
		return 400
	}
	if attr != funcMaxDynamicShared || v < 0 || v > 227<<10 {
		return errorInvalidValue
	}
	fun.dynShared = v
	return success
}

func (f *fakeDriver) cuMemGetInfo(free, total *uintptr) result {
	f.mu.Lock()
	defer f.mu.Unlock()
	ctx := f.currentCtx()
	if ctx == 0 {
		return 201
	}
	*total = f.devices[ctx-0x1000].mem
	*free = *total
	for _, a := range f.allocs {
		if a.ctx == ctx {
			*free -= uintptr(len(a.data))
		}
	}
	return success
}

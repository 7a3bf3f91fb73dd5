package cuda

import (
	"fmt"
	"strings"
	"unsafe"
)

// result is a CUresult, the status every driver call returns.
type result int32

// The CUresult values this package treats specially (cuda.h).
const (
	success                    result = 0
	errorInvalidValue          result = 1
	errorNoDevice              result = 100
	errorNoBinaryForGPU        result = 209
	errorInvalidPTX            result = 218
	errorUnsupportedPTXVersion result = 222
)

// The driver's opaque handles. CUcontext, CUmodule, CUfunction, CUstream
// and CUevent are pointers to driver memory: they are held as uintptr
// because Go's garbage collector must never look at them.
type (
	cuDevice   int32
	cuContext  uintptr
	cuModule   uintptr
	cuFunction uintptr
	cuStream   uintptr
	cuEvent    uintptr
)

// api is the table of driver entry points this package calls, with the C
// signatures of cuda.h written as Go function types (purego converts each
// argument by kind: int32/uint32 for int and unsigned int and enums, uintptr
// for size_t, pointers for pointers). Open fills it from libcuda.so.1; the
// tests fill it with a fake driver written in Go, which is the seam that
// lets everything above the table run without a GPU.
type api struct {
	cuInit                    func(flags uint32) result
	cuDriverGetVersion        func(version *int32) result
	cuDeviceGetCount          func(count *int32) result
	cuDeviceGet               func(dev *cuDevice, ordinal int32) result
	cuDeviceGetName           func(name *byte, n int32, dev cuDevice) result
	cuDeviceGetAttribute      func(value *int32, attr int32, dev cuDevice) result
	cuDeviceTotalMem          func(bytes *uintptr, dev cuDevice) result
	cuDevicePrimaryCtxRetain  func(ctx *cuContext, dev cuDevice) result
	cuDevicePrimaryCtxRelease func(dev cuDevice) result
	cuCtxSetCurrent           func(ctx cuContext) result
	cuCtxSynchronize          func() result
	cuStreamCreate            func(stream *cuStream, flags uint32) result
	cuStreamDestroy           func(stream cuStream) result
	cuStreamSynchronize       func(stream cuStream) result
	cuEventCreate             func(event *cuEvent, flags uint32) result
	cuEventRecord             func(event cuEvent, stream cuStream) result
	cuEventSynchronize        func(event cuEvent) result
	cuEventElapsedTime        func(ms *float32, start, end cuEvent) result
	cuEventDestroy            func(event cuEvent) result
	cuMemAlloc                func(ptr *DevicePtr, size uintptr) result
	cuMemFree                 func(ptr DevicePtr) result
	cuMemcpyHtoD              func(dst DevicePtr, src unsafe.Pointer, n uintptr) result
	cuMemcpyDtoH              func(dst unsafe.Pointer, src DevicePtr, n uintptr) result
	cuMemcpyHtoDAsync         func(dst DevicePtr, src unsafe.Pointer, n uintptr, stream cuStream) result
	cuMemcpyDtoHAsync         func(dst unsafe.Pointer, src DevicePtr, n uintptr, stream cuStream) result
	cuMemsetD8                func(dst DevicePtr, value uint8, n uintptr) result
	cuModuleLoadDataEx        func(mod *cuModule, image unsafe.Pointer, numOptions uint32, options, values unsafe.Pointer) result
	cuModuleGetFunction       func(fn *cuFunction, mod cuModule, name *byte) result
	cuModuleUnload            func(mod cuModule) result
	cuFuncGetAttribute        func(value *int32, attr int32, fn cuFunction) result
	cuFuncSetAttribute        func(fn cuFunction, attr int32, value int32) result
	cuMemGetInfo              func(free, total *uintptr) result
	cuLaunchKernel            func(fn cuFunction, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes uint32, stream cuStream, params, extra unsafe.Pointer) result
	cuGetErrorName            func(r result, str **byte) result
	cuGetErrorString          func(r result, str **byte) result
}

// symbol names one entry point of the table: the exported names to try,
// in order, and the field to bind. The _v2 names are what cuda.h maps the
// plain names to (64-bit sizes and device pointers, the primary context
// release that does not reset flags); the plain name is the fallback only
// where both have the same signature and behaviour for our use.
type symbol struct {
	names []string
	field any
}

func (a *api) symbols() []symbol {
	return []symbol{
		{[]string{"cuInit"}, &a.cuInit},
		{[]string{"cuDriverGetVersion"}, &a.cuDriverGetVersion},
		{[]string{"cuDeviceGetCount"}, &a.cuDeviceGetCount},
		{[]string{"cuDeviceGet"}, &a.cuDeviceGet},
		{[]string{"cuDeviceGetName"}, &a.cuDeviceGetName},
		{[]string{"cuDeviceGetAttribute"}, &a.cuDeviceGetAttribute},
		{[]string{"cuDeviceTotalMem_v2"}, &a.cuDeviceTotalMem},
		{[]string{"cuDevicePrimaryCtxRetain"}, &a.cuDevicePrimaryCtxRetain},
		{[]string{"cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"}, &a.cuDevicePrimaryCtxRelease},
		{[]string{"cuCtxSetCurrent"}, &a.cuCtxSetCurrent},
		{[]string{"cuCtxSynchronize"}, &a.cuCtxSynchronize},
		{[]string{"cuStreamCreate"}, &a.cuStreamCreate},
		{[]string{"cuStreamDestroy_v2", "cuStreamDestroy"}, &a.cuStreamDestroy},
		{[]string{"cuStreamSynchronize"}, &a.cuStreamSynchronize},
		{[]string{"cuEventCreate"}, &a.cuEventCreate},
		{[]string{"cuEventRecord"}, &a.cuEventRecord},
		{[]string{"cuEventSynchronize"}, &a.cuEventSynchronize},
		{[]string{"cuEventElapsedTime"}, &a.cuEventElapsedTime},
		{[]string{"cuEventDestroy_v2", "cuEventDestroy"}, &a.cuEventDestroy},
		{[]string{"cuMemAlloc_v2"}, &a.cuMemAlloc},
		{[]string{"cuMemFree_v2"}, &a.cuMemFree},
		{[]string{"cuMemcpyHtoD_v2"}, &a.cuMemcpyHtoD},
		{[]string{"cuMemcpyDtoH_v2"}, &a.cuMemcpyDtoH},
		{[]string{"cuMemcpyHtoDAsync_v2"}, &a.cuMemcpyHtoDAsync},
		{[]string{"cuMemcpyDtoHAsync_v2"}, &a.cuMemcpyDtoHAsync},
		{[]string{"cuMemsetD8_v2"}, &a.cuMemsetD8},
		{[]string{"cuModuleLoadDataEx"}, &a.cuModuleLoadDataEx},
		{[]string{"cuModuleGetFunction"}, &a.cuModuleGetFunction},
		{[]string{"cuModuleUnload"}, &a.cuModuleUnload},
		{[]string{"cuFuncGetAttribute"}, &a.cuFuncGetAttribute},
		{[]string{"cuFuncSetAttribute"}, &a.cuFuncSetAttribute},
		{[]string{"cuMemGetInfo_v2"}, &a.cuMemGetInfo},
		{[]string{"cuLaunchKernel"}, &a.cuLaunchKernel},
		{[]string{"cuGetErrorName"}, &a.cuGetErrorName},
		{[]string{"cuGetErrorString"}, &a.cuGetErrorString},
	}
}

// bind resolves every entry point with lookup (0: not exported) and binds
// it with register. All names are resolved before anything is bound, so
// an old driver is reported with every missing entry point at once and
// leaves the table untouched. It returns the name bound for each field.
func (a *api) bind(lookup func(name string) uintptr, register func(field any, addr uintptr)) ([]string, error) {
	syms := a.symbols()
	addrs := make([]uintptr, len(syms))
	chosen := make([]string, len(syms))
	var missing []string
	for i, s := range syms {
		for _, name := range s.names {
			if addr := lookup(name); addr != 0 {
				addrs[i], chosen[i] = addr, name
				break
			}
		}
		if addrs[i] == 0 {
			missing = append(missing, strings.Join(s.names, " or "))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing entry points (driver too old?): %s", strings.Join(missing, ", "))
	}
	for i, s := range syms {
		register(s.field, addrs[i])
	}
	return chosen, nil
}

package cuda

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"unsafe"
)

// Function is a kernel of a loaded module.
type Function struct {
	mod    *Module
	handle cuFunction
	name   string

	mu sync.Mutex
	// dynShared is the kernel's CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
	// as last read or set; -1 before Launch first needs it.
	dynShared int64
}

// FuncAttributes are what the driver reports of a compiled kernel
// (cuFuncGetAttribute).
type FuncAttributes struct {
	MaxThreadsPerBlock    int // beyond which a launch fails (registers, the device limit)
	NumRegs               int // registers per thread
	StaticSharedBytes     int // .shared declared in the PTX
	ConstBytes            int // user .const memory
	LocalBytes            int // .local memory per thread, spills included
	PTXVersion            int // of the PTX: 10*major + minor
	BinaryVersion         int // of the compiled code: 10*major + minor (90 for sm_90)
	MaxDynamicSharedBytes int // the dynamic shared memory a launch may ask for now
}

// CUfunction_attribute values (cuda.h).
const (
	funcMaxThreadsPerBlock = 0
	funcSharedSizeBytes    = 1
	funcConstSizeBytes     = 2
	funcLocalSizeBytes     = 3
	funcNumRegs            = 4
	funcPTXVersion         = 5
	funcBinaryVersion      = 6
	funcMaxDynamicShared   = 8
)

// Attributes queries the kernel's attributes.
func (f *Function) Attributes() (FuncAttributes, error) {
	if f == nil || f.mod == nil {
		return FuncAttributes{}, errors.New("cuda: nil function")
	}
	leave, err := f.mod.enter()
	if err != nil {
		return FuncAttributes{}, err
	}
	defer leave()
	var fa FuncAttributes
	for _, q := range []struct {
		attr int32
		dst  *int
	}{
		{funcMaxThreadsPerBlock, &fa.MaxThreadsPerBlock},
		{funcNumRegs, &fa.NumRegs},
		{funcSharedSizeBytes, &fa.StaticSharedBytes},
		{funcConstSizeBytes, &fa.ConstBytes},
		{funcLocalSizeBytes, &fa.LocalBytes},
		{funcPTXVersion, &fa.PTXVersion},
		{funcBinaryVersion, &fa.BinaryVersion},
		{funcMaxDynamicShared, &fa.MaxDynamicSharedBytes},
	} {
		var v int32
		if err := f.mod.ctx.d.api.check("cuFuncGetAttribute", f.mod.ctx.d.api.cuFuncGetAttribute(&v, q.attr, f.handle)); err != nil {
			return FuncAttributes{}, fmt.Errorf("kernel %s: attribute %d: %w", f.name, q.attr, err)
		}
		*q.dst = int(v)
	}
	return fa, nil
}

// allowDynamicShared raises the kernel's dynamic shared memory limit to n
// bytes when it is lower. A kernel may use only 48 KiB of shared memory
// unless it opts in to more (up to the device's SharedMemOptin), and a
// launch asking for more than the limit fails with an unhelpful
// CUDA_ERROR_INVALID_VALUE, so Launch opts in for the caller.
func (f *Function) allowDynamicShared(n uint32) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := f.mod.ctx.d.api
	if f.dynShared < 0 {
		var v int32
		if err := a.check("cuFuncGetAttribute", a.cuFuncGetAttribute(&v, funcMaxDynamicShared, f.handle)); err != nil {
			return err
		}
		f.dynShared = int64(v)
	}
	if int64(n) <= f.dynShared {
		return nil
	}
	if err := a.check("cuFuncSetAttribute", a.cuFuncSetAttribute(f.handle, funcMaxDynamicShared, int32(n))); err != nil {
		return fmt.Errorf("%d dynamic shared bytes (the device allows %d per block, static shared memory included): %w",
			n, f.mod.ctx.info.SharedMemOptin, err)
	}
	f.dynShared = int64(n)
	return nil
}

// Name returns the kernel's name.
func (f *Function) Name() string {
	if f == nil {
		return ""
	}
	return f.name
}

// ParamType is the type of a kernel parameter as PTX declares it
// (.param .u32 n). Pointers are .u64 parameters holding a DevicePtr.
type ParamType uint8

// The parameter types Launch passes.
const (
	ParamU32 ParamType = iota + 1
	ParamS32
	ParamU64
	ParamS64
	ParamF32
	ParamF64
	ParamPointer
)

var paramTypeNames = [...]string{ParamU32: "u32", ParamS32: "s32", ParamU64: "u64", ParamS64: "s64",
	ParamF32: "f32", ParamF64: "f64", ParamPointer: "pointer"}

// String returns the PTX name of the type ("u32") or "pointer".
func (t ParamType) String() string {
	if t == 0 || int(t) >= len(paramTypeNames) {
		return fmt.Sprintf("ParamType(%d)", uint8(t))
	}
	return paramTypeNames[t]
}

// Size returns the parameter's size in bytes, which is also its alignment
// in the parameter block (0 for an invalid type).
func (t ParamType) Size() int {
	switch t {
	case ParamU32, ParamS32, ParamF32:
		return 4
	case ParamU64, ParamS64, ParamF64, ParamPointer:
		return 8
	}
	return 0
}

// ParamTypeOf returns the ParamType of a PTX parameter type name ("u32",
// ".f64", "b64", ...); the untyped .bN are passed as unsigned.
func ParamTypeOf(ptx string) (ParamType, bool) {
	if len(ptx) > 0 && ptx[0] == '.' {
		ptx = ptx[1:]
	}
	switch ptx {
	case "u32", "b32":
		return ParamU32, true
	case "s32":
		return ParamS32, true
	case "u64", "b64":
		return ParamU64, true
	case "s64":
		return ParamS64, true
	case "f32":
		return ParamF32, true
	case "f64":
		return ParamF64, true
	}
	return 0, false
}

// Arg is one kernel argument: its type and the bits of its value, zero
// extended to 64 bits (U32, F64, Ptr... build them).
type Arg struct {
	Type ParamType
	Bits uint64
}

// U32 returns a .u32 argument.
func U32(v uint32) Arg { return Arg{ParamU32, uint64(v)} }

// S32 returns a .s32 argument.
func S32(v int32) Arg { return Arg{ParamS32, uint64(uint32(v))} }

// U64 returns a .u64 argument.
func U64(v uint64) Arg { return Arg{ParamU64, v} }

// S64 returns a .s64 argument.
func S64(v int64) Arg { return Arg{ParamS64, uint64(v)} }

// F32 returns a .f32 argument.
func F32(v float32) Arg { return Arg{ParamF32, uint64(math.Float32bits(v))} }

// F64 returns a .f64 argument.
func F64(v float64) Arg { return Arg{ParamF64, math.Float64bits(v)} }

// Ptr returns a pointer argument (a .u64 parameter).
func Ptr(p DevicePtr) Arg { return Arg{ParamPointer, uint64(p)} }

// Dim3 is a grid or block shape; a zero Y or Z counts as 1.
type Dim3 struct{ X, Y, Z uint32 }

func (d Dim3) norm() Dim3 {
	if d.Y == 0 {
		d.Y = 1
	}
	if d.Z == 0 {
		d.Z = 1
	}
	return d
}

// LaunchConfig is how a kernel is launched.
type LaunchConfig struct {
	Grid, Block Dim3
	SharedBytes uint32  // dynamic shared memory per block (.extern .shared)
	Stream      *Stream // nil: the default stream
}

// paramBlock is the kernel's arguments laid out as CUDA lays out a
// kernel's parameter space: each at the next offset aligned to its size,
// in order.
type paramBlock struct {
	words   []uint64 // the storage; uint64 words make the block 8-byte aligned
	offsets []int
	size    int
}

func packParams(args []Arg) (paramBlock, error) {
	p := paramBlock{offsets: make([]int, len(args))}
	for i, a := range args {
		n := a.Type.Size()
		if n == 0 {
			return paramBlock{}, fmt.Errorf("argument %d: invalid parameter type %v", i, a.Type)
		}
		if n == 4 && a.Bits>>32 != 0 {
			return paramBlock{}, fmt.Errorf("argument %d: %v value %#x does not fit 32 bits", i, a.Type, a.Bits)
		}
		off := (p.size + n - 1) &^ (n - 1)
		p.offsets[i] = off
		p.size = off + n
	}
	p.words = make([]uint64, (p.size+7)/8)
	for i, a := range args {
		at := p.at(i)
		if a.Type.Size() == 4 {
			*(*uint32)(at) = uint32(a.Bits)
		} else {
			*(*uint64)(at) = a.Bits
		}
	}
	return p, nil
}

// at returns the address of argument i in the block.
func (p *paramBlock) at(i int) unsafe.Pointer {
	return unsafe.Add(unsafe.Pointer(&p.words[0]), p.offsets[i])
}

// bytes returns the block as bytes.
func (p *paramBlock) bytes() []byte { return Bytes(p.words)[:p.size] }

// Launch queues the kernel on cfg.Stream with args, which must match the
// kernel's .param list in number and types (the driver cannot check them).
// It returns once the launch is queued; errors of the kernel itself come
// from the next synchronizing call.
func (f *Function) Launch(cfg LaunchConfig, args ...Arg) error {
	if f == nil || f.mod == nil {
		return errors.New("cuda: nil function")
	}
	leave, err := f.mod.enter()
	if err != nil {
		return err
	}
	defer leave()
	grid, block := cfg.Grid.norm(), cfg.Block.norm()
	if grid.X == 0 || block.X == 0 {
		return fmt.Errorf("cuda: launch %s: empty grid %v or block %v", f.name, cfg.Grid, cfg.Block)
	}
	stream, err := cfg.Stream.handleOf(f.mod.ctx)
	if err != nil {
		return err
	}
	p, err := packParams(args)
	if err != nil {
		return fmt.Errorf("cuda: launch %s: %w", f.name, err)
	}
	if cfg.SharedBytes > 0 {
		if err := f.allowDynamicShared(cfg.SharedBytes); err != nil {
			return fmt.Errorf("launch %s: %w", f.name, err)
		}
	}
	// kernelParams is a void*[]: one pointer per argument to its value,
	// here into the parameter block. Both arrays are Go memory handed to C
	// for the duration of the call, and the pointer array holds Go pointers,
	// which the cgo rules allow only into pinned memory: the pinner pins both
	// (Go's heap does not move objects, and pinning also keeps a
	// stack-allocated array out of reach of stack moves by forcing it to the
	// heap), and KeepAlive keeps them reachable until cuLaunchKernel has
	// returned. The driver copies the argument values at launch, so nothing
	// is read from them after the call, although the kernel runs later.
	var params unsafe.Pointer
	if len(args) > 0 {
		ptrs := make([]unsafe.Pointer, len(args))
		for i := range args {
			ptrs[i] = p.at(i)
		}
		var pin runtime.Pinner
		defer pin.Unpin()
		pin.Pin(&p.words[0])
		pin.Pin(&ptrs[0])
		params = unsafe.Pointer(&ptrs[0])
		defer runtime.KeepAlive(ptrs)
		defer runtime.KeepAlive(p.words)
	}
	a := f.mod.ctx.d.api
	r := a.cuLaunchKernel(f.handle, grid.X, grid.Y, grid.Z, block.X, block.Y, block.Z, cfg.SharedBytes, stream, params, nil)
	if err := a.check("cuLaunchKernel", r); err != nil {
		return fmt.Errorf("launch %s (grid %d×%d×%d, block %d×%d×%d, %d shared bytes): %w",
			f.name, grid.X, grid.Y, grid.Z, block.X, block.Y, block.Z, cfg.SharedBytes, err)
	}
	return nil
}

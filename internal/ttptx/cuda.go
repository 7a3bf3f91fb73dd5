package ttptx

import (
	"fmt"

	"github.com/tt-compiler/tt/ptx/sim"
	"github.com/tt-compiler/tt/runtime/cuda"
	"github.com/tt-compiler/tt/runtime/npy"
)

// runOnCUDA runs the kernel on GPU 0 through the CUDA driver (package
// runtime/cuda, no cgo): the PTX text is JIT-compiled by the driver, the
// buffers are copied to the device and back into args' arrays. The
// simulator's checks (bounds, races, barriers) do not apply there.
func runOnCUDA(cfg Config, src []byte, params []sim.Type, args []argSpec) error {
	drv, err := cuda.Default()
	if err != nil {
		return err
	}
	ctx, err := drv.NewContext(0)
	if err != nil {
		return err
	}
	defer ctx.Close()
	mod, err := ctx.LoadModule(cfg.File, string(src))
	if err != nil {
		return err
	}
	defer mod.Unload()
	fn, err := mod.Function(cfg.Kernel)
	if err != nil {
		return err
	}
	cargs := make([]cuda.Arg, len(args))
	bufs := make([]*cuda.Buffer, len(args))
	defer func() {
		for _, b := range bufs {
			if b != nil {
				_ = b.Free()
			}
		}
	}()
	for i, a := range args {
		if a.kind == kindBuf || a.kind == kindZeros {
			data := arrayBytes(a.array)
			if data == nil {
				return fmt.Errorf("--arg %s: --device cuda does not take %v buffers", cfg.Args[i], a.array.DType)
			}
			b, err := ctx.AllocFrom(data)
			if err != nil {
				return fmt.Errorf("--arg %s: %v", cfg.Args[i], err)
			}
			bufs[i], cargs[i] = b, cuda.Ptr(b.Ptr())
			continue
		}
		t, ok := cuda.ParamTypeOf(params[i].String())
		if !ok {
			return fmt.Errorf("--arg %s: parameter %d of kernel %s is .%s, which --device cuda does not pass (32- and 64-bit parameters only)", cfg.Args[i], i, cfg.Kernel, params[i])
		}
		bits := a.bits
		if t.Size() < 8 {
			bits &= 1<<(8*uint(t.Size())) - 1
		}
		cargs[i] = cuda.Arg{Type: t, Bits: bits}
	}
	dim := func(d [3]int) cuda.Dim3 { return cuda.Dim3{X: uint32(d[0]), Y: uint32(d[1]), Z: uint32(d[2])} }
	if err := fn.Launch(cuda.LaunchConfig{Grid: dim(cfg.Grid), Block: dim(cfg.Block), SharedBytes: uint32(cfg.Shared)}, cargs...); err != nil {
		return err
	}
	if err := ctx.Synchronize(); err != nil {
		return err
	}
	for i, b := range bufs {
		if b == nil {
			continue
		}
		if err := b.CopyToHost(arrayBytes(args[i].array)); err != nil {
			return fmt.Errorf("reading back argument %d: %v", i, err)
		}
	}
	return nil
}

// arrayBytes is the memory of an array's elements, without copying (nil
// for bool arrays, whose Go representation the device must not write).
func arrayBytes(a *npy.Array) []byte {
	switch a.DType {
	case npy.Float16:
		return cuda.Bytes(a.F16)
	case npy.Float32:
		return cuda.Bytes(a.F32)
	case npy.Float64:
		return cuda.Bytes(a.F64)
	case npy.Int32:
		return cuda.Bytes(a.I32)
	case npy.Uint32:
		return cuda.Bytes(a.U32)
	case npy.Int64:
		return cuda.Bytes(a.I64)
	case npy.Uint64:
		return cuda.Bytes(a.U64)
	case npy.Uint8:
		return cuda.Bytes(a.U8)
	case npy.Int8:
		return cuda.Bytes(a.I8)
	}
	return nil
}

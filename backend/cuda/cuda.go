// Package cuda runs tt programs on an NVIDIA GPU: the module is lowered by
// pt2-gpu and its kernels emitted as PTX exactly as for the PTX simulator
// (package backend/ptxsim, whose Runner this package gives a Device), the
// host function runs in the reference interpreter, and each
// gpu.launch_func runs its kernel on GPU 0 through the CUDA driver
// (package runtime/cuda: loaded with purego, no cgo; the driver
// JIT-compiles the PTX). The buffers a launch passes are copied to the
// device and back around it, as the simulator backend does.
package cuda

import (
	"fmt"
	"unsafe"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/runtime/cuda"
)

// Device is a ptxsim.Device on GPU 0. Its zero value is ready: Load opens
// the driver.
type Device struct {
	ctx *cuda.Context
	mod *cuda.Module
}

// Load opens the driver, a context on GPU 0 and the PTX module. Without a
// driver or a GPU it is the driver's one-line error ("no CUDA driver:
// libcuda.so.1 not found: ...", "no CUDA device: ...").
func (d *Device) Load(file string, ptx []byte) error {
	drv, err := cuda.Default()
	if err != nil {
		return err
	}
	if d.ctx, err = drv.NewContext(0); err != nil {
		return err
	}
	d.mod, err = d.ctx.LoadModule(file, string(ptx))
	return err
}

// Launch copies the launch's buffers to the device, runs the kernel,
// waits for it and copies the buffers back.
func (d *Device) Launch(l *ptxsim.KernelLaunch) error {
	if d.mod == nil {
		return fmt.Errorf("cuda backend: launch before Load")
	}
	fn, err := d.mod.Function(l.Kernel)
	if err != nil {
		return err
	}
	type copied struct {
		buf  *cuda.Buffer
		data []byte
	}
	bufs := map[*interp.Buffer]*copied{}
	defer func() {
		for _, c := range bufs {
			_ = c.buf.Free()
		}
	}()
	args := make([]cuda.Arg, 0, len(l.Args))
	for _, a := range l.Args {
		if a.Buffer == nil {
			t, ok := cuda.ParamTypeOf(a.Type)
			if !ok {
				return fmt.Errorf("kernel %s: a %s parameter", l.Kernel, a.Type)
			}
			args = append(args, cuda.Arg{Type: t, Bits: a.Bits})
			continue
		}
		c := bufs[a.Buffer]
		if c == nil {
			data, err := storageBytes(a.Data)
			if err != nil {
				return err
			}
			if len(data) == 0 {
				data = make([]byte, 1) // a valid pointer for an empty buffer
			}
			buf, err := d.ctx.AllocFrom(data)
			if err != nil {
				return err
			}
			c = &copied{buf: buf, data: data}
			bufs[a.Buffer] = c
		}
		args = append(args, cuda.Ptr(c.buf.Ptr()))
	}
	dim := func(v [3]int) cuda.Dim3 { return cuda.Dim3{X: uint32(v[0]), Y: uint32(v[1]), Z: uint32(v[2])} }
	if err := fn.Launch(cuda.LaunchConfig{Grid: dim(l.Grid), Block: dim(l.Block)}, args...); err != nil {
		return err
	}
	if err := d.ctx.Synchronize(); err != nil {
		return err
	}
	for _, c := range bufs {
		if err := c.buf.CopyToHost(c.data); err != nil {
			return err
		}
	}
	return nil
}

// Close unloads the module and releases the context.
func (d *Device) Close() error {
	if d.mod != nil {
		_ = d.mod.Unload()
		d.mod = nil
	}
	if d.ctx != nil {
		err := d.ctx.Close()
		d.ctx = nil
		return err
	}
	return nil
}

// storageBytes is the memory of an interpreter storage's element slice,
// without copying (the device writes the results back into it).
func storageBytes(data any) ([]byte, error) {
	switch s := data.(type) {
	case []float32:
		return cuda.Bytes(s), nil
	case []float64:
		return cuda.Bytes(s), nil
	case []int32:
		return cuda.Bytes(s), nil
	case []int64:
		return cuda.Bytes(s), nil
	case []bool:
		// emit/ptx stores i1 as bytes 0 and 1, Go's layout of bool.
		if len(s) == 0 {
			return nil, nil
		}
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)), nil
	}
	return nil, fmt.Errorf("cuda backend: buffers of %T are not supported", data)
}

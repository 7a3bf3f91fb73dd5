// Package cuda runs tt programs on an NVIDIA GPU: the module is lowered by
// pt2-gpu and its kernels emitted as PTX exactly as for the PTX simulator
// (package backend/ptxsim, whose Runner this package gives a Device), the
// host function runs in the reference interpreter, and each
// gpu.launch_func runs its kernel on GPU 0 through the CUDA driver
// (package runtime/cuda: loaded with purego, no cgo; the driver
// JIT-compiles the PTX).
//
// Buffers live in device memory across launches: the Runner copies an
// input in once, before the first kernel that reads it, and a result out
// once, at the end of the run (or when the interpreted host function reads
// it in between); the host function's loops.alloc and loops.dealloc are
// cuMemAlloc and cuMemFree. Launches are queued on the default stream
// without waiting for each; the copies back wait for them.
package cuda

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/runtime/cuda"
)

// Device is a ptxsim.Device (and ptxsim.LaunchTimer) on GPU 0. Its zero
// value is ready: Load opens the system's driver.
type Device struct {
	// Driver is the CUDA driver to use; nil is the system's
	// (cuda.Default).
	Driver *cuda.Driver

	ctx *cuda.Context
	mod *cuda.Module
	fns map[string]*cuda.Function

	timing bool
	events []*cuda.Event // pairs around the timed launches, reused
	timed  int           // pairs recorded since StartTiming
}

// Load opens the driver, a context on GPU 0 and the PTX module. Without a
// driver or a GPU it is the driver's one-line error ("no CUDA driver:
// libcuda.so.1 not found: ...", "no CUDA device: ...").
func (d *Device) Load(file string, ptx []byte) error {
	drv := d.Driver
	if drv == nil {
		var err error
		if drv, err = cuda.Default(); err != nil {
			return err
		}
	}
	var err error
	if d.ctx, err = drv.NewContext(0); err != nil {
		return err
	}
	d.mod, err = d.ctx.LoadModule(file, string(ptx))
	d.fns = map[string]*cuda.Function{}
	return err
}

// Info describes the device of the loaded context.
func (d *Device) Info() (cuda.DeviceInfo, error) {
	if d.ctx == nil {
		return cuda.DeviceInfo{}, fmt.Errorf("cuda backend: no context before Load")
	}
	return d.ctx.Device(), nil
}

// memory is a cuda.Buffer as a ptxsim.DeviceMemory.
type memory struct{ buf *cuda.Buffer }

// Alloc allocates n bytes of device memory (cuMemAlloc).
func (d *Device) Alloc(n int) (ptxsim.DeviceMemory, error) {
	if d.ctx == nil {
		return nil, fmt.Errorf("cuda backend: Alloc before Load")
	}
	buf, err := d.ctx.Alloc(n)
	if err != nil {
		return nil, err
	}
	return &memory{buf}, nil
}

// CopyIn copies an element slice to the device (cuMemcpyHtoD).
func (m *memory) CopyIn(data any) error {
	b, err := storageBytes(data)
	if err != nil {
		return err
	}
	return m.buf.CopyFromHost(b)
}

// CopyOut copies the device memory into an element slice (cuMemcpyDtoH,
// which waits for the launches queued on the default stream).
func (m *memory) CopyOut(data any) error {
	b, err := storageBytes(data)
	if err != nil {
		return err
	}
	return m.buf.CopyToHost(b)
}

// Free releases the memory (cuMemFree).
func (m *memory) Free() error { return m.buf.Free() }

// Launch queues the kernel on the default stream with the launch's
// arguments (buffers by their device pointers) and returns.
func (d *Device) Launch(l *ptxsim.KernelLaunch) error {
	if d.mod == nil {
		return fmt.Errorf("cuda backend: launch before Load")
	}
	fn := d.fns[l.Kernel]
	if fn == nil {
		var err error
		if fn, err = d.mod.Function(l.Kernel); err != nil {
			return err
		}
		d.fns[l.Kernel] = fn
	}
	args := make([]cuda.Arg, 0, len(l.Args))
	for _, a := range l.Args {
		if a.Buffer == nil {
			t, ok := cuda.ParamTypeOf(a.Type)
			if !ok {
				return fmt.Errorf("a %s parameter", a.Type)
			}
			args = append(args, cuda.Arg{Type: t, Bits: a.Bits})
			continue
		}
		m, ok := a.Mem.(*memory)
		if !ok {
			return fmt.Errorf("a buffer argument not in device memory (%T)", a.Mem)
		}
		args = append(args, cuda.Ptr(m.buf.Ptr()))
	}
	dim := func(v [3]int) cuda.Dim3 { return cuda.Dim3{X: uint32(v[0]), Y: uint32(v[1]), Z: uint32(v[2])} }
	cfg := cuda.LaunchConfig{Grid: dim(l.Grid), Block: dim(l.Block)}
	if !d.timing {
		return fn.Launch(cfg, args...)
	}
	start, end, err := d.eventPair()
	if err != nil {
		return err
	}
	if err := start.Record(nil); err != nil {
		return err
	}
	if err := fn.Launch(cfg, args...); err != nil {
		return err
	}
	return end.Record(nil)
}

// eventPair returns the next pair of timing events, creating it the first
// time.
func (d *Device) eventPair() (start, end *cuda.Event, err error) {
	for len(d.events) < 2*(d.timed+1) {
		e, err := d.ctx.NewEvent()
		if err != nil {
			return nil, nil, err
		}
		d.events = append(d.events, e)
	}
	start, end = d.events[2*d.timed], d.events[2*d.timed+1]
	d.timed++
	return start, end, nil
}

// StartTiming makes the launches that follow record a CUDA event before
// and after each on the stream.
func (d *Device) StartTiming() error {
	if d.ctx == nil {
		return fmt.Errorf("cuda backend: StartTiming before Load")
	}
	d.timing, d.timed = true, 0
	return nil
}

// StopTiming waits for the timed launches and returns the sum of their
// device times (cuEventElapsedTime between each launch's events): the
// kernels' time, without the copies and without the gaps in which the
// GPU waited for the interpreted host function.
func (d *Device) StopTiming() (time.Duration, error) {
	d.timing = false
	if d.timed == 0 {
		return 0, nil
	}
	if err := d.events[2*d.timed-1].Synchronize(); err != nil {
		return 0, err
	}
	var total time.Duration
	for i := range d.timed {
		t, err := cuda.ElapsedTime(d.events[2*i], d.events[2*i+1])
		if err != nil {
			return 0, err
		}
		total += t
	}
	return total, nil
}

// Synchronize waits for the queued launches (cuCtxSynchronize); a kernel's
// fault is its error.
func (d *Device) Synchronize() error {
	if d.ctx == nil {
		return fmt.Errorf("cuda backend: Synchronize before Load")
	}
	return d.ctx.Synchronize()
}

// Close destroys the timing events, unloads the module and releases the
// context.
func (d *Device) Close() error {
	for _, e := range d.events {
		_ = e.Destroy()
	}
	d.events = nil
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

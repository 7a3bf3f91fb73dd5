// Package ptxsim runs tt programs on the PTX simulator: the module is
// lowered by pt2-gpu, its kernels emitted as PTX text (emit/ptx), parsed
// back and loaded by ptx/sim, and the host function runs in the reference
// interpreter with gpu.launch_func running the simulated kernels.
//
// Buffers live on the device across launches (see Device): the Runner
// copies a buffer in before the first launch that needs it, keeps it there
// while only kernels use it, and copies it back only when the host
// function reads it (a loops.load, an extern call) or returns it; the
// host function's loops.alloc and loops.dealloc allocate and free device
// memory too.
package ptxsim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/gpu"
	ptxemit "github.com/tt-compiler/tt/emit/ptx"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
)

// Runner holds a prepared program.
type Runner struct {
	// Target is the SM architecture of the emitted PTX (0: 80).
	Target int
	// DumpDir, when set, receives kernels.ptx and ptxas.txt (ptxas -v
	// per kernel, where ptxas is installed).
	DumpDir string
	// Device runs the kernels; nil is the PTX simulator. (Package
	// backend/cuda's runs them on a GPU through the CUDA driver.)
	Device Device
	// TimeLaunches makes each run measure the device time of its
	// launches, where the Device can (a LaunchTimer): LastLaunchTime.
	TimeLaunches bool

	in      *interp.Interpreter
	entry   string
	dev     Device // Device, or the simulator
	prog    *sim.Program
	written map[string][]bool // per kernel, the parameters it may write
	res     *residency        // the running run's device buffers
	// PTX is the emitted module's text.
	PTX   []byte
	stats map[string]*sim.Stats
	// Launches counts the kernel launches of the runs so far, Copies the
	// copies between host and device memory.
	Launches int
	Copies   CopyCounts

	launchTime  time.Duration
	launchTimed bool
}

// Device runs the kernels of the emitted PTX for a Runner and holds the
// buffers they use.
type Device interface {
	// Load loads the PTX module's text (file names it in messages).
	Load(file string, ptx []byte) error
	// Alloc returns n > 0 bytes of device memory; its contents are
	// undefined.
	Alloc(n int) (DeviceMemory, error)
	// Launch queues one decoded gpu.launch_func; the Mem of its buffer
	// arguments come from Alloc. It may return before the kernel ends.
	Launch(l *KernelLaunch) error
	// Synchronize waits for the queued launches and returns their error.
	Synchronize() error
}

// DeviceMemory is an allocation of a Device.
type DeviceMemory interface {
	// CopyIn copies an element slice ([]float32, ..., []bool) to the
	// memory's start, after the launches queued so far.
	CopyIn(data any) error
	// CopyOut fills an element slice from the memory's start once the
	// launches queued so far are done.
	CopyOut(data any) error
	// Free releases the memory.
	Free() error
}

// LaunchTimer is a Device that measures the device time of launches.
type LaunchTimer interface {
	// StartTiming starts measuring the launches queued from now on.
	StartTiming() error
	// StopTiming waits for them and returns their total device time.
	StopTiming() (time.Duration, error)
}

// KernelLaunch is a gpu.launch_func with its operands' run-time values.
type KernelLaunch struct {
	Kernel      string
	Grid, Block [3]int
	Args        []KernelArg // in the kernel's parameter order
}

// KernelArg is one kernel parameter's value: a buffer (its storage; one
// storage may appear several times) or a scalar.
type KernelArg struct {
	// Buffer, Data and Bytes describe a buffer: its interpreter value,
	// its storage's element slice ([]float32, ..., []bool) and size; Mem
	// is its device memory (the Runner sets it).
	Buffer *interp.Buffer
	Data   any
	Bytes  int
	Mem    DeviceMemory
	// Type ("f32", "f64", "u32", "u64") and Bits describe a scalar.
	Type string
	Bits uint64
}

// Prepare lowers module with pt2-gpu, emits and loads its kernels.
func (r *Runner) Prepare(_ context.Context, module *ir.Operation, entry string) error {
	reg := registry.NewPassRegistry()
	pm, err := reg.ParseAnchored(lowering.GPUPipelineName, builtin.ModuleName)
	if err != nil {
		return fmt.Errorf("parsing %s: %v", lowering.GPUPipelineName, err)
	}
	if err := pm.Run(module, &pass.RunOptions{}); err != nil {
		return err
	}
	m, err := ptxemit.Emit(module, ptxemit.Options{Target: r.Target})
	if err != nil {
		return err
	}
	r.PTX = []byte(m.String())
	if r.DumpDir != "" {
		if err := r.dump(); err != nil {
			return err
		}
	}
	parsed, err := ptx.Parse("kernels.ptx", r.PTX)
	if err != nil {
		return fmt.Errorf("emitted PTX does not parse: %v", err)
	}
	if err := ptx.Verify(parsed, nil); err != nil {
		return fmt.Errorf("emitted PTX does not verify: %v", err)
	}
	r.stats = map[string]*sim.Stats{}
	if r.Device != nil {
		if err := r.Device.Load("kernels.ptx", r.PTX); err != nil {
			return err
		}
		r.dev = r.Device
	} else {
		if r.prog, err = sim.Load(parsed); err != nil {
			return err
		}
		r.dev = &simDevice{prog: r.prog, stats: r.stats}
	}
	r.written = writtenParams(module)
	kr := kernels.NewRegistry()
	kr.Replace(gpu.LaunchFuncName, r.launch)
	r.wrapHostKernels(kr)
	r.in = interp.New(module, kr)
	if _, err := r.in.Function(entry); err != nil {
		return err
	}
	r.entry = entry
	return nil
}

func (r *Runner) dump() error {
	if err := os.MkdirAll(r.DumpDir, 0o755); err != nil {
		return err
	}
	file := filepath.Join(r.DumpDir, "kernels.ptx")
	if err := os.WriteFile(file, r.PTX, 0o644); err != nil {
		return err
	}
	if _, err := exec.LookPath("ptxas"); err != nil {
		return nil
	}
	target := r.Target
	if target == 0 {
		target = 80
	}
	out, err := exec.Command("ptxas", "-v", "--gpu-name", fmt.Sprintf("sm_%d", target), file, "-o", os.DevNull).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ptxas rejects the emitted PTX: %v\n%s", err, out)
	}
	return os.WriteFile(filepath.Join(r.DumpDir, "ptxas.txt"), out, 0o644)
}

// Run runs the prepared entry function. Its results, and the memref
// arguments a kernel wrote, are copied back from the device at the end.
func (r *Runner) Run(ctx context.Context, args []interp.Value) ([]interp.Value, error) {
	return r.run(ctx, r.entry, args)
}

// LastLaunchTime is the device time of the last run's launches, when
// TimeLaunches is set and the Device is a LaunchTimer.
func (r *Runner) LastLaunchTime() (time.Duration, bool) { return r.launchTime, r.launchTimed }

// run runs fn with its buffers resident on the device.
func (r *Runner) run(ctx context.Context, fn string, args []interp.Value) (res []interp.Value, err error) {
	r.res = newResidency(r.dev, &r.Copies)
	defer func() {
		if rerr := r.res.release(); err == nil && rerr != nil {
			res, err = nil, fmt.Errorf("freeing device memory: %w", rerr)
		}
		r.res = nil
	}()
	r.launchTimed = false
	timer, timed := r.dev.(LaunchTimer)
	timed = timed && r.TimeLaunches
	if timed {
		if err := timer.StartTiming(); err != nil {
			return nil, err
		}
	}
	if res, err = r.in.RunContext(ctx, fn, args...); err != nil {
		return nil, err
	}
	if timed {
		if r.launchTime, err = timer.StopTiming(); err != nil {
			return nil, err
		}
		r.launchTimed = true
	}
	for _, v := range append(slices.Clone(res), args...) {
		st, err := storageOf(v)
		if err != nil {
			return nil, err
		}
		if st != nil {
			if err := r.res.toHost(st); err != nil {
				return nil, fmt.Errorf("copying the results back from the device: %w", err)
			}
		}
	}
	if err := r.dev.Synchronize(); err != nil {
		return nil, err
	}
	return res, nil
}

// Call runs function fn of the prepared module (another function than the
// entry, say) and returns its results as tensors (a memref result's
// storage).
func (r *Runner) Call(ctx context.Context, fn string, args ...*interp.Tensor) ([]*interp.Tensor, error) {
	vals := interp.Values(args...)
	for i, a := range args {
		vals[i] = a.Clone()
	}
	res, err := r.run(ctx, fn, vals)
	if err != nil {
		return nil, err
	}
	for i, v := range res {
		if buf, ok := v.(*interp.Buffer); ok {
			t, err := buf.Storage()
			if err != nil {
				return nil, fmt.Errorf("result #%d: %v", i, err)
			}
			res[i] = t
		}
	}
	return interp.Tensors(res)
}

// PrintStats prints the simulator's statistics per kernel.
func (r *Runner) PrintStats(w io.Writer) {
	names := make([]string, 0, len(r.stats))
	for n := range r.stats {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "kernel %s:\n", n)
		r.stats[n].Print(w)
	}
}

// Stats returns the statistics gathered for kernel name (nil if it never ran).
func (r *Runner) Stats(name string) *sim.Stats { return r.stats[name] }

func tensorData(t *interp.Tensor) (any, error) {
	switch t.DType() {
	case interp.F32:
		return t.F32(), nil
	case interp.F64:
		return t.F64(), nil
	case interp.I32:
		return t.I32(), nil
	case interp.I64, interp.Index:
		return t.I64(), nil
	case interp.I1:
		return t.Bool(), nil
	case interp.F16, interp.BF16:
		return t.Bits16(), nil // the kernels move them as .b16
	}
	return nil, fmt.Errorf("element type %s is not supported by the ptxsim backend", t.DType())
}

// launch is the kernel of gpu.launch_func: it brings the launch's buffers
// to the device and queues the kernel there (the simulator by default).
func (r *Runner) launch(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	l, err := DecodeLaunch(op, args)
	if err != nil {
		return nil, err
	}
	if r.res == nil {
		return nil, fmt.Errorf("kernel %s: launched outside a run of the Runner", l.Kernel)
	}
	written := r.written[l.Kernel]
	var params []int // the kernel parameter of each buffer argument
	for i, v := range gpu.KernelOperands(op) {
		if _, ok := v.Type().(*ir.MemRefType); ok {
			params = append(params, i)
		}
	}
	var wrote []*resident
	nbuf := 0
	for i := range l.Args {
		a := &l.Args[i]
		if a.Buffer == nil {
			continue
		}
		st, err := a.Buffer.Storage()
		if err != nil {
			return nil, err
		}
		c, err := r.res.toDevice(st)
		if err != nil {
			return nil, fmt.Errorf("kernel %s: copying argument #%d to the device: %w", l.Kernel, i, err)
		}
		a.Mem = c.mem
		if nbuf >= len(params) || params[nbuf] >= len(written) || written[params[nbuf]] {
			wrote = append(wrote, c)
		}
		nbuf++
	}
	if err := r.dev.Launch(l); err != nil {
		return nil, launchError(l.Kernel, err)
	}
	for _, c := range wrote {
		c.onHost = false
	}
	r.Launches++
	return nil, nil
}

// DecodeLaunch reads a gpu.launch_func's grid, block and kernel operands
// from the interpreter's values: buffers with their storage, scalars with
// their bits, and after each buffer the sizes of its dynamic dimensions
// (u64), as emit/ptx's kernels take them.
func DecodeLaunch(op *ir.Operation, args []interp.Value) (*KernelLaunch, error) {
	l := &KernelLaunch{}
	for i := range 6 {
		t, ok := args[i].(*interp.Tensor)
		if !ok || t.Rank() != 0 {
			return nil, fmt.Errorf("launch size #%d is not a scalar", i)
		}
		n := t.Int(0)
		if n < 1 || n > 1<<31-1 {
			return nil, fmt.Errorf("launch size #%d is %d", i, n)
		}
		if i < 3 {
			l.Grid[i] = int(n)
		} else {
			l.Block[i-3] = int(n)
		}
	}
	ref := gpu.Kernel(op)
	l.Kernel = ref.Root
	if len(ref.Nested) > 0 {
		l.Kernel = ref.Nested[len(ref.Nested)-1]
	}
	kops := gpu.KernelOperands(op)
	for i, v := range args[len(args)-len(kops):] {
		switch a := v.(type) {
		case *interp.Buffer:
			st, err := a.Storage()
			if err != nil {
				return nil, err
			}
			data, err := tensorData(st)
			if err != nil {
				return nil, err
			}
			l.Args = append(l.Args, KernelArg{Buffer: a, Data: data, Bytes: st.Len() * elemSize(st.DType())})
			mt, _ := kops[i].Type().(*ir.MemRefType)
			for d, n := range mt.Shape() {
				if n == ir.Dynamic {
					l.Args = append(l.Args, KernelArg{Type: "u64", Bits: uint64(a.Shape()[d])})
				}
			}
		case *interp.Tensor:
			switch a.DType() {
			case interp.F32:
				l.Args = append(l.Args, KernelArg{Type: "f32", Bits: uint64(math.Float32bits(a.F32()[0]))})
			case interp.F64:
				l.Args = append(l.Args, KernelArg{Type: "f64", Bits: math.Float64bits(a.F64()[0])})
			case interp.I32:
				l.Args = append(l.Args, KernelArg{Type: "u32", Bits: uint64(uint32(a.I32()[0]))})
			case interp.I1:
				b := uint64(0)
				if a.Bool()[0] {
					b = 1
				}
				l.Args = append(l.Args, KernelArg{Type: "u32", Bits: b})
			default:
				l.Args = append(l.Args, KernelArg{Type: "u64", Bits: uint64(a.Int(0))})
			}
		default:
			return nil, fmt.Errorf("kernel argument #%d: unsupported value %v", i, v)
		}
	}
	return l, nil
}

// simDevice is the PTX simulator as a Device: its memory is simulated
// global memory, its launches run at once with the race and barrier
// checks, gathering statistics per kernel.
type simDevice struct {
	prog  *sim.Program
	stats map[string]*sim.Stats
}

// simMemory is a buffer of simulated global memory.
type simMemory struct {
	mem *sim.Memory
	buf *sim.Buffer
}

func (d *simDevice) Load(string, []byte) error { return nil }

func (d *simDevice) Alloc(n int) (DeviceMemory, error) {
	return &simMemory{mem: d.prog.Mem, buf: d.prog.Mem.Alloc(n)}, nil
}

func (d *simDevice) Synchronize() error { return nil }

func (d *simDevice) Launch(l *KernelLaunch) error {
	var sl sim.Launch
	sl.Grid, sl.Block = l.Grid, l.Block
	for _, a := range l.Args {
		if a.Buffer == nil {
			size := 8
			if a.Type == "f32" || a.Type == "u32" {
				size = 4
			}
			sl.Args = append(sl.Args, sim.Bits(a.Bits, size))
			continue
		}
		m, ok := a.Mem.(*simMemory)
		if !ok {
			return fmt.Errorf("a buffer argument not in simulated memory (%T)", a.Mem)
		}
		sl.Args = append(sl.Args, sim.Ptr(m.buf))
	}
	st := d.stats[l.Kernel]
	if st == nil {
		st = &sim.Stats{}
		d.stats[l.Kernel] = st
	}
	sl.Stats = st
	sl.RaceCheck = true
	return d.prog.Launch(l.Kernel, sl)
}

func (m *simMemory) CopyIn(data any) error { return m.buf.Write(data) }

func (m *simMemory) CopyOut(data any) error {
	if err := m.buf.Read(data); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

func (m *simMemory) Free() error {
	m.mem.Free(m.buf)
	return nil
}

func elemSize(dt interp.DType) int {
	switch dt {
	case interp.F64, interp.I64, interp.Index:
		return 8
	case interp.I1:
		return 1
	case interp.F16, interp.BF16:
		return 2
	}
	return 4
}

// launchError words a failed launch. The generated kernels trap only in a
// failed loops.check_index (a gather or scatter index, a cross_entropy
// target out of range): the device-side assert of PyTorch's CUDA kernels.
func launchError(kernel string, err error) error {
	var se *sim.Error
	if errors.As(err, &se) && se.Kind == sim.ErrTrap {
		return fmt.Errorf("kernel %s: device-side assert: an index is out of range (%w)", kernel, err)
	}
	return fmt.Errorf("kernel %s: %w", kernel, err)
}

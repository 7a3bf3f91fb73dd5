// Package ptxsim runs tt programs on the PTX simulator: the module is
// lowered by pt2-gpu, its kernels emitted as PTX text (emit/ptx), parsed
// back and loaded by ptx/sim, and the host function runs in the reference
// interpreter with gpu.launch_func running the simulated kernels: every
// buffer a launch passes is copied into simulated global memory and back.
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
	"sort"

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

	in    *interp.Interpreter
	entry string
	prog  *sim.Program // the simulator's, when Device is nil
	// PTX is the emitted module's text.
	PTX   []byte
	stats map[string]*sim.Stats
	// Launches counts the kernel launches of the runs so far.
	Launches int
}

// Device runs the kernels of the emitted PTX for a Runner.
type Device interface {
	// Load loads the PTX module's text (file names it in messages).
	Load(file string, ptx []byte) error
	// Launch runs one decoded gpu.launch_func and copies the buffers it
	// wrote back into their interpreter storage.
	Launch(l *KernelLaunch) error
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
	// its storage's element slice ([]float32, ..., []bool) and size.
	Buffer *interp.Buffer
	Data   any
	Bytes  int
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
	if r.Device != nil {
		if err := r.Device.Load("kernels.ptx", r.PTX); err != nil {
			return err
		}
	} else if r.prog, err = sim.Load(parsed); err != nil {
		return err
	}
	kr := kernels.NewRegistry()
	kr.Replace(gpu.LaunchFuncName, r.launch)
	r.in = interp.New(module, kr)
	if _, err := r.in.Function(entry); err != nil {
		return err
	}
	r.entry = entry
	r.stats = map[string]*sim.Stats{}
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

// Run runs the prepared entry function.
func (r *Runner) Run(ctx context.Context, args []interp.Value) ([]interp.Value, error) {
	return r.in.RunContext(ctx, r.entry, args...)
}

// Call runs function fn of the prepared module (another function than the
// entry, say) and returns its results as tensors (a memref result's
// storage).
func (r *Runner) Call(ctx context.Context, fn string, args ...*interp.Tensor) ([]*interp.Tensor, error) {
	vals := interp.Values(args...)
	for i, a := range args {
		vals[i] = a.Clone()
	}
	res, err := r.in.RunContext(ctx, fn, vals...)
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

// launch is the kernel of gpu.launch_func: it runs the PTX kernel on the
// Device (the simulator by default).
func (r *Runner) launch(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	l, err := DecodeLaunch(op, args)
	if err != nil {
		return nil, err
	}
	if r.Device != nil {
		err = r.Device.Launch(l)
	} else {
		err = r.simulate(l)
	}
	if err != nil {
		return nil, fmt.Errorf("kernel %s: %w", l.Kernel, err)
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

// simulate runs a launch on the simulator: each distinct storage is copied
// into simulated global memory and back.
func (r *Runner) simulate(l *KernelLaunch) error {
	var sl sim.Launch
	sl.Grid, sl.Block = l.Grid, l.Block
	type copied struct {
		buf  *sim.Buffer
		data any
	}
	bufs := map[*interp.Buffer]*copied{}
	defer func() {
		for _, c := range bufs {
			r.prog.Mem.Free(c.buf)
		}
	}()
	for _, a := range l.Args {
		if a.Buffer == nil {
			size := 8
			if a.Type == "f32" || a.Type == "u32" {
				size = 4
			}
			sl.Args = append(sl.Args, sim.Bits(a.Bits, size))
			continue
		}
		c := bufs[a.Buffer]
		if c == nil {
			c = &copied{buf: r.prog.Mem.Alloc(max(a.Bytes, 1)), data: a.Data}
			if a.Bytes > 0 {
				if err := c.buf.Write(a.Data); err != nil {
					return err
				}
			}
			bufs[a.Buffer] = c
		}
		sl.Args = append(sl.Args, sim.Ptr(c.buf))
	}
	st := r.stats[l.Kernel]
	if st == nil {
		st = &sim.Stats{}
		r.stats[l.Kernel] = st
	}
	sl.Stats = st
	sl.RaceCheck = true
	if err := r.prog.Launch(l.Kernel, sl); err != nil {
		return err
	}
	for _, c := range bufs {
		if err := c.buf.Read(c.data); err != nil && !errors.Is(err, io.EOF) {
			return err
		}
	}
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

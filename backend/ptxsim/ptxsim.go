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

	in    *interp.Interpreter
	entry string
	prog  *sim.Program
	// PTX is the emitted module's text.
	PTX   []byte
	stats map[string]*sim.Stats
	// Launches counts the kernel launches of the runs so far.
	Launches int
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
	r.prog, err = sim.Load(parsed)
	if err != nil {
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
	}
	return nil, fmt.Errorf("element type %s is not supported by the ptxsim backend", t.DType())
}

// launch is the kernel of gpu.launch_func: it runs the PTX kernel.
func (r *Runner) launch(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	var l sim.Launch
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
	name := ref.Root
	if len(ref.Nested) > 0 {
		name = ref.Nested[len(ref.Nested)-1]
	}
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
	kops := gpu.KernelOperands(op)
	for i, v := range args[len(args)-len(kops):] {
		switch a := v.(type) {
		case *interp.Buffer:
			c := bufs[a]
			if c == nil {
				st, err := a.Storage()
				if err != nil {
					return nil, err
				}
				data, err := tensorData(st)
				if err != nil {
					return nil, err
				}
				n := st.Len() * elemSize(st.DType())
				c = &copied{buf: r.prog.Mem.Alloc(max(n, 1)), data: data}
				if n > 0 {
					if err := c.buf.Write(data); err != nil {
						return nil, err
					}
				}
				bufs[a] = c
			}
			l.Args = append(l.Args, sim.Ptr(c.buf))
			mt, _ := kops[i].Type().(*ir.MemRefType)
			for d, n := range mt.Shape() {
				if n == ir.Dynamic {
					l.Args = append(l.Args, sim.U64(uint64(a.Shape()[d])))
				}
			}
		case *interp.Tensor:
			switch a.DType() {
			case interp.F32:
				l.Args = append(l.Args, sim.F32(a.F32()[0]))
			case interp.F64:
				l.Args = append(l.Args, sim.F64(a.F64()[0]))
			case interp.I32:
				l.Args = append(l.Args, sim.U32(uint32(a.I32()[0])))
			case interp.I1:
				b := uint32(0)
				if a.Bool()[0] {
					b = 1
				}
				l.Args = append(l.Args, sim.U32(b))
			default:
				l.Args = append(l.Args, sim.U64(uint64(a.Int(0))))
			}
		default:
			return nil, fmt.Errorf("kernel argument #%d: unsupported value %v", i, v)
		}
	}
	st := r.stats[name]
	if st == nil {
		st = &sim.Stats{}
		r.stats[name] = st
	}
	l.Stats = st
	l.RaceCheck = true
	if err := r.prog.Launch(name, l); err != nil {
		return nil, fmt.Errorf("kernel %s: %w", name, err)
	}
	r.Launches++
	for _, c := range bufs {
		if err := c.buf.Read(c.data); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
	}
	return nil, nil
}

func elemSize(dt interp.DType) int {
	switch dt {
	case interp.F64, interp.I64, interp.Index:
		return 8
	case interp.I1:
		return 1
	}
	return 4
}

package ptxsim

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// CopyCounts counts the copies between host and device memory.
type CopyCounts struct {
	// In and Out are the copies to and from the device, BytesIn and
	// BytesOut their sizes.
	In, Out           int
	BytesIn, BytesOut int64
}

// resident is the device copy of one storage (a function argument's
// tensor or a loops.alloc buffer's) and which side holds its latest data.
// Its memory is allocated when a launch first needs it: a buffer only the
// host function uses (a scalar of a reduction left on the host) never has
// any.
type resident struct {
	mem      DeviceMemory // nil until a launch needs it
	data     any          // the storage's element slice
	bytes    int
	onDevice bool // the device memory holds the latest data
	onHost   bool // the host storage holds the latest data
}

// residency keeps the buffers of one run on the device: a buffer is copied
// in before the first launch that needs it after the host changed it, and
// out before the first host access after a kernel wrote it.
type residency struct {
	dev    Device
	copies *CopyCounts
	bufs   map[*interp.Tensor]*resident
}

func newResidency(dev Device, copies *CopyCounts) *residency {
	return &residency{dev: dev, copies: copies, bufs: map[*interp.Tensor]*resident{}}
}

// track returns the entry of storage st, making one (the host holding
// the data) on first use.
func (rs *residency) track(st *interp.Tensor) (*resident, error) {
	if c := rs.bufs[st]; c != nil {
		return c, nil
	}
	data, err := tensorData(st)
	if err != nil {
		return nil, err
	}
	c := &resident{data: data, bytes: st.Len() * elemSize(st.DType()), onHost: true}
	rs.bufs[st] = c
	return c, nil
}

// toDevice makes the device copy of st current, allocating it first if
// need be, and returns it.
func (rs *residency) toDevice(st *interp.Tensor) (*resident, error) {
	c, err := rs.track(st)
	if err != nil {
		return nil, err
	}
	if c.mem == nil {
		if c.mem, err = rs.dev.Alloc(max(c.bytes, 1)); err != nil { // a valid pointer for an empty buffer
			return nil, err
		}
	}
	if !c.onDevice {
		if c.bytes > 0 {
			if err := c.mem.CopyIn(c.data); err != nil {
				return nil, err
			}
			rs.copies.In++
			rs.copies.BytesIn += int64(c.bytes)
		}
		c.onDevice = true
	}
	return c, nil
}

// toHost makes the host storage st current (a no-op for storage the
// device never had or did not change).
func (rs *residency) toHost(st *interp.Tensor) error {
	c := rs.bufs[st]
	if c == nil || c.onHost {
		return nil
	}
	if c.bytes > 0 {
		if err := c.mem.CopyOut(c.data); err != nil {
			return err
		}
		rs.copies.Out++
		rs.copies.BytesOut += int64(c.bytes)
	}
	c.onHost = true
	return nil
}

// free releases the device copy of st.
func (rs *residency) free(st *interp.Tensor) error {
	c := rs.bufs[st]
	if c == nil {
		return nil
	}
	delete(rs.bufs, st)
	if c.mem == nil {
		return nil
	}
	return c.mem.Free()
}

// release frees every device copy.
func (rs *residency) release() error {
	var first error
	for st := range rs.bufs {
		if err := rs.free(st); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// storageOf is the storage a value holds (nil for scalars).
func storageOf(v interp.Value) (*interp.Tensor, error) {
	switch x := v.(type) {
	case *interp.Buffer:
		return x.Storage()
	case *interp.Tensor:
		if x.Rank() > 0 {
			return x, nil
		}
	}
	return nil, nil
}

// wrapHostKernels makes every kernel of kr except gpu.launch_func keep the
// residency right: loops.alloc's buffer gets device memory too, at the
// first launch that uses it (a tt.overwritten buffer needs no copy: the
// program writes it before it reads it), loops.dealloc frees it, and an op that reads or writes a
// buffer first copies it back from the device if a kernel changed it
// (and, if it writes, marks the device copy stale). Terminators, calls and
// ops with regions only pass buffers along: the ops inside them do the
// accesses.
func (r *Runner) wrapHostKernels(kr *interp.Registry) {
	for _, name := range kr.Names() {
		k := kr.Lookup(name)
		switch name {
		case gpu.LaunchFuncName:
		case loops.AllocName:
			kr.Replace(name, func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
				res, err := k(e, op, args)
				if err != nil || r.res == nil || len(res) != 1 {
					return res, err
				}
				st, err := storageOf(res[0])
				if err != nil || st == nil {
					return res, err
				}
				c, err := r.res.track(st)
				if err != nil {
					return nil, err
				}
				c.onDevice = op.Attr(loops.OverwrittenAttrName) != nil
				return res, nil
			})
		case loops.DeallocName:
			kr.Replace(name, func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
				if r.res != nil && len(args) == 1 {
					if st, err := storageOf(args[0]); err == nil && st != nil {
						if err := r.res.free(st); err != nil {
							return nil, err
						}
					}
				}
				return k(e, op, args)
			})
		case function.CallName:
		default:
			kr.Replace(name, func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
				if r.res != nil && len(r.res.bufs) > 0 && !op.HasTrait(ir.Terminator) && op.NumRegions() == 0 {
					if err := r.hostAccess(op, args); err != nil {
						return nil, err
					}
				}
				return k(e, op, args)
			})
		}
	}
}

// hostAccess brings the buffers op accesses to the host.
func (r *Runner) hostAccess(op *ir.Operation, args []interp.Value) error {
	effs, known := ir.Effects(op)
	for i, a := range args {
		if _, ok := a.(*interp.Buffer); !ok {
			continue
		}
		read, write := !known, !known
		for _, e := range effs {
			if e.Value == op.Operand(i) || e.Value == nil {
				read = read || e.Kind == ir.EffectRead
				write = write || e.Kind == ir.EffectWrite
			}
		}
		if !read && !write {
			continue
		}
		st, err := storageOf(a)
		if err != nil {
			return err
		}
		if st == nil {
			continue
		}
		if err := r.res.toHost(st); err != nil {
			return fmt.Errorf("copying %s back from the device: %w", a, err)
		}
		if c := r.res.bufs[st]; c != nil && write {
			c.onDevice = false
		}
	}
	return nil
}

// writtenParams finds, for each gpu.func of module, which of its arguments
// it may write: those a nested op writes (by its memory effects), or
// passes to an op whose effects are unknown or that makes a memref of it.
func writtenParams(module *ir.Operation) map[string][]bool {
	out := map[string][]bool{}
	module.WalkPreOrder(func(op *ir.Operation) ir.WalkResult {
		if op.Name() != gpu.FuncName || op.NumRegions() == 0 || op.Region(0).Front() == nil {
			return ir.WalkAdvance
		}
		entry := op.Region(0).Front()
		params := map[ir.Value]int{}
		for i, a := range entry.Args() {
			params[a] = i
		}
		written := make([]bool, entry.NumArgs())
		for nested := range op.NestedOps() {
			nested.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
				markWrites(o, params, written)
				return ir.WalkAdvance
			})
		}
		out[ir.SymbolName(op)] = written
		return ir.WalkSkip
	})
	return out
}

func markWrites(o *ir.Operation, params map[ir.Value]int, written []bool) {
	if o.HasTrait(ir.RecursiveMemoryEffects) {
		return // its nested ops are walked themselves
	}
	effs, known := ir.Effects(o)
	makesMemref := false
	for _, res := range o.Results() {
		if _, ok := res.Type().(*ir.MemRefType); ok {
			makesMemref = true
		}
	}
	for _, v := range o.Operands() {
		i, ok := params[v]
		if !ok {
			continue
		}
		if !known || makesMemref {
			written[i] = true
		}
	}
	for _, e := range effs {
		if e.Kind != ir.EffectWrite {
			continue
		}
		if e.Value == nil {
			for _, v := range o.Operands() {
				if i, ok := params[v]; ok {
					written[i] = true
				}
			}
		} else if i, ok := params[e.Value]; ok {
			written[i] = true
		}
	}
}

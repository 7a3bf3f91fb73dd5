// Package loopsk holds the interpreter kernels of the loops dialect: buffers
// (loops.alloc, dealloc, load, store, dim, copy), loops (for, parallel),
// conditionals (if, yield), the runtime kernels of loops.call_extern
// (tt.matmul and tt.conv2d) and loops.kernel, so that IR at every stage of
// the lowering to loops runs in the reference interpreter.
//
// Memrefs are *interp.Buffer values: loads and stores are bounds-checked,
// and using a buffer after loops.dealloc is an error with a note at the
// dealloc. loops.parallel runs its iterations one after another, in
// row-major order by default; Options can make it visit them in reverse or
// in a pseudo-random order, so that tests expose iterations that depend on
// each other (which the backends, running them on several threads, would
// get wrong).
package loopsk

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/tensork"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics/linalg"
)

// Order is the order in which loops.parallel visits its iterations.
type Order uint8

// Iteration orders of loops.parallel.
const (
	// RowMajor visits the iteration space in row-major order (the first
	// dimension outermost), as nested loops.for would.
	RowMajor Order = iota
	// Reverse visits it in reverse row-major order.
	Reverse
	// Shuffled visits it in a pseudo-random order that depends on
	// Options.Seed and the iteration space (the same on every run).
	Shuffled
)

// Options configure the kernels of this package.
type Options struct {
	// ParallelOrder is the order of loops.parallel iterations.
	ParallelOrder Order
	// Seed selects the permutation of the Shuffled order.
	Seed uint64
}

// Register adds the kernels of the loops dialect to r, with loops.parallel
// iterating in row-major order.
func Register(r *interp.Registry) { RegisterWith(r, Options{}) }

// RegisterWith adds the kernels of the loops dialect to r, configured by o.
func RegisterWith(r *interp.Registry, o Options) {
	for name, k := range map[string]interp.Kernel{
		loops.AllocName:      allocKernel,
		loops.DeallocName:    deallocKernel,
		loops.LoadName:       loadKernel,
		loops.StoreName:      storeKernel,
		loops.DimName:        dimKernel,
		loops.CheckIndexName: checkIndexKernel,
		loops.CopyName:       copyKernel,
		loops.ForName:        forKernel,
		loops.ParallelName:   parallelKernel(o),
		loops.IfName:         ifKernel,
		loops.YieldName:      yieldKernel,
		loops.CallExternName: callExternKernel,
		loops.KernelName:     kernelKernel,
	} {
		r.Register(name, withFreedNotes(k))
	}
}

// withFreedNotes turns use-after-free errors of a kernel into diagnostics
// with a note where the buffer was freed.
func withFreedNotes(k interp.Kernel) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		res, err := k(e, op, args)
		if err != nil {
			return nil, interp.FreedDiagnostic(op, err)
		}
		return res, nil
	}
}

// Buffer returns operand #i as a buffer that has not been freed.
func Buffer(args []interp.Value, i int) (*interp.Buffer, error) {
	if i >= len(args) {
		return nil, fmt.Errorf("expected at least %d operands, got %d", i+1, len(args))
	}
	b, ok := args[i].(*interp.Buffer)
	if !ok {
		return nil, fmt.Errorf("operand #%d is %v, not a buffer", i, args[i])
	}
	if err := b.Check(); err != nil {
		return nil, err
	}
	return b, nil
}

// Index returns operand #i as an index (or other integer) scalar.
func Index(args []interp.Value, i int) (int64, error) {
	if i >= len(args) {
		return 0, fmt.Errorf("expected at least %d operands, got %d", i+1, len(args))
	}
	t, ok := args[i].(*interp.Tensor)
	if !ok || t.Rank() != 0 || !t.DType().IsInt() {
		return 0, fmt.Errorf("operand #%d must be an index scalar, got %v", i, args[i])
	}
	return t.Int(0), nil
}

// Indices returns operands #from.. as index scalars.
func Indices(args []interp.Value, from int) ([]int64, error) {
	out := make([]int64, 0, max(0, len(args)-from))
	for i := from; i < len(args); i++ {
		x, err := Index(args, i)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// scalar returns operand #i as a one-element tensor.
func scalar(args []interp.Value, i int) (*interp.Tensor, error) {
	if i >= len(args) {
		return nil, fmt.Errorf("expected at least %d operands, got %d", i+1, len(args))
	}
	t, ok := args[i].(*interp.Tensor)
	if !ok || t.Rank() != 0 {
		return nil, fmt.Errorf("operand #%d must be a scalar, got %v", i, args[i])
	}
	return t, nil
}

func allocKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if op.NumResults() != 1 {
		return nil, fmt.Errorf("expected 1 result, got %d", op.NumResults())
	}
	mt, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return nil, fmt.Errorf("result type %s is not a ranked memref", op.Result(0).Type())
	}
	dt, err := interp.DTypeOf(mt.Elem)
	if err != nil {
		return nil, err
	}
	sizes, err := Indices(args, 0)
	if err != nil {
		return nil, err
	}
	shape := slices.Clone(mt.Shape())
	k := 0
	for i, d := range shape {
		if d != ir.Dynamic {
			continue
		}
		if k >= len(sizes) {
			return nil, fmt.Errorf("%d size operands for the dynamic dimensions of %s", len(sizes), mt)
		}
		if sizes[k] < 0 {
			return nil, fmt.Errorf("size %d of dimension %d is negative", sizes[k], i)
		}
		shape[i] = sizes[k]
		k++
	}
	if k != len(sizes) {
		return nil, fmt.Errorf("%d size operands for the %d dynamic dimensions of %s", len(sizes), k, mt)
	}
	b, err := interp.NewBuffer(dt, shape)
	if err != nil {
		return nil, err
	}
	return []interp.Value{b}, nil
}

func deallocKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("expected 1 operand, got %d", len(args))
	}
	b, ok := args[0].(*interp.Buffer)
	if !ok {
		return nil, fmt.Errorf("operand #0 is %v, not a buffer", args[0])
	}
	return nil, b.Free(op.Loc())
}

func loadKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	b, err := Buffer(args, 0)
	if err != nil {
		return nil, err
	}
	idx, err := Indices(args, 1)
	if err != nil {
		return nil, err
	}
	v, err := b.Load(idx)
	if err != nil {
		return nil, err
	}
	return []interp.Value{v}, nil
}

func storeKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	v, err := scalar(args, 0)
	if err != nil {
		return nil, err
	}
	b, err := Buffer(args, 1)
	if err != nil {
		return nil, err
	}
	idx, err := Indices(args, 2)
	if err != nil {
		return nil, err
	}
	return nil, b.Store(idx, v)
}

func dimKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	b, err := Buffer(args, 0)
	if err != nil {
		return nil, err
	}
	d, err := interp.AttrInt(op, "dim")
	if err != nil {
		return nil, err
	}
	if d < 0 || d >= int64(b.Rank()) {
		return nil, fmt.Errorf("dimension %d is out of range for %s", d, b.TypeString())
	}
	return []interp.Value{interp.ScalarInt(interp.Index, b.Shape()[d])}, nil
}

// checkIndexKernel fails, located at the op and naming the tensor op it
// checks for, unless 0 <= index < size.
func checkIndexKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	i, err := Index(args, 0)
	if err != nil {
		return nil, err
	}
	n, err := Index(args, 1)
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= n {
		return nil, ir.Errorf(op.Loc(), "%s: index %d is out of range for dimension size %d", loops.CheckIndexOp{Op: op}.OpAttr(), i, n)
	}
	return []interp.Value{interp.ScalarInt(interp.Index, i)}, nil
}

func copyKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 2 {
		return nil, fmt.Errorf("expected 2 operands, got %d", len(args))
	}
	src, err := Buffer(args, 0)
	if err != nil {
		return nil, err
	}
	dst, err := Buffer(args, 1)
	if err != nil {
		return nil, err
	}
	data, err := src.Storage()
	if err != nil {
		return nil, err
	}
	if src.DType() != dst.DType() || !slices.Equal(src.Shape(), dst.Shape()) {
		return nil, fmt.Errorf("source %s and target %s differ at run time", src.TypeString(), dst.TypeString())
	}
	return nil, dst.CopyFrom(data)
}

// forKernel runs the body for iv = lb, lb+step, ... while iv < ub, threading
// the carried values; the results are the last carried values (the inits
// when the loop runs zero times).
func forKernel(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) < 3 || op.NumRegions() != 1 {
		return nil, fmt.Errorf("expected bounds, a step and a body")
	}
	lb, err := Index(args, 0)
	if err != nil {
		return nil, err
	}
	ub, err := Index(args, 1)
	if err != nil {
		return nil, err
	}
	step, err := Index(args, 2)
	if err != nil {
		return nil, err
	}
	if step <= 0 {
		return nil, fmt.Errorf("step must be positive, got %d", step)
	}
	carried := slices.Clone(args[3:])
	if len(carried) != op.NumResults() {
		return nil, fmt.Errorf("%d carried values for %d results", len(carried), op.NumResults())
	}
	body := op.Region(0)
	bargs := make([]interp.Value, 1+len(carried))
	for iv := lb; iv < ub; {
		bargs[0] = interp.ScalarInt(interp.Index, iv)
		copy(bargs[1:], carried)
		next, err := e.RunRegion(body, bargs)
		if err != nil {
			return nil, err
		}
		if len(next) != len(carried) {
			return nil, fmt.Errorf("the body yielded %d values for %d carried values", len(next), len(carried))
		}
		carried = next
		// iv + step without overflow: stop when it would reach ub.
		if uint64(step) >= uint64(ub)-uint64(iv) {
			break
		}
		iv += step
	}
	return carried, nil
}

// tripCount returns the number of iterations of lb <= iv < ub by step.
func tripCount(lb, ub, step int64) uint64 {
	if ub <= lb {
		return 0
	}
	d := uint64(ub) - uint64(lb)
	return (d-1)/uint64(step) + 1
}

// parallelKernel runs the body once per point of the iteration space, in
// the order o asks for.
func parallelKernel(o Options) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if len(args)%3 != 0 || len(args) == 0 || op.NumRegions() != 1 {
			return nil, fmt.Errorf("expected lower bounds, upper bounds and steps of equal number, and a body")
		}
		all, err := Indices(args, 0)
		if err != nil {
			return nil, err
		}
		n := len(all) / 3
		lb, ub, step := all[:n], all[n:2*n], all[2*n:]
		counts := make([]uint64, n)
		total, overflow := uint64(1), false
		for d := range n {
			if step[d] <= 0 {
				return nil, fmt.Errorf("step of dimension %d must be positive, got %d", d, step[d])
			}
			counts[d] = tripCount(lb[d], ub[d], step[d])
			hi, lo := bits.Mul64(total, counts[d])
			overflow = overflow || hi != 0
			total = lo
		}
		if slices.Contains(counts, 0) {
			return nil, nil
		}
		if overflow || total > 1<<62 {
			return nil, fmt.Errorf("the iteration space has more than 2^62 points")
		}
		perm := permutation(o, total, args)
		body := op.Region(0)
		ivs := make([]interp.Value, n)
		for k := uint64(0); k < total; k++ {
			p := perm(k)
			for d := n - 1; d >= 0; d-- {
				i := p % counts[d]
				p /= counts[d]
				ivs[d] = interp.ScalarInt(interp.Index, lb[d]+int64(i)*step[d])
			}
			res, err := e.RunRegion(body, slices.Clone(ivs))
			if err != nil {
				return nil, err
			}
			if len(res) != 0 {
				return nil, fmt.Errorf("the body yielded %d values; loops.parallel yields none", len(res))
			}
		}
		return nil, nil
	}
}

// permutation returns the map from visit number to row-major point number
// of a space of n points, for the order of o.
func permutation(o Options, n uint64, args []interp.Value) func(uint64) uint64 {
	switch o.ParallelOrder {
	case Reverse:
		return func(k uint64) uint64 { return n - 1 - k }
	case Shuffled:
		// k -> (a·k + c) mod n with gcd(a, n) = 1 is a bijection; a and c
		// come from the seed and the iteration space.
		h := mix(o.Seed ^ n)
		for _, v := range args {
			if t, ok := v.(*interp.Tensor); ok {
				h = mix(h ^ uint64(t.Int(0)))
			}
		}
		a := h%n | 1
		for gcd(a, n) != 1 {
			a = (a + 1) % n
		}
		c := mix(h) % n
		return func(k uint64) uint64 {
			hi, lo := bits.Mul64(a, k)
			_, r := bits.Div64(hi%n, lo, n)
			return (r + c) % n
		}
	}
	return func(k uint64) uint64 { return k }
}

// mix is SplitMix64's finalizer.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// ifKernel runs the then region when the condition holds, else the else
// region (nothing when it is empty).
func ifKernel(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("expected 1 operand, got %d", len(args))
	}
	c, ok := args[0].(*interp.Tensor)
	if !ok || c.DType() != interp.I1 || c.Rank() != 0 {
		return nil, fmt.Errorf("the condition must be an i1 scalar, got %v", args[0])
	}
	if op.NumRegions() != 2 {
		return nil, fmt.Errorf("expected 2 regions, got %d", op.NumRegions())
	}
	r := op.Region(1)
	if c.Bool()[0] {
		r = op.Region(0)
	}
	if r.Empty() {
		if op.NumResults() != 0 {
			return nil, errors.New("the region to run is empty but the op has results")
		}
		return nil, nil
	}
	res, err := e.RunRegion(r, nil)
	if err != nil {
		return nil, err
	}
	if len(res) != op.NumResults() {
		return nil, fmt.Errorf("the region yielded %d values for %d results", len(res), op.NumResults())
	}
	return res, nil
}

func yieldKernel(e *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	e.Yield(args)
	return nil, nil
}

// kernelKernel runs a fused kernel's body on its inputs.
func kernelKernel(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return nil, errors.New("expected a body")
	}
	res, err := e.RunIsolatedRegion(op.Region(0), args)
	if err != nil {
		return nil, err
	}
	if len(res) != op.NumResults() {
		return nil, fmt.Errorf("the body yielded %d values for %d results", len(res), op.NumResults())
	}
	return res, nil
}

// Runtime kernels of loops.call_extern.
var externs = map[string]func(op *ir.Operation, args []interp.Value) error{
	loops.MatmulCallee:    externMatmul,
	loops.Conv2DCallee:    externConv2D,
	loops.MaxPool2DCallee: externMaxPool2D,
}

// ExternNames returns the runtime kernels loops.call_extern can call in the
// interpreter, sorted.
func ExternNames() []string {
	var out []string
	for n := range externs {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

func callExternKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	callee, ok := op.StringAttr("callee")
	if !ok {
		return nil, errors.New("missing string attribute 'callee'")
	}
	f := externs[callee]
	if f == nil {
		return nil, fmt.Errorf("unknown runtime kernel %q (the interpreter provides %v)", callee, ExternNames())
	}
	if op.NumResults() != 0 {
		return nil, fmt.Errorf("runtime kernel %q returns no values, but the call has %d results", callee, op.NumResults())
	}
	if err := f(op, args); err != nil {
		return nil, fmt.Errorf("%s: %w", callee, err)
	}
	return nil, nil
}

// externBuffers returns the n operands of a runtime kernel call, which
// must all be buffers, and their storage.
func externBuffers(args []interp.Value, n int, names string) ([]*interp.Buffer, []*interp.Tensor, error) {
	if len(args) != n {
		return nil, nil, fmt.Errorf("expected %d buffer operands (%s), got %d", n, names, len(args))
	}
	bs := make([]*interp.Buffer, n)
	ts := make([]*interp.Tensor, n)
	for i := range args {
		b, err := Buffer(args, i)
		if err != nil {
			return nil, nil, err
		}
		if ts[i], err = b.Storage(); err != nil {
			return nil, nil, err
		}
		bs[i] = b
	}
	return bs, ts, nil
}

// externMatmul is tt.matmul(A, B, C[, bias]): C = act(A·B + bias) for A
// [..., M, K] and B [..., K, N] (stored transposed with the call's
// transpose_a and transpose_b), overwriting C [..., M, N] (which may alias
// A, B or the bias).
func externMatmul(op *ir.Operation, args []interp.Value) error {
	n, names := 3, "A, B, C"
	if len(args) == 4 {
		n, names = 4, "A, B, C, bias"
	}
	bs, ts, err := externBuffers(args, n, names)
	if err != nil {
		return err
	}
	flags := loops.MatmulFlagsOf(op)
	act := linalg.ActNone
	if flags.Activation != "" {
		a, ok := linalg.ParseActivation(flags.Activation)
		if !ok {
			return fmt.Errorf("unknown activation %q", flags.Activation)
		}
		act = a
	}
	var bias *interp.Tensor
	if n == 4 {
		bias = ts[3]
	}
	if ts[0].DType().IsHalf() && bs[2].DType() == interp.F32 {
		// 16-bit A and B, f32 C: the product in f32, not rounded.
		if ts[0], err = widenHalf(ts[0]); err == nil {
			ts[1], err = widenHalf(ts[1])
		}
		if err != nil {
			return err
		}
	}
	r, err := tensork.Gemm(ts[0], ts[1], bias, linalg.Layout{TransA: flags.TransposeA, TransB: flags.TransposeB}, act)
	if err != nil {
		return err
	}
	if r.DType() != bs[2].DType() || !slices.Equal(r.Shape(), bs[2].Shape()) {
		return fmt.Errorf("the product of %s and %s is %s, but C is %s", bs[0].TypeString(), bs[1].TypeString(), bufferType(r), bs[2].TypeString())
	}
	return bs[2].CopyFrom(r)
}

// widenHalf converts an f16 or bf16 tensor to f32 (exactly): the operands
// of tt.matmul and tt.conv2d calls with 16-bit factors and an f32 result.
func widenHalf(t *interp.Tensor) (*interp.Tensor, error) {
	if !t.DType().IsHalf() {
		return nil, fmt.Errorf("the 16-bit operands of a runtime kernel must share an element type, got %s", t.TypeString())
	}
	out := make([]float32, t.Len())
	for i := range out {
		out[i] = float32(t.Float(i))
	}
	return interp.FromF32(t.Shape(), out)
}

// externConv2D is tt.conv2d(x, w, out): out = conv2d(x, w) with the call's
// stride, padding, dilation and groups attributes, overwriting out.
func externConv2D(op *ir.Operation, args []interp.Value) error {
	bs, ts, err := externBuffers(args, 3, "x, w, out")
	if err != nil {
		return err
	}
	if ts[0].DType().IsHalf() && bs[2].DType() == interp.F32 {
		// 16-bit x and w, f32 out: the convolution in f32, not rounded.
		if ts[0], err = widenHalf(ts[0]); err == nil {
			ts[1], err = widenHalf(ts[1])
		}
		if err != nil {
			return err
		}
	}
	r, err := tensork.Conv2D(op, ts[0], ts[1])
	if err != nil {
		return err
	}
	if r.DType() != bs[2].DType() || !slices.Equal(r.Shape(), bs[2].Shape()) {
		return fmt.Errorf("the convolution of %s by %s is %s, but out is %s", bs[0].TypeString(), bs[1].TypeString(), bufferType(r), bs[2].TypeString())
	}
	return bs[2].CopyFrom(r)
}

// externMaxPool2D is tt.max_pool2d(x, out): out = max_pool2d(x) with the
// call's kernel, stride, padding and dilation attributes, overwriting out.
func externMaxPool2D(op *ir.Operation, args []interp.Value) error {
	bs, ts, err := externBuffers(args, 2, "x, out")
	if err != nil {
		return err
	}
	r, err := tensork.MaxPool2D(op, ts[0])
	if err != nil {
		return err
	}
	if r.DType() != bs[1].DType() || !slices.Equal(r.Shape(), bs[1].Shape()) {
		return fmt.Errorf("the pooling of %s is %s, but out is %s", bs[0].TypeString(), bufferType(r), bs[1].TypeString())
	}
	return bs[1].CopyFrom(r)
}

// bufferType spells a tensor's shape and element type as a memref type.
func bufferType(t *interp.Tensor) string { return interp.BufferOf(t).TypeString() }

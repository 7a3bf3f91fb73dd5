package tt

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// graphName is the name of every captured function.
const graphName = "graph"

// tracer records tensor operations into one func.func. Eager operations use
// a tracer too: a one-op function over the op's concrete inputs, run at
// once on the interpreter.
type tracer struct {
	ctx    *ir.Context
	module *ir.Operation
	fn     *ir.Operation
	entry  *ir.Block
	b      *ir.Builder

	args     []*interp.Tensor // the values bound to the block arguments
	argTs    []*Tensor        // the tensors bound to the block arguments
	results  []*Tensor        // the graph's results, once it ended at a graph break
	captured map[*Tensor]int  // concrete tensors lifted as arguments
	created  []*Tensor        // the symbolic tensors of the trace, in order
	done     bool             // the graph ended (a graph break or the end of fn)
	adopted  []*Tensor        // tensors of earlier graphs tracing resumed with
	next     *tracer          // the trace resumed after a graph break

	shapeRead bool // a dynamic size was read as a Go int
	// inputs maps fn's tensor arguments to their index among them, and
	// guards collects the comparisons fn made on symbolic sizes; both are
	// shared by the traces resumed after graph breaks.
	inputs map[*Tensor]int
	guards *[]symGuard
	// derived holds the expressions of the ? sizes of the tensors made
	// concrete at graph breaks (nil where unknown), shared likewise.
	derived  map[*Tensor][]*symExpr
	symVals  map[*symExpr]ir.Value // the index values of symbolic sizes in this graph
	sizeMemo map[sizeKey]*symExpr  // derived sizes of this graph's values
	// onBreak runs the prefix at a graph break (nil: breaks are errors).
	onBreak func(tr *tracer, reason string, where string)
}

// newTracer starts an empty function in a fresh module and context, for
// a trace of Compile (eager ops use newTracerIn).
func newTracer() *tracer {
	tr := newTracerIn(registry.NewContext())
	tr.inputs, tr.guards, tr.derived = map[*Tensor]int{}, &[]symGuard{}, map[*Tensor][]*symExpr{}
	return tr
}

// eagerContexts holds contexts for eager ops: loading every dialect into
// a fresh context would cost more than a small op. A context serves one
// op at a time; it keeps only uniqued types and attributes between ops.
var eagerContexts = sync.Pool{New: func() any { return registry.NewContext() }}

// newTracerIn starts an empty function in a fresh module of ctx.
func newTracerIn(ctx *ir.Context) *tracer {
	module := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(module))
	st := &ir.OperationState{Name: function.FuncName, Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ir.String(graphName)},
		{Name: "function_type", Value: &ir.TypeAttr{Value: ctx.Function(nil, nil)}},
	}}
	body := st.AddRegion()
	fn := b.MustCreate(st)
	entry := b.CreateBlock(body, nil, nil)
	b.SetInsertionPointToEnd(entry)
	return &tracer{ctx: ctx, module: module, fn: fn, entry: entry, b: b, captured: map[*Tensor]int{}}
}

// tensorType returns the IR type of a tensor of dtype with the given sizes
// (ir.Dynamic for ?).
func (tr *tracer) tensorType(dtype DType, shape []int64) *ir.RankedTensorType {
	return tr.ctx.Tensor(shape, dtype.IRType(tr.ctx))
}

// input adds a function argument bound to the concrete value d, with the
// given IR sizes, and returns its symbolic tensor.
func (tr *tracer) input(d *interp.Tensor, shape []int64) *Tensor {
	t := fromInterp(d)
	arg := tr.entry.AddArgument(tr.tensorType(d.DType(), shape), ir.Unknown)
	tr.args = append(tr.args, d)
	tr.argTs = append(tr.argTs, t)
	t.data, t.tr, t.val = nil, tr, arg
	tr.created = append(tr.created, t)
	return t
}

// value returns x's value in the trace, lifting a concrete tensor as an
// argument (tensors captured by the traced function are inputs of the
// graph, bound to the tensor seen while tracing).
func (tr *tracer) value(x *Tensor) ir.Value {
	if x.tr == tr && x.val != nil {
		return x.val
	}
	if x.data == nil {
		panic("tt: a tensor of another trace was used (tensors must not escape Compile)")
	}
	if i, ok := tr.captured[x]; ok {
		return tr.entry.Arg(i)
	}
	shape := shape64(x.shape)
	if x.tr == tr && x.lift != nil {
		shape = x.lift // keep the dynamic sizes of the earlier graph
	}
	arg := tr.entry.AddArgument(tr.tensorType(x.dtype, shape), ir.Unknown)
	tr.captured[x] = len(tr.args)
	tr.args = append(tr.args, x.data)
	tr.argTs = append(tr.argTs, x)
	return arg
}

// result wraps an op result as a symbolic tensor with hint sizes shape.
func (tr *tracer) result(v ir.Value, shape []int) *Tensor {
	rt, _ := v.Type().(*ir.RankedTensorType)
	dt := interp.F32
	if rt != nil {
		if d, err := interp.DTypeOf(rt.Elem); err == nil {
			dt = d
		}
	}
	t := &Tensor{dtype: dt, shape: shape, tr: tr, val: v}
	tr.created = append(tr.created, t)
	return t
}

// irShape returns the IR sizes of a value of the trace.
func irShape(v ir.Value) []int64 {
	if rt, ok := v.Type().(*ir.RankedTensorType); ok {
		return rt.Shape()
	}
	return nil
}

// hasDynamicDim reports whether the live tensor t has a ? size.
func (tr *tracer) hasDynamicDim(t *Tensor) bool {
	sizes := t.lift
	if t.val != nil {
		sizes = irShape(t.val)
	}
	for _, d := range sizes {
		if d == ir.Dynamic {
			return true
		}
	}
	return false
}

// finish returns outs and sets the function type.
func (tr *tracer) finish(outs []ir.Value) {
	tr.b.SetInsertionPointToEnd(tr.entry)
	tr.b.MustCreate(&ir.OperationState{Name: function.ReturnName, Operands: outs})
	var results []ir.Type
	for _, v := range outs {
		results = append(results, v.Type())
	}
	tr.fn.SetAttr("function_type", &ir.TypeAttr{Value: tr.ctx.Function(tr.entry.ArgTypes(), results)})
	tr.done = true
}

// text prints the module.
func (tr *tracer) text() string { return asm.String(tr.module, asm.PrintOptions{}) }

// graphBreak ends the graph at a read of a traced value: the trace's
// onBreak runs the prefix and makes every tensor of the trace concrete.
func (tr *tracer) graphBreak(reason, where string) {
	if tr.onBreak == nil {
		panic(&Error{Msg: fmt.Sprintf("%s: %s inside a function that cannot have graph breaks", where, reason)})
	}
	tr.onBreak(tr, reason, where)
}

// materialize runs the graph recorded so far with run and makes every
// symbolic tensor concrete.
func (tr *tracer) materialize(run func(tr *tracer) ([]*interp.Tensor, error)) error {
	var outs []ir.Value
	var live []*Tensor
	for _, t := range tr.created {
		if _, isArg := t.val.(*ir.BlockArgument); isArg {
			continue
		}
		outs = append(outs, t.val)
		live = append(live, t)
	}
	// The sizes the resumed trace lifts the tensors with, read before a
	// backend lowers the module in place.
	for _, t := range tr.created {
		t.lift = irShape(t.val)
		if tr.derived != nil && tr.dynamic(t.val) {
			sizes := make([]*symExpr, len(t.lift))
			for d, s := range t.lift {
				if s == ir.Dynamic {
					sizes[d] = tr.derivedSize(t, d)
				}
			}
			tr.derived[t] = sizes
		}
	}
	// Arguments are concrete already.
	for _, t := range tr.created {
		if a, isArg := t.val.(*ir.BlockArgument); isArg {
			t.data = tr.args[a.Index()]
		}
	}
	tr.finish(outs)
	tr.results = live
	res, err := run(tr)
	if err != nil {
		return err
	}
	for i, t := range live {
		t.data = res[i]
		t.shape = fromInterp(res[i]).shape
	}
	tr.resume()
	return nil
}

// resume starts the trace that continues after a graph break: the
// tensors of this trace (concrete now) are lifted as its arguments when
// used, keeping their dynamic sizes.
func (tr *tracer) resume() {
	next := newTracer()
	next.onBreak = tr.onBreak
	next.inputs, next.guards, next.derived = tr.inputs, tr.guards, tr.derived
	for _, ts := range [][]*Tensor{tr.created, tr.adopted} {
		for _, t := range ts {
			t.tr, t.val = next, nil
			next.adopted = append(next.adopted, t)
		}
	}
	tr.next = next
}

// last returns the trace recording now: tr, or the one resumed after its
// last graph break.
func (tr *tracer) last() *tracer {
	for tr.next != nil {
		tr = tr.next
	}
	return tr
}

// anyShapeRead reports whether a trace of the chain read a dynamic size.
func (tr *tracer) anyShapeRead() bool {
	for ; tr != nil; tr = tr.next {
		if tr.shapeRead {
			return true
		}
	}
	return false
}

// callerOutside returns file:line of the first caller outside package tt's
// non-test sources (where user code read a traced value).
func callerOutside() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	_, self, _, _ := runtime.Caller(0)
	dir := filepath.Dir(self)
	for {
		f, more := frames.Next()
		inPkg := filepath.Dir(f.File) == dir && !strings.HasSuffix(f.File, "_test.go")
		if !inPkg && !strings.HasPrefix(f.Function, "reflect.") && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf("%s:%d", f.File, f.Line)
		}
		if !more {
			return "<unknown>"
		}
	}
}

// Error is a failure of tt's front end: a graph that does not verify, a
// backend that failed, a function Compile cannot capture.
type Error struct{ Msg string }

// Error implements error.
func (e *Error) Error() string { return "tt: " + e.Msg }

// kernelRegistry is the interpreter's kernel set, built once: eager ops
// share it (it is read-only after construction).
var kernelRegistry = sync.OnceValue(kernels.NewRegistry)

// runInterp runs the trace's function on the interpreter.
func runInterp(tr *tracer) ([]*interp.Tensor, error) {
	in := interp.New(tr.module, kernelRegistry())
	return in.RunTensors(graphName, tr.args...)
}

// eager runs one op on concrete inputs: it traces build over the inputs
// into a one-op function and runs it on the interpreter.
func eager(inputs []*Tensor, build func(tr *tracer, vs []ir.Value) (ir.Value, []int)) *Tensor {
	ctx := eagerContexts.Get().(*ir.Context)
	defer eagerContexts.Put(ctx)
	tr := newTracerIn(ctx)
	vs := make([]ir.Value, len(inputs))
	for i, x := range inputs {
		vs[i] = tr.input(x.data, shape64(x.shape)).val
	}
	v, _ := build(tr, vs)
	tr.finish([]ir.Value{v})
	if err := ir.Verify(tr.module); err != nil {
		panic(&Error{Msg: fmt.Sprintf("invalid operation: %v\n%s", err, tr.text())})
	}
	res, err := runInterp(tr)
	if err != nil {
		panic(&Error{Msg: err.Error()})
	}
	return fromInterp(res[0])
}

// apply records or runs one op: inside a trace (some input is symbolic) it
// adds the op to the trace; otherwise it runs it eagerly. build returns the
// op's result and its hint sizes.
func apply(inputs []*Tensor, build func(tr *tracer, vs []ir.Value) (ir.Value, []int)) *Tensor {
	var tr *tracer
	for _, x := range inputs {
		if x == nil {
			panic("tt: nil tensor")
		}
		if x.live() {
			tr = x.tr
		}
	}
	if tr == nil {
		return eager(inputs, build)
	}
	vs := make([]ir.Value, len(inputs))
	for i, x := range inputs {
		vs[i] = tr.value(x)
	}
	v, shape := build(tr, vs)
	return tr.result(v, shape)
}

package interp

import (
	"context"
	"errors"
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// DefaultMaxCallDepth is the call nesting an Interpreter allows when
// MaxCallDepth is 0.
const DefaultMaxCallDepth = 256

// Interpreter runs the functions of a module with the kernels of a Registry.
// It is safe for concurrent use: each Run has its own state, and kernels do
// not keep any between calls.
type Interpreter struct {
	module   *ir.Operation
	registry *Registry
	symbols  *ir.SymbolTableCollection

	// MaxCallDepth bounds nested function calls (DefaultMaxCallDepth when
	// 0); deeper recursion is a located error instead of a stack overflow.
	MaxCallDepth int
	// MaxOps bounds how many operations one Run executes (0: no bound), so
	// that a looping program can be stopped with an error.
	MaxOps int64
}

// New returns an interpreter for the functions of module (a builtin.module,
// or any op holding symbols) using the kernels of reg.
func New(module *ir.Operation, reg *Registry) *Interpreter {
	return &Interpreter{module: module, registry: reg, symbols: ir.NewSymbolTableCollection()}
}

// Module returns the module the interpreter runs.
func (in *Interpreter) Module() *ir.Operation { return in.module }

// Registry returns the interpreter's kernels.
func (in *Interpreter) Registry() *Registry { return in.registry }

// LookupSymbol resolves a symbol reference from the op from, like
// ir.LookupSymbol but with cached symbol tables.
func (in *Interpreter) LookupSymbol(from *ir.Operation, ref *ir.SymbolRefAttr) *ir.Operation {
	return in.symbols.LookupNearest(from, ref)
}

// Function returns the function (an op with a function_type attribute,
// such as func.func) called name in the module.
func (in *Interpreter) Function(name string) (*ir.Operation, error) {
	fn := in.symbols.LookupIn(in.module, ir.SymbolRef(name))
	if fn == nil {
		return nil, fmt.Errorf("no function @%s in the module", name)
	}
	if FunctionType(fn) == nil {
		return nil, fmt.Errorf("symbol @%s is a %s, not a function", name, fn.Name())
	}
	return fn, nil
}

// FunctionType returns the signature of a function-like op (its
// function_type attribute), or nil.
func FunctionType(fn *ir.Operation) *ir.FunctionType {
	if ta, ok := fn.Attr("function_type").(*ir.TypeAttr); ok {
		if ft, ok := ta.Value.(*ir.FunctionType); ok {
			return ft
		}
	}
	return nil
}

// Run runs the function name with the given arguments and returns its
// results. Arguments are checked against the signature: element types, ranks
// and static dimensions must match; dynamic dimensions take the arguments'
// sizes. Errors are *ir.Diagnostic values located at the failing op.
func (in *Interpreter) Run(name string, args ...Value) ([]Value, error) {
	return in.RunContext(context.Background(), name, args...)
}

// RunTensors is Run for functions whose arguments and results are tensors
// or memrefs. A tensor given for a memref argument is the buffer's storage
// (stores change it); buffer results are returned as tensors.
func (in *Interpreter) RunTensors(name string, args ...*Tensor) ([]*Tensor, error) {
	vals := make([]Value, len(args))
	for i, a := range args {
		vals[i] = a
	}
	res, err := in.Run(name, vals...)
	if err != nil {
		return nil, err
	}
	return ResultTensors(res)
}

// RunContext is Run with a context: cancelling it stops the run between two
// operations with an error.
func (in *Interpreter) RunContext(ctx context.Context, name string, args ...Value) ([]Value, error) {
	fn, err := in.Function(name)
	if err != nil {
		return nil, ir.Errorf(in.module.Loc(), "%v", err)
	}
	return in.RunFunc(ctx, fn, args)
}

// RunFunc runs a function op (for example a func.func of the module).
func (in *Interpreter) RunFunc(ctx context.Context, fn *ir.Operation, args []Value) ([]Value, error) {
	e := &Exec{in: in, ctx: ctx}
	res, err := e.CallFunction(fn, args)
	if err != nil {
		return nil, locate(fn, err, "")
	}
	return res, nil
}

// Exec is the state of one run: the values of the SSA values in scope, the
// call depth, and the control transfer requested by the running terminator.
// Kernels receive it to run regions, call functions and branch.
type Exec struct {
	in    *Interpreter
	ctx   context.Context
	depth int
	ops   int64
	scope *scope
	ctl   control
}

// scope maps the SSA values of one region invocation to runtime values;
// nested regions that are not isolated see their parents' values.
type scope struct {
	vals   map[ir.Value]Value
	parent *scope
}

func (s *scope) lookup(v ir.Value) (Value, bool) {
	for ; s != nil; s = s.parent {
		if x, ok := s.vals[v]; ok {
			return x, true
		}
	}
	return nil, false
}

type ctlKind uint8

const (
	ctlNone ctlKind = iota
	ctlBranch
	ctlYield
)

// control is a transfer requested by a terminator kernel.
type control struct {
	kind ctlKind
	dest *ir.Block
	args []Value
}

// Fork returns an Exec that runs regions on another goroutine, as the
// threads of a GPU kernel do (interp/gpuk): it shares e's interpreter,
// sees the values in scope where e is (which must not change while the
// fork runs: e's kernel waits for its forks), counts its own operations
// against MaxOps, and runs with ctx, which may carry values for the
// kernels it runs (a thread's ids) and cancels it.
func (e *Exec) Fork(ctx context.Context) *Exec {
	return &Exec{in: e.in, ctx: ctx, depth: e.depth, scope: e.scope}
}

// Interpreter returns the interpreter running.
func (e *Exec) Interpreter() *Interpreter { return e.in }

// Context returns the run's context.
func (e *Exec) Context() context.Context { return e.ctx }

// Depth returns the current function call depth (1 inside the function Run
// started).
func (e *Exec) Depth() int { return e.depth }

// Lookup returns the runtime value of an SSA value in scope.
func (e *Exec) Lookup(v ir.Value) (Value, bool) { return e.scope.lookup(v) }

// Yield ends the running region with the given values, which become the
// results of RunRegion or CallFunction. Terminators such as func.return
// call it.
func (e *Exec) Yield(vals []Value) { e.ctl = control{kind: ctlYield, args: vals} }

// Branch continues execution at block dest (of the running region), whose
// arguments take args. Branching terminators such as cf.br call it.
func (e *Exec) Branch(dest *ir.Block, args []Value) {
	e.ctl = control{kind: ctlBranch, dest: dest, args: args}
}

// RunRegion runs region r, whose ops may use the values in scope where the
// region's op is, with args bound to the entry block's arguments, and
// returns the values its terminator yields (nil when the region ends without
// yielding, as graph regions do). Region-holding ops (loops, conditionals)
// call it as often as they need.
func (e *Exec) RunRegion(r *ir.Region, args []Value) ([]Value, error) {
	return e.runRegion(r, args, e.scope)
}

// RunIsolatedRegion is RunRegion for regions that see no enclosing values
// (IsolatedFromAbove ops).
func (e *Exec) RunIsolatedRegion(r *ir.Region, args []Value) ([]Value, error) {
	return e.runRegion(r, args, nil)
}

// CallFunction calls a function op (one with a function_type attribute and
// a body) with args checked against its signature, and returns its results,
// checked likewise. A *Tensor given for a memref parameter is passed as a
// Buffer using its storage (BufferOf). Calls nest at most MaxCallDepth deep.
func (e *Exec) CallFunction(fn *ir.Operation, args []Value) ([]Value, error) {
	name, _ := fn.StringAttr(ir.SymbolAttrName)
	limit := e.in.MaxCallDepth
	if limit <= 0 {
		limit = DefaultMaxCallDepth
	}
	if e.depth >= limit {
		return nil, fmt.Errorf("call depth limit (%d) exceeded calling @%s", limit, name)
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil, fmt.Errorf("%s @%s has no function_type", fn.Name(), name)
	}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return nil, fmt.Errorf("function @%s is only declared; it has no body to run", name)
	}
	args = bufferArgs(args, ft.Inputs)
	if err := checkValues("argument", args, ft.Inputs, name); err != nil {
		return nil, err
	}
	e.depth++
	defer func() { e.depth-- }()
	res, err := e.runRegion(fn.Region(0), args, nil)
	if err != nil {
		return nil, err
	}
	if err := checkValues("result", res, ft.Results, name); err != nil {
		return nil, locate(fn, err, "")
	}
	return res, nil
}

// checkValues checks a list of values against types, for function
// arguments and results.
func checkValues(what string, vals []Value, types []ir.Type, fn string) error {
	if len(vals) != len(types) {
		return fmt.Errorf("@%s takes %d %ss, got %d", fn, len(types), what, len(vals))
	}
	for i, v := range vals {
		if v == nil {
			return fmt.Errorf("%s #%d of @%s is missing", what, i, fn)
		}
		if err := v.CheckType(types[i]); err != nil {
			return fmt.Errorf("%s #%d of @%s: %v", what, i, fn, err)
		}
	}
	return nil
}

// runRegion runs the blocks of r from its entry block, following branches,
// in a new scope whose parent is parent.
func (e *Exec) runRegion(r *ir.Region, args []Value, parent *scope) ([]Value, error) {
	b := r.Front()
	if b == nil {
		return nil, fmt.Errorf("region has no blocks to run")
	}
	saved := e.scope
	e.scope = &scope{vals: make(map[ir.Value]Value), parent: parent}
	defer func() { e.scope = saved }()
	if err := e.bindBlockArgs(b, args); err != nil {
		if op := r.ParentOp(); op != nil {
			return nil, locate(op, err, "")
		}
		return nil, err
	}
	for {
		last, err := e.runBlock(b)
		if err != nil {
			return nil, err
		}
		ctl := e.ctl
		e.ctl = control{}
		switch ctl.kind {
		case ctlYield:
			return ctl.args, nil
		case ctlBranch:
			if ctl.dest == nil || ctl.dest.Parent() != r {
				return nil, locate(last, errors.New("branch to a block outside the running region"), "")
			}
			if err := e.bindBlockArgs(ctl.dest, ctl.args); err != nil {
				return nil, locate(last, err, "")
			}
			b = ctl.dest
		default:
			return nil, nil
		}
	}
}

// runBlock runs the ops of b until one transfers control or the block ends,
// and returns the last op run.
func (e *Exec) runBlock(b *ir.Block) (*ir.Operation, error) {
	var last *ir.Operation
	for op := b.First(); op != nil; op = op.Next() {
		last = op
		if err := e.runOp(op); err != nil {
			return op, err
		}
		if e.ctl.kind != ctlNone {
			if op.Next() != nil {
				e.ctl = control{}
				return op, locate(op, errors.New("transferred control but is not the last op of its block"), "")
			}
			break
		}
	}
	return last, nil
}

// bindBlockArgs binds the arguments of b, checking their types.
func (e *Exec) bindBlockArgs(b *ir.Block, args []Value) error {
	if len(args) != b.NumArgs() {
		return fmt.Errorf("block takes %d arguments, got %d", b.NumArgs(), len(args))
	}
	for i, a := range b.Args() {
		if args[i] == nil {
			return fmt.Errorf("block argument #%d is missing", i)
		}
		if err := args[i].CheckType(a.Type()); err != nil {
			return fmt.Errorf("block argument #%d: %v", i, err)
		}
		e.scope.vals[a] = args[i]
	}
	return nil
}

// runOp runs one operation and binds its results.
func (e *Exec) runOp(op *ir.Operation) error {
	e.ops++
	if e.in.MaxOps > 0 && e.ops > e.in.MaxOps {
		return locate(op, fmt.Errorf("operation budget (%d) exhausted", e.in.MaxOps), "")
	}
	if err := e.ctx.Err(); err != nil {
		return locate(op, fmt.Errorf("run interrupted: %v", err), "")
	}
	k := e.in.registry.Lookup(op.Name())
	if k == nil {
		return ir.Errorf(op.Loc(), "no interpreter kernel for operation '%s'", op.Name())
	}
	args := make([]Value, op.NumOperands())
	for i := range args {
		v, ok := e.scope.lookup(op.Operand(i))
		if !ok {
			return locate(op, fmt.Errorf("operand #%d has no value (used before it is defined)", i), "")
		}
		args[i] = v
	}
	res, err := callKernel(k, e, op, args)
	if err != nil {
		return locate(op, err, "")
	}
	if len(res) != op.NumResults() {
		return locate(op, fmt.Errorf("produced %d values for the op's %d results", len(res), op.NumResults()), "")
	}
	for i, r := range res {
		if r == nil {
			return locate(op, fmt.Errorf("kernel produced no value for result #%d", i), "internal error: ")
		}
		if err := r.CheckType(op.Result(i).Type()); err != nil {
			return locate(op, fmt.Errorf("result #%d: %v", i, err), "")
		}
		e.scope.vals[op.Result(i)] = r
	}
	return nil
}

// callKernel runs a kernel, turning a panic into an error as a last resort.
func callKernel(k Kernel, e *Exec, op *ir.Operation, args []Value) (res []Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("internal error in kernel: %v", r)
		}
	}()
	return k(e, op, args)
}

// locate turns err into a diagnostic at op ("opname: message"), leaving
// diagnostics (already located deeper down) as they are.
func locate(op *ir.Operation, err error, prefix string) error {
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		return d
	}
	return ir.Errorf(op.Loc(), "%s%s: %v", prefix, op.Name(), err)
}

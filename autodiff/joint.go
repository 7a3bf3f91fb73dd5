package autodiff

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Joint is the forward and backward computation of a function in one
// func.func: @NAME_joint(args..., tangents...) -> (results..., grads...).
// Tangents are the gradients of the floating-point results (in result
// order); grads are those of the floating-point arguments (in argument order).
type Joint struct {
	Func *ir.Operation
	// NumArgs and NumResults are those of the differentiated function.
	NumArgs, NumResults int
	// GradArgs lists the indices of the arguments that get a gradient.
	GradArgs []int
	// TangentResults lists the indices of the results that take a tangent.
	TangentResults []int
}

// BuildJoint differentiates fn (a func.func with a single-block body) and
// returns the joint function, detached (the caller inserts it). Calls to
// other functions are traced through: the joint graph is built from a copy
// of fn with its callees inlined (fn and the callees are not changed). It
// fails with a located error at the first op on a differentiable path that
// has no gradient rule, and at calls it cannot trace through.
func BuildJoint(fn *ir.Operation, name string) (*Joint, error) {
	if fn.Name() != function.FuncDef.Name || function.IsExternal(fn) {
		return nil, ir.Errorf(fn.Loc(), "aot-autograd: '%s' is not a func.func with a body", ir.SymbolName(fn))
	}
	if fn.Region(0).NumBlocks() != 1 {
		return nil, ir.Errorf(fn.Loc(), "aot-autograd: @%s has more than one block; only straight-line functions are differentiated", ir.SymbolName(fn))
	}
	traced, err := traceCalls(fn)
	if err != nil {
		return nil, err
	}
	ft := function.FuncType(fn)
	j := &Joint{NumArgs: len(ft.Inputs), NumResults: len(ft.Results)}
	for i, t := range ft.Inputs {
		if isFloatTensorType(t) {
			j.GradArgs = append(j.GradArgs, i)
		}
	}
	for i, t := range ft.Results {
		if isFloatTensorType(t) {
			j.TangentResults = append(j.TangentResults, i)
		}
	}
	ctx := fn.Context()
	ins := append([]ir.Type{}, ft.Inputs...)
	for _, i := range j.TangentResults {
		ins = append(ins, ft.Results[i])
	}
	outs := append([]ir.Type{}, ft.Results...)
	for _, i := range j.GradArgs {
		outs = append(outs, ft.Inputs[i])
	}
	b := ir.NewBuilder(ctx)
	joint, entry := newFunc(b, name, ctx.Function(ins, outs), fn.Loc())
	j.Func = joint

	m := ir.NewMapping()
	src := traced.Region(0).Front()
	for i, a := range src.Args() {
		m.Map(a, entry.Arg(i))
	}
	var ret *ir.Operation
	var forward []*ir.Operation
	for op := range src.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			ret = op
			continue
		}
		forward = append(forward, b.Insert(op.Clone(m)))
	}
	if ret == nil {
		return nil, ir.Errorf(fn.Loc(), "aot-autograd: @%s has no return", ir.SymbolName(fn))
	}
	results := make([]ir.Value, ret.NumOperands())
	for i := range results {
		results[i] = m.Lookup(ret.Operand(i))
	}
	active := activeValues(entry, j.GradArgs, forward)
	grads := map[ir.Value]ir.Value{}
	for k, i := range j.TangentResults {
		accumulate(b, grads, results[i], entry.Arg(j.NumArgs+k))
	}
	if err := backprop(b, forward, active, grads); err != nil {
		return nil, err
	}
	rets := append([]ir.Value{}, results...)
	for _, i := range j.GradArgs {
		g := grads[entry.Arg(i)]
		if g == nil {
			g = fullLike(b, entry.Arg(i), 0)
		}
		rets = append(rets, g)
	}
	b.MustCreate(&ir.OperationState{Name: function.ReturnDef.Name, Operands: rets, Loc: ret.Loc()})
	return j, nil
}

func isFloatTensorType(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	return ok && ir.IsFloat(rt.Elem)
}

// newFunc creates a detached func.func with an entry block for its
// arguments and points b at it.
func newFunc(b *ir.Builder, name string, ft *ir.FunctionType, loc ir.Location) (*ir.Operation, *ir.Block) {
	st := &ir.OperationState{Name: function.FuncDef.Name, Loc: loc, Attrs: []ir.NamedAttr{
		{Name: ir.SymbolAttrName, Value: ir.String(name)},
		{Name: function.FunctionTypeAttr, Value: &ir.TypeAttr{Value: ft}},
	}}
	body := st.AddRegion()
	fn := b.Ctx.NewOp(st)
	locs := make([]ir.Location, len(ft.Inputs))
	for i := range locs {
		locs[i] = loc
	}
	entry := b.CreateBlock(body, ft.Inputs, locs)
	b.Loc = loc
	return fn, entry
}

// activeValues returns the values that depend on a differentiable argument
// through differentiable ops.
func activeValues(entry *ir.Block, gradArgs []int, ops []*ir.Operation) map[ir.Value]bool {
	active := map[ir.Value]bool{}
	for _, i := range gradArgs {
		active[entry.Arg(i)] = true
	}
	for _, op := range ops {
		if NonDifferentiable[op.Name()] {
			continue
		}
		for _, v := range op.Operands() {
			if active[v] {
				for _, r := range op.Results() {
					if isFloatTensor(r) {
						active[r] = true
					}
				}
				break
			}
		}
	}
	return active
}

// backprop walks the forward ops backwards, applying each op's rule to the
// gradient of its result and accumulating operand gradients.
func backprop(b *ir.Builder, forward []*ir.Operation, active map[ir.Value]bool, grads map[ir.Value]ir.Value) error {
	for i := len(forward) - 1; i >= 0; i-- {
		op := forward[i]
		if op.NumResults() != 1 || !active[op.Result(0)] {
			continue
		}
		g := grads[op.Result(0)]
		if g == nil {
			continue
		}
		rule := Rules[op.Name()]
		if rule == nil {
			return ir.Errorf(op.Loc(), "aot-autograd: no gradient rule for '%s', which is on a differentiable path", op.Name())
		}
		b.Loc = op.Loc()
		operandGrads, err := rule(b, op, g)
		if err != nil {
			return ir.Errorf(op.Loc(), "aot-autograd: '%s': %v", op.Name(), err)
		}
		for k, og := range operandGrads {
			if og != nil && k < op.NumOperands() && active[op.Operand(k)] {
				og, ok := asOperandType(b, og, op.Operand(k))
				if !ok {
					return ir.Errorf(op.Loc(), "aot-autograd: gradient rule of '%s' produced %s for operand #%d of type %s", op.Name(), og.Type(), k, op.Operand(k).Type())
				}
				accumulate(b, grads, op.Operand(k), og)
			}
		}
	}
	return nil
}

// asOperandType gives a gradient the type of the operand it is the
// gradient of. Rules compute over the sizes of all their operands, so a
// gradient may know a size statically that the operand has dynamic, or
// the reverse (the gradient of a 2x3 operand of a matmul with a ?x4 one
// is computed as 2x?); the sizes agree at run time, and a reshape to the
// operand's type (a view, with the operand's dynamic sizes) restores its
// static sizes. ok is false when the shapes cannot agree.
func asOperandType(b *ir.Builder, g, operand ir.Value) (ir.Value, bool) {
	if g.Type() == operand.Type() {
		return g, true
	}
	gt, err1 := tensorType(g)
	ot, err2 := tensorType(operand)
	if err1 != nil || err2 != nil || gt.Elem != ot.Elem || len(gt.Shape()) != len(ot.Shape()) {
		return g, false
	}
	for i, d := range ot.Shape() {
		if e := gt.Shape()[i]; d != e && d != ir.Dynamic && e != ir.Dynamic {
			return g, false
		}
	}
	return tensor.Reshape(b, g, ot.Shape(), dynSizes(b, operand)...), true
}

// accumulate adds g to the gradient of v.
func accumulate(b *ir.Builder, grads map[ir.Value]ir.Value, v, g ir.Value) {
	if prev, ok := grads[v]; ok {
		g = tensor.Add(b, prev, g)
	}
	grads[v] = g
}

// errorf formats an error located at op.
func errorf(op *ir.Operation, format string, args ...any) error {
	return ir.Errorf(op.Loc(), "aot-autograd: %s", fmt.Sprintf(format, args...))
}

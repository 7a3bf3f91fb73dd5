// Package sgd adds a training step to a module whose loss function was
// differentiated by the aot-autograd pass: a public function that calls
// the value-and-grad function and takes one step of stochastic gradient
// descent on the parameters. The digits example and tt-bench use it.
package sgd

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// AddStep builds, with the Go API, at the end of module m,
//
//	func.func @step(args of @grad) -> (loss, p1', p2', ...)
//
// where @grad is a value-and-grad function made by aot-autograd (its
// results are the loss and the gradients of its floating-point arguments,
// in order), params are the positions of the arguments to train, and each
// p' = p - lr·∂loss/∂p.
func AddStep(m *ir.Operation, grad, step string, params []int, lr float64) error {
	ctx := m.Context()
	table := ir.NewSymbolTable(m)
	g := table.Lookup(grad)
	if g == nil {
		return fmt.Errorf("no function @%s (run aot-autograd first)", grad)
	}
	if table.Lookup(step) != nil {
		return fmt.Errorf("@%s already exists", step)
	}
	gt := function.FuncType(g)
	// gradOf[i] is the result of @grad holding the gradient of argument i.
	gradOf := map[int]int{}
	next := 1
	for i, t := range gt.Inputs {
		if rt, ok := t.(*ir.RankedTensorType); ok && ir.IsFloat(rt.Elem) {
			gradOf[i] = next
			next++
		}
	}
	if next != len(gt.Results) {
		return fmt.Errorf("@%s returns %d values, want the loss and %d gradients", grad, len(gt.Results), next-1)
	}
	outs := []ir.Type{gt.Results[0]}
	for _, i := range params {
		if _, ok := gradOf[i]; !ok || i >= len(gt.Inputs) {
			return fmt.Errorf("argument #%d of @%s is not a floating-point tensor", i, grad)
		}
		outs = append(outs, gt.Inputs[i])
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(m))
	st := &ir.OperationState{Name: function.FuncDef.Name, Attrs: []ir.NamedAttr{
		{Name: ir.SymbolAttrName, Value: ir.String(step)},
		{Name: function.FunctionTypeAttr, Value: &ir.TypeAttr{Value: ctx.Function(gt.Inputs, outs)}},
	}}
	body := st.AddRegion()
	if _, err := b.Create(st); err != nil {
		return err
	}
	entry := b.CreateBlock(body, gt.Inputs, nil)
	call, err := b.Create(&ir.OperationState{Name: function.CallDef.Name, Operands: entry.ArgValues(), ResultTypes: gt.Results,
		Attrs: []ir.NamedAttr{{Name: function.CalleeAttr, Value: ir.SymbolRef(grad)}}})
	if err != nil {
		return err
	}
	rets := []ir.Value{call.Result(0)}
	for _, i := range params {
		p, d := entry.Arg(i), call.Result(gradOf[i])
		upd := tensor.Mul(b, d, tensor.Full(b, p.Type().(*ir.RankedTensorType), lr))
		rets = append(rets, tensor.Sub(b, p, upd))
	}
	_, err = b.Create(&ir.OperationState{Name: function.ReturnDef.Name, Operands: rets})
	return err
}

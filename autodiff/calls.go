package autodiff

import (
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/rewrite"
)

// traceCalls returns fn when its body calls no function, and otherwise a
// copy of fn in which every call is replaced by the callee's body,
// transitively: AOTAutograd traces through calls, so the joint graph sees
// one straight-line function. The copy lives in a scratch module; the
// user's functions (fn and its callees) are left as they are.
//
// Calls that cannot be traced through are located errors: calls to a
// declaration without a body, to a callee with several blocks, to a symbol
// that is not a func.func of the same module, and recursion.
func traceCalls(fn *ir.Operation) (*ir.Operation, error) {
	callees, err := reachableCallees(fn)
	if err != nil || len(callees) == 0 {
		return fn, err
	}
	scratch := builtin.NewModule(fn.Context(), fn.Loc())
	body := builtin.ModuleBody(scratch)
	root := fn.Clone(ir.NewMapping())
	// Public, so that the inliner keeps it; the callees' copies are
	// private, so that each one moves into its last caller.
	root.RemoveAttr(ir.VisibilityAttrName)
	body.Append(root)
	for _, c := range callees {
		cp := c.Clone(ir.NewMapping())
		cp.SetAttr(ir.VisibilityAttrName, ir.String("private"))
		body.Append(cp)
	}
	// No simplification (the joint graph is simplified later) and no
	// branches: reachableCallees admits single-block callees only.
	noBranch := func(*ir.Builder, ir.Location, *ir.Block, []ir.Value) *ir.Operation { return nil }
	if _, err := rewrite.Inline(scratch, rewrite.InlinerConfig{MakeBranch: noBranch}); err != nil {
		return nil, ir.Errorf(fn.Loc(), "aot-autograd: inlining the callees of @%s: %v", ir.SymbolName(fn), err)
	}
	var left *ir.Operation
	root.Walk(func(o *ir.Operation) {
		if left == nil && ir.CallInterfaceOf(o) != nil {
			left = o
		}
	})
	if left != nil {
		return nil, ir.Errorf(left.Loc(), "aot-autograd: the call in @%s could not be inlined (do its argument and result types match the callee's?)", ir.SymbolName(fn))
	}
	return root, nil
}

// reachableCallees returns the functions fn calls, directly or not, in the
// order first reached, after checking that each call can be inlined.
func reachableCallees(fn *ir.Operation) ([]*ir.Operation, error) {
	tables := ir.NewSymbolTableCollection()
	var order []*ir.Operation
	done := map[*ir.Operation]bool{}
	onPath := map[*ir.Operation]bool{}
	var visit func(caller *ir.Operation) error
	visit = func(caller *ir.Operation) error {
		onPath[caller] = true
		var calls []*ir.Operation
		caller.Walk(func(o *ir.Operation) {
			if ir.CallInterfaceOf(o) != nil {
				calls = append(calls, o)
			}
		})
		for _, call := range calls {
			callee, err := calleeOf(tables, caller, call)
			if err != nil {
				return err
			}
			if onPath[callee] {
				return ir.Errorf(call.Loc(), "aot-autograd: @%s calls @%s recursively; recursive calls cannot be differentiated", ir.SymbolName(caller), ir.SymbolName(callee))
			}
			if done[callee] {
				continue
			}
			order = append(order, callee)
			if err := visit(callee); err != nil {
				return err
			}
		}
		onPath[caller] = false
		done[caller] = true
		return nil
	}
	if err := visit(fn); err != nil {
		return nil, err
	}
	return order, nil
}

// calleeOf resolves the callee of a call-like op in caller and checks
// that its body can be inlined.
func calleeOf(tables *ir.SymbolTableCollection, caller, call *ir.Operation) (*ir.Operation, error) {
	ref := ir.CallInterfaceOf(call).Callee(call)
	var callee *ir.Operation
	if ref != nil && len(ref.Nested) == 0 {
		callee = ir.ResolveCallable(call, tables)
	}
	name := ir.SymbolName(caller)
	if callee == nil {
		what := "a value"
		if ref != nil {
			what = ref.String()
		}
		return nil, ir.Errorf(call.Loc(), "aot-autograd: @%s calls %s, which is not a function of its module", name, what)
	}
	switch body := ir.CallableInterfaceOf(callee).Body(callee); {
	case body == nil || body.Empty():
		return nil, ir.Errorf(call.Loc(), "aot-autograd: @%s calls @%s, a declaration without a body; only calls to functions with a body can be differentiated", name, ir.SymbolName(callee))
	case body.NumBlocks() != 1:
		return nil, ir.Errorf(call.Loc(), "aot-autograd: @%s calls @%s, which has more than one block; only straight-line functions are differentiated", name, ir.SymbolName(callee))
	}
	return callee, nil
}

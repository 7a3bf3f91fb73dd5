// Package user names ops of dialects it does not define.
package user

import "github.com/tt-compiler/tt/ir"

const misspelt = "loops.alloca"

func use(ctx *ir.Context, op *ir.Operation) bool {
	_ = ctx.LookupOp("tensor.add") // want `the op name "tensor.add" is spelt as a string; use tensor.AddName`
	_ = ctx.LookupOp(misspelt)     // want `op name "loops.alloca" is not registered by the loops dialect \(did you mean "loops.alloc", loops.AllocName\?\)`
	switch op.Name() {
	case "arith.adf": // want `op name "arith.adf" is not registered by the arith dialect`
		return true
	case "test.anything", ir.ModuleOpName:
		return false
	}
	if op.Name() == "builtin.module" { // want `the op name "builtin.module" is spelt as a string; use builtin.ModuleName`
		return true
	}
	return "d.op" != op.Name()
}

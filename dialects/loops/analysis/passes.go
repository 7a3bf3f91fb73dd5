package analysis

import (
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// CountInputPasses counts the passes a function makes over buffer x: the
// innermost loops.for ops (those with no loops.for nested in them) that
// load from x. Each such loop runs once per iteration of the loops around
// it, that is once per output row of its kernel, so the count is how many
// times each row of x is read. Loads hoisted out of innermost loops (a
// row-constant read) are not passes.
func CountInputPasses(fn *ir.Operation, x ir.Value) int {
	n := 0
	fn.Walk(func(op *ir.Operation) {
		if op.Name() != loops.ForName {
			return
		}
		inner, loads := true, false
		op.Walk(func(nested *ir.Operation) {
			if nested == op {
				return
			}
			if ir.LoopInterfaceOf(nested) != nil {
				inner = false
			}
			switch nested.Name() {
			case loops.LoadName, vector.LoadName:
				if nested.NumOperands() > 0 && nested.Operand(0) == x {
					loads = true
				}
			}
		})
		if inner && loads {
			n++
		}
	})
	return n
}

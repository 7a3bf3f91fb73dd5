package rewrite

import (
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// MoveLoopInvariantCode moves the operations of the bodies of the loops in
// op (ops with the loop interface, inner loops first) that compute the same
// value on every iteration to just before their loop, like MLIR's
// loop-invariant code motion: an op moves when it is pure (no memory
// effects and safe to run when the loop would not run: ir.Pure), is not a
// terminator, and every value it and the ops nested in it use is defined
// outside the loop or inside the op itself. Ops whose operands moved are
// looked at again. It returns the number of ops moved.
func MoveLoopInvariantCode(op *ir.Operation) int {
	var loops []*ir.Operation
	op.Walk(func(o *ir.Operation) {
		if ir.LoopInterfaceOf(o) != nil {
			loops = append(loops, o)
		}
	})
	moved := 0
	for _, l := range loops {
		moved += hoistInvariants(l)
	}
	return moved
}

// hoistInvariants moves the invariant ops of one loop's body.
func hoistInvariants(loop *ir.Operation) int {
	body := ir.LoopInterfaceOf(loop).Body(loop)
	var worklist []*ir.Operation
	for _, b := range body.Blocks() {
		for o := range b.Ops() {
			worklist = append(worklist, o)
		}
	}
	moved := 0
	for len(worklist) > 0 {
		o := worklist[0]
		worklist = worklist[1:]
		if o.ParentRegion() != body || !speculatable(o) || !usesOnlyInvariants(o, loop) {
			continue
		}
		o.MoveBefore(loop)
		moved++
		for _, r := range o.Results() {
			for u := range r.Uses() {
				if u.Owner().ParentRegion() == body {
					worklist = append(worklist, u.Owner())
				}
			}
		}
	}
	return moved
}

// speculatable reports whether op may run where it did not (before a loop
// that may run zero times): pure, memory-effect free, not a terminator.
func speculatable(op *ir.Operation) bool {
	return !op.HasTrait(ir.Terminator) && (op.HasTrait(ir.Pure) || op.HasTrait(ir.ConstantLike)) && ir.IsMemoryEffectFree(op)
}

// usesOnlyInvariants reports whether every operand of op and of the ops
// nested in it is defined outside loop or inside op.
func usesOnlyInvariants(op, loop *ir.Operation) bool {
	ok := true
	op.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		for _, v := range o.Operands() {
			if definedInside(v, op) {
				continue
			}
			if !ir.IsDefinedOutsideLoop(loop, v) {
				ok = false
				return ir.WalkInterrupt
			}
		}
		return ir.WalkAdvance
	})
	return ok
}

// definedInside reports whether v is defined in one of op's regions.
func definedInside(v ir.Value, op *ir.Operation) bool {
	var r *ir.Region
	switch v := v.(type) {
	case *ir.OpResult:
		r = v.Owner().ParentRegion()
	case *ir.BlockArgument:
		r = v.Owner().Parent()
	}
	if r == nil || r.ParentOp() == nil {
		return false
	}
	return op.IsAncestorOf(r.ParentOp())
}

// licmPass is the loop-invariant-code-motion pass.
type licmPass struct {
	pass.Base
	numMoved *pass.Statistic
}

// NewLICMPass returns the loop-invariant-code-motion pass.
func NewLICMPass() pass.Pass {
	p := &licmPass{Base: pass.NewBase(pass.Info{
		Argument: "loop-invariant-code-motion",
		Name:     "LoopInvariantCodeMotion",
		Summary:  "Hoist loop invariant instructions outside of the loop",
		Description: "Moves the pure operations of loop bodies (ops with the loop interface, such as loops.for and " +
			"loops.parallel; inner loops first) whose operands are all defined outside the loop to just before it.",
	})}
	p.numMoved = p.NewStatistic("num-moved", "Number of operations moved out of loops")
	return p
}

func (p *licmPass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	n := MoveLoopInvariantCode(op)
	p.numMoved.Add(int64(n))
	if n == 0 {
		am.PreserveAll()
	}
	return nil
}

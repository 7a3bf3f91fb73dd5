package rewrite

import (
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// dcePass is the dce pass.
type dcePass struct {
	pass.Base
	numOps, numBlocks, numArgs *pass.Statistic
}

// NewDCEPass returns the dce pass: erase unreachable blocks, then every
// operation that is dead (no effects besides allocating its results, and
// no live user) and every dead block argument, at any depth.
func NewDCEPass() pass.Pass {
	p := &dcePass{Base: pass.NewBase(pass.Info{
		Argument: "dce",
		Name:     "DCE",
		Summary:  "Eliminate dead code",
		Description: "Erases the blocks that cannot be reached from their region's entry, then the operations whose " +
			"results are unused (or used only by other dead operations, cycles included) and that have no memory " +
			"effects other than allocating their results, and the arguments of non-entry blocks that only receive " +
			"values nothing live uses (with the operands branches forward to them). Operations with unknown effects " +
			"(every unregistered operation) and terminators are kept.",
	})}
	p.numOps = p.NewStatistic("num-dce'd", "Number of operations DCE'd")
	p.numBlocks = p.NewStatistic("num-blocks-erased", "Number of unreachable blocks erased")
	p.numArgs = p.NewStatistic("num-block-args-erased", "Number of dead block arguments erased")
	return p
}

func (p *dcePass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	rw := ir.NewPatternRewriter(op.Context(), nil)
	blocks := EraseUnreachableBlocks(rw, op.Regions())
	ops, args := RunRegionDCE(rw, op.Regions())
	p.numBlocks.Add(int64(blocks))
	p.numOps.Add(int64(ops))
	p.numArgs.Add(int64(args))
	if blocks == 0 && ops == 0 && args == 0 {
		am.PreserveAll()
	} else if blocks == 0 {
		am.Preserve(pass.Dominance)
	}
	return nil
}

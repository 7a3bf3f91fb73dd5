package rewrite

import (
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// SimplifyRegions erases unreachable blocks and then dead operations and
// dead block arguments in the given regions and everything nested in them,
// like MLIR's simplifyRegions (without block merging). It returns the
// numbers of blocks, ops and block arguments erased. rw, which may be nil,
// is used for the erasures so that its listener sees them.
func SimplifyRegions(rw *ir.PatternRewriter, regions []*ir.Region) (blocks, ops, args int) {
	if rw == nil && len(regions) > 0 && regions[0].ParentOp() != nil {
		rw = ir.NewPatternRewriter(regions[0].ParentOp().Context(), nil)
	}
	blocks = EraseUnreachableBlocks(rw, regions)
	ops, args = RunRegionDCE(rw, regions)
	return blocks, ops, args
}

// reachableBlocks returns the blocks of r reachable from its entry block.
func reachableBlocks(r *ir.Region) map[*ir.Block]bool {
	seen := map[*ir.Block]bool{}
	entry := r.Front()
	if entry == nil {
		return seen
	}
	stack := []*ir.Block{entry}
	seen[entry] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range b.Successors() {
			if s != nil && s.Parent() == r && !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// dropDefinedValueUses makes every use of a value defined in b (its
// arguments and the results of its ops, at any depth) use nothing.
func dropDefinedValueUses(b *ir.Block) {
	drop := func(v ir.Value) {
		for u := range v.Uses() {
			u.Set(nil)
		}
	}
	for _, a := range b.Args() {
		drop(a)
	}
	for op := range b.Ops() {
		op.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
			for _, r := range o.Results() {
				drop(r)
			}
			for _, nr := range o.Regions() {
				for _, nb := range nr.Blocks() {
					for _, a := range nb.Args() {
						drop(a)
					}
				}
			}
			return ir.WalkAdvance
		})
	}
}

// eraseBlock erases the ops of b, last first, then b itself.
func eraseBlock(rw *ir.PatternRewriter, b *ir.Block) {
	for op := b.Last(); op != nil; {
		prev := op.Prev()
		rw.EraseOp(op)
		op = prev
	}
	b.Erase()
}

// EraseUnreachableBlocks erases the blocks that cannot be reached from
// their region's entry block, in the given regions and the regions nested
// in them, and returns how many it erased.
func EraseUnreachableBlocks(rw *ir.PatternRewriter, regions []*ir.Region) int {
	erased := 0
	worklist := append([]*ir.Region(nil), regions...)
	for len(worklist) > 0 {
		r := worklist[len(worklist)-1]
		worklist = worklist[:len(worklist)-1]
		if r.Empty() {
			continue
		}
		if r.NumBlocks() == 1 {
			for op := range r.Front().Ops() {
				worklist = append(worklist, op.Regions()...)
			}
			continue
		}
		reachable := reachableBlocks(r)
		for _, b := range append([]*ir.Block(nil), r.Blocks()...) {
			if !reachable[b] {
				dropDefinedValueUses(b)
				eraseBlock(rw, b)
				erased++
				continue
			}
			for op := range b.Ops() {
				worklist = append(worklist, op.Regions()...)
			}
		}
	}
	return erased
}

// eraseDeadArgs erases the arguments of r's non-entry blocks that are not
// live, with the operands their predecessors forward to them; it runs
// after the dead ops are gone. A block keeps its arguments when one of its
// predecessors is not a branch with the branch interface (or is in a block
// liveness did not visit), and an argument stays while something other
// than such a forwarded operand uses it. It returns how many it erased.
func eraseDeadArgs(rw *ir.PatternRewriter, r *ir.Region, l *liveness) int {
	if r.NumBlocks() < 2 {
		return 0 // only an entry block, whose arguments stay
	}
	visited := map[*ir.Block]bool{}
	for _, b := range postOrderBlocks(r) {
		visited[b] = true
	}
	dead := map[*ir.BlockArgument]bool{}
	for _, b := range r.Blocks() {
		if b.IsEntry() || !visited[b] || !branchesEditable(b, visited) {
			continue
		}
		for _, a := range b.Args() {
			if !l.liveArg[a] {
				dead[a] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for a := range dead {
			for u := range a.Uses() {
				if to := ir.SuccessorBlockArgument(u.Owner(), u.Index()); to == nil || !dead[to] {
					delete(dead, a)
					changed = true
					break
				}
			}
		}
	}
	if len(dead) == 0 {
		return 0
	}
	// Drop the forwarded operands first, last argument first so that the
	// indices of the others stay valid; then the arguments.
	for _, b := range r.Blocks() {
		for i := b.NumArgs() - 1; i >= 0; i-- {
			if !dead[b.Arg(i)] {
				continue
			}
			for _, pred := range uniqueOps(b.Predecessors()) {
				rw.ModifyOpInPlace(pred, func() {
					for s := 0; s < pred.NumSuccessors(); s++ {
						if pred.Successor(s) == b {
							ir.EraseSuccessorOperand(pred, s, i)
						}
					}
				})
			}
		}
	}
	for _, b := range r.Blocks() {
		for i := b.NumArgs() - 1; i >= 0; i-- {
			if dead[b.Arg(i)] {
				b.EraseArgument(i)
			}
		}
	}
	return len(dead)
}

// branchesEditable reports whether every predecessor of b is a branch
// with the branch interface in a visited block.
func branchesEditable(b *ir.Block, visited map[*ir.Block]bool) bool {
	for _, pred := range b.Predecessors() {
		if ir.BranchInterfaceOf(pred) == nil || !visited[pred.Block()] {
			return false
		}
	}
	return true
}

// uniqueOps returns ops without repeats, in order.
func uniqueOps(ops []*ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, o := range ops {
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// postOrderBlocks returns the blocks reachable from r's entry in CFG
// post-order.
func postOrderBlocks(r *ir.Region) []*ir.Block {
	entry := r.Front()
	if entry == nil {
		return nil
	}
	type frame struct {
		b    *ir.Block
		next int
	}
	var out []*ir.Block
	seen := map[*ir.Block]bool{entry: true}
	stack := []frame{{entry, 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Successors()
		if top.next < len(succs) {
			s := succs[top.next]
			top.next++
			if s != nil && s.Parent() == r && !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		out = append(out, top.b)
		stack = stack[:len(stack)-1]
	}
	return out
}

// wouldBeTriviallyDead reports whether op could be erased if its results
// were unused: it is not a terminator and it has no effects other than
// allocating its own results (MLIR's wouldOpBeTriviallyDead).
func wouldBeTriviallyDead(op *ir.Operation) bool {
	if op.HasTrait(ir.Terminator) || !op.IsRegistered() {
		return false
	}
	effs, known := ir.Effects(op)
	if !known {
		return false
	}
	for _, e := range effs {
		if e.Kind != ir.EffectAlloc {
			return false
		}
		if r, ok := e.Value.(*ir.OpResult); !ok || r.Owner() != op {
			return false
		}
	}
	return true
}

// liveness is what region DCE proves live: operations, and the arguments
// of blocks other than entry blocks. A value forwarded by a branch (an op
// with the branch interface) to a block argument is used only if that
// argument is live, so values that only flow into dead arguments, around
// loops included, are dead too (MLIR's runRegionDCE).
type liveness struct {
	live    map[*ir.Operation]bool
	liveArg map[*ir.BlockArgument]bool
	changed bool
}

func (l *liveness) setLive(op *ir.Operation) {
	if !l.live[op] {
		l.live[op] = true
		l.changed = true
	}
}

func (l *liveness) setLiveArg(a *ir.BlockArgument) {
	if !l.liveArg[a] {
		l.liveArg[a] = true
		l.changed = true
	}
}

// useIsLive reports whether a use keeps its value alive: a successor
// operand when the argument it is forwarded to is live, another use when
// its op is.
func (l *liveness) useIsLive(u *ir.OpOperand) bool {
	if a := ir.SuccessorBlockArgument(u.Owner(), u.Index()); a != nil {
		return l.liveArg[a]
	}
	return l.live[u.Owner()]
}

// valueIsUsed reports whether a use of v is live. (The type switch lets
// the compiler inline the use iterator, which is called for every value.)
func (l *liveness) valueIsUsed(v ir.Value) bool {
	switch v := v.(type) {
	case *ir.OpResult:
		for u := range v.Uses() {
			if l.useIsLive(u) {
				return true
			}
		}
	case *ir.BlockArgument:
		for u := range v.Uses() {
			if l.useIsLive(u) {
				return true
			}
		}
	}
	return false
}

func (l *liveness) region(r *ir.Region) {
	for _, b := range postOrderBlocks(r) {
		for op := b.Last(); op != nil; op = op.Prev() {
			l.op(op)
		}
		if b.IsEntry() {
			continue // entry arguments belong to the region's op
		}
		for _, a := range b.Args() {
			if !l.liveArg[a] && l.valueIsUsed(a) {
				l.setLiveArg(a)
			}
		}
	}
}

func (l *liveness) op(op *ir.Operation) {
	for _, r := range op.Regions() {
		l.region(r)
	}
	if op.HasTrait(ir.Terminator) || op.NumSuccessors() > 0 {
		l.setLive(op)
		if ir.BranchInterfaceOf(op) == nil {
			// Values reach the successors in a way only the op knows.
			for i := 0; i < op.NumSuccessors(); i++ {
				for _, a := range op.Successor(i).Args() {
					l.setLiveArg(a)
				}
			}
		}
		return
	}
	if l.live[op] {
		return
	}
	if !wouldBeTriviallyDead(op) {
		l.setLive(op)
		return
	}
	for i := 0; i < op.NumResults(); i++ {
		if l.valueIsUsed(op.Result(i)) {
			l.setLive(op)
			return
		}
	}
}

// RunRegionDCE erases the operations of the given regions (and the regions
// nested in them) that are dead: they would be trivially dead and every
// user of their results is dead too, which also removes unused cycles in
// graph regions, and the dead arguments of blocks other than entry blocks.
// It only looks at blocks reachable from their region's entry. It returns
// how many ops and block arguments it erased.
func RunRegionDCE(rw *ir.PatternRewriter, regions []*ir.Region) (ops, args int) {
	l := &liveness{live: map[*ir.Operation]bool{}, liveArg: map[*ir.BlockArgument]bool{}}
	for {
		l.changed = false
		for _, r := range regions {
			l.region(r)
		}
		if !l.changed {
			break
		}
	}
	return deleteDead(rw, regions, l)
}

// deleteDead erases what l did not prove live and returns how many ops and
// block arguments it erased.
func deleteDead(rw *ir.PatternRewriter, regions []*ir.Region, l *liveness) (ops, args int) {
	for _, r := range regions {
		for _, b := range postOrderBlocks(r) {
			for op := b.Last(); op != nil; {
				prev := op.Prev()
				if !l.live[op] {
					for _, res := range op.Results() {
						for u := range res.Uses() {
							u.Set(nil)
						}
					}
					rw.EraseOp(op)
					ops++
				} else {
					o, a := deleteDead(rw, op.Regions(), l)
					ops, args = ops+o, args+a
				}
				op = prev
			}
		}
		args += eraseDeadArgs(rw, r, l)
	}
	return ops, args
}

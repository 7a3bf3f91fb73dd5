package rewrite

import (
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// GreedyConfig configures ApplyPatternsGreedily. The zero value is MLIR's
// default configuration: bottom-up traversal, at most 10 iterations, no
// limit on rewrites, region simplification on.
type GreedyConfig struct {
	// TopDown seeds the worklist in pre-order so that ops are processed from
	// the start of the IR (the canonicalizer's default); otherwise the
	// worklist is seeded in post-order and processed from the end.
	TopDown bool
	// MaxIterations bounds how often the worklist is rebuilt: 0 means 10,
	// a negative value means no limit.
	MaxIterations int
	// MaxNumRewrites bounds the pattern applications per iteration; 0 or a
	// negative value means no limit.
	MaxNumRewrites int
	// DisableRegionSimplification turns off erasing unreachable blocks and
	// dead operations (region DCE) after each iteration.
	DisableRegionSimplification bool
	// Listener, when set, is also told about every change the driver's
	// rewriter makes.
	Listener ir.RewriteListener
}

// DefaultMaxIterations is the iteration limit when GreedyConfig.MaxIterations is 0.
const DefaultMaxIterations = 10

// GreedyResult reports what ApplyPatternsGreedily did.
type GreedyResult struct {
	// Changed reports whether the IR changed.
	Changed bool
	// Converged reports whether the last iteration changed nothing; false
	// means the iteration limit was reached first.
	Converged bool
	// Iterations is the number of worklist iterations run.
	Iterations int
	// NumRewrites counts successful pattern applications.
	NumRewrites int
	// NumFolded counts ops folded (replaced or updated in place).
	NumFolded int
	// NumErased counts ops erased as dead by the driver or region DCE.
	NumErased int
}

// ApplyPatternsGreedily applies patterns to the ops nested in op's regions
// until nothing changes, like MLIR's applyPatternsAndFoldGreedily: it keeps
// a worklist of ops; each op popped is erased if trivially dead, else
// folded (constants are uniqued and hoisted to the entry block of the
// nearest isolated region), else the patterns rooted at its name are tried
// by benefit. Ops touched by a change (created, modified, users of replaced
// values, producers of operands that lost a use) go back on the worklist.
// After the worklist empties, regions are simplified (unreachable blocks
// and dead ops erased) and, if anything changed, the worklist is rebuilt,
// up to the iteration limit.
func ApplyPatternsGreedily(op *ir.Operation, patterns *FrozenPatternSet, cfg GreedyConfig) GreedyResult {
	return ApplyPatternsGreedilyToRegions(op.Context(), op.Regions(), patterns, cfg)
}

// ApplyPatternsGreedilyToRegions is ApplyPatternsGreedily on a list of
// regions (usually all regions of one op).
func ApplyPatternsGreedilyToRegions(ctx *ir.Context, regions []*ir.Region, patterns *FrozenPatternSet, cfg GreedyConfig) GreedyResult {
	d := &driver{
		ctx:      ctx,
		regions:  regions,
		patterns: patterns,
		cfg:      cfg,
		folder:   NewFolder(ctx),
		index:    map[*ir.Operation]int{},
		erased:   map[*ir.Operation]bool{},
	}
	d.rw = ir.NewPatternRewriter(ctx, d)
	return d.run()
}

type driver struct {
	ctx      *ir.Context
	regions  []*ir.Region
	patterns *FrozenPatternSet
	cfg      GreedyConfig
	folder   *Folder
	rw       *ir.PatternRewriter

	worklist []*ir.Operation // nil entries are removed ops
	index    map[*ir.Operation]int
	erased   map[*ir.Operation]bool
	pending  []eraseRecord
	res      GreedyResult
}

// eraseRecord is an op being erased through the rewriter, with the producers
// of its operands that had at most one use at that time.
type eraseRecord struct {
	op   *ir.Operation
	defs []*ir.Operation
}

// inScope reports whether op is nested in one of the driver's regions.
func (d *driver) inScope(op *ir.Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		r := o.ParentRegion()
		if r == nil {
			return false
		}
		if slices.Contains(d.regions, r) {
			return true
		}
	}
	return false
}

func (d *driver) add(op *ir.Operation) {
	if op == nil || d.erased[op] {
		return
	}
	if _, ok := d.index[op]; ok {
		return
	}
	if !d.inScope(op) {
		return
	}
	d.index[op] = len(d.worklist)
	d.worklist = append(d.worklist, op)
}

func (d *driver) remove(op *ir.Operation) {
	if i, ok := d.index[op]; ok {
		d.worklist[i] = nil
		delete(d.index, op)
	}
}

func (d *driver) pop() *ir.Operation {
	n := len(d.worklist) - 1
	op := d.worklist[n]
	d.worklist = d.worklist[:n]
	if op != nil {
		delete(d.index, op)
	}
	return op
}

// addOperandDefs re-adds the producers of values that now have at most one
// use: they may have become dead or simpler.
func (d *driver) addOperandDefs(vs []ir.Value) {
	for _, v := range vs {
		if v == nil || (!v.UseEmpty() && !v.HasOneUse()) {
			continue
		}
		d.add(ir.DefiningOp(v))
	}
}

// notifyRemoved is MLIR's notifyOperationRemoved for ops the driver erases
// itself.
func (d *driver) notifyRemoved(op *ir.Operation) {
	d.addOperandDefs(op.Operands())
	op.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		d.remove(o)
		d.folder.NotifyRemoval(o)
		d.erased[o] = true
		return ir.WalkAdvance
	})
}

// ---- ir.RewriteListener, for changes made by patterns ----

func (d *driver) OpInserted(op *ir.Operation) {
	d.flushErased()
	d.add(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpInserted(op)
	}
}

func (d *driver) OpModified(op *ir.Operation) {
	d.flushErased()
	d.add(op)
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpModified(op)
	}
}

func (d *driver) OpReplacing(op *ir.Operation, vs []ir.Value) {
	d.flushErased()
	for _, r := range op.Results() {
		for u := range r.Uses() {
			d.add(u.Owner())
		}
	}
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpReplacing(op, vs)
	}
}

// OpErasing is called for each op of an erased op's tree, nested ops first
// and the erased op last. Only the erased op's own operands matter for the
// worklist, so the producers are recorded and added once the erasure has
// happened, for the op that was detached from its block (flushErased).
func (d *driver) OpErasing(op *ir.Operation) {
	rec := eraseRecord{op: op}
	for _, v := range op.Operands() {
		if v != nil && (v.UseEmpty() || v.HasOneUse()) {
			rec.defs = append(rec.defs, ir.DefiningOp(v))
		}
	}
	d.pending = append(d.pending, rec)
	d.remove(op)
	d.folder.NotifyRemoval(op)
	d.erased[op] = true
	if d.cfg.Listener != nil {
		d.cfg.Listener.OpErasing(op)
	}
}

// flushErased adds the recorded producers of erased ops that are now gone;
// records of ops whose erasure is still under way are kept.
func (d *driver) flushErased() {
	if len(d.pending) == 0 {
		return
	}
	keep := d.pending[:0]
	var roots []eraseRecord
	for _, rec := range d.pending {
		switch {
		case rec.op.Block() == nil:
			roots = append(roots, rec) // the erased op itself: detached
		case rec.op.Block().Parent() == nil:
			// nested in an erased op
		default:
			keep = append(keep, rec)
		}
	}
	d.pending = keep
	for _, rec := range roots {
		for _, def := range rec.defs {
			d.add(def)
		}
	}
}

// seed fills the worklist for one iteration, registering existing constants
// with the folder first (which hoists and uniques them).
func (d *driver) seed() {
	d.worklist = d.worklist[:0]
	clear(d.index)
	known := func(op *ir.Operation) bool {
		if v, ok := ConstantValue(op); ok {
			if !d.folder.InsertKnownConstant(op, v) {
				d.erased[op] = true
				return false
			}
		}
		return true
	}
	if !d.cfg.TopDown {
		for _, r := range d.regions {
			walkRegionPostOrder(r, func(op *ir.Operation) {
				if known(op) {
					d.add(op)
				}
			})
		}
		return
	}
	for _, r := range d.regions {
		walkRegionPreOrder(r, func(op *ir.Operation) bool {
			if !known(op) {
				return false
			}
			d.worklist = append(d.worklist, op)
			return true
		})
	}
	slices.Reverse(d.worklist)
	for i, op := range d.worklist {
		d.index[op] = i
	}
}

func (d *driver) run() GreedyResult {
	maxIter := d.cfg.MaxIterations
	if maxIter == 0 {
		maxIter = DefaultMaxIterations
	}
	changed := false
	for {
		if maxIter > 0 && d.res.Iterations >= maxIter {
			break
		}
		d.res.Iterations++
		d.seed()
		changed = false
		rewrites := 0
		for len(d.worklist) > 0 && (d.cfg.MaxNumRewrites <= 0 || rewrites < d.cfg.MaxNumRewrites) {
			op := d.pop()
			if op == nil || d.erased[op] {
				continue
			}
			if ir.IsTriviallyDead(op) {
				d.notifyRemoved(op)
				op.Erase()
				d.res.NumErased++
				changed = true
				continue
			}
			preReplace := func(op *ir.Operation) {
				d.addOperandDefs(op.Operands())
				for _, r := range op.Results() {
					for u := range r.Uses() {
						d.add(u.Owner())
					}
				}
				d.notifyRemoved(op)
			}
			switch d.folder.tryToFold(op, d.add, preReplace) {
			case foldedAway:
				d.res.NumFolded++
				changed = true
				continue
			case foldedInPlace:
				d.res.NumFolded++
				changed = true
			}
			if d.patterns.apply(op, d.rw) {
				d.flushErased()
				changed = true
				rewrites++
				d.res.NumRewrites++
			}
		}
		d.flushErased()
		if !d.cfg.DisableRegionSimplification {
			blocks, ops, args := SimplifyRegions(d.rw, d.regions)
			d.flushErased()
			if blocks+ops+args > 0 {
				d.res.NumErased += ops
				changed = true
			}
		}
		if changed {
			d.res.Changed = true
		} else {
			break
		}
	}
	d.res.Converged = !changed
	return d.res
}

// walkRegionPostOrder calls fn on every op nested in r, nested ops before
// their parent. fn may erase or move the op it is given.
func walkRegionPostOrder(r *ir.Region, fn func(*ir.Operation)) {
	for _, b := range r.Blocks() {
		for op := b.First(); op != nil; {
			next := op.Next()
			for _, nr := range op.Regions() {
				walkRegionPostOrder(nr, fn)
			}
			fn(op)
			op = next
		}
	}
}

// walkRegionPreOrder calls fn on every op nested in r, parents first; it
// does not descend into ops for which fn returns false.
func walkRegionPreOrder(r *ir.Region, fn func(*ir.Operation) bool) {
	for _, b := range r.Blocks() {
		for op := b.First(); op != nil; {
			next := op.Next()
			if fn(op) {
				for _, nr := range op.Regions() {
					walkRegionPreOrder(nr, fn)
				}
			}
			op = next
		}
	}
}

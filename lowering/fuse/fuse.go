package fuse

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// FuseOptions are the limits of the fusion pass (PT2's scheduler
// thresholds, see the package documentation).
type FuseOptions struct {
	// MaxNodes caps the number of realized nodes in one kernel
	// (max_fusion_size).
	MaxNodes int
	// InlineCost is the largest per-element cost of a pointwise value that
	// is recomputed in every consumer instead of being realized when it has
	// several consumers or a consumer reads its elements several times
	// (realize_opcount_threshold, weighted: transcendental functions count
	// 8, divisions 2, other ops 1, views and constants 0).
	InlineCost int
	// MaxReads caps the number of distinct buffers one kernel reads
	// (realize_acc_reads_threshold).
	MaxReads int
	// Horizontal enables fusing independent nodes that read a common buffer
	// over the same loops.
	Horizontal bool
	// MaxDistance bounds, in nodes of program order, how far apart two
	// independent nodes may be to be fused horizontally, so that fusion
	// does not extend buffer lifetimes much (PT2 uses 64).
	MaxDistance int
	// EpilogueGELU fuses gelu epilogues into matmuls too (bias and relu
	// epilogues always are). On by default: the GEMM applies gelu with
	// numerics' vector GELUs in SIMD builds (a 1024x1024x256 product with
	// a bias and gelu epilogue takes about 5% more than the product alone)
	// and with the scalar rule otherwise, as a gelu kernel of its own
	// would, after a pass over memory fewer.
	EpilogueGELU bool
	// Remarks, when set, receives a remark for each pair of nodes that
	// could have fused (a producer and its consumer, or two readers of a
	// buffer) but stayed in different kernels, saying why.
	Remarks func(*ir.Diagnostic)
}

// DefaultFuseOptions returns the default limits.
func DefaultFuseOptions() FuseOptions {
	return FuseOptions{MaxNodes: 64, InlineCost: 6, MaxReads: 16, Horizontal: true, MaxDistance: 64, EpilogueGELU: true}
}

// FuseStats counts what Fuse did.
type FuseStats struct {
	Kernels         int // loops.kernel ops created
	FusedOps        int // tensor ops placed in kernels (clones counted once per kernel)
	Realized        int // values stored to a buffer between kernels
	VerticalFused   int // producer/consumer merges
	HorizontalFused int // merges of independent nodes sharing a read
	EpilogueFused   int // bias/activation kernels merged into their matmul's
}

type nodeKind uint8

const (
	nodePointwise nodeKind = iota
	nodeReduce
	nodeExtern
	nodeOpaque
)

// node is a realized value: the op computing it plus the inlined ops it
// recomputes (PT2's ComputedBuffer with its inner function).
type node struct {
	id      int
	root    *ir.Operation
	kind    nodeKind
	ops     []*ir.Operation // root and inlined producers, program order
	vars    []affine.Expr   // index variables of the domain
	domain  ir.Value        // the value whose shape is the domain
	redDims []int           // reduced dimensions (reductions)
	reads   []nodeRead      // realized tensors read, at indices over vars
	ext     []ir.Value      // values used but defined outside ops
	group   *fgroup
	pos     int
}

// nodeRead is a read of a realized tensor at an index.
type nodeRead struct {
	v   ir.Value
	idx []affine.Expr
}

// fgroup is a set of nodes becoming one kernel.
type fgroup struct {
	id    int
	nodes []*node
}

// fuser fuses the ops of one block.
type fuser struct {
	opts    FuseOptions
	stats   *FuseStats
	ix      *affine.Indexer
	block   *ir.Block
	ops     []*ir.Operation
	pos     map[*ir.Operation]int
	class   map[*ir.Operation]opclass.Class
	inlined map[*ir.Operation]bool
	cost    map[*ir.Operation]int
	nodes   []*node
	nodeOf  map[*ir.Operation]*node
	dims    *dimClasses
	succ    map[*ir.Operation][]*ir.Operation
	ids     map[ir.Value]int
}

// Fuse groups the tensor ops of every func.func nested in root into
// loops.kernel ops (see the package documentation for the rules).
// Composite ops are decomposed first.
func Fuse(root *ir.Operation, opts FuseOptions) (FuseStats, error) {
	var stats FuseStats
	var funcs []*ir.Operation
	root.Walk(func(op *ir.Operation) {
		if op.Name() == function.FuncName && op.NumRegions() == 1 && !op.Region(0).Empty() {
			funcs = append(funcs, op)
		}
	})
	for _, fn := range funcs {
		if err := tensor.Decompose(fn, nil); err != nil {
			return stats, err
		}
		counter := 0
		for _, b := range fn.Region(0).Blocks() {
			f := &fuser{opts: opts, stats: &stats, block: b}
			if err := f.run(&counter); err != nil {
				return stats, err
			}
		}
	}
	return stats, ir.Verify(root)
}

// topLevel returns the ancestor of op that is directly in block b, or nil.
func topLevel(op *ir.Operation, b *ir.Block) *ir.Operation {
	for op != nil && op.Block() != b {
		op = op.ParentOp()
	}
	return op
}

func (f *fuser) run(counter *int) error {
	f.ix = affine.NewIndexer()
	f.pos = map[*ir.Operation]int{}
	f.class = map[*ir.Operation]opclass.Class{}
	f.inlined = map[*ir.Operation]bool{}
	f.cost = map[*ir.Operation]int{}
	f.nodeOf = map[*ir.Operation]*node{}
	f.dims = newDimClasses()
	f.ids = map[ir.Value]int{}
	for op := range f.block.Ops() {
		f.ops = append(f.ops, op)
	}
	any := false
	for i, op := range f.ops {
		f.pos[op] = i
		f.class[op] = opclass.Classify(op)
		if f.class[op] == opclass.Composite {
			return ir.OpError(op, "fuse: composite op was not decomposed")
		}
		if f.class[op] != opclass.None && f.class[op] != opclass.Dense {
			any = true
		}
		f.dims.addOp(op)
	}
	if !any {
		return nil
	}
	f.rewriteDims()
	f.decideInlining()
	if err := f.buildNodes(); err != nil {
		return err
	}
	f.buildGraph()
	groups := f.fuseEpilogues(f.schedule())
	return f.materialize(groups, counter)
}

// rewriteDims makes tensor.dim read sizes from values that stay available
// after fusion (arguments, realized values, size operands) rather than
// from values that fusion inlines into kernels.
func (f *fuser) rewriteDims() {
	b := ir.NewBuilder(f.block.ParentOp().Context())
	for _, op := range slices.Clone(f.ops) {
		if op.Name() != tensor.DimName || op.NumOperands() != 1 {
			continue
		}
		d, ok := op.IntAttr("dim")
		if !ok {
			continue
		}
		v, dim := op.Operand(0), int(d)
		var idx ir.Value
		for {
			shape := opclass.Shape(v)
			if dim < 0 || dim >= len(shape) {
				break
			}
			if shape[dim] != ir.Dynamic {
				b.SetInsertionPointBefore(op)
				b.Loc = op.Loc()
				idx = arith.Constant(b, ir.Int(b.Ctx.Index(), shape[dim]))
				c := ir.DefiningOp(idx)
				f.ops = append(f.ops, c)
				f.pos[c] = f.pos[op]
				f.class[c] = opclass.None
				break
			}
			p := ir.DefiningOp(v)
			if p == nil || p.Block() != f.block {
				break
			}
			next, nd, size := dimThrough(p, dim)
			if size != nil {
				idx = size
				break
			}
			if next == nil {
				break
			}
			v, dim = next, nd
		}
		switch {
		case idx != nil:
			op.Result(0).ReplaceAllUsesWith(idx)
			op.Erase()
			f.ops = slices.DeleteFunc(f.ops, func(o *ir.Operation) bool { return o == op })
		case v != op.Operand(0):
			op.SetOperand(0, v)
			op.SetAttr("dim", ir.Int(b.Ctx.I64(), int64(dim)))
		}
	}
}

// dimThrough follows dimension d of an op's result to an operand
// dimension of equal size, or to the index value giving it.
func dimThrough(p *ir.Operation, d int) (ir.Value, int, ir.Value) {
	name := p.Name()
	switch c := opclass.Classify(p); {
	case c == opclass.Reduce || c == opclass.Extern || c == opclass.Opaque || c == opclass.None || c == opclass.Dense:
		return nil, 0, nil
	case opclass.IsElementwise(name):
		return p.Operand(0), d, nil
	}
	switch name {
	case tensor.TransposeName:
		if perm, ok := tensor.Ints(p, "perm"); ok && d < len(perm) && perm[d] >= 0 {
			return p.Operand(0), int(perm[d]), nil
		}
	case tensor.BroadcastName:
		if s := opclass.SizeOperand(p, d, 1); s != nil {
			return nil, 0, s
		}
		dims, _ := tensor.Ints(p, "dims")
		for i, dd := range dims {
			if int(dd) == d {
				return p.Operand(0), i, nil
			}
		}
	case tensor.FullName, tensor.IotaName:
		if s := opclass.SizeOperand(p, d, 0); s != nil {
			return nil, 0, s
		}
	case tensor.ReshapeName:
		if s := opclass.SizeOperand(p, d, 1); s != nil {
			return nil, 0, s
		}
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ArgMaxName:
		// A reduction over no dimension (pointwise class).
		return p.Operand(0), d, nil
	}
	return nil, 0, nil
}

// decideInlining decides which values are recomputed by their consumers
// (inlined) and which are realized (computed once, by a node).
func (f *fuser) decideInlining() {
	for _, op := range f.ops {
		c := f.class[op]
		if c != opclass.View && c != opclass.Const && c != opclass.Pointwise {
			continue
		}
		cost := opclass.Cost(op)
		for _, x := range op.Operands() {
			if p := ir.DefiningOp(x); p != nil && f.inlined[p] {
				cost += f.cost[p]
			}
		}
		f.cost[op] = cost
		f.inlined[op] = f.shouldInline(op, c, cost)
		if !f.inlined[op] {
			f.stats.Realized++
		}
	}
}

func (f *fuser) shouldInline(op *ir.Operation, c opclass.Class, cost int) bool {
	if f.foldedTranspose(op) {
		return true
	}
	users := ir.Users(op.Result(0))
	distinct := map[*ir.Operation]bool{}
	for _, u := range users {
		if u.Block() != f.block {
			return false
		}
		switch f.class[u] {
		case opclass.None, opclass.Dense, opclass.Extern, opclass.Composite:
			return false
		}
		distinct[u] = true
	}
	if c == opclass.View || c == opclass.Const {
		return true
	}
	if cost <= f.opts.InlineCost {
		return true
	}
	if len(distinct) >= 2 {
		return false
	}
	for u := range distinct {
		if dupFactor(op, u) > 1 {
			return false
		}
	}
	return true
}

// dupFactor estimates how many times a consumer reads each element of op's
// result (1 when unknown).
func dupFactor(op, user *ir.Operation) int64 {
	n := ir.NumElements(opclass.Shape(op.Result(0)))
	var m int64
	switch {
	case user.Name() == tensor.ScatterAddName:
		return 1
	case user.Name() == tensor.MaxPool2DName:
		k, s, _, _, err := opclass.MaxPoolWindow(user)
		if err != nil {
			return 1
		}
		return max(1, (k[0]*k[1])/max(1, s[0]*s[1]))
	case opclass.Classify(user) == opclass.Reduce:
		m = ir.NumElements(opclass.Shape(user.Operand(0)))
	default:
		m = ir.NumElements(opclass.Shape(user.Result(0)))
	}
	if n <= 0 || m <= 0 {
		return 1
	}
	return max(1, m/n)
}

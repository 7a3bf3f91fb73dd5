package lowering

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
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
}

// DefaultFuseOptions returns the default limits.
func DefaultFuseOptions() FuseOptions {
	return FuseOptions{MaxNodes: 64, InlineCost: 6, MaxReads: 16, Horizontal: true, MaxDistance: 64}
}

// FuseStats counts what Fuse did.
type FuseStats struct {
	Kernels         int // loops.kernel ops created
	FusedOps        int // tensor ops placed in kernels (clones counted once per kernel)
	Realized        int // values stored to a buffer between kernels
	VerticalFused   int // producer/consumer merges
	HorizontalFused int // merges of independent nodes sharing a read
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
	vars    []Expr          // index variables of the domain
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
	idx []Expr
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
	ix      *indexer
	block   *ir.Block
	ops     []*ir.Operation
	pos     map[*ir.Operation]int
	class   map[*ir.Operation]opClass
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
	return stats, nil
}

// topLevel returns the ancestor of op that is directly in block b, or nil.
func topLevel(op *ir.Operation, b *ir.Block) *ir.Operation {
	for op != nil && op.Block() != b {
		op = op.ParentOp()
	}
	return op
}

func (f *fuser) run(counter *int) error {
	f.ix = newIndexer()
	f.pos = map[*ir.Operation]int{}
	f.class = map[*ir.Operation]opClass{}
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
		f.class[op] = classify(op)
		if f.class[op] == clsComposite {
			return ir.OpError(op, "fuse: composite op was not decomposed")
		}
		if f.class[op] != clsNone && f.class[op] != clsDense {
			any = true
		}
		f.dims.addOp(op)
	}
	if !any {
		return nil
	}
	if err := f.rewriteDims(); err != nil {
		return err
	}
	f.decideInlining()
	if err := f.buildNodes(); err != nil {
		return err
	}
	f.buildGraph()
	groups := f.schedule()
	return f.materialize(groups, counter)
}

// ---- tensor.dim ----

// rewriteDims makes tensor.dim read sizes from values that stay available
// after fusion (arguments, realized values, size operands) rather than
// from values that fusion inlines into kernels.
func (f *fuser) rewriteDims() error {
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
			shape := shapeOf(v)
			if dim < 0 || dim >= len(shape) {
				break
			}
			if shape[dim] != ir.Dynamic {
				b.SetInsertionPointBefore(op)
				c, err := arith.BuildConstant(b, op.Loc(), ir.Int(b.Ctx.Index(), shape[dim]))
				if err != nil {
					return err
				}
				f.ops = append(f.ops, c)
				f.pos[c] = f.pos[op]
				f.class[c] = clsNone
				idx = c.Result(0)
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
	return nil
}

// dimThrough follows dimension d of an op's result to an operand
// dimension of equal size, or to the index value giving it.
func dimThrough(p *ir.Operation, d int) (ir.Value, int, ir.Value) {
	name := p.Name()
	switch c := classify(p); {
	case c == clsReduce || c == clsExtern || c == clsOpaque || c == clsNone || c == clsDense:
		return nil, 0, nil
	case isElementwise(name):
		return p.Operand(0), d, nil
	}
	switch name {
	case tensor.TransposeName:
		if perm, ok := tensor.Ints(p, "perm"); ok && d < len(perm) && perm[d] >= 0 {
			return p.Operand(0), int(perm[d]), nil
		}
	case tensor.BroadcastName:
		if s := sizeOperandFor(p, d, 1); s != nil {
			return nil, 0, s
		}
		dims, _ := tensor.Ints(p, "dims")
		for i, dd := range dims {
			if int(dd) == d {
				return p.Operand(0), i, nil
			}
		}
	case tensor.FullName, tensor.IotaName:
		if s := sizeOperandFor(p, d, 0); s != nil {
			return nil, 0, s
		}
	case tensor.ReshapeName:
		if s := sizeOperandFor(p, d, 1); s != nil {
			return nil, 0, s
		}
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ArgMaxName:
		// A reduction over no dimension (pointwise class).
		return p.Operand(0), d, nil
	}
	return nil, 0, nil
}

// ---- realization ----

// decideInlining decides which values are recomputed by their consumers
// (inlined) and which are realized (computed once, by a node).
func (f *fuser) decideInlining() {
	for _, op := range f.ops {
		c := f.class[op]
		if c != clsView && c != clsConst && c != clsPointwise {
			continue
		}
		cost := opCost(op)
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

func (f *fuser) shouldInline(op *ir.Operation, c opClass, cost int) bool {
	users := ir.Users(op.Result(0))
	distinct := map[*ir.Operation]bool{}
	for _, u := range users {
		if u.Block() != f.block {
			return false
		}
		switch f.class[u] {
		case clsNone, clsDense, clsExtern, clsComposite:
			return false
		}
		distinct[u] = true
	}
	if c == clsView || c == clsConst {
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
	n := ir.NumElements(shapeOf(op.Result(0)))
	var m int64
	switch {
	case user.Name() == tensor.ScatterAddName:
		return 1
	case user.Name() == tensor.MaxPool2DName:
		k, s, _, _, err := maxPoolWindow(user)
		if err != nil {
			return 1
		}
		return max(1, (k[0]*k[1])/max(1, s[0]*s[1]))
	case classify(user) == clsReduce:
		m = ir.NumElements(shapeOf(user.Operand(0)))
	default:
		m = ir.NumElements(shapeOf(user.Result(0)))
	}
	if n <= 0 || m <= 0 {
		return 1
	}
	return max(1, m/n)
}

// ---- nodes ----

func (f *fuser) buildNodes() error {
	for _, op := range f.ops {
		c := f.class[op]
		var kind nodeKind
		switch c {
		case clsView, clsConst, clsPointwise:
			if f.inlined[op] {
				continue
			}
			kind = nodePointwise
		case clsReduce:
			kind = nodeReduce
		case clsExtern:
			kind = nodeExtern
		case clsOpaque:
			kind = nodeOpaque
		default:
			continue
		}
		n := &node{id: len(f.nodes), root: op, kind: kind, pos: f.pos[op]}
		f.nodes = append(f.nodes, n)
		f.nodeOf[op] = n
		// The inlined producers.
		in := map[*ir.Operation]bool{op: true}
		var visit func(*ir.Operation)
		visit = func(o *ir.Operation) {
			for _, x := range o.Operands() {
				p := ir.DefiningOp(x)
				if p != nil && p.Block() == f.block && f.inlined[p] && !in[p] {
					in[p] = true
					visit(p)
				}
			}
		}
		if kind == nodePointwise || kind == nodeReduce || kind == nodeOpaque {
			visit(op)
		}
		for o := range in {
			n.ops = append(n.ops, o)
		}
		sort.Slice(n.ops, func(i, j int) bool { return f.pos[n.ops[i]] < f.pos[n.ops[j]] })
		seen := map[ir.Value]bool{}
		for _, o := range n.ops {
			for _, x := range o.Operands() {
				p := ir.DefiningOp(x)
				if (p == nil || !in[p]) && !seen[x] {
					seen[x] = true
					n.ext = append(n.ext, x)
				}
			}
		}
		switch kind {
		case nodePointwise:
			n.domain = op.Result(0)
		case nodeReduce:
			n.domain = op.Operand(0)
			dims, ok := reducedDims(op)
			if !ok {
				return ir.OpError(op, "fuse: bad reduction attributes")
			}
			n.redDims = dims
		default:
			continue
		}
		for d := range shapeOf(n.domain) {
			ext, err := f.size(n.domain, d)
			if err != nil {
				return ir.OpError(op, "fuse: %v", err)
			}
			n.vars = append(n.vars, f.ix.newVar(fmt.Sprintf("n%d.%d", n.id, d), ext, nil))
		}
		w := &walker{f: f, n: n, in: in, memo: map[string]bool{}}
		var err error
		if kind == nodePointwise {
			err = w.visit(op.Result(0), n.vars)
		} else {
			err = w.visit(op.Operand(0), n.vars)
		}
		if err != nil {
			return ir.OpError(op, "fuse: %v", err)
		}
	}
	return nil
}

// valueID numbers values for keys.
func (f *fuser) valueID(v ir.Value) int {
	if id, ok := f.ids[v]; ok {
		return id
	}
	f.ids[v] = len(f.ids)
	return f.ids[v]
}

// size is the analysis size function: constants, or a symbol per class of
// equal dynamic dimensions.
func (f *fuser) size(v ir.Value, d int) (Expr, error) {
	s := shapeOf(v)
	if d >= len(s) {
		return Expr{}, fmt.Errorf("dimension %d out of range", d)
	}
	if s[d] != ir.Dynamic {
		return cnst(s[d]), nil
	}
	return f.ix.symbol(fmt.Sprintf("d%d", f.dims.find(v, d))), nil
}

// walker records the reads of a node's inner function (PT2 runs inner_fn
// under a dependency-recording handler).
type walker struct {
	f    *fuser
	n    *node
	in   map[*ir.Operation]bool
	memo map[string]bool
}

func (w *walker) visit(v ir.Value, idx []Expr) error {
	key := fmt.Sprint(w.f.valueID(v)) + indexKey(idx)
	if w.memo[key] {
		return nil
	}
	w.memo[key] = true
	op := ir.DefiningOp(v)
	if op == nil || !w.in[op] {
		if ir.IsTensor(v.Type()) {
			w.n.reads = append(w.n.reads, nodeRead{v, idx})
		}
		return nil
	}
	ix := w.f.ix
	name := op.Name()
	switch {
	case isElementwise(name):
		for _, x := range op.Operands() {
			if err := w.visit(x, idx); err != nil {
				return err
			}
		}
		return nil
	case w.f.class[op] == clsView:
		oi, err := viewOperandIndex(ix, op, idx, w.f.size)
		if err != nil {
			return err
		}
		return w.visit(op.Operand(0), oi)
	case w.f.class[op] == clsConst:
		return nil
	}
	switch name {
	case tensor.PadName:
		low, _, err := padAmounts(op)
		if err != nil {
			return err
		}
		oi := make([]Expr, len(idx))
		for i := range idx {
			oi[i] = addc(idx[i], -low[i])
		}
		return w.visit(op.Operand(0), oi)
	case tensor.ConcatName:
		d, ok := tensor.NormalizedDim(op)
		if !ok {
			return fmt.Errorf("bad dim")
		}
		off := cnst(0)
		for _, x := range op.Operands() {
			oi := slices.Clone(idx)
			oi[d] = sub(idx[d], off)
			if err := w.visit(x, oi); err != nil {
				return err
			}
			s, err := w.f.size(x, d)
			if err != nil {
				return err
			}
			off = add(off, s)
		}
		return nil
	case tensor.GatherName:
		d, ok := tensor.NormalizedDim(op)
		if !ok || op.NumOperands() != 2 {
			return fmt.Errorf("bad gather")
		}
		x, ids := op.Operand(0), op.Operand(1)
		if len(shapeOf(ids)) == 1 && d < len(idx) {
			if err := w.visit(ids, []Expr{idx[d]}); err != nil {
				return err
			}
		} else if err := w.visit(ids, nil); err != nil {
			return err
		}
		if len(shapeOf(x)) == 0 {
			return w.visit(x, nil)
		}
		oi := slices.Clone(idx)
		oi[d] = ix.symbol("gather" + key)
		return w.visit(x, oi)
	case tensor.MaxPool2DName:
		k, s, p, dl, err := maxPoolWindow(op)
		if err != nil {
			return err
		}
		r := len(idx)
		if r < 2 {
			return fmt.Errorf("bad max_pool2d rank")
		}
		oi := slices.Clone(idx)
		for i := 0; i < 2; i++ {
			kv := ix.newVar("win"+key, cnst(k[i]), nil)
			oi[r-2+i] = add(addc(scale(idx[r-2+i], s[i]), -p[i]), scale(kv, dl[i]))
		}
		return w.visit(op.Operand(0), oi)
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ArgMaxName:
		// A reduction over no dimension.
		return w.visit(op.Operand(0), idx)
	}
	return fmt.Errorf("cannot inline '%s'", name)
}

// ---- graph ----

// buildGraph builds the dependence graph between the block's top-level
// ops that are not inlined (nodes and the ops fusion leaves alone).
func (f *fuser) buildGraph() {
	f.succ = map[*ir.Operation][]*ir.Operation{}
	addEdge := func(from, to *ir.Operation) {
		if from != nil && from != to && !slices.Contains(f.succ[from], to) {
			f.succ[from] = append(f.succ[from], to)
		}
	}
	vertexOf := func(v ir.Value) *ir.Operation {
		p := ir.DefiningOp(v)
		if p == nil {
			return nil
		}
		p = topLevel(p, f.block)
		if p == nil || f.inlined[p] {
			return nil
		}
		return p
	}
	for _, op := range f.ops {
		if f.inlined[op] {
			continue
		}
		if n := f.nodeOf[op]; n != nil {
			for _, x := range n.ext {
				addEdge(vertexOf(x), op)
			}
			continue
		}
		op.Walk(func(o *ir.Operation) {
			for _, x := range o.Operands() {
				addEdge(vertexOf(x), op)
			}
		})
	}
}

// convex reports whether no path leaves the set and comes back into it.
func (f *fuser) convex(set map[*ir.Operation]bool) bool {
	var stack []*ir.Operation
	for op := range set {
		for _, s := range f.succ[op] {
			if !set[s] {
				stack = append(stack, s)
			}
		}
	}
	seen := map[*ir.Operation]bool{}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if set[u] {
			return false
		}
		if seen[u] {
			continue
		}
		seen[u] = true
		stack = append(stack, f.succ[u]...)
	}
	return true
}

// ---- scheduling ----

type candidate struct {
	a, b       *node
	bytes      int64
	vertical   bool
	dist       int
	firstOrder int
}

// schedule greedily merges nodes into groups, best candidates first.
func (f *fuser) schedule() []*fgroup {
	for _, n := range f.nodes {
		n.group = &fgroup{id: n.id, nodes: []*node{n}}
	}
	var cands []candidate
	for _, n := range f.nodes {
		if !fusible(n) {
			continue
		}
		for _, r := range n.reads {
			p := ir.DefiningOp(r.v)
			if p == nil {
				continue
			}
			if pn := f.nodeOf[p]; pn != nil && fusible(pn) && pn != n {
				cands = append(cands, candidate{a: pn, b: n, bytes: valueBytes(r.v), vertical: true, dist: n.pos - pn.pos})
			}
		}
	}
	if f.opts.Horizontal {
		readers := map[ir.Value][]*node{}
		var order []ir.Value
		for _, n := range f.nodes {
			if !fusible(n) {
				continue
			}
			seen := map[ir.Value]bool{}
			for _, r := range n.reads {
				if seen[r.v] {
					continue
				}
				seen[r.v] = true
				if readers[r.v] == nil {
					order = append(order, r.v)
				}
				readers[r.v] = append(readers[r.v], n)
			}
		}
		for _, v := range order {
			rs := readers[v]
			for i := 0; i+1 < len(rs); i++ {
				a, b := rs[i], rs[i+1]
				if b.pos-a.pos > f.opts.MaxDistance {
					continue
				}
				cands = append(cands, candidate{a: a, b: b, bytes: valueBytes(v), dist: b.pos - a.pos})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		x, y := cands[i], cands[j]
		if x.vertical != y.vertical {
			return x.vertical
		}
		if x.bytes != y.bytes {
			return x.bytes > y.bytes
		}
		return x.dist < y.dist
	})
	for round := 0; round < 10; round++ {
		changed := false
		for _, c := range cands {
			ga, gb := c.a.group, c.b.group
			if ga == gb || !f.canFuse(ga, gb, !c.vertical) {
				continue
			}
			f.merge(ga, gb)
			if c.vertical {
				f.stats.VerticalFused++
			} else {
				f.stats.HorizontalFused++
			}
			changed = true
		}
		if !changed {
			break
		}
	}
	seen := map[*fgroup]bool{}
	var out []*fgroup
	for _, n := range f.nodes {
		if !seen[n.group] {
			seen[n.group] = true
			out = append(out, n.group)
		}
	}
	return out
}

func fusible(n *node) bool { return n.kind == nodePointwise || n.kind == nodeReduce }

// valueBytes is the byte size of a tensor value (1 when dynamic).
func valueBytes(v ir.Value) int64 {
	if n, ok := typeBytes(v.Type()); ok {
		return max(n, 1)
	}
	return 1
}

func (f *fuser) merge(a, b *fgroup) {
	for _, n := range b.nodes {
		n.group = a
	}
	a.nodes = append(a.nodes, b.nodes...)
	sort.Slice(a.nodes, func(i, j int) bool { return a.nodes[i].pos < a.nodes[j].pos })
}

// role is how a node's output indexes the loops of a reduction kernel.
type role uint8

const (
	roleFull    role = iota // the reduction's input shape
	roleRowKeep             // the reduction's result with reduced dims kept as 1
	roleRowDrop             // the reduction's result with reduced dims removed
	roleNone                // does not fit
)

// domainInfo describes the loops of a candidate group.
type domainInfo struct {
	red     *node // a reduction of the group, or nil
	reduced map[int]bool
	kept    []int
}

// roleOf classifies a tensor's shape against a reduction domain.
func (f *fuser) roleOf(v ir.Value, di *domainInfo) role {
	s := di.red.domain
	if f.dims.sameShape(v, s) {
		return roleFull
	}
	vs, ss := shapeOf(v), shapeOf(s)
	if len(vs) == len(ss) {
		ok := true
		for d := range ss {
			if di.reduced[d] {
				ok = ok && vs[d] == 1
			} else {
				ok = ok && f.dims.same(v, d, s, d)
			}
		}
		if ok {
			return roleRowKeep
		}
	}
	if len(vs) == len(di.kept) {
		ok := true
		for j, d := range di.kept {
			ok = ok && f.dims.same(v, j, s, d)
		}
		if ok {
			return roleRowDrop
		}
	}
	return roleNone
}

// outRole is the role of a node's output.
func (f *fuser) outRole(n *node, di *domainInfo) role {
	if n.kind == nodeReduce {
		if tensor.KeepDim(n.root) {
			return roleRowKeep
		}
		return roleRowDrop
	}
	return f.roleOf(n.root.Result(0), di)
}

// groupIndex maps the loop dimensions of a reduction domain to a node's
// index variables, for the node reading (reductions read at the full
// index).
func groupIndex(n *node, r role, di *domainInfo) map[int]Expr {
	m := map[int]Expr{}
	switch r {
	case roleFull:
		for d, v := range n.vars {
			m[d] = v
		}
	case roleRowKeep:
		for _, d := range di.kept {
			m[d] = n.vars[d]
		}
	case roleRowDrop:
		for j, d := range di.kept {
			m[d] = n.vars[j]
		}
	}
	return m
}

// indexFor returns the index of a producer of role r within the loops
// given by m, or nil when the reader's loops do not cover it.
func indexFor(m map[int]Expr, r role, di *domainInfo, rank int) []Expr {
	var out []Expr
	for d := 0; d < rank; d++ {
		e, ok := m[d]
		switch {
		case di.reduced[d] && r == roleRowKeep:
			out = append(out, cnst(0))
		case di.reduced[d] && r == roleRowDrop:
		case !ok:
			return nil
		default:
			out = append(out, e)
		}
	}
	return out
}

// canFuse checks that the union of two groups is one legal kernel.
func (f *fuser) canFuse(ga, gb *fgroup, horizontal bool) bool {
	nodes := append(slices.Clone(ga.nodes), gb.nodes...)
	if len(nodes) > f.opts.MaxNodes {
		return false
	}
	var di *domainInfo
	for _, n := range nodes {
		if !fusible(n) {
			return false
		}
		if n.kind != nodeReduce {
			continue
		}
		if di == nil {
			di = &domainInfo{red: n, reduced: map[int]bool{}}
			for _, d := range n.redDims {
				di.reduced[d] = true
			}
			for d := range shapeOf(n.domain) {
				if !di.reduced[d] {
					di.kept = append(di.kept, d)
				}
			}
			continue
		}
		if !slices.Equal(n.redDims, di.red.redDims) || !f.dims.sameShape(n.domain, di.red.domain) {
			return false
		}
	}
	roles := map[*node]role{}
	if di != nil {
		if horizontal {
			// Independent nodes share loops only over inner reductions,
			// whose rows are contiguous.
			rank := len(shapeOf(di.red.domain))
			for i, d := range di.red.redDims {
				if d != rank-len(di.red.redDims)+i {
					return false
				}
			}
		}
		for _, n := range nodes {
			if n.kind == nodeReduce {
				roles[n] = roleFull
				continue
			}
			r := f.roleOf(n.root.Result(0), di)
			if r == roleNone {
				return false
			}
			roles[n] = r
		}
	} else {
		for _, n := range nodes[1:] {
			if !f.dims.sameShape(n.domain, nodes[0].domain) {
				return false
			}
		}
	}
	inGroup := map[*node]bool{}
	for _, n := range nodes {
		inGroup[n] = true
	}
	external := map[ir.Value]bool{}
	for _, n := range nodes {
		for _, r := range n.reads {
			p := ir.DefiningOp(r.v)
			var pn *node
			if p != nil {
				pn = f.nodeOf[p]
			}
			if pn == nil || !inGroup[pn] {
				external[r.v] = true
				continue
			}
			var want []Expr
			if di == nil {
				want = n.vars
			} else {
				m := groupIndex(n, roles[n], di)
				want = indexFor(m, f.outRole(pn, di), di, len(shapeOf(r.v)))
			}
			if want == nil || !equalIndex(r.idx, want) {
				return false
			}
		}
	}
	if len(external) > f.opts.MaxReads {
		return false
	}
	set := map[*ir.Operation]bool{}
	for _, n := range nodes {
		set[n.root] = true
	}
	return f.convex(set)
}

// ---- kernels ----

// materialize turns groups into loops.kernel ops and orders the block.
func (f *fuser) materialize(groups []*fgroup, counter *int) error {
	ctx := f.block.ParentOp().Context()
	b := ir.NewBuilder(ctx)
	opSets := make([]map[*ir.Operation]bool, len(groups))
	cloneCount := map[*ir.Operation]int{}
	for i, g := range groups {
		opSets[i] = map[*ir.Operation]bool{}
		for _, n := range g.nodes {
			for _, o := range n.ops {
				if !opSets[i][o] {
					opSets[i][o] = true
					cloneCount[o]++
				}
			}
		}
	}
	erase := map[*ir.Operation]bool{}
	for _, op := range f.ops {
		if f.inlined[op] || f.nodeOf[op] != nil {
			erase[op] = true
		}
	}
	kernelPos := map[*ir.Operation]int{}
	for i, g := range groups {
		set := opSets[i]
		var ops []*ir.Operation
		for o := range set {
			ops = append(ops, o)
		}
		sort.Slice(ops, func(a, b int) bool { return f.pos[ops[a]] < f.pos[ops[b]] })
		var outs []ir.Value
		for _, n := range g.nodes {
			v := n.root.Result(0)
			for _, u := range ir.Users(v) {
				if !set[u] || cloneCount[u] > 1 {
					outs = append(outs, v)
					break
				}
			}
		}
		if len(outs) == 0 {
			continue
		}
		var ins []ir.Value
		seen := map[ir.Value]bool{}
		for _, o := range ops {
			for _, x := range o.Operands() {
				p := ir.DefiningOp(x)
				if (p == nil || !set[p]) && !seen[x] {
					seen[x] = true
					ins = append(ins, x)
				}
			}
		}
		kind := "pointwise"
		for _, n := range g.nodes {
			switch n.kind {
			case nodeReduce:
				kind = "reduction"
			case nodeExtern:
				kind = "matmul"
				if n.root.Name() == tensor.Conv2DName {
					kind = "conv"
				}
			case nodeOpaque:
				kind = "opaque"
			}
		}
		st := &ir.OperationState{Name: loops.KernelName, Loc: g.nodes[len(g.nodes)-1].root.Loc(), Operands: ins,
			Attrs: []ir.NamedAttr{{Name: "name", Value: ir.String("")}, {Name: "kind", Value: ir.String(kind)}}}
		for _, o := range outs {
			st.ResultTypes = append(st.ResultTypes, o.Type())
		}
		region := st.AddRegion()
		b.SetInsertionPointBefore(g.nodes[len(g.nodes)-1].root)
		k, err := b.Create(st)
		if err != nil {
			return err
		}
		types := make([]ir.Type, len(ins))
		locs := make([]ir.Location, len(ins))
		for j, x := range ins {
			types[j], locs[j] = x.Type(), k.Loc()
		}
		ip := b.SaveInsertionPoint()
		body := b.CreateBlock(region, types, locs)
		m := ir.NewMapping()
		for j, x := range ins {
			m.Map(x, body.Arg(j))
		}
		var names []string
		for _, o := range ops {
			b.Clone(o, m)
			if c := f.class[o]; c != clsView && c != clsConst {
				if n := shortName(o); !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
			f.stats.FusedOps++
		}
		if len(names) == 0 {
			for _, o := range ops {
				if n := shortName(o); !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
		}
		yields := make([]ir.Value, len(outs))
		for j, o := range outs {
			yields[j] = m.Lookup(o)
		}
		b.MustCreate(&ir.OperationState{Name: loops.YieldName, Loc: k.Loc(), Operands: yields})
		b.RestoreInsertionPoint(ip)
		if kind != "pointwise" && kind != "reduction" {
			names = []string{shortName(g.nodes[0].root)}
		}
		k.SetAttr("name", ir.String(kernelBaseName(kind, names)))
		for j, o := range outs {
			o.ReplaceAllUsesWith(k.Result(j))
		}
		first := len(f.ops)
		for _, o := range ops {
			first = min(first, f.pos[o])
		}
		kernelPos[k] = first
		f.stats.Kernels++
	}
	// Erase the original ops.
	var dead []*ir.Operation
	for _, op := range f.ops {
		if erase[op] {
			dead = append(dead, op)
		}
	}
	for _, op := range dead {
		op.DropAllReferences()
	}
	for _, op := range dead {
		for i := 0; i < op.NumResults(); i++ {
			for _, u := range ir.Users(op.Result(i)) {
				if !erase[u] {
					return ir.OpError(u, "fuse: internal error: uses a value fusion removed")
				}
			}
		}
	}
	for _, op := range dead {
		op.Remove()
	}
	return f.reorder(kernelPos, counter)
}

// kernelBaseName is the kernel name without its number: fused_<ops> for
// generated kernels, the op name for extern and opaque ones.
func kernelBaseName(kind string, names []string) string {
	const maxNames = 8
	if len(names) > maxNames {
		names = names[:maxNames]
	}
	switch kind {
	case "matmul", "conv", "opaque":
		return strings.Join(names, "_")
	}
	return "fused_" + strings.Join(names, "_")
}

// reorder sorts the block's ops topologically (a kernel goes where its
// first op was, unless its inputs come later) and numbers the kernels in
// their final order.
func (f *fuser) reorder(kernelPos map[*ir.Operation]int, counter *int) error {
	var items []*ir.Operation
	for op := range f.block.Ops() {
		items = append(items, op)
	}
	term := f.block.Terminator()
	prio := map[*ir.Operation]float64{}
	for i, op := range items {
		if p, ok := kernelPos[op]; ok {
			prio[op] = float64(p) - 0.5
		} else if p, ok := f.pos[op]; ok {
			prio[op] = float64(p)
		} else {
			prio[op] = float64(i)
		}
	}
	deps := map[*ir.Operation][]*ir.Operation{}
	indeg := map[*ir.Operation]int{}
	for _, op := range items {
		seen := map[*ir.Operation]bool{}
		op.Walk(func(o *ir.Operation) {
			for _, x := range o.Operands() {
				p := ir.DefiningOp(x)
				if p == nil {
					continue
				}
				p = topLevel(p, f.block)
				if p != nil && p != op && !seen[p] {
					seen[p] = true
					deps[p] = append(deps[p], op)
					indeg[op]++
				}
			}
		})
	}
	done := map[*ir.Operation]bool{}
	var order []*ir.Operation
	for len(order) < len(items) {
		var best *ir.Operation
		for _, op := range items {
			if done[op] || indeg[op] > 0 || (op == term && len(order) < len(items)-1) {
				continue
			}
			if best == nil || prio[op] < prio[best] {
				best = op
			}
		}
		if best == nil {
			return ir.OpError(f.block.ParentOp(), "fuse: internal error: fused kernels form a cycle")
		}
		done[best] = true
		order = append(order, best)
		for _, s := range deps[best] {
			indeg[s]--
		}
	}
	for _, op := range order {
		op.Remove()
		f.block.Append(op)
		if op.Name() == loops.KernelName {
			name, _ := op.StringAttr("name")
			op.SetAttr("name", ir.String(fmt.Sprintf("%s_%d", name, *counter)))
			*counter++
		}
	}
	return nil
}

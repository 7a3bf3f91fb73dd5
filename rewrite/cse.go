package rewrite

import (
	"hash/maphash"
	"slices"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

var cseSeed = maphash.MakeSeed()

// hashOp hashes what CSE compares: name, attributes, result types and
// operand identities (not regions, not locations). The operands of
// commutative ops are hashed as a multiset.
func hashOp(op *ir.Operation) uint64 {
	h := maphash.String(cseSeed, op.Name())
	h = h*1099511628211 ^ ir.HashAttrs(op.Attrs())
	for i := 0; i < op.NumResults(); i++ {
		h = h*1099511628211 ^ ir.HashPointer(op.Result(i).Type())
	}
	if op.HasTrait(ir.Commutative) {
		var sum uint64
		for i := 0; i < op.NumOperands(); i++ {
			x := ir.HashValue(op.Operand(i))
			x ^= x >> 31
			x *= 0x7fb5d329728ea185
			sum += x ^ (x >> 27)
		}
		return h*1099511628211 ^ sum
	}
	for i := 0; i < op.NumOperands(); i++ {
		h = h*1099511628211 ^ ir.HashValue(op.Operand(i))
	}
	return h
}

// sameOperandMultiset compares the operands of two commutative ops as
// multisets; values of a are mapped through vm first.
func sameOperandMultiset(a, b *ir.Operation, vm map[ir.Value]ir.Value) bool {
	n := a.NumOperands()
	xs, ys := make([]ir.Value, n), make([]ir.Value, n)
	for i := 0; i < n; i++ {
		xs[i] = a.Operand(i)
		if m, ok := vm[xs[i]]; ok {
			xs[i] = m
		}
		ys[i] = b.Operand(i)
	}
	byHash := func(x, y ir.Value) int {
		hx, hy := ir.HashValue(x), ir.HashValue(y)
		switch {
		case hx < hy:
			return -1
		case hx > hy:
			return 1
		}
		return 0
	}
	slices.SortFunc(xs, byHash)
	slices.SortFunc(ys, byHash)
	for i := range xs {
		if xs[i] != ys[i] {
			return false
		}
	}
	return true
}

// OpsEquivalent reports whether a and b compute the same thing: same name,
// attributes, result types, operands (the same values, in any order for
// Commutative ops), successors and structurally equivalent regions.
// Locations are ignored. This is MLIR's OperationEquivalence::isEquivalentTo
// with IgnoreLocations.
func OpsEquivalent(a, b *ir.Operation) bool {
	return opsEquivalent(a, b, nil, nil)
}

// opsEquivalent compares two ops; values and blocks defined inside the
// regions being compared are matched through vm and bm.
func opsEquivalent(a, b *ir.Operation, vm map[ir.Value]ir.Value, bm map[*ir.Block]*ir.Block) bool {
	if a == b {
		return true
	}
	if a.Name() != b.Name() || a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.NumRegions() != b.NumRegions() || a.NumSuccessors() != b.NumSuccessors() {
		return false
	}
	aa, ba := a.Attrs(), b.Attrs()
	if len(aa) != len(ba) {
		return false
	}
	for i := range aa {
		if aa[i].Name != ba[i].Name || !ir.AttrEqual(aa[i].Value, ba[i].Value) {
			return false
		}
	}
	for i := 0; i < a.NumResults(); i++ {
		if a.Result(i).Type() != b.Result(i).Type() {
			return false
		}
	}
	if a.HasTrait(ir.Commutative) && a.NumOperands() > 1 {
		if !sameOperandMultiset(a, b, vm) {
			return false
		}
	} else {
		for i := 0; i < a.NumOperands(); i++ {
			x, y := a.Operand(i), b.Operand(i)
			if x == y {
				continue
			}
			if m, ok := vm[x]; !ok || m != y {
				return false
			}
		}
	}
	for i := 0; i < a.NumSuccessors(); i++ {
		x, y := a.Successor(i), b.Successor(i)
		if x != y && bm[x] != y {
			return false
		}
	}
	if a.NumRegions() == 0 {
		return true
	}
	if vm == nil {
		vm, bm = map[ir.Value]ir.Value{}, map[*ir.Block]*ir.Block{}
	}
	for i := 0; i < a.NumRegions(); i++ {
		if !regionsEquivalent(a.Region(i), b.Region(i), vm, bm) {
			return false
		}
	}
	return true
}

func regionsEquivalent(ra, rb *ir.Region, vm map[ir.Value]ir.Value, bm map[*ir.Block]*ir.Block) bool {
	if ra.NumBlocks() != rb.NumBlocks() {
		return false
	}
	as, bs := ra.Blocks(), rb.Blocks()
	for i := range as {
		if as[i].NumArgs() != bs[i].NumArgs() || as[i].NumOps() != bs[i].NumOps() {
			return false
		}
		for k, arg := range as[i].Args() {
			if arg.Type() != bs[i].Arg(k).Type() {
				return false
			}
			vm[arg] = bs[i].Arg(k)
		}
		bm[as[i]] = bs[i]
	}
	for i := range as {
		x, y := as[i].First(), bs[i].First()
		for x != nil && y != nil {
			if !opsEquivalent(x, y, vm, bm) {
				return false
			}
			for k := 0; k < x.NumResults(); k++ {
				vm[x.Result(k)] = y.Result(k)
			}
			x, y = x.Next(), y.Next()
		}
	}
	return true
}

// scopedMap is a hash table of ops with nested scopes, like LLVM's
// ScopedHashTable: lookups find the most recent equivalent op; popping a
// scope forgets what was inserted since it was pushed.
type scopedMap struct {
	buckets map[uint64][]*ir.Operation
	log     []uint64
	marks   []int
}

func newScopedMap() *scopedMap { return &scopedMap{buckets: map[uint64][]*ir.Operation{}} }

func (m *scopedMap) push() { m.marks = append(m.marks, len(m.log)) }

func (m *scopedMap) pop() {
	mark := m.marks[len(m.marks)-1]
	m.marks = m.marks[:len(m.marks)-1]
	for i := len(m.log) - 1; i >= mark; i-- {
		k := m.log[i]
		b := m.buckets[k]
		if len(b) <= 1 {
			delete(m.buckets, k)
		} else {
			m.buckets[k] = b[:len(b)-1]
		}
	}
	m.log = m.log[:mark]
}

func (m *scopedMap) lookup(h uint64, op *ir.Operation) *ir.Operation {
	b := m.buckets[h]
	for i := len(b) - 1; i >= 0; i-- {
		if OpsEquivalent(b[i], op) {
			return b[i]
		}
	}
	return nil
}

func (m *scopedMap) insert(h uint64, op *ir.Operation) {
	m.buckets[h] = append(m.buckets[h], op)
	m.log = append(m.log, h)
}

// CSEResult reports what EliminateCommonSubexpressions did.
type CSEResult struct {
	// NumCSE counts ops replaced by an equivalent earlier op.
	NumCSE int
	// NumDCE counts trivially dead ops erased on the way.
	NumDCE int
}

// cse is the state of one CSE run (MLIR's CSE pass).
type cse struct {
	dom      *ir.DominanceInfo
	toErase  []*ir.Operation
	visited  map[*ir.Operation]bool
	memCache map[*ir.Operation]memScan
	res      CSEResult
}

type memScan struct {
	upTo  *ir.Operation // scanned up to (not including) this op
	write bool          // a write was found
}

// EliminateCommonSubexpressions replaces each op in op's regions that is
// equivalent to an op dominating it by that op, and erases trivially dead
// ops it meets. Ops with memory effects are only merged when they only read
// and no op between them (in one block) may write; ops with unknown effects
// (every unregistered op) are never merged. Regions of ops isolated from
// above are processed with their own scope; multi-block regions are walked
// along the dominator tree; graph regions only when they have one block.
// dom may be nil.
func EliminateCommonSubexpressions(op *ir.Operation, dom *ir.DominanceInfo) CSEResult {
	if dom == nil {
		dom = ir.NewDominanceInfo()
	}
	c := &cse{dom: dom, visited: map[*ir.Operation]bool{}, memCache: map[*ir.Operation]memScan{}}
	known := newScopedMap()
	for _, r := range op.Regions() {
		c.region(known, r)
	}
	for _, o := range c.toErase {
		o.Erase()
	}
	return c.res
}

// hasSSADominance reports whether values of r must dominate their uses: the
// region's op is not known to have graph regions. (tt treats the regions of
// unregistered ops as possibly graph regions, which only makes CSE more
// careful.)
func hasSSADominance(r *ir.Region) bool {
	op := r.ParentOp()
	return op != nil && op.IsRegistered() && !op.HasTrait(ir.GraphRegions)
}

func (c *cse) region(known *scopedMap, r *ir.Region) {
	if r.Empty() {
		return
	}
	ssa := hasSSADominance(r)
	if r.NumBlocks() == 1 {
		known.push()
		c.block(known, r.Front(), ssa)
		known.pop()
		return
	}
	if !ssa {
		return
	}
	children := c.dom.DominatorTreeChildren(r)
	type node struct {
		b    *ir.Block
		next int
	}
	known.push()
	c.block(known, r.Front(), ssa)
	stack := []node{{r.Front(), 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		kids := children[top.b]
		if top.next < len(kids) {
			k := kids[top.next]
			top.next++
			known.push()
			c.block(known, k, ssa)
			stack = append(stack, node{k, 0})
			continue
		}
		known.pop()
		stack = stack[:len(stack)-1]
	}
}

func (c *cse) block(known *scopedMap, b *ir.Block, ssa bool) {
	for op := range b.Ops() {
		if op.NumRegions() > 0 {
			if !op.IsRegistered() || op.HasTrait(ir.IsolatedFromAbove) {
				nested := newScopedMap()
				for _, r := range op.Regions() {
					c.region(nested, r)
				}
			} else {
				for _, r := range op.Regions() {
					c.region(known, r)
				}
			}
		}
		c.simplify(known, op, ssa)
		c.visited[op] = true
	}
	clear(c.memCache)
}

func onlyReads(op *ir.Operation) bool {
	effs, known := ir.Effects(op)
	if !known || len(effs) == 0 {
		return false
	}
	for _, e := range effs {
		if e.Kind != ir.EffectRead {
			return false
		}
	}
	return true
}

func mayWrite(op *ir.Operation) bool {
	effs, known := ir.Effects(op)
	if !known {
		return true
	}
	for _, e := range effs {
		if e.Kind == ir.EffectWrite {
			return true
		}
	}
	return false
}

// writeBetween reports whether an op strictly between from and to (in one
// block, from first) may write memory. Scans are cached per from.
func (c *cse) writeBetween(from, to *ir.Operation) bool {
	next := from.Next()
	if s, ok := c.memCache[from]; ok {
		if s.write {
			return true
		}
		next = s.upTo
	}
	for o := next; o != nil && o != to; o = o.Next() {
		if mayWrite(o) {
			c.memCache[from] = memScan{upTo: o, write: true}
			return true
		}
	}
	c.memCache[from] = memScan{upTo: to}
	return false
}

func (c *cse) simplify(known *scopedMap, op *ir.Operation, ssa bool) {
	if op.HasTrait(ir.Terminator) {
		return
	}
	if ir.IsTriviallyDead(op) {
		c.toErase = append(c.toErase, op)
		c.res.NumDCE++
		return
	}
	for _, r := range op.Regions() {
		if r.NumBlocks() > 1 {
			return
		}
	}
	if op.NumSuccessors() > 0 {
		return
	}
	h := hashOp(op)
	if !ir.IsMemoryEffectFree(op) {
		if !onlyReads(op) {
			return
		}
		if existing := known.lookup(h, op); existing != nil &&
			existing.Block() == op.Block() && !c.writeBetween(existing, op) {
			c.replace(op, existing, ssa)
			return
		}
		known.insert(h, op)
		return
	}
	if existing := known.lookup(h, op); existing != nil {
		c.replace(op, existing, ssa)
		return
	}
	known.insert(h, op)
}

func (c *cse) replace(op, existing *ir.Operation, ssa bool) {
	if ssa {
		op.ReplaceAllUsesWith(existing.Results())
		c.toErase = append(c.toErase, op)
	} else {
		for i := 0; i < op.NumResults(); i++ {
			op.Result(i).ReplaceUsesWithIf(existing.Result(i), func(u *ir.OpOperand) bool {
				return !c.visited[u.Owner()]
			})
		}
		if op.ResultsUnused() {
			c.toErase = append(c.toErase, op)
		}
	}
	if _, unknown := existing.Loc().(ir.UnknownLoc); unknown {
		if _, opUnknown := op.Loc().(ir.UnknownLoc); !opUnknown {
			existing.SetLoc(op.Loc())
		}
	}
	c.res.NumCSE++
}

// csePass is the cse pass.
type csePass struct {
	pass.Base
	numCSE, numDCE *pass.Statistic
}

// NewCSEPass returns the cse pass.
func NewCSEPass() pass.Pass {
	p := &csePass{Base: pass.NewBase(pass.Info{
		Argument: "cse",
		Name:     "CSE",
		Summary:  "Eliminate common sub-expressions",
		Description: "Replaces operations equivalent to an operation that dominates them (same name, attributes, operands " +
			"and result types, equivalent regions) with that operation, scoped by regions and the dominator tree. " +
			"Operations with memory effects are merged only when they just read and nothing in between may write; " +
			"operations with unknown effects are never merged. Trivially dead operations met on the way are erased.",
	})}
	p.numCSE = p.NewStatistic("num-cse'd", "Number of operations CSE'd")
	p.numDCE = p.NewStatistic("num-dce'd", "Number of operations DCE'd")
	return p
}

func (p *csePass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	res := EliminateCommonSubexpressions(op, pass.Get(am, pass.Dominance))
	p.numCSE.Add(int64(res.NumCSE))
	p.numDCE.Add(int64(res.NumDCE))
	if res.NumCSE == 0 && res.NumDCE == 0 {
		am.PreserveAll()
		return nil
	}
	am.Preserve(pass.Dominance)
	return nil
}

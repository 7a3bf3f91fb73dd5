package ir

// DominanceInfo answers dominance queries for the blocks of CFG regions. It
// computes the dominator tree of a region lazily, on first query, with the
// Cooper–Harvey–Kennedy iterative algorithm.
type DominanceInfo struct {
	regions map[*Region]*domTree
}

type domTree struct {
	idom  map[*Block]*Block // immediate dominator; entry maps to itself
	order map[*Block]int    // reverse post-order number
}

// NewDominanceInfo returns an empty dominance cache.
func NewDominanceInfo() *DominanceInfo { return &DominanceInfo{regions: map[*Region]*domTree{}} }

func (d *DominanceInfo) tree(r *Region) *domTree {
	if t, ok := d.regions[r]; ok {
		return t
	}
	t := buildDomTree(r)
	d.regions[r] = t
	return t
}

func buildDomTree(r *Region) *domTree {
	t := &domTree{idom: map[*Block]*Block{}, order: map[*Block]int{}}
	entry := r.Front()
	if entry == nil {
		return t
	}
	// Iterative DFS for a post-order; recursion could overflow on long chains.
	var post []*Block
	visited := map[*Block]bool{entry: true}
	type frame struct {
		b    *Block
		next int
	}
	stack := []frame{{entry, 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Successors()
		if top.next < len(succs) {
			s := succs[top.next]
			top.next++
			if s != nil && s.parent == r && !visited[s] {
				visited[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	rpo := make([]*Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
		t.order[b] = len(post) - 1 - i
	}
	preds := map[*Block][]*Block{}
	for _, b := range rpo {
		for _, s := range b.Successors() {
			if s != nil && visited[s] {
				preds[s] = append(preds[s], b)
			}
		}
	}
	t.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var newIdom *Block
			for _, p := range preds[b] {
				if _, ok := t.idom[p]; !ok {
					continue
				}
				if newIdom == nil {
					newIdom = p
				} else {
					newIdom = t.intersect(p, newIdom)
				}
			}
			if newIdom != nil && t.idom[b] != newIdom {
				t.idom[b] = newIdom
				changed = true
			}
		}
	}
	return t
}

func (t *domTree) intersect(a, b *Block) *Block {
	for a != b {
		for t.order[a] > t.order[b] {
			a = t.idom[a]
		}
		for t.order[b] > t.order[a] {
			b = t.idom[b]
		}
	}
	return a
}

// Reachable reports whether b can be reached from its region's entry.
func (d *DominanceInfo) Reachable(b *Block) bool {
	_, ok := d.tree(b.parent).idom[b]
	return ok
}

// Dominates reports whether block a dominates block b (both in one region).
// Every block dominates an unreachable block, as in MLIR.
func (d *DominanceInfo) Dominates(a, b *Block) bool {
	if a == b {
		return true
	}
	t := d.tree(a.parent)
	if _, ok := t.idom[b]; !ok {
		return true
	}
	if _, ok := t.idom[a]; !ok {
		return false
	}
	for b != t.idom[b] {
		b = t.idom[b]
		if b == a {
			return true
		}
	}
	return false
}

// ValueDominates reports whether v is visible at user: it is defined in a
// block that dominates user's block (or in the same block before user), in
// the same region as user or in an enclosing one.
func (d *DominanceInfo) ValueDominates(v Value, user *Operation) bool {
	defBlock := v.ParentBlock()
	if defBlock == nil || defBlock.parent == nil {
		return false
	}
	// Find the ancestor of user that sits in the defining region.
	anc := user
	for anc != nil && anc.ParentRegion() != defBlock.parent {
		anc = anc.ParentOp()
	}
	if anc == nil {
		return false
	}
	if mayBeGraphRegion(defBlock.parent) {
		return true
	}
	if r, ok := v.(*OpResult); ok {
		if anc.block == defBlock {
			return r.owner != anc && r.owner.IsBeforeInBlock(anc)
		}
	} else if anc.block == defBlock {
		return true
	}
	return d.Dominates(defBlock, anc.block)
}

// mayBeGraphRegion reports whether r might be a graph region: its op has
// the GraphRegions trait or is not registered.
func mayBeGraphRegion(r *Region) bool {
	op := r.parent
	return op == nil || op.def == nil || op.HasTrait(GraphRegions)
}

// ImmediateDominator returns the immediate dominator of b in its region, or
// nil when b is the entry block or is unreachable.
func (d *DominanceInfo) ImmediateDominator(b *Block) *Block {
	if b.parent == nil {
		return nil
	}
	t := d.tree(b.parent)
	idom, ok := t.idom[b]
	if !ok || idom == b {
		return nil
	}
	return idom
}

// DominatorTreeChildren returns, for every reachable block of r, the blocks
// it immediately dominates, each list in region order.
func (d *DominanceInfo) DominatorTreeChildren(r *Region) map[*Block][]*Block {
	t := d.tree(r)
	out := make(map[*Block][]*Block, len(t.idom))
	for _, b := range r.blocks {
		idom, ok := t.idom[b]
		if !ok || idom == b {
			continue
		}
		out[idom] = append(out[idom], b)
	}
	return out
}

package fuse

import (
	"fmt"
	"slices"
	"sort"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

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

// convex reports whether no path leaves the set and comes back into it,
// in the graph whose vertices are the groups formed so far (each becomes
// one kernel, so reaching one member of a group reaches everything the
// group produces): a path through another group's members counts even
// when, op by op, it would not connect. Checking op by op let two merges
// that are each convex make two kernels depend on each other (PT2's
// can_fuse checks the same reachability through other nodes).
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
		if n := f.nodeOf[u]; n != nil && n.group != nil {
			for _, m := range n.group.nodes {
				if !seen[m.root] {
					stack = append(stack, m.root)
				}
			}
		}
	}
	return true
}

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
	if f.opts.Remarks != nil {
		f.remarkRefusals(cands)
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

// remarkRefusals reports, for each candidate pair left in different
// kernels, why the two could not be one, at the later node's op: the
// reasons a user reading the compile report asks for.
func (f *fuser) remarkRefusals(cands []candidate) {
	done := map[[2]*fgroup]bool{}
	for _, c := range cands {
		ga, gb := c.a.group, c.b.group
		if ga == gb || done[[2]*fgroup{ga, gb}] {
			continue
		}
		done[[2]*fgroup{ga, gb}] = true
		why := f.refusal(ga, gb, !c.vertical)
		if why == "" {
			why = "not chosen: a better candidate fused one of them first"
		}
		kind := "producer " + c.a.root.Name()
		if !c.vertical {
			kind = "independent " + c.a.root.Name()
		}
		f.opts.Remarks(&ir.Diagnostic{Severity: ir.SeverityRemark, Loc: c.b.root.Loc(),
			Message: fmt.Sprintf("fuse: %s not fused with %s at %s: %s", c.b.root.Name(), kind, locString(c.a.root.Loc()), why)})
	}
}

// locString renders a location for a message (file:line:col when it has one).
func locString(l ir.Location) string {
	if fl, ok := l.(*ir.FileLineColLoc); ok {
		return fmt.Sprintf("%s:%d:%d", fl.File, fl.Line, fl.Col)
	}
	if l == nil {
		return "an unknown location"
	}
	return l.String()
}

func fusible(n *node) bool { return n.kind == nodePointwise || n.kind == nodeReduce }

// valueBytes is the byte size of a tensor value (1 when dynamic).
func valueBytes(v ir.Value) int64 {
	if n, ok := opclass.TypeBytes(v.Type()); ok {
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

// domainInfo describes the loops of a candidate group.
type domainInfo struct {
	red     *node // a reduction of the group, or nil
	reduced map[int]bool
	kept    []int
}

// roleOf classifies a tensor's shape against a reduction domain.
func (f *fuser) roleOf(v ir.Value, di *domainInfo) opclass.Role {
	s := di.red.domain
	if f.dims.sameShape(v, s) {
		return opclass.RoleFull
	}
	vs, ss := opclass.Shape(v), opclass.Shape(s)
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
			return opclass.RoleRowKeep
		}
	}
	if len(vs) == len(di.kept) {
		ok := true
		for j, d := range di.kept {
			ok = ok && f.dims.same(v, j, s, d)
		}
		if ok {
			return opclass.RoleRowDrop
		}
	}
	return opclass.RoleNone
}

// outRole is the opclass.Role of a node's output.
func (f *fuser) outRole(n *node, di *domainInfo) opclass.Role {
	if n.kind == nodeReduce {
		if tensor.KeepDim(n.root) {
			return opclass.RoleRowKeep
		}
		return opclass.RoleRowDrop
	}
	return f.roleOf(n.root.Result(0), di)
}

// groupIndex maps the loop dimensions of a reduction domain to a node's
// index variables, for the node reading (reductions read at the full
// index).
func groupIndex(n *node, r opclass.Role, di *domainInfo) map[int]affine.Expr {
	m := map[int]affine.Expr{}
	switch r {
	case opclass.RoleFull:
		for d, v := range n.vars {
			m[d] = v
		}
	case opclass.RoleRowKeep:
		for _, d := range di.kept {
			m[d] = n.vars[d]
		}
	case opclass.RoleRowDrop:
		for j, d := range di.kept {
			m[d] = n.vars[j]
		}
	}
	return m
}

// indexFor returns the index of a producer of opclass.Role r within the loops
// given by m, or nil when the reader's loops do not cover it.
func indexFor(m map[int]affine.Expr, r opclass.Role, di *domainInfo, rank int) []affine.Expr {
	var out []affine.Expr
	for d := 0; d < rank; d++ {
		e, ok := m[d]
		switch {
		case di.reduced[d] && r == opclass.RoleRowKeep:
			out = append(out, affine.Const(0))
		case di.reduced[d] && r == opclass.RoleRowDrop:
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
	return f.refusal(ga, gb, horizontal) == ""
}

// refusal says why the union of two groups is not one legal kernel, or
// returns "" when it is.
func (f *fuser) refusal(ga, gb *fgroup, horizontal bool) string {
	nodes := append(slices.Clone(ga.nodes), gb.nodes...)
	if len(nodes) > f.opts.MaxNodes {
		return fmt.Sprintf("the kernel would have %d nodes (max-fusion-size %d)", len(nodes), f.opts.MaxNodes)
	}
	var di *domainInfo
	for _, n := range nodes {
		if !fusible(n) {
			return fmt.Sprintf("%s is computed by a kernel of its own (a runtime or opaque kernel)", n.root.Name())
		}
		if n.kind != nodeReduce {
			continue
		}
		if di == nil {
			di = &domainInfo{red: n, reduced: map[int]bool{}}
			for _, d := range n.redDims {
				di.reduced[d] = true
			}
			for d := range opclass.Shape(n.domain) {
				if !di.reduced[d] {
					di.kept = append(di.kept, d)
				}
			}
			continue
		}
		if !slices.Equal(n.redDims, di.red.redDims) || !f.dims.sameShape(n.domain, di.red.domain) {
			return "two reductions over different dimensions or shapes"
		}
	}
	roles := map[*node]opclass.Role{}
	if di != nil {
		if horizontal {
			// Independent nodes share loops only over inner reductions,
			// whose rows are contiguous.
			rank := len(opclass.Shape(di.red.domain))
			for i, d := range di.red.redDims {
				if d != rank-len(di.red.redDims)+i {
					return "independent nodes share loops only over inner reductions"
				}
			}
		}
		for _, n := range nodes {
			if n.kind == nodeReduce {
				roles[n] = opclass.RoleFull
				continue
			}
			r := f.roleOf(n.root.Result(0), di)
			if r == opclass.RoleNone {
				return fmt.Sprintf("the shape of %s's result fits neither the reduction's domain nor its rows", n.root.Name())
			}
			roles[n] = r
		}
	} else {
		for _, n := range nodes[1:] {
			if !f.dims.sameShape(n.domain, nodes[0].domain) {
				return "the loops differ (element-wise nodes of different shapes)"
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
			var want []affine.Expr
			if di == nil {
				want = n.vars
			} else {
				m := groupIndex(n, roles[n], di)
				want = indexFor(m, f.outRole(pn, di), di, len(opclass.Shape(r.v)))
			}
			if want == nil || !affine.EqualIndex(r.idx, want) {
				return fmt.Sprintf("%s reads %s's result at another index than the one it is computed at", n.root.Name(), pn.root.Name())
			}
		}
	}
	if len(external) > f.opts.MaxReads {
		return fmt.Sprintf("the kernel would read %d buffers (max-reads %d)", len(external), f.opts.MaxReads)
	}
	set := map[*ir.Operation]bool{}
	for _, n := range nodes {
		set[n.root] = true
	}
	if !f.convex(set) {
		return "a path between the two leaves the kernel and comes back (fusing would make a cycle of kernels)"
	}
	return ""
}

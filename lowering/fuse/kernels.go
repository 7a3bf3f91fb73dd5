package fuse

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

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
		k := b.Build(st)
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
			if c := f.class[o]; c != opclass.View && c != opclass.Const {
				if n := opclass.ShortName(o); !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
			f.stats.FusedOps++
		}
		if len(names) == 0 {
			for _, o := range ops {
				if n := opclass.ShortName(o); !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
		}
		yields := make([]ir.Value, len(outs))
		for j, o := range outs {
			yields[j] = m.Lookup(o)
		}
		b.Loc = k.Loc()
		loops.Yield(b, yields...)
		b.RestoreInsertionPoint(ip)
		if kind != "pointwise" && kind != "reduction" {
			names = []string{opclass.ShortName(g.nodes[0].root)}
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

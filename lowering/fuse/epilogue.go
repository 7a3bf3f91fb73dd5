package fuse

import (
	"slices"
	"strings"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Template epilogues (Inductor's epilogue fusion into its GEMM templates):
// a kernel of its own that only adds a bias to a matmul's product and
// applies an activation (opclass.MatchEpilogue; gelu unless
// FuseOptions.EpilogueGELU is off) joins the matmul's kernel,
// which tensor-to-loops lowers to one tt.matmul call computing the
// epilogue in its output tile. Likewise a transpose of the last two
// dimensions feeding a matmul is not realized: it joins the matmul's
// kernel, which reads the untransposed buffer in place (tt.matmul's
// transpose_a and transpose_b).

// foldedTranspose reports whether op is a transpose that the matmuls using
// it read in place: a matrix transpose (opclass.IsMatrixTranspose) whose
// users are all f32 or f64 tensor.matmul ops of the block.
func (f *fuser) foldedTranspose(op *ir.Operation) bool {
	if !opclass.IsMatrixTranspose(op) {
		return false
	}
	users := ir.Users(op.Result(0))
	for _, u := range users {
		if u.Block() != f.block || !opclass.MatmulFloat(u) {
			return false
		}
	}
	return len(users) > 0
}

// fuseEpilogues merges into each matmul's group the group that computes
// only an epilogue of its product, and returns the groups left.
func (f *fuser) fuseEpilogues(groups []*fgroup) []*fgroup {
	groupOf := map[*ir.Operation]*fgroup{}
	for _, g := range groups {
		for _, n := range g.nodes {
			for _, o := range n.ops {
				groupOf[o] = g
			}
		}
	}
	merged := map[*fgroup]bool{}
	for _, g := range groups {
		if len(g.nodes) != 1 || g.nodes[0].kind != nodeExtern || !opclass.MatmulFloat(g.nodes[0].root) {
			continue
		}
		mm := g.nodes[0].root
		users := ir.Users(mm.Result(0))
		if len(users) == 0 {
			continue
		}
		ep := groupOf[users[0]]
		if ep == nil || ep == g || merged[ep] || len(ep.nodes) != 1 || ep.nodes[0].kind != nodePointwise {
			continue
		}
		p := ep.nodes[0]
		e, ok := opclass.MatchEpilogue(p.root.Result(0))
		if !ok || e.Matmul != mm || len(p.ops) != len(e.Ops) || strings.HasPrefix(e.Activation, "gelu") && !f.opts.EpilogueGELU {
			continue
		}
		same := true
		for _, o := range p.ops {
			same = same && slices.Contains(e.Ops, o)
		}
		if !same {
			continue
		}
		p.group = g
		g.nodes = append(g.nodes, p)
		merged[ep] = true
		f.stats.EpilogueFused++
	}
	return slices.DeleteFunc(groups, func(g *fgroup) bool { return merged[g] })
}

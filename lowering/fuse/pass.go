package fuse

import (
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// fusePass is the fuse pass.
type fusePass struct {
	pass.Base
	maxNodes, inlineCost, maxReads, maxDistance *int
	horizontal, epilogueGELU, remarks           *bool
	kernels, fused, realized, vertical, horiz   *pass.Statistic
	epilogues                                   *pass.Statistic
}

// NewPass returns the fuse pass.
func NewPass() pass.Pass {
	p := &fusePass{Base: pass.NewBase(pass.Info{
		Argument: "fuse",
		Name:     "Fuse",
		Summary:  "Group tensor ops into loops.kernel ops (Inductor's scheduler fusion)",
		Description: "Decomposes composites, then decides which values are recomputed by their consumers (views, " +
			"constants and cheap element-wise chains are inlined) and which are realized, and greedily fuses realized " +
			"nodes whose loops match: producers into consumers when the consumer reads the producer at the index it " +
			"writes (element-wise chains, pointwise prologues and epilogues of reductions, reductions feeding " +
			"reductions over the same rows), and independent nodes that read a common buffer over the same loops. " +
			"matmul and conv2d become kernels of kind matmul and conv, scatter_add of kind opaque; a transpose of the last " +
			"two dimensions feeding a matmul, and a kernel that only adds a bias to a matmul's product and applies relu " +
			"or gelu, join the matmul's kernel (read in place and computed in the GEMM's output tile). Each kernel is a " +
			"loops.kernel named fused_<ops>_<n> with a kind (pointwise, reduction, matmul, conv, opaque); only ops " +
			"that do not compute (tensor.dim, dense constants, calls) stay outside kernels.",
	})}
	o := p.Options()
	d := DefaultFuseOptions()
	p.maxNodes = o.Int("max-fusion-size", d.MaxNodes, "Largest number of realized nodes in one kernel")
	p.inlineCost = o.Int("inline-cost", d.InlineCost, "Largest per-element cost of a value recomputed by several consumers instead of stored (transcendental 8, division 2, other ops 1)")
	p.maxReads = o.Int("max-reads", d.MaxReads, "Largest number of distinct buffers one kernel reads")
	p.horizontal = o.Bool("horizontal", d.Horizontal, "Fuse independent nodes that read a common buffer over the same loops")
	p.maxDistance = o.Int("max-distance", d.MaxDistance, "Largest distance in program order (in nodes) of horizontally fused nodes")
	p.epilogueGELU = o.Bool("epilogue-gelu", d.EpilogueGELU, "Fuse gelu epilogues into matmuls too (bias and relu epilogues always fuse)")
	p.remarks = o.Bool("remarks", false, "Emit a remark for each pair of nodes left in different kernels, saying why they could not fuse")
	p.kernels = p.NewStatistic("num-kernels", "Number of loops.kernel ops created")
	p.fused = p.NewStatistic("num-fused-ops", "Number of tensor ops placed in kernels")
	p.realized = p.NewStatistic("num-realized", "Number of values realized instead of recomputed by consumers")
	p.vertical = p.NewStatistic("num-vertical", "Number of producer-consumer fusions")
	p.horiz = p.NewStatistic("num-horizontal", "Number of horizontal fusions")
	p.epilogues = p.NewStatistic("num-epilogues", "Number of bias/activation kernels fused into their matmul")
	return p
}

// Run fuses the functions nested in op.
func (p *fusePass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("fuse", op, &err)
	opts := FuseOptions{MaxNodes: *p.maxNodes, InlineCost: *p.inlineCost, MaxReads: *p.maxReads,
		Horizontal: *p.horizontal, MaxDistance: *p.maxDistance, EpilogueGELU: *p.epilogueGELU}
	if *p.remarks {
		opts.Remarks = am.Emit
	}
	st, err := Fuse(op, opts)
	p.kernels.Add(int64(st.Kernels))
	p.fused.Add(int64(st.FusedOps))
	p.realized.Add(int64(st.Realized))
	p.vertical.Add(int64(st.VerticalFused))
	p.horiz.Add(int64(st.HorizontalFused))
	p.epilogues.Add(int64(st.EpilogueFused))
	return err
}

// internalError turns a panic of a pass into a located error, as a last
// resort: a panic is a bug, but it must not take the driver down.
func internalError(name string, op *ir.Operation, err *error) {
	if r := recover(); r != nil {
		*err = ir.Errorf(op.Loc(), "%s: internal error: %v", name, r)
	}
}

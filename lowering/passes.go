package lowering

import (
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// fusePass is the fuse pass.
type fusePass struct {
	pass.Base
	maxNodes, inlineCost, maxReads, maxDistance *int
	horizontal                                  *bool
	kernels, fused, realized, vertical, horiz   *pass.Statistic
}

// NewFusePass returns the fuse pass.
func NewFusePass() pass.Pass {
	p := &fusePass{Base: pass.NewBase(pass.Info{
		Argument: "fuse",
		Name:     "Fuse",
		Summary:  "Group tensor ops into loops.kernel ops (Inductor's scheduler fusion)",
		Description: "Decomposes composites, then decides which values are recomputed by their consumers (views, " +
			"constants and cheap element-wise chains are inlined) and which are realized, and greedily fuses realized " +
			"nodes whose loops match: producers into consumers when the consumer reads the producer at the index it " +
			"writes (element-wise chains, pointwise prologues and epilogues of reductions, reductions feeding " +
			"reductions over the same rows), and independent nodes that read a common buffer over the same loops. " +
			"matmul and conv2d become kernels of kind matmul and conv, scatter_add of kind opaque. Each kernel is a " +
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
	p.kernels = p.NewStatistic("num-kernels", "Number of loops.kernel ops created")
	p.fused = p.NewStatistic("num-fused-ops", "Number of tensor ops placed in kernels")
	p.realized = p.NewStatistic("num-realized", "Number of values realized instead of recomputed by consumers")
	p.vertical = p.NewStatistic("num-vertical", "Number of producer-consumer fusions")
	p.horiz = p.NewStatistic("num-horizontal", "Number of horizontal fusions")
	return p
}

// internalError turns a panic of a pass into a located error, as a last
// resort: a panic is a bug, but it must not take the driver down.
func internalError(name string, op *ir.Operation, err *error) {
	if r := recover(); r != nil {
		*err = ir.Errorf(op.Loc(), "%s: internal error: %v", name, r)
	}
}

// Run fuses the functions nested in op.
func (p *fusePass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("fuse", op, &err)
	st, err := Fuse(op, FuseOptions{MaxNodes: *p.maxNodes, InlineCost: *p.inlineCost, MaxReads: *p.maxReads,
		Horizontal: *p.horizontal, MaxDistance: *p.maxDistance})
	p.kernels.Add(int64(st.Kernels))
	p.fused.Add(int64(st.FusedOps))
	p.realized.Add(int64(st.Realized))
	p.vertical.Add(int64(st.VerticalFused))
	p.horiz.Add(int64(st.HorizontalFused))
	return err
}

// lowerPass is the tensor-to-loops pass.
type lowerPass struct {
	pass.Base
	accF64, extern                         *bool
	kernels, calls, allocs, maxInputPasses *pass.Statistic
}

// NewTensorToLoopsPass returns the tensor-to-loops pass.
func NewTensorToLoopsPass() pass.Pass {
	p := &lowerPass{Base: pass.NewBase(pass.Info{
		Argument: "tensor-to-loops",
		Name:     "TensorToLoops",
		Summary:  "Bufferize functions and lower loops.kernel ops to loop nests over buffers",
		Description: "Function arguments and results become memrefs; every loops.kernel (and every computing tensor " +
			"op outside one) becomes a loop nest writing freshly allocated buffers: pointwise kernels loop over their " +
			"outputs, reduction kernels loop over the kept dimensions and, inside, once over the reduced dimensions " +
			"per stage, with accumulators in loops.for iter_args (the online softmax normalizer and Σa, Σa² moments " +
			"let log_softmax and layer_norm make two passes; softmax stores exp(x - max) into its output while " +
			"summing it and scales the output in place). Values inside a kernel are never stored (except into an " +
			"output that is rescaled in place); index arithmetic " +
			"is simplified and hoisted to the outermost loop where it is invariant. matmul (rank 2-3) and conv2d on " +
			"f32/f64 become loops.call_extern of tt.matmul and tt.conv2d. f16/bf16 are rejected with an error.",
		Anchor: builtin.ModuleDef.Name,
	})}
	o := p.Options()
	d := DefaultLowerOptions()
	p.accF64 = o.Bool("acc-f64", d.AccumulateF32InF64, "Accumulate f32 sums and means in f64 (as the interpreter does)")
	p.extern = o.Bool("extern", d.Extern, "Call the runtime kernels tt.matmul and tt.conv2d for matmul and conv2d")
	p.kernels = p.NewStatistic("num-kernels", "Number of kernels lowered")
	p.calls = p.NewStatistic("num-extern-calls", "Number of loops.call_extern ops emitted")
	p.allocs = p.NewStatistic("num-allocs", "Number of buffers allocated")
	p.maxInputPasses = p.NewStatistic("max-input-passes", "Largest number of passes over one function argument (innermost loops loading it)")
	return p
}

// Run lowers the module.
func (p *lowerPass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("tensor-to-loops", op, &err)
	st, err := TensorToLoops(op, LowerOptions{AccumulateF32InF64: *p.accF64, Extern: *p.extern})
	p.kernels.Add(int64(st.Kernels))
	p.calls.Add(int64(st.ExternCalls))
	p.allocs.Add(int64(st.Allocs))
	p.maxInputPasses.Add(int64(st.MaxInputPasses))
	return err
}

// memPass is the plan-memory pass.
type memPass struct {
	pass.Base
	before, after, deallocs, reused *pass.Statistic
}

// NewPlanMemoryPass returns the plan-memory pass.
func NewPlanMemoryPass() pass.Pass {
	p := &memPass{Base: pass.NewBase(pass.Info{
		Argument: "plan-memory",
		Name:     "PlanMemory",
		Summary:  "Free buffers after their last use and reuse freed buffers (Inductor's memory planning)",
		Description: "In every function with a single-block body, inserts loops.dealloc after the last use of each " +
			"buffer the function allocates and does not return, and replaces an allocation marked tt.overwritten " +
			"(tensor-to-loops marks the buffers it writes completely) by a buffer freed earlier of the same type and " +
			"dynamic sizes. Kernel-local values never have buffers in the first place. Reports the peak of live " +
			"allocated bytes before and after (static shapes only).",
	})}
	p.before = p.NewStatistic("peak-bytes-before", "Peak live bytes of allocated buffers before planning")
	p.after = p.NewStatistic("peak-bytes-after", "Peak live bytes of allocated buffers after planning")
	p.deallocs = p.NewStatistic("num-deallocs", "Number of loops.dealloc ops inserted")
	p.reused = p.NewStatistic("num-reused", "Number of allocations replaced by a freed buffer")
	return p
}

// Run plans the functions nested in op.
func (p *memPass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("plan-memory", op, &err)
	st, err := PlanMemory(op)
	p.before.Add(st.PeakBefore)
	p.after.Add(st.PeakAfter)
	p.deallocs.Add(int64(st.Deallocs))
	p.reused.Add(int64(st.Reused))
	return err
}

// Passes returns the factories of the lowering passes.
func Passes() []func() pass.Pass {
	return []func() pass.Pass{NewFusePass, NewTensorToLoopsPass, NewPlanMemoryPass}
}

// PipelineName is the name of the tensor-to-Go-ready-loops pipeline.
const PipelineName = "pt2-go"

// Pipeline returns the text of the pt2-go pipeline for a registry: stages
// 1-5 and 8 of docs/design/lowering.md, with parallelize and vectorize
// (stages 6 and 7) included when r has them.
func Pipeline(r *pass.Registry) string {
	text := "decompose,canonicalize,cse,fuse,tensor-to-loops,plan-memory"
	for _, name := range []string{"parallelize", "vectorize"} {
		if r.Lookup(name) != nil {
			text += "," + name
		}
	}
	return text + ",canonicalize,cse"
}

// Register adds the lowering passes to r. Call RegisterPipeline after every
// pass is registered.
func Register(r *pass.Registry) error {
	for _, f := range Passes() {
		if err := r.Register(f); err != nil {
			return err
		}
	}
	return nil
}

// RegisterPipeline registers the pt2-go pipeline with the stages r has.
func RegisterPipeline(r *pass.Registry) error {
	return r.RegisterPipeline(PipelineName, "Lower tensor functions to loops over buffers for the Go backend: "+Pipeline(r), Pipeline(r))
}

package tensortoloops

import (
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// lowerPass is the tensor-to-loops pass.
type lowerPass struct {
	pass.Base
	accF64, extern                         *bool
	kernels, calls, allocs, maxInputPasses *pass.Statistic
}

// NewPass returns the tensor-to-loops pass.
func NewPass() pass.Pass {
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
			"f32/f64 become loops.call_extern of tt.matmul and tt.conv2d. f16 and bf16 buffers keep their type; ops on them " +
			"compute in f32 between arith.extf and arith.truncf (one rounding per tensor op, as the interpreter).",
		Anchor: builtin.ModuleDef.Name,
	})}
	o := p.Options()
	d := DefaultOptions()
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
	st, err := TensorToLoops(op, Options{AccumulateF32InF64: *p.accF64, Extern: *p.extern})
	p.kernels.Add(int64(st.Kernels))
	p.calls.Add(int64(st.ExternCalls))
	p.allocs.Add(int64(st.Allocs))
	p.maxInputPasses.Add(int64(st.MaxInputPasses))
	return err
}

// internalError turns a panic of a pass into a located error, as a last
// resort: a panic is a bug, but it must not take the driver down.
func internalError(name string, op *ir.Operation, err *error) {
	if r := recover(); r != nil {
		*err = ir.Errorf(op.Loc(), "%s: internal error: %v", name, r)
	}
}

package transforms

import (
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// Passes returns the factories of the loop-level passes: plan-memory,
// parallelize and vectorize.
func Passes() []func() pass.Pass {
	return []func() pass.Pass{NewPlanMemoryPass, NewParallelizePass, NewVectorizePass}
}

// internalError turns a panic of a pass into a located error, as a last
// resort: a panic is a bug, but it must not take the driver down.
func internalError(name string, op *ir.Operation, err *error) {
	if r := recover(); r != nil {
		*err = ir.Errorf(op.Loc(), "%s: internal error: %v", name, r)
	}
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

// parallelizePass is the parallelize pass.
type parallelizePass struct {
	pass.Base
	threads, minChunk, block                        *int
	nests, parallel, loopsStat, strip, small, depen *pass.Statistic
}

// NewParallelizePass returns the parallelize pass.
func NewParallelizePass() pass.Pass {
	p := &parallelizePass{Base: pass.NewBase(pass.Info{
		Argument: "parallelize",
		Name:     "Parallelize",
		Summary:  "Run the outer loops of independent iterations on threads (loops.parallel)",
		Description: "Walks every loop nest from its outermost loop and turns the loops whose iterations are " +
			"independent (no carried values, each iteration writing its own slice of every buffer) into one " +
			"loops.parallel, with Inductor's heuristic: stop once the parallel iteration count reaches 2·threads " +
			"(or equals threads), or when the work per thread falls below min-chunk iterations of innermost loops. " +
			"Reductions are never split across the reduced dimension. An innermost loop chosen to be parallel is " +
			"strip-mined into blocks first, so it stays a unit-stride loop for vectorize.",
	})}
	o := p.Options()
	p.threads = o.Int("threads", 0, "Number of threads the code runs on (0: GOMAXPROCS of the compiler)")
	p.minChunk = o.Int("min-chunk", DefaultMinChunk, "Least work per thread, in iterations of innermost loops (Inductor's min_chunk_size)")
	p.block = o.Int("block", DefaultParallelBlock, "Iterations per parallel block of a strip-mined innermost loop")
	p.nests = p.NewStatistic("num-nests", "Number of loop nests examined")
	p.parallel = p.NewStatistic("num-parallel", "Number of loops.parallel ops created")
	p.loopsStat = p.NewStatistic("num-parallel-loops", "Number of loops.for ops made parallel")
	p.strip = p.NewStatistic("num-strip-mined", "Number of innermost loops split into parallel blocks")
	p.small = p.NewStatistic("num-too-small", "Number of nests left sequential for lack of work")
	p.depen = p.NewStatistic("num-dependent", "Number of nests left sequential because their outer loop is a reduction or its iterations may touch the same elements")
	return p
}

// Run parallelizes the loop nests nested in op.
func (p *parallelizePass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("parallelize", op, &err)
	st, err := Parallelize(op, ParallelizeOptions{Threads: *p.threads, MinChunk: *p.minChunk, Block: *p.block})
	p.nests.Add(int64(st.Nests))
	p.parallel.Add(int64(st.Parallel))
	p.loopsStat.Add(int64(st.Loops))
	p.strip.Add(int64(st.StripMined))
	p.small.Add(int64(st.Small))
	p.depen.Add(int64(st.Dependent))
	return err
}

// vectorizePass is the vectorize pass.
type vectorizePass struct {
	pass.Base
	w32, w64                                 *int
	loopsStat, reds, online, tails, scalarSt *pass.Statistic
	outer                                    *pass.Statistic
}

// NewVectorizePass returns the vectorize pass.
func NewVectorizePass() pass.Pass {
	p := &vectorizePass{Base: pass.NewBase(pass.Info{
		Argument: "vectorize",
		Name:     "Vectorize",
		Summary:  "Turn innermost unit-stride loops over f32/f64 into vector ops with a scalar tail",
		Description: "Innermost loops.for of step 1 whose loads and stores are unit-stride along the last dimension " +
			"become loops over vector<8xf32> (or vector<4xf64> when no f32 is involved): vector.load/store, arith and " +
			"math on vectors, vector.broadcast of invariant scalars, and the carried values the loop declares " +
			"reductions (its reductions attribute: addf, maxf, addi, ...) in vector accumulators finished by " +
			"vector.reduction; the original loop runs the remaining iterations. A declared online softmax normalizer " +
			"(online_max, online_sum) runs lane by lane and its lanes are merged after the loop. Loops carrying values " +
			"they do not declare reductions stay scalar. Vector reductions change the summation order (lane-wise " +
			"partial sums). Index arithmetic may divide by constants the width divides (reshaped indices). " +
			"Then loops.parallel ops whose nested loops stayed scalar and whose accesses are unit-stride in the " +
			"parallel variable run that many iterations as the lanes of vectors (reductions over leading " +
			"dimensions), each lane in the scalar order.",
	})}
	o := p.Options()
	p.w32 = o.Int("width-f32", DefaultWidthF32, "Lanes of loops over f32")
	p.w64 = o.Int("width-f64", DefaultWidthF64, "Lanes of loops over f64 only")
	p.loopsStat = p.NewStatistic("num-vectorized", "Number of loops vectorized")
	p.reds = p.NewStatistic("num-vector-reductions", "Number of reductions given vector accumulators")
	p.online = p.NewStatistic("num-online-normalizers", "Number of online softmax normalizers vectorized lane by lane")
	p.tails = p.NewStatistic("num-tails", "Number of scalar tail loops kept")
	p.scalarSt = p.NewStatistic("num-scalar", "Number of innermost loops over buffers left scalar")
	p.outer = p.NewStatistic("num-outer-vectorized", "Number of loops.parallel ops vectorized lane by lane")
	return p
}

// Run vectorizes the innermost loops nested in op.
func (p *vectorizePass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("vectorize", op, &err)
	st, err := Vectorize(op, VectorizeOptions{WidthF32: *p.w32, WidthF64: *p.w64})
	p.loopsStat.Add(int64(st.Loops))
	p.reds.Add(int64(st.Reductions))
	p.online.Add(int64(st.Online))
	p.tails.Add(int64(st.Tails))
	p.scalarSt.Add(int64(st.Scalar))
	p.outer.Add(int64(st.Outer))
	return err
}

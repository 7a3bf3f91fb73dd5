// Package lowering is tt's Inductor stage: it takes functions of tensor
// ops to loop nests over buffers (docs/design/lowering.md). It provides
// three passes and the pt2-go pipeline:
//
//   - fuse (Fuse) groups tensor ops into loops.kernel ops, one per fused
//     kernel, named fused_<ops>_<n> (matmul_<n>, conv2d_<n>,
//     scatter_add_<n> for the others) with a kind: pointwise, reduction,
//     matmul, conv or opaque;
//   - tensor-to-loops (TensorToLoops) bufferizes functions (tensor
//     arguments and results become memrefs) and turns every kernel into a
//     loop nest of loops.for over buffers, or a loops.call_extern of the
//     runtime kernels tt.matmul and tt.conv2d;
//   - plan-memory (PlanMemory) frees buffers after their last use and
//     reuses freed buffers of the same type;
//   - pt2-go (Pipeline, RegisterPipeline) is decompose, canonicalize, cse,
//     fuse, tensor-to-loops, plan-memory, [parallelize, vectorize when
//     registered], canonicalize, cse.
//
// # Fusion
//
// Fusion follows PT2's scheduler in two steps.
//
// Inlining (store versus recompute). Every value is either realized
// (computed by a node of its own and stored, unless its kernel is also
// where all its readers are) or inlined (recomputed by each consumer, at
// the index the consumer needs). Views (broadcast, transpose, reshape,
// slice) and constants (full, iota, splat constants, and constants whose
// elements are an affine function of the index, like a folded iota) are
// always inlined: they become index arithmetic in their consumers' loads.
// A pointwise value (element-wise ops, cmp, select, cast, pad, concat,
// gather, max_pool2d, reductions over no dimension) is inlined unless it is
// used by something other than a kernel (a return, a call, a matmul or
// conv2d operand: the runtime kernels read row-major buffers), or it is
// expensive (a per-element cost above FuseOptions.InlineCost, counting 8
// for transcendental functions, 2 for divisions and 1 for other ops, over
// the value and its inlined producers; PT2's realize_opcount_threshold) and
// either has several consumers or a consumer that reads each of its
// elements several times (a broadcast, a pooling window): expensive
// producers are never duplicated. Reductions, matmul, conv2d and
// scatter_add always are nodes.
//
// Scheduling. Nodes are merged greedily, producer/consumer pairs first,
// then pairs of nodes that read a common buffer, by bytes shared, for up to
// ten rounds. Two groups fuse when the union is one legal kernel:
//
//   - no matmul, conv2d or scatter_add node (they are kernels of their own);
//   - a pointwise kernel's nodes all have one shape (dynamic dimensions
//     known equal: a union-find over dimensions that element-wise ops,
//     reductions, transposes, tensor.dim and size operands make equal);
//   - a reduction kernel's reductions reduce the same dimensions of inputs
//     of one shape, and its pointwise nodes have that input's shape (full)
//     or the reduction result's (row, with or without the kept unit
//     dimensions);
//   - every read of a node of the group by another node of the group is at
//     exactly the index the producer writes (PT2's "identical index
//     expression" rule, checked on the symbolic index expressions of the
//     reads): element-wise for pointwise kernels; in reduction kernels the
//     producer's element of the same row (a row value broadcast along the
//     reduced dimensions), and a full value only by full values;
//   - fusing does not create a cycle between kernels (the group stays
//     convex in the dependence graph);
//   - at most FuseOptions.MaxNodes nodes and FuseOptions.MaxReads distinct
//     buffers read; independent nodes fuse only over inner reductions (the
//     reduced dimensions are the trailing ones, so rows are contiguous) and
//     when at most FuseOptions.MaxDistance nodes apart in program order.
//
// So an element-wise chain becomes one kernel, pointwise prologues and
// epilogues join their reductions, reductions over the same rows share a
// kernel (a reduction that depends on another becomes a later stage of the
// same kernel), and a value stored by a kernel is only ever read by later
// kernels (or by the kernel itself, when it rescales an output in place:
// see Loops). Values only read inside their kernel are never stored,
// except into the output such a kernel rescales.
//
// # Loops
//
// A pointwise kernel is one loop nest over the shape of its outputs, whose
// innermost body computes each output element and stores it. A reduction
// kernel loops over the kept dimensions of its reduction domain (the rows)
// and, inside, once over the reduced dimensions per stage: stage k computes
// the reductions depending on reductions of earlier stages only, with
// their accumulators in loops.for iter_args, and stores the full-shape
// outputs whose values depend on stages before k; row outputs are stored
// after the last stage. Two patterns put a dependent reduction in the same
// stage as the one it depends on:
//
//   - Σ exp(A - c), where c is constant along the reduction (a broadcast of
//     a row value): the online softmax normalizer keeps the running maximum
//     m of A and s = Σ exp(A - m), rescaling s by exp(m_old - m_new) when m
//     grows (in f64), and finishes with s·exp(m - c);
//   - Σ (A - c)²: Σ A and Σ A² in f64, finished as
//     Σ A² - c·Σ A - c·(Σ A - n·c), clamped at 0.
//
// A full-shape output of stage k that is an element-wise function of one
// costly value E (one that evaluates a transcendental function) and of row
// values only, with E computable in stage k-1, is stored through E: the
// pass of stage k-1 stores E into the output's buffer, and the pass of
// stage k reads it back from there (not from the kernel's inputs) and
// overwrites it with the output, a division by a row value becoming a
// multiplication by its reciprocal (computed once per row, from the f64
// sum when the divisor is a sum). Softmax, E / Σ E with E = exp(x - max),
// so makes one pass for the maximum and one storing E while summing it,
// then scales its output in place: one exponential per element (the online
// normalizer, which would need a second exponential for the output, is
// not used when E is stored this way). log_softmax, (x - max) - log Σ E,
// uses the online normalizer.
//
// Index arithmetic is symbolic (affine expressions with floordiv and mod
// by constants, simplified with the loops' bounds: the linearize and
// delinearize of a reshape of contiguous data fold away) and every value,
// index or scalar, is emitted in the outermost loop where it is invariant
// and shared within that loop; loads stay inside the kernel's outermost
// loop and inside the loops.if that guards them (pad, concat, padded
// pooling windows).
//
// Numerics: float sums and means accumulate in f64 (option acc-f64, the
// default; otherwise f32), as the interpreter does, and are rounded once;
// max, min and argmax accumulate in the element type (NaN propagates;
// argmax keeps the first maximum, NaN counting as the largest); integer
// sums accumulate in i64 and wrap. An f32 addition or subtraction of a row
// statistic and a per-element value (x - mean) is computed in f64 from the
// statistic's f64 value and rounded once, which avoids cancellation and
// matches the interpreter's composite kernels. matmul of rank 2 or 3 and
// conv2d on f32/f64 call tt.matmul and tt.conv2d (option extern); other
// matmuls (integers, rank > 3) and conv2d without extern become loop nests
// accumulating in the element type. Element types are f32, f64, i1, i32
// and i64: f16 and bf16 programs are rejected with a located error. Empty
// max/min reductions give -Inf/+Inf (the interpreter reports an error).
//
// # Passes over an input
//
// CountInputPasses defines the number of passes a function makes over a
// buffer: the number of innermost loops.for ops (loops with no loops.for
// nested in them) that load from it. Each such loop runs once per iteration
// of the loops around it, so the count is how many times every row of the
// buffer is read; loads hoisted out of innermost loops (row-constant
// reads) are not passes. With pt2-go, softmax makes 2 passes over its
// input (and one over its output), log_softmax 2, layer_norm 2, and an
// element-wise chain (GELU and friends) 1; the
// tensor-to-loops statistic max-input-passes reports the largest count over
// a module's function arguments.
//
// # Memory
//
// Kernel-local values are never allocated. plan-memory inserts
// loops.dealloc after the last use of each buffer a function allocates and
// does not return, and gives an allocation marked tt.overwritten (every
// buffer tensor-to-loops allocates: its code writes each element before
// reading it, so loops.alloc's zero fill is not needed) a buffer freed
// earlier of the same type and dynamic sizes instead of new memory. Its
// statistics peak-bytes-before and peak-bytes-after are the peaks of live
// allocated bytes (static shapes) before and after.
package lowering

// Package tensortoloops is the conversion from the tensor level to the
// loop level in the pt2-go pipeline: the tensor-to-loops pass bufferizes
// functions (tensor arguments and results become memrefs) and turns every
// loops.kernel that fuse formed into a loop nest of loops.for over
// buffers, or a loops.call_extern of the runtime kernels tt.matmul (with
// the transpose flags and the bias/activation epilogue fuse put in its
// kernel), tt.conv2d and tt.max_pool2d.
//
// The files follow the concerns: bufferize.go (function signatures,
// buffers, constants, loose ops), kernel.go (a kernel's loop nests:
// pointwise nests, reduction kernels and their stages), staging.go (which
// pass over the reduced dimensions computes what), reduce.go
// (accumulators, declared with their reduction kinds), elementwise.go
// (the scalar code of one element), rowstats.go (row statistics in f64),
// indexed.go (constants, pad, concat, gather), windows.go (max_pool2d,
// and matmul and conv2d elements as inner loops), extern.go (runtime
// kernel calls, scatter_add), widen.go (f16 and bf16 computed in f32),
// sizes.go (dimension sizes), indexing.go (index
// arithmetic, loads and stores), loopnest.go (loops and conditionals) and
// codegen.go (the generator: frames, hoisting and sharing of values).
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
// Every loops.for that carries values declares how it combines each of
// them (the reductions attribute, loops.ReductionsAttrName): addf, maxf,
// maxsi, ori... for plain accumulators (Σ A and Σ A² are two addf), the
// pair online_max, online_sum for the online normalizer, none for what is
// not a reduction (argmax's value and index, the state of an integer pow).
// The loop transforms read these declarations (vectorize splits declared
// reductions over lanes) instead of recognizing the patterns again.
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
// accumulating in the element type. Element types are f16, bf16, f32, f64,
// i1, i32 and i64. f16 and bf16 buffers keep their type, and the ops on
// them compute in f32 between casts (widen.go: one rounding per tensor op,
// as the interpreter; matmul passes its 16-bit buffers to tt.matmul with
// an f32 product). Empty
// max/min reductions give -Inf/+Inf (the interpreter reports an error).
//
// # Passes over an input
//
// analysis.CountInputPasses (dialects/loops/analysis) defines the number
// of passes a function makes over a buffer: the number of innermost loops.for ops (loops with no loops.for
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
// Kernel-local values are never allocated. Every buffer tensor-to-loops
// allocates is marked loops.OverwrittenAttrName (tt.overwritten): its code
// writes each element before reading it, so loops.alloc's zero fill is not
// needed, and plan-memory may give it a buffer freed earlier instead.
package tensortoloops

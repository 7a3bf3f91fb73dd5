// Package fuse is the tensor-level scheduler of the pt2-go pipeline (PT2
// Inductor's scheduler fusion): the fuse pass groups the tensor ops of each
// function into loops.kernel ops, one per fused kernel, named
// fused_<ops>_<n> (matmul_<n>, conv2d_<n>, scatter_add_<n> for the others)
// with a kind: pointwise, reduction, matmul, conv or opaque.
// tensor-to-loops (lowering/tensortoloops) then turns each kernel into a
// loop nest.
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
// conv2d operand: the runtime kernels read row-major buffers; a transpose
// of the last two dimensions whose users are all f32/f64 matmuls is the
// exception: it joins their kernels, and tt.matmul reads its operand in
// place with transpose_a or transpose_b), or it is
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
// After scheduling, a pointwise kernel of one node that only adds a bias
// (a rank-1 tensor broadcast along the last dimension) to a matmul's
// product and applies relu or gelu (opclass.MatchEpilogue; gelu unless
// FuseOptions.EpilogueGELU is off), the product's only user, joins the matmul's
// kernel: tt.matmul computes it in its output tile (Inductor's template
// epilogue fusion).
//
// So an element-wise chain becomes one kernel, pointwise prologues and
// epilogues join their reductions, reductions over the same rows share a
// kernel (a reduction that depends on another becomes a later stage of the
// same kernel), and a value stored by a kernel is only ever read by later
// kernels (or by the kernel itself, when it rescales an output in place:
// see lowering/tensortoloops). Values only read inside their kernel are never stored,
// except into the output such a kernel rescales.
package fuse

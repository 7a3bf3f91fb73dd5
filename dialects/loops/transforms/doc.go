// Package transforms holds the transformations of loop-level code (the
// loops dialect, as tensor-to-loops produces it), the last stages of the
// pt2-go pipeline (docs/design/lowering.md):
//
//   - plan-memory (PlanMemory): frees buffers after their last use and
//     reuses freed buffers of the same type for allocations marked
//     loops.OverwrittenAttrName (Inductor's memory planning);
//   - parallelize (Parallelize): turns the outer loops of independent
//     iterations into loops.parallel (Inductor's parallel depth heuristic,
//     independence by disjoint slices, strip-mining, collapse);
//   - vectorize (Vectorize): turns innermost unit-stride loops over
//     f32/f64 into vector ops with a scalar tail; carried values become
//     vector accumulators when the loop declares them reductions (the
//     reductions attribute of loops.for), including the online softmax
//     normalizer, which runs lane by lane.
//
// The analyses they share are in dialects/loops/analysis. Every entry point
// verifies what it built: a transform that made bad IR fails with the
// verifier's located error.
package transforms

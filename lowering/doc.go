// Package lowering holds pt2-go, tt's Inductor stage: the fixed pipeline
// that takes functions of tensor ops to loop nests over buffers ready for
// the Go emitter (docs/design/lowering.md). Its stages live where their
// level is:
//
//	dialects/tensor/transforms   decompose: composites into primitive ops
//	rewrite                      canonicalize, cse
//	lowering/fuse                fuse: tensor ops into loops.kernel ops (the scheduler)
//	lowering/tensortoloops       tensor-to-loops: bufferization, kernels into loop nests
//	dialects/loops/transforms    plan-memory, parallelize, vectorize
//
// lowering/internal holds what fuse and tensor-to-loops share (symbolic
// index expressions, the classes of tensor ops); dialects/loops/analysis
// what the loop-level passes share.
//
// Stages lists the pipeline in order and Order the constraints between
// its stages ("fuse before tensor-to-loops", with the reason), checked
// when the package is initialized, like the pass list of Go's SSA backend.
// RegisterPipeline registers the pipeline text made from Stages; Passes
// returns the factories of the passes the lowering packages define.
package lowering

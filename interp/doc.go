// Package interp is tt's reference interpreter: it runs the functions of a
// module op by op, with one kernel per operation, and is the reference
// every other backend (loops, vector, Go and PTX code) is compared with.
//
// # Running a function
//
//	reg := kernels.NewRegistry()           // or interp.NewRegistry() + builtink/arithk/tensork.Register
//	in := interp.New(module, reg)          // module: a parsed builtin.module
//	x, _ := interp.FromF32([]int64{2, 3}, data)
//	out, err := in.RunTensors("main", x)   // or Run / RunContext with []Value
//
// Arguments are checked against the function's signature (element type,
// rank, static dimensions); dynamic dimensions take the arguments' sizes
// and are checked by the kernels at run time. Results are checked against
// the result types. Every error is an *ir.Diagnostic located at the failing
// op, for example
//
//	model.mlir:3:8: error: tensor.matmul: inner dimensions differ at run time: 3 vs 4
//
// An Interpreter may run several functions concurrently.
//
// # Values
//
// Runtime values implement Value. Tensors, vectors and scalars are all
// *Tensor: an element type (DType: f16, bf16, f32, f64, i1, i32, i64,
// index), a shape and row-major storage in a typed slice ([]uint16 raw bits
// for f16 and bf16, []float32, []float64, []bool, []int32, []int64 for i64
// and index). A scalar is a rank-0 tensor; it conforms both to a scalar type
// (f32) and to a rank-0 tensor type (tensor<f32>). Tensors are immutable
// once a kernel has returned them, so kernels may share storage.
// Conversions: FromDense/ToDense (ir.DenseElementsAttr), FromNPY/ToNPY
// (runtime/npy), FromF32, FromFloats, ... and Close/Equal for comparisons.
//
// # Kernels
//
// A Kernel receives the operand values and returns the result values. A
// Registry maps op names to kernels; it is an ordinary value, and each
// dialect's kernels live in their own package with a Register function:
// interp/builtink (func.return, func.call, cf.br, cf.cond_br, cf.assert,
// builtin.unrealized_conversion_cast), interp/arithk (the arith and math
// dialects), interp/tensork (the tensor dialect), interp/loopsk,
// interp/vectork and interp/gpuk (the gpu dialect); interp/kernels
// registers them all. Through *Exec a kernel can run a region
// (RunRegion: loops and conditionals), call a function (CallFunction,
// bounded by MaxCallDepth), branch to a block (Branch) or end its region
// (Yield); Fork gives it an Exec for another goroutine (the threads of a
// GPU kernel). A kernel reports bad input with an error; a panic is recovered
// and reported as an internal error at the op, as a last resort.
//
// # Parallelism and determinism
//
// Large kernels use every core (GOMAXPROCS) through ParallelFor, whose
// chunks depend only on the problem size, never on the number of workers.
// Kernels accumulate each output element in a fixed order, so results are
// bit-identical from run to run and for any GOMAXPROCS.
package interp

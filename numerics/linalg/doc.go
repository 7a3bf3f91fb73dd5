// Package linalg holds tt's dense kernels: the batched matrix product
// (Matmul, the run-time kernel tt.matmul and the interpreter's
// tensor.matmul) and the 2-D convolution (Conv2D, tt.conv2d and
// tensor.conv2d, as im2col followed by the product). The name is MLIR's
// for the same kernels (linalg.matmul, linalg.batch_matmul,
// linalg.conv_2d_nchw_fchw): structured linear-algebra operations over
// whole buffers, as opposed to the element rules of package numerics.
//
// Both the interpreter (interp/tensork, interp/loopsk) and the Go code
// that emit/go generates run these functions, so a product is summed in
// the same order everywhere. Parallelism is injected: every kernel takes a
// ParallelFor, which the interpreter builds on interp.ParallelFor and
// generated code on its goroutine pool. A kernel never splits a sum
// between parallel chunks, so its result does not depend on the runner or
// on GOMAXPROCS.
//
// Floating-point sums are not correctly rounded and not the naive loop's:
// c[i,j] is summed over k in KC-deep slices, each slice from zero in k
// order, then added to c. One difference remains between the interpreter
// and generated code: gobuild compiles generated code for x86-64-v3 where
// the host has it, and there the Go compiler fuses the micro-kernel's
// multiply-adds into FMA instructions (rounding once instead of twice), so
// float results may differ in the last bits (tt.matmul's tolerance); the
// interpreter, built with Go's default GOAMD64=v1, never fuses them.
// Integer products wrap and are exact in any order.
//
// emit/go copies the package's source (Source) into generated files with
// its identifiers prefixed; the source follows numerics' rules (standard
// library only, no methods, no goroutines, no local identifier or struct
// field named like a package-level identifier).
package linalg

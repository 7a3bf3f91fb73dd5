// Package rt is the run-time support of the Go code that package goemit
// (tt's Go emitter) generates: the goroutine pool behind loops.parallel,
// the per-function buffer arenas, small helpers of the arith and math ops,
// and the extern kernels tt.matmul and tt.conv2d, which run package
// numerics/linalg's GEMM and convolution on the pool. What the ops compute
// is package numerics' (copied into generated code next to this package's
// declarations), so that generated code and the interpreter agree.
//
// Generated packages must depend on nothing but the standard library, so
// they do not import this package: the emitter copies the declarations a
// module needs (with everything they refer to) into the generated file.
// The package exists so that this code is compiled, vetted, tested and
// benchmarked as ordinary Go. Every top-level identifier starts with "tt",
// a prefix the emitter never gives to generated names.
//
// Nothing here is exported; emitted code is the only user. References to
// numerics and linalg (linalg.Matmul) are renamed when copied
// (ttLinalgMatmul), and the imports dropped.
package rt

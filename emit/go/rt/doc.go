// Package rt is the run-time support of the Go code that package goemit
// (tt's Go emitter) generates: the goroutine pool behind loops.parallel,
// the per-function buffer arenas, the arithmetic helpers that give arith
// and math ops the interpreter's exact semantics, and the extern kernels
// tt.matmul (a packed, cache-blocked, register-tiled GEMM) and tt.conv2d
// (im2col followed by the GEMM).
//
// Generated packages must depend on nothing but the standard library, so
// they do not import this package: the emitter copies the declarations a
// module needs (with everything they refer to) into the generated file.
// The package exists so that this code is compiled, vetted, tested and
// benchmarked as ordinary Go. Every top-level identifier starts with "tt",
// a prefix the emitter never gives to generated names.
//
// Nothing here is exported; emitted code is the only user.
package rt

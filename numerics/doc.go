// Package numerics is the one definition of what tt's element-level
// operations compute: the value of one element of tensor.max, arith.remf,
// math.ipowi, tensor.sigmoid, arith.fptosi, ... for every operand,
// special values included. Every part of tt that evaluates such an
// operation calls these functions: the constant folders (dialects/arith,
// dialects/tensor), the interpreter kernels (interp/arithk,
// interp/tensork, interp/vectork) and the Go code that emit/go generates,
// which copies this package's source (Source) into the generated file
// with the identifiers prefixed, because generated packages import
// nothing but the standard library. The dense kernels (GEMM and
// convolution) are in the subpackage linalg.
//
// The name says what the package is: the numerics of tt's operations,
// the rules that the dialect documentation (docs/dialects) states in
// words. It holds no IR: functions take and return Go numbers.
//
// # Reference semantics
//
// Each rule names what PyTorch, MLIR (LLVM) and C do and which one tt
// follows. The tensor dialect follows PyTorch (ATen on the CPU); arith,
// math and vector follow MLIR, and where MLIR leaves a result undefined
// (poison or undefined behaviour) tt picks the value that makes the
// lowering of a tensor op agree with the op itself. Where neither pins a
// result down, the choice is written next to the function.
//
// # Float results
//
// Float operations are IEEE 754 binary32 (f32) and binary64 (f64) with
// rounding to nearest even. f16 and bf16 values are computed in f32 (the
// tensor level, as PyTorch's CPU kernels do) or in float64 (the arith
// level) and rounded once to the format; see F32ToF16.
//
// NaN results: a rule that says "NaN" specifies that the result is a NaN,
// not which one. As in IEEE 754 and LLVM's LangRef, the sign and payload
// of a NaN are not part of tt's semantics, and two levels that both give
// a NaN agree. (The functions here return a NaN operand when there is one,
// left operand first, and otherwise the NaN Go's operation produces.)
// Signed zeros are part of the semantics: -0 and +0 are different results.
//
// # Accuracy of the fast f32 functions
//
// ExpF32, LogF32, TanhF32, ErfF32, SigmoidF32, GeluF32 and GeluTanhF32 are
// accurate to a few ulp (see each function) instead of correctly rounded,
// at a fraction of the cost of rounding the float64 functions of package
// math. They are the run-time semantics of math.exp, math.log, math.tanh
// and math.erf on f32 and of the tensor ops of those names, at every
// level. The one exception is compile-time folding of the math dialect
// (dialects/arith), which stays correctly rounded so that tt folds as
// mlir-opt does: a folded math.exp on f32 may differ from the run-time
// ExpF32 by the function's stated error (1 ulp for ExpF32 and LogF32, 2
// for TanhF32, 1 for ErfF32 on normal results).
//
// # Vector forms
//
// Built with GOEXPERIMENT=simd on amd64, the package also has the
// lane-wise forms of the fast f32 functions on simd/archsimd vectors, for
// the Go code emit/go generates: ExpF32x8, LogF32x8, TanhF32x8, ErfF32x8,
// SigmoidF32x8, GeluF32x8, GeluTanhF32x8, RsqrtF32x8 and ReciprocalF32x8
// on 8 lanes (AVX2), and the same names ending in x16 on 16 lanes
// (AVX-512). Each lane computes exactly what the scalar function computes
// (ExpF32, ..., Rsqrt[float32], Reciprocal[float32]): the same range
// reduction and polynomial, the same rounding of every product before
// the following addition (archsimd never fuses them), the scalar
// function's branches chosen lane by lane with masks, so the results are
// bitwise equal, NaN payloads aside, and the error bounds above hold
// unchanged. The caller checks the CPU (archsimd.X86.AVX2, AVX512). The
// 8-lane file is written by hand and the 16-lane one generated from it
// (internal/simdgen); the scalar and vector forms share their constants
// and coefficient tables, and the tests check that they agree.
//
// # Rules the source follows
//
// emit/go copies the source textually, so:
//   - the package imports only the standard library and nothing of tt's;
//   - every product that is followed by an addition is rounded by an
//     explicit conversion (float32(a*b) + c), so no compiler may fuse it
//     into an FMA (the Go specification allows fusion otherwise, and arm64
//     compilers do it), and the results do not depend on inlining;
//   - no local identifier shadows a package-level one (the emitter renames
//     package-level identifiers textually), and there are no methods,
//     struct types or goroutines.
package numerics

//go:generate go run ./internal/simdgen

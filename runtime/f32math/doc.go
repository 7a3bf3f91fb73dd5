// Package f32math holds fast single-precision elementary functions: Exp,
// Log, Tanh, Erf, Sigmoid and the two GELU forms, accurate to a few ulp
// (see each function) instead of correctly rounded, at a fraction of the
// cost of rounding the float64 functions of package math.
//
// They are shared by every part of tt that evaluates f32 math at run time,
// so that all of them agree bit for bit: the tensor-level interpreter
// kernels (interp/tensork), the arith and math kernels of the loop-level
// interpreter (interp/arithk), and the Go code that emit/go generates,
// which includes this package's source (Source) with the identifiers
// renamed, because generated packages import nothing but the standard
// library. Compile-time constant folding (dialects/arith) stays correctly
// rounded and does not use this package.
//
// Rules that keep the results identical wherever the code is compiled:
//   - the package imports only the standard library (math) and nothing of
//     tt's;
//   - every product that is followed by an addition is rounded by an
//     explicit conversion (float32(a*b) + c), so no compiler may fuse it
//     into an FMA (the Go specification allows fusion otherwise, and arm64
//     compilers do it), and the results do not depend on inlining;
//   - no local identifier shadows a package-level one (the emitter renames
//     package-level identifiers textually), and there are no methods,
//     struct types or goroutines.
//
// Special values follow IEEE 754 and C's expf/logf/tanhf/erff: NaN in,
// NaN out; overflow gives ±Inf, underflow ±0 (or a subnormal), and the
// functions never panic.
package f32math

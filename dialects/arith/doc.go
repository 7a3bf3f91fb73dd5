// Package arith defines MLIR's arith and math dialects: scalar and
// element-wise integer and floating-point arithmetic, comparisons, selects,
// casts and elementary functions, with MLIR 16's operation, operand and
// attribute names, custom assembly forms, verifier messages and folding
// behaviour.
//
// Two dialects are defined: Dialect ("arith") and MathDialect ("math").
// Load both with
//
//	ctx.MustLoadDialect(arith.Dialect, arith.MathDialect)
//
// # Compatibility with MLIR 16
//
// The printed syntax is MLIR 16's, so mlir-opt-16 reads what tt prints and
// tt reads what mlir-opt-16 prints, in the custom and in the generic form:
//
//   - The float maximum and minimum are spelled arith.maxf and arith.minf,
//     as in MLIR 16 (MLIR 17 renamed them to arith.maximumf and
//     arith.minimumf, which mlir-opt-16 does not know). The custom parser
//     also accepts the later spellings and reads them as maxf/minf.
//   - cmpi and cmpf store their predicate as an i64 integer attribute
//     (predicate = 4 : i64) and print it as a keyword (arith.cmpf olt, ...).
//   - Float operations carry MLIR's fastmath attribute
//     (#arith.fastmath<...>, printed fastmath<...> in the custom form). As
//     MLIR populates its default, the custom parser and the builders in this
//     package add fastmath = #arith.fastmath<none> when it is not written; an
//     op without the attribute means the same as none.
//
// Folders (the OpDef Fold hooks) and canonicalization patterns follow MLIR
// 16's: constant folding of scalars, splats and dense vectors/tensors with
// two's-complement semantics per bit width and IEEE semantics per float
// format (NaN propagation as LLVM's APFloat; maxf/minf propagate NaN and
// order -0 below +0), identities, and the canonicalization patterns of
// ArithCanonicalization.td that MLIR 16 has. As in MLIR, the folds also
// move the constant operand of commutative ops to the right and fold
// idempotent ops (andi, ori) with equal operands. MLIR 16's gaps and quirks
// are kept on purpose, since tt's canonicalizer is compared with
// mlir-opt-16's: extf is not folded; index_cast, index_castui, truncf, cmpi
// and cmpf fold scalar constants only; select does not fold a constant
// vector mask; ceildivsi and floordivsi fold the way MLIR 16's APInt code
// does (it ignores the overflow of intermediate negations, so
// ceildivsi(INT_MIN, 2) folds to a positive number); math functions fold
// for f32 and f64 only (absf, ceil, floor, roundeven, copysign for every
// format), and rsqrt, cbrt and fma do not fold.
//
// Math functions (exp, log, sin, pow, ...) fold to the correctly rounded
// result, evaluated with math/big (hpmath.go). mlir-opt-16 calls the C
// library, which is correctly rounded for nearly all f64 inputs but not for
// some f32 functions (glibc's expm1f, log1pf, log10f, tanf, atan2f, ...):
// there tt's result can be one unit in the last place away from
// mlir-opt-16's (the differential test TestFoldMatchesMLIR counts them).
//
// Other known differences from MLIR 16: integers wider than 64 bits are
// not constant-folded; f80 and f128 values (held as float64) are not
// folded; the core verifier's SameOperandsAndResultType requires identical
// types where MLIR accepts compatible shapes (tensor<4xf32> with
// tensor<?xf32>, generic form only); a fastmath attribute written in the
// generic form is printed back in the generic form as written (MLIR
// normalizes the flag list).
package arith

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
// idempotent ops (andi, ori) with equal operands.
//
// Known differences from MLIR 16: integers wider than 64 bits are not
// constant-folded; f80 and f128 values (held as float64) are not folded;
// math functions are computed with Go's math package rather than the C
// library, which may differ in the last bit for some f64 inputs.
package arith

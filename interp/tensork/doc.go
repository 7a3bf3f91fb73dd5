// Package tensork holds the interpreter kernels of the tensor dialect
// (docs/contract.md, dialects/tensor): every op of the dialect plus
// tensor.dim, with PyTorch's ATen semantics. Register adds them to an
// interp.Registry.
//
// # Element types
//
// Kernels compute f32, f64, i1, i32, i64 and index tensors natively. f16
// and bf16 tensors are widened to f32 (exactly), computed in f32, and the
// results rounded back to nearest even, once per op, as PyTorch's CPU
// kernels do. Integer arithmetic wraps (two's complement).
//
// # Semantics decisions
//
// Where the dialect leaves a choice (or says "undefined"), the kernels
// follow PyTorch 1.13 on x86 CPUs unless noted:
//
//   - div on integers truncates toward zero (torch.div with
//     rounding_mode="trunc": torch.div on ints would return floats, which
//     the dialect's same-type rule excludes); division by zero is a run-time
//     error, as PyTorch raises one; MIN / -1 wraps to MIN.
//   - pow on integers is ATen's: wrapping repeated squaring; a negative
//     exponent gives 1 for base 1, ±1 for base -1, 0 otherwise.
//   - max and min propagate NaN (torch.maximum); -0 counts below +0
//     (numerics.Maximum). ATen itself returns either zero depending on the
//     code path; this choice agrees with the dialect's folder and with
//     arith.maximumf, which tensor.max lowers to.
//   - On i1, add and max are "or", mul and min are "and"; sub, div and pow
//     are errors.
//   - relu is x < 0 ? 0 : x (NaN and -0 pass through); sign(NaN) = 0;
//     abs of the most negative integer is itself.
//   - f32 exp, log, tanh and erf use the float32 routines of package
//     numerics, accurate to 1-2 ulp (like the SLEEF routines of ATen's
//     vector kernels) and shared with the loop-level interpreter and the
//     generated Go code; sigmoid is 1/(1+exp(-x)) and GELU its
//     decomposition's formula, both computed in f32 on those routines as
//     PyTorch and the lowered code compute them; the other f32
//     transcendentals are computed in float64 and rounded once.
//   - Every rule above is a function of package numerics, which the
//     folders and the generated code use too.
//   - cast: float to integer truncates toward zero, and NaN or out-of-range
//     values give the type's minimum (what x86 and therefore PyTorch
//     produce); integers wrap; anything to i1 is x != 0 (NaN is true); i1
//     is 0 or 1; f64 to f16/bf16 rounds through f32, as c10::Half does.
//     NaNs become the canonical quiet NaN of f16 (sign kept) and bf16.
//   - full, iota, broadcast and reshape take dynamic result sizes from
//     their `sizes` operands; broadcast can also take them from the
//     operand, and reshape infers one dynamic dimension from the count.
//     reshape shares the operand's storage.
//   - slice checks 0 <= start <= limit <= size and step >= 1 at run time.
//   - pad accepts negative amounts (cropping, as F.pad), beyond the
//     dialect's contract; value defaults to 0.
//   - gather and scatter_add accept i64 (or i32) indices and reject
//     out-of-range ones, negative ones included, as index_select does.
//     scatter_add adds repeated indices in index order; on f16 it rounds
//     once at the end (ATen rounds every addition).
//   - Reductions: an empty dims list is the identity (the dialect's rule);
//     an absent one reduces everything. Float sums accumulate in float64.
//     max and min propagate NaN and reject empty reductions (as amax); the
//     mean of nothing is NaN; the mean of integers is an error (as
//     torch.mean). Integer sums wrap to the result's integer type; on i1,
//     sum counts, max is any and min is all.
//   - argmax returns the first maximal index, and the first NaN if there is
//     one; an empty dimension is an error.
//   - matmul: f32 accumulates in f32 (per KC-deep slice of the GEMM) like
//     BLAS; integers wrap; K = 0 gives zeros.
//   - conv2d runs as im2col + GEMM (pointwise convolutions skip im2col);
//     floats only, as ATen on CPU.
//   - max_pool2d pads with -inf, propagates NaN, needs padding <= kernel/2,
//     and also accepts an optional dilation and integer inputs.
//   - softmax and log_softmax subtract the maximum first and sum in
//     float64; a slice holding NaN or +Inf, or only -Inf, becomes NaN.
//   - layer_norm computes the mean and the biased variance in float64 (two
//     passes); with a single operand it has no affine part.
//   - cross_entropy rejects targets outside [0, C) (the dialect has no
//     ignore_index; an optional ignore_index attribute enables PyTorch's
//     behaviour); the mean of an empty batch is NaN; reduction "none" is
//     accepted too.
//   - tensor.dim accepts negative dimensions, and MLIR's form with the
//     dimension as an index operand.
//
// # Performance
//
// Element-wise kernels split tensors of more than ~32K elements into
// fixed-size chunks run on all cores (interp.ParallelFor). Reductions,
// softmax and layer_norm run in parallel over rows or (outer, column
// chunk) pairs, each output accumulated in a fixed order, so results do
// not depend on GOMAXPROCS. matmul uses a packed, cache-blocked GEMM with
// a register-tiled 2×4 micro-kernel in plain Go (see gemm.go), parallel
// over row blocks and column groups; conv2d feeds it through im2col.
package tensork

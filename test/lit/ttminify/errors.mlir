// tt-minify's usage errors.
// RUN: not tt-minify %s --random-inputs 1 2>&1 | filecheck %s --check-prefix=NOPRED
// NOPRED: tt-minify: give exactly one predicate: --compare A,B, --error BACKEND, --crash PIPELINE or --command CMD
// RUN: not tt-minify %s --random-inputs 1 --compare tensor,loops 2>&1 | filecheck %s --check-prefix=AGREE
// AGREE: tt-minify: tensor and loops agree within 1e-05 on @f (or one of them fails): nothing to minimize
// RUN: not tt-minify %s --random-inputs 1 --error loops 2>&1 | filecheck %s --check-prefix=NOERR
// NOERR: tt-minify: @f runs without error on loops: nothing to minimize
// RUN: not tt-minify %s --random-inputs 1 --compare tensor,ptx 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: tt-minify: unknown backend "ptx" (known: tensor, loops, go, ptxsim)
// RUN: not tt-minify %s --compare tensor,loops 2>&1 | filecheck %s --check-prefix=INPUTS
// INPUTS: tt-minify: @f takes 1 argument
// RUN: not tt-minify 2>&1 | filecheck %s --check-prefix=NOFILE
// NOFILE: tt-minify: expected one input file (FILE.mlir)
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}

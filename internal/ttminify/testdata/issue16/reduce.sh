#!/bin/bash
# Reduces the larger programs in original/ that embed the five bug classes
# of issue 16 with tt-minify --command, the predicates running tools built
# from a tree before the fixes (docs/minify.md).
#   TT_OLD: directory with the old tt-opt and tt-run
#   TT_NEW: directory with this tree's tt-minify and tt-run
#   TT_PREDICATES (set here): original/, where the predicate scripts are
#   $1: output directory (the minimized lit tests and their inputs)
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
TT_PREDICATES=$here/original
export TT_OLD TT_NEW TT_PREDICATES
cd "$here/original"
AG='"builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})"'
r() {
  name=$1; shift
  s=$(date +%s.%N)
  res=$("$TT_NEW/tt-minify" "$@" --out "$out" --name "$name" 2>&1)
  e=$(date +%s.%N)
  printf '%s\t%s\t%.1f s\n' "$name" "$res" "$(echo "$e - $s" | bc)"
}
r fusion_cycle c1_fusion_cycle.mlir --command '"$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(pt2-go)" 2>&1 | grep -q "fused kernels form a cycle"'
r empty_go c2_empty_go.mlir --random-inputs 1 --command '"$TT_OLD/tt-run" module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --backend go 2>&1 | grep -q "declared and not used"'
r vjp_mixed c3_vjp_mixed.mlir --random-inputs 1 --command '"$TT_OLD/tt-opt" module.mlir --pass-pipeline='"$AG"' 2>&1 | grep -q "gradient rule of .* produced tensor<.*> for operand #. of type"'
r vjp_matmul c3b_vjp_matmul.mlir --random-inputs 1 --command '"$TT_OLD/tt-opt" module.mlir --pass-pipeline='"$AG"' 2>&1 | grep -q "gradient rule of .* produced tensor<.*> for operand #. of type"'
r broadcast_one c4_broadcast_one.mlir --input c4_in0.npy --input c4_in1.npy --input c4_in2.npy --input c4_in3.npy --command 'bash "$TT_PREDICATES/broadcast_shape.sh"'
r dynamic_vjp c5_dynamic_vjp.mlir --input c5_in0.npy --input c5_in1.npy --input c5_in2.npy --input c5_in3.npy --input c5_in4.npy --command '"$TT_OLD/tt-opt" module.mlir --pass-pipeline='"$AG"' 2>&1 | grep -q "needs static shapes"'
r dynamic_vjp_conv2d c5b_dynamic_cnn.mlir --input c5b_in0.npy --input c5b_in1.npy --input c5b_in2.npy --input c5b_in3.npy --input c5b_in4.npy --command '"$TT_OLD/tt-opt" module.mlir --pass-pipeline='"$AG"' 2>&1 | grep -q "gradient of tensor.conv2d needs static shapes"'
r dynamic_vjp_max_pool2d c5c_dynamic_pool.mlir --input c5b_in0.npy --input c5b_in1.npy --input c5b_in3.npy --input c5b_in4.npy --command '"$TT_OLD/tt-opt" module.mlir --pass-pipeline='"$AG"' 2>&1 | grep -q "gradient of tensor.max_pool2d needs static shapes"'

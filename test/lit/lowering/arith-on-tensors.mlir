// arith and math ops are element-wise on tensors (as in MLIR): between
// tensor ops they fuse into the pointwise kernels, and every backend
// computes what the tensor-level interpreter does. pt2-go used to fail
// with "internal error: no definition for a kernel value".

// RUN: tt-opt %s --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=LOOPS
// LOOPS-LABEL: func.func @chain
// LOOPS: loops.for
// LOOPS: arith.addf {{.*}} : f32
// LOOPS-NEXT: arith.negf {{.*}} : f32
// LOOPS-NEXT: math.exp {{.*}} : f32
// LOOPS-NOT: loops.for
// LOOPS: return

// RUN: tt-run %s --entry chain --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy | filecheck %s --check-prefix=CHAIN
// RUN: tt-run %s --entry chain --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=CHAIN
// RUN: tt-run %s --entry chain --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --backend go | filecheck %s --check-prefix=CHAIN
// RUN: tt-run %s --entry chain --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --backend ptxsim | filecheck %s --check-prefix=CHAIN
// CHAIN: values [0.135335, 0.173774, 0.135335, 0.22313]
func.func @chain(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = tensor.add %x, %y : tensor<4xf32>
  %h = arith.negf %a : tensor<4xf32>
  %e = tensor.exp %h : tensor<4xf32>
  return %e : tensor<4xf32>
}

// Float and integer arith and math ops, comparisons, selects and
// trapping integer divisions on tensors.
// RUN: tt-run %s --entry mixed --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --input %S/Inputs/arith_i.npy --input %S/Inputs/arith_j.npy | filecheck %s --check-prefix=MIXED
// RUN: tt-run %s --entry mixed --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --input %S/Inputs/arith_i.npy --input %S/Inputs/arith_j.npy --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=MIXED
// RUN: tt-run %s --entry mixed --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --input %S/Inputs/arith_i.npy --input %S/Inputs/arith_j.npy --backend go | filecheck %s --check-prefix=MIXED
// RUN: tt-run %s --entry mixed --input %S/Inputs/arith_x.npy --input %S/Inputs/arith_y.npy --input %S/Inputs/arith_i.npy --input %S/Inputs/arith_j.npy --backend ptxsim | filecheck %s --check-prefix=MIXED
// MIXED: result #0
// MIXED: values [-1, 12, 2, 0]
// MIXED: result #1
// MIXED: values [20, -32, 0, 32]
func.func @mixed(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %j: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %a = tensor.add %x, %y : tensor<4xf32>
  %h = arith.negf %a : tensor<4xf32>
  %m = arith.mulf %h, %x : tensor<4xf32>
  %fl = math.floor %m : tensor<4xf32>
  %ab = math.absf %fl : tensor<4xf32>
  %c = arith.cmpf olt, %ab, %y : tensor<4xf32>
  %s = arith.select %c, %ab, %h : tensor<4xi1>, tensor<4xf32>
  %e = tensor.mul %s, %y : tensor<4xf32>
  %k = tensor.add %i, %j : tensor<4xi32>
  %d = arith.divsi %k, %j : tensor<4xi32>
  %r = arith.remsi %i, %j : tensor<4xi32>
  %q = arith.addi %d, %r : tensor<4xi32>
  %sh = arith.shli %q, %j : tensor<4xi32>
  return %e, %sh : tensor<4xf32>, tensor<4xi32>
}

// Canonicalize folds arith ops on constant tensors to an arith.constant
// of tensor type, which the kernels read like a tensor.constant.
// RUN: tt-opt %s --pass-pipeline 'builtin.module(canonicalize)' | filecheck %s --check-prefix=CANON
// CANON-LABEL: func.func @folded
// CANON: arith.constant dense<{{.*}}> : tensor<4xf32>
// RUN: tt-run %s --entry folded --input %S/Inputs/arith_y.npy --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=FOLDED
// RUN: tt-run %s --entry folded --input %S/Inputs/arith_y.npy --backend go | filecheck %s --check-prefix=FOLDED
// RUN: tt-run %s --entry folded --input %S/Inputs/arith_y.npy --backend ptxsim | filecheck %s --check-prefix=FOLDED
// FOLDED: values [-0.75, 9, 3, 1]
func.func @folded(%y: tensor<4xf32>) -> tensor<4xf32> {
  %x = tensor.constant dense<[1.5, -2.25, 3.0, -0.5]> : tensor<4xf32>
  %h = arith.negf %x : tensor<4xf32>
  %r = tensor.mul %h, %y : tensor<4xf32>
  return %r : tensor<4xf32>
}

// arith conversions on tensors convert as tensor.cast does, and move f16
// values without computing on them (the exp computes in f32, rounded once).
// RUN: tt-run %s --entry half --input %S/Inputs/arith_y.npy | filecheck %s --check-prefix=HALF
// RUN: tt-run %s --entry half --input %S/Inputs/arith_y.npy --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=HALF
// RUN: tt-run %s --entry half --input %S/Inputs/arith_y.npy --backend go | filecheck %s --check-prefix=HALF
// RUN: tt-run %s --entry half --input %S/Inputs/arith_y.npy --backend ptxsim | filecheck %s --check-prefix=HALF
// HALF: values [-1.64844, -54.5938, -0.36792, -7.39062]
func.func @half(%x: tensor<4xf32>) -> tensor<4xf32> {
  %h = arith.truncf %x : tensor<4xf32> to tensor<4xf16>
  %e = tensor.exp %h : tensor<4xf16>
  %w = arith.extf %e : tensor<4xf16> to tensor<4xf32>
  %n = arith.negf %w : tensor<4xf32>
  return %n : tensor<4xf32>
}

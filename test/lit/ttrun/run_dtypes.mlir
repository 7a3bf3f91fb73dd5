// Results of every element type are written with the documented .npy
// dtypes (npycmp compares dtypes too): f64 <f8, f16 <f2, bf16 <f4
// (widened), i1 |b1, i32 <i4, i64 <i8, index <i8. The wanted values are
// PyTorch's x.double(), x.half(), x.bfloat16().float(), x > 0,
// x.argmax(1).int(), x.argmax(1) and 8.
// RUN: tt-run %s --input %S/Inputs/x.npy --out %t
// RUN: npycmp %t/out0.npy %S/Inputs/dtypes_want_f64.npy --rtol 0 --atol 0
// RUN: npycmp %t/out1.npy %S/Inputs/dtypes_want_f16.npy --rtol 0 --atol 0
// RUN: npycmp %t/out2.npy %S/Inputs/dtypes_want_bf16.npy --rtol 0 --atol 0
// RUN: npycmp %t/out3.npy %S/Inputs/dtypes_want_i1.npy
// RUN: npycmp %t/out4.npy %S/Inputs/dtypes_want_i32.npy
// RUN: npycmp %t/out5.npy %S/Inputs/dtypes_want_i64.npy
// RUN: npycmp %t/out6.npy %S/Inputs/dtypes_want_index.npy
// The .npy headers carry NumPy's descr strings.
// RUN: head -c 60 %t/out0.npy | grep -q "'descr': '<f8'"
// RUN: head -c 60 %t/out1.npy | grep -q "'descr': '<f2'"
// RUN: head -c 60 %t/out2.npy | grep -q "'descr': '<f4'"
// RUN: head -c 60 %t/out3.npy | grep -q "'descr': '|b1'"
// RUN: head -c 60 %t/out4.npy | grep -q "'descr': '<i4'"
// RUN: head -c 60 %t/out5.npy | grep -q "'descr': '<i8'"
// RUN: head -c 60 %t/out6.npy | grep -q "'descr': '<i8'"
// A dtype mismatch is a difference for npycmp.
// RUN: not npycmp %t/out4.npy %S/Inputs/dtypes_want_i64.npy 2>&1 | filecheck %s --check-prefix=DTYPE
// DTYPE: npycmp: {{.*}}out4.npy vs {{.*}}dtypes_want_i64.npy: dtype: got int32, want int64
// The summary of each type.
// RUN: tt-run %s --input %S/Inputs/x.npy | filecheck %s

func.func @dtypes(%x: tensor<4x8xf32>) -> (tensor<4x8xf64>, tensor<4x8xf16>, tensor<4x8xbf16>, tensor<4x8xi1>, tensor<4xi32>, tensor<4xi64>, index) {
  %0 = tensor.cast %x : tensor<4x8xf32> -> tensor<4x8xf64>
  %1 = tensor.cast %x : tensor<4x8xf32> -> tensor<4x8xf16>
  %2 = tensor.cast %x : tensor<4x8xf32> -> tensor<4x8xbf16>
  %zero = tensor.full 0.000000e+00 : f32 -> tensor<4x8xf32>
  %3 = tensor.cmp gt, %x, %zero : tensor<4x8xf32>
  %5 = tensor.argmax %x dim = 1 : tensor<4x8xf32>
  %4 = tensor.cast %5 : tensor<4xi64> -> tensor<4xi32>
  %6 = tensor.dim %x dim = 1 : tensor<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4x8xf64>, tensor<4x8xf16>, tensor<4x8xbf16>, tensor<4x8xi1>, tensor<4xi32>, tensor<4xi64>, index
}

// CHECK:      result #0: tensor<4x8xf64>
// CHECK-NEXT:   shape [4 8], dtype f64, 32 elements
// CHECK:      result #1: tensor<4x8xf16>
// CHECK:      result #2: tensor<4x8xbf16>
// CHECK-NEXT:   shape [4 8], dtype bf16, 32 elements
// CHECK:      result #3: tensor<4x8xi1>
// CHECK-NEXT:   shape [4 8], dtype i1, 32 elements
// CHECK-NEXT:   values [{{(true|false)}}, {{.*}}, ...]
// CHECK-NEXT:   {{[0-9]+}} true, {{[0-9]+}} false
// CHECK:      result #4: tensor<4xi32>
// CHECK-NEXT:   shape [4], dtype i32, 4 elements
// CHECK-NEXT:   values [{{[0-7]}}, {{[0-7]}}, {{[0-7]}}, {{[0-7]}}]
// CHECK-NEXT:   min {{[0-7]}}, max {{[0-7]}}
// CHECK:      result #6: index
// CHECK-NEXT:   shape [], dtype index, 1 element
// CHECK-NEXT:   values [8]

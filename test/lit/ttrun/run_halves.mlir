// Arguments of type f16 come from float16 .npy files, bf16 from float32
// files (rounded to nearest even), index from rank-0 int64 files. Wanted
// values: torch.neg(x.half()), torch.relu(x.bfloat16()).float(),
// torch.full((3,), 1.5).
// RUN: tt-run %s --entry neg_f16 --input %S/Inputs/x_f16.npy --out %t.f16 && npycmp %t.f16/out0.npy %S/Inputs/f16_neg_want.npy --rtol 0 --atol 0
// RUN: tt-run %s --entry relu_bf16 --input %S/Inputs/x.npy --out %t.bf16 && npycmp %t.bf16/out0.npy %S/Inputs/bf16_relu_want.npy --rtol 0 --atol 0
// RUN: tt-run %s --entry full --input %S/Inputs/n3.npy --out %t.full && npycmp %t.full/out0.npy %S/Inputs/full_want.npy
// A float32 file is not an f16 argument, nor a float16 file a bf16 one.
// RUN: not tt-run %s --entry neg_f16 --input %S/Inputs/x.npy 2>&1 | filecheck %s --check-prefix=F16
// F16: tt-run: argument #0 (%arg0) of @neg_f16 has type tensor<4x8xf16>, but {{.*}}x.npy holds float32 [4 8] (tensor<4x8xf32>)
// RUN: not tt-run %s --entry relu_bf16 --input %S/Inputs/x_f16.npy 2>&1 | filecheck %s --check-prefix=BF16
// BF16: tt-run: argument #0 (%arg0) of @relu_bf16 has type tensor<4x8xbf16>, but {{.*}}x_f16.npy holds float16 [4 8] (tensor<4x8xf16>)
// An index argument takes a rank-0 int64 array.
// RUN: not tt-run %s --entry full --input %S/Inputs/x.npy 2>&1 | filecheck %s --check-prefix=INDEX
// INDEX: tt-run: argument #0 (%arg0) of @full has type index, but {{.*}}x.npy holds float32 [4 8] (tensor<4x8xf32>)

func.func @neg_f16(%x: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %0 = tensor.neg %x : tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

func.func @relu_bf16(%x: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %0 = tensor.relu %x : tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

func.func @full(%n: index) -> tensor<?xf32> {
  %0 = tensor.full 1.500000e+00 : f32 sizes(%n) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

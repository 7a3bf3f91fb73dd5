// A multi-head self-attention block: batch 8, sequence 128, width 256,
// 4 heads of 64: Q, K, V projections, scaled scores, softmax, weighted
// values, output projection and the residual (a benchmark model of
// tt-bench).
func.func @attention(%x: tensor<8x128x256xf32>, %wq: tensor<256x256xf32>, %wk: tensor<256x256xf32>, %wv: tensor<256x256xf32>, %wo: tensor<256x256xf32>) -> tensor<8x128x256xf32> {
  %x2 = tensor.reshape %x : tensor<8x128x256xf32> -> tensor<1024x256xf32>
  %q = tensor.matmul %x2, %wq : tensor<1024x256xf32>, tensor<256x256xf32>
  %k = tensor.matmul %x2, %wk : tensor<1024x256xf32>, tensor<256x256xf32>
  %v = tensor.matmul %x2, %wv : tensor<1024x256xf32>, tensor<256x256xf32>
  %q4 = tensor.reshape %q : tensor<1024x256xf32> -> tensor<8x128x4x64xf32>
  %qt = tensor.transpose %q4 perm = [0, 2, 1, 3] : tensor<8x128x4x64xf32>
  %q3 = tensor.reshape %qt : tensor<8x4x128x64xf32> -> tensor<32x128x64xf32>
  %k4 = tensor.reshape %k : tensor<1024x256xf32> -> tensor<8x128x4x64xf32>
  %kt = tensor.transpose %k4 perm = [0, 2, 3, 1] : tensor<8x128x4x64xf32>
  %k3 = tensor.reshape %kt : tensor<8x4x64x128xf32> -> tensor<32x64x128xf32>
  %v4 = tensor.reshape %v : tensor<1024x256xf32> -> tensor<8x128x4x64xf32>
  %vt = tensor.transpose %v4 perm = [0, 2, 1, 3] : tensor<8x128x4x64xf32>
  %v3 = tensor.reshape %vt : tensor<8x4x128x64xf32> -> tensor<32x128x64xf32>
  %s = tensor.matmul %q3, %k3 : tensor<32x128x64xf32>, tensor<32x64x128xf32>
  %c = tensor.full 1.250000e-01 : f32 -> tensor<32x128x128xf32>
  %ss = tensor.mul %s, %c : tensor<32x128x128xf32>
  %p = tensor.softmax %ss dim = 2 : tensor<32x128x128xf32>
  %o = tensor.matmul %p, %v3 : tensor<32x128x128xf32>, tensor<32x128x64xf32>
  %o4 = tensor.reshape %o : tensor<32x128x64xf32> -> tensor<8x4x128x64xf32>
  %ot = tensor.transpose %o4 perm = [0, 2, 1, 3] : tensor<8x4x128x64xf32>
  %o2 = tensor.reshape %ot : tensor<8x128x4x64xf32> -> tensor<1024x256xf32>
  %y = tensor.matmul %o2, %wo : tensor<1024x256xf32>, tensor<256x256xf32>
  %y3 = tensor.reshape %y : tensor<1024x256xf32> -> tensor<8x128x256xf32>
  %r = tensor.add %y3, %x : tensor<8x128x256xf32>
  return %r : tensor<8x128x256xf32>
}

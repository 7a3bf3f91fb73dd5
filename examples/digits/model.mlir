// A 64-64-10 MLP for 8x8 digit images, trained with cross-entropy.
// @loss is differentiated by aot-autograd into @loss_grad; @predict
// classifies a batch of any size.

func.func @loss(%x: tensor<64x64xf32>, %y: tensor<64xi64>,
                %w1: tensor<64x64xf32>, %b1: tensor<64xf32>,
                %w2: tensor<64x10xf32>, %b2: tensor<10xf32>) -> tensor<f32> {
  %logits = call @forward(%x, %w1, %b1, %w2, %b2) : (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x10xf32>, tensor<10xf32>) -> tensor<64x10xf32>
  %l = tensor.cross_entropy %logits, %y reduction = "mean" : tensor<64x10xf32>, tensor<64xi64>
  return %l : tensor<f32>
}

func.func private @forward(%x: tensor<64x64xf32>, %w1: tensor<64x64xf32>, %b1: tensor<64xf32>,
                           %w2: tensor<64x10xf32>, %b2: tensor<10xf32>) -> tensor<64x10xf32> {
  %h = tensor.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x64xf32>
  %bb1 = tensor.broadcast %b1 dims = [1] : tensor<64xf32> -> tensor<64x64xf32>
  %h1 = tensor.add %h, %bb1 : tensor<64x64xf32>
  %a = tensor.relu %h1 : tensor<64x64xf32>
  %o = tensor.matmul %a, %w2 : tensor<64x64xf32>, tensor<64x10xf32>
  %bb2 = tensor.broadcast %b2 dims = [1] : tensor<10xf32> -> tensor<64x10xf32>
  %logits = tensor.add %o, %bb2 : tensor<64x10xf32>
  return %logits : tensor<64x10xf32>
}

func.func @predict(%x: tensor<?x64xf32>, %w1: tensor<64x64xf32>, %b1: tensor<64xf32>,
                   %w2: tensor<64x10xf32>, %b2: tensor<10xf32>) -> tensor<?xi64> {
  %n = tensor.dim %x dim = 0 : tensor<?x64xf32>
  %h = tensor.matmul %x, %w1 : tensor<?x64xf32>, tensor<64x64xf32>
  %bb1 = tensor.broadcast %b1 dims = [1] sizes(%n) : tensor<64xf32> -> tensor<?x64xf32>
  %h1 = tensor.add %h, %bb1 : tensor<?x64xf32>
  %a = tensor.relu %h1 : tensor<?x64xf32>
  %o = tensor.matmul %a, %w2 : tensor<?x64xf32>, tensor<64x10xf32>
  %bb2 = tensor.broadcast %b2 dims = [1] sizes(%n) : tensor<10xf32> -> tensor<?x10xf32>
  %logits = tensor.add %o, %bb2 : tensor<?x10xf32>
  %cls = tensor.argmax %logits dim = 1 : tensor<?x10xf32>
  return %cls : tensor<?xi64>
}

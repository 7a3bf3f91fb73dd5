// A 784-1024-1024-10 MLP with ReLU on a batch of 256: @mlp computes the
// logits (a benchmark model of the interpreter; the lowering tests run it on
// a smaller batch), @loss their mean cross-entropy against class labels
// (tt-bench differentiates it and times an SGD step).
func.func @mlp(%x: tensor<256x784xf32>, %w1: tensor<784x1024xf32>, %b1: tensor<1024xf32>, %w2: tensor<1024x1024xf32>,
               %b2: tensor<1024xf32>, %w3: tensor<1024x10xf32>, %b3: tensor<10xf32>) -> tensor<256x10xf32> {
  %0 = tensor.matmul %x, %w1 : tensor<256x784xf32>, tensor<784x1024xf32>
  %1 = tensor.broadcast %b1 dims = [1] : tensor<1024xf32> -> tensor<256x1024xf32>
  %2 = tensor.add %0, %1 : tensor<256x1024xf32>
  %3 = tensor.relu %2 : tensor<256x1024xf32>
  %4 = tensor.matmul %3, %w2 : tensor<256x1024xf32>, tensor<1024x1024xf32>
  %5 = tensor.broadcast %b2 dims = [1] : tensor<1024xf32> -> tensor<256x1024xf32>
  %6 = tensor.add %4, %5 : tensor<256x1024xf32>
  %7 = tensor.relu %6 : tensor<256x1024xf32>
  %8 = tensor.matmul %7, %w3 : tensor<256x1024xf32>, tensor<1024x10xf32>
  %9 = tensor.broadcast %b3 dims = [1] : tensor<10xf32> -> tensor<256x10xf32>
  %10 = tensor.add %8, %9 : tensor<256x10xf32>
  return %10 : tensor<256x10xf32>
}

func.func @loss(%x: tensor<256x784xf32>, %y: tensor<256xi64>, %w1: tensor<784x1024xf32>, %b1: tensor<1024xf32>,
                %w2: tensor<1024x1024xf32>, %b2: tensor<1024xf32>, %w3: tensor<1024x10xf32>, %b3: tensor<10xf32>) -> tensor<f32> {
  %logits = call @mlp(%x, %w1, %b1, %w2, %b2, %w3, %b3) : (tensor<256x784xf32>, tensor<784x1024xf32>, tensor<1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x10xf32>, tensor<10xf32>) -> tensor<256x10xf32>
  %l = tensor.cross_entropy %logits, %y reduction = "mean" : tensor<256x10xf32>, tensor<256xi64>
  return %l : tensor<f32>
}

package rt

import "github.com/tt-compiler/tt/numerics/linalg"

// The extern kernels of loops.call_extern: package linalg's Matmul, Gemm,
// Conv2D and MaxPool2D (copied into generated code with the prefix
// ttLinalg) on the goroutine pool, their errors raised as run failures.

// ttMatmul is tt.matmul: batch products of m×k by k×n matrices; a and b
// have batchA and batchB matrices (each 1 or batch), c has batch.
func ttMatmul[T linalg.Number](batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T) {
	if err := linalg.Matmul(ttParallelFor, batch, m, n, k, a, batchA, b, batchB, c); err != nil {
		ttFailf("tt.matmul: %v", err)
	}
}

// ttGemm is tt.matmul with its transpose_a and transpose_b flags and its
// epilogue: bias (n elements, or nil) added to every row, then the named
// activation ("" for none).
func ttGemm[T linalg.Number](batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T, transA, transB bool, bias []T, activation string) {
	ep := linalg.Epilogue[T]{Bias: bias}
	if activation != "" {
		act, ok := linalg.ParseActivation(activation)
		if !ok {
			ttFailf("tt.matmul: unknown activation %q", activation)
		}
		ep.Act = act
	}
	if err := linalg.Gemm(ttParallelFor, batch, m, n, k, a, batchA, b, batchB, c, linalg.Layout{TransA: transA, TransB: transB}, ep); err != nil {
		ttFailf("tt.matmul: %v", err)
	}
}

// ttConv2D is tt.conv2d; xs, ws and outs are the buffers' shapes.
func ttConv2D[T linalg.Number](x []T, xs [4]int, w []T, ws [4]int, out []T, outs [4]int, stride, pad, dil [2]int, groups int) {
	if err := linalg.Conv2D(ttParallelFor, x, xs, w, ws, out, outs, stride, pad, dil, groups); err != nil {
		ttFailf("tt.conv2d: %v", err)
	}
}

// ttMaxPool2D is tt.max_pool2d; xs and outs are the buffers' shapes (NCHW).
func ttMaxPool2D[T linalg.Number](x []T, xs [4]int, out []T, outs [4]int, kernel, stride, pad, dil [2]int) {
	if xs[0] != outs[0] || xs[1] != outs[1] {
		ttFailf("tt.max_pool2d: input %v and output %v differ in batch or channels", xs, outs)
	}
	p := linalg.Pool2D{Kernel: kernel, Stride: stride, Padding: pad, Dilation: dil}
	if err := linalg.MaxPool2D(ttParallelFor, xs[0]*xs[1], xs[2], xs[3], x, outs[2], outs[3], out, p); err != nil {
		ttFailf("tt.max_pool2d: %v", err)
	}
}

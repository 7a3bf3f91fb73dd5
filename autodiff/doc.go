// Package autodiff is tt's AOTAutograd: graph-level, ahead-of-time
// reverse-mode differentiation of tensor-dialect functions, and the min-cut
// partitioner that splits the joint forward+backward graph into a forward
// function (returning the values to save) and a backward function
// (recomputing cheap values instead of saving them when that saves memory).
//
// Differentiation works on a func.func whose body is a single block of
// tensor ops. Like AOTAutograd, it traces through calls: the joint graph is
// built from a copy of the function with its callees (single-block
// func.funcs with bodies) inlined by rewrite.Inline, so the user's
// functions stay as they are; calls to declarations and recursion are
// located errors. Every differentiable op has a vector-Jacobian-product rule
// (see Rules) written as tensor-dialect IR; composites (softmax, layer_norm,
// cross_entropy, gelu, ...) have efficient rules of their own instead of
// differentiating their decompositions. Gradients follow PyTorch's
// conventions at kinks: relu'(0) = 0, abs'(0) = 0, ties of max/min and of
// reduce_max/reduce_min are split evenly, max_pool2d routes to the first
// maximum of each window.
//
// Sizes: every operand's gradient has the operand's type (a rule that
// computes a size as dynamic where the operand has it static, or the
// reverse, gets a reshape view to the operand's type). A broadcast from a
// dynamic size may expand it at run time (size 1 to n) or not; its
// gradient decides at run time too, summing over the dimension only when
// the operand's size is 1, unless the broadcast's size operand is
// tensor.dim of the operand (the sizes are then known equal). Every rule
// differentiates with dynamic sizes: slice, pad and concat gather or add
// rows at run-time offsets where a static slice or pad cannot say them;
// conv2d and max_pool2d with dynamic batch, channel or spatial sizes
// gather each window position's elements at run-time rows, place their
// gradients back with scatter_add and compute reshape sizes with index
// arithmetic (rules_nn_dynamic.go). The one static requirement left is
// conv2d's kernel sizes (the weight's last two dimensions), which the
// loop level requires in the forward pass as well (a located error).
//
// The aot-autograd{func=NAME} pass adds, next to @NAME:
//
//	@NAME_fwd(args...) -> (results..., saved...)
//	@NAME_bwd(saved..., result_grads...) -> (grads...)
//	@NAME_grad(args...) -> (result, grads...)   // single rank-0 float result
//
// where grads are for every floating-point argument, in argument order.
package autodiff

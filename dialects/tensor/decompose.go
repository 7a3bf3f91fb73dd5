package tensor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Composites lists the short names of the ops that have decompositions
// into the other ops of the dialect, in the order the decompose pass
// documents them.
var Composites = []string{"gelu", "softmax", "log_softmax", "layer_norm", "cross_entropy", "reduce_mean"}

// decomposers maps a composite's full name to its decomposition.
var decomposers = map[string]func(b *ir.Builder, op *ir.Operation) (ir.Value, error){
	GeluDef.Name:         decomposeGeluOp,
	SoftmaxDef.Name:      decomposeSoftmaxOp,
	LogSoftmaxDef.Name:   decomposeLogSoftmaxOp,
	LayerNormDef.Name:    decomposeLayerNormOp,
	CrossEntropyDef.Name: decomposeCrossEntropyOp,
	ReduceMeanDef.Name:   decomposeReduceMeanOp,
}

// IsComposite reports whether op has a decomposition.
func IsComposite(op *ir.Operation) bool { return decomposers[op.Name()] != nil }

// DecomposeOp builds the decomposition of the composite op at b's
// insertion point, with op's location, and returns the value that
// replaces op's result. It changes nothing and returns an error when op is
// not a valid composite. The caller replaces and erases op.
func DecomposeOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	fn := decomposers[op.Name()]
	if fn == nil {
		return nil, fmt.Errorf("'%s' has no decomposition", op.Name())
	}
	if op.Def() == nil {
		return nil, fmt.Errorf("'%s' is not registered", op.Name())
	}
	if err := ir.Verify(op); err != nil {
		return nil, fmt.Errorf("cannot decompose an invalid op: %v", err)
	}
	saved := b.Loc
	b.Loc = op.Loc()
	defer func() { b.Loc = saved }()
	return fn(b, op)
}

// ParseCompositeList turns names such as "softmax" or "tensor.softmax" into
// the set of full op names to decompose; an empty list means every
// composite. Unknown names are an error.
func ParseCompositeList(names []string) (map[string]bool, error) {
	set := map[string]bool{}
	if len(names) == 0 {
		names = Composites
	}
	for _, n := range names {
		n = strings.TrimPrefix(strings.TrimSpace(n), "tensor.")
		if !slices.Contains(Composites, n) {
			return nil, fmt.Errorf("'%s' is not a composite tensor op (expected one of %s)", n, strings.Join(Composites, ", "))
		}
		set["tensor."+n] = true
	}
	return set, nil
}

// Decompose rewrites every composite op in root's regions (and root
// itself) whose name is in ops (short or full names; all composites when
// ops is empty) into other tensor ops, repeating until none is left, so
// composites produced by decompositions (the reduce_mean of layer_norm)
// are decomposed too when selected.
func Decompose(root *ir.Operation, ops []string) error {
	_, err := DecomposeCount(root, ops)
	return err
}

// DecomposeCount is Decompose, also returning how many ops it decomposed.
func DecomposeCount(root *ir.Operation, ops []string) (int, error) {
	set, err := ParseCompositeList(ops)
	if err != nil {
		return 0, err
	}
	n := 0
	for round := 0; round < len(Composites)+1; round++ {
		var todo []*ir.Operation
		root.Walk(func(o *ir.Operation) {
			if set[o.Name()] {
				todo = append(todo, o)
			}
		})
		if len(todo) == 0 {
			return n, nil
		}
		for _, o := range todo {
			if err := replaceWithDecomposition(o); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, fmt.Errorf("decompose: composites left after %d rounds", len(Composites)+1)
}

// replaceWithDecomposition decomposes op in place.
func replaceWithDecomposition(op *ir.Operation) error {
	if op.Block() == nil {
		return ir.OpError(op, "cannot decompose an op that is not in a block")
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	v, err := DecomposeOp(b, op)
	if err != nil {
		return ir.OpError(op, "%v", err)
	}
	op.ReplaceAllUsesWith([]ir.Value{v})
	op.Erase()
	return nil
}

// DecompositionPatterns returns rewrite patterns that decompose the
// selected composites (see ParseCompositeList), for the greedy driver.
func DecompositionPatterns(ops []string) ([]ir.RewritePattern, error) {
	set, err := ParseCompositeList(ops)
	if err != nil {
		return nil, err
	}
	var out []ir.RewritePattern
	for _, name := range Composites {
		if full := "tensor." + name; set[full] {
			out = append(out, &ir.Pattern{Root: full, Priority: 1, Label: "decompose-" + name, Rewrite: rewriteDecompose})
		}
	}
	return out, nil
}

// rewriteDecompose is the rewrite function of the decomposition patterns.
func rewriteDecompose(op *ir.Operation, rw *ir.PatternRewriter) bool {
	rw.SetInsertionPointBefore(op)
	v, err := DecomposeOp(&rw.Builder, op)
	if err != nil {
		return false
	}
	rw.ReplaceOp(op, []ir.Value{v})
	return true
}

// ---- Helpers ----

// tensorType returns the ranked tensor type of v (verified ops only).
func tensorType(v ir.Value) *ir.RankedTensorType {
	t, _ := asTensor(v.Type())
	return t
}

// dynamicSizes returns tensor.dim values for the dynamic dims of like.
func dynamicSizes(b *ir.Builder, like ir.Value) []ir.Value {
	var out []ir.Value
	for i, d := range tensorType(like).Shape() {
		if d == ir.Dynamic {
			out = append(out, Dim(b, like, int64(i)))
		}
	}
	return out
}

// splatLike returns a tensor of like's type filled with v.
func splatLike(b *ir.Builder, like ir.Value, v float64) ir.Value {
	return Full(b, tensorType(like), v, dynamicSizes(b, like)...)
}

// broadcastLike broadcasts v (of like's rank, with size-1 dims) to like's
// shape, dimension by dimension.
func broadcastLike(b *ir.Builder, v, like ir.Value) ir.Value {
	lt := tensorType(like)
	if v.Type() == ir.Type(b.Ctx.Tensor(lt.Shape(), tensorType(v).Elem)) && countDynamic(lt.Shape()) == 0 {
		return v
	}
	return broadcastInto(b, v, iotaDims(0, lt.Rank()), like)
}

// broadcastInto broadcasts v along dims into the shape of like.
func broadcastInto(b *ir.Builder, v ir.Value, dims []int64, like ir.Value) ir.Value {
	return Broadcast(b, v, dims, tensorType(like).Shape(), dynamicSizes(b, like)...)
}

// iotaDims returns lo, lo+1, ..., hi-1.
func iotaDims(lo, hi int) []int64 {
	out := make([]int64, 0, max(hi-lo, 0))
	for i := lo; i < hi; i++ {
		out = append(out, int64(i))
	}
	return out
}

// isHalf reports whether t is f16 or bf16.
func isHalf(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16)
}

// upcast runs fn on xs converted to f32 when x (the first) is f16 or
// bf16, and converts the result back, so a decomposition rounds once, as
// ATen's CPU kernels of the composites do. Non-float operands pass as is.
func upcast(b *ir.Builder, fn func(xs []ir.Value) ir.Value, xs ...ir.Value) ir.Value {
	elem := tensorType(xs[0]).Elem
	if !isHalf(elem) {
		return fn(xs)
	}
	wide := make([]ir.Value, len(xs))
	for i, x := range xs {
		wide[i] = x
		if isHalf(tensorType(x).Elem) {
			wide[i] = Cast(b, x, b.Ctx.F32())
		}
	}
	return Cast(b, fn(wide), elem)
}

// ---- Decompositions ----

func decomposeGeluOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	return DecomposeGelu(b, op.Operand(0), Approximate(op)), nil
}

// DecomposeGelu builds gelu(x) from elementary ops: (x * 0.5) * (1 +
// erf(x * 1/√2)), or with approximate "tanh",
// (x * 0.5) * (1 + tanh(√(2/π) * (x + 0.044715 * ((x * x) * x)))): exactly
// the formulas of numerics.GeluF32 and its siblings, which the interpreter
// computes, in the same order with the same constants.
func DecomposeGelu(b *ir.Builder, x ir.Value, approximate string) ir.Value {
	return upcast(b, func(xs []ir.Value) ir.Value {
		x := xs[0]
		var inner ir.Value
		if approximate == "tanh" {
			cube := Mul(b, Mul(b, x, x), x)
			poly := Add(b, x, Mul(b, splatLike(b, x, numerics.GeluTanhCubic), cube))
			inner = Tanh(b, Mul(b, splatLike(b, x, numerics.GeluTanhBeta), poly))
		} else {
			inner = Erf(b, Mul(b, x, splatLike(b, x, numerics.GeluInvSqrt2)))
		}
		half := Mul(b, x, splatLike(b, x, 0.5))
		return Mul(b, half, Add(b, splatLike(b, x, 1), inner))
	}, x)
}

func decomposeSoftmaxOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	d, ok := NormalizedDim(op)
	if !ok {
		return nil, fmt.Errorf("bad dim")
	}
	return DecomposeSoftmax(b, op.Operand(0), d), nil
}

// shiftedByMax returns x - max(x, dim), broadcast back to x's shape.
func shiftedByMax(b *ir.Builder, x ir.Value, dim int) ir.Value {
	m := ReduceMax(b, x, []int64{int64(dim)}, true)
	return Sub(b, x, broadcastLike(b, m, x))
}

// DecomposeSoftmax builds the numerically stable softmax along dim
// (normalized, >= 0): e = exp(x - max(x)); e / sum(e).
func DecomposeSoftmax(b *ir.Builder, x ir.Value, dim int) ir.Value {
	return upcast(b, func(xs []ir.Value) ir.Value {
		e := Exp(b, shiftedByMax(b, xs[0], dim))
		s := ReduceSum(b, e, []int64{int64(dim)}, true)
		return Div(b, e, broadcastLike(b, s, e))
	}, x)
}

func decomposeLogSoftmaxOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	d, ok := NormalizedDim(op)
	if !ok {
		return nil, fmt.Errorf("bad dim")
	}
	return DecomposeLogSoftmax(b, op.Operand(0), d), nil
}

// DecomposeLogSoftmax builds the numerically stable log-softmax along dim
// (normalized, >= 0): s = x - max(x); s - log(sum(exp(s))).
func DecomposeLogSoftmax(b *ir.Builder, x ir.Value, dim int) ir.Value {
	return upcast(b, func(xs []ir.Value) ir.Value {
		s := shiftedByMax(b, xs[0], dim)
		lse := Log(b, ReduceSum(b, Exp(b, s), []int64{int64(dim)}, true))
		return Sub(b, s, broadcastLike(b, lse, s))
	}, x)
}

func decomposeLayerNormOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	k, ok := NormalizedDims(op)
	if !ok {
		return nil, fmt.Errorf("bad normalized_dims")
	}
	return DecomposeLayerNorm(b, op.Operand(0), op.Operand(1), op.Operand(2), k, Eps(op)), nil
}

// DecomposeLayerNorm builds layer normalization over the last k dims:
// (x - mean) * rsqrt(var + eps) * gamma + beta, with the biased variance
// mean((x - mean)²).
func DecomposeLayerNorm(b *ir.Builder, x, gamma, beta ir.Value, k int, eps float64) ir.Value {
	return upcast(b, func(xs []ir.Value) ir.Value {
		x, gamma, beta := xs[0], xs[1], xs[2]
		r := tensorType(x).Rank()
		dims := iotaDims(r-k, r)
		xc := Sub(b, x, broadcastLike(b, ReduceMean(b, x, dims, true), x))
		variance := ReduceMean(b, Mul(b, xc, xc), dims, true)
		rstd := Rsqrt(b, Add(b, variance, splatLike(b, variance, eps)))
		y := Mul(b, xc, broadcastLike(b, rstd, xc))
		y = Mul(b, y, broadcastInto(b, gamma, dims, y))
		return Add(b, y, broadcastInto(b, beta, dims, y))
	}, x, gamma, beta)
}

func decomposeCrossEntropyOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	return DecomposeCrossEntropy(b, op.Operand(0), op.Operand(1), Reduction(op)), nil
}

// checkedTargets gathers the class ids [0, C) at the targets: the targets
// themselves, but a target out of range fails at run time (the gather's
// bounds check, located at the cross_entropy), as it does in PyTorch,
// instead of matching no class of the one-hot mask.
func checkedTargets(b *ir.Builder, target ir.Value, logits *ir.RankedTensorType, sizes []ir.Value) ir.Value {
	c := logits.Shape()[1]
	var csize []ir.Value
	if c == ir.Dynamic {
		csize = sizes[len(sizes)-1:]
	}
	ids := Iota(b, b.Ctx.Tensor([]int64{c}, b.Ctx.I64()), 0, csize...)
	// The gather's location names what it checks, for the error.
	loc := b.Loc
	b.Loc = &ir.NameLoc{Name: CrossEntropyDef.Name + " target", Child: loc}
	defer func() { b.Loc = loc }()
	return Gather(b, ids, target, 0)
}

// DecomposeCrossEntropy builds the cross-entropy of logits [N, C] and
// target [N]: the log_softmax picked at the target class through a one-hot
// mask (iota == broadcast target, checked by checkedTargets), summed per row, negated, and averaged
// (reduce_mean, for "mean") or summed ("sum") over the rows. log_softmax
// and reduce_mean are composites themselves, decomposed in turn by
// Decompose when selected.
func DecomposeCrossEntropy(b *ir.Builder, logits, target ir.Value, reduction string) ir.Value {
	return upcast(b, func(xs []ir.Value) ir.Value {
		logits, target := xs[0], xs[1]
		lsm := LogSoftmax(b, logits, 1)
		lt := tensorType(logits)
		sizes := dynamicSizes(b, logits)
		classes := Iota(b, b.Ctx.Tensor(lt.Shape(), b.Ctx.I64()), 1, sizes...)
		labels := Broadcast(b, checkedTargets(b, target, lt, sizes), []int64{0}, lt.Shape(), sizes...)
		picked := Select(b, Cmp(b, "eq", classes, labels), lsm, splatLike(b, lsm, 0))
		perRow := ReduceSum(b, picked, []int64{1}, false)
		kind := "mean"
		if reduction == "sum" {
			kind = "sum"
		}
		return Neg(b, Reduce(b, kind, perRow, []int64{0}, false))
	}, logits, target)
}

func decomposeReduceMeanOp(b *ir.Builder, op *ir.Operation) (ir.Value, error) {
	dims, ok := ReduceDims(op)
	if !ok {
		return nil, fmt.Errorf("bad dims")
	}
	ds := make([]int64, len(dims))
	for i, d := range dims {
		ds[i] = int64(d)
	}
	return DecomposeReduceMean(b, op.Operand(0), ds, KeepDim(op)), nil
}

// DecomposeReduceMean builds reduce_sum(x) / count, with count the product
// of the reduced sizes: a constant when they are static, else the sum of a
// tensor of ones shaped like x (so dynamic sizes need no index arithmetic).
func DecomposeReduceMean(b *ir.Builder, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return upcast(b, func(xs []ir.Value) ir.Value {
		x := xs[0]
		s := ReduceSum(b, x, dims, keepdim)
		count, static := int64(1), true
		shape := tensorType(x).Shape()
		for _, d := range dims {
			n, _ := normDim(d, len(shape), "dims")
			if shape[n] == ir.Dynamic {
				static = false
			}
			count *= shape[n]
		}
		if static {
			return Div(b, s, splatLike(b, s, float64(count)))
		}
		return Div(b, s, ReduceSum(b, splatLike(b, x, 1), dims, keepdim))
	}, x)
}

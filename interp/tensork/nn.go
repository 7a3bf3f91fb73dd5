package tensork

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

func registerNN(r *interp.Registry) {
	r.Register(tensor.SoftmaxName, halfAware(softmaxKernel(false)))
	r.Register(tensor.LogSoftmaxName, halfAware(softmaxKernel(true)))
	r.Register(tensor.LayerNormName, halfAware(layerNormKernel))
	r.Register(tensor.CrossEntropyName, halfAware(crossEntropyKernel))
}

// expOf returns the exponential for the element type: numerics.ExpF32 for
// float32, numerics.ExpF64 for float64.
func expOf[T floatT]() func(T) T {
	var z T
	if _, ok := any(z).(float32); ok {
		f := numerics.ExpF32
		return any(f).(func(T) T)
	}
	return func(v T) T { return T(numerics.ExpF64(float64(v))) }
}

// ---- softmax ----

// softmaxKernel is torch.softmax / torch.log_softmax along `dim`, computed
// stably: exp(x - max) / Σ exp(x - max), and x - max - log Σ exp(x - max),
// with the sums in float64. A NaN or +Inf in a slice makes it all NaN, and
// a slice of -Inf is NaN, as in PyTorch.
func softmaxKernel(logOut bool) interp.Kernel {
	return func(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := tensorArgs(args, 1)
		if err != nil {
			return nil, err
		}
		x := ts[0]
		if err := requireFloat(x); err != nil {
			return nil, err
		}
		d, err := interp.AttrInt(op, "dim")
		if err != nil {
			return nil, err
		}
		rank := max(x.Rank(), 1)
		dim, err := interp.NormalizeDim(d, rank)
		if err != nil {
			return nil, err
		}
		shape := x.Shape()
		if x.Rank() == 0 {
			shape = []int64{1}
		}
		outer, size, inner := splitAt(shape, dim)
		out := interp.MustNewTensor(x.DType(), x.Shape())
		if x.DType() == interp.F32 {
			softmax(x.F32(), out.F32(), outer, size, inner, logOut)
		} else {
			softmax(x.F64(), out.F64(), outer, size, inner, logOut)
		}
		return ret(out)
	}
}

// softmax normalizes [outer, n, inner] data along the middle dimension.
func softmax[T floatT](x, out []T, outer, n, inner int, logOut bool) {
	if n == 0 {
		return
	}
	exp := expOf[T]()
	if inner == 1 {
		x32, _ := any(x).([]float32)
		o32, _ := any(out).([]float32)
		interp.ParallelFor(outer, max(1, (32<<10)/(8*n)), func(lo, hi int) {
			for r := lo; r < hi; r++ {
				if x32 != nil && softmaxRowF32(x32[r*n:(r+1)*n], o32[r*n:(r+1)*n], logOut) {
					continue
				}
				softmaxRow(x[r*n:(r+1)*n], out[r*n:(r+1)*n], exp, logOut)
			}
		})
		return
	}
	const chunk = 256
	chunks := (inner + chunk - 1) / chunk
	interp.ParallelFor(outer*chunks, max(1, (32<<10)/(8*n*max(1, min(chunk, inner)))), func(lo, hi int) {
		m := make([]T, chunk)
		s := make([]float64, chunk)
		for t := lo; t < hi; t++ {
			o, c := t/chunks, t%chunks
			i0, i1 := c*chunk, min(inner, (c+1)*chunk)
			softmaxCols(x, out, o, n, inner, i0, i1, m[:i1-i0], s[:i1-i0], exp, logOut)
		}
	})
}

// softmaxRowF32 is the fast path of softmaxRow for float32 rows whose
// maximum is finite; it reports false (doing nothing) for other rows.
func softmaxRowF32(x, out []float32, logOut bool) bool {
	m := maxOf(x)
	if m != m || math.IsInf(float64(m), 0) {
		return false
	}
	sum := numerics.ExpShiftedF32(out, x, m)
	if logOut {
		// (x - max) - log(sum), as PyTorch: subtracting max first keeps
		// the result exact for large logits.
		logSum := float32(math.Log(sum))
		out = out[:len(x)]
		for i, v := range x {
			out[i] = (v - m) - logSum
		}
		return true
	}
	inv := float32(1 / sum)
	for i := range out {
		out[i] *= inv
	}
	return true
}

// softmaxRow normalizes one contiguous slice.
func softmaxRow[T floatT](x, out []T, exp func(T) T, logOut bool) {
	m := maxOf(x)
	out = out[:len(x)]
	var sum float64
	for i, v := range x {
		e := exp(v - m)
		sum += float64(e)
		if !logOut {
			out[i] = e
		}
	}
	if logOut {
		logSum := T(math.Log(sum))
		for i, v := range x {
			out[i] = (v - m) - logSum
		}
		return
	}
	inv := T(1 / sum)
	for i := range out {
		out[i] *= inv
	}
}

// softmaxCols normalizes columns i0..i1 of block o of [outer, n, inner].
func softmaxCols[T floatT](x, out []T, o, n, inner, i0, i1 int, m []T, s []float64, exp func(T) T, logOut bool) {
	row := func(r int) int { return (o*n+r)*inner + i0 }
	for i := range m {
		m[i] = T(math.Inf(-1))
		s[i] = 0
	}
	for r := 0; r < n; r++ {
		for i, v := range x[row(r) : row(r)+len(m)] {
			m[i] = numerics.Maximum(m[i], v)
		}
	}
	for r := 0; r < n; r++ {
		xr, or := x[row(r):row(r)+len(m)], out[row(r):row(r)+len(m)]
		for i, v := range xr {
			e := exp(v - m[i])
			s[i] += float64(e)
			or[i] = e
		}
	}
	for r := 0; r < n; r++ {
		xr, or := x[row(r):row(r)+len(m)], out[row(r):row(r)+len(m)]
		for i := range or {
			if logOut {
				or[i] = (xr[i] - m[i]) - T(math.Log(s[i]))
			} else {
				or[i] *= T(1 / s[i])
			}
		}
	}
}

// ---- layer_norm ----

// layerNormKernel is torch.nn.functional.layer_norm over the last
// `normalized_dims` dimensions: (x - mean) / sqrt(var + eps) · gamma +
// beta with the biased variance, mean and variance computed in float64
// (two passes). gamma and beta have the normalized dimensions' shape; with
// a single operand there is no affine part.
func layerNormKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 3 && len(args) != 1 {
		return nil, fmt.Errorf("expected 3 operands (x, gamma, beta), got %d", len(args))
	}
	ts, err := interp.Tensors(args)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	if err := requireFloat(x); err != nil {
		return nil, err
	}
	k, err := interp.AttrInt(op, "normalized_dims")
	if err != nil {
		return nil, err
	}
	if k < 0 || int(k) > x.Rank() {
		return nil, fmt.Errorf("normalized_dims %d is out of range for rank %d", k, x.Rank())
	}
	eps, err := interp.AttrFloatOr(op, "eps", 1e-5)
	if err != nil {
		return nil, err
	}
	norm := x.Shape()[x.Rank()-int(k):]
	var gamma, beta *interp.Tensor
	if len(ts) == 3 {
		gamma, beta = ts[1], ts[2]
		for i, p := range []*interp.Tensor{gamma, beta} {
			if err := sameDType(x, p); err != nil {
				return nil, err
			}
			if !slices.Equal(p.Shape(), norm) {
				return nil, fmt.Errorf("%s has shape %s, expected the normalized shape %s", []string{"gamma", "beta"}[i], shapeString(p.Shape()), shapeString(norm))
			}
		}
	}
	d := prod(ints(norm))
	rows := 0
	if d > 0 {
		rows = x.Len() / d
	}
	out := interp.MustNewTensor(x.DType(), x.Shape())
	if x.DType() == interp.F32 {
		layerNorm(x.F32(), f32s(gamma), f32s(beta), out.F32(), rows, d, eps)
	} else {
		layerNorm(x.F64(), f64s(gamma), f64s(beta), out.F64(), rows, d, eps)
	}
	return ret(out)
}

func f32s(t *interp.Tensor) []float32 {
	if t == nil {
		return nil
	}
	return t.F32()
}

func f64s(t *interp.Tensor) []float64 {
	if t == nil {
		return nil
	}
	return t.F64()
}

// layerNorm normalizes rows of d elements, in parallel over rows.
func layerNorm[T floatT](x, gamma, beta, out []T, rows, d int, eps float64) {
	interp.ParallelFor(rows, max(1, (32<<10)/(4*max(1, d))), func(lo, hi int) {
		for r := lo; r < hi; r++ {
			xr, or := x[r*d:(r+1)*d], out[r*d:(r+1)*d]
			mean := sumF64(xr) / float64(d)
			var v0, v1 float64
			i := 0
			for ; i+2 <= d; i += 2 {
				a, b := float64(xr[i])-mean, float64(xr[i+1])-mean
				v0 += a * a
				v1 += b * b
			}
			if i < d {
				a := float64(xr[i]) - mean
				v0 += a * a
			}
			rstd := 1 / math.Sqrt((v0+v1)/float64(d)+eps)
			if gamma == nil {
				for i, v := range xr {
					or[i] = T((float64(v) - mean) * rstd)
				}
				continue
			}
			g, b := gamma[:d], beta[:d]
			for i, v := range xr {
				or[i] = T((float64(v)-mean)*rstd*float64(g[i]) + float64(b[i]))
			}
		}
	})
}

// ---- cross_entropy ----

// crossEntropyKernel is torch.nn.functional.cross_entropy(logits [N, C],
// target [N] i64) with reduction "mean" (the default), "sum" or "none".
// Targets must lie in [0, C): the dialect has no ignore_index, unless an
// optional `ignore_index` attribute names one (then those rows are skipped
// and the mean is over the others, as in PyTorch). Each loss is
// logsumexp(logits[n]) - logits[n, target[n]], in float64; the result has
// the logits' element type.
func crossEntropyKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 2)
	if err != nil {
		return nil, err
	}
	x, tgt := ts[0], ts[1]
	if err := requireFloat(x); err != nil {
		return nil, err
	}
	if x.Rank() != 2 || tgt.Rank() != 1 || tgt.Dim(0) != x.Dim(0) {
		return nil, fmt.Errorf("expected logits [N, C] and target [N], got %s and %s", x.TypeString(), tgt.TypeString())
	}
	if tgt.DType() != interp.I64 && tgt.DType() != interp.I32 && tgt.DType() != interp.Index {
		return nil, fmt.Errorf("target must be an i64 tensor, got %s", tgt.TypeString())
	}
	reduction, err := interp.AttrString(op, "reduction", "mean")
	if err != nil {
		return nil, err
	}
	ignore, err := interp.AttrIntOr(op, "ignore_index", math.MinInt64)
	if err != nil {
		return nil, err
	}
	n, c := int(x.Dim(0)), int(x.Dim(1))
	targets := make([]int64, n)
	for i := range targets {
		targets[i] = tgt.Int(i)
		if t := targets[i]; t != ignore && (t < 0 || t >= int64(c)) {
			return nil, fmt.Errorf("target %d at position %d is out of bounds for %d classes", t, i, c)
		}
	}
	losses := make([]float64, n)
	interp.ParallelFor(n, max(1, (32<<10)/(8*max(c, 1))), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if targets[i] == ignore {
				continue
			}
			row := make([]float64, c)
			for j := range row {
				row[j] = x.Float(i*c + j)
			}
			losses[i] = logSumExp(row) - row[targets[i]]
		}
	})
	var out *interp.Tensor
	switch reduction {
	case "none":
		out = interp.MustNewTensor(x.DType(), []int64{int64(n)})
		for i, l := range losses {
			out.SetFloat(i, l)
		}
		return ret(out)
	case "sum", "mean":
	default:
		return nil, fmt.Errorf("attribute 'reduction' must be \"mean\", \"sum\" or \"none\", got %q", reduction)
	}
	total, count := 0.0, 0
	for i, l := range losses {
		if targets[i] != ignore {
			total += l
			count++
		}
	}
	if reduction == "mean" {
		total /= float64(count) // 0/0 is NaN, as in PyTorch
	}
	return ret(interp.ScalarFloat(x.DType(), total))
}

// logSumExp is log Σ exp(v), stably (NaN in, NaN out).
func logSumExp(v []float64) float64 {
	m := maxOf(v)
	if math.IsInf(m, 0) {
		return m
	}
	s := 0.0
	for _, x := range v {
		s += math.Exp(x - m)
	}
	return m + math.Log(s)
}

// ---- dim ----

// dimKernel is tensor.dim: the size of dimension `dim` (negative counts
// from the end) as an index scalar. MLIR's form, with the dimension as a
// second (index) operand, is accepted too.
func dimKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 && len(args) != 2 {
		return nil, fmt.Errorf("expected 1 or 2 operands, got %d", len(args))
	}
	ts, err := interp.Tensors(args)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	var d int64
	switch {
	case len(ts) == 2:
		if ts[1].Len() != 1 || !ts[1].DType().IsInt() {
			return nil, fmt.Errorf("dimension operand must be an integer scalar, got %s", ts[1].TypeString())
		}
		d = ts[1].Int(0)
	case op.Attr("dim") != nil:
		d, err = interp.AttrInt(op, "dim")
	case op.Attr("index") != nil:
		d, err = interp.AttrInt(op, "index")
	default:
		err = errors.New("missing dimension operand or attribute 'dim'")
	}
	if err != nil {
		return nil, err
	}
	n, err := interp.NormalizeDim(d, x.Rank())
	if err != nil {
		return nil, err
	}
	dt, err := interp.ResultDType(op, 0)
	if err != nil {
		return nil, err
	}
	return ret(interp.ScalarInt(dt, x.Dim(n)))
}

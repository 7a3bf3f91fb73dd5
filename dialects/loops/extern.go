package loops

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Runtime kernels of loops.call_extern that every backend provides
// (docs/design/lowering.md). Calls of other callees verify; a backend that
// lacks the kernel reports it.
const (
	// MatmulCallee is tt.matmul(A, B, C[, bias]): C = act(A·B + bias) for
	// A [..., M, K], B [..., K, N] and C [..., M, N] (equal ranks, equal
	// batch dims), C overwritten. With the unit attribute transpose_a A is
	// stored as [..., K, M] (read in place as its transpose), with
	// transpose_b B as [..., N, K]. The optional bias [N] is added to every
	// row, then the optional activation (attribute activation: "relu",
	// "gelu" or "gelu_tanh") is applied: the epilogue of the product,
	// computed in the output tile (docs/design/lowering.md). A and B
	// of f16 or bf16 (both the same) may have an f32 C and bias: the
	// product of the 16-bit operands accumulated and stored in f32.
	MatmulCallee = "tt.matmul"
	// Conv2DCallee is tt.conv2d(x, w, out): out = conv2d(x, w) for x NCHW,
	// w OIHW and out NCHW, with the stride, padding and dilation
	// (array<i64: h, w>) and groups (i64) attributes; f16 or bf16 x and w
	// may have an f32 out (accumulated and stored in f32).
	Conv2DCallee = "tt.conv2d"
	// MaxPool2DCallee is tt.max_pool2d(x, out): out = max_pool2d(x) for x
	// and out NCHW (floor mode; a NaN in a window propagates), with the
	// kernel, stride (default: the kernel), padding (default 0, at most
	// half the kernel) and dilation (default 1) attributes as
	// array<i64: h, w>.
	MaxPool2DCallee = "tt.max_pool2d"
)

// Attributes of tt.matmul calls.
const (
	// MatmulTransposeA is the unit attribute saying that A is stored
	// transposed ([..., K, M]).
	MatmulTransposeA = "transpose_a"
	// MatmulTransposeB is the unit attribute saying that B is stored
	// transposed ([..., N, K]).
	MatmulTransposeB = "transpose_b"
	// MatmulActivation names the activation of the epilogue (one of
	// MatmulActivations).
	MatmulActivation = "activation"
)

// MatmulActivations are the activations a tt.matmul epilogue applies:
// tensor.relu, and tensor.gelu with approximate "none" and "tanh".
var MatmulActivations = []string{"relu", "gelu", "gelu_tanh"}

// MatmulFlags are the layout and epilogue attributes of a tt.matmul call.
type MatmulFlags struct {
	TransposeA, TransposeB bool
	Activation             string // "" for none
}

// MatmulFlagsOf reads the attributes of a tt.matmul call (unchecked: the
// verifier checks them).
func MatmulFlagsOf(op *ir.Operation) MatmulFlags {
	var f MatmulFlags
	_, f.TransposeA = op.Attr(MatmulTransposeA).(ir.UnitAttr)
	_, f.TransposeB = op.Attr(MatmulTransposeB).(ir.UnitAttr)
	f.Activation, _ = op.StringAttr(MatmulActivation)
	return f
}

// SetMatmulFlags sets the layout and epilogue attributes of a tt.matmul
// call.
func SetMatmulFlags(op *ir.Operation, f MatmulFlags) {
	if f.TransposeA {
		op.SetAttr(MatmulTransposeA, ir.UnitAttr{})
	}
	if f.TransposeB {
		op.SetAttr(MatmulTransposeB, ir.UnitAttr{})
	}
	if f.Activation != "" {
		op.SetAttr(MatmulActivation, ir.String(f.Activation))
	}
}

// verifyCallExtern checks the operands of calls of the known runtime
// kernels.
func verifyCallExtern(op *ir.Operation) error {
	callee, _ := op.StringAttr("callee")
	switch callee {
	case MatmulCallee:
		return verifyMatmulCall(op)
	case Conv2DCallee:
		return verifyConv2DCall(op)
	case MaxPool2DCallee:
		return verifyMaxPool2DCall(op)
	}
	return nil
}

// externBuffers returns the memref types of the n operands of a runtime
// kernel call, which must share one element type (or pass mixed).
func externBuffers(op *ir.Operation, callee string, n int, names string, mixed ...func(ts []*ir.MemRefType) bool) ([]*ir.MemRefType, error) {
	if op.NumOperands() != n {
		return nil, fmt.Errorf("'%s' expects %d buffer operands (%s), got %d", callee, n, names, op.NumOperands())
	}
	ts := make([]*ir.MemRefType, n)
	for i, v := range op.Operands() {
		t, ok := memrefOf(v)
		if !ok {
			return nil, fmt.Errorf("'%s' expects buffer operands, but operand #%d is %s", callee, i, v.Type())
		}
		ts[i] = t
	}
	for _, t := range ts[1:] {
		if t.Elem != ts[0].Elem && (len(mixed) == 0 || !mixed[0](ts)) {
			return nil, fmt.Errorf("'%s' expects buffers of one element type, got %s and %s", callee, ts[0], t)
		}
	}
	return ts, nil
}

// halfProduct reports the mixed operands tt.matmul and tt.conv2d take: the
// two factors (A and B, x and w) of one 16-bit float type, the result (C,
// out) and the bias f32.
func halfProduct(ts []*ir.MemRefType) bool {
	ft, ok := ts[0].Elem.(*ir.FloatType)
	if !ok || (ft.Kind != ir.F16 && ft.Kind != ir.BF16) || ts[1].Elem != ts[0].Elem {
		return false
	}
	for _, t := range ts[2:] {
		if ct, ok := t.Elem.(*ir.FloatType); !ok || ct.Kind != ir.F32 {
			return false
		}
	}
	return true
}

// sameDim reports whether two dimension sizes may be equal at run time.
func sameDim(a, b int64) bool { return a == ir.Dynamic || b == ir.Dynamic || a == b }

func verifyMatmulCall(op *ir.Operation) error {
	n := 3
	if op.NumOperands() == 4 {
		n = 4
	}
	ts, err := externBuffers(op, MatmulCallee, n, "A, B, C and an optional bias", halfProduct)
	if err != nil {
		return err
	}
	for _, name := range []string{MatmulTransposeA, MatmulTransposeB} {
		if a := op.Attr(name); a != nil {
			if _, ok := a.(ir.UnitAttr); !ok {
				return fmt.Errorf("'%s' expects '%s' to be a unit attribute, got %s", MatmulCallee, name, a)
			}
		}
	}
	flags := MatmulFlagsOf(op)
	if a := op.Attr(MatmulActivation); a != nil && !slices.Contains(MatmulActivations, flags.Activation) {
		return fmt.Errorf("'%s' expects '%s' to be one of %q, got %s", MatmulCallee, MatmulActivation, MatmulActivations, a)
	}
	if strings.HasPrefix(flags.Activation, "gelu") && !ir.IsFloat(ts[0].Elem) {
		return fmt.Errorf("'%s' applies %s to floating-point products only, got %s", MatmulCallee, flags.Activation, ts[0])
	}
	a, b, c := ts[0].Shape(), ts[1].Shape(), ts[2].Shape()
	r := len(a)
	if r < 2 || len(b) != r || len(c) != r {
		return fmt.Errorf("'%s' expects A, B and C of one rank of at least 2, got %s, %s and %s", MatmulCallee, ts[0], ts[1], ts[2])
	}
	am, ak := a[r-2], a[r-1]
	if flags.TransposeA {
		am, ak = ak, am
	}
	bk, bn := b[r-2], b[r-1]
	if flags.TransposeB {
		bk, bn = bn, bk
	}
	ok := sameDim(ak, bk) && sameDim(am, c[r-2]) && sameDim(bn, c[r-1])
	for i := 0; i < r-2; i++ {
		ok = ok && sameDim(a[i], b[i]) && sameDim(a[i], c[i]) && sameDim(b[i], c[i])
	}
	if !ok {
		want := "A [..., M, K]"
		if flags.TransposeA {
			want = "A [..., K, M] (transpose_a)"
		}
		if flags.TransposeB {
			want += ", B [..., N, K] (transpose_b)"
		} else {
			want += ", B [..., K, N]"
		}
		return fmt.Errorf("'%s' expects %s and C [..., M, N], got %s, %s and %s", MatmulCallee, want, ts[0], ts[1], ts[2])
	}
	if n == 4 {
		if bias := ts[3].Shape(); len(bias) != 1 || !sameDim(bias[0], c[r-1]) {
			return fmt.Errorf("'%s' expects a bias [N] for C %s, got %s", MatmulCallee, ts[2], ts[3])
		}
	}
	return nil
}

// convPair reads an optional array<i64: h, w> attribute of a call of
// callee.
func convPair(op *ir.Operation, callee, name string, def [2]int64, min int64) ([2]int64, error) {
	a := op.Attr(name)
	if a == nil {
		return def, nil
	}
	d, ok := a.(*ir.DenseArrayAttr)
	if !ok || ir.IsFloat(d.Elem) || len(d.Ints) != 2 {
		return [2]int64{}, fmt.Errorf("'%s' expects '%s' to be an array<i64: h, w>, got %s", callee, name, a)
	}
	if d.Ints[0] < min || d.Ints[1] < min {
		return [2]int64{}, fmt.Errorf("'%s' expects '%s' of at least %d, got %s", callee, name, min, a)
	}
	return [2]int64{d.Ints[0], d.Ints[1]}, nil
}

// Pool2DParams are the window of a tt.max_pool2d call.
type Pool2DParams struct {
	Kernel, Stride, Padding, Dilation [2]int64
}

// MaxPool2DParamsOf reads the window of a tt.max_pool2d call (its
// attributes with their defaults), checking their ranges.
func MaxPool2DParamsOf(op *ir.Operation) (Pool2DParams, error) {
	var p Pool2DParams
	var err error
	if op.Attr("kernel") == nil {
		return p, fmt.Errorf("'%s' expects a 'kernel' attribute", MaxPool2DCallee)
	}
	if p.Kernel, err = convPair(op, MaxPool2DCallee, "kernel", [2]int64{1, 1}, 1); err != nil {
		return p, err
	}
	if p.Stride, err = convPair(op, MaxPool2DCallee, "stride", p.Kernel, 1); err != nil {
		return p, err
	}
	if p.Padding, err = convPair(op, MaxPool2DCallee, "padding", [2]int64{0, 0}, 0); err != nil {
		return p, err
	}
	if p.Dilation, err = convPair(op, MaxPool2DCallee, "dilation", [2]int64{1, 1}, 1); err != nil {
		return p, err
	}
	if p.Padding[0] > p.Kernel[0]/2 || p.Padding[1] > p.Kernel[1]/2 {
		return p, fmt.Errorf("'%s' expects a padding of at most half the kernel %v, got %v", MaxPool2DCallee, p.Kernel, p.Padding)
	}
	return p, nil
}

func verifyMaxPool2DCall(op *ir.Operation) error {
	ts, err := externBuffers(op, MaxPool2DCallee, 2, "x, out")
	if err != nil {
		return err
	}
	x, out := ts[0].Shape(), ts[1].Shape()
	if len(x) != 4 || len(out) != 4 {
		return fmt.Errorf("'%s' expects 4-D buffers (NCHW), got %s and %s", MaxPool2DCallee, ts[0], ts[1])
	}
	p, err := MaxPool2DParamsOf(op)
	if err != nil {
		return err
	}
	ok := sameDim(x[0], out[0]) && sameDim(x[1], out[1])
	for i := 0; i < 2; i++ {
		in, o := x[2+i], out[2+i]
		if in == ir.Dynamic || o == ir.Dynamic {
			continue
		}
		span := in + 2*p.Padding[i] - p.Dilation[i]*(p.Kernel[i]-1) - 1
		ok = ok && span >= 0 && span/p.Stride[i]+1 == o
	}
	if !ok {
		return fmt.Errorf("'%s' with kernel %v, stride %v, padding %v and dilation %v cannot map %s to %s",
			MaxPool2DCallee, p.Kernel, p.Stride, p.Padding, p.Dilation, ts[0], ts[1])
	}
	return nil
}

func verifyConv2DCall(op *ir.Operation) error {
	ts, err := externBuffers(op, Conv2DCallee, 3, "x, w, out", halfProduct)
	if err != nil {
		return err
	}
	x, w, out := ts[0].Shape(), ts[1].Shape(), ts[2].Shape()
	if len(x) != 4 || len(w) != 4 || len(out) != 4 {
		return fmt.Errorf("'%s' expects 4-D buffers (NCHW, OIHW, NCHW), got %s, %s and %s", Conv2DCallee, ts[0], ts[1], ts[2])
	}
	if !ir.IsFloat(ts[0].Elem) {
		return fmt.Errorf("'%s' expects floating-point buffers, got %s", Conv2DCallee, ts[0])
	}
	stride, err := convPair(op, Conv2DCallee, "stride", [2]int64{1, 1}, 1)
	if err != nil {
		return err
	}
	pad, err := convPair(op, Conv2DCallee, "padding", [2]int64{0, 0}, 0)
	if err != nil {
		return err
	}
	dil, err := convPair(op, Conv2DCallee, "dilation", [2]int64{1, 1}, 1)
	if err != nil {
		return err
	}
	groups := int64(1)
	if a := op.Attr("groups"); a != nil {
		g, ok := a.(*ir.IntegerAttr)
		if !ok || g.Int64() < 1 {
			return fmt.Errorf("'%s' expects 'groups' to be a positive integer, got %s", Conv2DCallee, a)
		}
		groups = g.Int64()
	}
	shapes := func() error {
		return fmt.Errorf("'%s' with stride %v, padding %v, dilation %v and groups %d cannot map %s and %s to %s",
			Conv2DCallee, stride, pad, dil, groups, ts[0], ts[1], ts[2])
	}
	if !sameDim(x[0], out[0]) || !sameDim(w[0], out[1]) {
		return shapes()
	}
	if w[0] != ir.Dynamic && w[0]%groups != 0 || x[1] != ir.Dynamic && w[1] != ir.Dynamic && x[1] != w[1]*groups {
		return shapes()
	}
	for i := 0; i < 2; i++ {
		in, k, o := x[2+i], w[2+i], out[2+i]
		if in == ir.Dynamic || k == ir.Dynamic || o == ir.Dynamic {
			continue
		}
		span := in + 2*pad[i] - dil[i]*(k-1) - 1
		if span < 0 || span/stride[i]+1 != o {
			return shapes()
		}
	}
	return nil
}

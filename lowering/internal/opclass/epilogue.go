package opclass

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Operand layouts and epilogues of tt.matmul (Inductor's template
// epilogues): the fusion pass puts them into the matmul's kernel, and
// tensor-to-loops turns them into the flags and operands of the call
// instead of loops of their own.

// IsMatrixTranspose reports whether op is a tensor.transpose that swaps
// the last two dimensions of a tensor of rank 2 or 3 and keeps the batch
// dimension: what tt.matmul's transpose_a and transpose_b read in place.
func IsMatrixTranspose(op *ir.Operation) bool {
	if op == nil || op.Name() != tensor.TransposeName {
		return false
	}
	perm, ok := tensor.Ints(op, "perm")
	r := len(perm)
	if !ok || r < 2 || r > 3 || perm[r-1] != int64(r-2) || perm[r-2] != int64(r-1) {
		return false
	}
	return r == 2 || perm[0] == 0
}

// MatmulFloat reports whether tt.matmul computes op's product: a
// tensor.matmul of f32 or f64 matrices of rank 2 or 3.
func MatmulFloat(op *ir.Operation) bool {
	if op == nil || op.Name() != tensor.MatMulName || op.NumOperands() != 2 {
		return false
	}
	r := len(Shape(op.Result(0)))
	ft, ok := Elem(op.Result(0)).(*ir.FloatType)
	return (r == 2 || r == 3) && ok && (ft.Kind == ir.F32 || ft.Kind == ir.F64)
}

// Epilogue is a pointwise chain after a matmul that tt.matmul computes in
// its output tile: Activation(Matmul + broadcast(Bias)).
type Epilogue struct {
	Matmul     *ir.Operation // the tensor.matmul (MatmulFloat)
	Bias       ir.Value      // the [N] tensor added to every row, or nil
	Activation string        // "", "relu", "gelu" or "gelu_tanh" (loops.MatmulActivations)
	// Ops are the chain's ops after the matmul: the bias broadcast, the
	// add, the activation's ops and their splat constants.
	Ops []*ir.Operation
}

// MatchEpilogue reports whether v is act(matmul + bias), with a bias or an
// activation or both, whose intermediate values (the product included) are
// used by the chain only. The activations are tensor.relu and tensor.gelu
// as tensor.DecomposeGelu writes it (either approximation; commuted
// operands allowed).
func MatchEpilogue(v ir.Value) (Epilogue, bool) {
	var e Epilogue
	m := &chain{}
	x := v
	if op := ir.DefiningOp(x); op != nil && op.Name() == tensor.ReluName && op.NumOperands() == 1 {
		e.Activation, x = "relu", op.Operand(0)
		m.add(op)
	} else if in, ok := m.gelu(x); ok {
		e.Activation, x = "gelu", in
	} else if in, ok := m.geluTanh(x); ok {
		e.Activation, x = "gelu_tanh", in
	}
	if op := ir.DefiningOp(x); op != nil && op.Name() == tensor.AddName && op.NumOperands() == 2 {
		for i := 0; i < 2; i++ {
			mm, bc := ir.DefiningOp(op.Operand(i)), ir.DefiningOp(op.Operand(1-i))
			if MatmulFloat(mm) && isRowBroadcast(bc, op.Result(0)) {
				e.Bias, x = bc.Operand(0), op.Operand(i)
				m.add(op, bc)
				break
			}
		}
	}
	e.Matmul = ir.DefiningOp(x)
	if !MatmulFloat(e.Matmul) || (e.Bias == nil && e.Activation == "") || Elem(v) != Elem(x) {
		return Epilogue{}, false
	}
	// Every value the chain computes, but its result, is used inside it.
	in := map[*ir.Operation]bool{}
	for _, op := range m.ops {
		in[op] = true
	}
	for _, op := range append([]*ir.Operation{e.Matmul}, m.ops...) {
		if op.Result(0) == v || Classify(op) == Const || Classify(op) == View {
			continue
		}
		for _, u := range ir.Users(op.Result(0)) {
			if !in[u] {
				return Epilogue{}, false
			}
		}
	}
	e.Ops = m.ops
	return e, true
}

// isRowBroadcast reports whether bc broadcasts a rank-1 tensor along the
// last dimension of like's shape.
func isRowBroadcast(bc *ir.Operation, like ir.Value) bool {
	if bc == nil || bc.Name() != tensor.BroadcastName || bc.NumOperands() < 1 {
		return false
	}
	dims, ok := tensor.Ints(bc, "dims")
	r := len(Shape(like))
	return ok && len(Shape(bc.Operand(0))) == 1 && slices.Equal(dims, []int64{int64(r - 1)}) &&
		slices.Equal(Shape(bc.Result(0)), Shape(like))
}

// chain collects the ops of a matched epilogue.
type chain struct{ ops []*ir.Operation }

func (c *chain) add(ops ...*ir.Operation) { c.ops = append(c.ops, ops...) }

// binary returns the operands of v's defining op when it is the binary
// tensor op name.
func binary(v ir.Value, name string) (*ir.Operation, ir.Value, ir.Value, bool) {
	op := ir.DefiningOp(v)
	if op == nil || op.Name() != name || op.NumOperands() != 2 {
		return nil, nil, nil, false
	}
	return op, op.Operand(0), op.Operand(1), true
}

// splat returns the op of a splat constant (tensor.constant or
// tensor.full) equal to c rounded to v's element type.
func splat(v ir.Value, c float64) (*ir.Operation, bool) {
	op := ir.DefiningOp(v)
	if op == nil || Classify(op) != Const {
		return nil, false
	}
	var got float64
	switch a := op.Attr("value").(type) {
	case *ir.DenseElementsAttr:
		if op.Name() != tensor.ConstantName || a.Len() == 0 || !a.AllEqual() || !a.IsFloat() {
			return nil, false
		}
		got = a.FloatAt(0)
	case *ir.FloatAttr:
		if op.Name() != tensor.FullName {
			return nil, false
		}
		got = a.Value
	default:
		return nil, false
	}
	if ft, ok := Elem(v).(*ir.FloatType); ok && ft.Kind == ir.F32 {
		return op, float32(got) == float32(c)
	}
	return op, got == c
}

// scaled matches v = x · c (either order) and returns x.
func (m *chain) scaled(v ir.Value, c float64) (ir.Value, bool) {
	op, p, q, ok := binary(v, tensor.MulName)
	if !ok {
		return nil, false
	}
	for _, pq := range [][2]ir.Value{{p, q}, {q, p}} {
		if k, ok := splat(pq[1], c); ok {
			m.add(op, k)
			return pq[0], true
		}
	}
	return nil, false
}

// shifted matches v = x + c (either order) and returns x.
func (m *chain) shifted(v ir.Value, c float64) (ir.Value, bool) {
	op, p, q, ok := binary(v, tensor.AddName)
	if !ok {
		return nil, false
	}
	for _, pq := range [][2]ir.Value{{p, q}, {q, p}} {
		if k, ok := splat(pq[1], c); ok {
			m.add(op, k)
			return pq[0], true
		}
	}
	return nil, false
}

// gelu matches v = (x·0.5)·(erf(x·(1/√2)) + 1) (tensor.DecomposeGelu with
// approximate "none") and returns x.
func (m *chain) gelu(v ir.Value) (ir.Value, bool) {
	return m.geluOf(v, func(m *chain, inner ir.Value) (ir.Value, bool) {
		e := ir.DefiningOp(inner)
		if e == nil || e.Name() != tensor.ErfName || e.NumOperands() != 1 {
			return nil, false
		}
		m.add(e)
		return m.scaled(e.Operand(0), numerics.GeluInvSqrt2)
	})
}

// geluTanh matches v = (x·0.5)·(tanh(√(2/π)·(x + 0.044715·((x·x)·x))) + 1)
// (tensor.DecomposeGelu with approximate "tanh") and returns x.
func (m *chain) geluTanh(v ir.Value) (ir.Value, bool) {
	return m.geluOf(v, func(m *chain, inner ir.Value) (ir.Value, bool) {
		th := ir.DefiningOp(inner)
		if th == nil || th.Name() != tensor.TanhName || th.NumOperands() != 1 {
			return nil, false
		}
		m.add(th)
		poly, ok := m.scaled(th.Operand(0), numerics.GeluTanhBeta)
		if !ok {
			return nil, false
		}
		add, p, q, ok := binary(poly, tensor.AddName)
		if !ok {
			return nil, false
		}
		m.add(add)
		for _, pq := range [][2]ir.Value{{p, q}, {q, p}} {
			save := len(m.ops)
			cube, ok := m.scaled(pq[1], numerics.GeluTanhCubic)
			if !ok {
				continue
			}
			x := pq[0]
			mul3, s, t, ok := binary(cube, tensor.MulName)
			if ok {
				for _, st := range [][2]ir.Value{{s, t}, {t, s}} {
					mul2, u, w, ok := binary(st[0], tensor.MulName)
					if ok && st[1] == x && u == x && w == x {
						m.add(mul3, mul2)
						return x, true
					}
				}
			}
			m.ops = m.ops[:save]
		}
		return nil, false
	})
}

// geluOf matches v = (x·0.5)·(inner + 1), either order in each op, where
// inner matches the approximation's term of the same x, and returns x.
func (m *chain) geluOf(v ir.Value, term func(m *chain, inner ir.Value) (ir.Value, bool)) (ir.Value, bool) {
	op, p, q, ok := binary(v, tensor.MulName)
	if !ok {
		return nil, false
	}
	for _, hs := range [][2]ir.Value{{p, q}, {q, p}} {
		try := &chain{}
		x, ok := try.scaled(hs[0], 0.5)
		if !ok {
			continue
		}
		inner, ok := try.shifted(hs[1], 1)
		if !ok {
			continue
		}
		if y, ok := term(try, inner); ok && y == x {
			m.add(op)
			m.add(try.ops...)
			return x, true
		}
	}
	return nil, false
}

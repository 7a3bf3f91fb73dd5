package tt

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// SymInt is a size, PT2's SymInt: outside Compile, and for the static
// sizes of a trace, a plain int; inside Compile, a dynamic (?) size of a
// traced tensor, or arithmetic on such sizes. A symbolic SymInt used as a
// size (ReshapeSym, FullSym, ArangeSym) becomes index arithmetic in the
// graph (tensor.dim, arith.muli, ...), so the graph stays dynamic.
// Comparing it (Lt, Eq, ...) records a guard on the sizes of fn's arguments
// (the graph is reused only by calls whose sizes give the same answer);
// reading it as a Go int (Int) specializes the graph, as Tensor.Shape does.
type SymInt struct {
	n    int      // the value: the size seen while tracing
	expr *symExpr // nil: a static size
}

// symExpr is the expression of a symbolic size.
type symExpr struct {
	op   byte // 's' (a size), 'k' (a constant), '+', '-', '*', '/' (floor division)
	a, b *symExpr
	t    *Tensor // 's': the tensor and its dimension
	dim  int
	arg  int // 's': the index of t among fn's tensor arguments, -1 if t is not one
	k    int // 'k'
}

// Sym returns the static size n, to combine with symbolic sizes.
func Sym(n int) SymInt { return SymInt{n: n} }

// Size returns t's size along dimension d (negative d counts from the
// end): symbolic when t is a traced tensor whose size d is dynamic.
func (t *Tensor) Size(d int) SymInt {
	d = normDim("Size", d, t.Rank())
	if !t.live() {
		return SymInt{n: t.shape[d]}
	}
	if sizes := t.tr.irSizes(t); sizes[d] != ir.Dynamic {
		return SymInt{n: t.shape[d]}
	}
	if e := t.tr.derivedSize(t, d); e != nil && e.fromArgs() {
		return SymInt{n: t.shape[d], expr: e}
	}
	return SymInt{n: t.shape[d], expr: &symExpr{op: 's', t: t, dim: d, arg: -1}}
}

// Sizes returns every size of t as Size does.
func (t *Tensor) Sizes() []SymInt {
	out := make([]SymInt, t.Rank())
	for d := range out {
		out[d] = t.Size(d)
	}
	return out
}

// irSizes returns the IR sizes (ir.Dynamic for ?) of the live tensor t.
func (tr *tracer) irSizes(t *Tensor) []int64 {
	if t.val != nil {
		return irShape(t.val)
	}
	if t.lift != nil {
		return t.lift
	}
	return shape64(t.shape)
}

// IsDynamic reports whether s is symbolic (it records no guard).
func (s SymInt) IsDynamic() bool { return s.expr != nil }

// Int returns s as a Go int. For a symbolic size this specializes the
// graph: the function is traced again with static sizes, as PT2 does when
// a SymInt is converted to a Python int.
func (s SymInt) Int() int {
	if s.expr != nil {
		if tr := s.expr.tracer(); tr != nil {
			tr.shapeRead = true
		}
	}
	return s.n
}

// String renders s: its value when static, else its expression over the
// arguments' sizes (t0.size(1)*2) and the value seen while tracing.
func (s SymInt) String() string {
	if s.expr == nil {
		return fmt.Sprint(s.n)
	}
	return fmt.Sprintf("%s (= %d)", s.expr.top(), s.n)
}

func (s SymInt) binary(op byte, o SymInt, v int) SymInt {
	if s.expr == nil && o.expr == nil {
		return SymInt{n: v}
	}
	return SymInt{n: v, expr: &symExpr{op: op, a: s.leaf(), b: o.leaf()}}
}

// leaf returns s's expression, a constant when s is static.
func (s SymInt) leaf() *symExpr {
	if s.expr != nil {
		return s.expr
	}
	return &symExpr{op: 'k', k: s.n}
}

// Add returns s + o.
func (s SymInt) Add(o SymInt) SymInt { return s.binary('+', o, s.n+o.n) }

// Sub returns s - o.
func (s SymInt) Sub(o SymInt) SymInt { return s.binary('-', o, s.n-o.n) }

// Mul returns s * o.
func (s SymInt) Mul(o SymInt) SymInt { return s.binary('*', o, s.n*o.n) }

// FloorDiv returns s // o (Python's floor division); o must not be 0.
func (s SymInt) FloorDiv(o SymInt) SymInt {
	if o.n == 0 {
		fail("SymInt.FloorDiv: division by zero")
	}
	return s.binary('/', o, floorDiv(s.n, o.n))
}

// AddInt, SubInt, MulInt and FloorDivInt combine s with a Go int.
func (s SymInt) AddInt(k int) SymInt { return s.Add(Sym(k)) }

// SubInt returns s - k.
func (s SymInt) SubInt(k int) SymInt { return s.Sub(Sym(k)) }

// MulInt returns s * k.
func (s SymInt) MulInt(k int) SymInt { return s.Mul(Sym(k)) }

// FloorDivInt returns s // k.
func (s SymInt) FloorDivInt(k int) SymInt { return s.FloorDiv(Sym(k)) }

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// The comparisons of a SymInt with a Go int. On a symbolic size each
// records a guard: the graph is reused only for arguments whose sizes give
// the same answer (PT2's guards on symbolic shapes).

// Eq reports s == k.
func (s SymInt) Eq(k int) bool { return s.compare("==", k, s.n == k) }

// Ne reports s != k.
func (s SymInt) Ne(k int) bool { return s.compare("!=", k, s.n != k) }

// Lt reports s < k.
func (s SymInt) Lt(k int) bool { return s.compare("<", k, s.n < k) }

// Le reports s <= k.
func (s SymInt) Le(k int) bool { return s.compare("<=", k, s.n <= k) }

// Gt reports s > k.
func (s SymInt) Gt(k int) bool { return s.compare(">", k, s.n > k) }

// Ge reports s >= k.
func (s SymInt) Ge(k int) bool { return s.compare(">=", k, s.n >= k) }

// compare records the guard "expr op k is got" and returns got. A size
// not derived from fn's argument sizes (see derivedSize) cannot be
// guarded: it specializes the graph instead.
func (s SymInt) compare(op string, k int, got bool) bool {
	if s.expr == nil {
		return got
	}
	tr := s.expr.tracer()
	if tr == nil || tr.guards == nil {
		return got
	}
	if !s.expr.fromArgs() {
		tr.shapeRead = true
		return got
	}
	*tr.guards = append(*tr.guards, symGuard{expr: s.expr, op: op, k: k, want: got, where: callerOutside()})
	return got
}

// tracer returns the trace recording now that s's sizes belong to (nil if
// the trace ended).
func (e *symExpr) tracer() *tracer {
	switch e.op {
	case 's':
		if e.t.live() {
			return e.t.tr
		}
		return nil
	case 'k':
		return nil
	}
	if tr := e.a.tracer(); tr != nil {
		return tr
	}
	return e.b.tracer()
}

// fromArgs reports whether every size e reads is a size of an argument.
func (e *symExpr) fromArgs() bool {
	switch e.op {
	case 's':
		return e.arg >= 0
	case 'k':
		return true
	}
	return e.a.fromArgs() && e.b.fromArgs()
}

// eval computes e for the sizes of fn's tensor arguments.
func (e *symExpr) eval(sizes [][]int) int {
	switch e.op {
	case 's':
		return sizes[e.arg][e.dim]
	case 'k':
		return e.k
	}
	a, b := e.a.eval(sizes), e.b.eval(sizes)
	switch e.op {
	case '+':
		return a + b
	case '-':
		return a - b
	case '*':
		return a * b
	}
	if b == 0 { // the traced call divided by a non-zero size; this one cannot match
		return 0
	}
	return floorDiv(a, b)
}

func (e *symExpr) String() string {
	switch e.op {
	case 's':
		if e.arg < 0 {
			return fmt.Sprintf("size(%d)", e.dim)
		}
		return fmt.Sprintf("t%d.size(%d)", e.arg, e.dim)
	case 'k':
		return fmt.Sprint(e.k)
	case '/':
		return fmt.Sprintf("(%s // %s)", e.a, e.b)
	}
	return fmt.Sprintf("(%s %c %s)", e.a, e.op, e.b)
}

// detached returns a copy of e without its tensors (a cached guard
// needs only the argument indices; keeping the tensors would keep a
// traced batch alive).
func (e *symExpr) detached() *symExpr {
	d := *e
	d.t = nil
	if e.a != nil {
		d.a, d.b = e.a.detached(), e.b.detached()
	}
	return &d
}

// detachGuards returns guards whose expressions hold no tensors.
func detachGuards(gs []symGuard) []symGuard {
	out := make([]symGuard, len(gs))
	for i, g := range gs {
		out[i] = g
		out[i].expr = g.expr.detached()
	}
	return out
}

// symGuard is a comparison the traced function made on symbolic sizes.
type symGuard struct {
	expr  *symExpr
	op    string
	k     int
	want  bool
	where string // the Go file:line that compared
}

// holds reports whether the guard holds for the argument sizes.
func (g symGuard) holds(sizes [][]int) bool {
	v := g.expr.eval(sizes)
	var got bool
	switch g.op {
	case "==":
		got = v == g.k
	case "!=":
		got = v != g.k
	case "<":
		got = v < g.k
	case "<=":
		got = v <= g.k
	case ">":
		got = v > g.k
	default:
		got = v >= g.k
	}
	return got == g.want
}

func (g symGuard) String() string {
	return fmt.Sprintf("%s %s %d is %v", g.expr.top(), g.op, g.k, g.want)
}

// top renders e without the parentheses around a binary expression.
func (e *symExpr) top() string {
	s := e.String()
	if e.op == '+' || e.op == '-' || e.op == '*' || e.op == '/' {
		return s[1 : len(s)-1]
	}
	return s
}

// symValue returns the index value of s in tr's graph.
func (tr *tracer) symValue(s SymInt) ir.Value {
	if s.expr == nil {
		return arith.Constant(tr.b, ir.Int(tr.ctx.Index(), int64(s.n)))
	}
	return tr.exprValue(s.expr)
}

func (tr *tracer) exprValue(e *symExpr) ir.Value {
	if v, ok := tr.symVals[e]; ok {
		return v
	}
	var v ir.Value
	switch e.op {
	case 's':
		v = tensor.Dim(tr.b, tr.value(e.t), int64(e.dim))
	case 'k':
		v = arith.Constant(tr.b, ir.Int(tr.ctx.Index(), int64(e.k)))
	default:
		a, b := tr.exprValue(e.a), tr.exprValue(e.b)
		switch e.op {
		case '+':
			v = arith.AddI(tr.b, a, b)
		case '-':
			v = arith.SubI(tr.b, a, b)
		case '*':
			v = arith.MulI(tr.b, a, b)
		default:
			v = arith.FloorDivSI(tr.b, a, b)
		}
	}
	if tr.symVals == nil {
		tr.symVals = map[*symExpr]ir.Value{}
	}
	tr.symVals[e] = v
	return v
}

// symTracer returns the trace the symbolic sizes among sizes belong to
// (nil: every size is static).
func symTracer(sizes []SymInt) *tracer {
	for _, s := range sizes {
		if s.expr != nil {
			if tr := s.expr.tracer(); tr != nil {
				return tr
			}
		}
	}
	return nil
}

// hints returns the values of sizes.
func hints(sizes []SymInt) []int {
	out := make([]int, len(sizes))
	for i, s := range sizes {
		out[i] = s.n
	}
	return out
}

// ReshapeSym is Reshape with sizes that may be symbolic (x.Size(0),
// x.Size(1).MulInt(2), ...): inside Compile the graph stays dynamic in
// them. One size may be Sym(-1), inferred from the others.
func ReshapeSym(x *Tensor, sizes ...SymInt) *Tensor {
	tr := symTracer(sizes)
	if tr == nil {
		return Reshape(x, hints(sizes)...)
	}
	infer := -1
	for i, s := range sizes {
		if s.expr == nil && s.n == -1 {
			if infer >= 0 {
				fail("ReshapeSym: more than one -1 in %v", hints(sizes))
			}
			infer = i
		}
	}
	if infer >= 0 {
		// numel(x) // the product of the other sizes, symbolically.
		total := Sym(1)
		for _, s := range x.Sizes() {
			total = total.Mul(s)
		}
		known := Sym(1)
		for i, s := range sizes {
			if i != infer {
				known = known.Mul(s)
			}
		}
		if known.n == 0 {
			fail("ReshapeSym: cannot infer -1 with a zero size in %v", hints(sizes))
		}
		sizes = append([]SymInt(nil), sizes...)
		sizes[infer] = total.FloorDiv(known)
	}
	out := hints(sizes)
	if numel(out) != x.Numel() {
		fail("ReshapeSym: shape %v is invalid for a tensor of %d elements", out, x.Numel())
	}
	// Recorded in the trace even when x is concrete (a captured tensor):
	// the sizes are symbolic.
	v := tr.value(x)
	shape, dyn := tr.symSizes(sizes)
	return tr.result(tensor.Reshape(tr.b, v, shape, dyn...), out)
}

// symSizes returns the IR sizes (? for symbolic sizes) and the index
// values of the ? ones.
func (tr *tracer) symSizes(sizes []SymInt) ([]int64, []ir.Value) {
	shape := make([]int64, len(sizes))
	var dyn []ir.Value
	for i, s := range sizes {
		shape[i] = int64(s.n)
		if s.expr != nil {
			shape[i] = ir.Dynamic
			dyn = append(dyn, tr.symValue(s))
		}
	}
	return shape, dyn
}

// FullSym is Full with sizes that may be symbolic: inside Compile it is a
// tensor.full of the graph, dynamic in the symbolic sizes.
func FullSym(dtype DType, v float64, sizes ...SymInt) *Tensor {
	tr := symTracer(sizes)
	if tr == nil {
		return Full(dtype, v, hints(sizes)...)
	}
	shape, dyn := tr.symSizes(sizes)
	t := tr.tensorType(dtype, shape)
	var val ir.Value
	if dtype.IsFloat() {
		val = tensor.Full(tr.b, t, v, dyn...)
	} else {
		val = tensor.FullAttr(tr.b, t, ir.Int(dtype.IRType(tr.ctx), int64(v)), dyn...)
	}
	return tr.result(val, hints(sizes))
}

// ArangeSym returns 0, 1, ..., n-1 (torch.arange(n)) for a size n that
// may be symbolic.
func ArangeSym(dtype DType, n SymInt) *Tensor {
	tr := symTracer([]SymInt{n})
	if tr == nil {
		return Arange(dtype, 0, float64(n.n), 1)
	}
	shape, dyn := tr.symSizes([]SymInt{n})
	return tr.result(tensor.Iota(tr.b, tr.tensorType(dtype, shape), 0, dyn...), []int{n.n})
}

package difftest

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"

	"github.com/tt-compiler/tt/interp"
)

// GenOptions bounds the programs Generate makes.
type GenOptions struct {
	// MaxOps is the number of op-generating steps (default 8); composite
	// steps emit a few ops each.
	MaxOps int
	// Grad makes a gradient program: f64 floats, no float casts, continuous
	// inputs (no ties), and a single rank-0 loss as the only result, so
	// that aot-autograd adds @NAME_grad.
	Grad bool
}

// Program is a generated test program: one function, written with a
// placeholder name, and its inputs.
type Program struct {
	// Seed generated the program.
	Seed int64
	// Grad is set for gradient programs (see GenOptions.Grad).
	Grad bool
	// ArgTypes are the argument types, in order.
	ArgTypes []string
	// Body holds the op lines of the function.
	Body []string
	// Results are the returned values and ResultTypes their types.
	Results     []string
	ResultTypes []string
	// Inputs are the arguments' values (dynamic dimensions at their
	// run-time sizes).
	Inputs []*interp.Tensor
	// Ops counts the tensor ops the program holds, by name.
	Ops map[string]int
}

// Func returns the program as a func.func called name.
func (p *Program) Func(name string) string {
	var sb strings.Builder
	args := make([]string, len(p.ArgTypes))
	for i, t := range p.ArgTypes {
		args[i] = fmt.Sprintf("%%a%d: %s", i, t)
	}
	fmt.Fprintf(&sb, "func.func @%s(%s) -> (%s) {\n", name, strings.Join(args, ", "), strings.Join(p.ResultTypes, ", "))
	for _, l := range p.Body {
		sb.WriteString("  " + l + "\n")
	}
	fmt.Fprintf(&sb, "  return %s : %s\n}\n", strings.Join(p.Results, ", "), strings.Join(p.ResultTypes, ", "))
	return sb.String()
}

// Module returns the program as a module with one function called name.
func (p *Program) Module(name string) string { return p.Func(name) }

// value is an SSA value of the program being generated.
type value struct {
	name  string
	elem  string  // f32, f64, i1, i32, i64
	shape []int64 // static sizes, dynamic = -1
	rt    []int64 // run-time sizes
	// exact values are bit-identical on every backend (arguments, and what
	// only moves, selects or compares them): only these feed
	// discontinuous ops (cmp, argmax, casts to integers), so that a
	// rounding difference never flips a branch.
	exact bool
}

const dyn = -1

func (v value) typ() string { return tensorType(v.shape, v.elem) }

func (v value) isFloat() bool { return v.elem == "f32" || v.elem == "f64" }

func (v value) static() bool { return !slices.Contains(v.shape, dyn) }

func (v value) numel() int64 {
	n := int64(1)
	for _, d := range v.rt {
		n *= d
	}
	return n
}

func tensorType(shape []int64, elem string) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for _, d := range shape {
		if d == dyn {
			sb.WriteString("?x")
		} else {
			fmt.Fprintf(&sb, "%dx", d)
		}
	}
	sb.WriteString(elem + ">")
	return sb.String()
}

// gen is the state of one generation.
type gen struct {
	r     *rand.Rand
	opts  GenOptions
	float string // the program's float type
	p     *Program
	pool  []value
	n     int
}

// Generate makes the program of a seed: deterministic for a seed and
// options.
func Generate(seed int64, opts GenOptions) *Program {
	if opts.MaxOps <= 0 {
		opts.MaxOps = 8
	}
	g := &gen{r: rand.New(rand.NewSource(seed)), opts: opts, p: &Program{Seed: seed, Grad: opts.Grad, Ops: map[string]int{}}}
	g.float = "f32"
	if opts.Grad || g.r.Intn(3) == 0 {
		g.float = "f64"
	}
	// One or two arguments to start from.
	for range 1 + g.r.Intn(2) {
		shape, rt := g.randShape(g.r.Intn(4))
		g.newArg(g.randElem(), shape, rt)
	}
	for range opts.MaxOps {
		for try := 0; try < 20; try++ {
			if g.step() {
				break
			}
		}
	}
	if opts.Grad {
		g.lossResult()
	} else {
		g.pickResults()
	}
	return g.p
}

// fresh returns a new SSA name.
func (g *gen) fresh() string {
	g.n++
	return fmt.Sprintf("%%v%d", g.n)
}

// emit adds an op line defining a new value and puts it in the pool.
func (g *gen) emit(op string, v value, format string, args ...any) value {
	v.name = g.fresh()
	g.p.Body = append(g.p.Body, v.name+" = "+fmt.Sprintf(format, args...))
	g.p.Ops[op]++
	g.pool = append(g.pool, v)
	return v
}

func (g *gen) randElem() string {
	if g.opts.Grad {
		if g.r.Intn(8) == 0 {
			return "i64"
		}
		return g.float
	}
	switch k := g.r.Intn(12); {
	case k < 8:
		return g.float
	case k < 9:
		return "i32"
	case k < 10:
		return "i64"
	default:
		return "i1"
	}
}

// randShape returns a random static/dynamic shape of a rank: sizes 1..4,
// sometimes 0 or dynamic (run-time sizes 0..4, often 1).
func (g *gen) randShape(rank int) (shape, rt []int64) {
	shape = make([]int64, rank)
	rt = make([]int64, rank)
	for i := range shape {
		s := int64(1 + g.r.Intn(4))
		if g.r.Intn(14) == 0 {
			s = 0
		}
		rt[i] = s
		shape[i] = s
		if g.r.Intn(5) == 0 {
			shape[i] = dyn
			if g.r.Intn(3) == 0 {
				rt[i] = 1
			}
		}
	}
	return shape, rt
}

// newArg adds a function argument with random data.
func (g *gen) newArg(elem string, shape, rt []int64) value {
	i := len(g.p.ArgTypes)
	v := value{name: fmt.Sprintf("%%a%d", i), elem: elem, shape: shape, rt: rt, exact: true}
	g.p.ArgTypes = append(g.p.ArgTypes, v.typ())
	n := int(v.numel())
	dt := dtypeOf(elem)
	var t *interp.Tensor
	var err error
	if v.isFloat() {
		vals := make([]float64, n)
		ties := !g.opts.Grad && g.r.Intn(3) == 0
		for k := range vals {
			if ties {
				vals[k] = float64(g.r.Intn(5))*0.5 - 1
			} else {
				vals[k] = g.r.Float64()*2 - 1
			}
		}
		t, err = interp.FromFloats(dt, rt, vals)
	} else {
		vals := make([]int64, n)
		for k := range vals {
			if elem == "i1" {
				vals[k] = int64(g.r.Intn(2))
			} else {
				vals[k] = int64(g.r.Intn(10))
			}
		}
		t, err = interp.FromInts(dt, rt, vals)
	}
	if err != nil {
		panic(err)
	}
	g.p.Inputs = append(g.p.Inputs, t)
	g.pool = append(g.pool, v)
	return v
}

// pick returns a pool value satisfying ok, preferring recent ones; false
// when none does.
func (g *gen) pick(ok func(value) bool) (value, bool) {
	var cands []value
	for _, v := range g.pool {
		if ok(v) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return value{}, false
	}
	if len(cands) > 3 && g.r.Intn(3) > 0 {
		cands = cands[len(cands)-3:]
	}
	return cands[g.r.Intn(len(cands))], true
}

// like returns a value of v's type: another pool value of that type, a new
// argument, or a broadcast of a smaller value.
func (g *gen) like(v value) value {
	if g.r.Intn(3) == 0 {
		if w, ok := g.pick(func(w value) bool { return w.typ() == v.typ() && slices.Equal(w.rt, v.rt) }); ok {
			return w
		}
	}
	if v.rank() > 0 && g.r.Intn(3) == 0 {
		// A broadcast from a lower-rank or size-1 operand.
		return g.broadcastTo(v)
	}
	return g.newArg(v.elem, slices.Clone(v.shape), slices.Clone(v.rt))
}

func (v value) rank() int { return len(v.shape) }

// dimOf emits tensor.dim of dimension d of v and returns its name.
func (g *gen) dimOf(v value, d int) string {
	name := g.fresh()
	written := d
	if g.r.Intn(4) == 0 {
		written -= v.rank() // negative: counted from the end
	}
	g.p.Body = append(g.p.Body, fmt.Sprintf("%s = tensor.dim %s dim = %d : %s", name, v.name, written, v.typ()))
	g.p.Ops["dim"]++
	return name
}

// sizesClause returns " sizes(...)" of the given size values ("" for
// none).
func sizesClause(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return " sizes(" + strings.Join(names, ", ") + ")"
}

// broadcastTo makes a value of target's type by broadcasting a new
// argument of lower rank or with size-1 dimensions.
func (g *gen) broadcastTo(target value) value {
	rank := target.rank()
	var dims []int64
	var shape, rt []int64
	for d := 0; d < rank; d++ {
		if g.r.Intn(3) == 0 {
			continue // a new dimension
		}
		dims = append(dims, int64(d))
		if g.r.Intn(2) == 0 {
			shape = append(shape, 1)
			rt = append(rt, 1)
		} else {
			shape = append(shape, target.shape[d])
			rt = append(rt, target.rt[d])
		}
	}
	src := g.newArg(target.elem, shape, rt)
	var sizes []string
	for d := 0; d < rank; d++ {
		if target.shape[d] == dyn {
			sizes = append(sizes, g.dimOf(target, d))
		}
	}
	return g.emit("broadcast", value{elem: target.elem, shape: slices.Clone(target.shape), rt: slices.Clone(target.rt), exact: true},
		"tensor.broadcast %s dims = %s%s : %s -> %s", src.name, intList(dims), sizesClause(sizes), src.typ(), target.typ())
}

func intList(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// step adds one random op (or a few); false when the chosen op does not
// apply to the pool.
func (g *gen) step() bool {
	steps := []struct {
		weight int
		fn     func() bool
	}{
		{6, g.unary}, {6, g.binary}, {2, g.cmpSelect}, {2, g.cast},
		{3, g.broadcast}, {2, g.reshape}, {2, g.transpose}, {2, g.slice}, {2, g.pad}, {2, g.concat},
		{2, g.gather}, {2, g.scatterAdd}, {4, g.reduce}, {1, g.argmax},
		{2, g.softmax}, {1, g.layerNorm}, {1, g.crossEntropy}, {3, g.matmul},
		{1, g.conv2d}, {1, g.maxPool2d}, {1, g.source},
	}
	total := 0
	for _, s := range steps {
		total += s.weight
	}
	k := g.r.Intn(total)
	for _, s := range steps {
		if k < s.weight {
			return s.fn()
		}
		k -= s.weight
	}
	return false
}

func isFloat(v value) bool { return v.isFloat() }

func isNum(v value) bool { return v.elem != "i1" }

// positive returns |v| + c (c = 0.5 for floats, 1 for integers), an
// operand safe for log, sqrt, div and pow.
func (g *gen) positive(v value) value {
	a := g.emit("abs", value{elem: v.elem, shape: v.shape, rt: v.rt, exact: v.exact}, "tensor.abs %s : %s", v.name, v.typ())
	c := g.full(v, "0.5")
	return g.emit("add", value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.add %s, %s : %s", a.name, c.name, v.typ())
}

// full emits a tensor.full of v's type (float value f, or 1 for integers).
func (g *gen) full(v value, f string) value {
	var sizes []string
	for d, s := range v.shape {
		if s == dyn {
			sizes = append(sizes, g.dimOf(v, d))
		}
	}
	lit := f + " : " + v.elem
	switch v.elem {
	case "i1":
		lit = "true"
	case "i32", "i64":
		lit = "1 : " + v.elem
	}
	return g.emit("full", value{elem: v.elem, shape: slices.Clone(v.shape), rt: slices.Clone(v.rt), exact: true},
		"tensor.full %s%s -> %s", lit, sizesClause(sizes), v.typ())
}

func (g *gen) unary() bool {
	v, ok := g.pick(isNum)
	if !ok {
		return false
	}
	if !v.isFloat() {
		op := []string{"neg", "abs", "relu"}[g.r.Intn(3)]
		g.emit(op, value{elem: v.elem, shape: v.shape, rt: v.rt, exact: true}, "tensor.%s %s : %s", op, v.name, v.typ())
		return true
	}
	ops := []string{"neg", "abs", "relu", "exp", "sin", "cos", "tanh", "sigmoid", "erf", "gelu", "log", "sqrt", "rsqrt", "reciprocal"}
	op := ops[g.r.Intn(len(ops))]
	switch op {
	case "log", "sqrt", "rsqrt", "reciprocal":
		v = g.positive(v)
	case "exp":
		if !v.exact {
			v = g.emit("tanh", value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.tanh %s : %s", v.name, v.typ())
		}
	}
	exact := v.exact && (op == "neg" || op == "abs" || op == "relu")
	if g.opts.Grad && (op == "abs" || op == "relu") {
		// Kinks at 0: keep operands away from them for finite differences.
		v = g.positive(v)
	}
	res := value{elem: v.elem, shape: v.shape, rt: v.rt, exact: exact}
	if op == "gelu" {
		approx := []string{"none", "tanh"}[g.r.Intn(2)]
		g.emit(op, res, "tensor.gelu %s approximate = %s : %s", v.name, approx, v.typ())
		return true
	}
	g.emit(op, res, "tensor.%s %s : %s", op, v.name, v.typ())
	return true
}

func (g *gen) binary() bool {
	a, ok := g.pick(func(v value) bool { return v.elem != "i1" || g.r.Intn(2) == 0 })
	if !ok {
		return false
	}
	ops := []string{"add", "sub", "mul", "div", "max", "min", "pow"}
	if a.elem == "i1" {
		ops = []string{"max", "min"}
	}
	op := ops[g.r.Intn(len(ops))]
	b := g.like(a)
	switch {
	case op == "div":
		b = g.positive(b)
	case op == "pow" && a.isFloat():
		a = g.positive(a)
	case op == "pow":
		// Small exponents: large integer powers only wrap.
		b = g.emit("min", value{elem: b.elem, shape: b.shape, rt: b.rt, exact: b.exact}, "tensor.min %s, %s : %s", b.name, g.full(b, "").name, b.typ())
	}
	if g.opts.Grad && a.isFloat() && (op == "max" || op == "min") && a.name != b.name {
		// Separate the operands so that no element ties (the derivative of
		// a tie is a choice, finite differences see a kink).
		b = g.emit("add", value{elem: b.elem, shape: b.shape, rt: b.rt}, "tensor.add %s, %s : %s", b.name, g.full(b, "3.0").name, b.typ())
	}
	exact := a.exact && b.exact && (op == "max" || op == "min" || !a.isFloat())
	g.emit(op, value{elem: a.elem, shape: a.shape, rt: a.rt, exact: exact}, "tensor.%s %s, %s : %s", op, a.name, b.name, a.typ())
	return true
}

func (g *gen) cmpSelect() bool {
	a, ok := g.pick(func(v value) bool { return v.exact })
	if !ok {
		return false
	}
	b := g.like(a)
	if !b.exact {
		b = g.newArg(a.elem, slices.Clone(a.shape), slices.Clone(a.rt))
	}
	pred := []string{"eq", "ne", "lt", "le", "gt", "ge"}[g.r.Intn(6)]
	m := g.emit("cmp", value{elem: "i1", shape: a.shape, rt: a.rt, exact: true}, "tensor.cmp %s, %s, %s : %s", pred, a.name, b.name, a.typ())
	if g.r.Intn(4) == 0 {
		return true
	}
	x, ok := g.pick(func(v value) bool {
		return slices.Equal(v.shape, a.shape) && slices.Equal(v.rt, a.rt) && v.name != m.name
	})
	if !ok {
		x = a
	}
	y := g.like(x)
	g.emit("select", value{elem: x.elem, shape: x.shape, rt: x.rt, exact: x.exact && y.exact}, "tensor.select %s, %s, %s : %s", m.name, x.name, y.name, x.typ())
	return true
}

func (g *gen) cast() bool {
	v, ok := g.pick(func(v value) bool { return true })
	if !ok {
		return false
	}
	targets := []string{"f32", "f64", "i32", "i64", "i1"}
	if g.opts.Grad {
		if v.isFloat() {
			return false
		}
		targets = []string{"f64", "i64", "i32"}
	}
	to := targets[g.r.Intn(len(targets))]
	if to == v.elem {
		return false
	}
	toFloat := to == "f32" || to == "f64"
	if !toFloat && v.isFloat() && !v.exact {
		return false
	}
	g.emit("cast", value{elem: to, shape: v.shape, rt: v.rt, exact: v.exact}, "tensor.cast %s : %s -> %s", v.name, v.typ(), tensorType(v.shape, to))
	return true
}

func (g *gen) broadcast() bool {
	v, ok := g.pick(func(v value) bool { return v.rank() < 4 })
	if !ok {
		return false
	}
	newRank := v.rank() + g.r.Intn(4-v.rank()) + 0
	if newRank == v.rank() && !slices.Contains(v.rt, 1) {
		newRank++
	}
	// Choose which result dimensions the operand's map to.
	pos := g.r.Perm(newRank)[:v.rank()]
	sort.Ints(pos)
	shape := make([]int64, newRank)
	rt := make([]int64, newRank)
	for d := range shape {
		shape[d] = int64(1 + g.r.Intn(3))
		rt[d] = shape[d]
	}
	var sizeSrc []func() string
	dimsAttr := make([]int64, v.rank())
	for i, p := range pos {
		dimsAttr[i] = int64(p)
		shape[p], rt[p] = v.shape[i], v.rt[i]
		switch {
		case v.rt[i] == 1 && v.shape[i] == dyn:
			// A run-time size 1 expanded to the size of another dynamic
			// dimension, decided at run time.
			if w, ok := g.pick(func(w value) bool { return slices.Contains(w.shape, dyn) }); ok && g.r.Intn(2) == 0 {
				k := slices.Index(w.shape, dyn)
				rt[p] = w.rt[k]
				ww, kk := w, k
				sizeSrc = append(sizeSrc, func() string { return g.dimOf(ww, kk) })
				continue
			}
			ii := i
			sizeSrc = append(sizeSrc, func() string { return g.dimOf(v, ii) })
		case v.shape[i] == dyn:
			ii := i
			sizeSrc = append(sizeSrc, func() string { return g.dimOf(v, ii) })
		case v.shape[i] == 1 && g.r.Intn(2) == 0:
			shape[p] = int64(2 + g.r.Intn(3))
			rt[p] = shape[p]
		}
	}
	var sizes []string
	for _, f := range sizeSrc {
		sizes = append(sizes, f())
	}
	res := value{elem: v.elem, shape: shape, rt: rt, exact: v.exact}
	g.emit("broadcast", res, "tensor.broadcast %s dims = %s%s : %s -> %s", v.name, intList(dimsAttr), sizesClause(sizes), v.typ(), res.typ())
	return true
}

func (g *gen) reshape() bool {
	v, ok := g.pick(func(v value) bool { return true })
	if !ok {
		return false
	}
	n := v.numel()
	var shape, rt []int64
	var sizes []string
	if v.static() || g.r.Intn(2) == 0 && n > 0 {
		// A random factorization of the element count, static.
		rem := n
		for rem > 1 && len(shape) < 3 {
			f := int64(1)
			for _, c := range []int64{2, 3, 4, 5, 7} {
				if rem%c == 0 && g.r.Intn(2) == 0 {
					f = c
					break
				}
			}
			if f == 1 {
				f = rem
			}
			shape = append(shape, f)
			rem /= f
		}
		if n == 0 {
			shape = []int64{int64(g.r.Intn(3)), 0}
		}
		if g.r.Intn(3) == 0 {
			shape = append([]int64{1}, shape...)
		}
		rt = slices.Clone(shape)
		if !v.static() && n > 0 && len(shape) > 0 && g.r.Intn(2) == 0 {
			// Dynamic result dimension, inferred from the element count.
			k := g.r.Intn(len(shape))
			shape[k] = dyn
		}
		if rem > 1 {
			return false
		}
	} else if v.shape[0] == dyn && v.rank() > 1 && !slices.Contains(v.shape[1:], dyn) && g.r.Intn(2) == 0 {
		// Keep the leading dynamic dimension (its size from tensor.dim)
		// and regroup the static rest: [?, 6] -> [?, 2, 3] or [?, 6, 1].
		rest := int64(1)
		for _, d := range v.rt[1:] {
			rest *= d
		}
		shape, rt = []int64{dyn}, []int64{v.rt[0]}
		if rest%2 == 0 && rest > 2 {
			shape, rt = append(shape, 2, rest/2), append(rt, 2, rest/2)
		} else {
			shape, rt = append(shape, rest, 1), append(rt, rest, 1)
		}
		sizes = []string{g.dimOf(v, 0)}
	} else {
		if n == 0 {
			return false
		}
		// Flatten to one dynamic dimension, inferred from the element
		// count.
		shape, rt = []int64{dyn}, []int64{n}
	}
	res := value{elem: v.elem, shape: shape, rt: rt, exact: v.exact}
	g.emit("reshape", res, "tensor.reshape %s%s : %s -> %s", v.name, sizesClause(sizes), v.typ(), res.typ())
	return true
}

func (g *gen) transpose() bool {
	v, ok := g.pick(func(v value) bool { return v.rank() >= 2 })
	if !ok {
		return false
	}
	perm := g.r.Perm(v.rank())
	res := value{elem: v.elem, exact: v.exact}
	p64 := make([]int64, len(perm))
	for i, p := range perm {
		p64[i] = int64(p)
		res.shape = append(res.shape, v.shape[p])
		res.rt = append(res.rt, v.rt[p])
	}
	g.emit("transpose", res, "tensor.transpose %s perm = %s : %s", v.name, intList(p64), v.typ())
	return true
}

func (g *gen) slice() bool {
	v, ok := g.pick(func(v value) bool { return v.rank() >= 1 })
	if !ok {
		return false
	}
	res := value{elem: v.elem, exact: v.exact}
	var start, limit, step []int64
	for d := range v.shape {
		size := v.rt[d]
		s := int64(g.r.Intn(int(size) + 1))
		l := s + int64(g.r.Intn(int(size-s)+1))
		st := int64(1 + g.r.Intn(3))
		start, limit, step = append(start, s), append(limit, l), append(step, st)
		n := (l - s + st - 1) / st
		res.shape = append(res.shape, n)
		res.rt = append(res.rt, n)
	}
	g.emit("slice", res, "tensor.slice %s start = %s limit = %s step = %s : %s", v.name, intList(start), intList(limit), intList(step), v.typ())
	return true
}

func (g *gen) pad() bool {
	v, ok := g.pick(func(v value) bool { return v.rank() >= 1 })
	if !ok {
		return false
	}
	res := value{elem: v.elem, exact: v.exact}
	var low, high []int64
	for d := range v.shape {
		l, h := int64(g.r.Intn(3)), int64(g.r.Intn(3))
		low, high = append(low, l), append(high, h)
		res.rt = append(res.rt, v.rt[d]+l+h)
		if v.shape[d] == dyn {
			res.shape = append(res.shape, dyn)
		} else {
			res.shape = append(res.shape, v.shape[d]+l+h)
		}
	}
	val := ""
	if g.r.Intn(2) == 0 {
		switch v.elem {
		case "i1":
			val = " {value = true}"
		case "i32", "i64":
			val = fmt.Sprintf(" {value = %d : %s}", g.r.Intn(5)-2, v.elem)
		default:
			val = fmt.Sprintf(" {value = %s : %s}", []string{"-1.500000e+00", "2.500000e-01", "3.000000e+00"}[g.r.Intn(3)], v.elem)
		}
	}
	g.emit("pad", res, "tensor.pad %s low = %s high = %s%s : %s", v.name, intList(low), intList(high), val, v.typ())
	return true
}

func (g *gen) concat() bool {
	v, ok := g.pick(func(v value) bool { return v.rank() >= 1 })
	if !ok {
		return false
	}
	d := g.r.Intn(v.rank())
	xs := []value{v}
	for range 1 + g.r.Intn(2) {
		shape, rt := slices.Clone(v.shape), slices.Clone(v.rt)
		if g.r.Intn(3) > 0 {
			rt[d] = int64(g.r.Intn(4))
			shape[d] = rt[d]
			if g.r.Intn(4) == 0 {
				shape[d] = dyn
			}
		}
		if w, ok := g.pick(func(w value) bool {
			return w.elem == v.elem && w.typ() == tensorType(shape, v.elem) && slices.Equal(w.rt, rt)
		}); ok && g.r.Intn(2) == 0 {
			xs = append(xs, w)
		} else {
			xs = append(xs, g.newArg(v.elem, shape, rt))
		}
	}
	res := value{elem: v.elem, shape: slices.Clone(v.shape), rt: slices.Clone(v.rt), exact: true}
	res.shape[d], res.rt[d] = 0, 0
	names, types := make([]string, len(xs)), make([]string, len(xs))
	for i, x := range xs {
		names[i], types[i] = x.name, x.typ()
		res.exact = res.exact && x.exact
		res.rt[d] += x.rt[d]
		if x.shape[d] == dyn || res.shape[d] == dyn {
			res.shape[d] = dyn
		} else {
			res.shape[d] += x.shape[d]
		}
	}
	g.emit("concat", res, "tensor.concat %s dim = %d : %s", strings.Join(names, ", "), d, strings.Join(types, ", "))
	return true
}

// indexConstant emits a 1-D i64 constant of n indices in [0, size).
func (g *gen) indexConstant(n int, size int64) value {
	idx := make([]string, n)
	for i := range idx {
		idx[i] = fmt.Sprint(g.r.Int63n(size))
	}
	v := value{elem: "i64", shape: []int64{int64(n)}, rt: []int64{int64(n)}, exact: true}
	lit := "dense<[" + strings.Join(idx, ", ") + "]>"
	if n == 0 {
		lit = "dense<>"
	}
	return g.emit("constant", v, "tensor.constant %s : %s", lit, v.typ())
}

func (g *gen) gather() bool {
	v, ok := g.pick(func(v value) bool {
		return v.rank() >= 1 && slices.ContainsFunc(v.rt, func(s int64) bool { return s > 0 })
	})
	if !ok {
		return false
	}
	d := g.r.Intn(v.rank())
	if v.rt[d] == 0 {
		return false
	}
	n := g.r.Intn(5)
	idx := g.indexConstant(n, v.rt[d])
	res := value{elem: v.elem, shape: slices.Clone(v.shape), rt: slices.Clone(v.rt), exact: v.exact}
	res.shape[d], res.rt[d] = int64(n), int64(n)
	g.emit("gather", res, "tensor.gather %s, %s dim = %d : %s, %s", v.name, idx.name, d, v.typ(), idx.typ())
	return true
}

func (g *gen) scatterAdd() bool {
	base, ok := g.pick(func(v value) bool { return v.rank() >= 1 && v.elem != "i1" })
	if !ok {
		return false
	}
	d := g.r.Intn(base.rank())
	if base.rt[d] == 0 {
		return false
	}
	n := g.r.Intn(5)
	idx := g.indexConstant(n, base.rt[d])
	shape, rt := slices.Clone(base.shape), slices.Clone(base.rt)
	shape[d], rt[d] = int64(n), int64(n)
	src, ok := g.pick(func(w value) bool { return w.typ() == tensorType(shape, base.elem) && slices.Equal(w.rt, rt) })
	if !ok {
		src = g.newArg(base.elem, shape, rt)
	}
	res := value{elem: base.elem, shape: base.shape, rt: base.rt, exact: !base.isFloat()}
	g.emit("scatter_add", res, "tensor.scatter_add %s, %s, %s dim = %d : %s, %s, %s", base.name, idx.name, src.name, d, base.typ(), idx.typ(), src.typ())
	return true
}

func (g *gen) reduce() bool {
	v, ok := g.pick(func(v value) bool { return v.rank() >= 1 })
	if !ok {
		return false
	}
	ops := []string{"reduce_sum", "reduce_max", "reduce_min", "reduce_mean"}
	if !v.isFloat() {
		ops = ops[:3]
		if v.elem == "i1" {
			ops = ops[1:3]
		}
	}
	op := ops[g.r.Intn(len(ops))]
	var dims []int64
	for d := range v.rank() {
		if g.r.Intn(2) == 0 {
			dims = append(dims, int64(d))
		}
	}
	if len(dims) == 0 && g.r.Intn(4) > 0 {
		dims = []int64{int64(g.r.Intn(v.rank()))}
	}
	if op == "reduce_max" || op == "reduce_min" {
		// The maximum of nothing is an error (as in PyTorch).
		for _, d := range dims {
			if v.rt[d] == 0 {
				return false
			}
		}
	}
	keep := g.r.Intn(2) == 0
	res := value{elem: v.elem, exact: v.exact && (op == "reduce_max" || op == "reduce_min")}
	for d := range v.rank() {
		if slices.Contains(dims, int64(d)) {
			if keep {
				res.shape, res.rt = append(res.shape, 1), append(res.rt, 1)
			}
			continue
		}
		res.shape, res.rt = append(res.shape, v.shape[d]), append(res.rt, v.rt[d])
	}
	// Negative dims count from the end.
	written := slices.Clone(dims)
	for i := range written {
		if g.r.Intn(3) == 0 {
			written[i] -= int64(v.rank())
		}
	}
	kd := ""
	if keep {
		kd = " keepdim = true"
	}
	g.emit(op, res, "tensor.%s %s dims = %s%s : %s", op, v.name, intList(written), kd, v.typ())
	return true
}

func (g *gen) argmax() bool {
	v, ok := g.pick(func(v value) bool { return v.exact && v.rank() >= 1 })
	if !ok {
		return false
	}
	d := g.r.Intn(v.rank())
	if v.rt[d] == 0 {
		return false
	}
	keep := g.r.Intn(2) == 0
	res := value{elem: "i64", exact: true}
	for k := range v.rank() {
		if k == d {
			if keep {
				res.shape, res.rt = append(res.shape, 1), append(res.rt, 1)
			}
			continue
		}
		res.shape, res.rt = append(res.shape, v.shape[k]), append(res.rt, v.rt[k])
	}
	kd := ""
	if keep {
		kd = " keepdim = true"
	}
	written := d
	if g.r.Intn(3) == 0 {
		written -= v.rank()
	}
	g.emit("argmax", res, "tensor.argmax %s dim = %d%s : %s", v.name, written, kd, v.typ())
	return true
}

func (g *gen) softmax() bool {
	v, ok := g.pick(func(v value) bool { return v.isFloat() && v.rank() >= 1 })
	if !ok {
		return false
	}
	op := []string{"softmax", "log_softmax"}[g.r.Intn(2)]
	d := g.r.Intn(v.rank())
	if g.r.Intn(2) == 0 {
		d -= v.rank()
	}
	g.emit(op, value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.%s %s dim = %d : %s", op, v.name, d, v.typ())
	return true
}

func (g *gen) layerNorm() bool {
	v, ok := g.pick(func(v value) bool { return v.isFloat() && v.rank() >= 1 })
	if !ok {
		return false
	}
	k := 1 + g.r.Intn(v.rank())
	shape, rt := slices.Clone(v.shape[v.rank()-k:]), slices.Clone(v.rt[v.rank()-k:])
	gamma := g.newArg(v.elem, shape, rt)
	beta := g.newArg(v.elem, slices.Clone(shape), slices.Clone(rt))
	eps := ""
	if g.r.Intn(2) == 0 {
		eps = " eps = 1.000000e-03"
	}
	g.emit("layer_norm", value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.layer_norm %s, %s, %s normalized_dims = %d%s : %s, %s, %s",
		v.name, gamma.name, beta.name, k, eps, v.typ(), gamma.typ(), beta.typ())
	return true
}

func (g *gen) crossEntropy() bool {
	v, ok := g.pick(func(v value) bool { return v.isFloat() && v.rank() == 2 && v.rt[1] > 0 && v.shape[0] != dyn })
	if !ok {
		return false
	}
	t := g.indexConstant(int(v.rt[0]), v.rt[1])
	red := []string{"mean", "sum"}[g.r.Intn(2)]
	if red == "mean" && v.rt[0] == 0 {
		red = "sum"
	}
	g.emit("cross_entropy", value{elem: v.elem, shape: []int64{}, rt: []int64{}}, "tensor.cross_entropy %s, %s reduction = %s : %s, %s", v.name, t.name, red, v.typ(), t.typ())
	return true
}

func (g *gen) matmul() bool {
	a, ok := g.pick(func(v value) bool { return v.rank() == 2 || v.rank() == 3 && v.elem != "i1" })
	if !ok || a.elem == "i1" {
		return false
	}
	r := a.rank()
	n := int64(1 + g.r.Intn(4))
	shape := slices.Clone(a.shape[:r-2])
	rt := slices.Clone(a.rt[:r-2])
	shape = append(shape, a.shape[r-1], n)
	rt = append(rt, a.rt[r-1], n)
	if shape[r-2] == dyn && g.r.Intn(2) == 0 {
		// Mixed static and dynamic sizes: b states K statically.
		shape[r-2] = rt[r-2]
	} else if shape[r-2] != dyn && g.r.Intn(4) == 0 {
		shape[r-2] = dyn
	}
	var b value
	if g.r.Intn(3) == 0 {
		// b through a transpose of a [..., N, K] argument.
		tshape, trt := slices.Clone(shape), slices.Clone(rt)
		tshape[r-2], tshape[r-1] = shape[r-1], shape[r-2]
		trt[r-2], trt[r-1] = rt[r-1], rt[r-2]
		bt := g.newArg(a.elem, tshape, trt)
		perm := make([]int64, r)
		for i := range perm {
			perm[i] = int64(i)
		}
		perm[r-2], perm[r-1] = perm[r-1], perm[r-2]
		b = g.emit("transpose", value{elem: a.elem, shape: shape, rt: rt, exact: true}, "tensor.transpose %s perm = %s : %s", bt.name, intList(perm), bt.typ())
	} else {
		b = g.newArg(a.elem, shape, rt)
	}
	res := value{elem: a.elem, shape: slices.Clone(a.shape[:r-1]), rt: slices.Clone(a.rt[:r-1]), exact: !a.isFloat()}
	for i := 0; i < r-2; i++ {
		if res.shape[i] == dyn && b.shape[i] != dyn {
			res.shape[i] = b.shape[i]
		}
	}
	res.shape, res.rt = append(res.shape, b.shape[r-1]), append(res.rt, b.rt[r-1])
	g.emit("matmul", res, "tensor.matmul %s, %s : %s, %s", a.name, b.name, a.typ(), b.typ())
	return true
}

// image returns a rank-4 float value with non-empty channels and spatial
// dimensions: a pool value or a new argument, whose dimensions are
// dynamic in a third of the arguments (each with odds 1/2).
func (g *gen) image(pool bool) value {
	if v, ok := g.pick(func(v value) bool {
		return v.isFloat() && v.rank() == 4 && v.rt[2] > 0 && v.rt[3] > 0 && v.rt[1] > 0
	}); ok && pool {
		return v
	}
	rt := []int64{int64(1 + g.r.Intn(2)), int64(1 + g.r.Intn(3)), int64(2 + g.r.Intn(4)), int64(2 + g.r.Intn(4))}
	return g.newArg(g.float, g.someDynamic(rt, 3), rt)
}

// someDynamic returns the shape of run-time sizes rt with, once in n
// calls, each dimension dynamic with odds 1/2.
func (g *gen) someDynamic(rt []int64, n int) []int64 {
	shape := slices.Clone(rt)
	if g.r.Intn(n) == 0 {
		for i := range shape {
			if g.r.Intn(2) == 0 {
				shape[i] = dyn
			}
		}
	}
	return shape
}

// windowResult is the type of a conv2d's or max_pool2d's result of
// run-time sizes rt: a dimension is dynamic where the operand's it
// derives from is (x's batch and spatial dimensions; the channels of x
// for max_pool2d, of the weight w for conv2d).
func windowResult(x value, channels int64, rt []int64) value {
	shape := slices.Clone(rt)
	for _, d := range []int{0, 2, 3} {
		if x.shape[d] == dyn {
			shape[d] = dyn
		}
	}
	if channels == dyn {
		shape[1] = dyn
	}
	return value{elem: x.elem, shape: shape, rt: rt}
}

func (g *gen) conv2d() bool {
	x := g.image(true)
	c, h, w := x.rt[1], x.rt[2], x.rt[3]
	groups := int64(1)
	if c%2 == 0 && g.r.Intn(2) == 0 {
		groups = 2
	}
	o := groups * int64(1+g.r.Intn(2))
	stride := []int64{int64(1 + g.r.Intn(2)), int64(1 + g.r.Intn(2))}
	pad := []int64{int64(g.r.Intn(2)), int64(g.r.Intn(2))}
	dil := []int64{int64(1 + g.r.Intn(2)), int64(1 + g.r.Intn(2))}
	kh, kw := int64(1+g.r.Intn(3)), int64(1+g.r.Intn(3))
	for dil[0]*(kh-1)+1 > h+2*pad[0] {
		kh--
	}
	for dil[1]*(kw-1)+1 > w+2*pad[1] {
		kw--
	}
	if kh < 1 || kw < 1 {
		return false
	}
	// Kernel sizes stay static (the loop level needs them).
	wrt := []int64{o, c / groups, kh, kw}
	wshape := slices.Clone(wrt)
	copy(wshape, g.someDynamic(wrt[:2], 4))
	wt := g.newArg(x.elem, wshape, wrt)
	ho := (h+2*pad[0]-dil[0]*(kh-1)-1)/stride[0] + 1
	wo := (w+2*pad[1]-dil[1]*(kw-1)-1)/stride[1] + 1
	g.emit("conv2d", windowResult(x, wshape[0], []int64{x.rt[0], o, ho, wo}), "tensor.conv2d %s, %s stride = %s padding = %s dilation = %s groups = %d : %s, %s",
		x.name, wt.name, intList(stride), intList(pad), intList(dil), groups, x.typ(), wt.typ())
	return true
}

func (g *gen) maxPool2d() bool {
	// In gradient programs the input is an argument: max_pool2d routes
	// the gradient to the first of tied maxima, which finite differences
	// of a duplicated element do not see.
	x := g.image(!g.opts.Grad)
	h, w := x.rt[2], x.rt[3]
	k := []int64{int64(1 + g.r.Intn(3)), int64(1 + g.r.Intn(3))}
	s := []int64{int64(1 + g.r.Intn(2)), int64(1 + g.r.Intn(2))}
	p := []int64{int64(g.r.Intn(int(k[0]/2) + 1)), int64(g.r.Intn(int(k[1]/2) + 1))}
	if k[0] > h+2*p[0] || k[1] > w+2*p[1] {
		return false
	}
	ho := (h+2*p[0]-k[0])/s[0] + 1
	wo := (w+2*p[1]-k[1])/s[1] + 1
	res := windowResult(x, x.shape[1], []int64{x.rt[0], x.rt[1], ho, wo})
	res.exact = x.exact
	g.emit("max_pool2d", res, "tensor.max_pool2d %s kernel = %s stride = %s padding = %s : %s",
		x.name, intList(k), intList(s), intList(p), x.typ())
	return true
}

// source emits iota, full or constant.
func (g *gen) source() bool {
	elem := g.randElem()
	shape, rt := g.randShape(1 + g.r.Intn(2))
	// Dynamic dimensions take their size from a pool value's.
	var sizes []string
	for d := range shape {
		if shape[d] != dyn {
			continue
		}
		w, ok := g.pick(func(w value) bool { return slices.Contains(w.shape, dyn) })
		if !ok {
			shape[d] = rt[d]
			continue
		}
		k := slices.Index(w.shape, dyn)
		rt[d] = w.rt[k]
		sizes = append(sizes, g.dimOf(w, k))
	}
	v := value{elem: elem, shape: shape, rt: rt, exact: true}
	switch g.r.Intn(3) {
	case 0:
		if elem == "i1" {
			return false
		}
		g.emit("iota", v, "tensor.iota dim = %d%s : %s", g.r.Intn(len(shape)), sizesClause(sizes), v.typ())
	case 1:
		lit := "2.500000e-01 : " + elem
		switch elem {
		case "i1":
			lit = "false"
		case "i32", "i64":
			lit = "3 : " + elem
		}
		g.emit("full", v, "tensor.full %s%s -> %s", lit, sizesClause(sizes), v.typ())
	default:
		if !v.static() {
			return false
		}
		g.emit("constant", v, "tensor.constant %s : %s", denseLiteral(g.r, v), v.typ())
	}
	return true
}

// denseLiteral writes random elements of a static value as dense<...>.
func denseLiteral(r *rand.Rand, v value) string {
	if v.numel() == 0 {
		return "dense<>"
	}
	var rec func(d int) string
	rec = func(d int) string {
		if d == v.rank() {
			switch v.elem {
			case "i1":
				return []string{"false", "true"}[r.Intn(2)]
			case "i32", "i64":
				return fmt.Sprint(r.Intn(7) - 3)
			}
			return fmt.Sprintf("%.6e", float64(r.Intn(17)-8)/8)
		}
		parts := make([]string, v.rt[d])
		for i := range parts {
			parts[i] = rec(d + 1)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return "dense<" + rec(0) + ">"
}

// pickResults chooses 1-3 results: recent values, sometimes an argument
// or the same value twice (aliasing outputs).
func (g *gen) pickResults() {
	var res []value
	k := 1 + g.r.Intn(3)
	for range k {
		var v value
		switch x := g.r.Intn(10); {
		case x == 0:
			v = g.pool[g.r.Intn(len(g.pool))]
		case x == 1 && len(res) > 0:
			v = res[0]
		case x == 2:
			i := g.r.Intn(len(g.p.ArgTypes))
			for _, w := range g.pool {
				if w.name == fmt.Sprintf("%%a%d", i) {
					v = w
				}
			}
		default:
			v = g.pool[len(g.pool)-1-g.r.Intn(min(3, len(g.pool)))]
		}
		res = append(res, v)
	}
	for _, v := range res {
		g.p.Results = append(g.p.Results, v.name)
		g.p.ResultTypes = append(g.p.ResultTypes, v.typ())
	}
}

// lossResult ends a gradient program with loss = sum over a few float
// values v of sum(v * w) (w a constant for static v, sin(v) otherwise).
func (g *gen) lossResult() {
	var terms []string
	var cands []value
	for _, v := range g.pool {
		if v.isFloat() {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		cands = append(cands, g.newArg(g.float, []int64{2}, []int64{2}))
	}
	chosen := []value{cands[len(cands)-1]}
	if len(cands) > 1 && g.r.Intn(2) == 0 {
		chosen = append(chosen, cands[g.r.Intn(len(cands)-1)])
	}
	scalar := tensorType(nil, g.float)
	for _, v := range chosen {
		var w value
		if v.static() {
			w = g.emit("constant", value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.constant %s : %s", denseLiteral(g.r, v), v.typ())
		} else {
			w = g.emit("sin", value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.sin %s : %s", v.name, v.typ())
		}
		m := g.emit("mul", value{elem: v.elem, shape: v.shape, rt: v.rt}, "tensor.mul %s, %s : %s", v.name, w.name, v.typ())
		s := m
		if v.rank() > 0 {
			dims := make([]int64, v.rank())
			for i := range dims {
				dims[i] = int64(i)
			}
			s = g.emit("reduce_sum", value{elem: v.elem}, "tensor.reduce_sum %s dims = %s : %s", m.name, intList(dims), v.typ())
		}
		terms = append(terms, s.name)
	}
	loss := terms[0]
	for _, t := range terms[1:] {
		loss = g.emit("add", value{elem: g.float}, "tensor.add %s, %s : %s", loss, t, scalar).name
	}
	g.p.Results = []string{loss}
	g.p.ResultTypes = []string{scalar}
}

// dtypeOf maps an element type name to the interpreter's type.
func dtypeOf(elem string) interp.DType {
	switch elem {
	case "f32":
		return interp.F32
	case "f64":
		return interp.F64
	case "i1":
		return interp.I1
	case "i32":
		return interp.I32
	}
	return interp.I64
}

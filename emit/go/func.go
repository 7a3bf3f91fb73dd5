package goemit

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// gval is the Go form of an IR value: its components (one expression for
// a scalar, one per lane for a vector, the slice then one int per dynamic
// dimension for a buffer) and, for integer and index scalars whose value
// is known while emitting, that value.
type gval struct {
	t     valueType
	comps []string
	konst *int64
	simd  *simdLayout // a vector held in archsimd registers: comps are the parts
}

// dim returns the Go expression of dimension k of a buffer: a literal for
// a static size, else the component holding it.
func (g *gval) dim(k int) string {
	if d := g.t.shape[k]; d != ir.Dynamic {
		return strconv.FormatInt(d, 10)
	}
	j := 1
	for i := 0; i < k; i++ {
		if g.t.shape[i] == ir.Dynamic {
			j++
		}
	}
	return g.comps[j]
}

// staticDim returns dimension k when it is static.
func (g *gval) staticDim(k int) (int64, bool) {
	d := g.t.shape[k]
	return d, d != ir.Dynamic
}

// fnEmitter emits the implementation of one func.func.
type fnEmitter struct {
	m    *modEmitter
	info *funcInfo
	fn   *ir.Operation

	sb      strings.Builder
	vals    map[ir.Value]*gval
	counter int

	live     map[*ir.Operation]bool
	flows    map[ir.Value]bool // buffers that may leave the function or a loop iteration
	mutable  map[string]bool   // Go variables assigned more than once
	arena    []arenaSlot
	parallel int // depth of loops.parallel bodies being emitted

	vectorCode bool                           // the function has vector values
	block      *ir.Block                      // the block being emitted
	copies     map[*gval][]scopedCopy         // conversions of vector values (simd.go)
	views      map[*ir.Operation]*vectorView  // vector accesses through a loop's views (simdloop.go)
	loopViews  map[*ir.Operation][]*viewGroup // the views of each loop
}

// arenaSlot is one field of a function's arena struct.
type arenaSlot struct {
	field string
	elem  Elem
}

// line writes one line of Go.
func (f *fnEmitter) line(format string, args ...any) {
	fmt.Fprintf(&f.sb, format, args...)
	f.sb.WriteByte('\n')
}

// fresh returns a new local name with the prefix.
func (f *fnEmitter) fresh(prefix string) string {
	f.counter++
	return prefix + strconv.Itoa(f.counter)
}

// errAt returns an error located at op.
func errAt(op *ir.Operation, format string, args ...any) error {
	return ir.Errorf(op.Loc(), "%s: %s", op.Name(), fmt.Sprintf(format, args...))
}

// value returns the Go form of an IR value defined earlier.
func (f *fnEmitter) value(op *ir.Operation, v ir.Value) (*gval, error) {
	g := f.vals[v]
	if g == nil {
		return nil, errAt(op, "internal error: operand has no Go value")
	}
	return g, nil
}

// removable reports whether an op may be left out when nothing uses its
// results (pure ops, loads and allocations; loops.dealloc does nothing in
// Go).
func removable(op *ir.Operation) bool {
	if op.NumRegions() > 0 || op.HasTrait(ir.Terminator) {
		return false
	}
	switch op.Name() {
	case loops.LoadName, vector.LoadName, loops.AllocName, loops.DimName, loops.DeallocName:
		return true
	}
	return op.HasTrait(ir.Pure)
}

// analyze computes which ops are live and which buffers flow out of the
// function or out of a loop iteration.
func (f *fnEmitter) analyze() {
	f.loopViews = f.planViews()
	f.live = map[*ir.Operation]bool{}
	var work []*ir.Operation
	mark := func(op *ir.Operation) {
		if op != nil && op != f.fn && !f.live[op] {
			f.live[op] = true
			work = append(work, op)
		}
	}
	f.fn.Walk(func(op *ir.Operation) {
		if op != f.fn && !removable(op) {
			mark(op)
		}
	})
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		if _, constant := constantPredicate(op); op.Name() != loops.DeallocName && !constant {
			for i, v := range op.Operands() {
				if !f.skipsOperand(op, i) {
					mark(ir.DefiningOp(v))
				}
			}
		}
		if vv := f.views[op]; vv != nil && vv.group.cVal != nil {
			mark(ir.DefiningOp(vv.group.cVal))
		}
		for p := op.ParentOp(); p != nil && p != f.fn; p = p.ParentOp() {
			mark(p)
		}
	}

	f.dropDeadViews()

	// A buffer flows out when it reaches a func.return, a loops.yield or
	// an operand of a call that returns buffers; results of for, if and
	// call ops that flow out make their sources flow out too.
	f.flows = map[ir.Value]bool{}
	for changed := true; changed; {
		changed = false
		set := func(v ir.Value) {
			if _, ok := v.Type().(*ir.MemRefType); ok && !f.flows[v] {
				f.flows[v] = true
				changed = true
			}
		}
		f.fn.Walk(func(op *ir.Operation) {
			switch op.Name() {
			case function.ReturnName, loops.YieldName:
				for _, v := range op.Operands() {
					set(v)
				}
			case function.CallName:
				for _, r := range op.Results() {
					if _, ok := r.Type().(*ir.MemRefType); ok {
						for _, v := range op.Operands() {
							set(v)
						}
						break
					}
				}
			case loops.ForName:
				// Carried buffers: the init flows with the result or the
				// block argument it becomes.
				if body := op.Region(0).Front(); body != nil {
					for i, r := range op.Results() {
						if f.flows[r] || f.flows[body.Arg(1+i)] {
							set(op.Operand(3 + i))
						}
					}
				}
			}
		})
	}
}

// liveUses returns the number of uses of v by live ops that emit code.
func (f *fnEmitter) liveUses(v ir.Value) int {
	n := f.viewUses(v)
	for u := range v.Uses() {
		if o := u.Owner(); f.live[o] && o.Name() != loops.DeallocName && !f.skipsOperand(o, u.Index()) {
			n++
		}
	}
	return n
}

// foldsConstant reports whether operand i of op is emitted as a literal
// when its value is known (index operands of accesses, loop bounds,
// allocation sizes), so that a constant used only there needs no Go
// variable.
func foldsConstant(op *ir.Operation, i int) bool {
	switch op.Name() {
	case loops.LoadName, vector.LoadName:
		return i >= 1
	case loops.StoreName, vector.StoreName:
		return i >= 2
	case loops.ForName:
		return i < 3
	case loops.ParallelName, loops.AllocName:
		return true
	}
	return false
}

// needsVar reports whether a known integer constant needs a Go variable:
// when a live use does not fold it.
func (f *fnEmitter) needsVar(v ir.Value) bool {
	for u := range v.Uses() {
		o := u.Owner()
		if f.live[o] && o.Name() != loops.DeallocName && !foldsConstant(o, u.Index()) && !f.skipsOperand(o, u.Index()) {
			return true
		}
	}
	return false
}

// funcInfo is what the module emitter knows about one function.
type funcInfo struct {
	op       *ir.Operation
	sym      string
	public   bool
	goName   string // exported name (public functions)
	impl     string // implementation name
	arenaTyp string // arena struct type ("" when none)
	arenaVar string // its free list
	params   []valueType
	results  []valueType
	api      *Func
	emitted  string // the implementation's source
}

// emitFunc writes the implementation of a function.
func (f *fnEmitter) emitFunc() error {
	fn := f.fn
	body := fn.Region(0)
	if body.NumBlocks() != 1 {
		return errAt(fn, "%s has %d blocks; the Go backend supports single-block functions (structured control flow)", symbolText(f.info.sym), body.NumBlocks())
	}
	f.vals = map[ir.Value]*gval{}
	f.mutable = map[string]bool{}
	f.vectorCode = f.m.opts.SIMD != SIMDOff && hasVectors(fn)
	f.analyze()
	block := body.Front()
	var params []string
	for i, a := range block.Args() {
		t := f.info.params[i]
		g := &gval{t: t}
		for c := 0; c < t.components(); c++ {
			name := "a" + strconv.Itoa(i)
			if c > 0 {
				name += "d" + strconv.Itoa(t.dynamic()[c-1])
			}
			g.comps = append(g.comps, name)
			params = append(params, name+" "+t.componentType(c))
		}
		f.vals[a] = g
	}
	var results []string
	for _, t := range f.info.results {
		for c := 0; c < t.components(); c++ {
			results = append(results, t.componentType(c))
		}
	}
	// The body first (it decides the arena), then the header.
	if err := f.emitBlock(block); err != nil {
		return err
	}
	bodySrc := f.sb.String()
	f.sb.Reset()
	f.line("// %s is the implementation of %s.", f.info.impl, symbolText(f.info.sym))
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	f.line("func %s(%s) %s {", f.info.impl, strings.Join(params, ", "), res)
	if len(f.arena) > 0 {
		f.info.arenaTyp = "arena" + strings.TrimPrefix(f.info.impl, "fn")
		f.info.arenaVar = "arenas" + strings.TrimPrefix(f.info.impl, "fn")
		f.line("ar := %s.get()", f.info.arenaVar)
		f.line("defer %s.put(ar)", f.info.arenaVar)
		f.m.useRT("ttArenaPool")
	}
	f.sb.WriteString(bodySrc)
	f.line("}")
	if len(f.arena) > 0 {
		f.line("")
		f.line("// %s holds the buffers %s keeps from call to call.", f.info.arenaTyp, f.info.impl)
		f.line("type %s struct {", f.info.arenaTyp)
		for _, s := range f.arena {
			f.line("%s []%s", s.field, s.elem.GoType())
		}
		f.line("}")
		f.line("")
		f.line("// %s is the free list of %s's arenas.", f.info.arenaVar, f.info.impl)
		f.line("var %s ttArenaPool[%s]", f.info.arenaVar, f.info.arenaTyp)
	}
	f.info.emitted = f.sb.String()
	return nil
}

// emitBlock emits the ops of a block (its terminator is handled by the
// parent op, except func.return).
func (f *fnEmitter) emitBlock(b *ir.Block) error {
	outer := f.block
	f.block = b
	defer func() { f.block = outer }()
	for op := b.First(); op != nil; op = op.Next() {
		if !f.live[op] || op.Name() == loops.YieldName {
			continue // yields are emitted by their parent op
		}
		end := ""
		if f.m.opts.Profile && isProfiledKernel(op) {
			end = f.profileBegin(op)
		}
		if err := f.emitOp(op); err != nil {
			return err
		}
		if end != "" {
			f.line("%s", end)
		}
	}
	return nil
}

// define binds the results of op to Go values and writes the assignment
// "names := exprs" (one expression per component of each result, or one
// expression yielding them all when multi is set). Unused results are
// assigned to _.
func (f *fnEmitter) define(op *ir.Operation, exprs []string, multi bool) error {
	var lhs []string
	anyUsed := false
	for _, r := range op.Results() {
		t, err := typeOf(r.Type())
		if err != nil {
			return errAt(op, "%v", err)
		}
		used := f.liveUses(r) > 0
		g := &gval{t: t}
		prefix := f.fresh("v")
		for c := 0; c < t.components(); c++ {
			name := prefix
			switch {
			case t.kind == kVector:
				name += "_" + strconv.Itoa(c)
			case t.kind == kBuffer && c > 0:
				name += "d" + strconv.Itoa(t.dynamic()[c-1])
			}
			if used {
				lhs = append(lhs, name)
				anyUsed = true
			} else {
				lhs = append(lhs, "_")
			}
			g.comps = append(g.comps, name)
		}
		f.vals[r] = g
	}
	if !multi && len(lhs) != len(exprs) {
		return errAt(op, "internal error: %d values for %d results", len(exprs), len(lhs))
	}
	if len(lhs) == 0 {
		return nil
	}
	op2 := ":="
	if !anyUsed {
		op2 = "="
	}
	f.line("%s %s %s", strings.Join(lhs, ", "), op2, strings.Join(exprs, ", "))
	return nil
}

// bind maps a result to existing Go expressions (no code).
func (f *fnEmitter) bind(v ir.Value, comps []string, konst *int64) error {
	t, err := typeOf(v.Type())
	if err != nil {
		return err
	}
	f.vals[v] = &gval{t: t, comps: comps, konst: konst}
	return nil
}

// ---- constants and index arithmetic ----

// intLiteral writes an integer constant of element e as Go source.
func intLiteral(e Elem, v int64) string {
	switch e {
	case I1:
		if v&1 != 0 {
			return "true"
		}
		return "false"
	case I32:
		return "int32(" + strconv.FormatInt(int64(int32(v)), 10) + ")"
	case I64:
		return "int64(" + strconv.FormatInt(v, 10) + ")"
	}
	return "int(" + strconv.FormatInt(v, 10) + ")"
}

// floatLiteral writes a float constant of element e as Go source,
// bit-exact (NaN payloads, infinities and -0 through their bits).
func floatLiteral(e Elem, v float64) string {
	if e == F32 {
		x := float32(v)
		if x != x || math.IsInf(float64(x), 0) || (x == 0 && math.Signbit(float64(x))) {
			return fmt.Sprintf("math.Float32frombits(0x%08x)", math.Float32bits(x))
		}
		return "float32(" + strconv.FormatFloat(float64(x), 'g', -1, 32) + ")"
	}
	if v != v || math.IsInf(v, 0) || (v == 0 && math.Signbit(v)) {
		return fmt.Sprintf("math.Float64frombits(0x%016x)", math.Float64bits(v))
	}
	return "float64(" + strconv.FormatFloat(v, 'g', -1, 64) + ")"
}

// affine is a sum of products index·coefficient plus a constant, built
// while emitting an access; ok is false once a constant overflowed.
type affine struct {
	terms []string
	c     int64
	ok    bool
}

// addConst adds a constant, tracking overflow.
func (a *affine) addConst(x int64) {
	s := a.c + x
	if (x > 0 && s < a.c) || (x < 0 && s > a.c) {
		a.ok = false
	}
	a.c = s
}

// mulConst returns x·y, clearing ok on overflow.
func (a *affine) mulConst(x, y int64) int64 {
	if x == 0 || y == 0 {
		return 0
	}
	p := x * y
	if p/y != x || (x == -1 && y == math.MinInt64) || (y == -1 && x == math.MinInt64) {
		a.ok = false
	}
	return p
}

// String renders the sum; an overflowed or negative constant sum becomes a
// run-time failure (ttFailf), so that Go never sees an invalid constant
// index.
func (a *affine) String(f *fnEmitter, what string) string {
	if !a.ok || (len(a.terms) == 0 && a.c < 0) {
		f.m.useRT("ttFailf")
		return fmt.Sprintf("ttFailf(%s)", strconv.Quote(what+": index out of range"))
	}
	s := strings.Join(a.terms, "+")
	switch {
	case s == "":
		return strconv.FormatInt(a.c, 10)
	case a.c > 0:
		s += "+" + strconv.FormatInt(a.c, 10)
	case a.c < 0:
		s += "-" + strconv.FormatUint(uint64(-a.c), 10)
	}
	return s
}

// offset returns the Go expression of the flat offset of buffer b at the
// given indices (row-major).
func (f *fnEmitter) offset(op *ir.Operation, b *gval, indices []ir.Value) (string, error) {
	idx := make([]*gval, len(indices))
	for k, iv := range indices {
		ig, err := f.value(op, iv)
		if err != nil {
			return "", err
		}
		idx[k] = ig
	}
	return f.offsetOf(op, b, idx)
}

// offsetOf is offset with the indices' Go values.
func (f *fnEmitter) offsetOf(op *ir.Operation, b *gval, indices []*gval) (string, error) {
	if len(indices) != len(b.t.shape) {
		return "", errAt(op, "expects %d indices, got %d", len(b.t.shape), len(indices))
	}
	a := &affine{ok: true}
	for k, ig := range indices {
		// stride of dimension k: product of the later dimensions.
		sc := int64(1)
		var sv []string
		for j := k + 1; j < len(b.t.shape); j++ {
			if d, ok := b.staticDim(j); ok {
				sc = a.mulConst(sc, d)
			} else {
				sv = append(sv, b.dim(j))
			}
		}
		if sc == 0 {
			// A later dimension is empty, so no index is in bounds; the
			// index still appears (times 0) so that its variable is used
			// and the access still fails its bounds check if reached.
			if ig.konst == nil {
				a.terms = append(a.terms, ig.comps[0]+"*0")
			}
			continue
		}
		if ig.konst != nil {
			if len(sv) == 0 {
				a.addConst(a.mulConst(*ig.konst, sc))
				continue
			}
			if *ig.konst == 0 {
				continue
			}
			factors := append([]string{}, sv...)
			if p := a.mulConst(*ig.konst, sc); p != 1 {
				factors = append(factors, paren(strconv.FormatInt(p, 10)))
			}
			a.terms = append(a.terms, strings.Join(factors, "*"))
			continue
		}
		factors := append([]string{ig.comps[0]}, sv...)
		if sc != 1 {
			factors = append(factors, strconv.FormatInt(sc, 10))
		}
		a.terms = append(a.terms, strings.Join(factors, "*"))
	}
	return a.String(f, op.Name()), nil
}

// paren wraps negative literals.
func paren(s string) string {
	if strings.HasPrefix(s, "-") {
		return "(" + s + ")"
	}
	return s
}

// indexExpr returns the Go expression of an index-typed operand: its
// literal when known, else its variable.
func (f *fnEmitter) indexExpr(op *ir.Operation, v ir.Value) (string, *int64, error) {
	g, err := f.value(op, v)
	if err != nil {
		return "", nil, err
	}
	if g.konst != nil {
		return strconv.FormatInt(*g.konst, 10), g.konst, nil
	}
	return g.comps[0], nil, nil
}

// size returns the Go expression of a buffer's element count.
func (f *fnEmitter) size(b *gval) string {
	c := int64(1)
	var vs []string
	for k := range b.t.shape {
		if d, ok := b.staticDim(k); ok {
			c *= d
		} else {
			vs = append(vs, b.dim(k))
		}
	}
	if len(vs) == 0 {
		return strconv.FormatInt(c, 10)
	}
	f.m.useRT("ttSize")
	if c != 1 {
		vs = append(vs, strconv.FormatInt(c, 10))
	}
	return "ttSize(" + strings.Join(vs, ", ") + ")"
}

package goemit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// emitOp emits one live op.
func (f *fnEmitter) emitOp(op *ir.Operation) error {
	switch op.Name() {
	case arith.ConstantName:
		return f.emitConstant(op)
	case loops.AllocName:
		return f.emitAlloc(op)
	case loops.DeallocName:
		return nil // buffers are garbage collected or kept in the arena
	case loops.LoadName:
		return f.emitLoad(op)
	case loops.StoreName:
		return f.emitStore(op)
	case loops.DimName:
		return f.emitDim(op)
	case loops.CheckIndexName:
		return f.emitCheckIndex(op)
	case loops.CopyName:
		return f.emitCopy(op)
	case loops.ForName:
		return f.emitFor(op)
	case loops.ParallelName:
		return f.emitParallel(op)
	case loops.IfName:
		return f.emitIf(op)
	case loops.YieldName:
		return errAt(op, "internal error: yield outside of its parent")
	case loops.CallExternName:
		return f.emitCallExtern(op)
	case loops.KernelName:
		return errAt(op, "fused kernels must be lowered to loop nests first (tensor-to-loops)")
	case function.CallName:
		return f.emitCall(op)
	case function.ReturnName:
		return f.emitReturn(op)
	case vector.LoadName:
		return f.emitVectorLoad(op)
	case vector.StoreName:
		return f.emitVectorStore(op)
	case vector.BroadcastName, vector.SplatName:
		return f.emitBroadcast(op)
	case vector.FMAName:
		return f.emitElementwise(op)
	case vector.ReductionName:
		return f.emitReduction(op)
	}
	if strings.HasPrefix(op.Name(), "arith.") || strings.HasPrefix(op.Name(), "math.") {
		return f.emitElementwise(op)
	}
	if strings.HasPrefix(op.Name(), "tensor.") {
		return errAt(op, "tensor ops must be lowered to loops first (the pt2-go pipeline)")
	}
	return errAt(op, "operation is not supported by the Go backend")
}

// ---- constants ----

func (f *fnEmitter) emitConstant(op *ir.Operation) error {
	if op.NumResults() != 1 {
		return errAt(op, "expects one result")
	}
	t, err := typeOf(op.Result(0).Type())
	if err != nil {
		return errAt(op, "%v", err)
	}
	if t.kind == kBuffer {
		return errAt(op, "buffer constants are not supported")
	}
	attr := op.Attr("value")
	lit := func(i int) (string, *int64, error) {
		switch a := attr.(type) {
		case *ir.IntegerAttr:
			if t.elem.IsFloat() {
				break
			}
			v := a.Int64()
			return intLiteral(t.elem, v), &v, nil
		case *ir.FloatAttr:
			if t.elem.isHalf() {
				return halfLiteral(t.elem, a.Value), nil, nil
			}
			if !t.elem.IsFloat() {
				break
			}
			f.needMath(floatLiteral(t.elem, a.Value))
			return floatLiteral(t.elem, a.Value), nil, nil
		case *ir.DenseElementsAttr:
			if a.Len() != t.lanes && !(a.Splat && t.kind == kVector) {
				break
			}
			if t.elem.IsFloat() {
				if !a.IsFloat() {
					break
				}
				s := floatLiteral(t.elem, a.FloatAt(i))
				f.needMath(s)
				return s, nil, nil
			}
			if a.IsFloat() {
				break
			}
			v := a.IntAt(i)
			return intLiteral(t.elem, v), &v, nil
		}
		return "", nil, errAt(op, "value %v does not fit the type %s", attr, op.Result(0).Type())
	}
	if t.kind == kScalar {
		s, k, err := lit(0)
		if err != nil {
			return err
		}
		if k != nil && t.elem != I1 {
			v := *k
			if t.elem == I32 {
				v = int64(int32(v))
			}
			k = &v
		}
		if k != nil && t.elem != I1 && !f.needsVar(op.Result(0)) {
			return f.bind(op.Result(0), []string{s}, k)
		}
		if err := f.define(op, []string{s}, false); err != nil {
			return err
		}
		if k != nil && t.elem != I1 {
			g := f.vals[op.Result(0)]
			g.konst = k
			if f.readOnlyInParallel(op.Result(0)) {
				// Every reader redeclares it (redeclareConstants).
				f.line("_ = %s", g.comps[0])
			}
		}
		return nil
	}
	var lanes []string
	for i := 0; i < t.lanes; i++ {
		s, _, err := lit(i)
		if err != nil {
			return err
		}
		lanes = append(lanes, s)
	}
	if l := f.m.naturalLayout(t); l != nil && t.elem != I1 {
		exprs := make([]string, l.parts)
		for p := range exprs {
			ls := lanes[p*l.lanes : (p+1)*l.lanes]
			if allSame(ls) {
				exprs[p] = "archsimd.Broadcast" + l.typeName() + "(" + ls[0] + ")"
			} else {
				exprs[p] = "archsimd.Load" + l.typeName() + "(&" + l.arrayType() + "{" + strings.Join(ls, ", ") + "})"
			}
		}
		return f.defineParts(op, l, exprs)
	}
	return f.define(op, lanes, false)
}

// needMath notes the math import when a literal uses it.
func (f *fnEmitter) needMath(s string) {
	if strings.Contains(s, "math.") {
		f.m.imports["math"] = true
	}
}

// ---- buffers ----

func (f *fnEmitter) emitAlloc(op *ir.Operation) error {
	r := op.Result(0)
	t, err := typeOf(r.Type())
	if err != nil || t.kind != kBuffer {
		return errAt(op, "expects a memref result: %v", err)
	}
	dyn := t.dynamic()
	if op.NumOperands() != len(dyn) {
		return errAt(op, "expects %d dynamic sizes, got %d", len(dyn), op.NumOperands())
	}
	g := &gval{t: t, comps: []string{""}}
	for i := range dyn {
		s, k, err := f.indexExpr(op, op.Operand(i))
		if err != nil {
			return err
		}
		if k != nil && *k < 0 {
			f.m.useRT("ttFailf")
			s = fmt.Sprintf("ttFailf(%s)", strconv.Quote(fmt.Sprintf("loops.alloc: negative size %d", *k)))
		}
		g.comps = append(g.comps, s)
	}
	name := f.fresh("v")
	g.comps[0] = name
	f.vals[r] = g
	n := f.size(g)
	elem := t.elem.GoType()
	lhs := name
	if f.liveUses(r) == 0 {
		lhs = "_"
	}
	if f.parallel > 0 || f.flows[r] {
		f.line("%s := make([]%s, %s)", lhs, elem, n)
		return nil
	}
	field := "b" + strconv.Itoa(len(f.arena))
	f.arena = append(f.arena, arenaSlot{field: field, elem: t.elem})
	fn := "ttSlot"
	if overwrittenFirst(op) {
		fn = "ttSlotDirty"
	}
	f.m.useRT(fn)
	f.line("%s := %s(&ar.%s, %s)", lhs, fn, field, n)
	return nil
}

// overwrittenFirst reports whether the first op after alloc that uses its
// buffer writes every element without reading any (the output of
// tt.matmul, tt.conv2d or tt.max_pool2d, the target of loops.copy), so
// that the zeroing of a reused arena buffer can be skipped.
func overwrittenFirst(alloc *ir.Operation) bool {
	buf := alloc.Result(0)
	for op := alloc.Next(); op != nil; op = op.Next() {
		uses := false
		op.Walk(func(o *ir.Operation) {
			for _, v := range o.Operands() {
				if v == buf {
					uses = true
				}
			}
		})
		if !uses {
			continue
		}
		switch op.Name() {
		case loops.CallExternName:
			callee, _ := op.StringAttr("callee")
			n := op.NumOperands()
			if (callee == loops.MatmulCallee && (n == 3 || n == 4) || callee == loops.Conv2DCallee && n == 3) &&
				op.Operand(2) == buf && op.Operand(0) != buf && op.Operand(1) != buf && (n == 3 || op.Operand(3) != buf) {
				return true
			}
			if callee == loops.MaxPool2DCallee && n == 2 && op.Operand(1) == buf && op.Operand(0) != buf {
				return true
			}
		case loops.CopyName:
			return op.NumOperands() == 2 && op.Operand(1) == buf && op.Operand(0) != buf
		}
		return false
	}
	return false
}

func (f *fnEmitter) emitLoad(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return errAt(op, "malformed")
	}
	b, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	if b.t.kind != kBuffer {
		return errAt(op, "expects a memref")
	}
	off, err := f.offset(op, b, op.Operands()[1:])
	if err != nil {
		return err
	}
	return f.define(op, []string{b.comps[0] + "[" + off + "]"}, false)
}

func (f *fnEmitter) emitStore(op *ir.Operation) error {
	if op.NumOperands() < 2 {
		return errAt(op, "malformed")
	}
	x, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	b, err := f.value(op, op.Operand(1))
	if err != nil {
		return err
	}
	if b.t.kind != kBuffer || x.t.kind != kScalar || x.t.elem != b.t.elem {
		return errAt(op, "expects a scalar of the memref's element type")
	}
	off, err := f.offset(op, b, op.Operands()[2:])
	if err != nil {
		return err
	}
	f.line("%s[%s] = %s", b.comps[0], off, f.scalar(x))
	return nil
}

// scalar returns the expression of a scalar value (a typed literal for a
// known constant without a variable).
func (f *fnEmitter) scalar(g *gval) string {
	if g.konst != nil && !isIdent(g.comps[0]) {
		return intLiteral(g.t.elem, *g.konst)
	}
	return g.comps[0]
}

// readOnlyInParallel reports whether every op reading the constant v
// through its variable is nested in a loops.parallel that v is defined
// outside of: the closures redeclare it, so the variable is not read.
func (f *fnEmitter) readOnlyInParallel(v ir.Value) bool {
	def := v.(*ir.OpResult).Owner()
	for u := range v.Uses() {
		o := u.Owner()
		if !f.live[o] || o.Name() == loops.DeallocName || foldsConstant(o, u.Index()) || f.skipsOperand(o, u.Index()) {
			continue
		}
		in := false
		for p := o.ParentOp(); p != nil && !in; p = p.ParentOp() {
			in = p.Name() == loops.ParallelName && !p.IsAncestorOf(def)
		}
		if !in {
			return false
		}
	}
	return true
}

// isIdent reports whether s is a Go identifier (a variable), as opposed to
// a literal.
func isIdent(s string) bool {
	return s != "" && (s[0] == '_' || ('a' <= s[0] && s[0] <= 'z') || ('A' <= s[0] && s[0] <= 'Z')) && !strings.ContainsAny(s, "()")
}

func (f *fnEmitter) emitDim(op *ir.Operation) error {
	b, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	d, ok := op.IntAttr("dim")
	if b.t.kind != kBuffer || !ok || d < 0 || int(d) >= len(b.t.shape) {
		return errAt(op, "dimension out of range")
	}
	if s, ok := b.staticDim(int(d)); ok {
		if !f.needsVar(op.Result(0)) {
			return f.bind(op.Result(0), []string{strconv.FormatInt(s, 10)}, &s)
		}
		if err := f.define(op, []string{intLiteral(Index, s)}, false); err != nil {
			return err
		}
		f.vals[op.Result(0)].konst = &s
		return nil
	}
	return f.bind(op.Result(0), []string{b.dim(int(d))}, nil)
}

// emitCheckIndex emits loops.check_index: a run-time failure, worded and
// located (file:line:col) as the interpreter's, unless 0 <= index < size.
func (f *fnEmitter) emitCheckIndex(op *ir.Operation) error {
	i, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	n, err := f.value(op, op.Operand(1))
	if err != nil {
		return err
	}
	what := loops.CheckIndexOp{Op: op}.OpAttr()
	if l, ok := ir.FileLocOf(op.Loc()); ok {
		what = fmt.Sprintf("%s:%d:%d: %s", l.File, l.Line, l.Col, what)
	}
	v, size := f.fresh("v"), f.scalar(n)
	f.m.useRT("ttFailf")
	f.line("%s := %s", v, f.scalar(i))
	f.line("if %s < 0 || %s >= %s {", v, v, size)
	f.line("\tttFailf(\"%%s: index %%d is out of range for dimension size %%d\", %s, %s, %s)", strconv.Quote(what), v, size)
	f.line("}")
	return f.bind(op.Result(0), []string{v}, nil)
}

func (f *fnEmitter) emitCopy(op *ir.Operation) error {
	if op.NumOperands() != 2 {
		return errAt(op, "malformed")
	}
	src, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	dst, err := f.value(op, op.Operand(1))
	if err != nil {
		return err
	}
	if src.t.kind != kBuffer || dst.t.kind != kBuffer || src.t.elem != dst.t.elem || len(src.t.shape) != len(dst.t.shape) {
		return errAt(op, "expects two memrefs of one element type and rank")
	}
	static := true
	for k := range src.t.shape {
		a, ok1 := src.staticDim(k)
		b, ok2 := dst.staticDim(k)
		if ok1 && ok2 && a != b {
			return errAt(op, "source and target shapes differ")
		}
		static = static && ok1 && ok2
	}
	if static {
		f.line("copy(%s, %s)", dst.comps[0], src.comps[0])
		return nil
	}
	f.m.useRT("ttCopy")
	f.line("ttCopy(%s, %s)", dst.comps[0], src.comps[0])
	return nil
}

// ---- control flow ----

// carried declares mutable variables initialized from inits (one per
// component) and returns their names.
func (f *fnEmitter) carried(t valueType, inits []string) []string {
	prefix := f.fresh("c")
	names := make([]string, len(inits))
	for c := range inits {
		name := prefix
		switch {
		case t.kind == kVector:
			name += "_" + strconv.Itoa(c)
		case t.kind == kBuffer && c > 0:
			name += "d" + strconv.Itoa(t.dynamic()[c-1])
		}
		names[c] = name
		f.mutable[name] = true
	}
	return names
}

// components returns the component expressions of values (for a call's
// arguments or a yield).
func (f *fnEmitter) components(op *ir.Operation, vs []ir.Value) ([]string, error) {
	var out []string
	for _, v := range vs {
		g, err := f.value(op, v)
		if err != nil {
			return nil, err
		}
		if g.t.kind == kScalar {
			out = append(out, f.scalar(g))
			continue
		}
		out = append(out, g.comps...)
	}
	return out, nil
}

func (f *fnEmitter) emitFor(op *ir.Operation) error {
	body := op.Region(0).Front()
	if body == nil || op.NumOperands() < 3 || body.NumArgs() != op.NumOperands()-2 {
		return errAt(op, "malformed")
	}
	var bounds [3]string
	var konst [3]*int64
	for i := range bounds {
		s, k, err := f.indexExpr(op, op.Operand(i))
		if err != nil {
			return err
		}
		bounds[i], konst[i] = s, k
	}
	if p := op.ParentOp(); p != nil && p.Name() == function.FuncName {
		// A top-level loop nest is a kernel: its location (that of the
		// tensor ops it came from) names it, as loops.parallel's does.
		if loc := locComment(op); loc != "" {
			f.line("// loops.for%s", loc)
		}
	}
	if konst[2] != nil && *konst[2] <= 0 {
		f.m.useRT("ttFailf")
		f.line("ttFailf(%s)", strconv.Quote(fmt.Sprintf("loops.for: step %d is not positive", *konst[2])))
	}
	if konst[2] == nil {
		f.m.useRT("ttFailf")
		f.line("if %s <= 0 {", bounds[2])
		f.line("ttFailf(%s, %s)", strconv.Quote("loops.for: step %d is not positive"), bounds[2])
		f.line("}")
	}
	if f.m.opts.SIMD != SIMDOff && f.scalarLoopAfterVectors(op) {
		f.clearUpperBits()
	}
	// Carried values: one mutable variable per component, shared by the
	// block argument and the result.
	for i := 3; i < op.NumOperands(); i++ {
		init, err := f.value(op, op.Operand(i))
		if err != nil {
			return err
		}
		// A vector is carried in registers when it has a layout.
		l := init.simd
		if l == nil {
			l = f.m.naturalLayout(init.t)
		}
		var inits []string
		if l != nil {
			inits = f.partsOf(init, l)
		} else if inits, err = f.components(op, []ir.Value{op.Operand(i)}); err != nil {
			return err
		}
		names := f.carried(init.t, inits)
		f.line("%s := %s", strings.Join(names, ", "), strings.Join(inits, ", "))
		r, a := op.Result(i-3), body.Arg(i-2)
		// A carried value the body only yields back unchanged is never
		// read either (the yield assigns nothing for it).
		uses := f.liveUses(a)
		if y := body.Terminator(); y != nil && y.NumOperands() > i-3 && y.Operand(i-3) == a && f.live[y] {
			uses--
		}
		if f.liveUses(r) == 0 && uses <= 0 {
			f.line("_ = %s", strings.Join(names, ", _ = "))
		}
		f.vals[r] = &gval{t: init.t, comps: names, simd: l}
		f.vals[a] = &gval{t: init.t, comps: names, simd: l}
	}
	iv := f.fresh("i")
	f.vals[body.Arg(0)] = &gval{t: valueType{kind: kScalar, elem: Index}, comps: []string{iv}}
	if groups := f.loopViews[op]; len(groups) > 0 {
		k, err := f.emitViewLoop(op, groups, bounds, konst)
		if err != nil {
			return err
		}
		if f.liveUses(body.Arg(0)) > 0 {
			f.line("%s := %s", iv, affineIV(bounds[0], konst[0], k, bounds[2], konst[2]))
		}
	} else {
		f.mutable[iv] = true
		step := iv + "++"
		if konst[2] == nil || *konst[2] != 1 {
			step = iv + " += " + bounds[2]
		}
		f.line("for %s := %s; %s < %s; %s {", iv, bounds[0], iv, bounds[1], step)
	}
	if err := f.emitBlock(body); err != nil {
		return err
	}
	if err := f.emitYield(op, body, op.Results()); err != nil {
		return err
	}
	f.line("}")
	return nil
}

// emitYield assigns the values a region's loops.yield yields to the Go
// variables of targets (the carried values of a for, the results of an if).
func (f *fnEmitter) emitYield(op *ir.Operation, body *ir.Block, targets []ir.Value) error {
	y := body.Terminator()
	if y == nil || y.Name() != loops.YieldName || y.NumOperands() != len(targets) {
		return errAt(op, "expects its region to end with loops.yield of %d values", len(targets))
	}
	if len(targets) == 0 {
		return nil
	}
	var lhs, vals []string
	for i, t := range targets {
		g := f.vals[t]
		if g == nil {
			return errAt(op, "internal error: unbound result")
		}
		lhs = append(lhs, g.comps...)
		v, err := f.value(y, y.Operand(i))
		if err != nil {
			return err
		}
		switch {
		case g.simd != nil:
			vals = append(vals, f.partsOf(v, g.simd)...)
		case v.t.kind == kVector:
			vals = append(vals, f.lanesOf(v)...)
		default:
			c, err := f.components(y, []ir.Value{y.Operand(i)})
			if err != nil {
				return err
			}
			vals = append(vals, c...)
		}
	}
	if len(lhs) != len(vals) {
		return errAt(y, "yields values of the wrong types")
	}
	// Values yielded unchanged need no assignment (and vet flags x = x).
	var l, r []string
	for i := range lhs {
		if lhs[i] != vals[i] {
			l, r = append(l, lhs[i]), append(r, vals[i])
		}
	}
	if len(l) > 0 {
		f.line("%s = %s", strings.Join(l, ", "), strings.Join(r, ", "))
	}
	return nil
}

func (f *fnEmitter) emitIf(op *ir.Operation) error {
	if op.NumOperands() != 1 || op.NumRegions() != 2 {
		return errAt(op, "malformed")
	}
	c, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	if c.t.kind != kScalar || c.t.elem != I1 {
		return errAt(op, "expects an i1 condition")
	}
	for _, r := range op.Results() {
		t, err := typeOf(r.Type())
		if err != nil {
			return errAt(op, "%v", err)
		}
		l := f.m.naturalLayout(t)
		n := t.components()
		if l != nil {
			n = l.parts
			f.m.imports["simd/archsimd"] = true
		}
		names := f.carried(t, make([]string, n))
		for c, n := range names {
			typ := t.componentType(c)
			if l != nil {
				typ = l.goType()
			}
			f.line("var %s %s", n, typ)
		}
		if f.liveUses(r) == 0 {
			f.line("_ = %s", strings.Join(names, ", _ = "))
		}
		f.vals[r] = &gval{t: t, comps: names, simd: l}
	}
	f.line("if %s {", c.comps[0])
	thenB := op.Region(0).Front()
	if thenB == nil {
		return errAt(op, "expects a then region")
	}
	if err := f.emitBlock(thenB); err != nil {
		return err
	}
	if err := f.emitYield(op, thenB, op.Results()); err != nil {
		return err
	}
	if elseB := op.Region(1).Front(); elseB != nil {
		f.line("} else {")
		if err := f.emitBlock(elseB); err != nil {
			return err
		}
		if err := f.emitYield(op, elseB, op.Results()); err != nil {
			return err
		}
	} else if op.NumResults() > 0 {
		return errAt(op, "expects an else region")
	}
	f.line("}")
	return nil
}

// parallelCost estimates the work of one iteration of a region: its ops,
// nested loops counted by their trip counts (16 when unknown).
func (f *fnEmitter) parallelCost(b *ir.Block) int {
	cost := 0
	for op := b.First(); op != nil; op = op.Next() {
		c := 1
		switch op.Name() {
		case loops.ForName, loops.ParallelName:
			inner := f.parallelCost(op.Region(0).Front())
			trips := 1
			lbs, ubs, sts := []ir.Value{op.Operand(0)}, []ir.Value{op.Operand(1)}, []ir.Value{op.Operand(2)}
			if op.Name() == loops.ParallelName {
				lbs, ubs, sts = op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
			}
			for i := range lbs {
				trips = min(trips*f.tripEstimate(lbs[i], ubs[i], sts[i]), 1<<30)
			}
			c = min(trips*inner, 1<<30)
		case loops.IfName:
			for _, r := range op.Regions() {
				if fb := r.Front(); fb != nil {
					c = max(c, f.parallelCost(fb))
				}
			}
		case loops.CallExternName, function.CallName:
			c = 1 << 12
		case vector.LoadName, vector.StoreName, vector.FMAName, vector.ReductionName:
			c = 8
		}
		cost = min(cost+c, 1<<30)
	}
	return max(cost, 1)
}

// tripEstimate returns a loop's trip count when known, else 16.
func (f *fnEmitter) tripEstimate(lb, ub, st ir.Value) int {
	l, u, s := f.vals[lb], f.vals[ub], f.vals[st]
	if l == nil || u == nil || s == nil || l.konst == nil || u.konst == nil || s.konst == nil || *s.konst <= 0 {
		return 16
	}
	if *u.konst <= *l.konst {
		return 0
	}
	return int(min((*u.konst-*l.konst+*s.konst-1) / *s.konst, 1<<30))
}

func (f *fnEmitter) emitParallel(op *ir.Operation) error {
	body := op.Region(0).Front()
	lbs, ubs, sts := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
	rank := len(lbs)
	if body == nil || rank == 0 || len(ubs) != rank || len(sts) != rank || body.NumArgs() != rank {
		return errAt(op, "malformed")
	}
	type dim struct {
		lb, ub, st string
		klb, kub   *int64
		kst        *int64
		trip       string // trip count expression
		ktrip      *int64
	}
	dims := make([]dim, rank)
	for i := range dims {
		var err error
		d := &dims[i]
		if d.lb, d.klb, err = f.indexExpr(op, lbs[i]); err != nil {
			return err
		}
		if d.ub, d.kub, err = f.indexExpr(op, ubs[i]); err != nil {
			return err
		}
		if d.st, d.kst, err = f.indexExpr(op, sts[i]); err != nil {
			return err
		}
		// A known step <= 0 is left to ttTrip, which fails at run time.
		if d.klb != nil && d.kub != nil && d.kst != nil && *d.kst > 0 {
			n := int64(0)
			if *d.kub > *d.klb {
				n = int64((uint64(*d.kub-*d.klb) + uint64(*d.kst) - 1) / uint64(*d.kst))
			}
			if n == 0 {
				f.line("// loops.parallel with an empty iteration space")
				return nil
			}
			d.ktrip = &n
			d.trip = strconv.FormatInt(n, 10)
		}
	}
	f.line("{")
	f.line("// loops.parallel%s", locComment(op))
	// The chunked range covers every dimension but the last (all of them
	// for one dimension); the last runs as a plain loop inside.
	outer := rank - 1
	if rank == 1 {
		outer = 1
	}
	for i := range dims {
		d := &dims[i]
		switch {
		case d.ktrip != nil:
		case i < outer:
			d.trip = f.fresh("n")
			f.m.useRT("ttTrip")
			f.line("%s := ttTrip(%s, %s, %s)", d.trip, d.lb, d.ub, d.st)
		case d.kst == nil || *d.kst <= 0:
			// The inner loop's step is checked here (ttTrip checks the others).
			f.m.useRT("ttFailf")
			f.line("if %s <= 0 {", d.st)
			f.line("ttFailf(%s, %s)", strconv.Quote("loops.parallel: step %d is not positive"), d.st)
			f.line("}")
		}
	}
	var total []string
	kt := int64(1)
	for i := 0; i < outer; i++ {
		if dims[i].ktrip != nil {
			kt *= *dims[i].ktrip
		} else {
			total = append(total, dims[i].trip)
		}
	}
	if kt != 1 || len(total) == 0 {
		total = append(total, strconv.FormatInt(kt, 10))
	}
	cost := f.parallelCost(body)
	if rank > 1 {
		last := &dims[rank-1]
		trips := 16
		if last.ktrip != nil {
			trips = int(min(*last.ktrip, 1<<20))
		}
		cost = min(cost*trips, 1<<30)
	}
	// Outer mutable variables the body reads are copied first, so that the
	// closure captures copies (by value) instead of moving them to the heap.
	saved := f.snapshot(op)
	lo, hi := f.fresh("lo"), f.fresh("hi")
	f.m.useRT("ttParallelFor")
	f.line("ttParallelFor(%s, %d, func(%s, %s int) {", strings.Join(total, "*"), cost, lo, hi)
	f.redeclareConstants(op)
	f.parallel++
	k := f.fresh("k")
	f.line("for %s := %s; %s < %s; %s++ {", k, lo, k, hi, k)
	ivs := make([]string, rank)
	if rank == 1 {
		ivs[0] = f.fresh("i")
		f.line("%s := %s", ivs[0], affineIV(dims[0].lb, dims[0].klb, k, dims[0].st, dims[0].kst))
	} else {
		rest := k
		for i := outer - 1; i >= 0; i-- {
			d := &dims[i]
			ivs[i] = f.fresh("i")
			idx := rest
			if i > 0 {
				idx = "(" + rest + " % " + d.trip + ")"
			}
			f.line("%s := %s", ivs[i], affineIV(d.lb, d.klb, idx, d.st, d.kst))
			if i > 0 {
				next := f.fresh("q")
				f.line("%s := %s / %s", next, rest, d.trip)
				rest = next
			}
		}
		d := &dims[rank-1]
		ivs[rank-1] = f.fresh("i")
		f.mutable[ivs[rank-1]] = true
		step := ivs[rank-1] + "++"
		if d.kst == nil || *d.kst != 1 {
			step = ivs[rank-1] + " += " + d.st
		}
		f.line("for %s := %s; %s < %s; %s {", ivs[rank-1], d.lb, ivs[rank-1], d.ub, step)
	}
	for i, iv := range ivs {
		f.vals[body.Arg(i)] = &gval{t: valueType{kind: kScalar, elem: Index}, comps: []string{iv}}
	}
	err := f.emitBlock(body)
	f.parallel--
	f.restore(saved)
	if err != nil {
		return err
	}
	if y := body.Terminator(); y == nil || y.Name() != loops.YieldName || y.NumOperands() != 0 {
		return errAt(op, "expects its body to end with loops.yield")
	}
	if rank > 1 {
		f.line("}")
	}
	f.line("}")
	f.line("})")
	f.line("}")
	return nil
}

// affineIV renders lb + k·step with known values folded.
func affineIV(lb string, klb *int64, k, st string, kst *int64) string {
	term := k
	if kst == nil || *kst != 1 {
		term = k + "*" + st
	}
	if klb != nil && *klb == 0 {
		return term
	}
	return lb + " + " + term
}

// snapshot copies the mutable Go variables that the region of op reads
// from outside it into fresh locals, rebinding the values to the copies;
// restore undoes the rebinding.
func (f *fnEmitter) snapshot(op *ir.Operation) map[ir.Value]*gval {
	saved := map[ir.Value]*gval{}
	copies := map[string]string{}
	outer := outerOperands(op)
	for _, v := range outer {
		saved[v] = nil
	}
	for _, v := range outer {
		g := f.vals[v]
		if g == nil {
			delete(saved, v)
			continue
		}
		changed := false
		comps := append([]string(nil), g.comps...)
		for i, c := range comps {
			if !f.mutable[c] {
				continue
			}
			cp, ok := copies[c]
			if !ok {
				cp = f.fresh("s")
				copies[c] = cp
				f.line("%s := %s", cp, c)
			}
			comps[i] = cp
			changed = true
		}
		if !changed {
			delete(saved, v)
			continue
		}
		saved[v] = g
		f.vals[v] = &gval{t: g.t, comps: comps, konst: g.konst}
	}
	return saved
}

// outerOperands returns the values defined outside op that op or the ops
// nested in it use, in the order of first use.
func outerOperands(op *ir.Operation) []ir.Value {
	inside := func(v ir.Value) bool {
		var owner *ir.Operation
		switch v := v.(type) {
		case *ir.OpResult:
			owner = v.Owner()
		case *ir.BlockArgument:
			owner = v.Owner().ParentOp()
		}
		return owner != nil && (owner == op || op.IsAncestorOf(owner))
	}
	seen := map[ir.Value]bool{}
	var outer []ir.Value
	add := func(v ir.Value) {
		if !inside(v) && !seen[v] {
			seen[v] = true
			outer = append(outer, v)
		}
	}
	op.Walk(func(o *ir.Operation) {
		if o != op {
			for _, v := range o.Operands() {
				add(v)
			}
		}
	})
	for _, v := range op.Operands() {
		add(v)
	}
	return outer
}

// redeclareConstants declares again, inside a parallel body's closure,
// the integer constants held in variables of the enclosing function that
// the body reads. A captured variable is a load from the closure's
// context to the Go compiler, so a division or remainder by it is a
// hardware divide; a local initialized from a literal is a constant it
// propagates (division by a constant becomes a multiply and shifts).
func (f *fnEmitter) redeclareConstants(op *ir.Operation) {
	for _, v := range outerOperands(op) {
		g := f.vals[v]
		if g == nil || g.konst == nil || g.t.kind != kScalar || len(g.comps) != 1 || !isIdent(g.comps[0]) || f.mutable[g.comps[0]] {
			continue
		}
		if !f.readsInside(op, v) {
			continue
		}
		f.line("%s := %s", g.comps[0], intLiteral(g.t.elem, *g.konst))
	}
}

// readsInside reports whether an op nested in op reads v through its Go
// variable (a live use that does not fold the constant).
func (f *fnEmitter) readsInside(op *ir.Operation, v ir.Value) bool {
	for u := range v.Uses() {
		o := u.Owner()
		if o != op && op.IsAncestorOf(o) && f.live[o] && o.Name() != loops.DeallocName && !foldsConstant(o, u.Index()) && !f.skipsOperand(o, u.Index()) {
			return true
		}
	}
	return false
}

func (f *fnEmitter) restore(saved map[ir.Value]*gval) {
	for v, g := range saved {
		f.vals[v] = g
	}
}

// locComment renders an op's location for a comment (" at file:line:col").
func locComment(op *ir.Operation) string {
	switch l := op.Loc().(type) {
	case nil:
		return ""
	case *ir.FileLineColLoc:
		return " at " + commentText(fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col))
	}
	s := op.Loc().String()
	if s == "" || s == "loc(unknown)" {
		return ""
	}
	return " at " + commentText(s)
}

// ---- calls ----

func (f *fnEmitter) emitCall(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok || len(ref.Nested) > 0 {
		return errAt(op, "expects a flat callee symbol")
	}
	callee := f.m.funcs[ref.Root]
	if callee == nil {
		return errAt(op, "calls %s, which is not a function of the module with a body", symbolText(ref.Root))
	}
	if len(callee.params) != op.NumOperands() || len(callee.results) != op.NumResults() {
		return errAt(op, "does not match the signature of %s", symbolText(ref.Root))
	}
	for i, v := range op.Operands() {
		t, err := typeOf(v.Type())
		if err != nil || !sameValueType(t, callee.params[i]) {
			return errAt(op, "operand #%d does not match the signature of %s", i, symbolText(ref.Root))
		}
	}
	args, err := f.components(op, op.Operands())
	if err != nil {
		return err
	}
	call := callee.impl + "(" + strings.Join(args, ", ") + ")"
	if op.NumResults() == 0 {
		f.line("%s", call)
		return nil
	}
	return f.define(op, []string{call}, true)
}

// sameValueType reports whether two Go representations are the same.
func sameValueType(a, b valueType) bool {
	if a.kind != b.kind || a.elem != b.elem || a.lanes != b.lanes || len(a.shape) != len(b.shape) {
		return false
	}
	for i := range a.shape {
		if a.shape[i] != b.shape[i] {
			return false
		}
	}
	return true
}

func (f *fnEmitter) emitReturn(op *ir.Operation) error {
	if op.ParentOp() != f.fn {
		return errAt(op, "must be in the function body")
	}
	if op.NumOperands() != len(f.info.results) {
		return errAt(op, "returns %d values, the function has %d results", op.NumOperands(), len(f.info.results))
	}
	vals, err := f.components(op, op.Operands())
	if err != nil {
		return err
	}
	if len(vals) == 0 {
		f.line("return")
		return nil
	}
	f.line("return %s", strings.Join(vals, ", "))
	return nil
}

// ---- extern kernels ----

// check is a condition two sizes must meet, as Go expressions.
type sizeCheck struct{ a, b, what string }

func (f *fnEmitter) emitCallExtern(op *ir.Operation) error {
	callee, _ := op.StringAttr("callee")
	if op.NumResults() != 0 {
		return errAt(op, "runtime kernels return nothing; they write their buffer operands")
	}
	var bufs []*gval
	for _, v := range op.Operands() {
		g, err := f.value(op, v)
		if err != nil {
			return err
		}
		if g.t.kind != kBuffer {
			return errAt(op, "%s takes memref operands only", strconv.Quote(callee))
		}
		bufs = append(bufs, g)
	}
	switch callee {
	case loops.MatmulCallee:
		return f.emitMatmul(op, bufs)
	case loops.Conv2DCallee:
		return f.emitConv(op, bufs)
	case loops.MaxPool2DCallee:
		return f.emitMaxPool(op, bufs)
	}
	return errAt(op, "unknown runtime kernel %s (the Go backend provides tt.matmul, tt.conv2d and tt.max_pool2d)", strconv.QuoteToASCII(callee))
}

// emitChecks writes run-time checks of sizes that are not both known, and
// fails at emission when two known sizes differ.
func (f *fnEmitter) emitChecks(op *ir.Operation, kernel string, checks []sizeCheck) error {
	for _, c := range checks {
		if c.a == c.b {
			continue // one expression: equal
		}
		x, errX := strconv.ParseInt(c.a, 10, 64)
		y, errY := strconv.ParseInt(c.b, 10, 64)
		if errX == nil && errY == nil {
			if x != y {
				return errAt(op, "%s: %s: %d vs %d", kernel, c.what, x, y)
			}
			continue
		}
		f.m.useRT("ttFailf")
		f.line("if %s != %s {", c.a, c.b)
		f.line("ttFailf(%s, %s, %s)", strconv.Quote(kernel+": "+c.what+": %d vs %d"), c.a, c.b)
		f.line("}")
	}
	return nil
}

// product renders the product of dims [from, to) of a buffer.
func product(b *gval, from, to int) string {
	c := int64(1)
	var vs []string
	for k := from; k < to; k++ {
		if d, ok := b.staticDim(k); ok {
			c *= d
		} else {
			vs = append(vs, b.dim(k))
		}
	}
	if len(vs) == 0 {
		return strconv.FormatInt(c, 10)
	}
	if c != 1 {
		vs = append(vs, strconv.FormatInt(c, 10))
	}
	return strings.Join(vs, "*")
}

func (f *fnEmitter) emitMatmul(op *ir.Operation, bufs []*gval) error {
	if len(bufs) != 3 && len(bufs) != 4 {
		return errAt(op, "tt.matmul takes A, B, C and an optional bias")
	}
	a, b, c := bufs[0], bufs[1], bufs[2]
	ra, rb, rc := len(a.t.shape), len(b.t.shape), len(c.t.shape)
	halfAB := a.t.elem.isHalf() && b.t.elem == a.t.elem && c.t.elem == F32
	if ra < 2 || rb < 2 || rc < 2 || a.t.elem != b.t.elem || (a.t.elem != c.t.elem && !halfAB) || a.t.elem == I1 {
		return errAt(op, "tt.matmul expects A [..., M, K], B [..., K, N] and C [..., M, N] of one numeric element type")
	}
	if (ra != 2 && ra != rc) || (rb != 2 && rb != rc) {
		return errAt(op, "tt.matmul: A and B must have C's batch dimensions or none")
	}
	flags := loops.MatmulFlagsOf(op)
	// The dimensions of A and B in their storage order.
	am, ak, bk, bn := ra-2, ra-1, rb-2, rb-1
	if flags.TransposeA {
		am, ak = ak, am
	}
	if flags.TransposeB {
		bk, bn = bn, bk
	}
	checks := []sizeCheck{
		{a.dim(am), c.dim(rc - 2), "rows of A and C differ"},
		{b.dim(bn), c.dim(rc - 1), "columns of B and C differ"},
		{a.dim(ak), b.dim(bk), "inner dimensions differ"},
	}
	for k := 0; k < rc-2; k++ {
		if ra == rc {
			checks = append(checks, sizeCheck{a.dim(k), c.dim(k), "batch dimensions of A and C differ"})
		}
		if rb == rc {
			checks = append(checks, sizeCheck{b.dim(k), c.dim(k), "batch dimensions of B and C differ"})
		}
	}
	bias := "nil"
	if len(bufs) == 4 {
		if len(bufs[3].t.shape) != 1 || bufs[3].t.elem != c.t.elem {
			return errAt(op, "tt.matmul: the bias must be [N] of C's element type")
		}
		checks = append(checks, sizeCheck{bufs[3].dim(0), c.dim(rc - 1), "bias and columns of C differ"})
		bias = bufs[3].comps[0]
	}
	if err := f.emitChecks(op, "tt.matmul", checks); err != nil {
		return err
	}
	if halfAB {
		a, b = f.widenHalf(a), f.widenHalf(b)
	}
	batch := product(c, 0, rc-2)
	batchA, batchB := "1", "1"
	if ra == rc {
		batchA = batch
	}
	if rb == rc {
		batchB = batch
	}
	if flags == (loops.MatmulFlags{}) && bias == "nil" {
		f.m.useRT("ttMatmul")
		f.line("ttMatmul(%s, %s, %s, %s, %s, %s, %s, %s, %s)", batch, c.dim(rc-2), c.dim(rc-1), a.dim(ak),
			a.comps[0], batchA, b.comps[0], batchB, c.comps[0])
		return nil
	}
	f.m.useRT("ttGemm")
	f.line("ttGemm(%s, %s, %s, %s, %s, %s, %s, %s, %s, %v, %v, %s, %s)", batch, c.dim(rc-2), c.dim(rc-1), a.dim(ak),
		a.comps[0], batchA, b.comps[0], batchB, c.comps[0], flags.TransposeA, flags.TransposeB, bias, strconv.Quote(flags.Activation))
	return nil
}

func (f *fnEmitter) emitConv(op *ir.Operation, bufs []*gval) error {
	if len(bufs) != 3 {
		return errAt(op, "tt.conv2d takes x, w and out")
	}
	x, w, out := bufs[0], bufs[1], bufs[2]
	halfXW := x.t.elem.isHalf() && w.t.elem == x.t.elem && out.t.elem == F32
	if len(x.t.shape) != 4 || len(w.t.shape) != 4 || len(out.t.shape) != 4 || x.t.elem != w.t.elem || (x.t.elem != out.t.elem && !halfXW) || x.t.elem == I1 {
		return errAt(op, "tt.conv2d expects x NCHW, w OIHW and out NCHW of one numeric element type")
	}
	if halfXW {
		x, w = f.widenHalf(x), f.widenHalf(w)
	}
	pair := func(name string, def [2]int64) ([2]int64, error) {
		a := op.Attr(name)
		if a == nil {
			return def, nil
		}
		d, ok := a.(*ir.DenseArrayAttr)
		if !ok || len(d.Ints) != 2 {
			return def, errAt(op, "attribute '%s' must be array<i64: h, w>", name)
		}
		return [2]int64{d.Ints[0], d.Ints[1]}, nil
	}
	stride, err := pair("stride", [2]int64{1, 1})
	if err != nil {
		return err
	}
	pad, err := pair("padding", [2]int64{0, 0})
	if err != nil {
		return err
	}
	dil, err := pair("dilation", [2]int64{1, 1})
	if err != nil {
		return err
	}
	groups := int64(1)
	if a := op.Attr("groups"); a != nil {
		ia, ok := a.(*ir.IntegerAttr)
		if !ok {
			return errAt(op, "attribute 'groups' must be an integer")
		}
		groups = ia.Int64()
	}
	shape := func(g *gval) string {
		return "[4]int{" + g.dim(0) + ", " + g.dim(1) + ", " + g.dim(2) + ", " + g.dim(3) + "}"
	}
	f.m.useRT("ttConv2D")
	f.line("ttConv2D(%s, %s, %s, %s, %s, %s, [2]int{%d, %d}, [2]int{%d, %d}, [2]int{%d, %d}, %d)",
		x.comps[0], shape(x), w.comps[0], shape(w), out.comps[0], shape(out),
		stride[0], stride[1], pad[0], pad[1], dil[0], dil[1], groups)
	return nil
}

func (f *fnEmitter) emitMaxPool(op *ir.Operation, bufs []*gval) error {
	if len(bufs) != 2 {
		return errAt(op, "tt.max_pool2d takes x and out")
	}
	x, out := bufs[0], bufs[1]
	if len(x.t.shape) != 4 || len(out.t.shape) != 4 || x.t.elem != out.t.elem || x.t.elem == I1 {
		return errAt(op, "tt.max_pool2d expects x NCHW and out NCHW of one numeric element type")
	}
	p, err := loops.MaxPool2DParamsOf(op)
	if err != nil {
		return errAt(op, "%v", err)
	}
	shape := func(g *gval) string {
		return "[4]int{" + g.dim(0) + ", " + g.dim(1) + ", " + g.dim(2) + ", " + g.dim(3) + "}"
	}
	f.m.useRT("ttMaxPool2D")
	f.line("ttMaxPool2D(%s, %s, %s, %s, [2]int{%d, %d}, [2]int{%d, %d}, [2]int{%d, %d}, [2]int{%d, %d})",
		x.comps[0], shape(x), out.comps[0], shape(out), p.Kernel[0], p.Kernel[1], p.Stride[0], p.Stride[1],
		p.Padding[0], p.Padding[1], p.Dilation[0], p.Dilation[1])
	return nil
}

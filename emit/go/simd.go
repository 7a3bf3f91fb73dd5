package goemit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// SIMD is the vector instruction set generated code holds vector values
// in. With SIMDOff (the default) a vector is one Go variable per lane and
// the code is portable Go; with SIMDAVX2 and SIMDAVX512 vectors are the
// types of package simd/archsimd (Go 1.26's GOEXPERIMENT=simd, amd64), the
// generated file carries the build constraint "goexperiment.simd &&
// amd64", and its exported functions (and the command EmitMain writes)
// fail with an error naming the missing CPU feature on a CPU without the
// level's features, instead of dying on an illegal instruction.
type SIMD int

// The SIMD levels.
const (
	// SIMDOff holds vectors lane by lane in scalar variables.
	SIMDOff SIMD = iota
	// SIMDAVX2 uses archsimd's 128- and 256-bit vectors and needs AVX2
	// and FMA.
	SIMDAVX2
	// SIMDAVX512 also uses 512-bit vectors and needs AVX-512 (F, CD, BW,
	// DQ and VL, archsimd's AVX512 feature) and FMA.
	SIMDAVX512
)

var simdNames = [...]string{SIMDOff: "off", SIMDAVX2: "avx2", SIMDAVX512: "avx512"}

// String returns the level's name: off, avx2 or avx512.
func (s SIMD) String() string {
	if s < 0 || int(s) >= len(simdNames) {
		return "SIMD(" + strconv.Itoa(int(s)) + ")"
	}
	return simdNames[s]
}

// ParseSIMD returns the level named s (off, avx2 or avx512).
func ParseSIMD(s string) (SIMD, error) {
	for i, n := range simdNames {
		if s == n {
			return SIMD(i), nil
		}
	}
	return SIMDOff, fmt.Errorf("unknown SIMD level %q (off, avx2 or avx512)", s)
}

// RegisterBits returns the width of the level's widest vectors: 0 (off),
// 256 or 512.
func (s SIMD) RegisterBits() int {
	switch s {
	case SIMDAVX2:
		return 256
	case SIMDAVX512:
		return 512
	}
	return 0
}

// Features describes the CPU features code of the level needs.
func (s SIMD) Features() string {
	switch s {
	case SIMDAVX2:
		return "AVX2 and FMA"
	case SIMDAVX512:
		return "AVX-512 (F, CD, BW, DQ, VL), AVX2 and FMA"
	}
	return "none"
}

// BuildConstraint is the //go:build expression of the files of this level
// ("" for SIMDOff).
func (s SIMD) BuildConstraint() string {
	if s == SIMDOff {
		return ""
	}
	return "goexperiment.simd && amd64"
}

// simdLayout is how a vector value is held in archsimd registers: parts
// vectors of lanes elements each (lanes·bits is 128, 256 or 512), lane i
// of the value being lane i%lanes of part i/lanes.
type simdLayout struct {
	elem  Elem // the element; I1 for masks
	bits  int  // bits of a lane in a register: 32 or 64 (for a mask, of the vectors it selects between)
	lanes int  // lanes per part
	parts int
}

// maxParts bounds the registers of one vector value; wider vectors stay
// lane by lane.
const maxParts = 8

// layout returns the archsimd layout of vectors of lanes elements e, with
// maskBits the lane width of a mask (e == I1), or nil when the level is off
// or the vector has no such layout (index or narrow vectors, widths that
// are not a multiple of a register): such vectors stay lane by lane.
func (s SIMD) layout(e Elem, lanes, maskBits int) *simdLayout {
	if s == SIMDOff {
		return nil
	}
	var bits int
	switch e {
	case F32, I32:
		bits = 32
	case F64, I64:
		bits = 64
	case I1:
		bits = maskBits
	default:
		return nil
	}
	total := lanes * bits
	if total < 128 {
		return nil
	}
	part := min(total, s.RegisterBits())
	if total%part != 0 || (part != 128 && part != 256 && part != 512) || total/part > maxParts {
		return nil
	}
	return &simdLayout{elem: e, bits: bits, lanes: part / bits, parts: total / part}
}

// naturalLayout returns the layout of vector type t (masks: of 32-bit
// lanes), or nil.
func (m *modEmitter) naturalLayout(t valueType) *simdLayout {
	if t.kind != kVector {
		return nil
	}
	return m.opts.SIMD.layout(t.elem, t.lanes, 32)
}

// sameLayout reports whether two layouts are equal (both nil included).
func sameLayout(a, b *simdLayout) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// typeName returns the archsimd type name of one part without the package
// ("Float32x8", "Mask64x4").
func (l *simdLayout) typeName() string {
	n := strconv.Itoa(l.lanes)
	switch l.elem {
	case F32:
		return "Float32x" + n
	case F64:
		return "Float64x" + n
	case I32:
		return "Int32x" + n
	case I64:
		return "Int64x" + n
	}
	return "Mask" + strconv.Itoa(l.bits) + "x" + n
}

// goType returns the Go type of one part.
func (l *simdLayout) goType() string { return "archsimd." + l.typeName() }

// intName returns the name of the integer vector type of a part's lanes
// ("Int32x8" for Float32x8 or Mask32x8).
func (l *simdLayout) intName() string {
	return "Int" + strconv.Itoa(l.bits) + "x" + strconv.Itoa(l.lanes)
}

// maskLayout returns the layout of a mask selecting between vectors of
// layout l.
func (l *simdLayout) maskLayout() *simdLayout {
	return &simdLayout{elem: I1, bits: l.bits, lanes: l.lanes, parts: l.parts}
}

// partType returns the Go array type of one part's lanes ("[8]float32").
func (l *simdLayout) arrayType() string {
	return "[" + strconv.Itoa(l.lanes) + "]" + l.elem.GoType()
}

// ---- the forms of a vector value ----

// scopedCopy is a conversion of a vector value emitted in a block, usable
// from that block and the blocks nested in it (but not from another
// goroutine's closure: the depth of loops.parallel must match).
type scopedCopy struct {
	block    *ir.Block
	parallel int
	layout   *simdLayout // nil: lanes
	comps    []string
}

// cached returns a conversion of g visible from the current block.
func (f *fnEmitter) cached(g *gval, l *simdLayout) []string {
	for _, c := range f.copies[g] {
		if c.parallel == f.parallel && sameLayout(c.layout, l) && f.visible(c.block) {
			return c.comps
		}
	}
	return nil
}

// remember records a conversion of g emitted in the current block.
func (f *fnEmitter) remember(g *gval, l *simdLayout, comps []string) {
	if f.copies == nil {
		f.copies = map[*gval][]scopedCopy{}
	}
	f.copies[g] = append(f.copies[g], scopedCopy{block: f.block, parallel: f.parallel, layout: l, comps: comps})
}

// visible reports whether variables declared in block b are in scope in
// the block being emitted (b is it or encloses it).
func (f *fnEmitter) visible(b *ir.Block) bool {
	for cur := f.block; cur != nil; {
		if cur == b {
			return true
		}
		p := cur.ParentOp()
		if p == nil || p == f.fn {
			return false
		}
		cur = p.Block()
	}
	return false
}

// lanesOf returns one Go expression per lane of a vector value: its
// variables when it is held lane by lane, else the lanes of a copy of its
// registers (stored to an array, or a mask's bits).
func (f *fnEmitter) lanesOf(g *gval) []string {
	if g.simd == nil {
		return g.comps
	}
	if c := f.cached(g, nil); c != nil {
		return c
	}
	l := g.simd
	var lanes []string
	if l.elem == I1 {
		for _, p := range g.comps {
			bits := f.fresh("m")
			f.line("%s := %s.ToBits()", bits, p)
			for k := 0; k < l.lanes; k++ {
				lanes = append(lanes, fmt.Sprintf("(%s&0x%x != 0)", bits, uint64(1)<<k))
			}
		}
	} else {
		arr := f.fresh("a")
		n := l.lanes * l.parts
		f.line("var %s [%d]%s", arr, n, l.elem.GoType())
		for i, p := range g.comps {
			if l.parts == 1 {
				f.line("%s.Store(&%s)", p, arr)
				break
			}
			f.line("%s.Store((*%s)(%s[%d:%d]))", p, l.arrayType(), arr, i*l.lanes, (i+1)*l.lanes)
		}
		for k := 0; k < n; k++ {
			lanes = append(lanes, arr+"["+strconv.Itoa(k)+"]")
		}
	}
	f.clearUpperBits()
	f.remember(g, nil, lanes)
	return lanes
}

// clearUpperBits writes a VZEROUPPER before scalar code. Go compiles
// scalar float code to legacy SSE instructions, which run many times
// slower while the upper halves of the vector registers are dirty (an
// exp called per lane is 4x slower on this project's AMD EPYC); Go does
// not clear them itself. The compiler knows that the instruction
// clobbers every vector register.
func (f *fnEmitter) clearUpperBits() {
	f.m.imports["simd/archsimd"] = true
	f.line("archsimd.ClearAVXUpperBits()")
}

// partsOf returns the registers of a vector value in layout l, converting
// it when it is held lane by lane or in another layout (masks of another
// width).
func (f *fnEmitter) partsOf(g *gval, l *simdLayout) []string {
	if sameLayout(g.simd, l) {
		return g.comps
	}
	if c := f.cached(g, l); c != nil {
		return c
	}
	if parts := f.widenMask(g, l); parts != nil {
		f.remember(g, l, parts)
		return parts
	}
	lanes := f.lanesOf(g)
	f.m.imports["simd/archsimd"] = true
	parts := make([]string, l.parts)
	for p := range parts {
		ls := lanes[p*l.lanes : (p+1)*l.lanes]
		var expr string
		switch {
		case l.elem == I1 && allSame(ls) && (ls[0] == "false" || ls[0] == "true"):
			// A constant mask (cmpf false or true).
			expr = "archsimd." + l.intName() + "{}.ToMask()"
			if ls[0] == "true" {
				expr = "archsimd.Broadcast" + l.intName() + "(-1).ToMask()"
			}
		case l.elem == I1:
			// Masks from booleans through integer vectors: -1 is true.
			f.m.useRT("ttB2I")
			T := "int" + strconv.Itoa(l.bits)
			ints := make([]string, len(ls))
			for i, b := range ls {
				ints[i] = "-ttB2I[" + T + "](" + b + ")"
			}
			expr = fmt.Sprintf("archsimd.Load%s(&[%d]%s{%s}).ToMask()", l.intName(), l.lanes, T, strings.Join(ints, ", "))
		case allSame(ls):
			expr = fmt.Sprintf("archsimd.Broadcast%s(%s)", l.typeName(), ls[0])
		default:
			expr = fmt.Sprintf("archsimd.Load%s(&%s{%s})", l.typeName(), l.arrayType(), strings.Join(ls, ", "))
		}
		parts[p] = f.fresh("q")
		f.line("%s := %s", parts[p], expr)
	}
	f.remember(g, l, parts)
	return parts
}

// widenMask converts a mask of 32-bit lanes to one of 64-bit lanes in
// registers (an f32 compare selecting f64 values): the mask's integer
// form, its half of each 64-bit part sign-extended (VPMOVSXDQ), back to a
// mask. nil when g and l are not such masks.
func (f *fnEmitter) widenMask(g *gval, l *simdLayout) []string {
	from := g.simd
	if from == nil || from.elem != I1 || l.elem != I1 || from.bits != 32 || l.bits != 64 ||
		from.lanes*from.parts != l.lanes*l.parts || (from.lanes != l.lanes && from.lanes != 2*l.lanes) {
		return nil
	}
	parts := make([]string, l.parts)
	for p := range parts {
		lane := p * l.lanes
		src := g.comps[lane/from.lanes] + ".ToInt32x" + strconv.Itoa(from.lanes) + "()"
		switch {
		case from.lanes == l.lanes:
		case lane%from.lanes == 0:
			src += ".GetLo()"
		default:
			src += ".GetHi()"
		}
		parts[p] = f.fresh("q")
		f.line("%s := %s.ExtendToInt64().ToMask()", parts[p], src)
	}
	return parts
}

// allSame reports whether every string of xs is xs[0].
func allSame(xs []string) bool {
	for _, x := range xs[1:] {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// defineParts binds the result of op to registers of layout l, one
// expression per part ("_" when the result is unused).
func (f *fnEmitter) defineParts(op *ir.Operation, l *simdLayout, exprs []string) error {
	if op.NumResults() != 1 || len(exprs) != l.parts {
		return errAt(op, "internal error: %d registers for layout %s×%d", len(exprs), l.typeName(), l.parts)
	}
	t, err := typeOf(op.Result(0).Type())
	if err != nil {
		return errAt(op, "%v", err)
	}
	f.m.imports["simd/archsimd"] = true
	prefix := f.fresh("v")
	g := &gval{t: t, simd: l}
	used := f.liveUses(op.Result(0)) > 0
	lhs := make([]string, l.parts)
	for p := range lhs {
		name := prefix
		if l.parts > 1 {
			name += "_" + strconv.Itoa(p)
		}
		g.comps = append(g.comps, name)
		lhs[p] = name
		if !used {
			lhs[p] = "_"
		}
	}
	f.vals[op.Result(0)] = g
	assign := ":="
	if !used {
		assign = "="
	}
	f.line("%s %s %s", strings.Join(lhs, ", "), assign, strings.Join(exprs, ", "))
	return nil
}

// scalarLoopAfterVectors reports whether loop l has no vector values (a
// vectorized loop's scalar tail, for one) while its function has some, and
// is not itself nested in such a loop: the outermost loops of scalar code
// that vector code may have left the upper register halves dirty for.
func (f *fnEmitter) scalarLoopAfterVectors(l *ir.Operation) bool {
	if !f.vectorCode || hasVectors(l) {
		return false
	}
	p := l.ParentOp()
	return p == nil || p.Name() != l.Name() || hasVectors(p)
}

// hasVectors reports whether op's regions define a vector value.
func hasVectors(op *ir.Operation) bool {
	found := false
	op.Walk(func(o *ir.Operation) {
		for _, t := range o.ResultTypes() {
			if _, ok := t.(*ir.VectorType); ok {
				found = true
			}
		}
	})
	return found
}

package lowering

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Symbolic index expressions: the small affine/floordiv/mod simplifier the
// fusion legality checks and the loop code generator share (PT2's SymPy
// index expressions, reduced to what tensor ops need).
//
// An Expr is an affine combination Σ k·atom + c with int64 coefficients.
// Atoms are loop variables, size symbols, opaque index values, and the
// non-affine pieces floordiv(e, d), mod(e, d) and e1·e2. Atoms are
// hash-consed by a canonical key, so two equal expressions have equal keys
// (Expr.key), which is how loads are matched against stores and how
// emitted index arithmetic is shared.
//
// All index expressions the lowering builds denote non-negative values
// whenever they are used (they index buffers), so floordiv and mod are
// emitted as arith.divsi and arith.remsi.

// atomKind says what an atom stands for.
type atomKind uint8

const (
	atomVar atomKind = iota // a loop variable or a size symbol
	atomVal                 // an opaque index value (an indirect index)
	atomDiv                 // floordiv(a, b)
	atomMod                 // mod(a, b)
	atomMul                 // a·b, neither constant
)

// atom is one non-affine piece of index expressions.
type atom struct {
	id   int
	kind atomKind
	key  string
	// lo and hi bound the atom's value (inclusive); hiKnown is false when it
	// has no known upper bound. Every atom is non-negative.
	lo, hi  int64
	hiKnown bool
	// a and b are the operands of div, mod and mul atoms.
	a, b Expr
	// val is the IR value of var and val atoms when they have one.
	val ir.Value
	// ext is the extent of a loop variable (it ranges over [0, ext)).
	ext *Expr
}

// term is k·a.
type term struct {
	a *atom
	k int64
}

// Expr is an affine index expression Σ k·atom + c.
type Expr struct {
	terms []term // sorted by atom id, non-zero coefficients
	c     int64
}

// indexer creates and hash-conses atoms.
type indexer struct {
	atoms map[string]*atom
	vals  map[ir.Value]*atom
	next  int
}

func newIndexer() *indexer {
	return &indexer{atoms: map[string]*atom{}, vals: map[ir.Value]*atom{}}
}

// cnst returns the constant expression c.
func cnst(c int64) Expr { return Expr{c: c} }

// isConst reports whether e is a constant, and its value.
func (e Expr) isConst() (int64, bool) { return e.c, len(e.terms) == 0 }

// key returns e's canonical spelling.
func (e Expr) key() string {
	if len(e.terms) == 0 {
		return strconv.FormatInt(e.c, 10)
	}
	var sb strings.Builder
	for i, t := range e.terms {
		if i > 0 {
			sb.WriteByte('+')
		}
		if t.k != 1 {
			sb.WriteString(strconv.FormatInt(t.k, 10))
			sb.WriteByte('*')
		}
		sb.WriteString(t.a.key)
	}
	if e.c != 0 {
		sb.WriteByte('+')
		sb.WriteString(strconv.FormatInt(e.c, 10))
	}
	return sb.String()
}

// indexKey spells a multi-index.
func indexKey(idx []Expr) string {
	parts := make([]string, len(idx))
	for i, e := range idx {
		parts[i] = e.key()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// atomExpr is the expression 1·a.
func atomExpr(a *atom) Expr { return Expr{terms: []term{{a, 1}}} }

// newVar returns a fresh variable ranging over [0, extent). A variable of
// extent 1 is the constant 0.
func (ix *indexer) newVar(name string, extent Expr, val ir.Value) Expr {
	c, isConst := extent.isConst()
	if isConst && c == 1 {
		return cnst(0)
	}
	ix.next++
	ext := extent
	a := &atom{id: ix.next, kind: atomVar, key: name + "#" + strconv.Itoa(ix.next), val: val, ext: &ext}
	if isConst {
		a.hi, a.hiKnown = max(c-1, 0), true
	}
	ix.atoms[a.key] = a
	return atomExpr(a)
}

// isVarOf reports whether e is a loop variable whose extent is n.
func isVarOf(e, n Expr) bool {
	if len(e.terms) != 1 || e.c != 0 || e.terms[0].k != 1 {
		return false
	}
	a := e.terms[0].a
	return a.kind == atomVar && a.ext != nil && a.ext.key() == n.key()
}

// symbol returns the size symbol called key (the same atom for the same
// key): a non-negative value with no known bound.
func (ix *indexer) symbol(key string) Expr {
	if a := ix.atoms["$"+key]; a != nil {
		return atomExpr(a)
	}
	ix.next++
	a := &atom{id: ix.next, kind: atomVar, key: "$" + key}
	ix.atoms[a.key] = a
	return atomExpr(a)
}

// value returns the atom standing for an index-typed IR value, known to
// lie in [0, hi] when hi >= 0.
func (ix *indexer) value(v ir.Value, hi int64) Expr {
	if a := ix.vals[v]; a != nil {
		return atomExpr(a)
	}
	ix.next++
	a := &atom{id: ix.next, kind: atomVal, key: "%" + strconv.Itoa(ix.next), val: v}
	if hi >= 0 {
		a.hi, a.hiKnown = hi, true
	}
	ix.atoms[a.key] = a
	ix.vals[v] = a
	return atomExpr(a)
}

// derived returns the hash-consed atom of kind k over a and b.
func (ix *indexer) derived(k atomKind, a, b Expr) Expr {
	op := [...]string{atomDiv: "/", atomMod: "%", atomMul: "*"}[k]
	key := "(" + a.key() + ")" + op + "(" + b.key() + ")"
	if at := ix.atoms[key]; at != nil {
		return atomExpr(at)
	}
	ix.next++
	at := &atom{id: ix.next, kind: k, key: key, a: a, b: b}
	alo, ahi, aok := a.bounds()
	blo, bhi, bok := b.bounds()
	switch k {
	case atomDiv:
		if bc, ok := b.isConst(); ok && bc > 0 {
			at.lo = max(alo, 0) / bc
			at.hi, at.hiKnown = ahi/bc, aok
		}
	case atomMod:
		if bc, ok := b.isConst(); ok && bc > 0 {
			at.hi, at.hiKnown = bc-1, true
			if aok && ahi < bc {
				at.hi = ahi
			}
		} else if bok {
			at.hi, at.hiKnown = max(bhi-1, 0), true
		}
	case atomMul:
		at.lo = max(alo, 0) * max(blo, 0)
		if aok && bok && (ahi == 0 || bhi <= math.MaxInt32) && ahi <= math.MaxInt32 {
			at.hi, at.hiKnown = ahi*bhi, true
		}
	}
	ix.atoms[key] = at
	return atomExpr(at)
}

// bounds returns an inclusive range of e's values; ok is false when the
// upper end is unknown (the lower end is always known: atoms are
// non-negative).
func (e Expr) bounds() (lo, hi int64, ok bool) {
	lo, hi, ok = e.c, e.c, true
	for _, t := range e.terms {
		if t.k > 0 {
			lo += t.k * t.a.lo
			if !t.a.hiKnown {
				ok = false
			} else {
				hi += t.k * t.a.hi
			}
		} else {
			if !t.a.hiKnown {
				return math.MinInt64 / 4, 0, false
			}
			lo += t.k * t.a.hi
			hi += t.k * t.a.lo
		}
	}
	return lo, hi, ok
}

// lowerBound returns the known lower bound of e.
func (e Expr) lowerBound() int64 {
	lo, _, _ := e.bounds()
	return lo
}

// add returns a + b.
func add(a, b Expr) Expr {
	out := Expr{c: a.c + b.c, terms: make([]term, 0, len(a.terms)+len(b.terms))}
	i, j := 0, 0
	for i < len(a.terms) || j < len(b.terms) {
		switch {
		case j == len(b.terms) || (i < len(a.terms) && a.terms[i].a.id < b.terms[j].a.id):
			out.terms = append(out.terms, a.terms[i])
			i++
		case i == len(a.terms) || b.terms[j].a.id < a.terms[i].a.id:
			out.terms = append(out.terms, b.terms[j])
			j++
		default:
			if k := a.terms[i].k + b.terms[j].k; k != 0 {
				out.terms = append(out.terms, term{a.terms[i].a, k})
			}
			i++
			j++
		}
	}
	return out
}

// scale returns k·e.
func scale(e Expr, k int64) Expr {
	if k == 0 {
		return cnst(0)
	}
	out := Expr{c: e.c * k, terms: make([]term, len(e.terms))}
	for i, t := range e.terms {
		out.terms[i] = term{t.a, t.k * k}
	}
	return out
}

// sub returns a - b.
func sub(a, b Expr) Expr { return add(a, scale(b, -1)) }

// addc returns e + c.
func addc(e Expr, c int64) Expr { return add(e, cnst(c)) }

// mul returns a·b.
func (ix *indexer) mul(a, b Expr) Expr {
	if c, ok := a.isConst(); ok {
		return scale(b, c)
	}
	if c, ok := b.isConst(); ok {
		return scale(a, c)
	}
	if a.key() > b.key() {
		a, b = b, a
	}
	return ix.derived(atomMul, a, b)
}

// split writes e = d·q + r for a constant d > 0, moving to q the terms
// whose coefficient d divides and the floor of the constant over d.
func split(e Expr, d int64) (q, r Expr) {
	for _, t := range e.terms {
		if t.k%d == 0 {
			q.terms = append(q.terms, term{t.a, t.k / d})
		} else {
			r.terms = append(r.terms, t)
		}
	}
	q.c = floorDiv(e.c, d)
	r.c = e.c - q.c*d
	return q, r
}

// floorDiv divides rounding toward negative infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// div returns floordiv(a, b).
func (ix *indexer) div(a, b Expr) Expr {
	bc, ok := b.isConst()
	if !ok {
		if a.key() == b.key() {
			return cnst(1)
		}
		if isVarOf(a, b) {
			return cnst(0)
		}
		return ix.derived(atomDiv, a, b)
	}
	if bc == 1 {
		return a
	}
	if bc <= 0 {
		return ix.derived(atomDiv, a, b)
	}
	if ac, ok := a.isConst(); ok {
		return cnst(floorDiv(ac, bc))
	}
	q, r := split(a, bc)
	if lo, hi, ok := r.bounds(); ok && lo >= 0 && hi < bc {
		return q
	}
	if len(r.terms) == 0 {
		return q
	}
	return add(q, ix.derived(atomDiv, r, b))
}

// mod returns a mod b.
func (ix *indexer) mod(a, b Expr) Expr {
	bc, ok := b.isConst()
	if !ok {
		if isVarOf(a, b) {
			return a
		}
		if lo, hi, okA := a.bounds(); okA && lo >= 0 {
			// a < b is known when a's bound is below b's lower bound.
			if bl := b.lowerBound(); hi < bl {
				return a
			}
		}
		return ix.derived(atomMod, a, b)
	}
	if bc == 1 {
		return cnst(0)
	}
	if bc <= 0 {
		return ix.derived(atomMod, a, b)
	}
	if ac, ok := a.isConst(); ok {
		return cnst(ac - floorDiv(ac, bc)*bc)
	}
	_, r := split(a, bc)
	if lo, hi, ok := r.bounds(); ok && lo >= 0 && hi < bc {
		return r
	}
	return ix.derived(atomMod, r, b)
}

// atomsOf returns the atoms e mentions, directly or through the operands
// of derived atoms, in id order.
func (e Expr) atomsOf() []*atom {
	var out []*atom
	var visit func(Expr)
	seen := map[*atom]bool{}
	visit = func(x Expr) {
		for _, t := range x.terms {
			if seen[t.a] {
				continue
			}
			seen[t.a] = true
			out = append(out, t.a)
			if t.a.kind >= atomDiv {
				visit(t.a.a)
				visit(t.a.b)
			}
		}
	}
	visit(e)
	slices.SortFunc(out, func(a, b *atom) int { return a.id - b.id })
	return out
}

// equalIndex reports whether two multi-indices are the same expressions.
func equalIndex(a, b []Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].key() != b[i].key() {
			return false
		}
	}
	return true
}

// stridesOf returns the row-major strides of a shape given as expressions.
func (ix *indexer) stridesOf(sizes []Expr) []Expr {
	st := make([]Expr, len(sizes))
	acc := cnst(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		acc = ix.mul(acc, sizes[i])
	}
	return st
}

// linearize returns Σ idx[i]·stride[i] for a row-major shape.
func (ix *indexer) linearize(idx, sizes []Expr) Expr {
	st := ix.stridesOf(sizes)
	out := cnst(0)
	for i := range idx {
		out = add(out, ix.mul(idx[i], st[i]))
	}
	return out
}

// delinearize splits a row-major linear index into a multi-index of the
// given shape.
func (ix *indexer) delinearize(lin Expr, sizes []Expr) []Expr {
	st := ix.stridesOf(sizes)
	out := make([]Expr, len(sizes))
	for i := range sizes {
		q := ix.div(lin, st[i])
		if i > 0 {
			q = ix.mod(q, sizes[i])
		}
		out[i] = q
	}
	return out
}

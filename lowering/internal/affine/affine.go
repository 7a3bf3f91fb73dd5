// Package affine holds the symbolic index expressions that the fusion
// pass and tensor-to-loops share: affine combinations of atoms with
// floordiv, mod and products (MLIR's semi-affine expressions; PT2's SymPy
// index expressions, reduced to what tensor ops need), simplified with the
// bounds of loop variables, so that the linearize and delinearize of a
// reshape of contiguous data fold away.
//
// An Expr is an affine combination Σ k·atom + c with int64 coefficients.
// Atoms are loop variables, size symbols, opaque index values, and the
// non-affine pieces floordiv(e, d), mod(e, d) and e1·e2. Atoms are
// hash-consed by a canonical key, so two equal expressions have equal keys
// (Expr.Key), which is how loads are matched against stores and how
// emitted index arithmetic is shared.
//
// All index expressions the lowering builds denote non-negative values
// whenever they are used (they index buffers), so floordiv and mod are
// emitted as arith.divsi and arith.remsi.
package affine

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// AtomKind says what an atom stands for.
type AtomKind uint8

const (
	AtomVar   AtomKind = iota // a loop variable or a size symbol
	AtomValue                 // an opaque index value (an indirect index)
	AtomDiv                   // floordiv(a, b)
	AtomMod                   // mod(a, b)
	AtomMul                   // a·b, neither constant
)

// Atom is one non-affine piece of index expressions.
type Atom struct {
	id   int
	kind AtomKind
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

// Term is Coef·Atom.
type Term struct {
	Atom *Atom
	Coef int64
}

// Expr is an affine index expression Σ k·atom + c.
type Expr struct {
	terms []Term // sorted by atom id, non-zero coefficients
	c     int64
}

// Kind returns what the atom stands for.
func (a *Atom) Kind() AtomKind { return a.kind }

// Key returns the atom's canonical spelling.
func (a *Atom) Key() string { return a.key }

// Value returns the IR value of a variable or value atom (nil for a size
// symbol or a variable without one).
func (a *Atom) Value() ir.Value { return a.val }

// Operands returns the operands of a div, mod or mul atom.
func (a *Atom) Operands() (Expr, Expr) { return a.a, a.b }

// Terms returns the non-constant terms of e, in atom order (read only).
func (e Expr) Terms() []Term { return e.terms }

// Offset returns the constant term of e.
func (e Expr) Offset() int64 { return e.c }

// Indexer creates and hash-conses the atoms of a set of expressions (the
// expressions of one kernel, or of one fusion analysis).
type Indexer struct {
	atoms map[string]*Atom
	vals  map[ir.Value]*Atom
	next  int
}

func NewIndexer() *Indexer {
	return &Indexer{atoms: map[string]*Atom{}, vals: map[ir.Value]*Atom{}}
}

// Const returns the constant expression c.
func Const(c int64) Expr { return Expr{c: c} }

// IsConst reports whether e is a constant, and its value.
func (e Expr) IsConst() (int64, bool) { return e.c, len(e.terms) == 0 }

// Key returns e's canonical spelling: equal expressions have equal keys.
func (e Expr) Key() string {
	if len(e.terms) == 0 {
		return strconv.FormatInt(e.c, 10)
	}
	var sb strings.Builder
	for i, t := range e.terms {
		if i > 0 {
			sb.WriteByte('+')
		}
		if t.Coef != 1 {
			sb.WriteString(strconv.FormatInt(t.Coef, 10))
			sb.WriteByte('*')
		}
		sb.WriteString(t.Atom.key)
	}
	if e.c != 0 {
		sb.WriteByte('+')
		sb.WriteString(strconv.FormatInt(e.c, 10))
	}
	return sb.String()
}

// IndexKey spells a multi-index.
func IndexKey(idx []Expr) string {
	parts := make([]string, len(idx))
	for i, e := range idx {
		parts[i] = e.Key()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// atomExpr is the expression 1·a.
func atomExpr(a *Atom) Expr { return Expr{terms: []Term{{a, 1}}} }

// NewVar returns a fresh variable ranging over [0, extent). A variable of
// extent 1 is the constant 0.
func (ix *Indexer) NewVar(name string, extent Expr, val ir.Value) Expr {
	c, isConst := extent.IsConst()
	if isConst && c == 1 {
		return Const(0)
	}
	ix.next++
	ext := extent
	a := &Atom{id: ix.next, kind: AtomVar, key: name + "#" + strconv.Itoa(ix.next), val: val, ext: &ext}
	if isConst {
		a.hi, a.hiKnown = max(c-1, 0), true
	}
	ix.atoms[a.key] = a
	return atomExpr(a)
}

// isVarOf reports whether e is a loop variable whose extent is n.
func isVarOf(e, n Expr) bool {
	if len(e.terms) != 1 || e.c != 0 || e.terms[0].Coef != 1 {
		return false
	}
	a := e.terms[0].Atom
	return a.kind == AtomVar && a.ext != nil && a.ext.Key() == n.Key()
}

// Symbol returns the size symbol called key (the same atom for the same
// key): a non-negative value with no known bound.
func (ix *Indexer) Symbol(key string) Expr {
	if a := ix.atoms["$"+key]; a != nil {
		return atomExpr(a)
	}
	ix.next++
	a := &Atom{id: ix.next, kind: AtomVar, key: "$" + key}
	ix.atoms[a.key] = a
	return atomExpr(a)
}

// Value returns the atom standing for an index-typed IR value, known to
// lie in [0, hi] when hi >= 0.
func (ix *Indexer) Value(v ir.Value, hi int64) Expr {
	if a := ix.vals[v]; a != nil {
		return atomExpr(a)
	}
	ix.next++
	a := &Atom{id: ix.next, kind: AtomValue, key: "%" + strconv.Itoa(ix.next), val: v}
	if hi >= 0 {
		a.hi, a.hiKnown = hi, true
	}
	ix.atoms[a.key] = a
	ix.vals[v] = a
	return atomExpr(a)
}

// derived returns the hash-consed atom of kind k over a and b.
func (ix *Indexer) derived(k AtomKind, a, b Expr) Expr {
	op := [...]string{AtomDiv: "/", AtomMod: "%", AtomMul: "*"}[k]
	key := "(" + a.Key() + ")" + op + "(" + b.Key() + ")"
	if at := ix.atoms[key]; at != nil {
		return atomExpr(at)
	}
	ix.next++
	at := &Atom{id: ix.next, kind: k, key: key, a: a, b: b}
	alo, ahi, aok := a.Bounds()
	blo, bhi, bok := b.Bounds()
	switch k {
	case AtomDiv:
		if bc, ok := b.IsConst(); ok && bc > 0 {
			at.lo = max(alo, 0) / bc
			at.hi, at.hiKnown = ahi/bc, aok
		}
	case AtomMod:
		if bc, ok := b.IsConst(); ok && bc > 0 {
			at.hi, at.hiKnown = bc-1, true
			if aok && ahi < bc {
				at.hi = ahi
			}
		} else if bok {
			at.hi, at.hiKnown = max(bhi-1, 0), true
		}
	case AtomMul:
		at.lo = max(alo, 0) * max(blo, 0)
		if aok && bok && (ahi == 0 || bhi <= math.MaxInt32) && ahi <= math.MaxInt32 {
			at.hi, at.hiKnown = ahi*bhi, true
		}
	}
	ix.atoms[key] = at
	return atomExpr(at)
}

// Bounds returns an inclusive range of e's values; ok is false when the
// upper end is unknown (the lower end is always known: atoms are
// non-negative).
func (e Expr) Bounds() (lo, hi int64, ok bool) {
	lo, hi, ok = e.c, e.c, true
	for _, t := range e.terms {
		if t.Coef > 0 {
			lo += t.Coef * t.Atom.lo
			if !t.Atom.hiKnown {
				ok = false
			} else {
				hi += t.Coef * t.Atom.hi
			}
		} else {
			if !t.Atom.hiKnown {
				return math.MinInt64 / 4, 0, false
			}
			lo += t.Coef * t.Atom.hi
			hi += t.Coef * t.Atom.lo
		}
	}
	return lo, hi, ok
}

// lowerBound returns the known lower bound of e.
func (e Expr) lowerBound() int64 {
	lo, _, _ := e.Bounds()
	return lo
}

// Add returns a + b.
func (a Expr) Add(b Expr) Expr {
	out := Expr{c: a.c + b.c, terms: make([]Term, 0, len(a.terms)+len(b.terms))}
	i, j := 0, 0
	for i < len(a.terms) || j < len(b.terms) {
		switch {
		case j == len(b.terms) || (i < len(a.terms) && a.terms[i].Atom.id < b.terms[j].Atom.id):
			out.terms = append(out.terms, a.terms[i])
			i++
		case i == len(a.terms) || b.terms[j].Atom.id < a.terms[i].Atom.id:
			out.terms = append(out.terms, b.terms[j])
			j++
		default:
			if k := a.terms[i].Coef + b.terms[j].Coef; k != 0 {
				out.terms = append(out.terms, Term{a.terms[i].Atom, k})
			}
			i++
			j++
		}
	}
	return out
}

// Scale returns k·e.
func (e Expr) Scale(k int64) Expr {
	if k == 0 {
		return Const(0)
	}
	out := Expr{c: e.c * k, terms: make([]Term, len(e.terms))}
	for i, t := range e.terms {
		out.terms[i] = Term{t.Atom, t.Coef * k}
	}
	return out
}

// Sub returns a - b.
func (a Expr) Sub(b Expr) Expr { return a.Add(b.Scale(-1)) }

// AddConst returns e + c.
func (e Expr) AddConst(c int64) Expr { return e.Add(Const(c)) }

// Mul returns a·b.
func (ix *Indexer) Mul(a, b Expr) Expr {
	if c, ok := a.IsConst(); ok {
		return b.Scale(c)
	}
	if c, ok := b.IsConst(); ok {
		return a.Scale(c)
	}
	if a.Key() > b.Key() {
		a, b = b, a
	}
	return ix.derived(AtomMul, a, b)
}

// split writes e = d·q + r for a constant d > 0, moving to q the terms
// whose coefficient d divides and the floor of the constant over d.
func split(e Expr, d int64) (q, r Expr) {
	for _, t := range e.terms {
		if t.Coef%d == 0 {
			q.terms = append(q.terms, Term{t.Atom, t.Coef / d})
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

// Div returns floordiv(a, b).
func (ix *Indexer) Div(a, b Expr) Expr {
	bc, ok := b.IsConst()
	if !ok {
		if a.Key() == b.Key() {
			return Const(1)
		}
		if isVarOf(a, b) {
			return Const(0)
		}
		return ix.derived(AtomDiv, a, b)
	}
	if bc == 1 {
		return a
	}
	if bc <= 0 {
		return ix.derived(AtomDiv, a, b)
	}
	if ac, ok := a.IsConst(); ok {
		return Const(floorDiv(ac, bc))
	}
	q, r := split(a, bc)
	if lo, hi, ok := r.Bounds(); ok && lo >= 0 && hi < bc {
		return q
	}
	if len(r.terms) == 0 {
		return q
	}
	return q.Add(ix.derived(AtomDiv, r, b))
}

// Mod returns a mod b.
func (ix *Indexer) Mod(a, b Expr) Expr {
	bc, ok := b.IsConst()
	if !ok {
		if isVarOf(a, b) {
			return a
		}
		if lo, hi, okA := a.Bounds(); okA && lo >= 0 {
			// a < b is known when a's bound is below b's lower bound.
			if bl := b.lowerBound(); hi < bl {
				return a
			}
		}
		return ix.derived(AtomMod, a, b)
	}
	if bc == 1 {
		return Const(0)
	}
	if bc <= 0 {
		return ix.derived(AtomMod, a, b)
	}
	if ac, ok := a.IsConst(); ok {
		return Const(ac - floorDiv(ac, bc)*bc)
	}
	_, r := split(a, bc)
	if lo, hi, ok := r.Bounds(); ok && lo >= 0 && hi < bc {
		return r
	}
	return ix.derived(AtomMod, r, b)
}

// Atoms returns the atoms e mentions, directly or through the operands
// of derived atoms, in id order.
func (e Expr) Atoms() []*Atom {
	var out []*Atom
	var visit func(Expr)
	seen := map[*Atom]bool{}
	visit = func(x Expr) {
		for _, t := range x.terms {
			if seen[t.Atom] {
				continue
			}
			seen[t.Atom] = true
			out = append(out, t.Atom)
			if t.Atom.kind >= AtomDiv {
				visit(t.Atom.a)
				visit(t.Atom.b)
			}
		}
	}
	visit(e)
	slices.SortFunc(out, func(a, b *Atom) int { return a.id - b.id })
	return out
}

// EqualIndex reports whether two multi-indices are the same expressions.
func EqualIndex(a, b []Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key() != b[i].Key() {
			return false
		}
	}
	return true
}

// stridesOf returns the row-major strides of a shape given as expressions.
func (ix *Indexer) stridesOf(sizes []Expr) []Expr {
	st := make([]Expr, len(sizes))
	acc := Const(1)
	for i := len(sizes) - 1; i >= 0; i-- {
		st[i] = acc
		acc = ix.Mul(acc, sizes[i])
	}
	return st
}

// Linearize returns Σ idx[i]·stride[i] for a row-major shape.
func (ix *Indexer) Linearize(idx, sizes []Expr) Expr {
	st := ix.stridesOf(sizes)
	out := Const(0)
	for i := range idx {
		out = out.Add(ix.Mul(idx[i], st[i]))
	}
	return out
}

// Delinearize splits a row-major linear index into a multi-index of the
// given shape.
func (ix *Indexer) Delinearize(lin Expr, sizes []Expr) []Expr {
	st := ix.stridesOf(sizes)
	out := make([]Expr, len(sizes))
	for i := range sizes {
		q := ix.Div(lin, st[i])
		if i > 0 {
			q = ix.Mod(q, sizes[i])
		}
		out[i] = q
	}
	return out
}

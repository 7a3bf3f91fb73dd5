package asm

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// ParseAttribute implements ir.OpParser.
func (p *parser) ParseAttribute(t ir.Type) (ir.Attribute, error) { return p.parseAttribute(t) }

// parseAttribute parses any attribute. t is the type of a bare integer or
// float literal (nil: i64 or f64, or the ": type" written after it).
func (p *parser) parseAttribute(t ir.Type) (ir.Attribute, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tokBareIdent:
		switch p.text(p.tok) {
		case "true", "false":
			v := p.text(p.tok) == "true"
			p.advance()
			return ir.Bool(p.ctx, v), nil
		case "unit":
			p.advance()
			return ir.UnitAttr{}, nil
		case "loc":
			l, err := p.parseLocation()
			if err != nil {
				return nil, err
			}
			return &ir.LocationAttr{Loc: l}, nil
		}
		if p.startsType() {
			ty, err := p.parseType()
			return &ir.TypeAttr{Value: ty}, err
		}
		return nil, p.errorf("expected attribute value")
	case tokAngleIdent:
		return p.parseAngleAttr()
	case tokInteger, tokFloat:
		return p.parseNumberAttr(t, false)
	case tokPunct:
		switch {
		case p.isPunct("-"):
			p.advance()
			if p.tok.kind != tokInteger && p.tok.kind != tokFloat {
				return nil, p.errorf("expected constant integer or floating point value")
			}
			return p.parseNumberAttr(t, true)
		case p.isPunct("["):
			var elems []ir.Attribute
			err := p.parseCommaList("[", "]", "in attribute list", func() error {
				a, err := p.parseAttribute(nil)
				elems = append(elems, a)
				return err
			})
			return &ir.ArrayAttr{Elems: elems}, err
		case p.isPunct("{"):
			entries, err := p.parseAttrDict()
			if err != nil {
				return nil, err
			}
			return &ir.DictionaryAttr{Entries: entries}, nil
		case p.isPunct("("):
			ty, err := p.parseType()
			return &ir.TypeAttr{Value: ty}, err
		}
	case tokString:
		s, err := p.unquote(p.tok)
		if err != nil {
			return nil, err
		}
		p.advance()
		a := &ir.StringAttr{Value: s}
		if p.isPunct(":") {
			p.advance()
			if a.Type, err = p.parseType(); err != nil {
				return nil, err
			}
		}
		return a, nil
	case tokAt:
		return p.parseSymbolRef()
	case tokHash:
		name := p.text(p.tok)[1:]
		if strings.Contains(name, ".") {
			return p.parseDialectAttr()
		}
		a, ok := p.attrAliases[name]
		if !ok {
			return nil, p.errorf("undefined symbol alias id '%s'", name)
		}
		p.advance()
		return a, nil
	case tokHashAngle:
		text := p.text(p.tok)
		if d, _, _ := strings.Cut(text[1:], "."); strings.ContainsAny(d, "<") {
			if a, ok, err := p.parseDialectBodyAttr(); ok {
				return a, err
			}
			return nil, p.errorf("expected dialect namespace in dialect attribute '%s'", text)
		}
		return p.parseDialectAttr()
	case tokBang, tokBangAngle:
		ty, err := p.parseType()
		return &ir.TypeAttr{Value: ty}, err
	}
	return nil, p.errorf("expected attribute value")
}

// parseAttrDict parses "{k = v, k2, "k 3" = v}" (bare names are unit attributes).
func (p *parser) parseAttrDict() ([]ir.NamedAttr, error) {
	var entries []ir.NamedAttr
	seen := map[string]bool{}
	err := p.parseCommaList("{", "}", "in attribute dictionary", func() error {
		keyTok := p.tok
		var key string
		switch p.tok.kind {
		case tokBareIdent:
			key = p.text(p.tok)
		case tokString:
			var err error
			if key, err = p.unquote(p.tok); err != nil {
				return err
			}
			if key == "" {
				return p.errorf("expected valid attribute name")
			}
		default:
			return p.errorf("expected attribute name")
		}
		p.advance()
		if seen[key] {
			return p.errorAt(keyTok.start, "duplicate key '%s' in dictionary attribute", key)
		}
		seen[key] = true
		if !p.consumeIf("=") {
			entries = append(entries, ir.NamedAttr{Name: key, Value: ir.UnitAttr{}})
			return nil
		}
		v, err := p.parseAttribute(nil)
		if err != nil {
			return err
		}
		entries = append(entries, ir.NamedAttr{Name: key, Value: v})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ir.Dict(entries...).Entries, nil
}

func (p *parser) parseAttrDictInto(st *ir.OperationState) error {
	entries, err := p.parseAttrDict()
	if err != nil {
		return err
	}
	st.Attrs = append(st.Attrs, entries...)
	return nil
}

func (p *parser) parseSymbolRef() (ir.Attribute, error) {
	name, err := p.symbolName(p.tok)
	if err != nil {
		return nil, err
	}
	p.advance()
	ref := &ir.SymbolRefAttr{Root: name}
	for p.isPunct("::") {
		p.advance()
		if p.tok.kind != tokAt {
			return nil, p.errorf("expected nested symbol reference identifier")
		}
		n, err := p.symbolName(p.tok)
		if err != nil {
			return nil, err
		}
		ref.Nested = append(ref.Nested, n)
		p.advance()
	}
	return ref, nil
}

// symbolName decodes @name or @"quoted name".
func (p *parser) symbolName(t token) (string, error) {
	if p.src[t.start+1] == '"' {
		return p.unquote(token{tokString, t.start + 1, t.end})
	}
	return string(p.src[t.start+1 : t.end]), nil
}

// ---- Numbers ----

// parseNumberAttr parses an integer or float literal (the '-' already
// consumed when neg) and, when no type t is given, its optional ": type".
// As in MLIR, a literal parsed with a given type leaves a following ':'
// alone (declarative formats such as "$dim attr-dict `:` type($x)").
func (p *parser) parseNumberAttr(t ir.Type, neg bool) (ir.Attribute, error) {
	numTok := p.tok
	p.advance()
	if t == nil && p.isPunct(":") {
		p.advance()
		var err error
		if t, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	return p.numberAttr(numTok, neg, t)
}

// numberAttr builds an integer or float attribute of type t (default i64/f64).
func (p *parser) numberAttr(numTok token, neg bool, t ir.Type) (ir.Attribute, error) {
	text := p.text(numTok)
	if t == nil {
		if numTok.kind == tokFloat {
			t = p.ctx.F64()
		} else {
			t = p.ctx.I64()
		}
	}
	if ir.IsFloat(t) {
		v, err := p.floatLiteral(numTok, neg, t)
		if err != nil {
			return nil, err
		}
		return &ir.FloatAttr{Type: t, Value: v}, nil
	}
	if !ir.IsInteger(t) && !ir.IsIndex(t) {
		return nil, p.errorAt(numTok.start, "integer literal not valid for specified type")
	}
	if numTok.kind == tokFloat {
		return nil, p.errorAt(numTok.start, "floating point value not valid for specified type")
	}
	return p.intLiteral(numTok.start, text, neg, t)
}

// floatLiteral converts a literal to a value of float type t: decimal
// literals must have a '.', hexadecimal integers are bit patterns.
func (p *parser) floatLiteral(numTok token, neg bool, t ir.Type) (float64, error) {
	text := p.text(numTok)
	if numTok.kind == tokInteger {
		if !strings.HasPrefix(text, "0x") {
			return 0, ir.Errorf(p.locOf(numTok.start), "unexpected decimal integer literal for a floating point value").
				AttachNote(p.locOf(numTok.start), "add a trailing dot to make the literal a float")
		}
		if neg {
			return 0, p.errorAt(numTok.start, "hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(text[2:], 16, 64)
		width := t.(*ir.FloatType).Width()
		if err != nil || (width < 64 && bits>>uint(width) != 0) {
			return 0, p.errorAt(numTok.start, "hexadecimal float constant out of range for type")
		}
		return ir.FloatFromBits(t, bits), nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil && !math.IsInf(v, 0) {
		return 0, p.errorAt(numTok.start, "invalid floating point literal")
	}
	if neg {
		v = -v
	}
	// Like MLIR 16, a literal too large for its type rounds to infinity.
	return ir.RoundToType(t, v), nil
}

// intLiteral checks an integer literal against the range of type t
// (signless types accept both the signed and the unsigned range, as in MLIR).
func (p *parser) intLiteral(off int32, text string, neg bool, t ir.Type) (*ir.IntegerAttr, error) {
	var v big.Int
	base := 10
	digits := text
	if strings.HasPrefix(text, "0x") {
		base, digits = 16, text[2:]
	}
	if _, ok := v.SetString(digits, base); !ok {
		return nil, p.errorAt(off, "invalid integer literal")
	}
	if neg {
		v.Neg(&v)
	}
	width := ir.IntWidth(t)
	signedness := ir.Signless
	if it, ok := t.(*ir.IntegerType); ok {
		signedness = it.Signedness
	}
	if !intFits(&v, width, signedness) {
		if neg && signedness == ir.Unsigned {
			return nil, p.errorAt(off, "negative integer literal not valid for unsigned integer type")
		}
		return nil, p.errorAt(off, "integer constant out of range for attribute")
	}
	if width > 64 {
		b := new(big.Int).Set(&v)
		if signedness != ir.Unsigned {
			b = toSigned(b, width)
		}
		return &ir.IntegerAttr{Type: t, Big: b}, nil
	}
	raw := int64(v.Uint64()) // v is in [2^63, 2^64) when it does not fit an int64
	if v.IsInt64() {
		raw = v.Int64()
	}
	return ir.Int(t, raw), nil
}

// intFits reports whether v is representable: signless in [-2^(w-1), 2^w),
// signed in [-2^(w-1), 2^(w-1)), unsigned in [0, 2^w).
func intFits(v *big.Int, w int, s ir.Signedness) bool {
	if w == 0 {
		return v.Sign() == 0
	}
	one := big.NewInt(1)
	lo := new(big.Int).Neg(new(big.Int).Lsh(one, uint(w-1)))
	hi := new(big.Int).Lsh(one, uint(w)) // exclusive
	switch s {
	case ir.Signed:
		hi = new(big.Int).Lsh(one, uint(w-1))
	case ir.Unsigned:
		lo = big.NewInt(0)
	}
	if w == 1 && s == ir.Signless {
		lo = big.NewInt(-1)
	}
	return v.Cmp(lo) >= 0 && v.Cmp(hi) < 0
}

// toSigned wraps v into the signed range of width w.
func toSigned(v *big.Int, w int) *big.Int {
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	r := new(big.Int).Mod(v, mod)
	if r.Cmp(new(big.Int).Rsh(mod, 1)) >= 0 {
		r.Sub(r, mod)
	}
	return r
}

// ---- Angle-bracketed attributes ----

func (p *parser) parseAngleAttr() (ir.Attribute, error) {
	t := p.tok
	kw, bs, be := p.angleParts(t)
	switch kw {
	case "dense":
		return p.parseDense(t, bs, be)
	case "array":
		p.advance()
		return p.parseDenseArray(bs, be)
	case "affine_map", "affine_set", "strided":
		p.advance()
		return &ir.OpaqueAttr{Text: p.text(t)}, nil
	case "dense_resource", "sparse", "opaque":
		p.advance()
		text := p.text(t)
		if err := p.expect(":", "after "+kw+" attribute"); err != nil {
			return nil, err
		}
		ty, err := p.parseType()
		if err != nil {
			return nil, err
		}
		return &ir.OpaqueAttr{Text: text + " : " + ty.String()}, nil
	}
	if p.startsType() {
		ty, err := p.parseType()
		return &ir.TypeAttr{Value: ty}, err
	}
	return nil, p.errorf("unknown attribute '%s'", kw)
}

// denseNode is a parsed element literal: a leaf number or a nested list.
type denseNode struct {
	leaf            token
	neg             bool
	isBool, boolVal bool
	list            []*denseNode
	isList          bool
}

func (p *parser) parseDense(t token, bs, be int) (ir.Attribute, error) {
	var root *denseNode
	var hexTok token
	isHex := false
	err := p.withSubLexer(bs, be, func() error {
		if p.tok.kind == tokEOF {
			root = &denseNode{isList: true}
			return nil
		}
		if p.tok.kind == tokString {
			hexTok, isHex = p.tok, true
			p.advance()
			return nil
		}
		var err error
		root, err = p.parseDenseNode(0)
		return err
	})
	if err != nil {
		return nil, err
	}
	p.advance()
	if err := p.expect(":", "after dense attribute"); err != nil {
		return nil, err
	}
	typeOff := p.tok.start
	ty, err := p.parseType()
	if err != nil {
		return nil, err
	}
	st, ok := ty.(ir.ShapedType)
	if !ok || !ir.HasStaticShape(ty) {
		return nil, p.errorAt(typeOff, "elements literal must be a statically shaped tensor or vector type")
	}
	if _, isMem := ty.(*ir.MemRefType); isMem {
		return nil, p.errorAt(typeOff, "elements literal type must be a tensor or vector type")
	}
	elem := st.ElementType()
	if !ir.IsFloat(elem) && !ir.IsInteger(elem) && !ir.IsIndex(elem) {
		return nil, p.errorAt(typeOff, "dense elements of type %s are not supported", elem)
	}
	if isHex {
		s, err := p.unquote(hexTok)
		if err != nil {
			return nil, err
		}
		a, msg := ir.DenseFromHex(st, s)
		if msg != "" {
			return nil, p.errorAt(hexTok.start, "%s", msg)
		}
		return a.Canonical(), nil
	}
	return p.denseFromNodes(root, st, t.start)
}

func (p *parser) parseDenseNode(depth int) (*denseNode, error) {
	if depth > 64 {
		return nil, p.errorf("elements literal nests too deeply")
	}
	if p.isPunct("[") {
		n := &denseNode{isList: true, leaf: p.tok}
		err := p.parseCommaList("[", "]", "in element literal", func() error {
			c, err := p.parseDenseNode(depth + 1)
			n.list = append(n.list, c)
			return err
		})
		return n, err
	}
	if p.isPunct("(") {
		return nil, p.errorf("complex elements are not supported")
	}
	if p.isKeyword("true") || p.isKeyword("false") {
		n := &denseNode{isBool: true, boolVal: p.isKeyword("true"), leaf: p.tok}
		p.advance()
		return n, nil
	}
	n := &denseNode{}
	if p.consumeIf("-") {
		n.neg = true
	}
	if p.tok.kind != tokInteger && p.tok.kind != tokFloat {
		return nil, p.errorf("expected element literal of primitive type")
	}
	n.leaf = p.tok
	p.advance()
	return n, nil
}

// shapeOf returns the shape of a nested element list.
func (p *parser) shapeOf(n *denseNode) ([]int64, error) {
	if !n.isList {
		return nil, nil
	}
	if len(n.list) == 0 {
		return []int64{0}, nil
	}
	sub, err := p.shapeOf(n.list[0])
	if err != nil {
		return nil, err
	}
	for _, c := range n.list[1:] {
		s, err := p.shapeOf(c)
		if err != nil {
			return nil, err
		}
		if ir.ShapeString(s) != ir.ShapeString(sub) || c.isList != n.list[0].isList {
			return nil, p.errorAt(c.leaf.start, "tensor literal is invalid; ranks are not consistent between elements")
		}
	}
	return append([]int64{int64(len(n.list))}, sub...), nil
}

func (p *parser) denseFromNodes(root *denseNode, st ir.ShapedType, off int32) (ir.Attribute, error) {
	a := &ir.DenseElementsAttr{Type: st}
	var leaves []*denseNode
	if !root.isList {
		a.Splat = ir.NumElements(st.Shape()) != 1
		leaves = []*denseNode{root}
	} else {
		shape, err := p.shapeOf(root)
		if err != nil {
			return nil, err
		}
		if len(root.list) == 0 && ir.NumElements(st.Shape()) == 0 {
			return a, nil // dense<> holds any shape without elements
		}
		if ir.ShapeString(shape) != ir.ShapeString(st.Shape()) {
			return nil, p.errorAt(off, "inferred shape of elements literal ([%s]) does not match type ([%s])",
				strings.ReplaceAll(ir.ShapeString(shape), "x", ", "), strings.ReplaceAll(ir.ShapeString(st.Shape()), "x", ", "))
		}
		leaves = flattenDense(root, leaves)
	}
	elem := st.ElementType()
	for _, l := range leaves {
		if err := p.appendDenseLeaf(a, l, elem); err != nil {
			return nil, err
		}
	}
	return a.Canonical(), nil
}

func flattenDense(n *denseNode, out []*denseNode) []*denseNode {
	if !n.isList {
		return append(out, n)
	}
	for _, c := range n.list {
		out = flattenDense(c, out)
	}
	return out
}

func (p *parser) appendDenseLeaf(a *ir.DenseElementsAttr, l *denseNode, elem ir.Type) error {
	isI1 := ir.IsInteger(elem) && ir.IntWidth(elem) == 1
	switch {
	case l.isBool:
		if !isI1 {
			return p.errorAt(l.leaf.start, "expected i1 type for 'true' or 'false' values")
		}
		a.Ints = append(a.Ints, b2i(l.boolVal))
	case ir.IsFloat(elem):
		if l.leaf.kind == tokInteger && !strings.HasPrefix(p.text(l.leaf), "0x") {
			v, _ := strconv.ParseFloat(p.text(l.leaf), 64)
			if l.neg {
				v = -v
			}
			a.Floats = append(a.Floats, ir.RoundToType(elem, v))
			return nil
		}
		v, err := p.floatLiteral(l.leaf, l.neg, elem)
		if err != nil {
			return err
		}
		a.Floats = append(a.Floats, v)
	default:
		if l.leaf.kind == tokFloat {
			return p.errorAt(l.leaf.start, "expected integer elements, but parsed floating-point")
		}
		ia, err := p.intLiteral(l.leaf.start, p.text(l.leaf), l.neg, elem)
		if err != nil {
			return err
		}
		if ia.Big != nil {
			return p.errorAt(l.leaf.start, "dense elements wider than 64 bits are not supported")
		}
		a.Ints = append(a.Ints, ia.Val)
	}
	return nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// parseDenseArray parses the body of array<type: v, v, ...>.
func (p *parser) parseDenseArray(bs, be int) (ir.Attribute, error) {
	var out *ir.DenseArrayAttr
	err := p.withSubLexer(bs, be, func() error {
		typeOff := p.tok.start
		elem, err := p.parseType()
		if err != nil {
			return err
		}
		isInt := ir.IsSignlessInteger(elem)
		switch w := ir.IntWidth(elem); {
		case isInt && (w == 1 || w == 8 || w == 16 || w == 32 || w == 64):
		case ir.IsFloat(elem) && (elem == p.ctx.F32() || elem == p.ctx.F64()):
		default:
			return p.errorAt(typeOff, "expected integer or float type, got: %s", elem)
		}
		out = &ir.DenseArrayAttr{Elem: elem}
		if p.tok.kind == tokEOF {
			return nil
		}
		if err := p.expect(":", "after dense array type"); err != nil {
			return err
		}
		for {
			leaf, err := p.parseDenseNode(64)
			if err != nil {
				return err
			}
			probe := &ir.DenseElementsAttr{}
			if err := p.appendDenseLeaf(probe, leaf, elem); err != nil {
				return err
			}
			out.Ints = append(out.Ints, probe.Ints...)
			out.Floats = append(out.Floats, probe.Floats...)
			if p.tok.kind == tokEOF {
				return nil
			}
			if err := p.expect(",", "in dense array"); err != nil {
				return err
			}
		}
	})
	return out, err
}

// ---- Locations ----

// parseLocation parses loc(...).
func (p *parser) parseLocation() (ir.Location, error) {
	if !p.isKeyword("loc") {
		return nil, p.errorf("expected location")
	}
	p.advance()
	if err := p.expect("(", "in location"); err != nil {
		return nil, err
	}
	l, err := p.parseLocInner()
	if err != nil {
		return nil, err
	}
	if err := p.expect(")", "in location"); err != nil {
		return nil, err
	}
	return l, nil
}

// ParseOptionalLocation implements ir.OpParser.
func (p *parser) ParseOptionalLocation() (ir.Location, error) {
	if !p.isKeyword("loc") {
		return nil, nil
	}
	return p.parseLocation()
}

func (p *parser) parseLocInner() (ir.Location, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tokBareIdent:
		switch p.text(p.tok) {
		case "unknown":
			p.advance()
			return ir.Unknown, nil
		case "callsite":
			return p.parseCallSiteLoc()
		case "fused":
			p.advance()
			return p.parseFusedLocs(nil)
		}
	case tokAngleIdent:
		kw, bs, be := p.angleParts(p.tok)
		if kw == "fused" {
			var meta ir.Attribute
			err := p.withSubLexer(bs, be, func() error {
				var err error
				meta, err = p.parseAttribute(nil)
				return err
			})
			if err != nil {
				return nil, err
			}
			p.advance()
			return p.parseFusedLocs(meta)
		}
	case tokString:
		return p.parseFileOrNameLoc()
	case tokHash:
		name := p.text(p.tok)[1:]
		off := p.tok.start
		p.advance()
		if a, ok := p.attrAliases[name]; ok {
			la, ok := a.(*ir.LocationAttr)
			if !ok {
				return nil, p.errorAt(off, "expected location, but found '%s'", a)
			}
			return la.Loc, nil
		}
		ph := &ir.NameLoc{Name: "#" + name}
		p.deferredLocs = append(p.deferredLocs, &deferredLoc{placeholder: ph, name: name, off: off})
		return ph, nil
	}
	return nil, p.errorf("expected location instance")
}

func (p *parser) parseCallSiteLoc() (ir.Location, error) {
	p.advance()
	if err := p.expect("(", "in callsite location"); err != nil {
		return nil, err
	}
	callee, err := p.parseLocInner()
	if err != nil {
		return nil, err
	}
	if !p.isKeyword("at") {
		return nil, p.errorf("expected 'at' in callsite")
	}
	p.advance()
	caller, err := p.parseLocInner()
	if err != nil {
		return nil, err
	}
	if err := p.expect(")", "in callsite location"); err != nil {
		return nil, err
	}
	return &ir.CallSiteLoc{Callee: callee, Caller: caller}, nil
}

func (p *parser) parseFusedLocs(meta ir.Attribute) (ir.Location, error) {
	var locs []ir.Location
	err := p.parseCommaList("[", "]", "in fused location", func() error {
		l, err := p.parseLocInner()
		locs = append(locs, l)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &ir.FusedLoc{Locs: locs, Metadata: meta}, nil
}

func (p *parser) parseFileOrNameLoc() (ir.Location, error) {
	s, err := p.unquote(p.tok)
	if err != nil {
		return nil, err
	}
	p.advance()
	if p.consumeIf(":") {
		line, err := p.parseLocNumber("line")
		if err != nil {
			return nil, err
		}
		if err := p.expect(":", "in FileLineColLoc"); err != nil {
			return nil, err
		}
		col, err := p.parseLocNumber("column")
		if err != nil {
			return nil, err
		}
		return ir.FileLineCol(s, line, col), nil
	}
	nl := &ir.NameLoc{Name: s}
	if p.consumeIf("(") {
		child, err := p.parseLocInner()
		if err != nil {
			return nil, err
		}
		if _, isName := child.(*ir.NameLoc); isName {
			return nil, p.errorf("child of NameLoc cannot be another NameLoc")
		}
		if err := p.expect(")", "after child location of NameLoc"); err != nil {
			return nil, err
		}
		nl.Child = child
	}
	return nl, nil
}

func (p *parser) parseLocNumber(what string) (int, error) {
	if p.tok.kind != tokInteger {
		return 0, p.errorf("expected integer %s number in FileLineColLoc", what)
	}
	n, err := strconv.ParseUint(p.text(p.tok), 0, 32)
	if err != nil {
		return 0, p.errorf("expected integer %s number in FileLineColLoc", what)
	}
	p.advance()
	return int(n), nil
}

// deferredLoc is a reference to a #loc alias defined later in the file (MLIR
// prints location aliases at the end).
type deferredLoc struct {
	placeholder *ir.NameLoc
	name        string
	off         int32
}

// resolveDeferredLocs replaces alias placeholders in every location of the IR.
func (p *parser) resolveDeferredLocs(root *ir.Operation) error {
	if len(p.deferredLocs) == 0 {
		return nil
	}
	resolved := map[*ir.NameLoc]ir.Location{}
	for _, d := range p.deferredLocs {
		a, ok := p.attrAliases[d.name]
		if !ok {
			return p.errorAt(d.off, "operation location alias was never defined")
		}
		la, ok := a.(*ir.LocationAttr)
		if !ok {
			return p.errorAt(d.off, "expected location, but found '%s'", a)
		}
		resolved[d.placeholder] = la.Loc
	}
	var fix func(l ir.Location) ir.Location
	fix = func(l ir.Location) ir.Location {
		switch l := l.(type) {
		case *ir.NameLoc:
			if r, ok := resolved[l]; ok {
				return r
			}
			if l.Child != nil {
				return &ir.NameLoc{Name: l.Name, Child: fix(l.Child)}
			}
		case *ir.CallSiteLoc:
			return &ir.CallSiteLoc{Callee: fix(l.Callee), Caller: fix(l.Caller)}
		case *ir.FusedLoc:
			locs := make([]ir.Location, len(l.Locs))
			for i, c := range l.Locs {
				locs[i] = fix(c)
			}
			return &ir.FusedLoc{Locs: locs, Metadata: l.Metadata}
		}
		return l
	}
	root.WalkPreOrder(func(op *ir.Operation) ir.WalkResult {
		op.SetLoc(fix(op.Loc()))
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Args() {
					a.SetLoc(fix(a.Loc()))
				}
			}
		}
		return ir.WalkAdvance
	})
	return nil
}

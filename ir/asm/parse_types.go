package asm

import (
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// withSubLexer runs fn on a lexer over src[start:end) (the body of an
// angle-bracketed token) and requires fn to consume all of it.
func (p *parser) withSubLexer(start, end int, fn func() error) error {
	saveLex, saveTok, savePrev := p.lex, p.tok, p.prevEnd
	p.lex = &lexer{src: p.src, pos: start, limit: end, lines: p.lines}
	p.tok = p.lex.next()
	err := fn()
	if err == nil && p.tok.kind != tokEOF {
		err = p.errorf("unexpected '%s' in %s", p.text(p.tok), "angle-bracketed body")
	}
	p.lex, p.tok, p.prevEnd = saveLex, saveTok, savePrev
	return err
}

// angleParts splits an angle token "kw<body>" into the keyword and the
// body's byte range.
func (p *parser) angleParts(t token) (kw string, bodyStart, bodyEnd int) {
	s := p.src[t.start:t.end]
	lt := strings.IndexByte(string(s), '<')
	kw = strings.TrimRight(string(s[:lt]), " \t")
	return kw, int(t.start) + lt + 1, int(t.end) - 1
}

// startsType reports whether the current token can begin a type.
func (p *parser) startsType() bool {
	switch p.tok.kind {
	case tokBang, tokBangAngle:
		return true
	case tokAngleIdent:
		kw, _, _ := p.angleParts(p.tok)
		switch kw {
		case "tensor", "memref", "vector", "complex", "tuple":
			return true
		}
	case tokBareIdent:
		_, ok := p.scalarType(p.text(p.tok))
		return ok
	case tokPunct:
		return p.isPunct("(")
	}
	return false
}

// ParseType implements ir.OpParser.
func (p *parser) ParseType() (ir.Type, error) { return p.parseType() }

func (p *parser) parseType() (ir.Type, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tokBareIdent:
		text := p.text(p.tok)
		t, ok := p.scalarType(text)
		if !ok {
			if strings.HasPrefix(text, "i") || strings.HasPrefix(text, "si") || strings.HasPrefix(text, "ui") {
				if _, err := strconv.Atoi(strings.TrimLeft(text, "isu")); err == nil {
					return nil, p.errorf("integer bitwidth is limited to 16777215 bits")
				}
			}
			switch text {
			case "tensor", "memref", "vector", "complex", "tuple":
				p.advance()
				return nil, p.errorf("expected '<' in %s type", text)
			}
			return nil, p.errorf("expected non-function type")
		}
		p.advance()
		return t, nil
	case tokAngleIdent:
		text := p.text(p.tok)
		if t, ok := p.typeCache[text]; ok {
			p.advance()
			return t, nil
		}
		t, err := p.parseAngleType(p.tok)
		if err != nil {
			return nil, err
		}
		p.typeCache[text] = t
		p.advance()
		return t, nil
	case tokBang:
		name := p.text(p.tok)[1:]
		if strings.Contains(name, ".") {
			return p.parseDialectType()
		}
		t, ok := p.typeAliases[name]
		if !ok {
			return nil, p.errorf("undefined symbol alias id '%s'", name)
		}
		p.advance()
		return t, nil
	case tokBangAngle:
		text := p.text(p.tok)[1:]
		d, _, ok := strings.Cut(text, ".")
		if !ok || strings.IndexByte(d, '<') >= 0 {
			return nil, p.errorf("expected dialect namespace in dialect type '!%s'", text)
		}
		return p.parseDialectType()
	case tokPunct:
		if p.isPunct("(") {
			return p.parseFunctionTypeOnly()
		}
	}
	return nil, p.errorf("expected non-function type")
}

// scalarType recognizes the builtin types spelled as a bare identifier.
func (p *parser) scalarType(s string) (ir.Type, bool) {
	switch s {
	case "f16":
		return p.ctx.F16(), true
	case "bf16":
		return p.ctx.BF16(), true
	case "f32":
		return p.ctx.F32(), true
	case "f64":
		return p.ctx.F64(), true
	case "f80":
		return p.ctx.Float(ir.F80), true
	case "f128":
		return p.ctx.Float(ir.F128), true
	case "index":
		return p.ctx.Index(), true
	case "none":
		return p.ctx.None(), true
	}
	sign := ir.Signless
	digits := ""
	switch {
	case strings.HasPrefix(s, "si"):
		sign, digits = ir.Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sign, digits = ir.Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		digits = s[1:]
	default:
		return nil, false
	}
	if digits == "" || len(digits) > 8 {
		return nil, false
	}
	w := 0
	for i := 0; i < len(digits); i++ {
		if !isDigit(digits[i]) {
			return nil, false
		}
		w = w*10 + int(digits[i]-'0')
	}
	if w > 16777215 {
		return nil, false
	}
	return p.ctx.IntegerOf(w, sign), true
}

// parseFunctionTypeOnly parses "(inputs) -> results".
func (p *parser) parseFunctionTypeOnly() (*ir.FunctionType, error) {
	if !p.isPunct("(") {
		return nil, p.errorf("expected function type")
	}
	ins, err := p.parseParenTypeList()
	if err != nil {
		return nil, err
	}
	if err := p.expect("->", "in function type"); err != nil {
		return nil, err
	}
	outs, err := p.parseFunctionResults()
	if err != nil {
		return nil, err
	}
	return p.ctx.Function(ins, outs), nil
}

func (p *parser) parseParenTypeList() ([]ir.Type, error) {
	ts := []ir.Type{}
	err := p.parseCommaList("(", ")", "in type list", func() error {
		t, err := p.parseType()
		ts = append(ts, t)
		return err
	})
	return ts, err
}

// parseFunctionResults parses "type" or "(types)".
func (p *parser) parseFunctionResults() ([]ir.Type, error) {
	if p.isPunct("(") {
		return p.parseParenTypeList()
	}
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

// parseAngleType parses tensor<...>, memref<...>, vector<...>, complex<...>, tuple<...>.
func (p *parser) parseAngleType(t token) (ir.Type, error) {
	kw, bs, be := p.angleParts(t)
	var out ir.Type
	var err error
	switch kw {
	case "tensor":
		out, err = p.parseTensorBody(bs, be)
	case "memref":
		out, err = p.parseMemRefBody(bs, be)
	case "vector":
		out, err = p.parseVectorBody(bs, be)
	case "complex":
		err = p.withSubLexer(bs, be, func() error {
			elem, err := p.parseType()
			if err != nil {
				return err
			}
			if !ir.IsFloat(elem) && !ir.IsInteger(elem) {
				return p.errorAt(int32(bs), "invalid element type for complex")
			}
			out = p.ctx.Complex(elem)
			return nil
		})
	case "tuple":
		err = p.withSubLexer(bs, be, func() error {
			var ts []ir.Type
			for p.tok.kind != tokEOF {
				elem, err := p.parseType()
				if err != nil {
					return err
				}
				ts = append(ts, elem)
				if p.tok.kind != tokEOF {
					if err := p.expect(",", "in tuple type"); err != nil {
						return err
					}
				}
			}
			out = p.ctx.Tuple(ts...)
			return nil
		})
	default:
		return nil, p.errorAt(t.start, "expected non-function type")
	}
	return out, err
}

// dimList is a parsed dimension list: sizes and, for vectors, scalable flags.
type dimList struct {
	shape    []int64
	scalable []bool
	unranked bool
	elemOff  int // where the element type starts
}

// parseDims reads "4x?x[8]x" at the character level (MLIR lexes these
// specially too: "4x4xf32" is not made of ordinary tokens).
func (p *parser) parseDims(bs, be int, allowUnranked, allowScalable bool) (dimList, error) {
	var d dimList
	i := skipBlank(p.src, bs, be)
	if allowUnranked && i < be && p.src[i] == '*' {
		i = skipBlank(p.src, i+1, be)
		if i >= be || p.src[i] != 'x' {
			return d, p.errorAt(int32(i), "expected 'x' in unranked type")
		}
		d.unranked = true
		d.elemOff = i + 1
		return d, nil
	}
	for {
		i = skipBlank(p.src, i, be)
		if i >= be {
			break
		}
		c := p.src[i]
		start := i
		var size int64
		scalable := false
		switch {
		case isDigit(c):
			j := i
			for j < be && isDigit(p.src[j]) {
				j++
			}
			v, err := strconv.ParseInt(string(p.src[i:j]), 10, 64)
			if err != nil || v > 1<<48 {
				return d, p.errorAt(int32(i), "invalid dimension")
			}
			size, i = v, j
		case c == '?' && allowScalable:
			// Vectors have no dynamic sizes: MLIR reads '?' as the element
			// type and fails there ("expected non-function type").
			d.elemOff = i
			return d, nil
		case c == '?':
			size, i = ir.Dynamic, i+1
		case c == '[' && allowScalable:
			j := i + 1
			for j < be && isDigit(p.src[j]) {
				j++
			}
			if j == i+1 || j >= be || p.src[j] != ']' {
				return d, p.errorAt(int32(j), "missing ']' closing set of scalable dimensions")
			}
			v, _ := strconv.ParseInt(string(p.src[i+1:j]), 10, 64)
			size, i, scalable = v, j+1, true
		default:
			d.elemOff = i
			return d, nil
		}
		i = skipBlank(p.src, i, be)
		if i >= be || p.src[i] != 'x' {
			return d, p.errorAt(int32(start), "expected 'x' in dimension list")
		}
		i++
		d.shape = append(d.shape, size)
		d.scalable = append(d.scalable, scalable)
	}
	d.elemOff = i
	return d, nil
}

func skipBlank(src []byte, i, end int) int {
	for i < end && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

func validElementType(t ir.Type) bool {
	switch t.(type) {
	case *ir.FunctionType, *ir.RankedTensorType, *ir.UnrankedTensorType, *ir.MemRefType, *ir.UnrankedMemRefType, *ir.NoneType:
		return false
	}
	return true
}

func (p *parser) parseTensorBody(bs, be int) (ir.Type, error) {
	d, err := p.parseDims(bs, be, true, false)
	if err != nil {
		return nil, err
	}
	var out ir.Type
	err = p.withSubLexer(d.elemOff, be, func() error {
		elemOff := p.tok.start
		elem, err := p.parseType()
		if err != nil {
			return err
		}
		if !validElementType(elem) {
			return p.errorAt(elemOff, "invalid tensor element type")
		}
		if d.unranked {
			out = p.ctx.UnrankedTensor(elem)
			return nil
		}
		var enc ir.Attribute
		if p.consumeIf(",") {
			if enc, err = p.parseAttribute(nil); err != nil {
				return err
			}
		}
		out = p.ctx.TensorWithEncoding(d.shape, elem, enc)
		return nil
	})
	return out, err
}

func (p *parser) parseMemRefBody(bs, be int) (ir.Type, error) {
	d, err := p.parseDims(bs, be, true, false)
	if err != nil {
		return nil, err
	}
	var out ir.Type
	err = p.withSubLexer(d.elemOff, be, func() error {
		elemOff := p.tok.start
		elem, err := p.parseType()
		if err != nil {
			return err
		}
		if !validElementType(elem) {
			return p.errorAt(elemOff, "invalid memref element type")
		}
		var attrs []ir.Attribute
		for p.consumeIf(",") {
			a, err := p.parseAttribute(nil)
			if err != nil {
				return err
			}
			attrs = append(attrs, a)
		}
		if d.unranked {
			if len(attrs) > 1 {
				return p.errorAt(elemOff, "unranked memref takes at most a memory space")
			}
			var space ir.Attribute
			if len(attrs) == 1 {
				space = attrs[0]
				if !supportedMemorySpace(space) {
					return p.errorAt(elemOff, "unsupported memory space Attribute")
				}
			}
			out = p.ctx.UnrankedMemRef(elem, space)
			return nil
		}
		var layout, space ir.Attribute
		switch len(attrs) {
		case 0:
		case 1:
			if isLayoutAttr(attrs[0]) {
				layout = attrs[0]
			} else {
				space = attrs[0]
			}
		case 2:
			layout, space = attrs[0], attrs[1]
		default:
			return p.errorAt(elemOff, "expected at most a layout and a memory space in memref type")
		}
		if space != nil && !supportedMemorySpace(space) {
			return p.errorAt(elemOff, "unsupported memory space Attribute")
		}
		out = p.ctx.MemRefWith(d.shape, elem, layout, space)
		return nil
	})
	return out, err
}

// supportedMemorySpace reports whether a may be a memref's memory space:
// an integer, string or dictionary, or an attribute a loaded dialect
// defines (#gpu.address_space<workgroup>), as in MLIR.
func supportedMemorySpace(a ir.Attribute) bool {
	switch a.(type) {
	case *ir.IntegerAttr, *ir.StringAttr, *ir.DictionaryAttr, ir.DialectAttr:
		return true
	}
	return false
}

func isLayoutAttr(a ir.Attribute) bool {
	o, ok := a.(*ir.OpaqueAttr)
	return ok && (strings.HasPrefix(o.Text, "affine_map<") || strings.HasPrefix(o.Text, "strided<"))
}

func (p *parser) parseVectorBody(bs, be int) (ir.Type, error) {
	d, err := p.parseDims(bs, be, false, true)
	if err != nil {
		return nil, err
	}
	for _, s := range d.shape {
		if s <= 0 {
			return nil, p.errorAt(int32(d.elemOff), "vector types must have positive constant sizes")
		}
	}
	var out ir.Type
	err = p.withSubLexer(d.elemOff, be, func() error {
		elemOff := p.tok.start
		elem, err := p.parseType()
		if err != nil {
			return err
		}
		if !ir.IsFloat(elem) && !ir.IsInteger(elem) && !ir.IsIndex(elem) {
			return p.errorAt(elemOff, "vector elements must be int/index/float type")
		}
		out = p.ctx.Vector(d.shape, d.scalable, elem)
		return nil
	})
	return out, err
}

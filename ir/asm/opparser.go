package asm

import (
	"fmt"
	"strconv"

	"github.com/tt-compiler/tt/ir"
)

// The parser implements ir.OpParser for custom op forms.
var _ ir.OpParser = (*parser)(nil)

// Context implements ir.OpParser.
func (p *parser) Context() *ir.Context { return p.ctx }

// Loc implements ir.OpParser.
func (p *parser) Loc() ir.Location { return p.locOf(p.tok.start) }

// Errorf implements ir.OpParser. Inside a custom form, the error is
// MLIR's emitError of the op parser: at the next token, after
// "custom op 'name' ".
func (p *parser) Errorf(format string, args ...any) error {
	if p.customOp == "" || p.tok.kind == tokError {
		return p.errorf(format, args...)
	}
	return p.customOpError(fmt.Sprintf(format, args...))
}

// customOpError is an error of the custom form being parsed, at the next
// token (just past the last one at the end of the input).
func (p *parser) customOpError(msg string) error {
	return p.customOpErrorNear(p.tok.start, p.tok.kind == tokEOF, p.prevEnd, msg)
}

// customOpErrorNear is customOpError about the token at start (the end of
// the input when eof, just past prevEnd); both engines use it.
func (p *parser) customOpErrorNear(start int32, eof bool, prevEnd int32, msg string) error {
	if eof {
		start = prevEnd
	}
	return p.errorAt(start, "custom op '%s' %s", p.customOp, msg)
}

// ParseOperand implements ir.OpParser.
func (p *parser) ParseOperand() (ir.UnresolvedOperand, error) {
	u, err := p.parseValueUse()
	if err != nil {
		return ir.UnresolvedOperand{}, err
	}
	return ir.UnresolvedOperand{Name: u.name, Number: u.num, Loc: p.locOf(u.off)}, nil
}

// ParseOptionalOperand implements ir.OpParser.
func (p *parser) ParseOptionalOperand() (ir.UnresolvedOperand, bool, error) {
	if p.tok.kind != tokPercent {
		return ir.UnresolvedOperand{}, false, nil
	}
	u, err := p.ParseOperand()
	return u, true, err
}

func delimiters(d ir.Delimiter) (open, close string, optional bool) {
	switch d {
	case ir.DelimParen:
		return "(", ")", false
	case ir.DelimSquare:
		return "[", "]", false
	case ir.DelimBraces:
		return "{", "}", false
	case ir.DelimAngle:
		return "<", ">", false
	case ir.DelimOptionalParen:
		return "(", ")", true
	case ir.DelimOptionalSquare:
		return "[", "]", true
	}
	return "", "", false
}

// parseDelimited parses a comma list with the given delimiter; with
// DelimNone the list ends at the first token that is not a comma.
func (p *parser) parseDelimited(d ir.Delimiter, startsElem func() bool, elem func() error) error {
	open, close, optional := delimiters(d)
	if open == "" {
		if !startsElem() {
			return nil
		}
		for {
			if err := elem(); err != nil {
				return err
			}
			if !p.consumeIf(",") {
				return nil
			}
		}
	}
	if optional && !p.isPunct(open) {
		return nil
	}
	return p.parseCommaList(open, close, "in list", elem)
}

// ParseOperandList implements ir.OpParser.
func (p *parser) ParseOperandList(d ir.Delimiter) ([]ir.UnresolvedOperand, error) {
	var out []ir.UnresolvedOperand
	err := p.parseDelimited(d, func() bool { return p.tok.kind == tokPercent }, func() error {
		u, err := p.ParseOperand()
		out = append(out, u)
		return err
	})
	return out, err
}

// ResolveOperand implements ir.OpParser.
func (p *parser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) (ir.Value, error) {
	return p.resolveValue(u.Name, u.Number, t, p.offsetOf(u.Loc))
}

// ParseColonType implements ir.OpParser.
func (p *parser) ParseColonType() (ir.Type, error) {
	if err := p.expect(":", ""); err != nil {
		return nil, err
	}
	return p.parseType()
}

// ParseTypeList implements ir.OpParser.
func (p *parser) ParseTypeList() ([]ir.Type, error) {
	var ts []ir.Type
	err := p.parseDelimited(ir.DelimNone, p.startsType, func() error {
		t, err := p.parseType()
		ts = append(ts, t)
		return err
	})
	return ts, err
}

// ParseColonTypeList implements ir.OpParser.
func (p *parser) ParseColonTypeList() ([]ir.Type, error) {
	if err := p.expect(":", ""); err != nil {
		return nil, err
	}
	return p.ParseTypeList()
}

// ParseArrowTypeList implements ir.OpParser.
func (p *parser) ParseArrowTypeList() ([]ir.Type, error) {
	if err := p.expect("->", ""); err != nil {
		return nil, err
	}
	return p.parseFunctionResults()
}

// ParseOptionalArrowTypeList implements ir.OpParser.
func (p *parser) ParseOptionalArrowTypeList() ([]ir.Type, error) {
	if !p.isPunct("->") {
		return nil, nil
	}
	return p.ParseArrowTypeList()
}

// ParseFunctionType implements ir.OpParser.
func (p *parser) ParseFunctionType() (*ir.FunctionType, error) { return p.parseFunctionTypeOnly() }

// ParseOptionalAttrDict implements ir.OpParser.
func (p *parser) ParseOptionalAttrDict(st *ir.OperationState) error {
	if !p.isPunct("{") {
		return nil
	}
	return p.parseAttrDictInto(st)
}

// ParseOptionalAttrDictWithKeyword implements ir.OpParser.
func (p *parser) ParseOptionalAttrDictWithKeyword(st *ir.OperationState) error {
	if !p.isKeyword("attributes") {
		return nil
	}
	p.advance()
	return p.parseAttrDictInto(st)
}

// ParseSymbolName implements ir.OpParser.
func (p *parser) ParseSymbolName() (string, error) {
	if p.tok.kind != tokAt {
		return "", p.errorf("expected valid '@'-identifier for symbol name")
	}
	name, err := p.symbolName(p.tok)
	if err == nil {
		p.advance()
	}
	return name, err
}

// ParseOptionalSymbolName implements ir.OpParser.
func (p *parser) ParseOptionalSymbolName() (string, bool) {
	if p.tok.kind != tokAt {
		return "", false
	}
	name, err := p.ParseSymbolName()
	return name, err == nil
}

// ParseKeyword implements ir.OpParser.
func (p *parser) ParseKeyword(kw string) error {
	if !p.ParseOptionalKeyword(kw) {
		if p.customOp != "" && p.tok.kind != tokError {
			return p.customOpError("expected '" + kw + "'")
		}
		return p.errorf("expected '%s'", kw)
	}
	return nil
}

// ParseOptionalKeyword implements ir.OpParser. A keyword glued to an
// angle-bracketed body, which the lexer reads as one token (fastmath<fast>),
// matches too: the parser then continues at the '<', as MLIR's lexer
// would, so that the body is read with ordinary tokens.
func (p *parser) ParseOptionalKeyword(kw string) bool {
	if p.isKeyword(kw) {
		p.advance()
		return true
	}
	if p.tok.kind != tokAngleIdent {
		return false
	}
	name, bodyStart, _ := p.angleParts(p.tok)
	if name != kw || int(p.tok.start)+len(kw) != bodyStart-1 {
		return false
	}
	p.prevEnd = p.tok.start + int32(len(kw))
	p.lex.pos = bodyStart - 1
	p.tok = p.lex.next()
	return true
}

// ParseIdentifier implements ir.OpParser.
func (p *parser) ParseIdentifier() (string, error) {
	if p.tok.kind != tokBareIdent {
		return "", p.errorf("expected valid keyword")
	}
	s := p.text(p.tok)
	p.advance()
	return s, nil
}

// ParsePunct implements ir.OpParser.
func (p *parser) ParsePunct(s string) error { return p.expect(s, "") }

// ParseOptionalPunct implements ir.OpParser.
func (p *parser) ParseOptionalPunct(s string) bool { return p.consumeIf(s) }

// ParseInteger implements ir.OpParser.
func (p *parser) ParseInteger() (int64, error) {
	v, ok, err := p.ParseOptionalInteger()
	if err == nil && !ok {
		err = p.errorf("expected integer value")
	}
	return v, err
}

// ParseOptionalInteger implements ir.OpParser.
func (p *parser) ParseOptionalInteger() (int64, bool, error) {
	neg := false
	if p.isPunct("-") {
		save, saveTok, savePrev := *p.lex, p.tok, p.prevEnd
		p.advance()
		if p.tok.kind != tokInteger {
			*p.lex, p.tok, p.prevEnd = save, saveTok, savePrev
			return 0, false, nil
		}
		neg = true
	}
	if p.tok.kind != tokInteger {
		return 0, false, nil
	}
	v, err := strconv.ParseInt(p.text(p.tok), 0, 64)
	if err != nil {
		return 0, true, p.errorf("integer value too large")
	}
	p.advance()
	if neg {
		v = -v
	}
	return v, true, nil
}

// ParseString implements ir.OpParser.
func (p *parser) ParseString() (string, error) {
	if p.tok.kind != tokString {
		return "", p.errorf("expected string")
	}
	s, err := p.unquote(p.tok)
	if err == nil {
		p.advance()
	}
	return s, err
}

// ParseArgument implements ir.OpParser.
func (p *parser) ParseArgument(withType, withAttrs bool) (ir.Argument, error) {
	return p.readArgument(p, withType, withAttrs)
}

// readArgument reads "%name [: type] [{attrs}] [loc(...)]" through src
// (either engine's op parser).
func (p *parser) readArgument(src formatSource, withType, withAttrs bool) (ir.Argument, error) {
	u, err := src.ParseOperand()
	if err != nil {
		return ir.Argument{}, err
	}
	if u.Number != 0 {
		return ir.Argument{}, p.errorAt(p.offsetOf(u.Loc), "expected argument name without result number")
	}
	a := ir.Argument{Name: u}
	if withType {
		if a.Type, err = src.ParseColonType(); err != nil {
			return a, err
		}
	}
	if withAttrs && src.isPunct("{") {
		if a.Attrs, err = src.parseAttrDict(); err != nil {
			return a, err
		}
	}
	if a.Loc, err = src.ParseOptionalLocation(); err != nil {
		return a, err
	}
	return a, nil
}

// ParseArgumentList implements ir.OpParser.
func (p *parser) ParseArgumentList(d ir.Delimiter, withType, withAttrs bool) ([]ir.Argument, error) {
	out := []ir.Argument{}
	err := p.parseDelimited(d, func() bool { return p.tok.kind == tokPercent }, func() error {
		a, err := p.ParseArgument(withType, withAttrs)
		out = append(out, a)
		return err
	})
	return out, err
}

// ParseRegion implements ir.OpParser.
func (p *parser) ParseRegion(r *ir.Region, args []ir.Argument) error {
	return p.parseRegion(r, args)
}

// ParseOptionalRegion implements ir.OpParser.
func (p *parser) ParseOptionalRegion(r *ir.Region, args []ir.Argument) (bool, error) {
	if !p.isPunct("{") {
		return false, nil
	}
	return true, p.parseRegion(r, args)
}

// ParseSuccessor implements ir.OpParser.
func (p *parser) ParseSuccessor() (*ir.Block, error) { return p.parseSuccessorRef() }

// The parser is a formatSource: declarative formats read from it.
var _ formatSource = (*parser)(nil)

func (p *parser) atOperand() bool { return p.tok.kind == tokPercent }
func (p *parser) atEOF() bool     { return p.tok.kind == tokEOF }
func (p *parser) isString() bool  { return p.tok.kind == tokString }

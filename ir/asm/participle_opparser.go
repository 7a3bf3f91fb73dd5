package asm

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/alecthomas/participle/v2"
	plexer "github.com/alecthomas/participle/v2/lexer"

	"github.com/tt-compiler/tt/ir"
)

// ptOpParser is the participle engine's ir.OpParser: custom forms (parse
// hooks and declarative formats alike) read participle's token stream
// through it. Keywords, punctuation, operands, numbers, strings, symbol
// names and successors are tokens of the stream; attribute dictionaries
// and regions are productions of the grammar; types, attribute values and
// locations are leaves, read by the fast parser's sub-parsers from the
// current token on, after which the stream skips what they consumed.
type ptOpParser struct {
	b   *builder
	lex *plexer.PeekingLexer
	// pending holds tokens re-lexed from the part of a stream token that
	// a reader left unread: the body of fastmath<fast> after
	// ParseOptionalKeyword("fastmath") took the keyword. They come before
	// the stream's next token.
	pending []plexer.Token
	// prevEnd is where the last token read ends.
	prevEnd int32
}

var (
	_ ir.OpParser  = (*ptOpParser)(nil)
	_ formatSource = (*ptOpParser)(nil)
)

func (b *builder) opParser(lex *plexer.PeekingLexer) *ptOpParser {
	return &ptOpParser{b: b, lex: lex, prevEnd: b.prevTokenEnd(lex)}
}

// ---- Tokens ----

func (o *ptOpParser) peek() *plexer.Token {
	if len(o.pending) > 0 {
		return &o.pending[0]
	}
	return o.lex.Peek()
}

// peek2 returns the token after the next one.
func (o *ptOpParser) peek2() plexer.Token {
	switch len(o.pending) {
	case 0:
		cp := o.lex.MakeCheckpoint()
		o.lex.Next()
		t := *o.lex.Peek()
		o.lex.LoadCheckpoint(cp)
		return t
	case 1:
		return *o.lex.Peek()
	}
	return o.pending[1]
}

func (o *ptOpParser) next() *plexer.Token {
	var t *plexer.Token
	if len(o.pending) > 0 {
		t = &o.pending[0]
		o.pending = o.pending[1:]
	} else {
		t = o.lex.Next()
	}
	if !t.EOF() {
		o.prevEnd = tokenEnd(t)
	}
	return t
}

// tokenEnd returns where t ends in the source (an Error token's value is
// its message: it ends where it starts).
func tokenEnd(t *plexer.Token) int32 {
	if t.Type == ptError {
		return int32(t.Pos.Offset)
	}
	return int32(t.Pos.Offset + len(t.Value))
}

func (o *ptOpParser) off() int32 { return int32(o.peek().Pos.Offset) }

// fastToken returns t as a token of the fast lexer.
func fastToken(t *plexer.Token, kind tokKind) token {
	return token{kind, int32(t.Pos.Offset), tokenEnd(t)}
}

func (o *ptOpParser) isPunct(s string) bool { return isPunctTok(o.peek(), s) }

func (o *ptOpParser) isKeyword(kw string) bool {
	t := o.peek()
	return t.Type == ptBareIdent && t.Value == kw
}

func (o *ptOpParser) atOperand() bool { return o.peek().Type == ptPercent }
func (o *ptOpParser) atEOF() bool     { return o.peek().EOF() }
func (o *ptOpParser) isString() bool  { return o.peek().Type == ptString }

// relex splits src[start:end) into tokens of the stream's kinds and puts
// them before the pending ones.
func (o *ptOpParser) relex(start, end int) {
	b := o.b
	lx := newPartLexer(b.p.src, b.str, b.p.lines, b.lx.maxDepth)
	lx.lx.pos, lx.lx.limit = start, end
	lx.line = sort.Search(len(b.p.lines.starts), func(i int) bool { return b.p.lines.starts[i] > start }) - 1
	var toks []plexer.Token
	for {
		t, _ := lx.Next()
		if t.EOF() {
			break
		}
		toks = append(toks, t)
	}
	o.pending = append(toks, o.pending...)
}

// leaf runs fn, a reader of the fast parser, from the next token on, then
// moves the stream past what fn consumed.
func (o *ptOpParser) leaf(fn func(p *parser) error) error {
	if o.peek().Type == ptError {
		return o.errorf("") // the lexer's message
	}
	b, p := o.b, o.b.p
	start := o.off()
	saveLex, saveTok, savePrev := p.lex, p.tok, p.prevEnd
	b.sub = lexer{src: p.src, pos: int(start), limit: len(p.src), lines: p.lines}
	p.lex = &b.sub
	p.prevEnd = o.prevEnd
	p.tok = p.lex.next()
	err := fn(p)
	stop, prev := p.tok.start, p.prevEnd
	if p.tok.kind == tokEOF {
		stop = int32(len(p.src))
	}
	p.lex, p.tok, p.prevEnd = saveLex, saveTok, savePrev
	o.skipTo(stop)
	o.prevEnd = prev
	return err
}

// skipTo drops the tokens that start before off; a token that straddles
// off leaves its tail in pending.
func (o *ptOpParser) skipTo(off int32) {
	for len(o.pending) > 0 && int32(o.pending[0].Pos.Offset) < off {
		o.pending = o.pending[1:]
	}
	if len(o.pending) > 0 {
		return
	}
	for t := o.lex.Peek(); !t.EOF() && int32(t.Pos.Offset) < off; t = o.lex.Peek() {
		o.lex.Next()
		if end := tokenEnd(t); end > off {
			o.relex(int(off), int(end))
			return
		}
	}
}

// finish checks that a custom form left no part of a token unread.
func (o *ptOpParser) finish() error {
	if len(o.pending) > 0 {
		return o.errorf("unexpected '%s' after custom operation form", o.pending[0].Value)
	}
	return nil
}

// grammar runs a participle production at the next token; pending tokens
// (rare) make it fall back to the fast parser's reader.
func (o *ptOpParser) stream() bool { return len(o.pending) == 0 }

// ---- ir.AsmParser ----

// Context implements ir.OpParser.
func (o *ptOpParser) Context() *ir.Context { return o.b.p.ctx }

// Loc implements ir.OpParser.
func (o *ptOpParser) Loc() ir.Location { return o.b.p.locOf(o.off()) }

// Errorf implements ir.OpParser: inside a custom form, the error is the
// form's, as the fast parser's Errorf makes it.
func (o *ptOpParser) Errorf(format string, args ...any) error {
	t := o.peek()
	if p := o.b.p; p.customOp != "" && t.Type != ptError {
		return p.customOpErrorNear(int32(t.Pos.Offset), t.EOF(), o.prevEnd, fmt.Sprintf(format, args...))
	}
	return o.errorf(format, args...)
}

// errorf reports an error about the next token, located as the fast
// parser's errorf locates it.
func (o *ptOpParser) errorf(format string, args ...any) error {
	t := o.peek()
	if t.Type == ptError {
		if len(o.pending) == 0 {
			if _, ok := o.b.lx.errs[t.Pos.Offset]; ok {
				return o.b.tokenError(t.Pos.Offset)
			}
		}
		return o.b.p.errorAt(int32(t.Pos.Offset), "%s", t.Value)
	}
	return o.b.p.errorNear(int32(t.Pos.Offset), t.EOF(), o.prevEnd, fmt.Sprintf(format, args...))
}

// ParseType implements ir.OpParser.
func (o *ptOpParser) ParseType() (ir.Type, error) {
	var t ir.Type
	err := o.leaf(func(p *parser) (err error) {
		t, err = p.parseType()
		return err
	})
	return t, err
}

// ParseColonType implements ir.OpParser.
func (o *ptOpParser) ParseColonType() (ir.Type, error) {
	if err := o.ParsePunct(":"); err != nil {
		return nil, err
	}
	return o.ParseType()
}

// ParseAttribute implements ir.OpParser.
func (o *ptOpParser) ParseAttribute(t ir.Type) (ir.Attribute, error) {
	var a ir.Attribute
	err := o.leaf(func(p *parser) (err error) {
		a, err = p.parseAttribute(t)
		return err
	})
	return a, err
}

// ParseKeyword implements ir.OpParser.
func (o *ptOpParser) ParseKeyword(kw string) error {
	if !o.ParseOptionalKeyword(kw) {
		return o.Errorf("expected '%s'", kw) // prefixed in a custom form, as the fast parser's
	}
	return nil
}

// ParseOptionalKeyword implements ir.OpParser. A keyword glued to an
// angle-bracketed body (fastmath<fast>), one token of the stream, matches
// too: the body's tokens are read next.
func (o *ptOpParser) ParseOptionalKeyword(kw string) bool {
	if o.isKeyword(kw) {
		o.next()
		return true
	}
	t := o.peek()
	if t.Type != ptAngleIdent {
		return false
	}
	name, bodyStart, _ := o.b.p.angleParts(fastToken(t, tokAngleIdent))
	start := t.Pos.Offset
	if name != kw || start+len(kw) != bodyStart-1 {
		return false
	}
	end := tokenEnd(t)
	o.next()
	o.prevEnd = int32(start + len(kw))
	o.relex(bodyStart-1, int(end))
	return true
}

// ParseIdentifier implements ir.OpParser.
func (o *ptOpParser) ParseIdentifier() (string, error) {
	if o.peek().Type != ptBareIdent {
		return "", o.errorf("expected valid keyword")
	}
	return o.next().Value, nil
}

// ParsePunct implements ir.OpParser.
func (o *ptOpParser) ParsePunct(s string) error {
	if !o.ParseOptionalPunct(s) {
		return o.errorf("expected '%s'", s)
	}
	return nil
}

// ParseOptionalPunct implements ir.OpParser.
func (o *ptOpParser) ParseOptionalPunct(s string) bool {
	if o.isPunct(s) {
		o.next()
		return true
	}
	return false
}

// ParseInteger implements ir.OpParser.
func (o *ptOpParser) ParseInteger() (int64, error) {
	v, ok, err := o.ParseOptionalInteger()
	if err == nil && !ok {
		err = o.errorf("expected integer value")
	}
	return v, err
}

// ParseOptionalInteger implements ir.OpParser.
func (o *ptOpParser) ParseOptionalInteger() (int64, bool, error) {
	neg := false
	if o.isPunct("-") {
		if o.peek2().Type != ptInteger {
			return 0, false, nil
		}
		o.next()
		neg = true
	}
	if o.peek().Type != ptInteger {
		return 0, false, nil
	}
	v, err := strconv.ParseInt(o.peek().Value, 0, 64)
	if err != nil {
		return 0, true, o.errorf("integer value too large")
	}
	o.next()
	if neg {
		v = -v
	}
	return v, true, nil
}

// ParseString implements ir.OpParser.
func (o *ptOpParser) ParseString() (string, error) {
	t := o.peek()
	if t.Type != ptString {
		return "", o.errorf("expected string")
	}
	s, err := o.b.p.unquote(fastToken(t, tokString))
	if err == nil {
		o.next()
	}
	return s, err
}

// ---- ir.OpParser ----

// ParseOperand implements ir.OpParser.
func (o *ptOpParser) ParseOperand() (ir.UnresolvedOperand, error) {
	p := o.b.p
	t := o.peek()
	if t.Type != ptPercent {
		return ir.UnresolvedOperand{}, o.errorf("expected SSA operand")
	}
	off := int32(t.Pos.Offset)
	u := ir.UnresolvedOperand{Name: t.Value[1:], Loc: p.locOf(off)}
	o.next()
	if n := o.peek(); n.Type == ptResultNum {
		num, err := strconv.Atoi(n.Value[1:])
		if err != nil || num < 0 {
			return u, o.errorf("invalid SSA value result number")
		}
		u.Number = num
		o.next()
	}
	return u, nil
}

// ParseOptionalOperand implements ir.OpParser.
func (o *ptOpParser) ParseOptionalOperand() (ir.UnresolvedOperand, bool, error) {
	if !o.atOperand() {
		return ir.UnresolvedOperand{}, false, nil
	}
	u, err := o.ParseOperand()
	return u, true, err
}

// parseCommaList mirrors parser.parseCommaList.
func (o *ptOpParser) parseCommaList(open, close, context string, elem func() error) error {
	if !o.ParseOptionalPunct(open) {
		if context == "" {
			return o.errorf("expected '%s'", open)
		}
		return o.errorf("expected '%s' %s", open, context)
	}
	if o.ParseOptionalPunct(close) {
		return nil
	}
	for {
		if err := elem(); err != nil {
			return err
		}
		if o.ParseOptionalPunct(close) {
			return nil
		}
		if !o.ParseOptionalPunct(",") {
			return o.errorf("expected ',' or '%s' %s", close, context)
		}
	}
}

// parseDelimited mirrors parser.parseDelimited.
func (o *ptOpParser) parseDelimited(d ir.Delimiter, startsElem func() bool, elem func() error) error {
	open, close, optional := delimiters(d)
	if open == "" {
		if !startsElem() {
			return nil
		}
		for {
			if err := elem(); err != nil {
				return err
			}
			if !o.ParseOptionalPunct(",") {
				return nil
			}
		}
	}
	if optional && !o.isPunct(open) {
		return nil
	}
	return o.parseCommaList(open, close, "in list", elem)
}

// ParseOperandList implements ir.OpParser.
func (o *ptOpParser) ParseOperandList(d ir.Delimiter) ([]ir.UnresolvedOperand, error) {
	var out []ir.UnresolvedOperand
	err := o.parseDelimited(d, o.atOperand, func() error {
		u, err := o.ParseOperand()
		out = append(out, u)
		return err
	})
	return out, err
}

// ResolveOperand implements ir.OpParser.
func (o *ptOpParser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) (ir.Value, error) {
	p := o.b.p
	return p.resolveValue(u.Name, u.Number, t, p.offsetOf(u.Loc))
}

// startsType reports whether the next token can start a type.
func (o *ptOpParser) startsType() bool {
	var ok bool
	_ = o.leaf(func(p *parser) error {
		ok = p.startsType()
		return nil
	})
	return ok
}

// ParseTypeList implements ir.OpParser.
func (o *ptOpParser) ParseTypeList() ([]ir.Type, error) {
	var ts []ir.Type
	err := o.parseDelimited(ir.DelimNone, o.startsType, func() error {
		t, err := o.ParseType()
		ts = append(ts, t)
		return err
	})
	return ts, err
}

// ParseColonTypeList implements ir.OpParser.
func (o *ptOpParser) ParseColonTypeList() ([]ir.Type, error) {
	if err := o.ParsePunct(":"); err != nil {
		return nil, err
	}
	return o.ParseTypeList()
}

// ParseArrowTypeList implements ir.OpParser.
func (o *ptOpParser) ParseArrowTypeList() ([]ir.Type, error) {
	if err := o.ParsePunct("->"); err != nil {
		return nil, err
	}
	var ts []ir.Type
	err := o.leaf(func(p *parser) (err error) {
		ts, err = p.parseFunctionResults()
		return err
	})
	return ts, err
}

// ParseOptionalArrowTypeList implements ir.OpParser.
func (o *ptOpParser) ParseOptionalArrowTypeList() ([]ir.Type, error) {
	if !o.isPunct("->") {
		return nil, nil
	}
	return o.ParseArrowTypeList()
}

// ParseFunctionType implements ir.OpParser.
func (o *ptOpParser) ParseFunctionType() (*ir.FunctionType, error) {
	var ft *ir.FunctionType
	err := o.leaf(func(p *parser) (err error) {
		ft, err = p.parseFunctionTypeOnly()
		return err
	})
	return ft, err
}

// attrDict reads an attribute dictionary with the grammar.
func (o *ptOpParser) parseAttrDict() ([]ir.NamedAttr, error) {
	if !o.stream() || !o.isPunct("{") {
		var entries []ir.NamedAttr
		err := o.leaf(func(p *parser) (err error) {
			entries, err = p.parseAttrDict()
			return err
		})
		return entries, err
	}
	b := o.b
	d, err := b.g.attrDict.ParseFromLexer(o.lex, participle.AllowTrailing(true))
	if err != nil || b.err != nil {
		return nil, b.parseError(err)
	}
	o.prevEnd = b.prevTokenEnd(o.lex)
	return b.attrDict(d)
}

// ParseOptionalAttrDict implements ir.OpParser.
func (o *ptOpParser) ParseOptionalAttrDict(st *ir.OperationState) error {
	if !o.isPunct("{") {
		return nil
	}
	entries, err := o.parseAttrDict()
	st.Attrs = append(st.Attrs, entries...)
	return err
}

// ParseOptionalAttrDictWithKeyword implements ir.OpParser.
func (o *ptOpParser) ParseOptionalAttrDictWithKeyword(st *ir.OperationState) error {
	if !o.isKeyword("attributes") {
		return nil
	}
	o.next()
	entries, err := o.parseAttrDict()
	st.Attrs = append(st.Attrs, entries...)
	return err
}

// ParseSymbolName implements ir.OpParser.
func (o *ptOpParser) ParseSymbolName() (string, error) {
	t := o.peek()
	if t.Type != ptAt {
		return "", o.errorf("expected valid '@'-identifier for symbol name")
	}
	name, err := o.b.p.symbolName(fastToken(t, tokAt))
	if err == nil {
		o.next()
	}
	return name, err
}

// ParseOptionalSymbolName implements ir.OpParser.
func (o *ptOpParser) ParseOptionalSymbolName() (string, bool) {
	if o.peek().Type != ptAt {
		return "", false
	}
	name, err := o.ParseSymbolName()
	return name, err == nil
}

// ParseArgument implements ir.OpParser.
func (o *ptOpParser) ParseArgument(withType, withAttrs bool) (ir.Argument, error) {
	return o.b.p.readArgument(o, withType, withAttrs)
}

// ParseArgumentList implements ir.OpParser.
func (o *ptOpParser) ParseArgumentList(d ir.Delimiter, withType, withAttrs bool) ([]ir.Argument, error) {
	out := []ir.Argument{}
	err := o.parseDelimited(d, o.atOperand, func() error {
		a, err := o.ParseArgument(withType, withAttrs)
		out = append(out, a)
		return err
	})
	return out, err
}

// ParseRegion implements ir.OpParser: the region's operations and blocks
// are read with the grammar.
func (o *ptOpParser) ParseRegion(r *ir.Region, args []ir.Argument) error {
	openOff := o.off()
	if !o.stream() || !o.isPunct("{") {
		return o.errorf("expected '{' to begin a region")
	}
	o.next()
	if err := o.b.region(o.lex, r, args, openOff); err != nil {
		return err
	}
	return o.ParsePunct("}")
}

// ParseOptionalRegion implements ir.OpParser.
func (o *ptOpParser) ParseOptionalRegion(r *ir.Region, args []ir.Argument) (bool, error) {
	if !o.isPunct("{") {
		return false, nil
	}
	return true, o.ParseRegion(r, args)
}

// ParseSuccessor implements ir.OpParser.
func (o *ptOpParser) ParseSuccessor() (*ir.Block, error) {
	p := o.b.p
	t := o.peek()
	if t.Type != ptCaret {
		return nil, o.errorf("expected block name")
	}
	if len(p.scope().regions) == 0 {
		return nil, o.errorf("successors are only allowed inside a region")
	}
	blk := p.blockRef(t.Value[1:], int32(t.Pos.Offset))
	o.next()
	return blk, nil
}

// ParseOptionalLocation implements ir.OpParser.
func (o *ptOpParser) ParseOptionalLocation() (ir.Location, error) {
	if !o.isKeyword("loc") {
		return nil, nil
	}
	var l ir.Location
	err := o.leaf(func(p *parser) (err error) {
		l, err = p.parseLocation()
		return err
	})
	return l, err
}

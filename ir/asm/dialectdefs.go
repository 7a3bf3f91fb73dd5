package asm

import (
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Types and attributes of dialects: #dialect.mnemonic<params> and
// !dialect.mnemonic<params> go to the definition the loaded dialect
// registered for the mnemonic, whose hook reads the params with ordinary
// tokens; a dialect that is not loaded keeps the text as an opaque value.
// The errors for unknown names are MLIR 16's.

// parseDialectAttr parses the attribute the current #dialect.mnemonic
// token spells.
func (p *parser) parseDialectAttr() (ir.Attribute, error) {
	tok := p.tok
	text := p.text(tok)
	d, def, err := p.lookupDialectDef(tok, "attribute", func(name string) bool {
		return p.ctx.LookupAttrDef(name) != nil
	}, func(d *ir.Dialect) bool { return len(d.Attrs) > 0 })
	if err != nil || d == nil {
		if err == nil {
			p.advance()
			return &ir.OpaqueAttr{Text: text}, nil
		}
		return nil, err
	}
	var a ir.Attribute
	err = p.withParams(tok, def, func() error {
		var err error
		a, err = p.ctx.LookupAttrDef(def).ParseAttribute(p)
		return err
	})
	return a, err
}

// parseDialectBodyAttr parses #dialect<mnemonic params>, the form MLIR
// uses for a dialect attribute whose text is not simple enough for
// #dialect.mnemonic<params> (MLIR 16's #gpu<dim x>). ok is false when the
// token is not of that form or the dialect is not loaded or defines no
// attributes; the caller reports those.
func (p *parser) parseDialectBodyAttr() (a ir.Attribute, ok bool, err error) {
	tok := p.tok
	kw, bs, be := p.angleParts(tok)
	dialect := kw[1:]
	d := p.ctx.Dialect(dialect)
	if d == nil || len(d.Attrs) == 0 || strings.ContainsAny(dialect, ".") {
		return nil, false, nil
	}
	start := bs
	for start < be && (p.src[start] == ' ' || p.src[start] == '\t' || p.src[start] == '\n') {
		start++
	}
	end := start
	for end < be && isIdentChar(p.src[end]) {
		end++
	}
	mnemonic := string(p.src[start:end])
	def := p.ctx.LookupAttrDef(dialect + "." + mnemonic)
	if def == nil {
		return nil, true, p.errorAt(int32(start), "unknown attribute `%s` in dialect `%s`", mnemonic, dialect)
	}
	err = p.withSubLexer(end, be, func() error {
		var err error
		a, err = def.ParseAttribute(p)
		return err
	})
	if err != nil {
		return nil, true, err
	}
	p.advance()
	return a, true, nil
}

// parseDialectType parses the type the current !dialect.mnemonic token
// spells.
func (p *parser) parseDialectType() (ir.Type, error) {
	tok := p.tok
	d, def, err := p.lookupDialectDef(tok, "type", func(name string) bool {
		return p.ctx.LookupTypeDef(name) != nil
	}, func(d *ir.Dialect) bool { return len(d.Types) > 0 })
	if err != nil {
		return nil, err
	}
	if d == nil {
		dialect, rest, _ := strings.Cut(p.text(tok)[1:], ".")
		p.advance()
		return p.ctx.Opaque(dialect, rest), nil
	}
	var t ir.Type
	err = p.withParams(tok, def, func() error {
		var err error
		t, err = p.ctx.LookupTypeDef(def).ParseType(p)
		return err
	})
	return t, err
}

// lookupDialectDef finds the definition a #name or !name token refers to.
// It returns the loaded dialect (nil when the dialect is not loaded) and
// the definition's full name, or MLIR's error for a name the dialect does
// not define.
func (p *parser) lookupDialectDef(tok token, kind string, defined func(string) bool, hasAny func(*ir.Dialect) bool) (*ir.Dialect, string, error) {
	name := p.text(tok)[1:]
	if i := strings.IndexByte(name, '<'); i >= 0 {
		name = name[:i]
	}
	dialect, mnemonic, _ := strings.Cut(name, ".")
	d := p.ctx.Dialect(dialect)
	if d == nil {
		return nil, "", nil
	}
	if defined(name) {
		return d, name, nil
	}
	at := tok.start + 1 + int32(len(dialect)) + 1
	if !hasAny(d) {
		return nil, "", p.errorAt(at, "dialect '%s' provides no %s parsing hook", dialect, kind)
	}
	if kind == "type" {
		// MLIR 16's generated type parsers write two spaces.
		return nil, "", p.errorAt(at, "unknown  type `%s` in dialect `%s`", mnemonic, dialect)
	}
	return nil, "", p.errorAt(at, "unknown attribute `%s` in dialect `%s`", mnemonic, dialect)
}

// withParams runs parse over the parameters of tok, the text after the
// definition's name, which parse must read entirely, and then moves past
// tok. An error for missing parameters points just past the name.
func (p *parser) withParams(tok token, name string, parse func() error) error {
	start := int(tok.start) + 1 + len(name)
	saved := p.prevEnd
	p.prevEnd = int32(start)
	err := p.withSubLexer(start, int(tok.end), parse)
	p.prevEnd = saved
	if err != nil {
		return err
	}
	p.advance()
	return nil
}

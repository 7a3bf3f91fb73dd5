package asm

import (
	"strings"

	"github.com/tt-compiler/tt/ir"
)

var _ ir.KeywordBodyParser = (*parser)(nil)

// ParseOptionalKeywordWithBody implements ir.KeywordBodyParser.
func (p *parser) ParseOptionalKeywordWithBody(kw string) (string, bool) {
	if p.tok.kind != tokAngleIdent {
		return "", false
	}
	text := p.text(p.tok)
	name, rest, ok := strings.Cut(text, "<")
	if !ok || strings.TrimRight(name, " \t") != kw || !strings.HasSuffix(rest, ">") {
		return "", false
	}
	p.advance()
	return rest[:len(rest)-1], true
}

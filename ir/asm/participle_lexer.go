package asm

import (
	"io"

	plexer "github.com/alecthomas/participle/v2/lexer"
)

// Token types of the participle lexer. They mirror the hand-written lexer's
// kinds (lexer.go), plus ptResultNum: a "#N" glued to the "%name" before it
// (the "#1" of "%0#1"), which the fast parser recognizes by adjacency and a
// grammar can only see if the lexer tells it apart from an attribute alias.
const (
	ptError plexer.TokenType = iota + 1
	ptBareIdent
	ptAngleIdent
	ptPercent
	ptResultNum
	ptCaret
	ptAt
	ptHash
	ptHashAngle
	ptBang
	ptBangAngle
	ptInteger
	ptFloat
	ptString
	ptPunct
)

var ptSymbols = map[string]plexer.TokenType{
	"EOF":        plexer.EOF,
	"Error":      ptError,
	"BareIdent":  ptBareIdent,
	"AngleIdent": ptAngleIdent,
	"Percent":    ptPercent,
	"ResultNum":  ptResultNum,
	"Caret":      ptCaret,
	"At":         ptAt,
	"Hash":       ptHash,
	"HashAngle":  ptHashAngle,
	"Bang":       ptBang,
	"BangAngle":  ptBangAngle,
	"Integer":    ptInteger,
	"Float":      ptFloat,
	"String":     ptString,
	"Punct":      ptPunct,
}

var ptOfKind = [...]plexer.TokenType{
	tokError: ptError, tokBareIdent: ptBareIdent, tokAngleIdent: ptAngleIdent,
	tokPercent: ptPercent, tokCaret: ptCaret, tokAt: ptAt, tokHash: ptHash,
	tokHashAngle: ptHashAngle, tokBang: ptBang, tokBangAngle: ptBangAngle,
	tokInteger: ptInteger, tokFloat: ptFloat, tokString: ptString, tokPunct: ptPunct,
}

// LexerDefinition is a participle lexer.Definition backed by tt's
// hand-written MLIR lexer (lexer.go): whole balanced bodies such as
// tensor<4x?xf32>, dense<...> or !d.t<...> are single AngleIdent, HashAngle
// or BangAngle tokens, "//" comments and white space are skipped, and
// malformed input becomes Error tokens whose value is the lexer's message
// (no grammar rule matches them, so the parser reports them where it
// reaches them, like the fast parser).
// Token values are substrings of one copy of the input; positions carry
// byte offsets and byte columns, as tt's diagnostics do.
var LexerDefinition plexer.Definition = lexerDef{}

type lexerDef struct{}

var (
	_ plexer.StringDefinition = lexerDef{}
	_ plexer.BytesDefinition  = lexerDef{}
)

// Symbols implements lexer.Definition.
func (lexerDef) Symbols() map[string]plexer.TokenType {
	out := make(map[string]plexer.TokenType, len(ptSymbols))
	for k, v := range ptSymbols {
		out[k] = v
	}
	return out
}

// Lex implements lexer.Definition.
func (d lexerDef) Lex(filename string, r io.Reader) (plexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, b)
}

// LexBytes implements lexer.BytesDefinition.
func (lexerDef) LexBytes(filename string, b []byte) (plexer.Lexer, error) {
	return newPartLexer(b, string(b), newLineTable(b, filename, 1), 0), nil
}

// LexString implements lexer.StringDefinition.
func (lexerDef) LexString(filename string, s string) (plexer.Lexer, error) {
	b := []byte(s)
	return newPartLexer(b, s, newLineTable(b, filename, 1), 0), nil
}

// partLexer adapts the hand-written lexer to participle's lexer.Lexer.
type partLexer struct {
	lx    lexer
	str   string // the source as a string, for token values
	lines *lineTable
	line  int // index in lines.starts of the line of the last token

	prevKind tokKind
	prevEnd  int32
	// lastEnd is where the last token before EOF ends.
	lastEnd int32

	// depth is the bracket nesting at the current token; past maxDepth the
	// lexer emits an Error token, so that hostile nesting cannot drive
	// participle's recursive descent into a stack overflow.
	depth, maxDepth int
	// errs maps the offset of each Error token to the lexer's message.
	errs map[int]string
	// unbalanced maps the offset of each Error token for an unclosed
	// kw<... body to it, so that errors explain it as the fast parser does.
	unbalanced map[int]unbalancedAngle
	// count is the number of tokens returned, EOF included.
	count int
}

// newPartLexer returns a participle lexer over src (str is the same bytes
// as a string). maxDepth bounds bracket nesting (0: a bound derived from
// DefaultMaxNesting).
func newPartLexer(src []byte, str string, lines *lineTable, maxDepth int) *partLexer {
	if maxDepth <= 0 {
		maxDepth = nestingBudget(DefaultMaxNesting)
	}
	return &partLexer{lx: lexer{src: src, limit: len(src), lines: lines}, str: str, lines: lines, maxDepth: maxDepth}
}

// nestingBudget is the bracket depth the participle lexer allows for a
// region nesting limit: each region level takes two brackets ("({"), and
// attributes and types nest within a level.
func nestingBudget(maxNesting int) int { return 4*maxNesting + 256 }

// position returns the participle position of a byte offset. Offsets only
// grow from one call to the next, so the line index moves forward.
func (l *partLexer) position(off int) plexer.Position {
	starts := l.lines.starts
	for l.line+1 < len(starts) && starts[l.line+1] <= off {
		l.line++
	}
	return plexer.Position{Filename: l.lines.file, Offset: off, Line: l.line + l.lines.firstLine, Column: off - starts[l.line] + 1}
}

// Next implements lexer.Lexer. It never fails: lexical errors are tokens.
func (l *partLexer) Next() (plexer.Token, error) {
	l.count++
	t := l.lx.next()
	pos := l.position(int(t.start))
	if t.kind == tokEOF {
		return plexer.EOFToken(pos), nil
	}
	typ := ptOfKind[t.kind]
	value := l.str[t.start:t.end]
	switch t.kind {
	case tokError:
		value = l.setErr(int(t.start), l.lx.err)
		if u := l.lx.unbalanced; u.open == int(t.start) {
			if l.unbalanced == nil {
				l.unbalanced = map[int]unbalancedAngle{}
			}
			l.unbalanced[u.open] = u
		}
	case tokHash:
		if l.prevKind == tokPercent && t.start == l.prevEnd {
			typ = ptResultNum
		}
	case tokPunct:
		switch l.str[t.start] {
		case '(', '[', '{':
			l.depth++
			if l.depth > l.maxDepth {
				typ = ptError
				value = l.setErr(int(t.start), "brackets are nested too deeply")
			}
		case ')', ']', '}':
			if l.depth > 0 {
				l.depth--
			}
		}
	}
	l.prevKind, l.prevEnd, l.lastEnd = t.kind, t.end, t.end
	return plexer.Token{Type: typ, Value: value, Pos: pos}, nil
}

// setErr records the message of the Error token at off and returns it: an
// Error token's value is its message, so that it can never match a
// grammar literal such as "[".
func (l *partLexer) setErr(off int, msg string) string {
	if l.errs == nil {
		l.errs = map[int]string{}
	}
	if _, ok := l.errs[off]; !ok {
		l.errs[off] = msg
	}
	return msg
}

package asm

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// tokKind classifies tokens of MLIR's textual syntax.
type tokKind uint8

const (
	tokEOF tokKind = iota
	tokError
	tokBareIdent  // f32, arith.addf, loc
	tokAngleIdent // tensor<4xf32>, dense<[1, 2]>, array<i64: 1>, fused<...> (whole balanced body)
	tokPercent    // %0, %arg1
	tokCaret      // ^bb0
	tokAt         // @sym, @"quoted"
	tokHash       // #alias, #d.attr, #1
	tokHashAngle  // #d.attr<...>
	tokBang       // !alias, !d.type
	tokBangAngle  // !d.type<...>
	tokInteger    // 42, 0x2A
	tokFloat      // 1.5, 2.0e-3
	tokString     // "..."
	tokPunct      // ( ) [ ] { } < > , : = -> ? * + - :: ...
)

var tokNames = [...]string{
	tokEOF: "end of file", tokError: "invalid token", tokBareIdent: "identifier", tokAngleIdent: "identifier",
	tokPercent: "SSA value", tokCaret: "block name", tokAt: "symbol", tokHash: "attribute alias",
	tokHashAngle: "dialect attribute", tokBang: "type alias", tokBangAngle: "dialect type",
	tokInteger: "integer", tokFloat: "float", tokString: "string", tokPunct: "punctuation",
}

func (k tokKind) String() string { return tokNames[k] }

// token is a lexed token: a kind and a byte range of the source.
type token struct {
	kind       tokKind
	start, end int32
}

// lexer produces tokens on demand from src[pos:limit]. Sub-lexers over a
// part of the same source (the body of tensor<...>) share the line table,
// so every token keeps its position in the whole file.
type lexer struct {
	src   []byte
	pos   int
	limit int
	lines *lineTable
	err   string // message for the last tokError
	// unbalanced describes the last tokError of an identifier whose <...>
	// body does not close (so the parser can say what MLIR says).
	unbalanced unbalancedAngle
}

// unbalancedAngle is an identifier followed by a '<' body that does not
// close: kw<... up to the offending byte at bad.
type unbalancedAngle struct {
	kw        string
	open, bad int // offsets of the '<' and of the offending character
}

func newLexer(src []byte, lines *lineTable) *lexer {
	return &lexer{src: src, limit: len(src), lines: lines}
}

// lineTable maps byte offsets to 1-based line and column numbers.
type lineTable struct {
	starts    []int
	firstLine int // line number of the first line (for split input files)
	file      string
}

func newLineTable(src []byte, file string, firstLine int) *lineTable {
	t := &lineTable{starts: []int{0}, firstLine: firstLine, file: file}
	for i, c := range src {
		if c == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// position returns the line and column (in bytes, 1-based) of offset.
func (t *lineTable) position(off int) (int, int) {
	i := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > off }) - 1
	return i + t.firstLine, off - t.starts[i] + 1
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

// isIdentChar is the continuation set of a bare-id.
func isIdentChar(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.' }

// isSuffixChar is the continuation set of a suffix-id (after %, ^, #, !, @).
func isSuffixChar(c byte) bool { return isIdentChar(c) || c == '-' }

func (l *lexer) skipSpace() {
	for l.pos < l.limit {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < l.limit && l.src[l.pos+1] == '/':
			for l.pos < l.limit && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

func (l *lexer) errorf(start int, msg string) token {
	l.err = msg
	if l.pos <= start {
		l.pos = start + 1
		if l.pos > l.limit {
			l.pos = l.limit
		}
	}
	return token{tokError, int32(start), int32(l.pos)}
}

// next returns the next token.
func (l *lexer) next() token {
	l.skipSpace()
	start := l.pos
	if l.pos >= l.limit {
		return token{tokEOF, int32(start), int32(start)}
	}
	c := l.src[l.pos]
	switch {
	case isLetter(c) || c == '_':
		l.pos++
		for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
		return l.maybeAngle(start, tokBareIdent, tokAngleIdent)
	case isDigit(c):
		return l.lexNumber(start)
	case c == '"':
		return l.lexString(start)
	case c == '%':
		return l.lexSuffix(start, tokPercent, tokPercent, "expected SSA value name after '%'")
	case c == '^':
		return l.lexSuffix(start, tokCaret, tokCaret, "expected block name after '^'")
	case c == '#':
		return l.lexSuffix(start, tokHash, tokHashAngle, "expected attribute name after '#'")
	case c == '!':
		return l.lexSuffix(start, tokBang, tokBangAngle, "invalid type identifier")
	case c == '@':
		return l.lexSymbol(start)
	}
	return l.lexPunct(start)
}

func (l *lexer) lexPunct(start int) token {
	c := l.src[l.pos]
	l.pos++
	switch c {
	case '(', ')', '[', ']', '{', '}', '<', '>', ',', '=', '?', '*', '+', '|':
		return token{tokPunct, int32(start), int32(l.pos)}
	case ':':
		if l.pos < l.limit && l.src[l.pos] == ':' {
			l.pos++
		}
		return token{tokPunct, int32(start), int32(l.pos)}
	case '-':
		if l.pos < l.limit && l.src[l.pos] == '>' {
			l.pos++
		}
		return token{tokPunct, int32(start), int32(l.pos)}
	case '.':
		if l.pos+1 < l.limit && l.src[l.pos] == '.' && l.src[l.pos+1] == '.' {
			l.pos += 2
			return token{tokPunct, int32(start), int32(l.pos)}
		}
		return l.errorf(l.pos, "expected three consecutive dots for an ellipsis")
	}
	if c >= utf8.RuneSelf {
		_, size := utf8.DecodeRune(l.src[start:l.limit])
		l.pos = start + size
	}
	return l.errorf(start, "unexpected character")
}

func (l *lexer) lexNumber(start int) token {
	if l.src[l.pos] == '0' && l.pos+1 < l.limit && l.src[l.pos+1] == 'x' && l.pos+2 < l.limit && isHex(l.src[l.pos+2]) {
		l.pos += 2
		for l.pos < l.limit && isHex(l.src[l.pos]) {
			l.pos++
		}
		return token{tokInteger, int32(start), int32(l.pos)}
	}
	for l.pos < l.limit && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos >= l.limit || l.src[l.pos] != '.' {
		return token{tokInteger, int32(start), int32(l.pos)}
	}
	l.pos++
	for l.pos < l.limit && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < l.limit && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		p := l.pos + 1
		if p < l.limit && (l.src[p] == '+' || l.src[p] == '-') {
			p++
		}
		if p < l.limit && isDigit(l.src[p]) {
			for p < l.limit && isDigit(l.src[p]) {
				p++
			}
			l.pos = p
		}
	}
	return token{tokFloat, int32(start), int32(l.pos)}
}

func (l *lexer) lexString(start int) token {
	l.pos++
	for l.pos < l.limit {
		c := l.src[l.pos]
		switch c {
		case '"':
			l.pos++
			return token{tokString, int32(start), int32(l.pos)}
		case '\n':
			return l.errorf(start, "expected '\"' in string literal")
		case '\\':
			l.pos += 2
			continue
		}
		l.pos++
	}
	l.pos = l.limit
	return l.errorf(start, "expected '\"' in string literal")
}

// lexSuffix lexes %name, ^name, #name, !name (a suffix-id after the sigil);
// for # and ! a directly following <...> body is included.
func (l *lexer) lexSuffix(start int, plain, angle tokKind, msg string) token {
	l.pos++
	if l.pos < l.limit && l.src[l.pos] == '"' && (plain == tokHash || plain == tokBang) {
		return l.errorf(start, msg)
	}
	begin := l.pos
	for l.pos < l.limit && isSuffixChar(l.src[l.pos]) {
		l.pos++
	}
	if l.pos == begin {
		return l.errorf(start, msg)
	}
	if plain == angle {
		return token{plain, int32(start), int32(l.pos)}
	}
	return l.maybeAngle(start, plain, angle)
}

func (l *lexer) lexSymbol(start int) token {
	l.pos++
	if l.pos < l.limit && l.src[l.pos] == '"' {
		t := l.lexString(l.pos)
		if t.kind == tokError {
			return t
		}
		return token{tokAt, int32(start), t.end}
	}
	begin := l.pos
	for l.pos < l.limit && isSuffixChar(l.src[l.pos]) {
		l.pos++
	}
	if l.pos == begin {
		return l.errorf(start, "expected symbol name after '@'")
	}
	if c := l.src[begin]; !isLetter(c) && c != '_' {
		return l.errorf(start, "@ identifier expected to start with letter or '_'")
	}
	return token{tokAt, int32(start), int32(l.pos)}
}

// maybeAngle extends an identifier with a directly following balanced <...>
// body; bodies may contain strings, nested brackets and "->" arrows. The
// '<' must follow without space: "vector.reduction <add>" is an op name
// followed by punctuation, as MLIR prints it.
func (l *lexer) maybeAngle(start int, plain, angle tokKind) token {
	p := l.pos
	if p >= l.limit || l.src[p] != '<' {
		return token{plain, int32(start), int32(l.pos)}
	}
	end, msg := scanBalanced(l.src[:l.limit], p)
	if msg != "" {
		l.pos = end
		t := l.errorf(p, msg)
		if strings.HasPrefix(msg, "unbalanced") {
			l.unbalanced = unbalancedAngle{kw: string(l.src[start:p]), open: p, bad: end}
		}
		return t
	}
	l.pos = end
	return token{angle, int32(start), int32(end)}
}

// scanBalanced returns the offset just past the '>' that closes the '<' at
// src[open].
func scanBalanced(src []byte, open int) (int, string) {
	var stack []byte
	for p := open; p < len(src); p++ {
		c := src[p]
		switch c {
		case '<', '(', '[', '{':
			stack = append(stack, c)
		case '>':
			if p > open && src[p-1] == '-' {
				continue // "->" arrow inside a function type
			}
			if p+1 < len(src) && src[p+1] == '=' && len(stack) > 0 && stack[len(stack)-1] != '<' {
				continue // ">=" in an integer set's constraints
			}
			fallthrough
		case ')', ']', '}':
			if len(stack) == 0 || stack[len(stack)-1] != opener(c) {
				return p, "unbalanced '" + string(c) + "' character in pretty dialect name"
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return p + 1, ""
			}
		case '"':
			p++
			for p < len(src) && src[p] != '"' {
				if src[p] == '\\' {
					p++
				}
				p++
			}
			if p >= len(src) {
				return len(src), "unterminated string in dialect body"
			}
		}
		if len(stack) > 1000 {
			return p, "nesting too deep in dialect body"
		}
	}
	return len(src), "unbalanced '<' character in pretty dialect name"
}

// opener returns the opening bracket matching a closing one.
func opener(c byte) byte {
	switch c {
	case '>':
		return '<'
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

package ptx

import (
	"fmt"
)

// tokKind classifies tokens.
type tokKind uint8

const (
	tEOF    tokKind = iota
	tWord           // identifier, opcode word or register: ld, %r1, $L__BB0_2, _
	tDot            // a dotted word: .global, .f32, .L2::cache_hint, .x (text keeps the dot)
	tInt            // integer literal (text as written)
	tFloat          // floating-point literal: 0f…, 0d…, or decimal with '.'/exponent
	tString         // "…" (text without quotes)
	tPunct          // one of , ; : [ ] { } ( ) + - ! @ | < > =
	tBad            // a character PTX does not use
)

// token is one lexeme with its position. adj says that no blank or
// comment separates it from the previous token; nl that a newline does.
type token struct {
	kind tokKind
	text string
	pos  Pos
	adj  bool
	nl   bool
}

// String describes the token for error messages.
func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return fmt.Sprintf("%q", t.text)
	}
	return "'" + t.text + "'"
}

// lexer splits PTX source into tokens. All tokens are produced up front:
// PTX files are small and the parser needs a little lookahead.
type lexer struct {
	src       []byte
	off       int
	line, col int
	toks      []token
	err       *Error
	file      string
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '%'
}

func isIdentChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// lex tokenizes src; it stops at the first malformed token (an unclosed
// comment or string) with a located error.
func lex(file string, src []byte) ([]token, *Error) {
	lx := &lexer{src: src, line: 1, col: 1, file: file, toks: make([]token, 0, len(src)/4+1)}
	lx.run()
	return lx.toks, lx.err
}

func (lx *lexer) advance(n int) {
	for i := 0; i < n && lx.off < len(lx.src); i++ {
		if lx.src[lx.off] == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
		lx.off++
	}
}

func (lx *lexer) errorf(p Pos, format string, args ...any) {
	lx.err = &Error{File: lx.file, Pos: p, Msg: fmt.Sprintf(format, args...)}
}

func (lx *lexer) run() {
	adj, nl := false, true
	for lx.err == nil {
		// Blanks and comments.
		if lx.off >= len(lx.src) {
			lx.toks = append(lx.toks, token{kind: tEOF, pos: Pos{lx.line, lx.col}, nl: true})
			return
		}
		c := lx.src[lx.off]
		switch {
		case c == '\n':
			nl = true
			adj = false
			lx.advance(1)
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			adj = false
			lx.advance(1)
			continue
		case c == '/' && lx.peek(1) == '/':
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.advance(1)
			}
			adj = false
			continue
		case c == '/' && lx.peek(1) == '*':
			start := Pos{lx.line, lx.col}
			end := indexFrom(lx.src, lx.off+2, "*/")
			if end < 0 {
				lx.errorf(start, "unterminated comment")
				return
			}
			line := lx.line
			lx.advance(end + 2 - lx.off)
			if lx.line != line {
				nl = true
			}
			adj = false
			continue
		}
		start := Pos{lx.line, lx.col}
		begin := lx.off
		kind := lx.scan()
		if lx.err != nil {
			return
		}
		text := string(lx.src[begin:lx.off])
		if kind == tString {
			text = text[1 : len(text)-1]
		}
		lx.toks = append(lx.toks, token{kind: kind, text: text, pos: start, adj: adj, nl: nl})
		adj, nl = true, false
	}
}

func (lx *lexer) peek(k int) byte {
	if lx.off+k < len(lx.src) {
		return lx.src[lx.off+k]
	}
	return 0
}

func indexFrom(src []byte, from int, sub string) int {
	for i := from; i+len(sub) <= len(src); i++ {
		if string(src[i:i+len(sub)]) == sub {
			return i
		}
	}
	return -1
}

// scan consumes one token at lx.off and returns its kind.
func (lx *lexer) scan() tokKind {
	c := lx.src[lx.off]
	switch {
	case c == '.' && lx.off+1 < len(lx.src) && isIdentStart(lx.src[lx.off+1]) && lx.src[lx.off+1] != '%':
		lx.advance(1)
		lx.scanIdentTail(true)
		return tDot
	case isIdentStart(c):
		lx.advance(1)
		lx.scanIdentTail(false)
		return tWord
	case isDigit(c):
		return lx.scanNumber()
	case c == '"':
		start := Pos{lx.line, lx.col}
		lx.advance(1)
		for {
			if lx.off >= len(lx.src) || lx.src[lx.off] == '\n' {
				lx.errorf(start, "unterminated string")
				return tBad
			}
			if lx.src[lx.off] == '\\' {
				lx.advance(2)
				continue
			}
			if lx.src[lx.off] == '"' {
				lx.advance(1)
				return tString
			}
			lx.advance(1)
		}
	}
	switch c {
	case ',', ';', ':', '[', ']', '{', '}', '(', ')', '+', '-', '!', '@', '|', '<', '>', '=':
		lx.advance(1)
		return tPunct
	}
	lx.errorf(Pos{lx.line, lx.col}, "unexpected character %q", rune(c))
	return tBad
}

// scanIdentTail consumes identifier characters; in a dotted word also
// "::" scope separators (.shared::cta, .L2::cache_hint).
func (lx *lexer) scanIdentTail(dotted bool) {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		if isIdentChar(c) {
			lx.advance(1)
			continue
		}
		if dotted && c == ':' && lx.peek(1) == ':' && lx.off+2 < len(lx.src) && isIdentChar(lx.src[lx.off+2]) {
			lx.advance(2)
			continue
		}
		return
	}
}

// scanNumber consumes an integer or floating-point literal: decimal,
// 0x hex, 0b binary, octal, 0f/0d hex floats, decimal floats, with an
// optional U suffix on integers.
func (lx *lexer) scanNumber() tokKind {
	c1 := lx.peek(1)
	if lx.src[lx.off] == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D') && isHexDigit(lx.peek(2)) {
		lx.advance(2)
		for lx.off < len(lx.src) && isHexDigit(lx.src[lx.off]) {
			lx.advance(1)
		}
		lx.trailingIdentError()
		return tFloat
	}
	if lx.src[lx.off] == '0' && (c1 == 'x' || c1 == 'X') && isHexDigit(lx.peek(2)) {
		lx.advance(2)
		for lx.off < len(lx.src) && isHexDigit(lx.src[lx.off]) {
			lx.advance(1)
		}
		lx.unsignedSuffix()
		return tInt
	}
	if lx.src[lx.off] == '0' && (c1 == 'b' || c1 == 'B') && (lx.peek(2) == '0' || lx.peek(2) == '1') {
		lx.advance(2)
		for lx.off < len(lx.src) && (lx.src[lx.off] == '0' || lx.src[lx.off] == '1') {
			lx.advance(1)
		}
		lx.unsignedSuffix()
		return tInt
	}
	for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
		lx.advance(1)
	}
	float := false
	if lx.off < len(lx.src) && lx.src[lx.off] == '.' && isDigit(lx.peek(1)) || lx.off < len(lx.src) && lx.src[lx.off] == '.' && !isIdentStart(lx.peek(1)) {
		float = true
		lx.advance(1)
		for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
			lx.advance(1)
		}
	}
	if lx.off < len(lx.src) && (lx.src[lx.off] == 'e' || lx.src[lx.off] == 'E') {
		k := 1
		if s := lx.peek(1); s == '+' || s == '-' {
			k = 2
		}
		if isDigit(lx.peek(k)) {
			float = true
			lx.advance(k)
			for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
				lx.advance(1)
			}
		}
	}
	if float {
		lx.trailingIdentError()
		return tFloat
	}
	lx.unsignedSuffix()
	return tInt
}

func (lx *lexer) unsignedSuffix() {
	if lx.off < len(lx.src) && (lx.src[lx.off] == 'U' || lx.src[lx.off] == 'u') {
		lx.advance(1)
	}
	lx.trailingIdentError()
}

// trailingIdentError rejects a literal glued to identifier characters
// ("12ab"), which would otherwise lex as two tokens.
func (lx *lexer) trailingIdentError() {
	if lx.off < len(lx.src) && isIdentChar(lx.src[lx.off]) {
		lx.errorf(Pos{lx.line, lx.col}, "invalid character %q in number", rune(lx.src[lx.off]))
	}
}

package npy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file parses the subset of Python literal syntax that can appear in a
// .npy header, mirroring what numpy accepts via ast.literal_eval: strings
// (with optional u, b, r prefixes and the usual escapes), integers (decimal,
// 0x, 0o, 0b, with underscores, and for format versions 1.0 and 2.0 the
// Python 2 "L" suffix that numpy filters out), True, False, None, tuples,
// lists and dicts, with arbitrary whitespace, comments and trailing commas.

type pyKind uint8

const (
	pyStr pyKind = iota + 1
	pyBytes
	pyInt
	pyBool
	pyNone
	pyTuple
	pyList
	pyDict
)

// pyVal is a parsed Python literal.
type pyVal struct {
	kind  pyKind
	s     string  // pyStr, pyBytes: the value; pyInt: the literal text
	i     int64   // pyInt: the value, if !big
	big   bool    // pyInt: the value does not fit in an int64
	b     bool    // pyBool
	elems []pyVal // pyTuple, pyList: items; pyDict: key, value, key, value...
}

const (
	// maxPyDepth bounds the nesting of containers.
	maxPyDepth = 100
	// maxPyValues bounds the number of values in a literal, and so the
	// memory parsing a header can take. A header holds a shape of up to
	// MaxRank dimensions and a few other values.
	maxPyValues = MaxRank + 100
)

type pyParser struct {
	src       string
	pos       int
	depth     int
	count     int  // values parsed so far
	allowLong bool // accept the Python 2 long suffix, as in 12L
}

var errPyEOF = errors.New("unexpected end of header")

// parsePyLiteral parses src, which must hold exactly one literal surrounded
// by optional whitespace and comments.
func parsePyLiteral(src string, allowLong bool) (pyVal, error) {
	p := &pyParser{src: src, allowLong: allowLong}
	v, err := p.value()
	if err != nil {
		return pyVal{}, err
	}
	p.skipSpace()
	if p.pos < len(p.src) {
		return pyVal{}, p.errorf("unexpected %s after the literal", p.describeNext())
	}
	return v, nil
}

func (p *pyParser) errorf(format string, args ...any) error {
	return fmt.Errorf("at offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *pyParser) describeNext() string {
	if p.pos >= len(p.src) {
		return "end of header"
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return strconv.QuoteRune(r)
}

// skipSpace skips whitespace, comments and backslash line continuations.
func (p *pyParser) skipSpace() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.pos++
		case '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != '\r' {
				p.pos++
			}
		case '\\':
			if strings.HasPrefix(p.src[p.pos:], "\\\n") {
				p.pos += 2
			} else if strings.HasPrefix(p.src[p.pos:], "\\\r\n") {
				p.pos += 3
			} else {
				return
			}
		default:
			return
		}
	}
}

func (p *pyParser) value() (pyVal, error) {
	p.count++
	if p.count > maxPyValues {
		return pyVal{}, p.errorf("literal has more than %d values", maxPyValues)
	}
	p.skipSpace()
	if p.pos >= len(p.src) {
		return pyVal{}, errPyEOF
	}
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.container(pyDict, '}')
	case c == '(':
		return p.container(pyTuple, ')')
	case c == '[':
		return p.container(pyList, ']')
	case c == '\'' || c == '"':
		return p.str("")
	case c == '+' || c == '-':
		p.pos++
		p.skipSpace()
		if p.pos >= len(p.src) {
			return pyVal{}, errPyEOF
		}
		if !isDigit(p.src[p.pos]) {
			return pyVal{}, p.errorf("expected a number after %q", c)
		}
		return p.number(c == '-')
	case isDigit(c):
		return p.number(false)
	case c == '.':
		return pyVal{}, p.errorf("floating-point numbers are not supported")
	case isIdentStart(c):
		start := p.pos
		for p.pos < len(p.src) && isIdentChar(p.src[p.pos]) {
			p.pos++
		}
		word := p.src[start:p.pos]
		if p.pos < len(p.src) && (p.src[p.pos] == '\'' || p.src[p.pos] == '"') && isStringPrefix(word) {
			return p.str(strings.ToLower(word))
		}
		switch word {
		case "True":
			return pyVal{kind: pyBool, b: true}, nil
		case "False":
			return pyVal{kind: pyBool}, nil
		case "None":
			return pyVal{kind: pyNone}, nil
		}
		p.pos = start
		return pyVal{}, p.errorf("unexpected name %q", word)
	default:
		return pyVal{}, p.errorf("unexpected %s", p.describeNext())
	}
}

// container parses a dict, tuple or list whose opening bracket is at p.pos.
// A parenthesized single value without a comma is that value, not a tuple.
func (p *pyParser) container(kind pyKind, closer byte) (pyVal, error) {
	if p.depth >= maxPyDepth {
		return pyVal{}, p.errorf("literal nested more than %d deep", maxPyDepth)
	}
	p.depth++
	defer func() { p.depth-- }()
	p.pos++ // opening bracket
	var elems []pyVal
	sawComma := false
	for {
		p.skipSpace()
		if p.pos >= len(p.src) {
			return pyVal{}, errPyEOF
		}
		if p.src[p.pos] == closer {
			p.pos++
			break
		}
		if len(elems) > 0 && !sawComma {
			return pyVal{}, p.errorf("expected ',' or %q, found %s", closer, p.describeNext())
		}
		v, err := p.value()
		if err != nil {
			return pyVal{}, err
		}
		elems = append(elems, v)
		if kind == pyDict {
			p.skipSpace()
			if p.pos >= len(p.src) {
				return pyVal{}, errPyEOF
			}
			if p.src[p.pos] != ':' {
				return pyVal{}, p.errorf("expected ':' after dict key, found %s", p.describeNext())
			}
			p.pos++
			v, err := p.value()
			if err != nil {
				return pyVal{}, err
			}
			elems = append(elems, v)
		}
		p.skipSpace()
		sawComma = p.pos < len(p.src) && p.src[p.pos] == ','
		if sawComma {
			p.pos++
		}
	}
	if kind == pyTuple && len(elems) == 1 && !sawComma {
		return elems[0], nil // (x) is just x
	}
	return pyVal{kind: kind, elems: elems}, nil
}

// number parses an integer literal at p.pos.
func (p *pyParser) number(neg bool) (pyVal, error) {
	start := p.pos
	for p.pos < len(p.src) && (isIdentChar(p.src[p.pos]) || p.src[p.pos] == '.') {
		p.pos++
	}
	tok := p.src[start:p.pos]
	if p.allowLong && len(tok) > 1 && (tok[len(tok)-1] == 'L' || tok[len(tok)-1] == 'l') {
		tok = tok[:len(tok)-1]
	}
	bad := func() (pyVal, error) {
		p.pos = start
		return pyVal{}, p.errorf("invalid integer literal %q", p.src[start:start+len(tok)])
	}
	if strings.ContainsAny(tok, ".") || (!strings.HasPrefix(tok, "0x") && !strings.HasPrefix(tok, "0X") && strings.ContainsAny(tok, "eEjJ")) {
		p.pos = start
		return pyVal{}, p.errorf("non-integer number %q", tok)
	}
	if len(tok) > 1 && tok[0] == '0' && isDigit(tok[1]) || len(tok) > 1 && tok[0] == '0' && tok[1] == '_' {
		// Python 3 allows leading zeros only in zero itself ("00", "0_0").
		if strings.Trim(tok, "0_") != "" || strings.HasSuffix(tok, "_") || strings.Contains(tok, "__") {
			return bad()
		}
		tok = "0"
	}
	text := tok
	if neg {
		text = "-" + tok
	}
	i, err := strconv.ParseInt(text, 0, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return pyVal{kind: pyInt, s: text, big: true}, nil
		}
		return bad()
	}
	return pyVal{kind: pyInt, s: text, i: i}, nil
}

// str parses a string literal whose opening quote is at p.pos. prefix is
// the lower-cased string prefix (such as "", "u", "b", "rb").
func (p *pyParser) str(prefix string) (pyVal, error) {
	quote := p.src[p.pos]
	if strings.HasPrefix(p.src[p.pos:], strings.Repeat(string(quote), 3)) {
		return pyVal{}, p.errorf("triple-quoted strings are not supported")
	}
	start := p.pos
	p.pos++
	raw := strings.Contains(prefix, "r")
	isBytes := strings.Contains(prefix, "b")
	var sb strings.Builder
	for {
		if p.pos >= len(p.src) || p.src[p.pos] == '\n' || p.src[p.pos] == '\r' {
			p.pos = start
			return pyVal{}, p.errorf("unterminated string literal")
		}
		c := p.src[p.pos]
		if c == quote {
			p.pos++
			break
		}
		if isBytes && c >= 0x80 {
			return pyVal{}, p.errorf("non-ASCII character in bytes literal")
		}
		if c != '\\' {
			sb.WriteByte(c)
			p.pos++
			continue
		}
		if p.pos+1 >= len(p.src) {
			return pyVal{}, errPyEOF
		}
		if raw {
			// A backslash still stops the next character from ending the
			// string, but both are kept.
			sb.WriteString(p.src[p.pos : p.pos+2])
			p.pos += 2
			continue
		}
		if err := p.escape(&sb, isBytes); err != nil {
			return pyVal{}, err
		}
	}
	kind := pyStr
	if isBytes {
		kind = pyBytes
	}
	return pyVal{kind: kind, s: sb.String()}, nil
}

// escape decodes the backslash escape at p.pos into sb.
func (p *pyParser) escape(sb *strings.Builder, isBytes bool) error {
	c := p.src[p.pos+1]
	p.pos += 2
	if r := simpleEscape(c); r != 0 {
		sb.WriteByte(r)
		return nil
	}
	switch {
	case c == '\n':
		return nil // line continuation inside the string
	case c >= '0' && c <= '7':
		v := int(c - '0')
		for k := 0; k < 2 && p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '7'; k++ {
			v = v*8 + int(p.src[p.pos]-'0')
			p.pos++
		}
		writeCode(sb, v, isBytes)
		return nil
	case c == 'x' || (!isBytes && (c == 'u' || c == 'U')):
		n := 2
		if c == 'u' {
			n = 4
		} else if c == 'U' {
			n = 8
		}
		if p.pos+n > len(p.src) {
			return p.errorf("truncated \\%c escape", c)
		}
		v, err := strconv.ParseUint(p.src[p.pos:p.pos+n], 16, 32)
		if err != nil || strings.ContainsAny(p.src[p.pos:p.pos+n], "+-_") || v > utf8.MaxRune {
			return p.errorf("invalid \\%c escape", c)
		}
		p.pos += n
		writeCode(sb, int(v), isBytes)
		return nil
	case c == 'N' && !isBytes:
		return p.errorf("\\N{...} escapes are not supported")
	default:
		// Unknown escapes keep the backslash, as in Python.
		sb.WriteByte('\\')
		p.pos-- // re-read c as an ordinary character
		return nil
	}
}

// simpleEscape returns the byte that the single-character escape \c
// stands for, or 0 if c does not start such an escape.
func simpleEscape(c byte) byte {
	switch c {
	case '\\', '\'', '"':
		return c
	case 'a':
		return '\a'
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'v':
		return '\v'
	}
	return 0
}

func writeCode(sb *strings.Builder, v int, isBytes bool) {
	if isBytes {
		sb.WriteByte(byte(v))
		return
	}
	sb.WriteRune(rune(v))
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) }

func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "u", "r", "b", "br", "rb":
		return true
	}
	return false
}

// repr formats v the way Python's repr would, for error messages.
func (v pyVal) repr() string {
	var sb strings.Builder
	v.writeRepr(&sb)
	return sb.String()
}

func (v pyVal) writeRepr(sb *strings.Builder) {
	switch v.kind {
	case pyStr:
		sb.WriteString(pyQuote(v.s))
	case pyBytes:
		sb.WriteString("b" + pyQuote(v.s))
	case pyInt:
		if v.big {
			sb.WriteString(v.s)
		} else {
			sb.WriteString(strconv.FormatInt(v.i, 10))
		}
	case pyBool:
		if v.b {
			sb.WriteString("True")
		} else {
			sb.WriteString("False")
		}
	case pyNone:
		sb.WriteString("None")
	case pyTuple, pyList:
		open, closer := "(", ")"
		if v.kind == pyList {
			open, closer = "[", "]"
		}
		sb.WriteString(open)
		for i, e := range v.elems {
			if i > 0 {
				sb.WriteString(", ")
			}
			e.writeRepr(sb)
		}
		if v.kind == pyTuple && len(v.elems) == 1 {
			sb.WriteString(",")
		}
		sb.WriteString(closer)
	case pyDict:
		sb.WriteString("{")
		for i := 0; i+1 < len(v.elems); i += 2 {
			if i > 0 {
				sb.WriteString(", ")
			}
			v.elems[i].writeRepr(sb)
			sb.WriteString(": ")
			v.elems[i+1].writeRepr(sb)
		}
		sb.WriteString("}")
	}
}

// pyQuote quotes s like Python's repr of a str.
func pyQuote(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var sb strings.Builder
	sb.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\' || r == rune(q):
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r == '\n':
			sb.WriteString(`\n`)
		case r == '\r':
			sb.WriteString(`\r`)
		case r == '\t':
			sb.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&sb, `\x%02x`, r)
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte(q)
	return sb.String()
}

// truncateText shortens s for use in an error message.
func truncateText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

package filecheck

// This file parses POSIX extended regular expressions with the grammar and
// error reporting of the Henry Spencer engine behind llvm::Regex (regcomp.c),
// including its extensions: back-references \1-\9, "\c" meaning a literal c,
// and the word-boundary brackets [[:<:]] and [[:>:]]. Matching works on
// bytes, like LLVM; see regex.go for the matchers.

// reOp is the kind of a regex syntax-tree node.
type reOp int

const (
	reEmpty   reOp = iota // matches the empty string
	reSet                 // one byte from a set
	reBOL                 // start of string or of a line
	reEOL                 // end of string or of a line
	reBOW                 // start of a word
	reEOW                 // end of a word
	reConcat              // children in sequence
	reAlt                 // any one child
	reRepeat              // child repeated min..max times (max < 0: unbounded)
	reGroup               // capturing group number n
	reBackref             // back-reference to group n
)

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(b byte)      { s[b>>6] |= 1 << (b & 63) }
func (s *byteSet) del(b byte)      { s[b>>6] &^= 1 << (b & 63) }
func (s *byteSet) has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }

// reNode is a node of a parsed regex.
type reNode struct {
	op       reOp
	set      byteSet
	subs     []*reNode
	min, max int
	n        int
	brace    bool // a {m,n} repetition (expanded differently from *, + and ?)
}

// reErrCode is a regcomp error code; its text is what llvm::Regex reports.
type reErrCode int

const (
	reOK reErrCode = iota
	reErrCollate
	reErrCtype
	reErrEscape
	reErrSubreg
	reErrBrack
	reErrParen
	reErrBrace
	reErrBadBr
	reErrRange
	reErrBadRpt
	reErrEmpty
)

var reErrText = [...]string{
	reOK:         "",
	reErrCollate: "invalid collating element",
	reErrCtype:   "invalid character class",
	reErrEscape:  "trailing backslash (\\)",
	reErrSubreg:  "invalid backreference number",
	reErrBrack:   "brackets ([ ]) not balanced",
	reErrParen:   "parentheses not balanced",
	reErrBrace:   "braces not balanced",
	reErrBadBr:   "invalid repetition count(s)",
	reErrRange:   "invalid character range",
	reErrBadRpt:  "repetition-operator operand invalid",
	reErrEmpty:   "empty (sub)expression",
}

// dupMax is the largest repetition count regcomp accepts (RE_DUP_MAX).
const dupMax = 255

// ereParser holds the state of one parse.
type ereParser struct {
	s       string
	i       int
	icase   bool
	err     reErrCode
	nsub    int
	closed  [10]bool // closed[n]: group n has been closed (usable by \n)
	special bool     // uses back-references or word boundaries
	backref bool     // uses back-references
}

// parsedRE is a successfully parsed regex.
type parsedRE struct {
	tree    *reNode
	ngroups int
	special bool // needs the backtracking matcher
	backref bool // has back-references
}

// parseERE parses src, returning the regex or a regcomp error code.
func parseERE(src string, icase bool) (*parsedRE, reErrCode) {
	p := &ereParser{s: src, icase: icase}
	tree := p.ere(-1)
	if p.err != reOK {
		return nil, p.err
	}
	return &parsedRE{tree: tree, ngroups: p.nsub, special: p.special, backref: p.backref}, reOK
}

func (p *ereParser) setErr(e reErrCode) {
	if p.err == reOK {
		p.err = e
	}
}

func (p *ereParser) more() bool  { return p.err == reOK && p.i < len(p.s) }
func (p *ereParser) more2() bool { return p.err == reOK && p.i+1 < len(p.s) }
func (p *ereParser) peek() byte  { return p.s[p.i] }
func (p *ereParser) peek2() byte { return p.s[p.i+1] }
func (p *ereParser) next() byte  { p.i++; return p.s[p.i-1] }
func (p *ereParser) see(c byte) bool {
	return p.more() && p.peek() == c
}
func (p *ereParser) seeTwo(a, b byte) bool {
	return p.more2() && p.peek() == a && p.peek2() == b
}
func (p *ereParser) eat(c byte) bool {
	if p.see(c) {
		p.i++
		return true
	}
	return false
}
func (p *ereParser) eatTwo(a, b byte) bool {
	if p.seeTwo(a, b) {
		p.i += 2
		return true
	}
	return false
}

// ere parses alternatives up to the byte stop (or the end when stop < 0).
func (p *ereParser) ere(stop int) *reNode {
	var alts []*reNode
	for {
		var seq []*reNode
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			seq = append(seq, p.ereExp())
		}
		if len(seq) == 0 {
			p.setErr(reErrEmpty)
		}
		alts = append(alts, &reNode{op: reConcat, subs: seq})
		if !p.eat('|') {
			break
		}
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{op: reAlt, subs: alts}
}

// isRepeatStart reports whether the parser is looking at a repetition.
func (p *ereParser) isRepeatStart() bool {
	if !p.more() {
		return false
	}
	c := p.peek()
	return c == '*' || c == '+' || c == '?' ||
		(c == '{' && p.more2() && isDigit(p.peek2()))
}

// ereExp parses one atom and an optional repetition operator.
func (p *ereParser) ereExp() *reNode {
	atom, wasCaret := p.atom()
	if !p.isRepeatStart() {
		return atom
	}
	c := p.next()
	if wasCaret {
		p.setErr(reErrBadRpt)
	}
	switch c {
	case '*':
		atom = &reNode{op: reRepeat, subs: []*reNode{atom}, min: 0, max: -1}
	case '+':
		atom = &reNode{op: reRepeat, subs: []*reNode{atom}, min: 1, max: -1}
	case '?':
		atom = &reNode{op: reRepeat, subs: []*reNode{atom}, min: 0, max: 1}
	case '{':
		atom = p.bound(atom)
	}
	if p.isRepeatStart() {
		p.setErr(reErrBadRpt)
	}
	return atom
}

// bound parses the rest of a "{m,n}" repetition of atom.
func (p *ereParser) bound(atom *reNode) *reNode {
	lo := p.count()
	hi := lo
	if p.eat(',') {
		if p.more() && isDigit(p.peek()) {
			hi = p.count()
			if lo > hi {
				p.setErr(reErrBadBr)
			}
		} else {
			hi = -1
		}
	}
	if !p.eat('}') {
		for p.more() && p.peek() != '}' {
			p.i++
		}
		if !p.more() {
			p.setErr(reErrBrace)
		}
		p.setErr(reErrBadBr)
	}
	return &reNode{op: reRepeat, subs: []*reNode{atom}, min: lo, max: hi, brace: true}
}

// count parses a repetition count.
func (p *ereParser) count() int {
	n, digits := 0, 0
	for p.more() && isDigit(p.peek()) && n <= dupMax {
		n = n*10 + int(p.next()-'0')
		digits++
	}
	if digits == 0 || n > dupMax {
		p.setErr(reErrBadBr)
	}
	return n
}

// atom parses a single atom; wasCaret reports a '^' anchor.
func (p *ereParser) atom() (node *reNode, wasCaret bool) {
	c := p.next()
	switch c {
	case '(':
		return p.group(), false
	case ')':
		p.setErr(reErrParen)
	case '^':
		return &reNode{op: reBOL}, true
	case '$':
		return &reNode{op: reEOL}, false
	case '|':
		p.setErr(reErrEmpty)
	case '*', '+', '?':
		p.setErr(reErrBadRpt)
	case '.':
		n := &reNode{op: reSet}
		for i := 0; i < 256; i++ {
			n.set.add(byte(i))
		}
		n.set.del('\n')
		return n, false
	case '[':
		return p.bracket(), false
	case '\\':
		return p.escape(), false
	case '{':
		if p.more() && isDigit(p.peek()) {
			p.setErr(reErrBadRpt)
		}
		return p.ordinary(c), false
	default:
		return p.ordinary(c), false
	}
	return &reNode{op: reEmpty}, false
}

// group parses a parenthesized subexpression after its '('.
func (p *ereParser) group() *reNode {
	if !p.more() {
		p.setErr(reErrParen)
		return &reNode{op: reEmpty}
	}
	p.nsub++
	n := p.nsub
	inner := &reNode{op: reEmpty}
	if !p.see(')') {
		inner = p.ere(')')
	}
	if n < len(p.closed) {
		p.closed[n] = true
	}
	if !p.eat(')') {
		p.setErr(reErrParen)
	}
	return &reNode{op: reGroup, n: n, subs: []*reNode{inner}}
}

// escape parses what follows a backslash.
func (p *ereParser) escape() *reNode {
	if !p.more() {
		p.setErr(reErrEscape)
		return &reNode{op: reEmpty}
	}
	c := p.next()
	if c < '1' || c > '9' {
		return p.ordinary(c)
	}
	n := int(c - '0')
	if !p.closed[n] {
		p.setErr(reErrSubreg)
		return &reNode{op: reEmpty}
	}
	p.special, p.backref = true, true
	return &reNode{op: reBackref, n: n}
}

// ordinary returns a node matching the byte c (either case with icase).
func (p *ereParser) ordinary(c byte) *reNode {
	n := &reNode{op: reSet}
	n.set.add(c)
	if p.icase && isAlpha(c) {
		n.set.add(otherCase(c))
	}
	return n
}

// bracket parses a bracket expression after its '['.
func (p *ereParser) bracket() *reNode {
	if p.i+5 < len(p.s) && p.s[p.i:p.i+6] == "[:<:]]" {
		p.i += 6
		p.special = true
		return &reNode{op: reBOW}
	}
	if p.i+5 < len(p.s) && p.s[p.i:p.i+6] == "[:>:]]" {
		p.i += 6
		p.special = true
		return &reNode{op: reEOW}
	}
	n := &reNode{op: reSet}
	invert := p.eat('^')
	if p.eat(']') {
		n.set.add(']')
	} else if p.eat('-') {
		n.set.add('-')
	}
	for p.more() && p.peek() != ']' && !p.seeTwo('-', ']') {
		p.bracketTerm(&n.set)
	}
	if p.eat('-') {
		n.set.add('-')
	}
	if !p.eat(']') {
		p.setErr(reErrBrack)
	}
	if p.icase {
		for c := 0; c < 256; c++ {
			if n.set.has(byte(c)) && isAlpha(byte(c)) {
				n.set.add(otherCase(byte(c)))
			}
		}
	}
	if invert {
		for i := range n.set {
			n.set[i] = ^n.set[i]
		}
		n.set.del('\n')
	}
	return n
}

// bracketTerm parses one term of a bracket expression into cs.
func (p *ereParser) bracketTerm(cs *byteSet) {
	var c byte
	if p.see('[') && p.more2() {
		c = p.peek2()
	} else if p.see('-') {
		p.setErr(reErrRange)
		return
	}
	switch c {
	case ':':
		p.i += 2
		p.classTerm(cs)
	case '=':
		p.i += 2
		p.equivTerm(cs)
	default:
		p.rangeTerm(cs)
	}
}

// classTerm parses "alpha:]" of a "[:alpha:]" term.
func (p *ereParser) classTerm(cs *byteSet) {
	if !p.more() {
		p.setErr(reErrBrack)
		return
	}
	if c := p.peek(); c == '-' || c == ']' {
		p.setErr(reErrCtype)
		return
	}
	start := p.i
	for p.more() && isAlpha(p.peek()) {
		p.i++
	}
	members, ok := charClass(p.s[start:p.i])
	if !ok {
		p.setErr(reErrCtype)
		return
	}
	for i := 0; i < 256; i++ {
		if members(byte(i)) {
			cs.add(byte(i))
		}
	}
	if !p.more() {
		p.setErr(reErrBrack)
		return
	}
	if !p.eatTwo(':', ']') {
		p.setErr(reErrCtype)
	}
}

// equivTerm parses "x=]" of a "[=x=]" term.
func (p *ereParser) equivTerm(cs *byteSet) {
	if !p.more() {
		p.setErr(reErrBrack)
		return
	}
	if c := p.peek(); c == '-' || c == ']' {
		p.setErr(reErrCollate)
		return
	}
	cs.add(p.collatingElement('='))
	if !p.more() {
		p.setErr(reErrBrack)
		return
	}
	if !p.eatTwo('=', ']') {
		p.setErr(reErrCollate)
	}
}

// rangeTerm parses a single character or a range "a-z".
func (p *ereParser) rangeTerm(cs *byteSet) {
	start := p.symbol()
	finish := start
	if p.see('-') && p.more2() && p.peek2() != ']' {
		p.i++
		if p.eat('-') {
			finish = '-'
		} else {
			finish = p.symbol()
		}
	}
	// regcomp compares plain (signed) chars.
	lo, hi := int(int8(start)), int(int8(finish))
	if lo > hi {
		p.setErr(reErrRange)
		return
	}
	for i := lo; i <= hi; i++ {
		cs.add(byte(int8(i)))
	}
}

// symbol parses a bracket character or a "[.x.]" collating symbol.
func (p *ereParser) symbol() byte {
	if !p.more() {
		p.setErr(reErrBrack)
		return 0
	}
	if !p.eatTwo('[', '.') {
		return p.next()
	}
	v := p.collatingElement('.')
	if !p.eatTwo('.', ']') {
		p.setErr(reErrCollate)
	}
	return v
}

// collatingElement parses a collating element name ended by end followed
// by ']'.
func (p *ereParser) collatingElement(end byte) byte {
	start := p.i
	for p.more() && !p.seeTwo(end, ']') {
		p.i++
	}
	if !p.more() {
		p.setErr(reErrBrack)
		return 0
	}
	name := p.s[start:p.i]
	if c, ok := collatingNames[name]; ok {
		return c
	}
	if len(name) == 1 {
		return name[0]
	}
	p.setErr(reErrCollate)
	return 0
}

// charClass returns the membership test of a POSIX class in the C locale.
func charClass(name string) (func(byte) bool, bool) {
	switch name {
	case "alnum":
		return func(c byte) bool { return isAlpha(c) || isDigit(c) }, true
	case "alpha":
		return isAlpha, true
	case "blank":
		return func(c byte) bool { return c == ' ' || c == '\t' }, true
	case "cntrl":
		// regcomp lists the members in a C string, which leaves out NUL.
		return func(c byte) bool { return (c >= 1 && c < 32) || c == 127 }, true
	case "digit":
		return isDigit, true
	case "graph":
		return func(c byte) bool { return c > 32 && c < 127 }, true
	case "lower":
		return func(c byte) bool { return c >= 'a' && c <= 'z' }, true
	case "print":
		return func(c byte) bool { return c >= 32 && c < 127 }, true
	case "punct":
		return func(c byte) bool {
			return c > 32 && c < 127 && !isAlpha(c) && !isDigit(c)
		}, true
	case "space":
		return func(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }, true
	case "upper":
		return func(c byte) bool { return c >= 'A' && c <= 'Z' }, true
	case "xdigit":
		return func(c byte) bool {
			return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f')
		}, true
	}
	return nil, false
}

func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool    { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isAlnum(c byte) bool    { return isAlpha(c) || isDigit(c) }
func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

// otherCase swaps the case of an ASCII letter.
func otherCase(c byte) byte { return c ^ 0x20 }

// collatingNames are the POSIX names of single-character collating elements.
var collatingNames = map[string]byte{
	"NUL": 0, "SOH": 1, "STX": 2, "ETX": 3, "EOT": 4, "ENQ": 5, "ACK": 6,
	"BEL": 7, "alert": 7, "BS": 8, "backspace": 8, "HT": 9, "tab": 9,
	"LF": 10, "newline": 10, "VT": 11, "vertical-tab": 11, "FF": 12,
	"form-feed": 12, "CR": 13, "carriage-return": 13, "SO": 14, "SI": 15,
	"DLE": 16, "DC1": 17, "DC2": 18, "DC3": 19, "DC4": 20, "NAK": 21,
	"SYN": 22, "ETB": 23, "CAN": 24, "EM": 25, "SUB": 26, "ESC": 27,
	"IS4": 28, "FS": 28, "IS3": 29, "GS": 29, "IS2": 30, "RS": 30,
	"IS1": 31, "US": 31, "space": ' ', "exclamation-mark": '!',
	"quotation-mark": '"', "number-sign": '#', "dollar-sign": '$',
	"percent-sign": '%', "ampersand": '&', "apostrophe": '\'',
	"left-parenthesis": '(', "right-parenthesis": ')', "asterisk": '*',
	"plus-sign": '+', "comma": ',', "hyphen": '-', "hyphen-minus": '-',
	"period": '.', "full-stop": '.', "slash": '/', "solidus": '/',
	"zero": '0', "one": '1', "two": '2', "three": '3', "four": '4',
	"five": '5', "six": '6', "seven": '7', "eight": '8', "nine": '9',
	"colon": ':', "semicolon": ';', "less-than-sign": '<',
	"equals-sign": '=', "greater-than-sign": '>', "question-mark": '?',
	"commercial-at": '@', "left-square-bracket": '[', "backslash": '\\',
	"reverse-solidus": '\\', "right-square-bracket": ']',
	"circumflex": '^', "circumflex-accent": '^', "underscore": '_',
	"low-line": '_', "grave-accent": '`', "left-brace": '{',
	"left-curly-bracket": '{', "vertical-line": '|', "right-brace": '}',
	"right-curly-bracket": '}', "tilde": '~', "DEL": 127,
}

// regexMetachars are the bytes llvm::Regex::escape prefixes with '\'.
const regexMetachars = "()^$|*+?.[]\\{}"

// escapeRegex quotes s so that it matches literally (llvm::Regex::escape).
func escapeRegex(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		for j := 0; j < len(regexMetachars); j++ {
			if s[i] == regexMetachars[j] {
				b = append(b, '\\')
				break
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

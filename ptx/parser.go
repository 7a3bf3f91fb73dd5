package ptx

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxNesting bounds nested blocks and initializer lists, so that hostile
// input cannot exhaust the stack.
const maxNesting = 200

// Parse parses a PTX module. file names the source in diagnostics. The
// error, if any, is an ErrorList with one located *Error. Parse checks
// syntax only; Verify checks the module against the ISA table.
func Parse(file string, src []byte) (*Module, error) {
	toks, lerr := lex(file, src)
	if lerr != nil {
		return nil, ErrorList{lerr}
	}
	p := &parser{file: file, toks: toks}
	m, err := p.run()
	if err != nil {
		return nil, ErrorList{err}
	}
	return m, nil
}

// ParseString is Parse for a string.
func ParseString(file, src string) (*Module, error) { return Parse(file, []byte(src)) }

type parser struct {
	file  string
	toks  []token
	i     int
	depth int
}

// bailout carries a syntax error up to Parse; nothing else panics.
type bailout struct{ err *Error }

func (p *parser) run() (m *Module, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			m, err = nil, b.err
		}
	}()
	return p.module(), nil
}

func (p *parser) tok() token { return p.toks[p.i] }

func (p *parser) peekTok(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) failf(pos Pos, format string, args ...any) {
	panic(bailout{&Error{File: p.file, Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

func (p *parser) isPunct(s string) bool {
	t := p.tok()
	return t.kind == tPunct && t.text == s
}

func (p *parser) isDot(s string) bool {
	t := p.tok()
	return t.kind == tDot && t.text == s
}

func (p *parser) accept(s string) bool {
	if p.isPunct(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expect(s string, what string) token {
	t := p.tok()
	if t.kind != tPunct || t.text != s {
		p.failf(t.pos, "expected '%s' %s, found %s", s, what, t)
	}
	return p.next()
}

func (p *parser) expectWord(what string) token {
	t := p.tok()
	if t.kind != tWord {
		p.failf(t.pos, "expected %s, found %s", what, t)
	}
	return p.next()
}

func (p *parser) enter(pos Pos) {
	p.depth++
	if p.depth > maxNesting {
		p.failf(pos, "nesting deeper than %d", maxNesting)
	}
}

func (p *parser) leave() { p.depth-- }

// module parses the header (.version, .target, .address_size, in that
// order, as ptxas requires) and the declarations.
func (p *parser) module() *Module {
	m := &Module{File: p.file}
	t := p.tok()
	if !p.isDot(".version") {
		p.failf(t.pos, "expected .version directive first, found %s", t)
	}
	m.VersionPos = p.next().pos
	m.Version = p.version()
	t = p.tok()
	if !p.isDot(".target") {
		p.failf(t.pos, "expected .target directive after .version, found %s", t)
	}
	m.TargetPos = p.next().pos
	p.target(m)
	if p.isDot(".address_size") {
		m.AddressSizePos = p.next().pos
		t := p.tok()
		if t.kind != tInt {
			p.failf(t.pos, "expected address size, found %s", t)
		}
		p.next()
		n, err := strconv.Atoi(t.text)
		if err != nil || n != 32 && n != 64 {
			p.failf(t.pos, "address size must be 32 or 64, found %s", t.text)
		}
		m.AddressSize = n
	}
	for p.tok().kind != tEOF {
		d := p.decl()
		if g, ok := d.(*varGroup); ok {
			for _, v := range g.vars {
				m.Decls = append(m.Decls, v)
			}
			continue
		}
		m.Decls = append(m.Decls, d)
	}
	return m
}

func (p *parser) version() Version {
	t := p.tok()
	var major, minor int
	var err error
	switch t.kind {
	case tFloat:
		maj, min, ok := strings.Cut(t.text, ".")
		if !ok {
			p.failf(t.pos, "malformed version %s", t.text)
		}
		major, err = strconv.Atoi(maj)
		if err == nil {
			minor, err = strconv.Atoi(min)
		}
	default:
		p.failf(t.pos, "expected version number (like 7.8), found %s", t)
	}
	if err != nil || major > 99 || minor > 99 {
		p.failf(t.pos, "malformed version %s", t.text)
	}
	p.next()
	return Version{major, minor}
}

func (p *parser) target(m *Module) {
	for {
		t := p.expectWord("target name")
		switch {
		case strings.HasPrefix(t.text, "sm_"):
			if m.Target != 0 {
				p.failf(t.pos, "more than one SM architecture in .target")
			}
			digits := strings.TrimPrefix(t.text, "sm_")
			j := 0
			for j < len(digits) && isDigit(digits[j]) {
				j++
			}
			n, err := strconv.Atoi(digits[:j])
			if err != nil || n <= 0 || n > 1000 {
				p.failf(t.pos, "malformed SM architecture %s", t.text)
			}
			m.Target, m.ArchSuffix = n, digits[j:]
		default:
			m.TargetOptions = append(m.TargetOptions, t.text)
		}
		if !p.accept(",") {
			break
		}
	}
	if m.Target == 0 {
		p.failf(m.TargetPos, ".target names no SM architecture (like sm_80)")
	}
}

var linkages = map[string]Linkage{".visible": LinkVisible, ".extern": LinkExtern, ".weak": LinkWeak, ".common": LinkCommon}

var varSpaces = map[string]StateSpace{
	".reg": SpaceReg, ".sreg": SpaceSreg, ".const": SpaceConst, ".global": SpaceGlobal,
	".local": SpaceLocal, ".param": SpaceParam, ".shared": SpaceShared, ".tex": SpaceTex,
}

// decl parses one module-level declaration.
func (p *parser) decl() Decl {
	t := p.tok()
	if t.kind != tDot {
		p.failf(t.pos, "expected a directive, found %s", t)
	}
	switch t.text {
	case ".file", ".pragma":
		return p.rawDirective()
	case ".section":
		return p.section()
	case ".version", ".target", ".address_size":
		p.failf(t.pos, "%s must come before any other declaration, once", t.text)
	}
	start := t.pos
	link := LinkNone
	if l, ok := linkages[t.text]; ok {
		link = l
		p.next()
	}
	t = p.tok()
	switch {
	case t.kind == tDot && (t.text == ".entry" || t.text == ".func"):
		return p.function(start, link)
	case t.kind == tDot && varSpaces[t.text] != SpaceGeneric:
		vars := p.varDecl(start, link, true)
		// A module-level declaration of several names becomes several Decls;
		// the caller appends the first, the rest are returned through a
		// pending list.
		return p.multi(vars)
	}
	p.failf(t.pos, "expected .entry, .func or a variable declaration, found %s", t)
	return nil
}

// multi returns the first of vars and queues the rest as if they were
// separate declarations (they are printed as such).
func (p *parser) multi(vars []*Var) Decl {
	if len(vars) == 1 {
		return vars[0]
	}
	return &varGroup{vars}
}

// varGroup is a parser-internal Decl for a declaration of several names;
// module() flattens it.
type varGroup struct{ vars []*Var }

// DeclPos returns the position of the first declaration.
func (g *varGroup) DeclPos() Pos { return g.vars[0].Pos }
func (*varGroup) isDecl()        {}

// rawDirective parses a directive kept as text up to ';' or the end of
// the line.
func (p *parser) rawDirective() *Directive {
	t := p.next()
	d := &Directive{Pos: t.pos, Name: t.text}
	var sb strings.Builder
	for {
		u := p.tok()
		if u.kind == tEOF || u.nl {
			break
		}
		if u.kind == tPunct && u.text == ";" {
			p.next()
			break
		}
		if sb.Len() > 0 && !u.adj {
			sb.WriteByte(' ')
		}
		if u.kind == tString {
			sb.WriteString(`"` + u.text + `"`)
		} else {
			sb.WriteString(u.text)
		}
		p.next()
	}
	d.Args = sb.String()
	return d
}

// section parses ".section name { ... }" (DWARF data) as text.
func (p *parser) section() *Directive {
	t := p.next()
	d := &Directive{Pos: t.pos, Name: t.text}
	var sb strings.Builder
	depth := 0
	for {
		u := p.tok()
		if u.kind == tEOF {
			p.failf(t.pos, "unterminated .section")
		}
		p.next()
		if sb.Len() > 0 && !u.adj {
			sb.WriteByte(' ')
		}
		if u.kind == tString {
			sb.WriteString(`"` + u.text + `"`)
		} else {
			sb.WriteString(u.text)
		}
		if u.kind == tPunct && u.text == "{" {
			depth++
		}
		if u.kind == tPunct && u.text == "}" {
			depth--
			if depth <= 0 {
				break
			}
		}
	}
	d.Args = sb.String()
	return d
}

// function parses an .entry or .func after its linkage.
func (p *parser) function(start Pos, link Linkage) *Function {
	kw := p.next()
	f := &Function{Pos: start, Linkage: link, Entry: kw.text == ".entry"}
	if !f.Entry && p.isPunct("(") {
		f.Returns = p.paramList()
	}
	name := p.expectWord("function name")
	f.Name, f.NamePos = name.text, name.pos
	if p.isPunct("(") {
		f.Params = p.paramList()
	} else {
		f.NoParamList = true
	}
	for p.tok().kind == tDot {
		f.Attrs = append(f.Attrs, p.funcAttr())
	}
	switch {
	case p.accept(";"):
	case p.isPunct("{"):
		f.Body = p.block()
	default:
		t := p.tok()
		p.failf(t.pos, "expected '{' or ';' after the declaration of %s, found %s", f.Name, t)
	}
	return f
}

var funcAttrNames = map[string]bool{
	".maxntid": true, ".reqntid": true, ".minnctapersm": true, ".maxnctapersm": true,
	".maxnreg": true, ".noreturn": true, ".pragma": true, ".maxclusterrank": true,
	".reqnctapercluster": true, ".explicitcluster": true, ".blocksareclusters": true,
}

func (p *parser) funcAttr() *FuncAttr {
	t := p.next()
	if !funcAttrNames[t.text] {
		p.failf(t.pos, "unexpected %s in a function declaration", t.text)
	}
	a := &FuncAttr{Pos: t.pos, Name: t.text}
	if t.text == ".pragma" {
		for {
			s := p.tok()
			if s.kind != tString {
				p.failf(s.pos, "expected a string after .pragma, found %s", s)
			}
			a.Strings = append(a.Strings, p.next().text)
			if !p.accept(",") {
				break
			}
		}
		p.expect(";", "after .pragma")
		return a
	}
	for p.tok().kind == tInt {
		a.Ints = append(a.Ints, p.intValue(p.next()))
		if !p.accept(",") {
			break
		}
	}
	return a
}

// paramList parses "( decl, decl, ... )" of parameters.
func (p *parser) paramList() []*Var {
	p.expect("(", "to open a parameter list")
	var out []*Var
	if p.accept(")") {
		return out
	}
	for {
		t := p.tok()
		if t.kind != tDot || (t.text != ".param" && t.text != ".reg") {
			p.failf(t.pos, "expected .param or .reg parameter, found %s", t)
		}
		out = append(out, p.varDeclOne(t.pos, LinkNone))
		if !p.accept(",") {
			break
		}
	}
	p.expect(")", "to close the parameter list")
	return out
}

// varDecl parses a variable declaration up to and including its ';'.
func (p *parser) varDecl(start Pos, link Linkage, module bool) []*Var {
	first := p.varDeclOne(start, link)
	out := []*Var{first}
	for p.accept(",") {
		v := *first
		v.Init = nil
		v.Count = 0
		v.Dims = nil
		p.varName(&v)
		out = append(out, &v)
	}
	p.expect(";", "after the declaration")
	return out
}

// varDeclOne parses "space attrs type name..." of one declaration; the
// caller handles further names and the terminator.
func (p *parser) varDeclOne(start Pos, link Linkage) *Var {
	sp := p.next()
	v := &Var{Pos: start, Linkage: link, Space: varSpaces[sp.text]}
	for {
		t := p.tok()
		if t.kind != tDot {
			break
		}
		name := t.text[1:]
		switch {
		case name == "align":
			p.next()
			n := p.tok()
			if n.kind != tInt {
				p.failf(n.pos, "expected alignment after .align, found %s", n)
			}
			p.next()
			a := p.intValue(n)
			if a <= 0 || a > 1<<20 || a&(a-1) != 0 {
				p.failf(n.pos, "alignment must be a power of two, found %s", n.text)
			}
			if v.Ptr {
				v.PtrAlign = int(a)
			} else {
				v.Align = int(a)
			}
		case name == "ptr":
			p.next()
			v.Ptr = true
		case name == "v2" || name == "v4" || name == "v8":
			p.next()
			v.Vec = int(name[1] - '0')
		case TypeByName(name) != TypeNone:
			if v.Type != TypeNone {
				p.failf(t.pos, "more than one type in a declaration")
			}
			p.next()
			v.Type = TypeByName(name)
		case v.Ptr && varSpaces[t.text] != SpaceGeneric:
			p.next()
			v.PtrSpace = varSpaces[t.text]
		default:
			p.failf(t.pos, "unexpected %s in a declaration", t.text)
		}
	}
	if v.Type == TypeNone {
		p.failf(p.tok().pos, "expected a type in the declaration, found %s", p.tok())
	}
	p.varName(v)
	return v
}

// varName parses "name", "name<N>", "name[dims]" and "= init".
func (p *parser) varName(v *Var) {
	t := p.expectWord("a name in the declaration")
	v.Name, v.NamePos = t.text, t.pos
	if p.accept("<") {
		n := p.tok()
		if n.kind != tInt {
			p.failf(n.pos, "expected a register count, found %s", n)
		}
		p.next()
		c := p.intValue(n)
		if c <= 0 || c > 1<<24 {
			p.failf(n.pos, "register count must be between 1 and %d, found %s", 1<<24, n.text)
		}
		v.Count = int(c)
		p.expect(">", "after the register count")
	}
	for p.isPunct("[") {
		p.next()
		if p.accept("]") {
			v.Dims = append(v.Dims, -1)
			continue
		}
		n := p.tok()
		if n.kind != tInt {
			p.failf(n.pos, "expected an array size, found %s", n)
		}
		p.next()
		d := p.intValue(n)
		if d < 0 || d > 1<<40 {
			p.failf(n.pos, "array size out of range: %s", n.text)
		}
		v.Dims = append(v.Dims, int(d))
		p.expect("]", "after the array size")
	}
	if p.accept("=") {
		v.Init = p.init()
	}
}

// init parses an initializer.
func (p *parser) init() *Init {
	t := p.tok()
	switch {
	case t.kind == tPunct && t.text == "{":
		p.enter(t.pos)
		defer p.leave()
		p.next()
		in := &Init{Pos: t.pos, Kind: InitList}
		if p.accept("}") {
			return in
		}
		for {
			in.Elems = append(in.Elems, p.init())
			if !p.accept(",") {
				break
			}
		}
		p.expect("}", "to close the initializer")
		return in
	case t.kind == tPunct && t.text == "-":
		p.next()
		n := p.tok()
		switch n.kind {
		case tInt:
			p.next()
			return &Init{Pos: t.pos, Kind: InitInt, Int: -p.intValue(n)}
		case tFloat:
			p.next()
			bits, f64 := p.floatValue(n)
			if f64 {
				bits ^= 1 << 63
			} else {
				bits ^= 1 << 31
			}
			return &Init{Pos: t.pos, Kind: InitFloat, Bits: bits, Float64: f64}
		}
		p.failf(n.pos, "expected a number after '-', found %s", n)
	case t.kind == tInt:
		p.next()
		return &Init{Pos: t.pos, Kind: InitInt, Int: p.intValue(t)}
	case t.kind == tFloat:
		p.next()
		bits, f64 := p.floatValue(t)
		return &Init{Pos: t.pos, Kind: InitFloat, Bits: bits, Float64: f64}
	case t.kind == tWord:
		p.next()
		in := &Init{Pos: t.pos, Kind: InitSymbol, Symbol: t.text}
		if t.text == "generic" && p.isPunct("(") {
			p.next()
			s := p.expectWord("a symbol in generic()")
			p.expect(")", "after generic(symbol")
			in.Symbol, in.Generic = s.text, true
		}
		if p.accept("+") {
			in.Int = p.offset()
		}
		return in
	}
	p.failf(t.pos, "expected an initializer, found %s", t)
	return nil
}

// intValue converts an integer token; values of 2^63 and above wrap to
// negative int64s with the same bits.
func (p *parser) intValue(t token) int64 {
	s := strings.TrimRight(t.text, "uU")
	base := 10
	switch {
	case len(s) > 2 && (s[1] == 'x' || s[1] == 'X'):
		s, base = s[2:], 16
	case len(s) > 2 && (s[1] == 'b' || s[1] == 'B'):
		s, base = s[2:], 2
	case len(s) > 1 && s[0] == '0':
		s, base = s[1:], 8
	}
	u, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		p.failf(t.pos, "integer literal %s out of range or malformed", t.text)
	}
	return int64(u)
}

// floatValue converts a float token to IEEE bits; f64 reports a 64-bit
// literal (0d… or decimal).
func (p *parser) floatValue(t token) (bits uint64, f64 bool) {
	s := t.text
	if len(s) > 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F') {
		if len(s) != 10 {
			p.failf(t.pos, "0f literal needs exactly 8 hex digits: %s", s)
		}
		u, _ := strconv.ParseUint(s[2:], 16, 32)
		return u, false
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'd' || s[1] == 'D') {
		if len(s) != 18 {
			p.failf(t.pos, "0d literal needs exactly 16 hex digits: %s", s)
		}
		u, _ := strconv.ParseUint(s[2:], 16, 64)
		return u, true
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		p.failf(t.pos, "malformed floating-point literal %s", s)
	}
	return math.Float64bits(f), true
}

// block parses "{ statements }".
func (p *parser) block() *Block {
	open := p.expect("{", "to open a block")
	p.enter(open.pos)
	defer p.leave()
	b := &Block{Pos: open.pos}
	for {
		t := p.tok()
		switch {
		case t.kind == tEOF:
			p.failf(open.pos, "unclosed '{'")
		case t.kind == tPunct && t.text == "}":
			p.next()
			return b
		case t.kind == tPunct && t.text == "{":
			b.Stmts = append(b.Stmts, p.block())
		case t.kind == tDot:
			b.Stmts = p.bodyDirective(b.Stmts)
		case t.kind == tWord && p.peekTok(1).kind == tPunct && p.peekTok(1).text == ":":
			p.next()
			p.next()
			if p.isDot(".callprototype") {
				b.Stmts = append(b.Stmts, p.callPrototype(t))
				continue
			}
			b.Stmts = append(b.Stmts, &Label{Pos: t.pos, Name: t.text})
		default:
			b.Stmts = append(b.Stmts, p.instruction())
		}
	}
}

func (p *parser) bodyDirective(stmts []Stmt) []Stmt {
	t := p.tok()
	switch t.text {
	case ".loc", ".pragma", ".file":
		return append(stmts, p.rawDirective())
	case ".reg", ".local", ".shared", ".param", ".const", ".global":
		for _, v := range p.varDecl(t.pos, LinkNone, false) {
			stmts = append(stmts, v)
		}
		return stmts
	}
	p.failf(t.pos, "unexpected directive %s in a function body", t.text)
	return nil
}

// callPrototype parses ".callprototype (rets) _ (params);" after "name:".
func (p *parser) callPrototype(name token) *CallPrototype {
	p.next()
	c := &CallPrototype{Pos: name.pos, Name: name.text}
	if p.isPunct("(") {
		c.Returns = p.paramList()
	}
	u := p.expectWord("'_' in the call prototype")
	if u.text != "_" {
		p.failf(u.pos, "expected '_' in the call prototype, found %s", u)
	}
	if p.isPunct("(") {
		c.Params = p.paramList()
	}
	for p.isDot(".noreturn") {
		p.next()
	}
	p.expect(";", "after the call prototype")
	return c
}

// instruction parses "[@[!]pred] opcode[.suffix...] operands;".
func (p *parser) instruction() *Instruction {
	in := &Instruction{Pos: p.tok().pos}
	if p.accept("@") {
		g := Operand{Kind: OpdReg, Reg: -1, Target: -1, Pos: p.tok().pos}
		if p.accept("!") {
			g.Neg = true
		}
		r := p.expectWord("a predicate register after '@'")
		g.Name = r.text
		in.Guard = &g
	}
	op := p.tok()
	if op.kind != tWord {
		p.failf(op.pos, "expected an instruction, found %s", op)
	}
	p.next()
	in.OpPos = op.pos
	words := []token{op}
	for p.tok().kind == tDot && p.tok().adj {
		words = append(words, p.next())
	}
	k := p.opcode(in, words)
	for _, w := range words[k:] {
		p.suffix(in, w)
	}
	if !p.accept(";") {
		for {
			in.Operands = append(in.Operands, p.operand())
			if !p.accept(",") {
				break
			}
		}
		p.expect(";", "after the instruction")
	}
	return in
}

// opcode finds the longest opcode spelled by the first words and returns
// how many words it took.
func (p *parser) opcode(in *Instruction, words []token) int {
	name := words[0].text
	best, bestK := OpByName(name), 1
	for k := 2; k <= len(words) && k <= 3; k++ {
		name += words[k-1].text
		if o := OpByName(name); o != OpInvalid {
			best, bestK = o, k
		}
	}
	if best == OpInvalid {
		p.failf(words[0].pos, "unknown opcode '%s'", words[0].text)
	}
	in.Op = best
	return bestK
}

// suffix classifies one dotted suffix as a type or a modifier.
func (p *parser) suffix(in *Instruction, w token) {
	name := w.text[1:]
	if t := TypeByName(name); t != TypeNone {
		in.Types = append(in.Types, t)
		in.TypePos = append(in.TypePos, w.pos)
		return
	}
	cands := modsByName[name]
	if len(cands) == 0 {
		p.failf(w.pos, "unknown modifier %s on %s", w.text, in.Op)
	}
	m := cands[0]
	for _, c := range cands {
		if ISA[in.Op].allowsMod(c) {
			m = c
			break
		}
	}
	in.Mods = append(in.Mods, m)
	in.ModPos = append(in.ModPos, w.pos)
}

// operand parses one operand.
func (p *parser) operand() Operand {
	t := p.tok()
	p.enter(t.pos)
	defer p.leave()
	o := Operand{Pos: t.pos, Reg: -1, Target: -1}
	switch t.kind {
	case tPunct:
		switch t.text {
		case "!":
			p.next()
			r := p.expectWord("a predicate after '!'")
			o.Kind, o.Name, o.Neg = OpdReg, r.text, true
			if !strings.HasPrefix(r.text, "%") {
				o.Kind = OpdSymbol
			}
			return o
		case "-":
			p.next()
			n := p.tok()
			switch n.kind {
			case tInt:
				p.next()
				o.Kind, o.Int = OpdInt, -p.intValue(n)
				return o
			case tFloat:
				p.next()
				bits, f64 := p.floatValue(n)
				if f64 {
					bits ^= 1 << 63
				} else {
					bits ^= 1 << 31
				}
				o.Kind, o.Bits, o.Float64 = OpdFloat, bits, f64
				return o
			}
			p.failf(n.pos, "expected a number after '-', found %s", n)
		case "[":
			return p.address()
		case "{":
			p.next()
			o.Kind = OpdVector
			for {
				o.Elems = append(o.Elems, p.operand())
				if !p.accept(",") {
					break
				}
			}
			p.expect("}", "to close the vector")
			return o
		case "(":
			p.next()
			o.Kind = OpdList
			if p.accept(")") {
				return o
			}
			for {
				o.Elems = append(o.Elems, p.operand())
				if !p.accept(",") {
					break
				}
			}
			p.expect(")", "to close the list")
			return o
		}
	case tInt:
		p.next()
		o.Kind, o.Int = OpdInt, p.intValue(t)
		o.Unsigned = strings.HasSuffix(t.text, "U") || strings.HasSuffix(t.text, "u")
		o.Hex = len(t.text) > 1 && (t.text[1] == 'x' || t.text[1] == 'X')
		return o
	case tFloat:
		p.next()
		o.Kind = OpdFloat
		o.Bits, o.Float64 = p.floatValue(t)
		return o
	case tWord:
		p.next()
		o.Name = t.text
		switch {
		case t.text == "_":
			o.Kind, o.Name = OpdSink, ""
		case strings.HasPrefix(t.text, "%"):
			o.Kind = OpdReg
			if s := SpecialRegByName(t.text); s != SRegNone {
				o.Kind, o.Special = OpdSpecial, s
			}
			if c := p.tok(); c.kind == tDot && c.adj {
				o.Comp = compByName(c.text)
				if o.Comp == 0 {
					p.failf(c.pos, "unexpected %s after %s (expected .x, .y, .z or .w)", c.text, t.text)
				}
				p.next()
			}
		default:
			o.Kind = OpdSymbol
			if p.isPunct("+") {
				p.next()
				o.Int = p.offset()
			}
		}
		if p.isPunct("|") {
			p.next()
			second := p.operand()
			return Operand{Kind: OpdPredPair, Pos: t.pos, Reg: -1, Target: -1, Elems: []Operand{o, second}}
		}
		return o
	}
	p.failf(t.pos, "expected an operand, found %s", t)
	return o
}

func compByName(s string) uint8 {
	for i, n := range compNames {
		if i > 0 && "."+n == s {
			return uint8(i)
		}
	}
	return 0
}

// offset parses the integer after '+' in an address: "16" or "-4".
func (p *parser) offset() int64 {
	neg := p.accept("-")
	n := p.tok()
	if n.kind != tInt {
		p.failf(n.pos, "expected an integer offset, found %s", n)
	}
	p.next()
	v := p.intValue(n)
	if neg {
		v = -v
	}
	return v
}

// address parses "[base]", "[base+off]", "[base+-off]", "[base-off]" or
// "[imm]".
func (p *parser) address() Operand {
	open := p.next()
	o := Operand{Kind: OpdAddr, Pos: open.pos, Reg: -1, Target: -1}
	t := p.tok()
	switch t.kind {
	case tWord:
		p.next()
		base := Operand{Pos: t.pos, Name: t.text, Reg: -1, Target: -1, Kind: OpdSymbol}
		if strings.HasPrefix(t.text, "%") {
			base.Kind = OpdReg
		}
		o.Elems = []Operand{base}
		switch {
		case p.accept("+"):
			o.Int = p.offset()
		case p.isPunct("-"):
			o.Int = p.offset()
		}
	case tInt:
		p.next()
		o.Int = p.intValue(t)
	default:
		p.failf(t.pos, "expected a register, symbol or integer address, found %s", t)
	}
	p.expect("]", "to close the address")
	return o
}

package filecheck

import (
	"io"
	"strconv"
	"strings"
)

// diagErr is an error tied to a source location (LLVM's ErrorDiagnostic).
type diagErr struct {
	l   loc
	msg string
	rng srange // the text the error is about; may be empty
}

// newDiagErr reports msg about the text r.
func newDiagErr(r sref, msg string) diagErr {
	return diagErr{l: r.loc(), msg: msg, rng: r.rng()}
}

// newDiagErrAt reports msg at a position.
func newDiagErrAt(l loc, msg string) diagErr {
	return diagErr{l: l, msg: msg, rng: srange{l, l}}
}

// print writes the error like ErrorDiagnostic::log.
func (e diagErr) print(w io.Writer) { printDiag(w, e.l, kindError, e.msg) }

// logErrors writes errors like llvm::logAllUnhandledErrors, which follows
// each one with an empty line.
func logErrors(w io.Writer, errs []diagErr) {
	for _, e := range errs {
		e.print(w)
		io.WriteString(w, "\n")
	}
}

// patternContext holds the variables shared by all patterns of a run.
type patternContext struct {
	strVars    map[string]sref    // values of defined string variables
	definedStr map[string]bool    // names ever defined as string variables
	numVars    map[string]*numVar // numeric variables by name
	lineVar    *numVar            // @LINE
}

func newPatternContext() *patternContext {
	return &patternContext{
		strVars:    map[string]sref{},
		definedStr: map[string]bool{},
		numVars:    map[string]*numVar{},
	}
}

// createLineVariable creates the @LINE pseudo variable.
func (c *patternContext) createLineVariable() {
	c.lineVar = &numVar{name: "@LINE", format: numFormat{kind: fmtUnsigned}}
	c.numVars["@LINE"] = c.lineVar
}

// clearLocalVars forgets every variable whose name does not start with '$'
// (--enable-var-scope at each CHECK-LABEL).
func (c *patternContext) clearLocalVars() {
	for name := range c.strVars {
		if !strings.HasPrefix(name, "$") {
			delete(c.strVars, name)
		}
	}
	for name, v := range c.numVars {
		if !strings.HasPrefix(name, "$") {
			v.value, v.matched = nil, sref{}
			delete(c.numVars, name)
		}
	}
}

// operandKind says which operands are allowed at a point of an expression.
type operandKind int

const (
	operandLineVar       operandKind = iota // only @LINE (legacy [[@LINE+n]])
	operandLegacyLiteral                    // only a decimal literal
	operandAny
)

// exprParser parses numeric substitution blocks of one directive.
type exprParser struct {
	ctx  *patternContext
	line int // line of the directive, 0 for command-line definitions
}

func errs1(r sref, msg string) []diagErr { return []diagErr{newDiagErr(r, msg)} }

// parseVariable consumes a variable name from the front of *s. The name may
// start with '$' (global) or '@' (pseudo variable).
func parseVariable(s *sref) (name sref, pseudo bool, errs []diagErr) {
	if s.empty() {
		return sref{}, false, errs1(*s, "empty variable name")
	}
	i := 0
	pseudo = s.at(0) == '@'
	if s.at(0) == '$' || pseudo {
		i++
	}
	if i >= s.size() || !(s.at(i) == '_' || isAlpha(s.at(i))) {
		return sref{}, false, errs1(*s, "invalid variable name")
	}
	for i++; i < s.size() && (s.at(i) == '_' || isAlnum(s.at(i))); i++ {
	}
	name = s.take(i)
	*s = s.from(i)
	return name, pseudo, nil
}

// parseBlock parses the inside of a [[#...]] block (or of a legacy
// [[@LINE...]] block). It returns the expression and the variable it
// defines, if any.
func (p *exprParser) parseBlock(e sref, legacy bool) (*expression, *numVar, []diagErr) {
	var explicit numFormat
	precision := 0
	fmtEnd, fnStart := e.find(",", 0), e.find("(", 0)
	if fmtEnd >= 0 && (fnStart < 0 || fmtEnd < fnStart) {
		var errs []diagErr
		explicit, precision, errs = parseFormatSpec(e.take(fmtEnd))
		if errs != nil {
			return nil, nil, errs
		}
		e = e.from(fmtEnd + 1)
	}
	var defExpr sref
	defEnd := e.find(":", 0)
	if defEnd >= 0 {
		defExpr = e.take(defEnd)
		e = e.from(defEnd + 1)
	}
	ast, errs := p.parseExpr(e, legacy)
	if errs != nil {
		return nil, nil, errs
	}
	format := explicit
	if format.kind == fmtNone && ast != nil {
		if format, errs = ast.implicitFormat(); errs != nil {
			return nil, nil, errs
		}
	}
	if format.kind == fmtNone {
		format = numFormat{kind: fmtUnsigned, precision: precision}
	}
	ex := &expression{ast: ast, format: format}
	if defEnd < 0 {
		return ex, nil, nil
	}
	v, errs := p.defineVariable(defExpr.ltrim(spaceChars), format)
	return ex, v, errs
}

// parseFormatSpec parses a matching format such as "%.8x".
func parseFormatSpec(spec sref) (f numFormat, precision int, errs []diagErr) {
	const badSpec = "invalid matching format specification in expression"
	spec = spec.ltrim(spaceChars).rtrim(spaceChars)
	if !spec.consume("%") {
		return f, 0, errs1(spec, badSpec)
	}
	altLoc := spec.loc()
	alt := spec.consume("#")
	if spec.consume(".") {
		v, ok := consumeUnsigned(&spec, 10)
		if !ok || !v.IsUint64() || v.Uint64() > 1<<32-1 {
			return f, 0, errs1(spec, "invalid precision in format specifier")
		}
		precision = int(min(v.Uint64(), 1<<20))
	}
	if !spec.empty() {
		fmtLoc := spec.loc()
		c := spec.front()
		spec = spec.from(1)
		kinds := map[byte]formatKind{'u': fmtUnsigned, 'd': fmtSigned, 'x': fmtHexLower, 'X': fmtHexUpper}
		k, ok := kinds[c]
		if !ok {
			return f, 0, []diagErr{newDiagErrAt(fmtLoc, "invalid format specifier in expression")}
		}
		f = numFormat{kind: k, precision: precision}
		if k == fmtHexLower || k == fmtHexUpper {
			f.alt = alt
		}
	}
	if alt && f.kind != fmtHexLower && f.kind != fmtHexUpper {
		return f, 0, []diagErr{newDiagErrAt(altLoc, "alternate form only supported for hex values")}
	}
	if spec = spec.ltrim(spaceChars); !spec.empty() {
		return f, 0, errs1(spec, badSpec)
	}
	return f, precision, nil
}

// parseExpr parses an optional "==" constraint and the expression proper.
func (p *exprParser) parseExpr(e sref, legacy bool) (exprNode, []diagErr) {
	e = e.ltrim(spaceChars)
	constraint := e.consume("==")
	e = e.ltrim(spaceChars)
	if e.empty() {
		if constraint {
			return nil, errs1(e, "empty numeric expression should not have a constraint")
		}
		return nil, nil
	}
	e = e.rtrim(spaceChars)
	outer := e
	kind := operandAny
	if legacy {
		kind = operandLineVar
	}
	node, errs := p.operand(&e, kind, !constraint)
	for errs == nil && !e.empty() {
		node, errs = p.binop(outer, &e, node, legacy)
		if errs == nil && legacy && !e.empty() {
			return nil, errs1(e, "unexpected characters at end of expression '"+e.str()+"'")
		}
	}
	return node, errs
}

// defineVariable parses the name of a numeric variable being defined.
func (p *exprParser) defineVariable(e sref, format numFormat) (*numVar, []diagErr) {
	name, pseudo, errs := parseVariable(&e)
	if errs != nil {
		return nil, errs
	}
	if pseudo {
		return nil, errs1(name, "definition of pseudo numeric variable unsupported")
	}
	if p.ctx.definedStr[name.str()] {
		return nil, errs1(name, "string variable with name '"+name.str()+"' already exists")
	}
	if e = e.ltrim(spaceChars); !e.empty() {
		return nil, errs1(e, "unexpected characters after numeric variable name")
	}
	if v, ok := p.ctx.numVars[name.str()]; ok {
		if !v.format.same(format) {
			return nil, errs1(e, "format different from previous variable definition")
		}
		return v, nil
	}
	return &numVar{name: name.str(), format: format, defLine: p.line}, nil
}

// operand parses a parenthesized expression, a variable use, a function
// call or a literal, as permitted by kind.
func (p *exprParser) operand(e *sref, kind operandKind, maybeConstraint bool) (exprNode, []diagErr) {
	if e.startsWith("(") {
		if kind != operandAny {
			return nil, errs1(*e, "parenthesized expression not permitted here")
		}
		return p.paren(e)
	}
	if kind == operandLineVar || kind == operandAny {
		name, pseudo, errs := parseVariable(e)
		if errs == nil {
			if e.ltrim(spaceChars).startsWith("(") {
				if kind != operandAny {
					return nil, errs1(name, "unexpected function call")
				}
				return p.call(e, name)
			}
			return p.useVariable(name, pseudo)
		}
		if kind == operandLineVar {
			return nil, errs
		}
	}
	return p.literal(e, kind, maybeConstraint)
}

// literal parses an integer literal.
func (p *exprParser) literal(e *sref, kind operandKind, maybeConstraint bool) (exprNode, []diagErr) {
	save := *e
	radix := 0
	if kind == operandLegacyLiteral {
		radix = 10
	}
	if v, ok := consumeUnsigned(e, radix); ok {
		return &literalNode{str: save.dropBack(e.size()), val: v}, nil
	}
	*e = save
	if kind == operandAny {
		if v, ok := consumeSigned(e, 0); ok {
			return &literalNode{str: save.dropBack(e.size()), val: v}, nil
		}
	}
	msg := "invalid operand format"
	if maybeConstraint {
		msg = "invalid matching constraint or operand format"
	}
	return nil, errs1(*e, msg)
}

// useVariable resolves a use of a numeric variable, creating a placeholder
// for a variable not defined yet (reported when matching).
func (p *exprParser) useVariable(name sref, pseudo bool) (exprNode, []diagErr) {
	if pseudo && name.str() != "@LINE" {
		return nil, errs1(name, "invalid pseudo numeric variable '"+name.str()+"'")
	}
	v, ok := p.ctx.numVars[name.str()]
	if !ok {
		v = &numVar{name: name.str(), format: numFormat{kind: fmtUnsigned}}
		p.ctx.numVars[name.str()] = v
	}
	if v.defLine != 0 && p.line != 0 && v.defLine == p.line {
		return nil, errs1(name, "numeric variable '"+name.str()+"' defined earlier in the same CHECK directive")
	}
	return &varUseNode{name: name, v: v}, nil
}

// binop parses "+ operand" or "- operand" after left; outer is the text
// the resulting operation spans from.
func (p *exprParser) binop(outer sref, rest *sref, left exprNode, legacy bool) (exprNode, []diagErr) {
	*rest = rest.ltrim(spaceChars)
	if rest.empty() {
		return left, nil
	}
	opLoc := rest.loc()
	c := rest.front()
	*rest = rest.from(1)
	var op binopFunc
	switch c {
	case '+':
		op = opAdd
	case '-':
		op = opSub
	default:
		return nil, []diagErr{newDiagErrAt(opLoc, "unsupported operation '"+string(c)+"'")}
	}
	*rest = rest.ltrim(spaceChars)
	if rest.empty() {
		return nil, errs1(*rest, "missing operand in expression")
	}
	kind := operandAny
	if legacy {
		kind = operandLegacyLiteral
	}
	right, errs := p.operand(rest, kind, false)
	if errs != nil {
		return nil, errs
	}
	return &binopNode{str: outer.dropBack(rest.size()), op: op, left: left, right: right}, nil
}

// paren parses a parenthesized expression.
func (p *exprParser) paren(e *sref) (exprNode, []diagErr) {
	*e = e.ltrim(spaceChars)
	e.consume("(")
	*e = e.ltrim(spaceChars)
	if e.empty() {
		return nil, errs1(*e, "missing operand in expression")
	}
	node, errs := p.operand(e, operandAny, false)
	*e = e.ltrim(spaceChars)
	for errs == nil && !e.empty() && !e.startsWith(")") {
		node, errs = p.binop(*e, e, node, false)
		*e = e.ltrim(spaceChars)
	}
	if errs != nil {
		return nil, errs
	}
	if !e.consume(")") {
		return nil, errs1(*e, "missing ')' at end of nested expression")
	}
	return node, nil
}

// call parses the arguments of a call to the function fname.
func (p *exprParser) call(e *sref, fname sref) (exprNode, []diagErr) {
	*e = e.ltrim(spaceChars)
	fn, ok := functions[fname.str()]
	if !ok {
		return nil, errs1(fname, "call to undefined function '"+fname.str()+"'")
	}
	e.consume("(")
	*e = e.ltrim(spaceChars)
	var args []exprNode
	for !e.empty() && !e.startsWith(")") {
		if e.startsWith(",") {
			return nil, errs1(*e, "missing argument")
		}
		arg, errs := p.argument(e)
		if errs != nil {
			return nil, errs
		}
		args = append(args, arg)
		*e = e.ltrim(spaceChars)
		if !e.consume(",") {
			break
		}
		*e = e.ltrim(spaceChars)
		if e.startsWith(")") {
			return nil, errs1(*e, "missing argument")
		}
	}
	if !e.consume(")") {
		return nil, errs1(*e, "missing ')' at end of call expression")
	}
	if len(args) == 2 {
		// LLVM records the text after the call as the expression string.
		return &binopNode{str: *e, op: fn, left: args[0], right: args[1]}, nil
	}
	return nil, errs1(fname, "function '"+fname.str()+"' takes 2 arguments but "+
		itoa(len(args))+" given")
}

// argument parses one call argument: an operand followed by operations.
func (p *exprParser) argument(e *sref) (exprNode, []diagErr) {
	outer := *e
	arg, errs := p.operand(e, operandAny, false)
	for errs == nil && !e.empty() {
		*e = e.ltrim(spaceChars)
		if e.startsWith(",") || e.startsWith(")") {
			break
		}
		arg, errs = p.binop(outer, e, arg, false)
	}
	return arg, errs
}

// evalSubstitution computes the text a substitution inserts in its regex.
func (c *patternContext) substitute(s *substitution) (string, []diagErr) {
	if !s.numeric {
		v, ok := c.strVars[s.from.str()]
		if !ok {
			return "", errs1(s.from, "undefined variable: "+s.from.str())
		}
		return escapeRegex(v.str()), nil
	}
	v, evalErrs := s.expr.ast.eval()
	if evalErrs != nil {
		var errs []diagErr
		for _, e := range evalErrs {
			if e.undef {
				errs = append(errs, newDiagErr(e.name, "undefined variable: "+e.name.str()))
			} else {
				errs = append(errs, newDiagErr(s.from, overflowMsg))
			}
		}
		return "", errs
	}
	text, ok := s.expr.format.format(v)
	if !ok {
		return "", errs1(s.from, overflowMsg)
	}
	return text, nil
}

const overflowMsg = "unable to substitute variable or numeric expression: overflow error"

// substitution is a [[VAR]] or [[#expr]] whose text is spliced into the
// pattern's regex at match time.
type substitution struct {
	from    sref // variable name or expression text
	idx     int  // insertion offset in the regex
	numeric bool
	expr    *expression
}

func itoa(n int) string { return strconv.Itoa(n) }

package filecheck

import (
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// pattern is the compiled form of one directive's pattern text.
type pattern struct {
	ctx     *patternContext
	ty      checkType
	loc     loc // start of the pattern text
	line    int // line of the directive; 0 for --implicit-check-not
	fixed   string
	re      string // regex in LLVM's syntax, before substitutions
	substs  []*substitution
	strDefs map[string]int // string variable -> capture group
	numDefs map[string]numDef
	icase   bool

	compiled    *compiledRE // cache for regexes without substitutions
	compileDone bool
}

// numDef records which capture group defines a numeric variable.
type numDef struct {
	v     *numVar
	group int
}

// hasVariable reports whether the pattern uses or defines variables, which
// CHECK-LABEL forbids.
func (p *pattern) hasVariable() bool { return len(p.substs) > 0 || len(p.strDefs) > 0 }

// patternParser parses the patterns of one check file.
type patternParser struct {
	w     io.Writer
	ctx   *patternContext
	opts  *Options
	fatal int // exit status demanded by an error that aborts FileCheck
}

// newPattern returns an empty pattern of type ty on the given line.
func (pp *patternParser) newPattern(ty checkType, line int) *pattern {
	return &pattern{ctx: pp.ctx, ty: ty, line: line,
		strDefs: map[string]int{}, numDefs: map[string]numDef{}}
}

// parse compiles the pattern text str; it reports errors and returns false
// when str is malformed.
func (pp *patternParser) parse(p *pattern, str sref, prefix string) bool {
	o := pp.opts
	fullLines := o.MatchFullLines && p.ty.kind != checkNot
	p.icase = o.IgnoreCase
	p.loc = str.loc()
	if !(o.StrictWhitespace && o.MatchFullLines) {
		str = str.rtrim(spaceChars)
	}
	if str.empty() && p.ty.kind != checkEmpty {
		printDiag(pp.w, p.loc, kindError, "found empty check string with prefix '"+prefix+":'")
		return false
	}
	if !str.empty() && p.ty.kind == checkEmpty {
		printDiag(pp.w, p.loc, kindError,
			"found non-empty check string for empty check with prefix '"+prefix+":'")
		return false
	}
	switch {
	case p.ty.kind == checkEmpty:
		p.re = "(\n$)"
		return true
	case p.ty.literal:
		p.fixed = str.str()
		return true
	case !fullLines && (str.size() < 2 || (!str.has("{{") && !str.has("[["))):
		p.fixed = str.str()
		return true
	}
	if fullLines {
		p.re = "^"
		if !o.StrictWhitespace {
			p.re += " *"
		}
	}
	if !pp.parseBody(p, str) {
		return false
	}
	if fullLines {
		if !o.StrictWhitespace {
			p.re += " *"
		}
		p.re += "$"
	}
	return true
}

// parseBody translates literal text, {{regex}} and [[substitution]] blocks
// into one regex.
func (pp *patternParser) parseBody(p *pattern, str sref) bool {
	curParen := 1
	for !str.empty() {
		ok := true
		switch {
		case str.startsWith("{{"):
			ok = pp.parseRegexBlock(p, &str, &curParen)
		case str.startsWith("[[") && !str.startsWith("[[["):
			ok = pp.parseSubstBlock(p, &str, &curParen)
		default:
			end := str.size()
			if i := str.find("{{", 1); i >= 0 {
				end = i
			}
			if i := str.find("[[", 1); i >= 0 && i < end {
				end = i
			}
			p.re += escapeRegex(str.take(end).str())
			str = str.from(end)
		}
		if !ok {
			return false
		}
	}
	return true
}

// parseRegexBlock handles a {{regex}} block at the front of *str.
func (pp *patternParser) parseRegexBlock(p *pattern, str *sref, curParen *int) bool {
	end := str.find("}}", 0)
	if end < 0 {
		printDiag(pp.w, str.loc(), kindError, "found start of regex string with no end '}}'")
		return false
	}
	p.re += "("
	*curParen++
	if !pp.addRegex(p, str.sub(2, end).str(), str.sub(2, end).loc(), curParen) {
		return false
	}
	p.re += ")"
	*str = str.from(end + 2)
	return true
}

// addRegex validates a user regex and appends it to the pattern's regex.
func (pp *patternParser) addRegex(p *pattern, rs string, at loc, curParen *int) bool {
	parsed, code := parseERE(rs, false)
	if code != reOK {
		printDiag(pp.w, at, kindError, "invalid regex: "+reErrText[code])
		return false
	}
	p.re += rs
	*curParen += parsed.ngroups
	return true
}

// findVarEnd returns the offset of the "]]" closing a substitution block, or
// -1. A ']' without matching '[' is fatal, as in LLVM.
func (pp *patternParser) findVarEnd(s sref) int {
	depth := 0
	for off := 0; off < s.size(); {
		rest := s.from(off)
		if depth == 0 && rest.startsWith("]]") {
			return off
		}
		switch rest.front() {
		case '\\':
			off += 2
			continue
		case '[':
			depth++
		case ']':
			if depth == 0 {
				printDiag(pp.w, rest.loc(), kindError, "missing closing \"]\" for regex variable")
				pp.fatal = 1
				return -1
			}
			depth--
		}
		off++
	}
	return -1
}

// substBlock is the parsed content of a [[...]] block.
type substBlock struct {
	isNum, isDef, substNeeded, legacy bool
	defName                           string
	substStr                          sref
	matchRegex                        string
	matchLoc                          loc
	expr                              *expression
	defVar                            *numVar
}

// parseSubstBlock handles a [[...]] block at the front of *str.
func (pp *patternParser) parseSubstBlock(p *pattern, str *sref, curParen *int) bool {
	unparsed := str.from(2)
	end := pp.findVarEnd(unparsed)
	if pp.fatal != 0 {
		return false
	}
	body := unparsed
	if end >= 0 {
		body = unparsed.take(end)
	}
	var b substBlock
	b.isNum = body.consume("#")
	if end < 0 {
		printDiag(pp.w, str.loc(), kindError, "Invalid substitution block, no ]] found")
		return false
	}
	*str = unparsed.from(end + 2)
	if !b.isNum && !pp.parseStringBlock(body, &b) {
		return false
	}
	if b.isNum && !pp.parseNumericBlock(p, body, &b) {
		return false
	}
	return pp.emitSubstBlock(p, &b, curParen)
}

// parseStringBlock parses [[VAR]], [[VAR:regex]] and legacy [[@LINE...]].
func (pp *patternParser) parseStringBlock(body sref, b *substBlock) bool {
	varEnd := body.find(":", 0)
	head := body
	if varEnd >= 0 {
		head = body.take(varEnd)
	}
	if sp := head.findAny(spaceChars); sp >= 0 {
		printDiag(pp.w, body.from(sp).loc(), kindError, "unexpected whitespace")
		return false
	}
	orig := body
	name, pseudo, errs := parseVariable(&body)
	if errs != nil {
		logErrors(pp.w, errs)
		return false
	}
	b.isDef = varEnd >= 0
	b.substNeeded = !b.isDef
	switch {
	case b.isDef:
		if pseudo || !body.consume(":") {
			printDiag(pp.w, name.loc(), kindError, "invalid name in string variable definition")
			return false
		}
		if _, ok := pp.ctx.numVars[name.str()]; ok {
			printDiag(pp.w, name.loc(), kindError,
				"numeric variable with name '"+name.str()+"' already exists")
			return false
		}
		b.defName = name.str()
		b.matchRegex, b.matchLoc = body.str(), body.loc()
	case pseudo:
		b.isNum, b.legacy = true, true
		b.substStr = orig
	case !body.empty():
		printDiag(pp.w, name.loc(), kindError, "invalid name in string variable use")
		return false
	default:
		b.substStr = name
	}
	return true
}

// parseNumericBlock parses [[#...]] (and legacy @LINE) blocks.
func (pp *patternParser) parseNumericBlock(p *pattern, body sref, b *substBlock) bool {
	if b.legacy {
		body = b.substStr
	}
	ep := &exprParser{ctx: pp.ctx, line: p.line}
	ex, v, errs := ep.parseBlock(body, b.legacy)
	if errs != nil {
		logErrors(pp.w, errs)
		return false
	}
	b.expr = ex
	b.substNeeded = ex.ast != nil
	if v != nil {
		b.isDef, b.defName, b.defVar = true, v.name, v
	}
	if b.substNeeded {
		b.substStr = body
	} else {
		b.matchRegex = ex.format.wildcard()
	}
	return true
}

// emitSubstBlock appends the regex for a parsed [[...]] block.
func (pp *patternParser) emitSubstBlock(p *pattern, b *substBlock, curParen *int) bool {
	insertIdx := len(p.re)
	if b.isDef {
		p.re += "("
		insertIdx++
		if b.isNum {
			p.numDefs[b.defName] = numDef{v: b.defVar, group: *curParen}
			pp.ctx.numVars[b.defName] = b.defVar
		} else {
			p.strDefs[b.defName] = *curParen
			pp.ctx.definedStr[b.defName] = true
		}
		*curParen++
	}
	if b.matchRegex != "" && !pp.addRegex(p, b.matchRegex, b.matchLoc, curParen) {
		return false
	}
	if b.isDef {
		p.re += ")"
	}
	if !b.substNeeded {
		return true
	}
	if g, ok := p.strDefs[b.substStr.str()]; ok && !b.isNum {
		if g < 1 || g > 9 {
			printDiag(pp.w, b.substStr.loc(), kindError, "Can't back-reference more than 9 variables")
			return false
		}
		p.re += "\\" + strconv.Itoa(g)
		return true
	}
	p.substs = append(p.substs, &substitution{from: b.substStr, idx: insertIdx,
		numeric: b.isNum, expr: b.expr})
	return true
}

// matchResult is the outcome of matching a pattern: a match (pos and
// length relative to the searched text), errors, or neither (not found).
type matchResult struct {
	found       bool
	pos, length int
	errs        []diagErr
}

// input is the text being checked, prepared for matching.
type input struct {
	buf  *buffer
	subj *subject
}

// match searches in.buf.text[lo:hi] for the pattern and records the
// variables it defines.
func (p *pattern) match(in *input, lo, hi int) matchResult {
	if p.ty.kind == checkEOF {
		return matchResult{found: true, pos: hi - lo}
	}
	if p.fixed != "" {
		i := indexBytes(in.buf.text[lo:hi], p.fixed, p.icase)
		if i < 0 {
			return matchResult{}
		}
		return matchResult{found: true, pos: i, length: len(p.fixed)}
	}
	re, errs := p.regexForMatch()
	if errs != nil {
		return matchResult{errs: errs}
	}
	if re == nil {
		return matchResult{}
	}
	caps := re.match(in.subj, lo, hi, len(p.strDefs)+len(p.numDefs) > 0)
	if caps == nil {
		return matchResult{}
	}
	return p.recordMatch(in, lo, caps)
}

// regexForMatch returns the compiled regex with current variable values
// substituted, or nil when it does not compile (which LLVM treats as no
// match).
func (p *pattern) regexForMatch() (*compiledRE, []diagErr) {
	if len(p.substs) == 0 {
		if !p.compileDone {
			p.compiled, _ = compileRegex(p.re, p.icase)
			p.compileDone = true
		}
		return p.compiled, nil
	}
	if p.line != 0 {
		p.ctx.lineVar.value = big.NewInt(int64(p.line))
	}
	var b strings.Builder
	var errs []diagErr
	last := 0
	for _, s := range p.substs {
		text, serrs := p.ctx.substitute(s)
		if serrs != nil {
			errs = append(errs, serrs...)
			continue
		}
		b.WriteString(p.re[last:s.idx])
		b.WriteString(text)
		last = s.idx
	}
	if errs != nil {
		return nil, errs
	}
	b.WriteString(p.re[last:])
	re, _ := compileRegex(b.String(), p.icase)
	return re, nil
}

// recordMatch turns regex captures into a match and variable values.
func (p *pattern) recordMatch(in *input, lo int, caps []int) matchResult {
	group := func(g int) sref {
		if caps[2*g] < 0 {
			return sref{in.buf, caps[0], caps[0]}
		}
		return sref{in.buf, caps[2*g], caps[2*g+1]}
	}
	for name, g := range p.strDefs {
		p.ctx.strVars[name] = group(g)
	}
	skip := 0
	if p.ty.kind == checkEmpty {
		skip = 1
	}
	res := matchResult{found: true, pos: caps[0] - lo + skip, length: caps[1] - caps[0] - skip}
	for _, name := range sortedKeys(p.numDefs) {
		d := p.numDefs[name]
		text := group(d.group)
		v, msg := d.v.format.parseValue(text.str())
		if msg != "" {
			res.errs = []diagErr{newDiagErr(text, msg)}
			return res
		}
		d.v.value, d.v.matched = v, text
	}
	return res
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// indexBytes finds needle in hay, ignoring ASCII case when fold is set.
func indexBytes(hay, needle string, fold bool) int {
	if !fold {
		return strings.Index(hay, needle)
	}
	n := len(needle)
	for i := 0; i+n <= len(hay); i++ {
		if equalFoldASCII(hay[i:i+n], needle) {
			return i
		}
	}
	return -1
}

// equalFoldASCII compares two equal-length strings ignoring ASCII case.
func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x != y && !(isAlpha(x) && x^0x20 == y) {
			return false
		}
	}
	return true
}

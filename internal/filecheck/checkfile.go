package filecheck

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// checkString is a positive directive together with the CHECK-DAG and
// CHECK-NOT patterns that precede it.
type checkString struct {
	pat     *pattern
	prefix  string
	loc     loc
	dagNots []*pattern
}

// checker holds a parsed check file and the state of a run.
type checker struct {
	opts          Options
	w             io.Writer
	ctx           *patternContext
	checks        []*checkString
	checkBuf      *buffer
	implicitBufs  []*buffer
	prefixes      []string // check prefixes
	comments      []string // comment prefixes
	defaultPrefix bool
	in            *input
	diags         *[]diag // nil unless the input may be dumped
	nextPrefix    []int   // cached next occurrence of each prefix
}

func newChecker(opts Options, w io.Writer) *checker {
	if opts.VerboseVerbose {
		opts.Verbose = true
	}
	c := &checker{opts: opts, w: w, ctx: newPatternContext()}
	c.prefixes = opts.CheckPrefixes
	if len(c.prefixes) == 0 {
		c.prefixes = []string{"CHECK"}
		c.defaultPrefix = true
	}
	c.comments = opts.CommentPrefixes
	if len(c.comments) == 0 {
		c.comments = []string{"COM", "RUN"}
	}
	return c
}

// validatePrefixes reports malformed or duplicate prefixes.
func (c *checker) validatePrefixes() bool {
	seen := map[string]bool{}
	if len(c.opts.CheckPrefixes) == 0 {
		seen["CHECK"] = true
	}
	if len(c.opts.CommentPrefixes) == 0 {
		seen["COM"], seen["RUN"] = true, true
	}
	return validatePrefixList(c.w, "check", seen, c.opts.CheckPrefixes) &&
		validatePrefixList(c.w, "comment", seen, c.opts.CommentPrefixes)
}

func validatePrefixList(w io.Writer, kind string, seen map[string]bool, list []string) bool {
	for _, p := range list {
		switch {
		case p == "":
			fmt.Fprintf(w, "error: supplied %s prefix must not be the empty string\n", kind)
			return false
		case strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != "":
			fmt.Fprintf(w, "error: supplied %s prefix must start with a letter and contain only "+
				"alphanumeric characters, hyphens, and underscores: '%s'\n", kind, p)
			return false
		case seen[p]:
			fmt.Fprintf(w, "error: supplied %s prefix must be unique among check and comment "+
				"prefixes: '%s'\n", kind, p)
			return false
		}
		seen[p] = true
	}
	return true
}

// scanState tracks the reading of a check file.
type scanState struct {
	rest     sref // the text not read yet
	line     int  // the line rest starts on
	implicit []*pattern
	dagNots  []*pattern      // CHECK-DAG/NOT patterns awaiting a directive
	unused   map[string]bool // check prefixes without directives so far
}

// readCheckFile parses the check file; it returns 0 or the exit status.
func (c *checker) readCheckFile(buf *buffer) int {
	c.checkBuf = buf
	if !c.defineCmdlineVariables() {
		return 2
	}
	c.ctx.createLineVariable()
	pp := &patternParser{w: c.w, ctx: c.ctx, opts: &c.opts}
	st := &scanState{rest: buf.whole(), line: 1, unused: map[string]bool{}}
	st.implicit = c.parseImplicitChecks(pp)
	st.dagNots = append([]*pattern(nil), st.implicit...)
	for _, p := range c.prefixes {
		st.unused[p] = true
	}
	distinct := len(st.unused)
	c.nextPrefix = nil
	for {
		done, status := c.readDirective(pp, st)
		if status != 0 {
			return status
		}
		if done {
			break
		}
	}
	if (len(st.unused) == distinct || (!c.opts.AllowUnusedPrefixes && len(st.unused) > 0)) &&
		(len(st.implicit) == 0 || !c.defaultPrefix) {
		c.reportUnusedPrefixes(st.unused)
		return 2
	}
	if len(st.dagNots) > 0 {
		eof := pp.newPattern(typeOf(checkEOF), st.line+1)
		c.checks = append(c.checks, &checkString{pat: eof, prefix: c.prefixes[0],
			loc: st.rest.loc(), dagNots: st.dagNots})
	}
	return 0
}

// readDirective reads the next directive; done reports the end of the
// file and status a fatal error.
func (c *checker) readDirective(pp *patternParser, st *scanState) (done bool, status int) {
	prefix, after, ty, ok := c.findFirstPrefix(&st.rest, &st.line)
	if !ok {
		return true, 0
	}
	if ty.kind != checkComment {
		delete(st.unused, prefix.str())
	}
	if status := c.checkDirective(prefix, after, ty); status != 0 {
		return false, status
	}
	if after.empty() {
		st.rest = st.rest.from(prefix.size())
	} else {
		st.rest = after
	}
	if ty.kind == checkBadNot || ty.kind == checkBadCount {
		c.reportBadDirective(prefix.str(), st.rest, ty)
		return false, 2
	}
	p, status := c.parseDirective(pp, &st.rest, prefix, ty, st.line)
	switch {
	case status != 0 || p == nil:
	case ty.kind == checkDAG || ty.kind == checkNot:
		st.dagNots = append(st.dagNots, p)
	default:
		c.checks = append(c.checks, &checkString{pat: p, prefix: prefix.str(), loc: p.loc, dagNots: st.dagNots})
		st.dagNots = append([]*pattern(nil), st.implicit...)
	}
	return false, status
}

// checkDirective rejects misspelled directives.
func (c *checker) checkDirective(prefix, after sref, ty checkType) int {
	if ty.kind != checkMisspelled {
		return 0
	}
	directive := sref{prefix.buf, prefix.lo, max(after.lo, prefix.lo)}
	if after.buf == nil {
		directive.hi = prefix.hi
	}
	printDiag(c.w, prefix.loc(), kindError, "misspelled directive '"+directive.str()+"'")
	return 2
}

// reportBadDirective reports an unsupported -NOT combination or a bad count.
func (c *checker) reportBadDirective(prefix string, at sref, ty checkType) {
	msg := "unsupported -NOT combo on prefix '" + prefix + "'"
	if ty.kind == checkBadCount {
		msg = "invalid count in -COUNT specification on prefix '" + prefix + "'"
	}
	printDiag(c.w, at.loc(), kindError, msg)
}

// reportUnusedPrefixes prints "no check strings found with prefix...".
func (c *checker) reportUnusedPrefixes(unused map[string]bool) {
	names := sortedKeys(unused)
	sort.Strings(names)
	plural := " "
	if len(names) > 1 {
		plural = "es "
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "'" + n + ":'"
	}
	fmt.Fprintf(c.w, "error: no check strings found with prefix%s%s\n", plural, strings.Join(quoted, ", "))
}

// parseDirective extracts and parses the pattern of a directive at the
// front of *rest. It returns a nil pattern for comments.
func (c *checker) parseDirective(pp *patternParser, rest *sref, prefix sref, ty checkType, line int) (*pattern, int) {
	if !(c.opts.StrictWhitespace && c.opts.MatchFullLines) {
		i := 0
		for i < rest.size() && (rest.at(i) == ' ' || rest.at(i) == '\t') {
			i++
		}
		*rest = rest.from(i)
	}
	eol := rest.findAny("\n\r")
	if eol < 0 {
		eol = rest.size()
	}
	text := rest.take(eol)
	*rest = rest.from(eol)
	if ty.kind == checkComment {
		return nil, 0
	}
	p := pp.newPattern(ty, line)
	if !pp.parse(p, text, prefix.str()) {
		if pp.fatal != 0 {
			return nil, pp.fatal
		}
		return nil, 2
	}
	name := prefix.str()
	if ty.kind == checkLabel && p.hasVariable() {
		printDiag(c.w, prefix.loc(), kindError, "found '"+name+"-LABEL:' with variable definition or use")
		return nil, 2
	}
	if (ty.kind == checkNext || ty.kind == checkSame || ty.kind == checkEmpty) && len(c.checks) == 0 {
		kind := map[checkKind]string{checkNext: "NEXT", checkSame: "SAME", checkEmpty: "EMPTY"}[ty.kind]
		printDiag(c.w, prefix.loc(), kindError,
			"found '"+name+"-"+kind+"' without previous '"+name+": line")
		return nil, 2
	}
	return p, 0
}

// parseImplicitChecks compiles the --implicit-check-not patterns. As in
// LLVM, a malformed one is reported but does not stop FileCheck.
func (c *checker) parseImplicitChecks(pp *patternParser) []*pattern {
	var pats []*pattern
	const head = "-implicit-check-not='"
	for _, text := range c.opts.ImplicitCheckNot {
		b := newBuffer("command line", head+text+"'")
		c.implicitBufs = append(c.implicitBufs, b)
		p := pp.newPattern(typeOf(checkNot), 0)
		pp.parse(p, sref{b, len(head), len(head) + len(text)}, "IMPLICIT-CHECK")
		pats = append(pats, p)
	}
	return pats
}

// isPartOfWord reports whether c can continue a check-like word.
func isPartOfWord(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }

// findFirstPrefix finds the next directive in *rest, advancing *rest to its
// prefix and counting lines. It returns the prefix, the text after the
// directive's suffix, and the directive type.
func (c *checker) findFirstPrefix(rest *sref, line *int) (prefix, after sref, ty checkType, ok bool) {
	for !rest.empty() {
		at, name := c.searchPrefix(*rest)
		if at < 0 {
			return sref{}, sref{}, checkType{}, false
		}
		skipped := rest.take(at)
		*rest = rest.from(at)
		*line += strings.Count(skipped.str(), "\n")
		if skipped.empty() || !isPartOfWord(skipped.back()) {
			ty, after := c.findCheckType(*rest, name)
			if ty.kind != checkNone {
				return rest.take(len(name)), after, ty, true
			}
		}
		end := len(name)
		for end < rest.size() && isPartOfWord(rest.at(end)) {
			end++
		}
		*rest = rest.from(end)
	}
	return sref{}, sref{}, checkType{}, false
}

// searchPrefix returns the offset in r of the earliest occurrence of any
// check or comment prefix (preferring the longest), and that prefix.
func (c *checker) searchPrefix(r sref) (int, string) {
	all := append(append([]string(nil), c.prefixes...), c.comments...)
	if c.nextPrefix == nil {
		c.nextPrefix = make([]int, len(all))
		for i := range c.nextPrefix {
			c.nextPrefix[i] = -2 // unknown
		}
	}
	best, bestName := -1, ""
	for i, p := range all {
		next := c.nextPrefix[i]
		if next == -2 || (next >= 0 && next < r.lo) {
			next = -1
			if j := strings.Index(r.buf.text[r.lo:r.hi], p); j >= 0 {
				next = r.lo + j
			}
			c.nextPrefix[i] = next
		}
		if next < 0 {
			continue
		}
		if best < 0 || next < best || (next == best && len(p) > len(bestName)) {
			best, bestName = next, p
		}
	}
	if best < 0 {
		return -1, ""
	}
	return best - r.lo, bestName
}

// findCheckType determines the directive type following prefix at the
// front of buf, and returns the text after the directive's colon.
func (c *checker) findCheckType(buf sref, prefix string) (checkType, sref) {
	misspelled := false
	ty, rest := c.findCheckTypeRaw(buf, prefix, &misspelled)
	if ty.kind != checkNone && misspelled {
		return typeOf(checkMisspelled), rest
	}
	return ty, rest
}

func (c *checker) isCommentPrefix(p string) bool {
	for _, q := range c.comments {
		if q == p {
			return true
		}
	}
	return false
}

var badNotCombos = []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:",
	"SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"}

var suffixKinds = []struct {
	name string
	kind checkKind
}{{"NEXT", checkNext}, {"SAME", checkSame}, {"NOT", checkNot},
	{"DAG", checkDAG}, {"LABEL", checkLabel}, {"EMPTY", checkEmpty}}

func (c *checker) findCheckTypeRaw(buf sref, prefix string, misspelled *bool) (checkType, sref) {
	none := checkType{kind: checkNone}
	if buf.size() <= len(prefix) {
		return none, sref{}
	}
	rest := buf.from(len(prefix))
	if c.isCommentPrefix(prefix) {
		if rest.consume(":") {
			return typeOf(checkComment), rest
		}
		return none, sref{}
	}
	if rest.consume(":") {
		return typeOf(checkPlain), rest
	}
	if rest.front() == '{' {
		return consumeModifiers(rest, typeOf(checkPlain))
	}
	if rest.consume("_") {
		*misspelled = true
	} else if !rest.consume("-") {
		return none, sref{}
	}
	if rest.consume("COUNT-") {
		return parseCount(rest)
	}
	for _, combo := range badNotCombos {
		if rest.startsWith(combo) {
			return typeOf(checkBadNot), rest
		}
	}
	for _, s := range suffixKinds {
		if rest.consume(s.name) {
			return consumeModifiers(rest, typeOf(s.kind))
		}
	}
	return none, rest
}

// parseCount parses the n of CHECK-COUNT-n and what follows it.
func parseCount(rest sref) (checkType, sref) {
	bad := typeOf(checkBadCount)
	v, ok := consumeSigned(&rest, 10)
	if !ok || v.Sign() <= 0 || v.Cmp(bigInt(math.MaxInt32)) > 0 {
		return bad, rest
	}
	if rest.front() != ':' && rest.front() != '{' {
		return bad, rest
	}
	return consumeModifiers(rest, checkType{kind: checkPlain, count: int(v.Int64())})
}

// consumeModifiers parses ":" or "{LITERAL,...}:" after a directive name.
func consumeModifiers(rest sref, ty checkType) (checkType, sref) {
	none := checkType{kind: checkNone}
	if rest.consume(":") {
		return ty, rest
	}
	if !rest.consume("{") {
		return none, sref{}
	}
	for {
		rest = rest.ltrim(allSpace)
		if !rest.consume("LITERAL") {
			return none, rest
		}
		ty.literal = true
		rest = rest.ltrim(allSpace)
		if !rest.consume(",") {
			break
		}
	}
	if !rest.consume("}:") {
		return none, rest
	}
	return ty, rest
}

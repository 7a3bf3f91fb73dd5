package filecheck

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// matchType classifies a diagnostic for the input dump.
type matchType int

const (
	matchFoundAndExpected matchType = iota
	matchFoundButExcluded
	matchFoundButWrongLine
	matchFoundButDiscarded
	matchFoundErrorNote
	matchNoneAndExcluded
	matchNoneButExpected
	matchNoneForInvalidPattern
	matchFuzzy
)

// diag is a diagnostic recorded for the annotated input dump.
type diag struct {
	checkTy             checkType
	checkLoc            loc
	matchTy             matchType
	startLine, startCol int
	endLine, endCol     int
	note                string
}

// addDiag records a diagnostic about the input range r.
func (c *checker) addDiag(ty checkType, checkLoc loc, mt matchType, r srange, note string) {
	d := diag{checkTy: ty, checkLoc: checkLoc, matchTy: mt, note: note}
	d.startLine, d.startCol = r.start.buf.lineCol(r.start.off)
	d.endLine, d.endCol = r.end.buf.lineCol(r.end.off)
	*c.diags = append(*c.diags, d)
}

// processMatch returns the input range [start, end) and records it for the
// dump; with adjustPrev it instead retypes the previous diagnostics of the
// same directive.
func (c *checker) processMatch(mt matchType, checkLoc loc, ty checkType, start, end int, adjustPrev bool) srange {
	r := srange{loc{c.in.buf, start}, loc{c.in.buf, end}}
	if c.diags == nil {
		return r
	}
	if adjustPrev && len(*c.diags) > 0 {
		d := *c.diags
		last := d[len(d)-1].checkLoc
		for i := len(d) - 1; i >= 0 && d[i].checkLoc == last; i-- {
			d[i].matchTy = mt
		}
		return r
	}
	c.addDiag(ty, checkLoc, mt, r, "")
	return r
}

// report prints the outcome of matching p in [lo, hi) and returns true if
// it is an error.
func (c *checker) report(expected bool, prefix string, l loc, p *pattern, count, lo, hi int, res matchResult) bool {
	if res.found {
		return c.printMatch(expected, prefix, l, p, count, res, lo)
	}
	return c.printNoMatch(expected, prefix, l, p, count, lo, hi, res.errs)
}

// describeMatch builds "CHECK: expected string found in input" and the like.
func describeMatch(p *pattern, prefix string, expected bool, what string, count int) string {
	adj := "excluded"
	if expected {
		adj = "expected"
	}
	msg := fmt.Sprintf("%s: %s string %s in input", p.ty.describe(prefix), adj, what)
	if p.ty.count > 1 {
		msg += fmt.Sprintf(" (%d out of %d)", count, p.ty.count)
	}
	return msg
}

// printMatch reports a match at base+res.pos; it is an error when the match
// was excluded or produced errors.
func (c *checker) printMatch(expected bool, prefix string, l loc, p *pattern, count int, res matchResult, base int) bool {
	hasError := !expected || len(res.errs) > 0
	show := true
	if !hasError {
		if !c.opts.Verbose || (!c.opts.VerboseVerbose && p.ty.kind == checkEOF) {
			return false
		}
		show = c.diags == nil
	}
	mt := matchFoundButExcluded
	if expected {
		mt = matchFoundAndExpected
	}
	start := base + res.pos
	r := c.processMatch(mt, l, p.ty, start, start+res.length, false)
	if c.diags != nil {
		c.printSubstitutions(p, r, mt, true)
		c.printVariableDefs(p, mt, true)
	}
	if !show {
		return hasError
	}
	kind := kindError
	if expected {
		kind = kindRemark
	}
	printDiag(c.w, l, kind, describeMatch(p, prefix, expected, "found", count))
	printDiag(c.w, r.start, kindNote, "found here", r)
	c.printSubstitutions(p, r, mt, false)
	c.printVariableDefs(p, mt, false)
	for _, e := range res.errs {
		e.print(c.w)
		if c.diags != nil {
			c.addDiag(p.ty, l, matchFoundErrorNote, e.rng, e.msg)
		}
	}
	return hasError
}

// printNoMatch reports the absence of a match in [lo, hi); it is an error
// when a match was expected or the pattern could not be evaluated.
func (c *checker) printNoMatch(expected bool, prefix string, l loc, p *pattern, count, lo, hi int, errs []diagErr) bool {
	hasError := expected || len(errs) > 0
	mt := matchNoneAndExcluded
	if expected {
		mt = matchNoneButExpected
	}
	if len(errs) > 0 {
		mt = matchNoneForInvalidPattern
	}
	for _, e := range errs {
		e.print(c.w)
	}
	show := true
	if !hasError {
		if !c.opts.VerboseVerbose {
			return false
		}
		show = c.diags == nil
	}
	r := c.processMatch(mt, l, p.ty, lo, hi, false)
	if c.diags != nil {
		for _, e := range errs {
			c.addDiag(p.ty, l, mt, srange{r.start, r.start}, e.msg)
		}
		c.printSubstitutions(p, r, mt, true)
	}
	if !show {
		return hasError
	}
	if len(errs) == 0 {
		kind := kindRemark
		if expected {
			kind = kindError
		}
		printDiag(c.w, l, kind, describeMatch(p, prefix, expected, "not found", count))
		printDiag(c.w, r.start, kindNote, "scanning from here")
	}
	c.printSubstitutions(p, r, mt, false)
	if expected {
		c.printFuzzyMatch(p, lo, hi)
	}
	return hasError
}

// printSubstitutions notes the value of each substitution of p.
func (c *checker) printSubstitutions(p *pattern, r srange, mt matchType, toDiags bool) {
	for _, s := range p.substs {
		val, errs := c.ctx.substitute(s)
		if errs != nil {
			continue
		}
		msg := `with "` + writeEscaped(s.from.str()) + `" equal to "` + writeEscaped(val) + `"`
		if toDiags {
			c.addDiag(p.ty, p.loc, mt, srange{r.start, r.start}, msg)
		} else {
			printDiag(c.w, r.start, kindNote, msg)
		}
	}
}

// printVariableDefs notes where each variable defined by p was captured.
func (c *checker) printVariableDefs(p *pattern, mt matchType, toDiags bool) {
	type capture struct {
		name string
		r    srange
	}
	var caps []capture
	for _, name := range sortedKeys(p.strDefs) {
		if v, ok := c.ctx.strVars[name]; ok {
			caps = append(caps, capture{name, v.rng()})
		}
	}
	for _, name := range sortedKeys(p.numDefs) {
		if m := p.numDefs[name].v.matched; m.buf != nil {
			caps = append(caps, capture{name, m.rng()})
		}
	}
	sort.SliceStable(caps, func(i, j int) bool { return caps[i].r.start.off < caps[j].r.start.off })
	for _, vc := range caps {
		msg := `captured var "` + vc.name + `"`
		if toDiags {
			c.addDiag(p.ty, p.loc, mt, vc.r, msg)
		} else {
			printDiag(c.w, vc.r.start, kindNote, msg, vc.r)
		}
	}
}

// writeEscaped escapes s like raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '\\':
			b.WriteString(`\\`)
		case ch == '\t':
			b.WriteString(`\t`)
		case ch == '\n':
			b.WriteString(`\n`)
		case ch == '"':
			b.WriteString(`\"`)
		case ch >= 0x20 && ch < 0x7f:
			b.WriteByte(ch)
		default:
			fmt.Fprintf(&b, `\%03o`, ch)
		}
	}
	return b.String()
}

// printFuzzyMatch points at the input position most similar to p within
// the first 4096 bytes of [lo, hi): "possible intended match here".
func (c *checker) printFuzzyMatch(p *pattern, lo, hi int) {
	text := c.in.buf.text[lo:hi]
	example := p.fixed
	if example == "" {
		example = p.re
	}
	if example == "" {
		// LLVM's edit distance of two empty strings reads an uninitialized
		// value, in practice a huge one, so no candidate is ever shown.
		return
	}
	// Only a quality below 50 is ever shown, and the line count adds at
	// most 40.96, so distances of 50 or more need not be computed exactly.
	lines, best, bestQ := 0, -1, 0.0
	for i := 0; i < min(4096, len(text)); i++ {
		if text[i] == '\n' {
			lines++
		}
		if text[i] == ' ' || text[i] == '\t' {
			continue
		}
		limit := 49
		if best >= 0 {
			limit = min(limit, int(math.Ceil(bestQ))-1)
		}
		if limit < 0 {
			continue
		}
		d := matchDistance(text[i:], example, limit)
		if d > limit {
			continue
		}
		if q := float64(d) + float64(lines)/100; best < 0 || q < bestQ {
			best, bestQ = i, q
		}
	}
	if best > 0 && bestQ < 50 {
		r := c.processMatch(matchFuzzy, p.loc, p.ty, lo+best, lo+best, false)
		printDiag(c.w, r.start, kindNote, "possible intended match here")
	}
}

// matchDistance is the edit distance between example and the start of
// text (up to the example's length and the end of the line). Once it is
// sure to exceed limit it returns limit+1.
func matchDistance(text, example string, limit int) int {
	if len(text) > len(example) {
		text = text[:len(example)]
	}
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	return editDistance(text, example, limit)
}

// editDistance is the Levenshtein distance between a and b, or limit+1
// if it exceeds limit. Only a band of width limit around the diagonal is
// computed.
func editDistance(a, b string, limit int) int {
	if abs(len(a)-len(b)) > limit {
		return limit + 1
	}
	inf := limit + 1
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = min(j, inf)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		prev := row[lo-1] // the diagonal neighbour of column lo
		if lo == 1 {
			prev = i - 1
			row[0] = min(i, inf)
		} else {
			row[lo-1] = inf
		}
		best := row[lo-1]
		for j := lo; j <= hi; j++ {
			old := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(prev+cost, row[j-1]+1, old+1, inf)
			prev = old
			best = min(best, row[j])
		}
		if hi < len(b) {
			row[hi+1] = inf
		}
		if best > limit {
			return inf
		}
	}
	return min(row[len(b)], inf)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

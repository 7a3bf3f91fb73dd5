package filecheck

// checkInput matches all check strings against the input. Each CHECK-LABEL
// first splits the input into regions that are checked independently, so
// that one failure does not prevent checking later regions.
func (c *checker) checkInput() bool {
	failed := false
	i, j, e := 0, 0, len(c.checks)
	bufLo, bufHi := 0, len(c.in.buf.text)
	for {
		regLo, regHi := bufLo, bufHi
		if j != e {
			label := c.checks[j]
			if label.pat.ty.kind != checkLabel {
				j++
				continue
			}
			pos, n, ok := c.check(label, bufLo, bufHi, true)
			if !ok {
				return false
			}
			regHi = pos + n
			bufLo = pos + n
			j++
		}
		if i != 0 && c.opts.EnableVarScope {
			c.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, n, ok := c.check(c.checks[i], regLo, regHi, false)
			if !ok {
				failed = true
				i = j
				break
			}
			regLo = pos + n
		}
		if j == e {
			break
		}
	}
	return !failed
}

// check matches cs in the input range [lo, hi). It returns the absolute
// position and length of the match. In label-scan mode only the pattern
// itself is matched, without its DAG/NOT patterns or line constraints.
func (c *checker) check(cs *checkString, lo, hi int, labelScan bool) (int, int, bool) {
	lastPos := lo
	var nots []*pattern
	if !labelScan {
		var ok bool
		if lastPos, ok = c.checkDAG(cs, lo, hi, &nots); !ok {
			return 0, 0, false
		}
	}
	lastEnd, first := lastPos, lastPos
	for i := 1; i <= cs.pat.ty.count; i++ {
		res := cs.pat.match(c.in, lastEnd, hi)
		if c.report(true, cs.prefix, cs.loc, cs.pat, i, lastEnd, hi, res) {
			return 0, 0, false
		}
		if i == 1 {
			first = lastEnd + res.pos
		}
		lastEnd += res.pos + res.length
		if res.pos == 0 && res.length == 0 && (!c.opts.Verbose || cs.pat.ty.count-i > 1000) {
			// An empty match at the search start: every later repetition
			// searches from the same place and matches the same way.
			break
		}
	}
	n := lastEnd - first
	if labelScan {
		return first, n, true
	}
	if c.checkNext(cs, lastPos, first) || c.checkSame(cs, lastPos, first) {
		c.processMatch(matchFoundButWrongLine, cs.loc, cs.pat.ty, first, first+n, c.opts.Verbose)
		return 0, 0, false
	}
	if c.checkNot(cs, nots, lastPos, first) {
		return 0, 0, false
	}
	return first, n, true
}

// countNewlines counts line breaks in s ("\r\n" and "\n\r" count once) and
// returns the offset just after the first one.
func countNewlines(s string) (n, first int) {
	i := 0
	for {
		j := indexAnyByte(s, i, '\n', '\r')
		if j < 0 {
			return n, first
		}
		n++
		if j+1 < len(s) && (s[j+1] == '\n' || s[j+1] == '\r') && s[j] != s[j+1] {
			j++
		}
		i = j + 1
		if n == 1 {
			first = i
		}
	}
}

func indexAnyByte(s string, from int, a, b byte) int {
	for i := from; i < len(s); i++ {
		if s[i] == a || s[i] == b {
			return i
		}
	}
	return -1
}

// checkNext verifies that a CHECK-NEXT or CHECK-EMPTY match starts on the
// line after the previous match; [lo, hi) lies between the two.
func (c *checker) checkNext(cs *checkString, lo, hi int) bool {
	k := cs.pat.ty.kind
	if k != checkNext && k != checkEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if k == checkEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, first := countNewlines(c.in.buf.text[lo:hi])
	switch {
	case n == 0:
		c.wrongLine(cs, name+": is on the same line as previous match", lo, hi)
	case n != 1:
		c.wrongLine(cs, name+": is not on the line after the previous match", lo, hi)
		printDiag(c.w, loc{c.in.buf, lo + first}, kindNote, "non-matching line after previous match is here")
	default:
		return false
	}
	return true
}

// checkSame verifies that a CHECK-SAME match is on the previous match's line.
func (c *checker) checkSame(cs *checkString, lo, hi int) bool {
	if cs.pat.ty.kind != checkSame {
		return false
	}
	if n, _ := countNewlines(c.in.buf.text[lo:hi]); n == 0 {
		return false
	}
	c.wrongLine(cs, cs.prefix+"-SAME: is not on the same line as the previous match", lo, hi)
	return true
}

// wrongLine prints the error and notes shared by CHECK-NEXT/SAME failures.
func (c *checker) wrongLine(cs *checkString, msg string, lo, hi int) {
	printDiag(c.w, cs.loc, kindError, msg)
	printDiag(c.w, loc{c.in.buf, hi}, kindNote, "'next' match was here")
	printDiag(c.w, loc{c.in.buf, lo}, kindNote, "previous match ended here")
}

// checkNot reports each CHECK-NOT pattern found in [lo, hi).
func (c *checker) checkNot(cs *checkString, nots []*pattern, lo, hi int) bool {
	failed := false
	for _, p := range nots {
		res := p.match(c.in, lo, hi)
		if c.report(false, cs.prefix, p.loc, p, 1, lo, hi, res) {
			failed = true
		}
	}
	return failed
}

// matchRange is the extent of a CHECK-DAG match.
type matchRange struct{ pos, end int }

// checkDAG matches the CHECK-DAG groups preceding cs, checking the CHECK-NOT
// patterns between groups, and collects trailing CHECK-NOTs into *nots. It
// returns where matching of cs itself starts.
func (c *checker) checkDAG(cs *checkString, lo, hi int, nots *[]*pattern) (int, bool) {
	if len(cs.dagNots) == 0 {
		return lo, true
	}
	start := lo
	var ranges []matchRange
	for idx, p := range cs.dagNots {
		if p.ty.kind == checkNot {
			*nots = append(*nots, p)
			continue
		}
		var ok bool
		if ranges, ok = c.matchDAG(cs, p, start, hi, ranges); !ok {
			return 0, false
		}
		if idx+1 < len(cs.dagNots) && cs.dagNots[idx+1].ty.kind != checkNot {
			continue
		}
		// End of a CHECK-DAG group.
		if len(*nots) > 0 {
			if c.checkNot(cs, *nots, start, ranges[0].pos) {
				return 0, false
			}
			*nots = nil
		}
		start = ranges[len(ranges)-1].end
		ranges = nil
	}
	return start, true
}

// matchDAG finds a match of one CHECK-DAG pattern from start that does not
// overlap the earlier matches of its group (kept sorted in ranges).
func (c *checker) matchDAG(cs *checkString, p *pattern, start, hi int, ranges []matchRange) ([]matchRange, bool) {
	pos, n := start, 0
	for mi := 0; ; mi++ {
		res := p.match(c.in, pos, hi)
		if !res.found || len(res.errs) > 0 || c.opts.VerboseVerbose {
			if c.report(true, cs.prefix, p.loc, p, 1, pos, hi, res) {
				return nil, false
			}
		}
		n = res.length
		pos += res.pos
		m := matchRange{pos, pos + n}
		if c.opts.AllowDeprecatedDAGOverlap {
			if len(ranges) == 0 {
				ranges = append(ranges, m)
			} else {
				ranges[0] = matchRange{min(ranges[0].pos, m.pos), max(ranges[0].end, m.end)}
			}
			break
		}
		overlap := false
		for ; mi < len(ranges); mi++ {
			if m.pos < ranges[mi].end {
				overlap = ranges[mi].pos < m.end
				break
			}
		}
		if !overlap {
			ranges = append(ranges[:mi], append([]matchRange{m}, ranges[mi:]...)...)
			break
		}
		c.discardOverlap(ranges[mi])
		pos = ranges[mi].end
	}
	if !c.opts.VerboseVerbose {
		c.printMatch(true, cs.prefix, p.loc, p, 1, matchResult{found: true, pos: pos, length: n}, 0)
	}
	return ranges, true
}

// discardOverlap reports (with -vv) a DAG match dropped for overlapping.
func (c *checker) discardOverlap(old matchRange) {
	if !c.opts.VerboseVerbose {
		return
	}
	if c.diags == nil {
		r := srange{loc{c.in.buf, old.pos}, loc{c.in.buf, old.end}}
		printDiag(c.w, r.start, kindNote, "match discarded, overlaps earlier DAG match here", r)
		return
	}
	d := *c.diags
	if len(d) == 0 {
		return
	}
	last := d[len(d)-1].checkLoc
	for i := len(d) - 1; i >= 0 && d[i].checkLoc == last; i-- {
		d[i].matchTy = matchFoundButDiscarded
	}
}

package filecheck

import (
	"fmt"
	"regexp"
	"strings"
)

// compiledRE is a regex ready for matching. Most regexes are translated to
// Go's RE2 syntax, each byte of the subject standing for one rune in
// U+0000..U+00FF so that matching keeps LLVM's byte semantics, and run in
// leftmost-longest mode like POSIX regexec. Regexes with back-references or
// word boundaries, which RE2 lacks, use a bounded backtracking matcher.
type compiledRE struct {
	*parsedRE
	re *regexp.Regexp // nil: use the backtracker
}

// compileRegex parses src as LLVM's Regex would (REG_EXTENDED|REG_NEWLINE,
// plus REG_ICASE when icase is set).
func compileRegex(src string, icase bool) (*compiledRE, reErrCode) {
	parsed, code := parseERE(src, icase)
	if code != reOK {
		return nil, code
	}
	c := &compiledRE{parsedRE: parsed}
	if !parsed.special {
		var b strings.Builder
		emitRE2(&b, parsed.tree)
		if re, err := regexp.Compile(b.String()); err == nil {
			re.Longest()
			c.re = re
		}
	}
	return c, reOK
}

// emitRE2 writes n in Go regexp syntax, byte b written as rune U+00bb.
func emitRE2(b *strings.Builder, n *reNode) {
	switch n.op {
	case reEmpty:
		b.WriteString("(?:)")
	case reSet:
		emitSet(b, &n.set)
	case reBOL:
		b.WriteString("(?m:^)")
	case reEOL:
		b.WriteString("(?m:$)")
	case reConcat:
		if len(n.subs) == 0 {
			b.WriteString("(?:)")
		}
		for _, s := range n.subs {
			emitRE2(b, s)
		}
	case reAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			emitRE2(b, s)
		}
		b.WriteByte(')')
	case reRepeat:
		b.WriteString("(?:")
		emitRE2(b, n.subs[0])
		b.WriteByte(')')
		b.WriteString(quantifier(n.min, n.max))
	case reGroup:
		b.WriteByte('(')
		emitRE2(b, n.subs[0])
		b.WriteByte(')')
	}
}

// quantifier renders a repetition count in RE2 syntax.
func quantifier(lo, hi int) string {
	switch {
	case lo == 0 && hi < 0:
		return "*"
	case lo == 1 && hi < 0:
		return "+"
	case hi < 0:
		return fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		return fmt.Sprintf("{%d}", lo)
	}
	return fmt.Sprintf("{%d,%d}", lo, hi)
}

// emitSet writes a byte set as an RE2 character class of byte-runes.
func emitSet(b *strings.Builder, s *byteSet) {
	b.WriteByte('[')
	empty := true
	for c := 0; c < 256; c++ {
		if !s.has(byte(c)) {
			continue
		}
		end := c
		for end+1 < 256 && s.has(byte(end+1)) {
			end++
		}
		fmt.Fprintf(b, `\x{%x}`, c)
		if end > c {
			fmt.Fprintf(b, `-\x{%x}`, end)
		}
		empty = false
		c = end
	}
	if empty {
		// A class that matches nothing.
		b.WriteString(`^\x00-\x{10ffff}`)
	}
	b.WriteByte(']')
}

// subject is an input text prepared for RE2 matching: when the text has
// bytes >= 0x80 each is re-encoded as the UTF-8 of rune U+0080..U+00FF.
type subject struct {
	text string
	enc  string  // the encoded text; equal to text when it is ASCII
	fwd  []int32 // fwd[i]: offset in enc of byte i of text (nil for ASCII)
	back []int32 // back[j]: offset in text of encoded offset j
}

// newSubject prepares text for matching.
func newSubject(text string) *subject {
	s := &subject{text: text, enc: text}
	if !hasNonASCII(text) {
		return s
	}
	var b strings.Builder
	s.fwd = make([]int32, len(text)+1)
	s.back = make([]int32, 0, len(text)*2+1)
	for i := 0; i < len(text); i++ {
		s.fwd[i] = int32(b.Len())
		c := text[i]
		if c < 0x80 {
			b.WriteByte(c)
			s.back = append(s.back, int32(i))
			continue
		}
		b.WriteRune(rune(c))
		s.back = append(s.back, int32(i), int32(i))
	}
	s.fwd[len(text)] = int32(b.Len())
	s.back = append(s.back, int32(len(text)))
	s.enc = b.String()
	return s
}

func (s *subject) toEnc(i int) int {
	if s.fwd == nil {
		return i
	}
	return int(s.fwd[i])
}

func (s *subject) fromEnc(j int) int {
	if s.back == nil {
		return j
	}
	return int(s.back[j])
}

// match finds the leftmost-longest match in text[lo:hi]. It returns the
// absolute offsets of the match (caps[0:2]) and of each group (-1 when the
// group did not participate), or nil. With wantGroups, the groups are
// assigned the way LLVM's regex engine assigns them.
func (c *compiledRE) match(s *subject, lo, hi int, wantGroups bool) []int {
	caps := c.overall(s, lo, hi)
	if caps == nil || !wantGroups || c.backref || c.ngroups == 0 {
		return caps
	}
	if d := dissect(c.parsedRE, s.text, lo, hi, caps[0], caps[1]); d != nil {
		return d
	}
	return caps
}

// overall finds the leftmost-longest match.
func (c *compiledRE) overall(s *subject, lo, hi int) []int {
	if c.re == nil {
		return backtrack(c.tree, c.ngroups, s.text, lo, hi)
	}
	elo, ehi := s.toEnc(lo), s.toEnc(hi)
	m := c.re.FindStringSubmatchIndex(s.enc[elo:ehi])
	if m == nil {
		return nil
	}
	for i := range m {
		if m[i] >= 0 {
			m[i] = s.fromEnc(m[i] + elo)
		}
	}
	return m
}

// backtrackBudget bounds the work of one backtracking search so that
// pathological patterns cannot hang FileCheck.
const backtrackBudget = 1 << 22

// btMatcher is the state of a backtracking search.
type btMatcher struct {
	text   string
	lo, hi int
	caps   []int
	steps  int
	best   int
	bestCp []int
}

// backtrack searches text[lo:hi] for the leftmost-longest match of tree.
func backtrack(tree *reNode, ngroups int, text string, lo, hi int) []int {
	m := &btMatcher{text: text, lo: lo, hi: hi}
	m.caps = make([]int, 2*ngroups+2)
	for start := lo; start <= hi; start++ {
		for i := range m.caps {
			m.caps[i] = -1
		}
		m.best = -1
		m.node(tree, start, func(end int) bool {
			if end > m.best {
				m.best = end
				m.bestCp = append(m.bestCp[:0], m.caps...)
			}
			return end == hi
		})
		if m.best >= 0 {
			m.bestCp[0], m.bestCp[1] = start, m.best
			return m.bestCp
		}
		if m.steps > backtrackBudget {
			return nil
		}
	}
	return nil
}

// node matches n at pos and calls k with each possible end position until
// k returns true.
func (m *btMatcher) node(n *reNode, pos int, k func(int) bool) bool {
	m.steps++
	if m.steps > backtrackBudget {
		return false
	}
	switch n.op {
	case reEmpty:
		return k(pos)
	case reSet:
		return pos < m.hi && n.set.has(m.text[pos]) && k(pos+1)
	case reBOL:
		return (pos == m.lo || m.text[pos-1] == '\n') && k(pos)
	case reEOL:
		return (pos == m.hi || m.text[pos] == '\n') && k(pos)
	case reBOW:
		return m.wordBefore(pos) == false && m.wordAt(pos) && k(pos)
	case reEOW:
		return m.wordBefore(pos) && !m.wordAt(pos) && k(pos)
	case reConcat:
		return m.seq(n.subs, pos, k)
	case reAlt:
		for _, s := range n.subs {
			if m.node(s, pos, k) {
				return true
			}
		}
		return false
	case reRepeat:
		return m.repeat(n, 0, pos, k)
	case reGroup:
		return m.group(n, pos, k)
	case reBackref:
		s, e := m.caps[2*n.n], m.caps[2*n.n+1]
		if s < 0 || e < 0 {
			return false
		}
		l := e - s
		return pos+l <= m.hi && m.text[pos:pos+l] == m.text[s:e] && k(pos+l)
	}
	return false
}

func (m *btMatcher) wordBefore(pos int) bool {
	return pos > m.lo && isWordByte(m.text[pos-1])
}

func (m *btMatcher) wordAt(pos int) bool {
	return pos < m.hi && isWordByte(m.text[pos])
}

// seq matches the nodes of subs one after the other.
func (m *btMatcher) seq(subs []*reNode, pos int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(pos)
	}
	return m.node(subs[0], pos, func(p int) bool {
		return m.seq(subs[1:], p, k)
	})
}

// repeat matches further iterations of n (count done so far), greedily.
func (m *btMatcher) repeat(n *reNode, count, pos int, k func(int) bool) bool {
	if n.max < 0 || count < n.max {
		more := m.node(n.subs[0], pos, func(p int) bool {
			if p == pos && count >= n.min {
				return false // an empty iteration cannot help
			}
			return m.repeat(n, count+1, p, k)
		})
		if more {
			return true
		}
	}
	return count >= n.min && k(pos)
}

// group matches a capturing group, recording its extent while k runs.
func (m *btMatcher) group(n *reNode, pos int, k func(int) bool) bool {
	i := 2 * n.n
	return m.node(n.subs[0], pos, func(p int) bool {
		os, oe := m.caps[i], m.caps[i+1]
		m.caps[i], m.caps[i+1] = pos, p
		if k(p) {
			return true
		}
		m.caps[i], m.caps[i+1] = os, oe
		return false
	})
}

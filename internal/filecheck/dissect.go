package filecheck

import "math/bits"

// This file assigns capture groups within a known overall match the way
// the Henry Spencer engine behind llvm::Regex does ("dissection"): the
// regex is viewed as a flat sequence of components, and each component in
// turn takes the longest span that still lets the rest of its sequence
// reach the end fixed for it. Repetitions are first expanded as regcomp
// expands them: x* as an optional x+, x? as (x|), and x{m,n} as copies of
// x followed by nested (x|) alternatives.

// Dissection is skipped (keeping the captures of the overall matcher) for
// matches longer than dissectLimit bytes, for regexes that expand to more
// than dissectMaxComps components, and when it would take more than
// dissectBudget units of work.
const (
	dissectLimit    = 2048
	dissectMaxComps = 4096
	dissectBudget   = 1 << 22
)

// compKind is the kind of a strip component.
type compKind int

const (
	compSet compKind = iota
	compBOL
	compEOL
	compBOW
	compEOW
	compOpen  // start of group n
	compClose // end of group n
	compAlt   // alternatives: the first one that fits is dissected
	compQuest // optional sub-sequence
	compPlus  // one or more repetitions of a sub-sequence
)

// comp is one component of a strip.
type comp struct {
	kind compKind
	set  *byteSet
	n    int
	alts []*compSeq
	sub  *compSeq
	id   int
}

// compSeq is a sequence of components.
type compSeq struct {
	comps []*comp
	id    int
}

// dissector holds the state of one dissection.
type dissector struct {
	text       string
	lo, hi     int // the searched range (for anchors)
	start, end int // the overall match
	caps       []int
	nextID     int
	compMemo   map[[2]int]posSet
	seqMemo    map[[3]int]posSet
	failed     bool
	budget     int
}

// expandedSize estimates the number of strip components of a regex once
// its repetitions are expanded, saturating at a large value.
func expandedSize(n *reNode) int {
	const huge = 1 << 30
	size := 1
	for _, s := range n.subs {
		size = min(huge, size+expandedSize(s))
	}
	if n.op == reRepeat && n.brace {
		copies := n.min + 1
		if n.max > n.min {
			copies = n.max + 1
		}
		size = min(huge, size*copies)
	}
	return size
}

// posSet is a set of positions in [start, end], as a bitmap.
type posSet []uint64

// charge consumes work units and reports whether the budget still holds.
func (d *dissector) charge(units int) bool {
	d.budget -= units
	if d.budget < 0 {
		d.failed = true
	}
	return !d.failed
}

func (d *dissector) newSet() posSet {
	s := make(posSet, (d.end-d.start)/64+1)
	d.charge(len(s))
	return s
}

// members returns the positions in s, in increasing order.
func (d *dissector) members(s posSet) []int {
	var out []int
	for w, bitsLeft := range s {
		for bitsLeft != 0 {
			b := bits.TrailingZeros64(bitsLeft)
			out = append(out, d.start+w*64+b)
			bitsLeft &= bitsLeft - 1
		}
	}
	d.charge(len(s) + len(out))
	return out
}

func (d *dissector) add(s posSet, p int) {
	i := p - d.start
	s[i>>6] |= 1 << (i & 63)
}

func (d *dissector) has(s posSet, p int) bool {
	i := p - d.start
	return i >= 0 && p <= d.end && s[i>>6]&(1<<(i&63)) != 0
}

// dissect returns the captures of the match [start, end) of r, or nil if
// the match is too long to dissect.
func dissect(r *parsedRE, text string, lo, hi, start, end int) []int {
	if end-start > dissectLimit || expandedSize(r.tree) > dissectMaxComps {
		return nil
	}
	d := &dissector{text: text, lo: lo, hi: hi, start: start, end: end,
		compMemo: map[[2]int]posSet{}, seqMemo: map[[3]int]posSet{}, budget: dissectBudget}
	d.caps = make([]int, 2*r.ngroups+2)
	for i := range d.caps {
		d.caps[i] = -1
	}
	d.caps[0], d.caps[1] = start, end
	top := d.seq(d.build(r.tree))
	d.dissectSeq(top, start, end)
	if d.failed {
		return nil
	}
	return d.caps
}

// seq wraps components into a numbered sequence.
func (d *dissector) seq(comps []*comp) *compSeq {
	d.nextID++
	return &compSeq{comps: comps, id: d.nextID}
}

func (d *dissector) mk(c *comp) []*comp {
	d.nextID++
	c.id = d.nextID
	return []*comp{c}
}

// build flattens a regex tree into strip components.
func (d *dissector) build(n *reNode) []*comp {
	switch n.op {
	case reSet:
		return d.mk(&comp{kind: compSet, set: &n.set})
	case reBOL:
		return d.mk(&comp{kind: compBOL})
	case reEOL:
		return d.mk(&comp{kind: compEOL})
	case reBOW:
		return d.mk(&comp{kind: compBOW})
	case reEOW:
		return d.mk(&comp{kind: compEOW})
	case reConcat:
		var out []*comp
		for _, s := range n.subs {
			out = append(out, d.build(s)...)
		}
		return out
	case reAlt:
		c := &comp{kind: compAlt}
		for _, s := range n.subs {
			c.alts = append(c.alts, d.seq(d.build(s)))
		}
		return d.mk(c)
	case reGroup:
		out := d.mk(&comp{kind: compOpen, n: n.n})
		out = append(out, d.build(n.subs[0])...)
		return append(out, d.mk(&comp{kind: compClose, n: n.n})...)
	case reRepeat:
		return d.buildRepeat(n)
	}
	return nil
}

// buildRepeat expands a repetition like regcomp.
func (d *dissector) buildRepeat(n *reNode) []*comp {
	x := n.subs[0]
	switch {
	case !n.brace && n.min == 0 && n.max < 0: // x*
		plus := d.mk(&comp{kind: compPlus, sub: d.seq(d.build(x))})
		return d.mk(&comp{kind: compQuest, sub: d.seq(plus)})
	case !n.brace && n.min == 1 && n.max < 0: // x+
		return d.mk(&comp{kind: compPlus, sub: d.seq(d.build(x))})
	case !n.brace: // x?
		return d.optional(d.build(x))
	}
	return d.bounded(x, n.min, n.max)
}

// optional returns (x|).
func (d *dissector) optional(x []*comp) []*comp {
	return d.mk(&comp{kind: compAlt, alts: []*compSeq{d.seq(x), d.seq(nil)}})
}

// bounded expands x{from,to} (to < 0: unbounded) as regcomp's repeat().
func (d *dissector) bounded(x *reNode, from, to int) []*comp {
	switch {
	case from == 0 && to == 0:
		return nil
	case from == 0:
		return d.optional(d.bounded(x, 1, to))
	case from == 1 && to == 1:
		return d.build(x)
	case from == 1 && to < 0:
		return d.mk(&comp{kind: compPlus, sub: d.seq(d.build(x))})
	case from == 1:
		return append(d.optional(d.build(x)), d.bounded(x, 1, to-1)...)
	case to < 0:
		return append(d.build(x), d.bounded(x, from-1, -1)...)
	}
	return append(d.build(x), d.bounded(x, from-1, to-1)...)
}

// ends returns the positions at which c can end when it starts at pos.
func (d *dissector) ends(c *comp, pos int) posSet {
	key := [2]int{c.id, pos}
	if s, ok := d.compMemo[key]; ok {
		return s
	}
	s := d.newSet()
	d.compMemo[key] = s
	if d.failed {
		return s
	}
	switch c.kind {
	case compSet:
		if pos < d.end && c.set.has(d.text[pos]) {
			d.add(s, pos+1)
		}
	case compOpen, compClose:
		d.add(s, pos)
	case compBOL, compEOL, compBOW, compEOW:
		if d.anchorHolds(c.kind, pos) {
			d.add(s, pos)
		}
	case compAlt:
		for _, a := range c.alts {
			or(s, d.seqEnds(a, 0, pos))
		}
	case compQuest:
		d.add(s, pos)
		or(s, d.seqEnds(c.sub, 0, pos))
	case compPlus:
		d.plusEnds(c, pos, s)
	}
	return s
}

// plusEnds adds to s the ends of one or more repetitions from pos.
func (d *dissector) plusEnds(c *comp, pos int, s posSet) {
	work := []int{pos}
	seen := d.newSet()
	d.add(seen, pos)
	for len(work) > 0 && !d.failed {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, q := range d.members(d.seqEnds(c.sub, 0, p)) {
			d.add(s, q)
			if !d.has(seen, q) {
				d.add(seen, q)
				work = append(work, q)
			}
		}
	}
}

// anchorHolds evaluates a zero-width assertion at pos, using the text
// around it like regexec does.
func (d *dissector) anchorHolds(k compKind, pos int) bool {
	before := pos > d.lo && isWordByte(d.text[pos-1])
	after := pos < d.hi && isWordByte(d.text[pos])
	switch k {
	case compBOL:
		return pos == d.lo || d.text[pos-1] == '\n'
	case compEOL:
		return pos == d.hi || d.text[pos] == '\n'
	case compBOW:
		return !before && after
	}
	return before && !after
}

// seqEnds returns the positions at which seq.comps[i:] can end from pos.
func (d *dissector) seqEnds(seq *compSeq, i, pos int) posSet {
	key := [3]int{seq.id, i, pos}
	if s, ok := d.seqMemo[key]; ok {
		return s
	}
	s := d.newSet()
	d.seqMemo[key] = s
	if i == len(seq.comps) {
		d.add(s, pos)
		return s
	}
	for _, q := range d.members(d.ends(seq.comps[i], pos)) {
		if d.failed {
			break
		}
		or(s, d.seqEnds(seq, i+1, q))
		d.charge(len(s))
	}
	return s
}

func or(dst, src posSet) {
	for i := range dst {
		dst[i] |= src[i]
	}
}

// longestEnd returns the largest position in s within [from, limit], or -1.
func (d *dissector) longestEnd(s posSet, from, limit int) int {
	m := d.members(s)
	for i := len(m) - 1; i >= 0; i-- {
		if m[i] >= from && m[i] <= limit {
			return m[i]
		}
	}
	return -1
}

// dissectSeq assigns captures for seq matching exactly [pos, stop].
func (d *dissector) dissectSeq(seq *compSeq, pos, stop int) {
	for i, c := range seq.comps {
		if d.failed {
			return
		}
		switch c.kind {
		case compSet:
			pos++
		case compOpen:
			d.caps[2*c.n] = pos
		case compClose:
			d.caps[2*c.n+1] = pos
		case compAlt, compQuest, compPlus:
			end := d.componentEnd(seq, i, pos, stop)
			if end < 0 {
				d.failed = true
				return
			}
			d.dissectComp(c, pos, end)
			pos = end
		}
	}
}

// componentEnd picks the longest end of component i from pos that lets the
// rest of seq end exactly at stop.
func (d *dissector) componentEnd(seq *compSeq, i, pos, stop int) int {
	m := d.members(d.ends(seq.comps[i], pos))
	for k := len(m) - 1; k >= 0 && !d.failed; k-- {
		if q := m[k]; q <= stop && d.has(d.seqEnds(seq, i+1, q), stop) {
			return q
		}
	}
	return -1
}

// dissectComp assigns captures inside a compound component spanning
// exactly [pos, end].
func (d *dissector) dissectComp(c *comp, pos, end int) {
	switch c.kind {
	case compAlt:
		for _, a := range c.alts {
			if d.has(d.seqEnds(a, 0, pos), end) {
				d.dissectSeq(a, pos, end)
				return
			}
		}
		d.failed = true
	case compQuest:
		if d.has(d.seqEnds(c.sub, 0, pos), end) {
			d.dissectSeq(c.sub, pos, end)
		}
	case compPlus:
		d.dissectPlus(c, pos, end)
	}
}

// dissectPlus repeats the innards greedily up to end and dissects the last
// repetition, as regexec does.
func (d *dissector) dissectPlus(c *comp, pos, end int) {
	ssp, old := pos, pos
	sep := -1
	for {
		sep = d.longestEnd(d.seqEnds(c.sub, 0, ssp), ssp, end)
		if sep < 0 || sep == ssp {
			break
		}
		old, ssp = ssp, sep
	}
	if sep < 0 {
		sep, ssp = ssp, old
	}
	if sep != end {
		d.failed = true
		return
	}
	d.dissectSeq(c.sub, ssp, sep)
}

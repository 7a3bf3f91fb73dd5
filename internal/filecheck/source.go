package filecheck

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// tabStop is the tab width llvm::SourceMgr uses when it echoes source lines.
const tabStop = 8

// buffer is a named, immutable text known to the diagnostic printer, in the
// manner of an llvm::MemoryBuffer registered with an llvm::SourceMgr.
type buffer struct {
	name       string
	text       string
	lineStarts []int // offsets of the first byte of each line, built lazily
}

// newBuffer returns a buffer holding text under the given name.
func newBuffer(name, text string) *buffer {
	return &buffer{name: name, text: text}
}

// starts returns the offsets at which lines of b begin.
func (b *buffer) starts() []int {
	if b.lineStarts == nil {
		b.lineStarts = []int{0}
		for i := 0; i < len(b.text); i++ {
			if b.text[i] == '\n' {
				b.lineStarts = append(b.lineStarts, i+1)
			}
		}
	}
	return b.lineStarts
}

// lineCol returns the 1-based line and column of offset off. Like LLVM's
// SourceMgr, only '\n' counts lines but columns count bytes from the last
// '\n' or '\r'.
func (b *buffer) lineCol(off int) (int, int) {
	s := b.starts()
	i := sort.SearchInts(s, off+1) - 1
	start := s[i]
	if j := strings.LastIndexByte(b.text[start:off], '\r'); j >= 0 {
		start += j + 1
	}
	return i + 1, off - start + 1
}

// loc is a position in a buffer (an SMLoc).
type loc struct {
	buf *buffer
	off int
}

// valid reports whether l refers to a buffer.
func (l loc) valid() bool { return l.buf != nil }

// srange is a half-open range of positions in one buffer (an SMRange).
type srange struct {
	start, end loc
}

// sref is a slice [lo, hi) of a buffer: the counterpart of an llvm::StringRef
// that points into a source buffer, so that every piece of text knows where
// it came from for diagnostics.
type sref struct {
	buf    *buffer
	lo, hi int
}

// whole returns an sref spanning all of b.
func (b *buffer) whole() sref { return sref{b, 0, len(b.text)} }

func (r sref) str() string       { return r.buf.text[r.lo:r.hi] }
func (r sref) size() int         { return r.hi - r.lo }
func (r sref) empty() bool       { return r.hi <= r.lo }
func (r sref) loc() loc          { return loc{r.buf, r.lo} }
func (r sref) endLoc() loc       { return loc{r.buf, r.hi} }
func (r sref) rng() srange       { return srange{r.loc(), r.endLoc()} }
func (r sref) at(i int) byte     { return r.buf.text[r.lo+i] }
func (r sref) has(s string) bool { return strings.Contains(r.str(), s) }

// front returns the first byte, or 0 when r is empty (LLVM's buffers are
// NUL-terminated, so peeking past the end reads a NUL).
func (r sref) front() byte {
	if r.empty() {
		return 0
	}
	return r.buf.text[r.lo]
}

// back returns the last byte; r must not be empty.
func (r sref) back() byte { return r.buf.text[r.hi-1] }

// sub returns the bytes [i, j) of r, clamped like StringRef::slice.
func (r sref) sub(i, j int) sref {
	n := r.size()
	i, j = clamp(i, 0, n), clamp(j, 0, n)
	if j < i {
		j = i
	}
	return sref{r.buf, r.lo + i, r.lo + j}
}

// from returns r without its first i bytes (StringRef::substr(i)).
func (r sref) from(i int) sref { return r.sub(i, r.size()) }

// take returns the first n bytes of r.
func (r sref) take(n int) sref { return r.sub(0, n) }

// dropBack returns r without its last n bytes.
func (r sref) dropBack(n int) sref { return r.sub(0, r.size()-n) }

// startsWith reports whether r begins with s.
func (r sref) startsWith(s string) bool { return strings.HasPrefix(r.str(), s) }

// consume strips s from the front of *r and reports whether it was there.
func (r *sref) consume(s string) bool {
	if !r.startsWith(s) {
		return false
	}
	r.lo += len(s)
	return true
}

// find returns the index of s in r at or after from, or -1.
func (r sref) find(s string, from int) int {
	if from > r.size() {
		return -1
	}
	i := strings.Index(r.buf.text[r.lo+from:r.hi], s)
	if i < 0 {
		return -1
	}
	return i + from
}

// findAny returns the index of the first byte of r that is in set, or -1.
func (r sref) findAny(set string) int { return strings.IndexAny(r.str(), set) }

// ltrim strips leading bytes in set.
func (r sref) ltrim(set string) sref {
	for !r.empty() && strings.IndexByte(set, r.front()) >= 0 {
		r.lo++
	}
	return r
}

// rtrim strips trailing bytes in set.
func (r sref) rtrim(set string) sref {
	for !r.empty() && strings.IndexByte(set, r.back()) >= 0 {
		r.hi--
	}
	return r
}

// spaceChars are the horizontal whitespace characters of FileCheck.
const spaceChars = " \t"

// allSpace is StringRef's default trim set.
const allSpace = " \t\n\v\f\r"

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// diagKind is the severity printed in a diagnostic.
type diagKind string

const (
	kindError  diagKind = "error"
	kindRemark diagKind = "remark"
	kindNote   diagKind = "note"
)

// printDiag writes a diagnostic in the exact layout of
// llvm::SMDiagnostic::print without colors: a "file:line:col: kind: msg"
// header, the source line with tabs expanded, and a caret line in which the
// given ranges are underlined with '~'.
func printDiag(w io.Writer, l loc, kind diagKind, msg string, ranges ...srange) {
	if !l.valid() {
		fmt.Fprintf(w, "%s: %s\n", kind, msg)
		return
	}
	text := l.buf.text
	line, col := l.buf.lineCol(l.off)
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", l.buf.name, line, col, kind, msg)

	start := l.off
	for start > 0 && text[start-1] != '\n' && text[start-1] != '\r' {
		start--
	}
	end := l.off
	for end < len(text) && text[end] != '\n' && text[end] != '\r' {
		end++
	}
	content := text[start:end]
	if hasNonASCII(content) {
		io.WriteString(w, expandTabs(content)+"\n")
		return
	}
	caret := []byte(strings.Repeat(" ", len(content)+1))
	for _, r := range ranges {
		if r.start.buf != l.buf || r.start.off > end || r.end.off < start {
			continue
		}
		rs, re := max(r.start.off, start)-start, min(r.end.off, end)-start
		for i := rs; i < re && i < len(caret); i++ {
			caret[i] = '~'
		}
	}
	if c := l.off - start; c <= len(content) {
		caret[c] = '^'
	} else {
		caret[len(content)] = '^'
	}
	caretLine := strings.TrimRight(string(caret), " ")
	io.WriteString(w, expandTabs(content)+"\n")
	io.WriteString(w, expandCaret(caretLine, content)+"\n")
}

// hasNonASCII reports whether s holds a byte outside 7-bit ASCII.
func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// expandTabs replaces each tab with spaces up to the next tab stop.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '\t' {
			b.WriteByte(s[i])
			col++
			continue
		}
		for {
			b.WriteByte(' ')
			col++
			if col%tabStop == 0 {
				break
			}
		}
	}
	return b.String()
}

// expandCaret widens the caret line wherever the source line has a tab, so
// the markers stay under the characters they point at.
func expandCaret(caret, content string) string {
	var b strings.Builder
	col := 0
	for i := 0; i < len(caret); i++ {
		if i >= len(content) || content[i] != '\t' {
			b.WriteByte(caret[i])
			col++
			continue
		}
		for {
			b.WriteByte(caret[i])
			col++
			if col%tabStop == 0 {
				break
			}
		}
	}
	return b.String()
}

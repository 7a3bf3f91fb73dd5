package filecheck

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// marker is how an annotation marks the input.
type marker struct {
	lead    byte
	note    string
	asError bool // included by --dump-input-filter=error
}

// markerFor returns the default marker of a match type.
func markerFor(mt matchType) marker {
	switch mt {
	case matchFoundAndExpected:
		return marker{lead: '^'}
	case matchFoundButExcluded:
		return marker{'!', "error: no match expected", true}
	case matchFoundButWrongLine:
		return marker{'!', "error: match on wrong line", true}
	case matchFoundButDiscarded:
		return marker{'!', "discard: overlaps earlier match", false}
	case matchFoundErrorNote:
		return marker{'!', "error: unknown error after match", true}
	case matchNoneAndExcluded:
		return marker{lead: 'X'}
	case matchNoneButExpected:
		return marker{'X', "error: no match found", true}
	case matchNoneForInvalidPattern:
		return marker{'X', "error: match failed for invalid pattern", true}
	}
	return marker{'?', "possible intended match", true}
}

// annotation marks columns [startCol, endCol) of one input line.
type annotation struct {
	diagIndex        int
	label            string
	firstLine        bool
	line             int
	startCol, endCol int // endCol == math.MaxInt: to the end of the line
	mark             marker
}

// buildAnnotations converts diagnostics into per-line annotations and
// returns them with the width of the widest label.
func (c *checker) buildAnnotations() ([]annotation, int) {
	diags := *c.diags
	perPattern := map[loc]int{}
	for _, d := range diags {
		perPattern[d.checkLoc]++
	}
	seen := map[loc]int{}
	var out []annotation
	width := 0
	for i, d := range diags {
		a := annotation{diagIndex: i, label: c.annotationLabel(d, perPattern, seen), firstLine: true}
		width = max(width, len(a.label))
		a.mark = markerFor(d.matchTy)
		if d.note != "" {
			a.mark.note = d.note
			if d.startLine == d.endLine && d.startCol == d.endCol {
				a.mark.lead = ' '
			}
		}
		if d.matchTy == matchFoundErrorNote {
			a.mark.note = "error: " + a.mark.note
		}
		out = append(out, splitAnnotation(a, d)...)
	}
	return out, width
}

// annotationLabel names the directive of d, e.g. "check:3'1" or "not:imp1".
func (c *checker) annotationLabel(d diag, perPattern, seen map[loc]int) string {
	label := d.checkTy.abbrev() + ":"
	if d.checkLoc.buf == c.checkBuf {
		line, _ := d.checkLoc.buf.lineCol(d.checkLoc.off)
		label += strconv.Itoa(line)
	} else {
		for i, b := range c.implicitBufs {
			if b == d.checkLoc.buf {
				label += "imp" + strconv.Itoa(i+1)
			}
		}
	}
	if perPattern[d.checkLoc] > 1 {
		label += "'" + strconv.Itoa(seen[d.checkLoc])
		seen[d.checkLoc]++
	}
	return label
}

// splitAnnotation breaks an annotation spanning several lines into one per
// line; continuation lines are marked with '~' and carry no note.
func splitAnnotation(a annotation, d diag) []annotation {
	a.line, a.startCol = d.startLine, d.startCol
	if d.startLine == d.endLine {
		a.endCol = max(d.startCol+1, d.endCol)
		return []annotation{a}
	}
	a.endCol = math.MaxInt
	out := []annotation{a}
	for l := d.startLine + 1; l <= d.endLine; l++ {
		if d.endCol == 1 && l == d.endLine {
			break
		}
		b := a
		b.firstLine = false
		b.line = l
		b.mark.lead = '~'
		b.mark.note = ""
		b.startCol = 1
		b.endCol = math.MaxInt
		if l == d.endLine {
			b.endCol = d.endCol
		}
		out = append(out, b)
	}
	return out
}

// nextLineInFilter returns the first line at or after line that the filter
// selects, or math.MaxInt.
func nextLineInFilter(f DumpFilter, line int, anns []annotation) int {
	if f == FilterAll {
		return line
	}
	for _, a := range anns {
		switch {
		case f == FilterAnnotationFull:
			return a.line
		case f == FilterAnnotation && a.firstLine:
			return a.line
		case f == FilterError && a.firstLine && a.mark.asError:
			return a.line
		}
	}
	return math.MaxInt
}

// writeElided prints buffered elided lines, or a vertical ellipsis if that
// is shorter, and empties the buffer.
func writeElided(w io.Writer, elided *strings.Builder, width int) {
	if elided.Len() == 0 {
		return
	}
	if strings.Count(elided.String(), "\n") > 3 {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(w, "%*s\n", width, ".")
		}
	} else {
		io.WriteString(w, elided.String())
	}
	elided.Reset()
}

// dumpInput prints the annotated input (--dump-input).
func (c *checker) dumpInput(w io.Writer, inputName, checkName string) {
	fmt.Fprintf(w, "\nInput file: %s\nCheck file: %s\n\n", inputName, checkName)
	io.WriteString(w, "-dump-input=help explains the following input dump.\n\n")
	anns, width := c.buildAnnotations()
	sort.SliceStable(anns, func(i, j int) bool {
		if anns[i].line != anns[j].line {
			return anns[i].line < anns[j].line
		}
		return anns[i].diagIndex < anns[j].diagIndex
	})
	text := c.in.buf.text
	lineCount := strings.Count(text, "\n")
	if len(text) == 0 || text[len(text)-1] != '\n' {
		lineCount++
	}
	width = max(width, len(strconv.Itoa(lineCount))) + 3
	d := &dumper{w: w, opts: &c.opts, text: text, anns: anns, width: width}
	d.run()
}

// dumper prints the annotated input line by line.
type dumper struct {
	w      io.Writer
	opts   *Options
	text   string
	anns   []annotation
	width  int
	elided strings.Builder
}

func (d *dumper) run() {
	io.WriteString(d.w, "Input was:\n<<<<<<\n")
	pos, ai := 0, 0
	prevInFilter, nextInFilter := 0, 0
	ctx := d.opts.DumpInputContext
	for line := 1; pos < len(d.text) || ai < len(d.anns); line++ {
		if nextInFilter < line {
			nextInFilter = nextLineInFilter(d.opts.DumpInputFilter, line, d.anns[ai:])
		}
		if nextInFilter == line {
			prevInFilter = line
		}
		var out io.Writer = d.w
		if (prevInFilter == 0 || prevInFilter+ctx < line) &&
			(nextInFilter == math.MaxInt || line+ctx < nextInFilter) {
			out = &d.elided
		} else {
			writeElided(d.w, &d.elided, d.width)
		}
		start := pos
		pos = d.printLine(out, line, pos)
		for ai < len(d.anns) && d.anns[ai].line == line {
			d.printAnnotation(out, d.anns[ai], pos-start)
			ai++
		}
	}
	writeElided(d.w, &d.elided, d.width)
	io.WriteString(d.w, ">>>>>>\n")
}

// printLine prints one numbered input line starting at pos (its newline
// shown as a space) and returns the start of the next line.
func (d *dumper) printLine(out io.Writer, line, pos int) int {
	fmt.Fprintf(out, "%*d: ", d.width, line)
	end := strings.IndexByte(d.text[pos:], '\n')
	if end < 0 {
		io.WriteString(out, d.text[pos:])
		pos = len(d.text)
	} else {
		io.WriteString(out, d.text[pos:pos+end]+" ")
		pos += end + 1
	}
	io.WriteString(out, "\n")
	return pos
}

// printAnnotation prints an annotation under an input line of the given
// width (including its newline).
func (d *dumper) printAnnotation(out io.Writer, a annotation, lineWidth int) {
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  ", d.width, a.label)
	col := 1
	for ; col < a.startCol; col++ {
		b.WriteByte(' ')
	}
	b.WriteByte(a.mark.lead)
	for col++; col < a.endCol && col <= lineWidth; col++ {
		b.WriteByte('~')
	}
	if a.mark.note != "" {
		for ; col <= lineWidth; col++ {
			b.WriteByte(' ')
		}
		b.WriteString(" " + a.mark.note)
	}
	b.WriteByte('\n')
	io.WriteString(out, b.String())
}

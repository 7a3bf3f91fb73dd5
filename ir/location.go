package ir

import (
	"strconv"
	"strings"
)

// Location says where an operation or block argument came from.
type Location interface {
	// String returns the location as MLIR writes it, including "loc(...)".
	String() string
	// writeInner writes the location without the surrounding "loc(...)".
	writeInner(sb *strings.Builder)
}

// UnknownLoc is loc(unknown).
type UnknownLoc struct{}

// Unknown is the unknown location.
var Unknown Location = UnknownLoc{}

// String returns the location as MLIR writes it, with loc(...).
func (UnknownLoc) String() string                 { return "loc(unknown)" }
func (UnknownLoc) writeInner(sb *strings.Builder) { sb.WriteString("unknown") }

// FileLineColLoc is loc("file":line:col).
type FileLineColLoc struct {
	File      string
	Line, Col int
}

// FileLineCol returns a file location.
func FileLineCol(file string, line, col int) *FileLineColLoc {
	return &FileLineColLoc{File: file, Line: line, Col: col}
}

// String returns the location as MLIR writes it, with loc(...).
func (l *FileLineColLoc) String() string { return locString(l) }
func (l *FileLineColLoc) writeInner(sb *strings.Builder) {
	sb.WriteString(Quote(l.File))
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(l.Line))
	sb.WriteByte(':')
	sb.WriteString(strconv.Itoa(l.Col))
}

// NameLoc is loc("name") or loc("name"(child)).
type NameLoc struct {
	Name  string
	Child Location // nil when absent (unknown)
}

// String returns the location as MLIR writes it, with loc(...).
func (l *NameLoc) String() string { return locString(l) }
func (l *NameLoc) writeInner(sb *strings.Builder) {
	sb.WriteString(Quote(l.Name))
	if l.Child != nil {
		if _, unknown := l.Child.(UnknownLoc); !unknown {
			sb.WriteByte('(')
			l.Child.writeInner(sb)
			sb.WriteByte(')')
		}
	}
}

// CallSiteLoc is loc(callsite(callee at caller)).
type CallSiteLoc struct{ Callee, Caller Location }

// String returns the location as MLIR writes it, with loc(...).
func (l *CallSiteLoc) String() string { return locString(l) }
func (l *CallSiteLoc) writeInner(sb *strings.Builder) {
	sb.WriteString("callsite(")
	l.Callee.writeInner(sb)
	sb.WriteString(" at ")
	l.Caller.writeInner(sb)
	sb.WriteByte(')')
}

// FusedLoc is loc(fused[a, b]) or loc(fused<metadata>[a, b]).
type FusedLoc struct {
	Locs     []Location
	Metadata Attribute // nil when absent
}

// String returns the location as MLIR writes it, with loc(...).
func (l *FusedLoc) String() string { return locString(l) }
func (l *FusedLoc) writeInner(sb *strings.Builder) {
	sb.WriteString("fused")
	if l.Metadata != nil {
		sb.WriteByte('<')
		l.Metadata.writeTo(sb)
		sb.WriteByte('>')
	}
	sb.WriteByte('[')
	for i, c := range l.Locs {
		if i > 0 {
			sb.WriteString(", ")
		}
		c.writeInner(sb)
	}
	sb.WriteByte(']')
}

func locString(l Location) string {
	var sb strings.Builder
	sb.WriteString("loc(")
	l.writeInner(&sb)
	sb.WriteByte(')')
	return sb.String()
}

// Fuse combines locations: unknown ones are dropped, duplicates removed, and
// a single remaining location is returned as is.
func Fuse(locs ...Location) Location {
	var out []Location
	seen := map[string]bool{}
	for _, l := range locs {
		if l == nil {
			continue
		}
		if _, unknown := l.(UnknownLoc); unknown {
			continue
		}
		if f, ok := l.(*FusedLoc); ok && f.Metadata == nil {
			for _, c := range f.Locs {
				if k := c.String(); !seen[k] {
					seen[k] = true
					out = append(out, c)
				}
			}
			continue
		}
		if k := l.String(); !seen[k] {
			seen[k] = true
			out = append(out, l)
		}
	}
	switch len(out) {
	case 0:
		return Unknown
	case 1:
		return out[0]
	}
	return &FusedLoc{Locs: out}
}

// FileLocOf returns the file location that diagnostics should point at: the
// location itself, a named location's child, a call site's callee, or the
// first file location inside a fused location.
func FileLocOf(l Location) (*FileLineColLoc, bool) {
	switch l := l.(type) {
	case *FileLineColLoc:
		return l, true
	case *NameLoc:
		if l.Child != nil {
			return FileLocOf(l.Child)
		}
	case *CallSiteLoc:
		if f, ok := FileLocOf(l.Callee); ok {
			return f, true
		}
		return FileLocOf(l.Caller)
	case *FusedLoc:
		for _, c := range l.Locs {
			if f, ok := FileLocOf(c); ok {
				return f, true
			}
		}
	}
	return nil, false
}

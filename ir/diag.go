package ir

import (
	"bytes"
	"fmt"
	"strings"
)

// Severity is the kind of a diagnostic.
type Severity uint8

// Diagnostic severities, as in MLIR.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityNote
	SeverityRemark
)

// String returns the severity as diagnostics print it.
func (s Severity) String() string {
	switch s {
	case SeverityWarning:
		return "warning"
	case SeverityNote:
		return "note"
	case SeverityRemark:
		return "remark"
	}
	return "error"
}

// Diagnostic is a located message. It implements error, so verifiers and
// passes return it like any other error.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Message  string
	Notes    []*Diagnostic
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityError, Loc: loc, Message: fmt.Sprintf(format, args...)}
}

// AttachNote adds a note to the diagnostic and returns the diagnostic.
func (d *Diagnostic) AttachNote(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Severity: SeverityNote, Loc: loc, Message: fmt.Sprintf(format, args...)})
	return d
}

// Error formats the diagnostic and its notes without source excerpts.
func (d *Diagnostic) Error() string {
	var sb strings.Builder
	d.render(&sb, nil)
	return strings.TrimRight(sb.String(), "\n")
}

// Render formats the diagnostic like MLIR's source manager handler: the
// "file:line:col: severity: message" line, the source line and a caret under
// the column (when the source is known), then each note the same way.
func (d *Diagnostic) Render(src *SourceMgr) string {
	var sb strings.Builder
	d.render(&sb, src)
	return sb.String()
}

func (d *Diagnostic) render(sb *strings.Builder, src *SourceMgr) {
	fl, hasFile := FileLocOf(d.Loc)
	switch {
	case hasFile:
		fmt.Fprintf(sb, "%s:%d:%d: ", fl.File, fl.Line, fl.Col)
	case d.Loc == nil:
	default:
		if _, unknown := d.Loc.(UnknownLoc); !unknown {
			sb.WriteString(d.Loc.String())
			sb.WriteString(": ")
		}
	}
	sb.WriteString(d.Severity.String())
	sb.WriteString(": ")
	sb.WriteString(d.Message)
	sb.WriteByte('\n')
	if hasFile && src != nil {
		if line, ok := src.Line(fl.File, fl.Line); ok {
			sb.WriteString(line)
			sb.WriteByte('\n')
			sb.WriteString(caretLine(line, fl.Col))
			sb.WriteByte('\n')
		}
	}
	for _, n := range d.Notes {
		n.render(sb, src)
	}
}

// caretLine returns spaces (tabs kept, so the caret lines up) up to col, then '^'.
func caretLine(line string, col int) string {
	var sb strings.Builder
	for i := 0; i < col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			sb.WriteByte('\t')
		} else {
			sb.WriteByte(' ')
		}
	}
	for i := len(line); i < col-1; i++ {
		sb.WriteByte(' ')
	}
	sb.WriteByte('^')
	return sb.String()
}

// SourceMgr holds the text of the files diagnostics may point into.
type SourceMgr struct {
	files map[string][]byte
}

// NewSourceMgr returns an empty source manager.
func NewSourceMgr() *SourceMgr { return &SourceMgr{files: map[string][]byte{}} }

// Add registers the contents of a file.
func (s *SourceMgr) Add(name string, data []byte) { s.files[name] = data }

// Line returns line n (1-based) of a file, without its newline.
func (s *SourceMgr) Line(name string, n int) (string, bool) {
	data, ok := s.files[name]
	if !ok || n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(data, '\n')
		if j < 0 {
			return "", false
		}
		data = data[j+1:]
	}
	if j := bytes.IndexByte(data, '\n'); j >= 0 {
		data = data[:j]
	}
	return strings.TrimSuffix(string(data), "\r"), true
}

// DiagnosticList collects diagnostics; it is what Context handlers usually append to.
type DiagnosticList []*Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (l DiagnosticList) HasErrors() bool {
	for _, d := range l {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Error joins the error diagnostics.
func (l DiagnosticList) Error() string {
	var parts []string
	for _, d := range l {
		parts = append(parts, d.Error())
	}
	return strings.Join(parts, "\n")
}

// AsDiagnostic converts an error into a diagnostic, locating plain errors at loc.
func AsDiagnostic(err error, loc Location) *Diagnostic {
	if d, ok := err.(*Diagnostic); ok {
		return d
	}
	return &Diagnostic{Severity: SeverityError, Loc: loc, Message: err.Error()}
}

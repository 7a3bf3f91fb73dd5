package ptx

import (
	"bytes"
	"fmt"
	"strings"
)

// Error is a located diagnostic: "file:line:col: error: message".
type Error struct {
	File string
	Pos  Pos
	Msg  string
}

// Error formats the diagnostic without a source excerpt.
func (e *Error) Error() string {
	if !e.Pos.IsValid() {
		return fmt.Sprintf("%s: error: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Pos.Line, e.Pos.Col, e.Msg)
}

// Render formats the diagnostic like the rest of tt: the located message,
// then the source line and a caret under the column when src (the text of
// e.File) has that line.
func (e *Error) Render(src []byte) string {
	var sb strings.Builder
	sb.WriteString(e.Error())
	sb.WriteByte('\n')
	if line, ok := sourceLine(src, e.Pos.Line); ok {
		sb.WriteString(line)
		sb.WriteByte('\n')
		sb.WriteString(caretLine(line, e.Pos.Col))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ErrorList is the diagnostics of one parse or verification, in source
// order. A non-empty ErrorList is returned as an error.
type ErrorList []*Error

// Error returns the diagnostics one per line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Render formats every diagnostic with its source excerpt.
func (l ErrorList) Render(src []byte) string {
	var sb strings.Builder
	for _, e := range l {
		sb.WriteString(e.Render(src))
	}
	return sb.String()
}

// Unwrap returns the diagnostics, so errors.As finds an *Error.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// sourceLine returns line n (1-based) of src without its newline.
func sourceLine(src []byte, n int) (string, bool) {
	if n < 1 || src == nil {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimSuffix(string(src), "\r"), true
}

// caretLine returns blanks up to col (tabs kept so the caret lines up
// under a tab-indented line), then '^'.
func caretLine(line string, col int) string {
	var sb strings.Builder
	for i := 0; i < col-1; i++ {
		if i < len(line) && line[i] == '\t' {
			sb.WriteByte('\t')
		} else {
			sb.WriteByte(' ')
		}
	}
	sb.WriteByte('^')
	return sb.String()
}

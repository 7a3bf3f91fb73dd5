package filecheck

import (
	"fmt"
	"io"
)

// File is a text to check or to check against.
type File struct {
	// Name identifies the file in diagnostics ("<stdin>" for standard input).
	Name string
	// Text is the file's contents.
	Text string
}

// canonicalize applies FileCheck's input canonicalization: "\r\n" loses its
// '\r' and, unless strict, each run of spaces and tabs becomes one space.
func canonicalize(text string, strict bool) string {
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			b = append(b, c)
			continue
		}
		b = append(b, ' ')
		for i+1 < len(text) && (text[i+1] == ' ' || text[i+1] == '\t') {
			i++
		}
	}
	return string(b)
}

// Run checks input against the directives of check as FileCheck does,
// writing diagnostics to stderr. It returns FileCheck's exit status: 0 when
// the input matches, 1 when it does not, 2 for invalid options, an empty
// input or a malformed check file (a stray ']' in a [[...]] block exits
// with 1, as in LLVM). The names of check and input appear in diagnostics
// and in the input dump.
func Run(opts Options, check, input File, stderr io.Writer) int {
	c, status := prepare(opts, check, stderr)
	if status != 0 {
		return status
	}
	if input.Text == "" && !opts.AllowEmptyInput {
		fmt.Fprintf(stderr, "FileCheck error: '%s' is empty.\n", input.Name)
		return 2
	}
	return c.run(input, input.Name, check.Name)
}

// prepare validates the prefixes and parses the check file.
func prepare(opts Options, check File, stderr io.Writer) (*checker, int) {
	c := newChecker(opts, stderr)
	if !c.validatePrefixes() {
		return nil, 2
	}
	buf := newBuffer(check.Name, canonicalize(check.Text, opts.StrictWhitespace))
	if status := c.readCheckFile(buf); status != 0 {
		return nil, status
	}
	return c, 0
}

// run matches the input and dumps it when requested.
func (c *checker) run(in File, inputName, checkName string) int {
	buf := newBuffer(in.Name, canonicalize(in.Text, c.opts.StrictWhitespace))
	c.in = &input{buf: buf, subj: newSubject(buf.text)}
	if c.opts.DumpInput == DumpFail || c.opts.DumpInput == DumpAlways {
		c.diags = new([]diag)
	}
	status := 1
	if c.checkInput() {
		status = 0
	}
	if c.opts.DumpInput == DumpAlways || (status == 1 && c.opts.DumpInput == DumpFail) {
		c.dumpInput(c.w, inputName, checkName)
	}
	return status
}

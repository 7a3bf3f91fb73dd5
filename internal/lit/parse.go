package lit

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// DefaultCommentPrefixes are the comment markers that may introduce a
// directive: "// RUN:" (MLIR, C), "# RUN:" (shell, YAML, .test files) and
// "; RUN:" (LLVM IR).
var DefaultCommentPrefixes = []string{"//", "#", ";"}

// Directive keywords recognised after a comment prefix.
const (
	keywordRun         = "RUN:"
	keywordRequires    = "REQUIRES:"
	keywordUnsupported = "UNSUPPORTED:"
	keywordXFail       = "XFAIL:"
	keywordEnd         = "END."
)

// directiveKeywords lists every keyword matchDirective looks for.
var directiveKeywords = []string{keywordRun, keywordRequires, keywordUnsupported, keywordXFail, keywordEnd}

// RunLine is one logical RUN command of a test file, with continuation lines
// already joined.
type RunLine struct {
	// Line is the 1-based line number of the first physical RUN line.
	Line int
	// Command is the shell command before substitution.
	Command string
}

// Script holds the directives parsed from one test file.
type Script struct {
	// Path is the file the script was read from.
	Path string
	// RunLines are the commands to execute, in order.
	RunLines []RunLine
	// Requires holds the REQUIRES: items; every one must evaluate to true.
	Requires []string
	// Unsupported holds the UNSUPPORTED: items; if any evaluates to true the
	// test is skipped.
	Unsupported []string
	// XFail holds the XFAIL: items; if any is "*" or evaluates to true the
	// test is expected to fail.
	XFail []string
}

// ParseFile reads the test file at path and parses its directives. A nil or
// empty prefixes slice means [DefaultCommentPrefixes].
func ParseFile(path string, prefixes []string) (*Script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, path, prefixes)
}

// Parse reads directives from r. The name is used in error messages and
// stored as the script's Path. A nil or empty prefixes slice means
// [DefaultCommentPrefixes].
//
// A RUN line whose command ends in a backslash continues on the next RUN
// line; the backslash is dropped and the pieces are joined with a space.
// "%(line)", "%(line+N)" and "%(line-N)" are replaced by the physical line
// number (plus or minus N). Parsing stops at an "END." directive.
func Parse(r io.Reader, name string, prefixes []string) (*Script, error) {
	if len(prefixes) == 0 {
		prefixes = DefaultCommentPrefixes
	}
	s := &Script{Path: name}
	var pending *RunLine // a RUN line continued with a trailing backslash
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		keyword, body, ok := matchDirective(sc.Text(), prefixes)
		if !ok {
			continue
		}
		if keyword == keywordEnd {
			break
		}
		body = substituteLineNumbers(body, lineNo)
		switch keyword {
		case keywordRun:
			var err error
			pending, err = s.addRunPiece(pending, body, lineNo)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, lineNo, err)
			}
		case keywordRequires:
			s.Requires = append(s.Requires, splitList(body)...)
		case keywordUnsupported:
			s.Unsupported = append(s.Unsupported, splitList(body)...)
		case keywordXFail:
			s.XFail = append(s.XFail, splitList(body)...)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if pending != nil {
		return nil, fmt.Errorf("%s:%d: RUN line ends with '\\' but no RUN line follows", name, pending.Line)
	}
	return s, nil
}

// addRunPiece adds one physical RUN line to the script. pending is the
// logical line being continued, if any; the returned value is the logical
// line still awaiting a continuation, or nil when it was completed.
func (s *Script) addRunPiece(pending *RunLine, body string, lineNo int) (*RunLine, error) {
	piece := strings.TrimSpace(body)
	continued := strings.HasSuffix(piece, `\`)
	if continued {
		piece = strings.TrimSpace(strings.TrimSuffix(piece, `\`))
	}
	if pending == nil {
		pending = &RunLine{Line: lineNo, Command: piece}
	} else if piece != "" {
		pending.Command = joinNonEmpty(pending.Command, piece)
	}
	if continued {
		return pending, nil
	}
	if pending.Command == "" {
		return nil, fmt.Errorf("empty RUN line")
	}
	s.RunLines = append(s.RunLines, *pending)
	return nil, nil
}

// joinNonEmpty joins a and b with a single space, omitting the space when a
// is empty.
func joinNonEmpty(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// matchDirective reports whether line is a directive comment such as
// "// RUN: cmd" and returns its keyword (including the colon) and the text
// after the keyword. Leading whitespace and repeated prefix characters
// ("///", ";;", "##") are accepted.
func matchDirective(line string, prefixes []string) (keyword, body string, ok bool) {
	s := strings.TrimLeft(line, " \t")
	for _, p := range prefixes {
		if p == "" || !strings.HasPrefix(s, p) {
			continue
		}
		rest := strings.TrimLeft(strings.TrimLeft(s[len(p):], p), " \t")
		for _, kw := range directiveKeywords {
			if strings.HasPrefix(rest, kw) {
				return kw, rest[len(kw):], true
			}
		}
	}
	return "", "", false
}

// splitList splits a comma-separated directive body into trimmed, non-empty
// items.
func splitList(body string) []string {
	var items []string
	for item := range strings.SplitSeq(body, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

// lineExprRE matches lit's line-number expressions: %(line), %(line+N) and
// %(line-N).
var lineExprRE = regexp.MustCompile(`%\(line *(?:([+-]) *([0-9]+))? *\)`)

// substituteLineNumbers replaces line-number expressions in s, relative to
// the physical line lineNo.
func substituteLineNumbers(s string, lineNo int) string {
	if !strings.Contains(s, "%(line") {
		return s
	}
	return lineExprRE.ReplaceAllStringFunc(s, func(m string) string {
		sub := lineExprRE.FindStringSubmatch(m)
		n := lineNo
		if sub[1] != "" {
			d, err := strconv.Atoi(sub[2])
			if err != nil {
				return m
			}
			if sub[1] == "-" {
				d = -d
			}
			n += d
		}
		return strconv.Itoa(n)
	})
}

package ttopt

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// expectation is one "// expected-error {{...}}" comment.
type expectation struct {
	severity ir.Severity
	line     int // 0 for @unknown
	unknown  bool
	text     string
	re       *regexp.Regexp
	loc      *ir.FileLineColLoc // where the comment is
	matched  bool
}

var expectRE = regexp.MustCompile(`expected-(error|note|warning|remark)(-re)?(@([+-][0-9]+|above|below|unknown))?\s*\{\{(.*?)\}\}`)

// parseExpectations reads the expected-* comments of a chunk whose first
// line is firstLine in the file.
func parseExpectations(file string, src []byte, firstLine int) ([]*expectation, error) {
	lines := strings.Split(string(src), "\n")
	var out []*expectation
	var pendingBelow []*expectation
	lastNonDesignator := 0
	for i, text := range lines {
		lineNo := firstLine + i
		matches := expectRE.FindAllStringSubmatchIndex(text, -1)
		isDesignator := len(matches) > 0 && strings.HasPrefix(strings.TrimSpace(text), "//")
		if !isDesignator {
			for _, e := range pendingBelow {
				e.line = lineNo
			}
			pendingBelow = nil
		}
		for _, m := range matches {
			e := &expectation{loc: ir.FileLineCol(file, lineNo, m[0]+1), line: lineNo}
			e.severity = severityOf(text[m[2]:m[3]])
			e.text = text[m[10]:m[11]]
			if m[4] >= 0 {
				re, err := regexp.Compile(e.text)
				if err != nil {
					return nil, ir.Errorf(e.loc, "invalid regex in expected-* directive: %v", err)
				}
				e.re = re
			}
			if m[8] >= 0 {
				switch mod := text[m[8]:m[9]]; mod {
				case "above":
					e.line = lastNonDesignator
				case "below":
					pendingBelow = append(pendingBelow, e)
				case "unknown":
					e.unknown, e.line = true, 0
				default:
					n, _ := strconv.Atoi(mod)
					e.line = lineNo + n
				}
			}
			out = append(out, e)
		}
		if !isDesignator {
			lastNonDesignator = lineNo
		}
	}
	return out, nil
}

func severityOf(s string) ir.Severity {
	switch s {
	case "note":
		return ir.SeverityNote
	case "warning":
		return ir.SeverityWarning
	case "remark":
		return ir.SeverityRemark
	}
	return ir.SeverityError
}

func (e *expectation) matches(d *ir.Diagnostic) bool {
	if e.matched || e.severity != d.Severity {
		return false
	}
	fl, ok := ir.FileLocOf(d.Loc)
	if e.unknown {
		if ok {
			return false
		}
	} else if !ok || fl.Line != e.line {
		return false
	}
	if e.re != nil {
		return e.re.MatchString(d.Message)
	}
	return strings.Contains(d.Message, e.text)
}

// checkExpectations matches produced diagnostics (with their notes
// flattened) against expectations and returns the mismatches as errors.
func checkExpectations(exps []*expectation, diags []*ir.Diagnostic) []*ir.Diagnostic {
	var problems []*ir.Diagnostic
	var flat []*ir.Diagnostic
	for _, d := range diags {
		flat = append(flat, d)
		flat = append(flat, d.Notes...)
	}
	for _, d := range flat {
		found := false
		for _, e := range exps {
			if e.matches(d) {
				e.matched, found = true, true
				break
			}
		}
		if !found {
			problems = append(problems, &ir.Diagnostic{Severity: ir.SeverityError, Loc: d.Loc,
				Message: fmt.Sprintf("unexpected %s: %s", d.Severity, d.Message)})
		}
	}
	for _, e := range exps {
		if !e.matched {
			problems = append(problems, &ir.Diagnostic{Severity: ir.SeverityError, Loc: e.loc,
				Message: fmt.Sprintf("expected %s \"%s\" was not produced", e.severity, e.text)})
		}
	}
	return problems
}

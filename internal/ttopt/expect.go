package ttopt

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// expectation is one "expected-error @+1 {{...}}" designator.
type expectation struct {
	severity ir.Severity
	line     int // 0 for @unknown
	unknown  bool
	text     string         // what is between the outer {{ and }}
	re       *regexp.Regexp // for expected-*-re
	loc      *ir.FileLineColLoc
	matched  bool
}

// expectRE is MLIR's designator syntax: the kind, "-re" for a regular
// expression, an optional "@+N", "@-N", "@above" or "@below" (spaces allowed
// around it), and the text between the first "{{" and the last "}}", which
// must end the line. "@unknown" (diagnostics without a file location) is
// accepted as newer MLIR releases do; MLIR 16 ignores such lines.
var expectRE = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}\s*$`)

// parseExpectations reads the designators of a chunk whose first line is
// firstLine in the file. Malformed designators (a bad regular expression)
// are returned as diagnostics beside the good ones, as mlir-opt reports
// them and goes on checking.
func parseExpectations(file string, src []byte, firstLine int) ([]*expectation, []*ir.Diagnostic) {
	var out []*expectation
	var problems []*ir.Diagnostic
	var pendingBelow []*expectation
	lastNonDesignator := 0
	for i, text := range strings.Split(string(src), "\n") {
		lineNo := firstLine + i
		m := expectRE.FindStringSubmatchIndex(strings.TrimSuffix(text, "\r"))
		if m == nil {
			// Any other line, comments included, is what @below and @above
			// designators refer to.
			for _, e := range pendingBelow {
				e.line = lineNo
			}
			pendingBelow = nil
			lastNonDesignator = lineNo
			continue
		}
		e := &expectation{loc: ir.FileLineCol(file, lineNo, m[0]+1), line: lineNo,
			severity: severityOf(text[m[2]:m[3]]), text: text[m[10]:m[11]]}
		if m[4] >= 0 {
			re, err := designatorRegexp(e.text)
			if err != nil {
				problems = append(problems, ir.Errorf(e.loc, "%v", err))
				continue
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
	return out, problems
}

// designatorRegexp turns the text of an expected-*-re designator into a
// regular expression: "{{...}}" pieces are regular expressions, the rest is
// literal, as in MLIR and FileCheck.
func designatorRegexp(text string) (*regexp.Regexp, error) {
	var sb strings.Builder
	for {
		start := strings.Index(text, "{{")
		if start < 0 {
			sb.WriteString(regexp.QuoteMeta(text))
			break
		}
		sb.WriteString(regexp.QuoteMeta(text[:start]))
		text = text[start+2:]
		end := strings.Index(text, "}}")
		if end < 0 {
			return nil, fmt.Errorf("found start of regex with no end '}}'")
		}
		sb.WriteString("(" + text[:end] + ")")
		text = text[end+2:]
	}
	re, err := regexp.Compile(sb.String())
	if err != nil {
		return nil, fmt.Errorf("invalid regex: %v", err)
	}
	return re, nil
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

// at reports whether the expectation is about diagnostics at d's line.
func (e *expectation) at(d *ir.Diagnostic) bool {
	fl, ok := ir.FileLocOf(d.Loc)
	if e.unknown {
		return !ok
	}
	return ok && fl.Line == e.line
}

// matchesText reports whether the message matches the expectation's text.
func (e *expectation) matchesText(msg string) bool {
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.text)
}

// checkExpectations matches produced diagnostics (with their notes
// flattened) against expectations and returns the mismatches as errors,
// with mlir-opt's messages. As in MLIR, one expectation may match several
// diagnostics; a diagnostic whose text matches an expectation of another
// severity on its line is reported as a near miss.
func checkExpectations(exps []*expectation, diags []*ir.Diagnostic) []*ir.Diagnostic {
	var problems []*ir.Diagnostic
	var flat []*ir.Diagnostic
	for _, d := range diags {
		flat = append(flat, d)
		flat = append(flat, d.Notes...)
	}
	for _, d := range flat {
		found := false
		var nearMiss *expectation
		for _, e := range exps {
			if !e.at(d) || !e.matchesText(d.Message) {
				continue
			}
			if e.severity == d.Severity {
				e.matched, found = true, true
				break
			}
			nearMiss = e
		}
		switch {
		case found:
		case nearMiss != nil:
			problems = append(problems, &ir.Diagnostic{Severity: ir.SeverityError, Loc: nearMiss.loc,
				Message: fmt.Sprintf("'%s' diagnostic emitted when expecting a '%s'", d.Severity, nearMiss.severity)})
		default:
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

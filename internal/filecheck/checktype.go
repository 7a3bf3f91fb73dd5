package filecheck

// checkKind enumerates the directive kinds of a check file.
type checkKind int

const (
	checkNone checkKind = iota
	checkPlain
	checkNext
	checkSame
	checkNot
	checkDAG
	checkLabel
	checkEmpty
	checkComment
	checkEOF // the implicit pattern matching the end of input
	checkBadNot
	checkBadCount
	checkMisspelled
)

// checkType is a directive kind together with its COUNT and modifiers.
type checkType struct {
	kind    checkKind
	count   int  // repetitions of a CHECK-COUNT-n directive (1 otherwise)
	literal bool // the {LITERAL} modifier
}

func typeOf(k checkKind) checkType { return checkType{kind: k, count: 1} }

// modifiers renders the directive modifiers, e.g. "{LITERAL}".
func (t checkType) modifiers() string {
	if t.literal {
		return "{LITERAL}"
	}
	return ""
}

// describe names the directive as LLVM's diagnostics do, e.g. "CHECK-NEXT".
func (t checkType) describe(prefix string) string {
	switch t.kind {
	case checkPlain:
		if t.count > 1 {
			return prefix + "-COUNT" + t.modifiers()
		}
		return prefix + t.modifiers()
	case checkNext:
		return prefix + "-NEXT" + t.modifiers()
	case checkSame:
		return prefix + "-SAME" + t.modifiers()
	case checkNot:
		return prefix + "-NOT" + t.modifiers()
	case checkDAG:
		return prefix + "-DAG" + t.modifiers()
	case checkLabel:
		return prefix + "-LABEL" + t.modifiers()
	case checkEmpty:
		return prefix + "-EMPTY" + t.modifiers()
	case checkComment:
		return prefix
	case checkEOF:
		return "implicit EOF"
	case checkBadNot:
		return "bad NOT"
	case checkBadCount:
		return "bad COUNT"
	case checkMisspelled:
		return "misspelled"
	}
	return "invalid"
}

// abbrev is the short label used in the annotated input dump.
func (t checkType) abbrev() string {
	switch t.kind {
	case checkPlain:
		if t.count > 1 {
			return "count"
		}
		return "check"
	case checkNext:
		return "next"
	case checkSame:
		return "same"
	case checkNot:
		return "not"
	case checkDAG:
		return "dag"
	case checkLabel:
		return "label"
	case checkEmpty:
		return "empty"
	case checkComment:
		return "com"
	case checkEOF:
		return "eof"
	case checkBadNot:
		return "bad-not"
	case checkBadCount:
		return "bad-count"
	case checkMisspelled:
		return "misspelled"
	}
	return "invalid"
}

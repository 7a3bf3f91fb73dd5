package goemit

import (
	"go/token"
	"strconv"
	"strings"
	"unicode"
)

// camel turns a symbol name into an identifier fragment: every character
// outside [A-Za-z0-9] ends a word, words are capitalized and joined. The
// result may be empty or start with a digit.
func camel(s string) string {
	var sb strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if up {
				sb.WriteRune(unicode.ToUpper(r))
			} else {
				sb.WriteRune(r)
			}
			up = false
		default:
			up = true
		}
	}
	return sb.String()
}

// exportedName returns the Go name of a public function: camel-cased, and
// starting with an upper-case letter ("F" is prepended when it would not).
func exportedName(sym string) string {
	c := camel(sym)
	if c == "" || !('A' <= c[0] && c[0] <= 'Z') {
		c = "F" + c
	}
	return c
}

// nameSet hands out unique identifiers.
type nameSet map[string]bool

// unique returns name, or name2, name3, ... whichever is free first, and
// reserves it.
func (s nameSet) unique(name string) string {
	n := name
	for i := 2; s[n] || token.Lookup(n).IsKeyword(); i++ {
		n = name + strconv.Itoa(i)
	}
	s[n] = true
	return n
}

// symbolText renders an IR symbol name for comments and string literals:
// @name when it is a plain identifier, else @ and the name quoted with
// strconv.QuoteToASCII (no newline, no non-ASCII character, so it cannot
// end a comment or a literal early).
func symbolText(sym string) string {
	plain := sym != ""
	for i, r := range sym {
		if !(r == '_' || r == '.' || r == '$' || r == '-' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || (i > 0 && '0' <= r && r <= '9')) {
			plain = false
			break
		}
	}
	if plain {
		return "@" + sym
	}
	return "@" + strconv.QuoteToASCII(sym)
}

// commentText makes arbitrary text safe for a line comment: quoted when it
// holds anything but printable ASCII.
func commentText(s string) string {
	for _, r := range s {
		if r < ' ' || r > '~' {
			return strconv.QuoteToASCII(s)
		}
	}
	return s
}

// IsPackageName reports whether name can be the name of the generated
// package: a Go identifier that is not a keyword and not "_".
func IsPackageName(name string) bool {
	return token.IsIdentifier(name) && name != "_"
}

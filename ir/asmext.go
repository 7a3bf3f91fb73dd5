package ir

// KeywordBodyParser is implemented by OpParsers that can read a keyword
// written directly before an angle-bracketed body, such as arith's
// fastmath<nnan,ninf>. The lexer reads such text as one token, so
// ParseKeyword cannot match it. Custom parsers reach it with a type
// assertion: p.(ir.KeywordBodyParser).
type KeywordBodyParser interface {
	// ParseOptionalKeywordWithBody reads kw<body> when it comes next and
	// returns body, the text between the outer angle brackets.
	ParseOptionalKeywordWithBody(kw string) (body string, ok bool)
}

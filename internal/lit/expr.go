package lit

import (
	"fmt"
	"strings"
)

// EvalExpr evaluates a lit feature expression against the available
// features. The grammar follows lit's BooleanExpression:
//
//	expr    = and { "||" and }
//	and     = not { "&&" not }
//	not     = "!" not | "(" expr ")" | "true" | "false" | feature
//	feature = one or more of [A-Za-z0-9_.+=/-]
//
// A feature is true when it is present in f.
func EvalExpr(expr string, f Features) (bool, error) {
	p := &exprParser{src: expr, features: f}
	p.next()
	v, err := p.parseOr()
	if err != nil {
		return false, err
	}
	if p.tok != "" {
		return false, fmt.Errorf("feature expression %q: unexpected %q", expr, p.tok)
	}
	return v, nil
}

// exprParser is a recursive-descent parser and evaluator for feature
// expressions. tok holds the current token; "" means end of input.
type exprParser struct {
	src      string
	pos      int
	tok      string
	features Features
}

// next advances to the following token.
func (p *exprParser) next() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
	if p.pos >= len(p.src) {
		p.tok = ""
		return
	}
	rest := p.src[p.pos:]
	for _, op := range []string{"&&", "||", "!", "(", ")"} {
		if strings.HasPrefix(rest, op) {
			p.tok = op
			p.pos += len(op)
			return
		}
	}
	end := p.pos
	for end < len(p.src) && isFeatureByte(p.src[end]) {
		end++
	}
	if end == p.pos {
		end++ // a stray character: return it as a token so it is reported
	}
	p.tok = p.src[p.pos:end]
	p.pos = end
}

// isFeatureByte reports whether c may appear in a feature name.
func isFeatureByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("_.+=/-", c) >= 0
}

// parseOr parses a disjunction.
func (p *exprParser) parseOr() (bool, error) {
	v, err := p.parseAnd()
	for err == nil && p.tok == "||" {
		p.next()
		var rhs bool
		rhs, err = p.parseAnd()
		v = v || rhs
	}
	return v, err
}

// parseAnd parses a conjunction.
func (p *exprParser) parseAnd() (bool, error) {
	v, err := p.parseNot()
	for err == nil && p.tok == "&&" {
		p.next()
		var rhs bool
		rhs, err = p.parseNot()
		v = v && rhs
	}
	return v, err
}

// parseNot parses a negation, a parenthesised expression or a feature.
func (p *exprParser) parseNot() (bool, error) {
	switch tok := p.tok; {
	case tok == "!":
		p.next()
		v, err := p.parseNot()
		return !v, err
	case tok == "(":
		p.next()
		v, err := p.parseOr()
		if err != nil {
			return false, err
		}
		if p.tok != ")" {
			return false, fmt.Errorf("feature expression %q: missing ')'", p.src)
		}
		p.next()
		return v, nil
	case tok == "":
		return false, fmt.Errorf("feature expression %q: unexpected end", p.src)
	case tok == "true" || tok == "false":
		p.next()
		return tok == "true", nil
	case isFeatureByte(tok[0]):
		p.next()
		return p.features.Has(tok), nil
	default:
		return false, fmt.Errorf("feature expression %q: unexpected %q", p.src, tok)
	}
}

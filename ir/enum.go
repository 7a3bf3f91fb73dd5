package ir

import (
	"fmt"
	"strings"
)

// Enumerations spelled by keywords, MLIR's EnumAttr (I32EnumAttr and
// BitEnumAttr): the parameters of attributes such as #vector.kind<add> and
// #arith.fastmath<nnan,ninf>, and the keywords ops write in their custom
// forms. The parse errors are MLIR's.

// EnumCase is one case of an enumeration: the keyword that spells it and
// its Go value.
type EnumCase[E comparable] struct {
	Keyword string
	Value   E
}

// EnumSyntax reads and writes the values of an enumeration; Enum and
// BitEnum implement it.
type EnumSyntax[E comparable] interface {
	// Parse reads a value.
	Parse(p AsmParser) (E, error)
	// Print writes a value as Parse reads it.
	Print(p AsmPrinter, v E)
	// Keywords returns the keywords in the order the parse error lists them.
	Keywords() []string
}

// Enum is an enumeration whose values are each spelled by one keyword.
type Enum[E comparable] struct {
	// Name names the enumeration in parse errors, as MLIR does
	// ("::mlir::vector::CombiningKind").
	Name  string
	Cases []EnumCase[E]
}

// Keyword returns the keyword of v.
func (e *Enum[E]) Keyword(v E) (string, bool) {
	for _, c := range e.Cases {
		if c.Value == v {
			return c.Keyword, true
		}
	}
	return "", false
}

// Lookup returns the value a keyword spells.
func (e *Enum[E]) Lookup(kw string) (E, bool) {
	for _, c := range e.Cases {
		if c.Keyword == kw {
			return c.Value, true
		}
	}
	var zero E
	return zero, false
}

// Keywords implements EnumSyntax.
func (e *Enum[E]) Keywords() []string {
	out := make([]string, len(e.Cases))
	for i, c := range e.Cases {
		out[i] = c.Keyword
	}
	return out
}

// Parse implements EnumSyntax: it reads one keyword.
func (e *Enum[E]) Parse(p AsmParser) (E, error) {
	loc := p.Loc()
	kw, err := p.ParseIdentifier()
	if err != nil {
		var zero E
		return zero, err
	}
	v, ok := e.Lookup(kw)
	if !ok {
		return v, enumError(loc, e.Name, e.Keywords())
	}
	return v, nil
}

// Print implements EnumSyntax. A value that is no case is written as
// Go formats it, which does not parse back.
func (e *Enum[E]) Print(p AsmPrinter, v E) {
	if kw, ok := e.Keyword(v); ok {
		p.Print(kw)
		return
	}
	p.Print(fmt.Sprintf("%v", v))
}

// enumError is MLIR's message for a keyword that is no case.
func enumError(loc Location, name string, keywords []string) error {
	return Errorf(loc, "expected %s to be one of: %s", name, strings.Join(keywords, ", "))
}

// BitSet constrains the Go type of a bit enumeration: an unsigned integer
// type whose bits are the flags.
type BitSet interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
}

// BitEnum is an enumeration of flags: a value is a set of bits, written as
// a comma-separated keyword list ("nnan,ninf"). Cases with several bits
// set are groups ("fast"), written instead of their bits.
type BitEnum[E BitSet] struct {
	// Name names the enumeration in parse errors.
	Name string
	// None is the keyword of the empty set ("none").
	None string
	// Cases are the single bits and the groups, in the order MLIR lists
	// them (a group after its bits).
	Cases []EnumCase[E]
}

// Keywords implements EnumSyntax.
func (e *BitEnum[E]) Keywords() []string {
	out := []string{e.None}
	for _, c := range e.Cases {
		out = append(out, c.Keyword)
	}
	return out
}

// Stringify returns v as Print writes it: the None keyword for no bits, else
// the groups that are fully set, then the remaining single bits, joined by
// commas (MLIR's stringify of a bit enum). Bits no case names are left out.
func (e *BitEnum[E]) Stringify(v E) string {
	if v == 0 {
		return e.None
	}
	var parts []string
	rest := v
	for _, c := range e.Cases {
		if isGroup(c.Value) && rest&c.Value == c.Value {
			parts = append(parts, c.Keyword)
			rest &^= c.Value
		}
	}
	for _, c := range e.Cases {
		if !isGroup(c.Value) && rest&c.Value != 0 {
			parts = append(parts, c.Keyword)
		}
	}
	return strings.Join(parts, ",")
}

// isGroup reports whether v has more than one bit set.
func isGroup[E BitSet](v E) bool { return v&(v-1) != 0 }

// Print implements EnumSyntax.
func (e *BitEnum[E]) Print(p AsmPrinter, v E) { p.Print(e.Stringify(v)) }

// Parse implements EnumSyntax: it reads one or more keywords separated by
// commas and returns the union of their bits.
func (e *BitEnum[E]) Parse(p AsmParser) (E, error) {
	var v E
	for {
		loc := p.Loc()
		kw, err := p.ParseIdentifier()
		if err != nil {
			return 0, err
		}
		bits, ok := e.lookup(kw)
		if !ok {
			return 0, enumError(loc, e.Name, e.Keywords())
		}
		v |= bits
		if !p.ParseOptionalPunct(",") {
			return v, nil
		}
	}
}

func (e *BitEnum[E]) lookup(kw string) (E, bool) {
	if kw == e.None {
		return 0, true
	}
	for _, c := range e.Cases {
		if c.Keyword == kw {
			return c.Value, true
		}
	}
	return 0, false
}

// EnumAttrDef defines the attribute #dialect.mnemonic<keyword> of an
// enumeration (MLIR's EnumAttr with its default assembly format). The
// description lists the keywords.
func EnumAttrDef[E comparable](name, summary string, e EnumSyntax[E]) *DialectAttrDef[E] {
	return &DialectAttrDef[E]{
		Name:        name,
		Summary:     summary,
		Description: "One of: " + strings.Join(e.Keywords(), ", ") + ".",
		Parse: func(p AsmParser) (E, error) {
			var zero E
			if err := p.ParsePunct("<"); err != nil {
				return zero, err
			}
			v, err := e.Parse(p)
			if err != nil {
				return zero, err
			}
			if err := p.ParsePunct(">"); err != nil {
				return zero, err
			}
			return v, nil
		},
		Print: func(p AsmPrinter, v E) {
			p.Print("<")
			e.Print(p, v)
			p.Print(">")
		},
	}
}

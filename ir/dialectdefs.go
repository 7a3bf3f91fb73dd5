package ir

import (
	"fmt"
	"hash/maphash"
	"reflect"
	"strings"
)

// Dialect-defined types and attributes, MLIR's TypeDef and AttrDef (xDSL's
// ParametrizedAttribute): a dialect declares a definition with a name
// ("gpu.address_space"), a Go type for its parameters, and hooks that parse
// and print the parameters. The core spells the value
// #dialect.mnemonic<params> (!dialect.mnemonic<params> for a type) and
// dispatches the parser to the hooks of the loaded dialect; dialects that
// are not loaded keep their text as OpaqueAttr and OpaqueType.
//
// The parameters must be a comparable Go value (an integer enum, a struct
// of integers, strings and uniqued types): equality, hashing for CSE and
// type uniquing compare them with ==, so no hook is needed for those and
// they cannot disagree.

// DefInfo names and documents a dialect type or attribute definition.
type DefInfo struct {
	// Name is the full name, "dialect.mnemonic" (the mnemonic may contain
	// dots: "gpu.async.token").
	Name string
	// Summary is a one-line description; Description may be longer.
	Summary, Description string
}

// Mnemonic returns the name without the dialect prefix.
func (i DefInfo) Mnemonic() string {
	_, m, _ := strings.Cut(i.Name, ".")
	return m
}

// AttrDefinition is a dialect attribute definition whatever the Go type of
// its parameters: what Dialect.Attrs lists and what a DialectAttr refers
// to. *DialectAttrDef is its only implementation.
type AttrDefinition interface {
	// Info returns the definition's name and documentation.
	Info() DefInfo
	// ParseAttribute reads the parameters that follow the attribute's name
	// and returns the attribute.
	ParseAttribute(p AsmParser) (Attribute, error)

	printParams(p AsmPrinter, params any)
	hashParams(params any) uint64
	check() error
}

// DialectAttrDef defines the attribute #dialect.mnemonic<...> whose
// parameters are a P. Declare it as a package-level value, list it in
// the dialect's Attrs, and create attributes with Get.
type DialectAttrDef[P comparable] struct {
	// Name is the full name, "dialect.mnemonic", as in OpDef.Name.
	Name string
	// Summary and Description document the attribute.
	Summary, Description string
	// Parse reads the parameters, which follow the name: "<nnan,ninf>" in
	// #arith.fastmath<nnan,ninf>. Ops whose custom form writes the
	// attribute without its name (arith.addf's fastmath<nnan>) call it too.
	// Nil means the attribute has no parameters.
	Parse func(p AsmParser) (P, error)
	// Print writes the parameters as Parse reads them; nil when Parse is.
	Print func(p AsmPrinter, v P)
}

// Get returns the attribute with parameters v.
func (d *DialectAttrDef[P]) Get(v P) Attribute { return DialectAttr{def: d, params: v} }

// Value returns the parameters of a, when a is an attribute of this
// definition.
func (d *DialectAttrDef[P]) Value(a Attribute) (P, bool) {
	if da, ok := a.(DialectAttr); ok && da.def == AttrDefinition(d) {
		return da.params.(P), true
	}
	var zero P
	return zero, false
}

// Info implements AttrDefinition.
func (d *DialectAttrDef[P]) Info() DefInfo {
	return DefInfo{Name: d.Name, Summary: d.Summary, Description: d.Description}
}

// ParseAttribute implements AttrDefinition.
func (d *DialectAttrDef[P]) ParseAttribute(p AsmParser) (Attribute, error) {
	var v P
	if d.Parse != nil {
		var err error
		if v, err = d.Parse(p); err != nil {
			return nil, err
		}
	}
	return d.Get(v), nil
}

func (d *DialectAttrDef[P]) printParams(p AsmPrinter, params any) {
	if d.Print != nil {
		d.Print(p, params.(P))
	}
}

func (d *DialectAttrDef[P]) hashParams(params any) uint64 {
	return maphash.Comparable(hashSeed, params.(P))
}

func (d *DialectAttrDef[P]) check() error {
	return checkDef(DefInfo{Name: d.Name}, reflect.TypeFor[P](), d.Parse == nil, d.Print == nil)
}

// checkDef checks what the compiler cannot: a "dialect.mnemonic" name,
// parameters compared by value, and both hooks or neither.
func checkDef(info DefInfo, params reflect.Type, noParse, noPrint bool) error {
	if d, m, ok := strings.Cut(info.Name, "."); !ok || d == "" || m == "" {
		return fmt.Errorf("definition name %q is not of the form dialect.mnemonic", info.Name)
	}
	if params.Kind() == reflect.Interface {
		// An interface may hold values that panic when compared.
		return fmt.Errorf("%s: parameters of interface type %s may not be comparable", info.Name, params)
	}
	if noParse != noPrint {
		return fmt.Errorf("%s: Parse and Print must be both set or both nil", info.Name)
	}
	return nil
}

// DialectAttr is an attribute a dialect defines: its definition and its
// parameters. Two DialectAttrs are equal (==, AttrEqual) exactly when they
// have the same definition and equal parameters.
type DialectAttr struct {
	def    AttrDefinition
	params any
}

// Def returns the attribute's definition.
func (a DialectAttr) Def() AttrDefinition { return a.def }

// Params returns the parameters (a P of the DialectAttrDef[P]).
func (a DialectAttr) Params() any { return a.params }

// String returns the attribute in MLIR syntax.
func (a DialectAttr) String() string { return attrString(a) }
func (a DialectAttr) writeTo(sb *strings.Builder) {
	var params strings.Builder
	a.def.printParams(stringPrinter{&params}, a.params)
	writeDialectSymbol(sb, '#', a.def.Info().Name, params.String())
}

// writeDialectSymbol writes a dialect attribute or type as MLIR does: in
// the pretty form #dialect.mnemonic<params> when the mnemonic and its
// parameters are simple enough (an identifier, then nothing or a <...>
// body), else in the form #dialect<mnemonic params> (MLIR 16's #gpu<dim x>,
// whose parameters start with a space).
func writeDialectSymbol(sb *strings.Builder, sigil byte, name, params string) {
	sb.WriteByte(sigil)
	dialect, mnemonic, _ := strings.Cut(name, ".")
	if prettyDialectSymbol(mnemonic + params) {
		sb.WriteString(name)
		sb.WriteString(params)
		return
	}
	sb.WriteString(dialect)
	sb.WriteByte('<')
	sb.WriteString(mnemonic)
	sb.WriteString(params)
	sb.WriteByte('>')
}

// prettyDialectSymbol is MLIR's isDialectSymbolSimpleEnoughForPrettyForm.
func prettyDialectSymbol(s string) bool {
	if s == "" || !('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') {
		return false
	}
	rest := strings.TrimLeftFunc(s, func(r rune) bool {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '.' || r == '_'
	})
	return rest == "" || rest[0] == '<' && rest[len(rest)-1] == '>'
}

// TypeDefinition is a dialect type definition whatever the Go type of its
// parameters: what Dialect.Types lists and what a DialectType refers to.
// *DialectTypeDef is its only implementation.
type TypeDefinition interface {
	// Info returns the definition's name and documentation.
	Info() DefInfo
	// ParseType reads the parameters that follow the type's name and
	// returns the type, uniqued in p's context.
	ParseType(p AsmParser) (Type, error)

	printParams(p AsmPrinter, params any)
	check() error
}

// DialectTypeDef defines the type !dialect.mnemonic<...> whose parameters
// are a P. Declare it as a package-level value, list it in the dialect's
// Types, and create types with Get.
type DialectTypeDef[P comparable] struct {
	// Name is the full name, "dialect.mnemonic".
	Name string
	// Summary and Description document the type.
	Summary, Description string
	// Parse reads the parameters that follow the name; nil means the type
	// has none (!gpu.async.token).
	Parse func(p AsmParser) (P, error)
	// Print writes the parameters as Parse reads them; nil when Parse is.
	Print func(p AsmPrinter, v P)
}

// Get returns the type with parameters v, uniqued in ctx.
func (d *DialectTypeDef[P]) Get(ctx *Context, v P) Type { return ctx.dialectType(d, v) }

// Value returns the parameters of t, when t is a type of this definition.
func (d *DialectTypeDef[P]) Value(t Type) (P, bool) {
	if dt, ok := t.(*DialectType); ok && dt.def == TypeDefinition(d) {
		return dt.params.(P), true
	}
	var zero P
	return zero, false
}

// Info implements TypeDefinition.
func (d *DialectTypeDef[P]) Info() DefInfo {
	return DefInfo{Name: d.Name, Summary: d.Summary, Description: d.Description}
}

// ParseType implements TypeDefinition.
func (d *DialectTypeDef[P]) ParseType(p AsmParser) (Type, error) {
	var v P
	if d.Parse != nil {
		var err error
		if v, err = d.Parse(p); err != nil {
			return nil, err
		}
	}
	return d.Get(p.Context(), v), nil
}

func (d *DialectTypeDef[P]) printParams(p AsmPrinter, params any) {
	if d.Print != nil {
		d.Print(p, params.(P))
	}
}

func (d *DialectTypeDef[P]) check() error {
	return checkDef(DefInfo{Name: d.Name}, reflect.TypeFor[P](), d.Parse == nil, d.Print == nil)
}

// DialectType is a type a dialect defines: its definition and its
// parameters, uniqued by the Context like every type (compare with ==).
type DialectType struct {
	spelling
	def    TypeDefinition
	params any
}

// Def returns the type's definition.
func (t *DialectType) Def() TypeDefinition { return t.def }

// Params returns the parameters (a P of the DialectTypeDef[P]).
func (t *DialectType) Params() any { return t.params }

// String returns the type in MLIR syntax.
func (t *DialectType) String() string { return t.spelling.get(t) }
func (t *DialectType) writeTo(sb *strings.Builder) {
	var params strings.Builder
	t.def.printParams(stringPrinter{&params}, t.params)
	writeDialectSymbol(sb, '!', t.def.Info().Name, params.String())
}

// dialectTypeKey identifies a dialect type for uniquing: the definition and
// the parameters, both comparable.
type dialectTypeKey struct {
	def    TypeDefinition
	params any
}

// dialectType returns the canonical DialectType of def with params.
func (c *Context) dialectType(def TypeDefinition, params any) Type {
	key := dialectTypeKey{def, params}
	c.mu.RLock()
	t, ok := c.dialectTypes[key]
	c.mu.RUnlock()
	if ok {
		return t
	}
	nt := &DialectType{def: def, params: params}
	nt.setSpelling(typeString(nt))
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.dialectTypes[key]; ok {
		return t
	}
	c.dialectTypes[key] = nt
	return nt
}

// LookupAttrDef returns the attribute definition named "dialect.mnemonic"
// of a loaded dialect, or nil.
func (c *Context) LookupAttrDef(name string) AttrDefinition {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.attrDefs[name]
}

// LookupTypeDef returns the type definition named "dialect.mnemonic" of a
// loaded dialect, or nil.
func (c *Context) LookupTypeDef(name string) TypeDefinition {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.typeDefs[name]
}

// stringPrinter is the AsmPrinter behind String: it writes types and
// attributes in their plain spelling.
type stringPrinter struct{ sb *strings.Builder }

func (p stringPrinter) Print(s string)             { p.sb.WriteString(s) }
func (p stringPrinter) PrintType(t Type)           { t.writeTo(p.sb) }
func (p stringPrinter) PrintAttribute(a Attribute) { a.writeTo(p.sb) }
func (p stringPrinter) PrintAttributeWithoutType(a Attribute) {
	p.sb.WriteString(AttrStringWithoutType(a))
}

// AttrStringWithoutType returns a in MLIR syntax without the type of an
// integer, float, string or dense elements attribute (what custom forms
// write when the type is implied).
func AttrStringWithoutType(a Attribute) string {
	switch a := a.(type) {
	case *IntegerAttr:
		return a.ValueString()
	case *FloatAttr:
		return FormatFloat(a.Value, a.Type)
	case *DenseElementsAttr:
		s := a.String()
		return s[:strings.LastIndex(s, " : ")]
	case *StringAttr:
		return Quote(a.Value)
	}
	return a.String()
}

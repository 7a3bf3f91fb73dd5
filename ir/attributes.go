package ir

import (
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Attribute is a compile-time constant value attached to an operation.
// Attributes are immutable; compare them with AttrEqual.
type Attribute interface {
	// String returns the attribute in MLIR syntax.
	String() string
	writeTo(sb *strings.Builder)
}

// TypedAttr is implemented by attributes that carry a type (integers, floats,
// dense elements).
type TypedAttr interface {
	Attribute
	AttrType() Type
}

// NamedAttr is one entry of an operation's attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// AttrEqual reports whether two attributes are equal.
func AttrEqual(a, b Attribute) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if a == b {
		return true
	}
	_, da := a.(DialectAttr)
	_, db := b.(DialectAttr)
	if da || db {
		// Equal dialect attributes compare equal with ==: same definition,
		// equal parameters. One never equals an opaque attribute of the
		// same spelling.
		return false
	}
	switch x := a.(type) {
	case *IntegerAttr:
		y, ok := b.(*IntegerAttr)
		return ok && x.Type == y.Type && x.Val == y.Val && bigEq(x.Big, y.Big)
	case *FloatAttr:
		y, ok := b.(*FloatAttr)
		return ok && x.Type == y.Type && x.bits() == y.bits()
	case *StringAttr:
		y, ok := b.(*StringAttr)
		return ok && x.Value == y.Value && x.Type == y.Type
	case *TypeAttr:
		y, ok := b.(*TypeAttr)
		return ok && x.Value == y.Value
	case UnitAttr:
		_, ok := b.(UnitAttr)
		return ok
	}
	return a.String() == b.String()
}

func bigEq(a, b *big.Int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Cmp(b) == 0
}

// ---- Integer ----

// IntegerAttr is an integer (or index, or i1 boolean) constant. For widths up
// to 64 bits the value is in Val: sign-extended for signless and signed
// types, the raw bit pattern for unsigned types. Wider values are in Big.
type IntegerAttr struct {
	Type Type
	Val  int64
	Big  *big.Int
}

// Int returns an IntegerAttr of the given integer or index type.
func Int(t Type, v int64) *IntegerAttr { return &IntegerAttr{Type: t, Val: truncInt(t, v)} }

// Bool returns the i1 attribute true or false.
func Bool(ctx *Context, b bool) *IntegerAttr {
	if b {
		return &IntegerAttr{Type: ctx.I1(), Val: 1}
	}
	return &IntegerAttr{Type: ctx.I1(), Val: 0}
}

// truncInt wraps v to the width of t (two's complement), sign-extending for
// signless and signed types.
func truncInt(t Type, v int64) int64 {
	it, ok := t.(*IntegerType)
	if !ok || it.Width >= 64 {
		return v
	}
	if it.Width == 1 {
		return v & 1
	}
	shift := 64 - uint(it.Width)
	if it.Signedness == Unsigned {
		return int64(uint64(v) << shift >> shift)
	}
	return v << shift >> shift
}

// AttrType returns the attribute's type.
func (a *IntegerAttr) AttrType() Type { return a.Type }

// Int64 returns the value as an int64 (wrapping for wide values).
func (a *IntegerAttr) Int64() int64 {
	if a.Big != nil {
		return a.Big.Int64()
	}
	return a.Val
}

// IsBool reports whether the attribute is an i1.
func (a *IntegerAttr) IsBool() bool { return IntWidth(a.Type) == 1 && IsInteger(a.Type) }

// String returns the attribute in MLIR syntax.
func (a *IntegerAttr) String() string { return attrString(a) }
func (a *IntegerAttr) writeTo(sb *strings.Builder) {
	if a.IsBool() {
		if a.Val != 0 {
			sb.WriteString("true")
		} else {
			sb.WriteString("false")
		}
		return
	}
	sb.WriteString(a.ValueString())
	sb.WriteString(" : ")
	a.Type.writeTo(sb)
}

// ValueString returns the value as MLIR prints it, without the type.
func (a *IntegerAttr) ValueString() string {
	if a.Big != nil {
		return a.Big.String()
	}
	if it, ok := a.Type.(*IntegerType); ok && it.Signedness == Unsigned {
		return strconv.FormatUint(uint64(a.Val), 10)
	}
	if a.IsBool() {
		if a.Val != 0 {
			return "true"
		}
		return "false"
	}
	return strconv.FormatInt(a.Val, 10)
}

// ---- Float ----

// FloatAttr is a floating-point constant of a float type.
type FloatAttr struct {
	Type  Type
	Value float64
}

// Float returns a FloatAttr; the value is rounded to the precision of t.
func Float(t Type, v float64) *FloatAttr { return &FloatAttr{Type: t, Value: RoundToType(t, v)} }

// AttrType returns the attribute's type.
func (a *FloatAttr) AttrType() Type { return a.Type }

func (a *FloatAttr) bits() uint64 { return FloatBits(a.Type, a.Value) }

// String returns the attribute in MLIR syntax.
func (a *FloatAttr) String() string {
	return attrString(a)
}
func (a *FloatAttr) writeTo(sb *strings.Builder) {
	sb.WriteString(FormatFloat(a.Value, a.Type))
	sb.WriteString(" : ")
	a.Type.writeTo(sb)
}

// ---- String, unit, type ----

// StringAttr is a string constant. Type is nil unless the string is typed ("x" : i32).
type StringAttr struct {
	Value string
	Type  Type
}

// String returns a StringAttr.
func String(s string) *StringAttr { return &StringAttr{Value: s} }

// String returns the attribute in MLIR syntax.
func (a *StringAttr) String() string { return attrString(a) }
func (a *StringAttr) writeTo(sb *strings.Builder) {
	sb.WriteString(Quote(a.Value))
	if a.Type != nil {
		sb.WriteString(" : ")
		a.Type.writeTo(sb)
	}
}

// UnitAttr is the valueless attribute "unit"; in a dictionary it is written
// as the bare name.
type UnitAttr struct{}

// String returns the attribute in MLIR syntax.
func (UnitAttr) String() string              { return "unit" }
func (UnitAttr) writeTo(sb *strings.Builder) { sb.WriteString("unit") }

// TypeAttr wraps a type as an attribute.
type TypeAttr struct{ Value Type }

// String returns the attribute in MLIR syntax.
func (a *TypeAttr) String() string              { return a.Value.String() }
func (a *TypeAttr) writeTo(sb *strings.Builder) { a.Value.writeTo(sb) }

// ---- Array and dictionary ----

// ArrayAttr is [a, b, ...].
type ArrayAttr struct{ Elems []Attribute }

// Array returns an ArrayAttr.
func Array(elems ...Attribute) *ArrayAttr { return &ArrayAttr{Elems: elems} }

// String returns the attribute in MLIR syntax.
func (a *ArrayAttr) String() string { return attrString(a) }
func (a *ArrayAttr) writeTo(sb *strings.Builder) {
	sb.WriteByte('[')
	for i, e := range a.Elems {
		if i > 0 {
			sb.WriteString(", ")
		}
		writeAttrElided(sb, e)
	}
	sb.WriteByte(']')
}

// writeAttrElided writes a, leaving out the default types i64 and f64 of
// integer and float attributes, as MLIR does inside arrays and memory spaces.
func writeAttrElided(sb *strings.Builder, a Attribute) {
	switch a := a.(type) {
	case *IntegerAttr:
		if it, ok := a.Type.(*IntegerType); ok && it.Width == 64 && it.Signedness == Signless {
			sb.WriteString(a.ValueString())
			return
		}
	case *FloatAttr:
		if ft, ok := a.Type.(*FloatType); ok && ft.Kind == F64 {
			sb.WriteString(FormatFloat(a.Value, a.Type))
			return
		}
	}
	a.writeTo(sb)
}

// DictionaryAttr is {k = v, ...}, kept sorted by name like MLIR's.
type DictionaryAttr struct{ Entries []NamedAttr }

// Dict returns a DictionaryAttr with entries sorted by name. Duplicate names
// are the caller's error; the parser reports them.
func Dict(entries ...NamedAttr) *DictionaryAttr {
	e := slices.Clone(entries)
	sort.SliceStable(e, func(i, j int) bool { return e[i].Name < e[j].Name })
	return &DictionaryAttr{Entries: e}
}

// Get returns the value of a named entry, or nil.
func (a *DictionaryAttr) Get(name string) Attribute {
	for _, e := range a.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// String returns the attribute in MLIR syntax.
func (a *DictionaryAttr) String() string { return attrString(a) }
func (a *DictionaryAttr) writeTo(sb *strings.Builder) {
	sb.WriteByte('{')
	WriteNamedAttrs(sb, a.Entries)
	sb.WriteByte('}')
}

// WriteNamedAttrs writes "k = v, k2, ..." (unit attributes as bare names).
func WriteNamedAttrs(sb *strings.Builder, entries []NamedAttr) {
	for i, e := range entries {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(AttrName(e.Name))
		if _, unit := e.Value.(UnitAttr); unit {
			continue
		}
		sb.WriteString(" = ")
		e.Value.writeTo(sb)
	}
}

// AttrName returns a dictionary key as MLIR writes it: bare when it is a valid
// bare identifier, quoted otherwise.
func AttrName(name string) string {
	if IsBareIdentifier(name) {
		return name
	}
	return Quote(name)
}

// IsBareIdentifier reports whether s matches MLIR's bare-id: [a-zA-Z_][a-zA-Z0-9_$.]*.
func IsBareIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
		case i > 0 && ((c >= '0' && c <= '9') || c == '$' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// ---- Symbol references ----

// SymbolRefAttr is @root or @root::@nested::@leaf.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

// SymbolRef returns a flat symbol reference @name.
func SymbolRef(name string, nested ...string) *SymbolRefAttr {
	return &SymbolRefAttr{Root: name, Nested: nested}
}

// Leaf returns the last name of the reference.
func (a *SymbolRefAttr) Leaf() string {
	if len(a.Nested) > 0 {
		return a.Nested[len(a.Nested)-1]
	}
	return a.Root
}

// String returns the attribute in MLIR syntax.
func (a *SymbolRefAttr) String() string { return attrString(a) }
func (a *SymbolRefAttr) writeTo(sb *strings.Builder) {
	writeSymbolName(sb, a.Root)
	for _, n := range a.Nested {
		sb.WriteString("::")
		writeSymbolName(sb, n)
	}
}

// writeSymbolName writes @name as MLIR's printSymbolName does: bare when
// name is a bare identifier, else quoted (@"0", @"a-b").
func writeSymbolName(sb *strings.Builder, name string) {
	sb.WriteByte('@')
	if IsBareIdentifier(name) {
		sb.WriteString(name)
	} else {
		sb.WriteString(Quote(name))
	}
}

// ---- Opaque attributes ----

// OpaqueAttr is an attribute of a dialect tt does not model (#dialect.name<body>),
// or a builtin attribute form kept as text (affine_map<...>, strided<...>, ...).
type OpaqueAttr struct {
	// Text is the complete spelling, for example "#foo.bar<1, 2>" or "affine_map<(d0) -> (d0)>".
	Text string
}

// String returns the attribute in MLIR syntax.
func (a *OpaqueAttr) String() string              { return a.Text }
func (a *OpaqueAttr) writeTo(sb *strings.Builder) { sb.WriteString(a.Text) }

// ---- Dense arrays ----

// DenseArrayAttr is array<i64: 1, 2, 3> (integer, i1 or float elements).
type DenseArrayAttr struct {
	Elem   Type
	Ints   []int64   // for integer element types
	Floats []float64 // for float element types
}

// I64Array returns array<i64: vs...>.
func I64Array(ctx *Context, vs ...int64) *DenseArrayAttr {
	return &DenseArrayAttr{Elem: ctx.I64(), Ints: slices.Clone(vs)}
}

// Len returns the number of elements.
func (a *DenseArrayAttr) Len() int {
	if IsFloat(a.Elem) {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// String returns the attribute in MLIR syntax.
func (a *DenseArrayAttr) String() string { return attrString(a) }
func (a *DenseArrayAttr) writeTo(sb *strings.Builder) {
	sb.WriteString("array<")
	a.Elem.writeTo(sb)
	if a.Len() > 0 {
		sb.WriteString(": ")
	}
	for i := 0; i < a.Len(); i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		if IsFloat(a.Elem) {
			sb.WriteString(FormatFloat(a.Floats[i], a.Elem))
		} else {
			sb.WriteString((&IntegerAttr{Type: a.Elem, Val: a.Ints[i]}).ValueString())
		}
	}
	sb.WriteByte('>')
}

func attrString(a Attribute) string {
	var sb strings.Builder
	a.writeTo(&sb)
	return sb.String()
}

// Quote returns s as an MLIR string literal, escaped the way MLIR prints
// strings: printable ASCII other than '"' and '\\' as is, '\\' doubled, and
// every other byte as \XX (two upper-case hex digits).
func Quote(s string) string {
	var sb strings.Builder
	sb.Grow(len(s) + 2)
	sb.WriteByte('"')
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			sb.WriteString(`\\`)
		case c >= 0x20 && c < 0x7f && c != '"':
			sb.WriteByte(c)
		default:
			sb.WriteByte('\\')
			sb.WriteByte(hex[c>>4])
			sb.WriteByte(hex[c&15])
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// LocationAttr wraps a location as an attribute value (loc(...) written
// where an attribute is expected, and the value of #loc aliases).
type LocationAttr struct{ Loc Location }

// String returns the attribute in MLIR syntax.
func (a *LocationAttr) String() string              { return a.Loc.String() }
func (a *LocationAttr) writeTo(sb *strings.Builder) { sb.WriteString(a.Loc.String()) }

// ---- Typed values of attributes ----
//
// The extractors below return an attribute's value as a Go value and
// whether it has the expected kind; generated op accessors
// (internal/odsgen) are built on them. None of them panics.

// IntValue returns the value of an integer attribute.
func IntValue(a Attribute) (int64, bool) {
	if i, ok := a.(*IntegerAttr); ok {
		return i.Int64(), true
	}
	return 0, false
}

// FloatValue returns the value of a float attribute.
func FloatValue(a Attribute) (float64, bool) {
	if f, ok := a.(*FloatAttr); ok {
		return f.Value, true
	}
	return 0, false
}

// BoolValue returns the value of an i1 integer attribute.
func BoolValue(a Attribute) (bool, bool) {
	if i, ok := a.(*IntegerAttr); ok && i.IsBool() {
		return i.Int64() != 0, true
	}
	return false, false
}

// StringValue returns the value of a string attribute.
func StringValue(a Attribute) (string, bool) {
	if s, ok := a.(*StringAttr); ok {
		return s.Value, true
	}
	return "", false
}

// IntsValue returns the elements of an integer dense array attribute
// (array<i64: ...>). The slice is the attribute's own: do not modify it.
func IntsValue(a Attribute) ([]int64, bool) {
	if d, ok := a.(*DenseArrayAttr); ok && d.Floats == nil {
		return d.Ints, true
	}
	return nil, false
}

// SymbolValue returns the name a flat symbol reference (@name) refers to.
func SymbolValue(a Attribute) (string, bool) {
	if s, ok := a.(*SymbolRefAttr); ok && len(s.Nested) == 0 {
		return s.Root, true
	}
	return "", false
}

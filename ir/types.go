package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Type is an IR type. Types are immutable and uniqued by their Context: two
// types built by the same Context are equal exactly when they are the same
// value, so they may be compared with == and used as map keys.
type Type interface {
	// String returns the type in MLIR syntax, for example "tensor<4x?xf32>".
	String() string
	// writeTo appends the MLIR spelling of the type.
	writeTo(sb *strings.Builder)
}

// Dynamic marks a dimension whose size is not known statically ("?").
const Dynamic int64 = -1

// Signedness is the signedness semantics of an integer type.
type Signedness uint8

// Integer signedness kinds, spelled iN, siN and uiN.
const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	spelling
	Width      int
	Signedness Signedness
}

// String returns the type in MLIR syntax.
func (t *IntegerType) String() string { return t.spelling.get(t) }
func (t *IntegerType) writeTo(sb *strings.Builder) {
	switch t.Signedness {
	case Signed:
		sb.WriteString("si")
	case Unsigned:
		sb.WriteString("ui")
	default:
		sb.WriteByte('i')
	}
	sb.WriteString(strconv.Itoa(t.Width))
}

// IsSignless reports whether t is a signless integer type (iN).
func (t *IntegerType) IsSignless() bool { return t.Signedness == Signless }

// IndexType is the target-dependent integer type "index".
type IndexType struct{}

// String returns the type in MLIR syntax.
func (t *IndexType) String() string              { return "index" }
func (t *IndexType) writeTo(sb *strings.Builder) { sb.WriteString("index") }

// FloatKind identifies a floating-point format.
type FloatKind uint8

// Floating-point formats.
const (
	F16 FloatKind = iota
	BF16
	F32
	F64
	F80
	F128
	TF32
)

var floatNames = [...]string{F16: "f16", BF16: "bf16", F32: "f32", F64: "f64", F80: "f80", F128: "f128", TF32: "tf32"}

// FloatType is one of the builtin floating-point types.
type FloatType struct{ Kind FloatKind }

// String returns the type in MLIR syntax.
func (t *FloatType) String() string              { return floatNames[t.Kind] }
func (t *FloatType) writeTo(sb *strings.Builder) { sb.WriteString(floatNames[t.Kind]) }

// Width returns the storage width of the format in bits.
func (t *FloatType) Width() int {
	switch t.Kind {
	case F16, BF16:
		return 16
	case F32, TF32:
		return 32
	case F64:
		return 64
	case F80:
		return 80
	default:
		return 128
	}
}

// NoneType is the unit type "none".
type NoneType struct{}

// String returns the type in MLIR syntax.
func (t *NoneType) String() string              { return "none" }
func (t *NoneType) writeTo(sb *strings.Builder) { sb.WriteString("none") }

// ComplexType is complex<elem>.
type ComplexType struct {
	spelling
	Elem Type
}

// String returns the type in MLIR syntax.
func (t *ComplexType) String() string { return t.spelling.get(t) }
func (t *ComplexType) writeTo(sb *strings.Builder) {
	sb.WriteString("complex<")
	sb.WriteString(t.Elem.String())
	sb.WriteByte('>')
}

// TupleType is tuple<t0, t1, ...>.
type TupleType struct {
	spelling
	Types []Type
}

// String returns the type in MLIR syntax.
func (t *TupleType) String() string { return t.spelling.get(t) }
func (t *TupleType) writeTo(sb *strings.Builder) {
	sb.WriteString("tuple<")
	writeTypeList(sb, t.Types)
	sb.WriteByte('>')
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	spelling
	Inputs  []Type
	Results []Type
}

// String returns the type in MLIR syntax.
func (t *FunctionType) String() string { return t.spelling.get(t) }
func (t *FunctionType) writeTo(sb *strings.Builder) {
	sb.WriteByte('(')
	writeTypeList(sb, t.Inputs)
	sb.WriteString(") -> ")
	writeResultTypes(sb, t.Results)
}

// writeResultTypes writes a result type list the way MLIR does: a single
// non-function type bare, anything else parenthesized.
func writeResultTypes(sb *strings.Builder, results []Type) {
	if len(results) == 1 {
		if _, isFn := results[0].(*FunctionType); !isFn {
			sb.WriteString(results[0].String())
			return
		}
	}
	sb.WriteByte('(')
	writeTypeList(sb, results)
	sb.WriteByte(')')
}

// ShapedType is implemented by tensor, memref and vector types.
type ShapedType interface {
	Type
	// ElementType returns the type of the elements.
	ElementType() Type
	// HasRank reports whether the rank is known.
	HasRank() bool
	// Shape returns the dimension sizes (Dynamic for "?"); nil when unranked.
	Shape() []int64
}

// RankedTensorType is tensor<d0 x d1 x ... x elem[, encoding]>.
type RankedTensorType struct {
	spelling
	shape    []int64
	Elem     Type
	Encoding Attribute // nil when absent
}

// String returns the type in MLIR syntax.
func (t *RankedTensorType) String() string { return t.spelling.get(t) }

// ElementType implements ShapedType.
func (t *RankedTensorType) ElementType() Type { return t.Elem }

// HasRank implements ShapedType.
func (t *RankedTensorType) HasRank() bool { return true }

// Shape returns the dimension sizes. The caller must not modify the slice.
func (t *RankedTensorType) Shape() []int64 { return t.shape }

// Rank returns the number of dimensions.
func (t *RankedTensorType) Rank() int { return len(t.shape) }
func (t *RankedTensorType) writeTo(sb *strings.Builder) {
	sb.WriteString("tensor<")
	writeShape(sb, t.shape, nil)
	sb.WriteString(t.Elem.String())
	if t.Encoding != nil {
		sb.WriteString(", ")
		sb.WriteString(t.Encoding.String())
	}
	sb.WriteByte('>')
}

// UnrankedTensorType is tensor<*xelem>.
type UnrankedTensorType struct {
	spelling
	Elem Type
}

// String returns the type in MLIR syntax.
func (t *UnrankedTensorType) String() string { return t.spelling.get(t) }

// ElementType implements ShapedType.
func (t *UnrankedTensorType) ElementType() Type { return t.Elem }

// HasRank implements ShapedType.
func (t *UnrankedTensorType) HasRank() bool { return false }

// Shape implements ShapedType.
func (t *UnrankedTensorType) Shape() []int64 { return nil }
func (t *UnrankedTensorType) writeTo(sb *strings.Builder) {
	sb.WriteString("tensor<*x")
	sb.WriteString(t.Elem.String())
	sb.WriteByte('>')
}

// MemRefType is memref<shape x elem[, layout][, memory space]>.
type MemRefType struct {
	spelling
	shape       []int64
	Elem        Type
	Layout      Attribute // nil for the identity layout
	MemorySpace Attribute // nil for the default space
}

// String returns the type in MLIR syntax.
func (t *MemRefType) String() string { return t.spelling.get(t) }

// ElementType implements ShapedType.
func (t *MemRefType) ElementType() Type { return t.Elem }

// HasRank implements ShapedType.
func (t *MemRefType) HasRank() bool { return true }

// Shape returns the dimension sizes. The caller must not modify the slice.
func (t *MemRefType) Shape() []int64 { return t.shape }

// Rank returns the number of dimensions.
func (t *MemRefType) Rank() int { return len(t.shape) }
func (t *MemRefType) writeTo(sb *strings.Builder) {
	sb.WriteString("memref<")
	writeShape(sb, t.shape, nil)
	sb.WriteString(t.Elem.String())
	if t.Layout != nil {
		sb.WriteString(", ")
		sb.WriteString(t.Layout.String())
	}
	if t.MemorySpace != nil {
		sb.WriteString(", ")
		writeAttrElided(sb, t.MemorySpace)
	}
	sb.WriteByte('>')
}

// UnrankedMemRefType is memref<*xelem[, memory space]>.
type UnrankedMemRefType struct {
	spelling
	Elem        Type
	MemorySpace Attribute
}

// String returns the type in MLIR syntax.
func (t *UnrankedMemRefType) String() string { return t.spelling.get(t) }

// ElementType implements ShapedType.
func (t *UnrankedMemRefType) ElementType() Type { return t.Elem }

// HasRank implements ShapedType.
func (t *UnrankedMemRefType) HasRank() bool { return false }

// Shape implements ShapedType.
func (t *UnrankedMemRefType) Shape() []int64 { return nil }
func (t *UnrankedMemRefType) writeTo(sb *strings.Builder) {
	sb.WriteString("memref<*x")
	sb.WriteString(t.Elem.String())
	if t.MemorySpace != nil {
		sb.WriteString(", ")
		writeAttrElided(sb, t.MemorySpace)
	}
	sb.WriteByte('>')
}

// VectorType is vector<4x[8]xf32>; a scalable dimension is written in brackets.
type VectorType struct {
	spelling
	shape    []int64
	scalable []bool // nil when no dimension is scalable
	Elem     Type
}

// String returns the type in MLIR syntax.
func (t *VectorType) String() string { return t.spelling.get(t) }

// ElementType implements ShapedType.
func (t *VectorType) ElementType() Type { return t.Elem }

// HasRank implements ShapedType.
func (t *VectorType) HasRank() bool { return true }

// Shape returns the dimension sizes. The caller must not modify the slice.
func (t *VectorType) Shape() []int64 { return t.shape }

// Rank returns the number of dimensions.
func (t *VectorType) Rank() int { return len(t.shape) }

// Scalable reports whether dimension i is scalable.
func (t *VectorType) Scalable(i int) bool { return t.scalable != nil && t.scalable[i] }
func (t *VectorType) writeTo(sb *strings.Builder) {
	sb.WriteString("vector<")
	writeShape(sb, t.shape, t.scalable)
	sb.WriteString(t.Elem.String())
	sb.WriteByte('>')
}

// OpaqueType is a type of a dialect tt does not model: !dialect.name<body>.
type OpaqueType struct {
	spelling
	Dialect string
	Data    string // everything after "dialect.", including any <...> body
}

// String returns the type in MLIR syntax.
func (t *OpaqueType) String() string { return t.spelling.get(t) }
func (t *OpaqueType) writeTo(sb *strings.Builder) {
	sb.WriteByte('!')
	sb.WriteString(t.Dialect)
	sb.WriteByte('.')
	sb.WriteString(t.Data)
}

func typeString(t Type) string {
	var sb strings.Builder
	t.writeTo(&sb)
	return sb.String()
}

// spelling caches a uniqued type's MLIR spelling: types are immutable, and
// printing large IR spells the same few types over and over.
type spelling struct{ s string }

func (c *spelling) get(t Type) string {
	if c.s != "" {
		return c.s
	}
	return typeString(t)
}

// cacheable is implemented by types that cache their spelling.
type cacheable interface{ setSpelling(s string) }

func (c *spelling) setSpelling(s string) { c.s = s }

func writeTypeList(sb *strings.Builder, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(t.String())
	}
}

func writeShape(sb *strings.Builder, shape []int64, scalable []bool) {
	for i, d := range shape {
		sc := scalable != nil && scalable[i]
		if sc {
			sb.WriteByte('[')
		}
		if d == Dynamic {
			sb.WriteByte('?')
		} else {
			sb.WriteString(strconv.FormatInt(d, 10))
		}
		if sc {
			sb.WriteByte(']')
		}
		sb.WriteByte('x')
	}
}

// TypeListString formats types as a comma-separated list.
func TypeListString(ts []Type) string {
	var sb strings.Builder
	writeTypeList(&sb, ts)
	return sb.String()
}

// ---- Type predicates used throughout the dialects ----

// IsFloat reports whether t is a floating-point type.
func IsFloat(t Type) bool { _, ok := t.(*FloatType); return ok }

// IsInteger reports whether t is an integer type of any signedness.
func IsInteger(t Type) bool { _, ok := t.(*IntegerType); return ok }

// IsSignlessInteger reports whether t is iN.
func IsSignlessInteger(t Type) bool {
	it, ok := t.(*IntegerType)
	return ok && it.Signedness == Signless
}

// IsIndex reports whether t is index.
func IsIndex(t Type) bool { _, ok := t.(*IndexType); return ok }

// IsIntegerOrIndex reports whether t is a signless integer or index.
func IsIntegerOrIndex(t Type) bool { return IsSignlessInteger(t) || IsIndex(t) }

// IntWidth returns the bit width of an integer type, 64 for index, 0 otherwise.
func IntWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return t.Width
	case *IndexType:
		return 64
	}
	return 0
}

// ElementTypeOrSelf returns the element type of a shaped type, or t itself.
func ElementTypeOrSelf(t Type) Type {
	if s, ok := t.(ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// NumElements returns the element count of a statically shaped type, or -1
// if any dimension is dynamic or the type is unranked.
func NumElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return -1
		}
		n *= d
	}
	return n
}

// HasStaticShape reports whether t is ranked with no dynamic dimensions.
func HasStaticShape(t Type) bool {
	s, ok := t.(ShapedType)
	return ok && s.HasRank() && NumElements(s.Shape()) >= 0
}

// ShapeString formats a shape as MLIR writes it inside a type, e.g. "4x?".
func ShapeString(shape []int64) string {
	var sb strings.Builder
	writeShape(&sb, shape, nil)
	s := sb.String()
	return strings.TrimSuffix(s, "x")
}

// mustValidShape panics if a dimension is negative and not Dynamic; shapes
// come from the parser (which checks) or from pass code.
func checkShape(shape []int64) error {
	for _, d := range shape {
		if d < 0 && d != Dynamic {
			return fmt.Errorf("invalid dimension size %d", d)
		}
	}
	return nil
}

// ElementBytes is the storage size of a scalar type in a buffer: its width
// in bytes (at least one byte; i1 is stored in a byte), 8 for index and for
// anything without a width.
func ElementBytes(t Type) int64 {
	w := 0
	switch {
	case IsIndex(t):
		return 8
	case IsFloat(t):
		if ft, ok := t.(*FloatType); ok {
			w = ft.Width()
		}
	case IsInteger(t):
		w = IntWidth(t)
	}
	if w <= 0 {
		return 8
	}
	return int64(max(1, w/8))
}

// StaticTypeBytes returns the storage size of a statically shaped tensor,
// memref or vector type (its element count times ElementBytes of its
// element type), and false when the type has a dynamic dimension or no
// shape.
func StaticTypeBytes(t Type) (int64, bool) {
	st, ok := t.(ShapedType)
	if !ok || !st.HasRank() {
		return 0, false
	}
	n := int64(1)
	for _, d := range st.Shape() {
		if d == Dynamic {
			return 0, false
		}
		n *= d
	}
	return n * ElementBytes(ElementTypeOrSelf(t)), true
}

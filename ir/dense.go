package ir

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
)

// DenseElementsAttr is dense<...> : tensor<...> (or vector<...>): a constant
// of a statically shaped type holding integer, index, i1, float or complex
// elements. A splat holds a single element standing for all of them. A
// complex element is stored as two parts, real then imaginary, in Ints or
// Floats after its part type.
type DenseElementsAttr struct {
	Type   ShapedType
	Splat  bool
	Ints   []int64   // integer, index and i1 elements (sign-extended; raw bits for unsigned)
	Floats []float64 // float elements, already rounded to the element type
}

// IsComplex reports whether the elements are complex numbers.
func (a *DenseElementsAttr) IsComplex() bool {
	_, ok := a.Type.ElementType().(*ComplexType)
	return ok
}

// partsPerElem is 2 for complex elements, else 1.
func (a *DenseElementsAttr) partsPerElem() int {
	if a.IsComplex() {
		return 2
	}
	return 1
}

// DenseFloats returns a dense float attribute; values are rounded to the
// element type. A single value, or values that are all equal, make a splat
// (as in MLIR, which stores equal elements once).
func DenseFloats(t ShapedType, values []float64) *DenseElementsAttr {
	vs := make([]float64, len(values))
	for i, v := range values {
		vs[i] = RoundToType(t.ElementType(), v)
	}
	return (&DenseElementsAttr{Type: t, Floats: vs}).canonical()
}

// DenseInts returns a dense integer attribute; a single value, or values
// that are all equal, make a splat.
func DenseInts(t ShapedType, values []int64) *DenseElementsAttr {
	vs := make([]int64, len(values))
	for i, v := range values {
		vs[i] = truncInt(t.ElementType(), v)
	}
	return (&DenseElementsAttr{Type: t, Ints: vs}).canonical()
}

// canonical turns a constant whose elements are all equal into a splat.
func (a *DenseElementsAttr) canonical() *DenseElementsAttr {
	n := len(a.Ints) + len(a.Floats)
	if n == 0 || a.Splat || !a.AllEqual() {
		return a
	}
	k := a.partsPerElem()
	a.Ints, a.Floats = a.Ints[:min(len(a.Ints), k)], a.Floats[:min(len(a.Floats), k)]
	a.Splat = a.Len() != 1
	return a
}

// Canonical returns a with equal elements stored as a splat.
func (a *DenseElementsAttr) Canonical() *DenseElementsAttr { return a.canonical() }

// AttrType returns the shaped type of the constant.
func (a *DenseElementsAttr) AttrType() Type { return a.Type }

// IsFloat reports whether the elements are floating point.
func (a *DenseElementsAttr) IsFloat() bool { return IsFloat(a.Type.ElementType()) }

// Len returns the number of elements of the type.
func (a *DenseElementsAttr) Len() int { return int(NumElements(a.Type.Shape())) }

// FloatAt returns element i as a float64 (converting integers).
func (a *DenseElementsAttr) FloatAt(i int) float64 {
	if a.Splat {
		i = 0
	}
	if a.IsFloat() {
		return a.Floats[i]
	}
	return float64(a.Ints[i])
}

// IntAt returns element i as an int64 (truncating floats).
func (a *DenseElementsAttr) IntAt(i int) int64 {
	if a.Splat {
		i = 0
	}
	if a.IsFloat() {
		return int64(a.Floats[i])
	}
	return a.Ints[i]
}

// SplatValue returns the element as a scalar attribute when the constant is a
// splat (or has one element), else nil.
func (a *DenseElementsAttr) SplatValue() Attribute {
	if (!a.Splat && a.Len() != 1) || a.IsComplex() {
		return nil // there is no scalar complex attribute
	}
	et := a.Type.ElementType()
	if a.IsFloat() {
		return &FloatAttr{Type: et, Value: a.Floats[0]}
	}
	return &IntegerAttr{Type: et, Val: a.Ints[0]}
}

// AllEqual reports whether every element equals the first (true for splats).
func (a *DenseElementsAttr) AllEqual() bool {
	if a.Splat {
		return true
	}
	k := a.partsPerElem()
	for i := range a.Floats {
		if math.Float64bits(a.Floats[i]) != math.Float64bits(a.Floats[i%k]) {
			return false
		}
	}
	for i := range a.Ints {
		if a.Ints[i] != a.Ints[i%k] {
			return false
		}
	}
	return true
}

// hexThreshold is the element count above which MLIR prints dense constants
// as a hex string.
const hexThreshold = 100

// String returns the attribute in MLIR syntax.
func (a *DenseElementsAttr) String() string { return attrString(a) }
func (a *DenseElementsAttr) writeTo(sb *strings.Builder) {
	sb.WriteString("dense<")
	n := a.Len()
	switch {
	case a.Splat || n == 1:
		a.writeElem(sb, 0)
	case n == 0:
	case n > hexThreshold && a.hexWidth() > 0:
		sb.WriteByte('"')
		sb.WriteString(a.HexString())
		sb.WriteByte('"')
	default:
		a.writeNested(sb, a.Type.Shape(), 0)
	}
	sb.WriteString("> : ")
	a.Type.writeTo(sb)
}

// writeNested writes elements [off, off+prod(shape)) as nested lists.
func (a *DenseElementsAttr) writeNested(sb *strings.Builder, shape []int64, off int) {
	if len(shape) == 0 {
		a.writeElem(sb, off)
		return
	}
	stride := int(NumElements(shape[1:]))
	sb.WriteByte('[')
	for i := 0; i < int(shape[0]); i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		a.writeNested(sb, shape[1:], off+i*stride)
	}
	sb.WriteByte(']')
}

func (a *DenseElementsAttr) writeElem(sb *strings.Builder, i int) {
	et := a.Type.ElementType()
	if ct, ok := et.(*ComplexType); ok {
		// (re,im) without a space, as MLIR prints them.
		sb.WriteByte('(')
		for j := 2 * i; j < 2*i+2; j++ {
			if j > 2*i {
				sb.WriteByte(',')
			}
			if IsFloat(ct.Elem) {
				sb.WriteString(FormatFloat(a.Floats[j], ct.Elem))
			} else {
				sb.WriteString((&IntegerAttr{Type: ct.Elem, Val: a.Ints[j]}).ValueString())
			}
		}
		sb.WriteByte(')')
		return
	}
	if a.IsFloat() {
		sb.WriteString(FormatFloat(a.Floats[i], et))
		return
	}
	sb.WriteString((&IntegerAttr{Type: et, Val: a.Ints[i]}).ValueString())
}

// hexWidth returns the byte width of one element in MLIR's raw buffer, or 0
// when the hex form is not used (i1 elements are bit-packed; we print lists).
func (a *DenseElementsAttr) hexWidth() int {
	et := a.Type.ElementType()
	if a.IsComplex() {
		return 0 // printed as lists of (re,im)
	}
	if ft, ok := et.(*FloatType); ok {
		switch ft.Kind {
		case F16, BF16, F32, F64:
			return ft.Width() / 8
		}
		return 0
	}
	w := IntWidth(et)
	if w < 8 || w%8 != 0 || w > 64 {
		return 0
	}
	return w / 8
}

// HexString returns the raw little-endian element data as "0x..." (upper case),
// the form MLIR prints for large constants.
func (a *DenseElementsAttr) HexString() string {
	w := a.hexWidth()
	n := a.Len()
	buf := make([]byte, 0, n*w)
	var tmp [8]byte
	for i := 0; i < n; i++ {
		var bits uint64
		if a.IsFloat() {
			bits = FloatBits(a.Type.ElementType(), a.FloatAt(i))
		} else {
			bits = uint64(a.IntAt(i))
		}
		binary.LittleEndian.PutUint64(tmp[:], bits)
		buf = append(buf, tmp[:w]...)
	}
	return "0x" + strings.ToUpper(hexEncode(buf))
}

func hexEncode(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i] = digits[c>>4]
		out[2*i+1] = digits[c&15]
	}
	return string(out)
}

// DenseFromHex decodes MLIR's hex form of a dense constant of type t. It
// reports an error message (MLIR's wording) when the data does not fit.
func DenseFromHex(t ShapedType, hex string) (*DenseElementsAttr, string) {
	if !strings.HasPrefix(hex, "0x") {
		return nil, "elements hex string should start with '0x'"
	}
	hex = hex[2:]
	if len(hex)%2 != 0 {
		return nil, "elements hex string only contains hex digits"
	}
	data := make([]byte, len(hex)/2)
	for i := range data {
		v, err := strconv.ParseUint(hex[2*i:2*i+2], 16, 8)
		if err != nil {
			return nil, "elements hex string only contains hex digits"
		}
		data[i] = byte(v)
	}
	a := &DenseElementsAttr{Type: t}
	n := a.Len()
	et := t.ElementType()
	if IntWidth(et) == 1 && IsInteger(et) {
		return denseBitsFromBytes(a, data, n)
	}
	w := a.hexWidth()
	if w == 0 {
		return nil, "hex dense elements are not supported for element type " + et.String()
	}
	switch {
	case len(data) == w && n != 1:
		a.Splat = true
		n = 1
	case len(data) != n*w:
		return nil, "elements hex data size is invalid for provided type"
	}
	var tmp [8]byte
	for i := 0; i < n; i++ {
		clear(tmp[:])
		copy(tmp[:], data[i*w:(i+1)*w])
		bits := binary.LittleEndian.Uint64(tmp[:])
		if a.IsFloat() {
			a.Floats = append(a.Floats, FloatFromBits(et, bits))
		} else {
			a.Ints = append(a.Ints, truncInt(et, int64(bits)))
		}
	}
	return a, ""
}

// denseBitsFromBytes decodes bit-packed i1 data (MLIR's raw form for i1).
func denseBitsFromBytes(a *DenseElementsAttr, data []byte, n int) (*DenseElementsAttr, string) {
	switch {
	case len(data) == 1 && n != 1 && (data[0] == 0 || data[0] == 0xff):
		a.Splat = true
		a.Ints = []int64{int64(data[0] & 1)}
		return a, ""
	case len(data) != (n+7)/8:
		return nil, "elements hex data size is invalid for provided type"
	}
	for i := 0; i < n; i++ {
		a.Ints = append(a.Ints, int64(data[i/8]>>(i%8)&1))
	}
	return a, ""
}

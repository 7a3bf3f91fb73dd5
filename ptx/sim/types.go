package sim

// Type is a PTX fundamental type as the simulator computes with it.
// Register values of every type are held in the low bits of a uint64.
type Type uint8

// The PTX types.
const (
	TNone Type = iota
	TB8
	TB16
	TB32
	TB64
	TB128
	TU8
	TU16
	TU32
	TU64
	TS8
	TS16
	TS32
	TS64
	TF16
	TF16x2
	TBF16
	TBF16x2
	TTF32
	TF32
	TF64
	TPred
	numTypes
)

var typeNames = [...]string{"", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
	"s8", "s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "tf32", "f32", "f64", "pred"}

// String returns the PTX spelling without the dot.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// typeByName maps a PTX type name (without the dot) to its Type.
func typeByName(s string) Type {
	for i, n := range typeNames {
		if n == s && i > 0 {
			return Type(i)
		}
	}
	return TNone
}

// Bits is the width of a value of type t (1 for predicates).
func (t Type) Bits() int {
	switch t {
	case TB8, TU8, TS8:
		return 8
	case TB16, TU16, TS16, TF16, TBF16:
		return 16
	case TB32, TU32, TS32, TF32, TF16x2, TBF16x2, TTF32:
		return 32
	case TB64, TU64, TS64, TF64:
		return 64
	case TB128:
		return 128
	case TPred:
		return 1
	}
	return 0
}

// Bytes is the size of t in memory.
func (t Type) Bytes() int {
	if t == TPred {
		return 1
	}
	return t.Bits() / 8
}

// IsSigned reports an .sN type.
func (t Type) IsSigned() bool { return t >= TS8 && t <= TS64 }

// IsFloat reports a floating-point type (packed pairs included).
func (t Type) IsFloat() bool { return t >= TF16 && t <= TF64 }

// IsInt reports a .bN, .uN or .sN type.
func (t Type) IsInt() bool { return t >= TB8 && t <= TS64 }

// mask returns the low-bits mask of t's width.
func (t Type) mask() uint64 {
	b := t.Bits()
	if b >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(b) - 1
}

// sext sign-extends the low n bits of x.
func sext(x uint64, n int) int64 {
	if n >= 64 {
		return int64(x)
	}
	s := uint(64 - n)
	return int64(x<<s) >> s
}

package ptx

// Type is a PTX fundamental type (.u32, .f16x2, .pred, ...).
type Type uint8

// The PTX types. TypeNone is "no type".
const (
	TypeNone Type = iota
	Pred
	B8
	B16
	B32
	B64
	B128
	U8
	U16
	U32
	U64
	S8
	S16
	S32
	S64
	F16
	F16x2
	BF16
	BF16x2
	TF32
	F32
	F64
	numTypes
)

// TypeClass is the family of a type.
type TypeClass uint8

// Type classes.
const (
	ClassNone TypeClass = iota
	ClassPred
	ClassBits
	ClassUnsigned
	ClassSigned
	ClassFloat
)

var typeInfo = [numTypes]struct {
	name  string
	bits  int
	class TypeClass
}{
	TypeNone: {"", 0, ClassNone},
	Pred:     {"pred", 1, ClassPred},
	B8:       {"b8", 8, ClassBits},
	B16:      {"b16", 16, ClassBits},
	B32:      {"b32", 32, ClassBits},
	B64:      {"b64", 64, ClassBits},
	B128:     {"b128", 128, ClassBits},
	U8:       {"u8", 8, ClassUnsigned},
	U16:      {"u16", 16, ClassUnsigned},
	U32:      {"u32", 32, ClassUnsigned},
	U64:      {"u64", 64, ClassUnsigned},
	S8:       {"s8", 8, ClassSigned},
	S16:      {"s16", 16, ClassSigned},
	S32:      {"s32", 32, ClassSigned},
	S64:      {"s64", 64, ClassSigned},
	F16:      {"f16", 16, ClassFloat},
	F16x2:    {"f16x2", 32, ClassFloat},
	BF16:     {"bf16", 16, ClassFloat},
	BF16x2:   {"bf16x2", 32, ClassFloat},
	TF32:     {"tf32", 32, ClassFloat},
	F32:      {"f32", 32, ClassFloat},
	F64:      {"f64", 64, ClassFloat},
}

// String returns the type's name without the dot ("u32").
func (t Type) String() string {
	if t < numTypes {
		return typeInfo[t].name
	}
	return "?"
}

// Bits returns the width of the type in bits (1 for .pred).
func (t Type) Bits() int {
	if t < numTypes {
		return typeInfo[t].bits
	}
	return 0
}

// Class returns the type's family.
func (t Type) Class() TypeClass {
	if t < numTypes {
		return typeInfo[t].class
	}
	return ClassNone
}

// IsInt reports whether t is a signed or unsigned integer type.
func (t Type) IsInt() bool { c := t.Class(); return c == ClassSigned || c == ClassUnsigned }

// IsFloat reports whether t is a floating-point type (f16x2 and bf16x2
// included).
func (t Type) IsFloat() bool { return t.Class() == ClassFloat }

// TypeByName returns the type named s (without the dot), or TypeNone.
func TypeByName(s string) Type {
	for t := Pred; t < numTypes; t++ {
		if typeInfo[t].name == s {
			return t
		}
	}
	return TypeNone
}

// StateSpace is a PTX state space.
type StateSpace uint8

// State spaces. SpaceGeneric is the absence of a state space on a memory
// instruction (a generic address).
const (
	SpaceGeneric StateSpace = iota
	SpaceReg
	SpaceSreg
	SpaceConst
	SpaceGlobal
	SpaceLocal
	SpaceParam
	SpaceShared
	SpaceTex
	numSpaces
)

var spaceNames = [numSpaces]string{"", ".reg", ".sreg", ".const", ".global", ".local", ".param", ".shared", ".tex"}

// String returns the directive (".shared"), or "" for SpaceGeneric.
func (s StateSpace) String() string {
	if s < numSpaces {
		return spaceNames[s]
	}
	return "?"
}

// SpecialReg is a PTX special register (%tid, %laneid, %clock64, ...).
// Those with components (%tid.x) carry the component in Operand.Comp.
type SpecialReg uint8

// Special registers.
const (
	SRegNone SpecialReg = iota
	SRegTid
	SRegNtid
	SRegCtaid
	SRegNctaid
	SRegLaneid
	SRegWarpid
	SRegNwarpid
	SRegSmid
	SRegNsmid
	SRegGridid
	SRegClock
	SRegClockHi
	SRegClock64
	SRegGlobaltimer
	SRegGlobaltimerLo
	SRegGlobaltimerHi
	SRegLanemaskEq
	SRegLanemaskLe
	SRegLanemaskLt
	SRegLanemaskGe
	SRegLanemaskGt
	SRegDynamicSmemSize
	SRegTotalSmemSize
	numSRegs
)

var sregInfo = [numSRegs]struct {
	name string
	// vector is true for the registers read by component (%tid.x).
	vector bool
	typ    Type
	minPTX Version
	minSM  int
}{
	SRegTid:             {"%tid", true, U32, Version{1, 0}, 10},
	SRegNtid:            {"%ntid", true, U32, Version{1, 0}, 10},
	SRegCtaid:           {"%ctaid", true, U32, Version{1, 0}, 10},
	SRegNctaid:          {"%nctaid", true, U32, Version{1, 0}, 10},
	SRegLaneid:          {"%laneid", false, U32, Version{1, 3}, 10},
	SRegWarpid:          {"%warpid", false, U32, Version{1, 3}, 10},
	SRegNwarpid:         {"%nwarpid", false, U32, Version{2, 0}, 20},
	SRegSmid:            {"%smid", false, U32, Version{1, 3}, 10},
	SRegNsmid:           {"%nsmid", false, U32, Version{2, 0}, 20},
	SRegGridid:          {"%gridid", false, U64, Version{3, 0}, 10},
	SRegClock:           {"%clock", false, U32, Version{1, 0}, 10},
	SRegClockHi:         {"%clock_hi", false, U32, Version{5, 0}, 20},
	SRegClock64:         {"%clock64", false, U64, Version{2, 0}, 20},
	SRegGlobaltimer:     {"%globaltimer", false, U64, Version{3, 1}, 30},
	SRegGlobaltimerLo:   {"%globaltimer_lo", false, U32, Version{3, 1}, 30},
	SRegGlobaltimerHi:   {"%globaltimer_hi", false, U32, Version{3, 1}, 30},
	SRegLanemaskEq:      {"%lanemask_eq", false, U32, Version{2, 0}, 20},
	SRegLanemaskLe:      {"%lanemask_le", false, U32, Version{2, 0}, 20},
	SRegLanemaskLt:      {"%lanemask_lt", false, U32, Version{2, 0}, 20},
	SRegLanemaskGe:      {"%lanemask_ge", false, U32, Version{2, 0}, 20},
	SRegLanemaskGt:      {"%lanemask_gt", false, U32, Version{2, 0}, 20},
	SRegDynamicSmemSize: {"%dynamic_smem_size", false, U32, Version{4, 1}, 20},
	SRegTotalSmemSize:   {"%total_smem_size", false, U32, Version{4, 1}, 20},
}

// String returns the register's name with its percent sign ("%tid").
func (s SpecialReg) String() string {
	if s < numSRegs {
		return sregInfo[s].name
	}
	return "?"
}

// IsVector reports whether the register is read by component (%tid.x).
func (s SpecialReg) IsVector() bool { return s < numSRegs && sregInfo[s].vector }

// Type returns the register's type (.u32 or .u64; a vector register's
// components are .u32).
func (s SpecialReg) Type() Type {
	if s < numSRegs {
		return sregInfo[s].typ
	}
	return TypeNone
}

// SpecialRegByName returns the special register named s ("%tid"), or
// SRegNone.
func SpecialRegByName(s string) SpecialReg {
	for r := SRegTid; r < numSRegs; r++ {
		if sregInfo[r].name == s {
			return r
		}
	}
	return SRegNone
}
